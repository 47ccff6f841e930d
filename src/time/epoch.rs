//! Epoch systems other than Unix time (SPEC 8.1): counts of a unit since an
//! origin, and Snowflake IDs. Read and written exactly, in `i128`
//! nanoseconds: a count whose fraction does not land on a whole nanosecond
//! is refused, never rounded.
//!
//! Not yet here (SPEC 8.1): `excel` and `excel1904` (wall-clock serials,
//! with Excel's fictitious 1900-02-29) and `gps` (which needs the leap-second
//! table).

use jiff::Timestamp;

use super::TimeError;

const SECOND: i128 = 1_000_000_000;
const DAY: i128 = 86_400 * SECOND;

/// A count of `unit` nanoseconds since `origin` (nanoseconds since the Unix
/// epoch).
#[derive(Debug, PartialEq, Eq)]
pub struct Count {
    /// The name of the `epoch` parameter and of the `format` preset.
    pub name: &'static str,
    /// Nanoseconds per count.
    unit: i128,
    /// The instant of count 0, in nanoseconds since the Unix epoch.
    origin: i128,
    /// Whether a count may have a fraction.
    fractions: bool,
    /// Fraction digits written: 9 for seconds (exact), 11 for days (SPEC 8.1:
    /// truncated toward the past), 0 for whole counts.
    written_digits: u32,
}

/// Every count system of SPEC 8.1 but Unix time itself, Excel's and GPS.
pub const COUNTS: [Count; 8] = [
    Count { name: "filetime", unit: 100, origin: -11_644_473_600 * SECOND, fractions: false, written_digits: 0 },
    Count { name: "webkit", unit: 1_000, origin: -11_644_473_600 * SECOND, fractions: false, written_digits: 0 },
    Count { name: "dotnet", unit: 100, origin: -62_135_596_800 * SECOND, fractions: false, written_digits: 0 },
    Count { name: "cocoa", unit: SECOND, origin: 978_307_200 * SECOND, fractions: true, written_digits: 9 },
    Count { name: "hfs", unit: SECOND, origin: -2_082_844_800 * SECOND, fractions: false, written_digits: 0 },
    Count { name: "ntp", unit: SECOND, origin: -2_208_988_800 * SECOND, fractions: true, written_digits: 9 },
    // Julian Day 0 is -4713-11-24T12:00:00Z; the Unix epoch is JD 2440587.5.
    Count { name: "julian_day", unit: DAY, origin: -2_440_587 * DAY - DAY / 2, fractions: true, written_digits: 11 },
    Count { name: "mjd", unit: DAY, origin: -40_587 * DAY, fractions: true, written_digits: 11 },
];

/// A Snowflake scheme: milliseconds since `epoch_ms` (Unix milliseconds) in
/// the bits above the low 22.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snowflake {
    pub epoch_ms: i64,
}

impl Snowflake {
    pub const DISCORD: Snowflake = Snowflake { epoch_ms: 1_420_070_400_000 };
    pub const TWITTER: Snowflake = Snowflake { epoch_ms: 1_288_834_974_657 };

    /// The instant an ID carries.
    pub fn read(self, text: &str) -> Result<Timestamp, TimeError> {
        let id: u64 = text.parse().map_err(|_| {
            TimeError::invalid(format!("{text:?} is not a Snowflake ID: one is a whole number from 0 to {}", u64::MAX))
        })?;
        let ms = i64::try_from(id >> 22).unwrap_or(i64::MAX).saturating_add(self.epoch_ms);
        Timestamp::from_millisecond(ms).map_err(|_| TimeError::invalid(format!("{text:?} lands beyond year 9999")))
    }

    /// The smallest ID whose time is `instant` (floored to the millisecond):
    /// the page boundary of a `before`/`after` query. `None` before the
    /// scheme's epoch or past its 42 bits of milliseconds.
    pub fn first_id(self, instant: Timestamp) -> Option<u64> {
        let since = instant.as_millisecond().checked_sub(self.epoch_ms)?;
        let since = u64::try_from(since).ok().filter(|ms| *ms < 1 << 42)?;
        Some(since << 22)
    }
}

impl Count {
    /// The instant a count written in decimal stands for.
    pub fn read(&self, text: &str) -> Result<Timestamp, TimeError> {
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (integer, fraction) = body.split_once('.').unwrap_or((body, ""));
        let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(integer) || !(fraction.is_empty() || digits(fraction)) || body.ends_with('.') {
            return Err(TimeError::invalid(format!(
                "{text:?} is not a {} count: write a decimal number such as 1700000000",
                self.name
            )));
        }
        let fraction = fraction.trim_end_matches('0');
        if !fraction.is_empty() && !self.fractions {
            return Err(TimeError::invalid(format!("{text} has a fraction, but {} counts whole units", self.name)));
        }
        let out_of_range = || self.out_of_range(text);
        // The value times 10^d, then times the unit: exact in i128, or beyond any year.
        let scale = u32::try_from(fraction.len()).ok().and_then(|d| 10i128.checked_pow(d)).ok_or_else(out_of_range)?;
        let digits = [integer, fraction].concat();
        let digits = digits.trim_start_matches('0');
        let scaled = if digits.is_empty() { 0 } else { digits.parse::<i128>().map_err(|_| out_of_range())? };
        let nanos_times_scale = scaled.checked_mul(self.unit).ok_or_else(out_of_range)?;
        if nanos_times_scale % scale != 0 {
            return Err(TimeError::invalid(format!(
                "{text} in {} does not land on a whole nanosecond (nothing is rounded)",
                self.name
            )));
        }
        let since = nanos_times_scale / scale;
        let nanos = if negative { self.origin - since } else { self.origin + since };
        Timestamp::from_nanosecond(nanos).map_err(|_| out_of_range())
    }

    /// `instant` as a count, floored to what the system writes.
    pub fn write(&self, instant: Timestamp) -> String {
        let since = instant.as_nanosecond() - self.origin;
        let digits = self.written_digits;
        // The count times 10^digits, floored: toward the past for negatives too.
        let scaled = (since * 10i128.pow(digits)).div_euclid(self.unit);
        let mut text = String::with_capacity(24);
        if scaled < 0 {
            text.push('-');
        }
        let magnitude = scaled.unsigned_abs();
        let divisor = 10u128.pow(digits);
        text.push_str(itoa::Buffer::new().format(magnitude / divisor));
        if digits > 0 {
            let fraction = format!("{:0width$}", magnitude % divisor, width = digits as usize);
            // Seconds are written exactly, without trailing zeros; days
            // always with their 11 digits.
            let fraction = if self.unit == SECOND { fraction.trim_end_matches('0') } else { &fraction };
            if !fraction.is_empty() {
                text.push('.');
                text.push_str(fraction);
            }
        }
        text
    }

    fn out_of_range(&self, text: &str) -> TimeError {
        TimeError::OutOfRange {
            message: format!(
                "{text} in {} lands outside the supported range, years -9999 to 9999 ({} to {})",
                self.name,
                Timestamp::MIN,
                Timestamp::MAX
            ),
        }
    }
}

/// The count system of this name.
pub fn count(name: &str) -> Option<&'static Count> {
    COUNTS.iter().find(|count| count.name == name)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn system(name: &str) -> &'static Count {
        count(name).unwrap()
    }

    /// Published values: each system's count at the Unix epoch, and at its
    /// own origin.
    #[test]
    fn published_values_read_as_their_instants() {
        for (name, text, instant) in [
            ("filetime", "116444736000000000", "1970-01-01T00:00:00Z"),
            ("webkit", "11644473600000000", "1970-01-01T00:00:00Z"),
            ("dotnet", "621355968000000000", "1970-01-01T00:00:00Z"),
            ("cocoa", "-978307200", "1970-01-01T00:00:00Z"),
            ("cocoa", "0", "2001-01-01T00:00:00Z"),
            ("hfs", "2082844800", "1970-01-01T00:00:00Z"),
            ("ntp", "2208988800", "1970-01-01T00:00:00Z"),
            ("ntp", "3908332800.5", "2023-11-07T08:00:00.5Z"),
            ("julian_day", "2440587.5", "1970-01-01T00:00:00Z"),
            ("julian_day", "2451545", "2000-01-01T12:00:00Z"),
            ("julian_day", "0", "-004713-11-24T12:00:00Z"),
            ("mjd", "40587", "1970-01-01T00:00:00Z"),
            ("mjd", "0", "1858-11-17T00:00:00Z"),
            ("mjd", "60000.25", "2023-02-25T06:00:00Z"),
        ] {
            let read = system(name).read(text).unwrap_or_else(|e| panic!("{name} {text}: {e}"));
            assert_eq!(read, instant.parse::<Timestamp>().unwrap(), "{name} {text}");
        }
    }

    #[test]
    fn snowflakes_read_their_milliseconds() {
        // Discord's documentation example and Twitter's first Snowflake era.
        let discord = Snowflake::DISCORD.read("175928847299117063").unwrap();
        assert_eq!(discord, "2016-04-30T11:18:25.796Z".parse::<Timestamp>().unwrap());
        assert_eq!(Snowflake::TWITTER.read("0").unwrap().as_millisecond(), 1_288_834_974_657);
        assert_eq!(Snowflake::DISCORD.first_id(discord), Some(175928847299117063 >> 22 << 22));
        assert_eq!(Snowflake::DISCORD.first_id(Timestamp::UNIX_EPOCH), None, "before Discord's epoch");
        assert!(Snowflake::DISCORD.read("-1").is_err());
        assert!(Snowflake::DISCORD.read("18446744073709551616").is_err());
    }

    #[test]
    fn nothing_is_rounded() {
        // 100 ns units: a fraction is refused; seconds: a tenth of a nanosecond is.
        assert!(system("filetime").read("116444736000000000.5").is_err());
        assert!(system("hfs").read("1.5").is_err());
        assert!(system("ntp").read("2208988800.0000000001").is_err());
        assert_eq!(system("ntp").read("2208988800.000000001").unwrap().as_nanosecond(), 1);
        // A day is 86,400 s: 1e-13 day is 8.64 ns, not whole; 1e-11 day is 864 ns.
        assert!(system("mjd").read("40587.0000000000001").is_err());
        assert_eq!(system("mjd").read("40587.00000000001").unwrap().as_nanosecond(), 864);
        // Trailing zeros are no finer than the digits before them.
        assert_eq!(system("hfs").read("2082844800.000").unwrap(), Timestamp::UNIX_EPOCH);
    }

    #[test]
    fn malformed_and_out_of_range_counts_are_refused() {
        for bad in ["", "-", "1e9", "1.", ".5", "0x10", "1 000", "１"] {
            assert!(matches!(system("ntp").read(bad), Err(TimeError::InvalidTimestamp { .. })), "{bad:?}");
        }
        for far in ["999999999999999999999999999999", "-999999999999", &"9".repeat(60)] {
            assert!(matches!(system("ntp").read(far), Err(TimeError::OutOfRange { .. })), "{far}");
        }
    }

    #[test]
    fn writing_floors_toward_the_past() {
        let just_before = Timestamp::from_nanosecond(-1).unwrap();
        assert_eq!(system("filetime").write(Timestamp::UNIX_EPOCH), "116444736000000000");
        assert_eq!(system("filetime").write(just_before), "116444735999999999");
        assert_eq!(system("cocoa").write(Timestamp::UNIX_EPOCH), "-978307200");
        assert_eq!(system("cocoa").write(just_before), "-978307200.000000001");
        assert_eq!(system("julian_day").write(Timestamp::UNIX_EPOCH), "2440587.50000000000");
        assert_eq!(system("mjd").write(just_before), "40586.99999999999");
    }

    proptest! {
        /// Any instant in range, written in a system, reads back to itself
        /// floored to what the system writes.
        #[test]
        fn every_instant_reads_back_from_its_count(nanos in Timestamp::MIN.as_nanosecond()..=Timestamp::MAX.as_nanosecond()) {
            let instant = Timestamp::from_nanosecond(nanos).unwrap();
            for system in &COUNTS {
                let written = system.write(instant);
                let read = system.read(&written).unwrap();
                // The step written: the unit, one nanosecond for seconds, 864 ns for days.
                let step = system.unit / 10i128.pow(system.written_digits);
                let floored = (nanos - system.origin).div_euclid(step) * step + system.origin;
                prop_assert_eq!(read.as_nanosecond(), floored, "{} {}", system.name, written);
            }
        }
    }
}
