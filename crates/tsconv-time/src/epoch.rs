//! Epoch systems other than Unix time: counts of a unit since an
//! origin, Excel's serial dates, GPS time and Snowflake IDs. Read and
//! written exactly, in `i128` nanoseconds: a count whose fraction does not
//! land on a whole nanosecond is refused, never rounded.

use std::borrow::Cow;

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::Offset;

use crate::error::TimeError;
use crate::id::{IdFields, Snowflake};
use crate::leap;
use crate::local::{Disambiguation, resolve_local};
use crate::zone::Zone;

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
    /// Fraction digits written: 9 for seconds (exact), 11 for days (
    /// truncated toward the past), 0 for whole counts.
    written_digits: u32,
    /// The counts the system can hold, where it is narrower than the years
    /// -9999 to 9999 (HFS+ is an unsigned 32-bit count).
    range: Option<(i128, i128)>,
}

const FILETIME: Count = Count::whole("filetime", 100, -11_644_473_600);
const WEBKIT: Count = Count::whole("webkit", 1_000, -11_644_473_600);
const DOTNET: Count = Count::whole("dotnet", 100, -62_135_596_800);
const COCOA: Count = Count::seconds("cocoa", 978_307_200);
const HFS: Count = Count { range: Some((0, u32::MAX as i128)), ..Count::whole("hfs", SECOND, -2_082_844_800) };
const NTP: Count = Count::seconds("ntp", -2_208_988_800);
// Julian Day 0 is -4713-11-24T12:00:00Z; the Unix epoch is JD 2440587.5.
const JULIAN_DAY: Count = Count::days("julian_day", -2_440_587 * DAY - DAY / 2);
const MJD: Count = Count::days("mjd", -40_587 * DAY);

impl Count {
    const fn whole(name: &'static str, unit: i128, origin_seconds: i128) -> Count {
        Count { name, unit, origin: origin_seconds * SECOND, fractions: false, written_digits: 0, range: None }
    }

    const fn seconds(name: &'static str, origin_seconds: i128) -> Count {
        Count { fractions: true, written_digits: 9, ..Count::whole(name, SECOND, origin_seconds) }
    }

    const fn days(name: &'static str, origin: i128) -> Count {
        Count { name, unit: DAY, origin, fractions: true, written_digits: 11, range: None }
    }

    /// The instant a count written in decimal stands for.
    pub fn read(&self, text: &str) -> Result<Timestamp, TimeError> {
        let since = count_nanos(text, self.name, self.unit, self.fractions)?;
        if let Some((low, high)) = self.range
            && !(low * self.unit..=high * self.unit).contains(&since)
        {
            return Err(TimeError::NotInEpoch { message: self.cannot_hold(text) });
        }
        Timestamp::from_nanosecond(self.origin + since).map_err(|_| out_of_range(text, self.name))
    }

    /// `instant` as a count, floored to what the system writes.
    pub fn write(&self, instant: Timestamp) -> Result<String, TimeError> {
        let since = instant.as_nanosecond() - self.origin;
        if let Some((low, high)) = self.range
            && !(low..=high).contains(&since.div_euclid(self.unit))
        {
            return Err(TimeError::OutOfRange { message: self.cannot_hold(&instant.to_string()) });
        }
        Ok(write_count(since, self.unit, self.written_digits))
    }

    fn cannot_hold(&self, what: &str) -> String {
        let (low, high) = self.range.unwrap_or((0, 0));
        let at = |count: i128| {
            Timestamp::from_nanosecond(self.origin + count * self.unit).map(|t| t.to_string()).unwrap_or_default()
        };
        format!("{what} is outside what {} can hold: {} to {}", self.name, at(low), at(high))
    }
}

/// Nanoseconds a signed decimal count of `unit` stands for, exactly.
fn count_nanos(text: &str, name: &str, unit: i128, fractions: bool) -> Result<i128, TimeError> {
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (integer, fraction) = body.split_once('.').unwrap_or((body, ""));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(integer) || !(fraction.is_empty() || digits(fraction)) || body.ends_with('.') {
        return Err(TimeError::invalid(format!(
            "{text:?} is not a decimal number, which epoch {name} needs: write e.g. 1700000000 or 45244.5"
        )));
    }
    let fraction = fraction.trim_end_matches('0');
    if !fraction.is_empty() && !fractions {
        return Err(TimeError::invalid(format!("{text} has a fraction, but {name} counts whole units")));
    }
    let out_of_range = || out_of_range(text, name);
    // The value times 10^d, then times the unit: exact in i128, or beyond any year.
    let scale = u32::try_from(fraction.len()).ok().and_then(|d| 10i128.checked_pow(d)).ok_or_else(out_of_range)?;
    let digits = [integer, fraction].concat();
    let digits = digits.trim_start_matches('0');
    let scaled = if digits.is_empty() { 0 } else { digits.parse::<i128>().map_err(|_| out_of_range())? };
    let nanos_times_scale = scaled.checked_mul(unit).ok_or_else(out_of_range)?;
    if nanos_times_scale % scale != 0 {
        return Err(TimeError::invalid(format!(
            "{text} in {name} does not land on a whole nanosecond (nothing is rounded)"
        )));
    }
    let since = nanos_times_scale / scale;
    Ok(if negative { -since } else { since })
}

/// `since` nanoseconds as a decimal count of `unit` with `digits` fraction
/// digits, floored (toward the past for negatives too). Seconds are written
/// exactly, without trailing zeros; days always with their 11 digits.
fn write_count(since: i128, unit: i128, digits: u32) -> String {
    let scaled = (since * 10i128.pow(digits)).div_euclid(unit);
    let mut text = String::with_capacity(24);
    if scaled < 0 {
        text.push('-');
    }
    let magnitude = scaled.unsigned_abs();
    let divisor = 10u128.pow(digits);
    text.push_str(itoa::Buffer::new().format(magnitude / divisor));
    let fraction = magnitude % divisor;
    // Seconds are written without trailing zeros (and without a point when whole).
    if digits > 0 && !(unit == SECOND && fraction == 0) {
        let mut buffer = itoa::Buffer::new();
        let written = buffer.format(fraction);
        text.push('.');
        for _ in written.len()..digits as usize {
            text.push('0');
        }
        text.push_str(if unit == SECOND { written.trim_end_matches('0') } else { written });
    }
    text
}

fn out_of_range(text: &str, name: &str) -> TimeError {
    TimeError::OutOfRange {
        message: format!(
            "{text} in {name} lands outside the supported range, years -9999 to 9999 ({} to {})",
            Timestamp::MIN,
            Timestamp::MAX
        ),
    }
}

/// One of Excel's date systems: serial days of wall-clock time since a
/// civil date, read and written in `timezone`.
#[derive(Debug, PartialEq, Eq)]
pub struct Excel {
    pub name: &'static str,
    /// The wall-clock date-time of serial 0.
    zero: DateTime,
    /// The 1900 system, with Lotus 1-2-3's fictitious 1900-02-29 (serial 60).
    lotus: bool,
}

const EXCEL: Excel = Excel { name: "excel", zero: jiff::civil::date(1899, 12, 30).at(0, 0, 0, 0), lotus: true };
const EXCEL_1904: Excel = Excel { name: "excel1904", zero: jiff::civil::date(1904, 1, 1).at(0, 0, 0, 0), lotus: false };

impl Excel {
    /// The instant of a serial, read as a wall-clock time in `zone`; with
    /// the note of a DST gap or fold.
    fn read(
        &self,
        text: &str,
        zone: &Zone,
        disambiguation: Disambiguation,
    ) -> Result<(Timestamp, Option<String>), TimeError> {
        let mut since = count_nanos(text, self.name, DAY, true)?;
        if self.lotus {
            if since < DAY {
                return Err(TimeError::NotInEpoch {
                    message: format!(
                        "Excel serial {text} is below 1: such a value is a time of day without a date (serial 1 is \
                     1900-01-01); format the cell as a date and time before copying it"
                    ),
                });
            }
            if (60 * DAY..61 * DAY).contains(&since) {
                return Err(TimeError::NotInEpoch {
                    message: format!(
                        "Excel serial {text} is 1900-02-29, a day that never existed: Excel keeps it for Lotus 1-2-3 \
                     compatibility; serial 59 is 1900-02-28 and 61 is 1900-03-01"
                    ),
                });
            }
            // Serials below 61 count from 1899-12-31, before the fictitious day.
            if since < 60 * DAY {
                since += DAY;
            }
        } else if since < 0 {
            return Err(TimeError::NotInEpoch {
                message: format!("Excel 1904 serial {text} is negative: the 1904 date system starts at 1904-01-01"),
            });
        }
        let wall = wall_clock(self.zero, since).ok_or_else(|| out_of_range(text, self.name))?;
        resolve_local(text, wall, zone, disambiguation)
    }

    /// `instant` as a serial of its wall-clock time `wall` in `zone`.
    fn write(&self, instant: Timestamp, zone: &Zone, wall: DateTime) -> Result<String, TimeError> {
        let edge = |_| out_of_range(&instant.to_string(), self.name);
        let wall = Offset::UTC.to_timestamp(wall).map_err(edge)?;
        let zero = Offset::UTC.to_timestamp(self.zero).map_err(edge)?;
        let mut since = wall.as_nanosecond() - zero.as_nanosecond();
        if self.lotus && since < 61 * DAY {
            since -= DAY;
        }
        if since < if self.lotus { DAY } else { 0 } {
            let first = if self.lotus { "1900-01-01 (serial 1)" } else { "1904-01-01 (serial 0)" };
            return Err(TimeError::OutOfRange {
                message: format!(
                    "{instant} is before {first}, the first day of {}'s date system, in {}",
                    self.name,
                    zone.name()
                ),
            });
        }
        Ok(write_count(since, DAY, 11))
    }
}

/// The civil date-time `since` nanoseconds after `zero`, with no time zone.
fn wall_clock(zero: DateTime, since: i128) -> Option<DateTime> {
    let zero = Offset::UTC.to_timestamp(zero).ok()?;
    let at = Timestamp::from_nanosecond(zero.as_nanosecond() + since).ok()?;
    Some(Offset::UTC.to_datetime(at))
}

/// An epoch system other than Unix time: what `epoch=` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Epoch {
    Count(&'static Count),
    Gps,
    Excel(&'static Excel),
    Snowflake(Snowflake),
}

/// What reading a value in an epoch system gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpochReading {
    pub instant: Timestamp,
    /// A DST gap or fold (Excel), a leap second or the leap table's expiry (GPS).
    pub note: Option<String>,
    /// A Snowflake's other fields.
    pub id: Option<IdFields>,
}

impl Epoch {
    /// The systems that `format` writes as epochs, in the order of
    /// `data.formats.epochs` (Snowflakes are written as IDs).
    pub const WRITTEN: [Epoch; 11] = [
        Epoch::Count(&FILETIME),
        Epoch::Count(&WEBKIT),
        Epoch::Count(&DOTNET),
        Epoch::Count(&COCOA),
        Epoch::Count(&HFS),
        Epoch::Count(&NTP),
        Epoch::Gps,
        Epoch::Excel(&EXCEL),
        Epoch::Excel(&EXCEL_1904),
        Epoch::Count(&JULIAN_DAY),
        Epoch::Count(&MJD),
    ];

    /// Every value of the `epoch` parameter, for messages and docs.
    pub fn names() -> impl Iterator<Item = &'static str> {
        std::iter::once("unix").chain(Epoch::WRITTEN.into_iter().map(|epoch| epoch.preset_name())).chain([
            "discord",
            "twitter",
            "snowflake:MS",
        ])
    }

    /// Reads the name of an epoch system (any case); `None` for `unix`, the default.
    ///
    /// ```
    /// use jiff::Timestamp;
    /// use tsconv_time::epoch::Epoch;
    /// use tsconv_time::zone::Zone;
    ///
    /// assert_eq!(Epoch::parse("UNIX").unwrap(), None);
    /// let excel = Epoch::parse("excel").unwrap().unwrap();
    /// let christmas = "2023-12-25T00:00:00Z".parse::<Timestamp>().unwrap();
    /// assert_eq!(excel.write(christmas, &Zone::utc()).unwrap(), "45285.00000000000");
    /// ```
    pub fn parse(text: &str) -> Result<Option<Epoch>, TimeError> {
        let name = text.trim().to_ascii_lowercase();
        let invalid = || TimeError::InvalidEpoch {
            given: text.to_owned(),
            allowed: Epoch::names().collect::<Vec<_>>().join(", "),
        };
        if name == "unix" {
            return Ok(None);
        }
        if let Some(epoch) = Epoch::WRITTEN.into_iter().find(|epoch| epoch.preset_name() == name) {
            return Ok(Some(epoch));
        }
        let snowflake = match name.as_str() {
            "discord" => Snowflake::DISCORD,
            "twitter" => Snowflake::TWITTER,
            other => {
                let ms = other.strip_prefix("snowflake:").ok_or_else(invalid)?;
                let ms: i64 = ms.parse().map_err(|_| invalid())?;
                if Timestamp::from_millisecond(ms).is_err() {
                    return Err(invalid());
                }
                Snowflake::since(ms)
            }
        };
        Ok(Some(Epoch::Snowflake(snowflake)))
    }

    /// The name `epoch=` takes and `input.epoch` reports.
    pub fn name(self) -> Cow<'static, str> {
        match self {
            Epoch::Snowflake(snowflake) => snowflake.name(),
            other => Cow::Borrowed(other.preset_name()),
        }
    }

    /// The system's own name: that of its `format` preset and, for all
    /// but Snowflakes (written as IDs), of `epoch=`.
    pub const fn preset_name(self) -> &'static str {
        match self {
            Epoch::Count(count) => count.name,
            Epoch::Gps => "gps",
            Epoch::Excel(excel) => excel.name,
            Epoch::Snowflake(_) => "snowflake",
        }
    }

    /// A value of this system (decimal text) as an instant. Excel serials are
    /// wall-clock times in `zone`.
    pub fn read(self, text: &str, zone: &Zone, disambiguation: Disambiguation) -> Result<EpochReading, TimeError> {
        let plain = |instant| EpochReading { instant, note: None, id: None };
        match self {
            Epoch::Count(count) => count.read(text).map(plain),
            Epoch::Excel(excel) => {
                excel.read(text, zone, disambiguation).map(|(instant, note)| EpochReading { instant, note, id: None })
            }
            Epoch::Gps => {
                let since = count_nanos(text, "gps", SECOND, true)?;
                if since < 0 {
                    return Err(TimeError::NotInEpoch {
                        message: format!(
                            "GPS time {text} is negative: GPS time starts at 1980-01-06T00:00:00Z (GPS time 0)"
                        ),
                    });
                }
                leap::gps_to_utc(since).map(|(instant, note)| EpochReading { instant, note, id: None })
            }
            Epoch::Snowflake(snowflake) => {
                snowflake.read(text).map(|(instant, fields)| EpochReading { instant, note: None, id: Some(fields) })
            }
        }
    }

    /// `instant` in this system, floored to what it writes; `out_of_range`
    /// naming the system's range when it cannot hold it. Excel serials are
    /// the wall-clock time in `zone`; Snowflakes the first ID at the instant.
    pub fn write(self, instant: Timestamp, zone: &Zone) -> Result<String, TimeError> {
        self.write_at(instant, zone, || zone.tz().to_datetime(instant))
    }

    /// [`Epoch::write`] with the wall clock in `zone` given, for callers
    /// that already have it (only Excel needs it).
    pub fn write_at(
        self,
        instant: Timestamp,
        zone: &Zone,
        wall: impl FnOnce() -> DateTime,
    ) -> Result<String, TimeError> {
        match self {
            Epoch::Count(count) => count.write(instant),
            Epoch::Excel(excel) => excel.write(instant, zone, wall()),
            Epoch::Gps => {
                leap::utc_to_gps(instant).map(|gps| write_count(gps, SECOND, 9)).ok_or_else(|| TimeError::OutOfRange {
                    message: format!("{instant} is before 1980-01-06T00:00:00Z, when GPS time starts"),
                })
            }
            Epoch::Snowflake(snowflake) => snowflake.write(instant),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Published values: each system's count at the Unix epoch, and at its
    /// own origin.
    fn epoch(name: &str) -> Epoch {
        Epoch::parse(name).unwrap().unwrap()
    }

    fn read_utc(name: &str, text: &str) -> Result<Timestamp, TimeError> {
        epoch(name).read(text, &Zone::utc(), Disambiguation::Compatible).map(|reading| reading.instant)
    }

    /// Published values: each system's count at the Unix epoch (or the GPS
    /// epoch), and at its own origin.
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
            ("excel", "25569", "1970-01-01T00:00:00Z"),
            ("excel", "1", "1900-01-01T00:00:00Z"),
            ("excel", "59", "1900-02-28T00:00:00Z"),
            ("excel", "61", "1900-03-01T00:00:00Z"),
            ("excel", "45244.5", "2023-11-14T12:00:00Z"),
            ("excel1904", "24107", "1970-01-01T00:00:00Z"),
            ("excel1904", "0", "1904-01-01T00:00:00Z"),
            ("gps", "0", "1980-01-06T00:00:00Z"),
            // 2023-11-14T22:13:20Z is 18 s behind GPS time.
            ("gps", "1384035218", "2023-11-14T22:13:20Z"),
            ("discord", "175928847299117063", "2016-04-30T11:18:25.796Z"),
            ("twitter", "0", "2010-11-04T01:42:54.657Z"),
            ("snowflake:0", "4194304000", "1970-01-01T00:00:01Z"),
        ] {
            let read = read_utc(name, text).unwrap_or_else(|e| panic!("{name} {text}: {e}"));
            assert_eq!(read, instant.parse::<Timestamp>().unwrap(), "{name} {text}");
            assert_eq!(epoch(name).name(), name);
        }
    }

    #[test]
    fn names_parse_in_any_case_and_unix_is_the_default() {
        assert_eq!(Epoch::parse("unix").unwrap(), None);
        assert_eq!(Epoch::parse("FileTime").unwrap(), Some(Epoch::Count(&FILETIME)));
        assert_eq!(
            Epoch::parse("Snowflake:1288834974657").unwrap(),
            Some(Epoch::Snowflake(Snowflake::since(1_288_834_974_657)))
        );
        for bad in ["windows", "snowflake:", "snowflake:x", "snowflake:999999999999999999", ""] {
            assert!(matches!(Epoch::parse(bad), Err(TimeError::InvalidEpoch { .. })), "{bad:?}");
        }
        for name in Epoch::names().filter(|name| *name != "snowflake:MS") {
            assert!(Epoch::parse(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn excel_edges() {
        let refused = |text| read_utc("excel", text).unwrap_err();
        assert!(refused("60").to_string().contains("1900-02-29"), "{}", refused("60"));
        assert!(refused("60.75").to_string().contains("never existed"));
        assert!(refused("0.5").to_string().contains("time of day"));
        assert!(matches!(read_utc("excel1904", "-1"), Err(TimeError::NotInEpoch { .. })));
        // A serial is a wall-clock time: 45244.5 in New York is 2023-11-14 12:00 EST.
        let ny = Zone::parse("America/New_York").unwrap();
        let noon = epoch("excel").read("45244.5", &ny, Disambiguation::Compatible).unwrap();
        assert_eq!(noon.instant, "2023-11-14T17:00:00Z".parse::<Timestamp>().unwrap());
        // 2024-03-10 02:30 does not exist in New York: the note says so.
        let gap = epoch("excel").read("45361.10416666667", &ny, Disambiguation::Compatible).unwrap();
        assert!(gap.note.unwrap().contains("does not exist"));
        assert!(epoch("excel").read("45361.10416666667", &ny, Disambiguation::Reject).is_err());
        // Writing: 1900-02-28 is 59, 1900-03-01 is 61, and 1899-12-31 has no serial.
        let write = |instant: &str| epoch("excel").write(instant.parse().unwrap(), &Zone::utc());
        assert_eq!(write("1900-02-28T00:00:00Z").unwrap(), "59.00000000000");
        assert_eq!(write("1900-03-01T00:00:00Z").unwrap(), "61.00000000000");
        assert_eq!(write("1970-01-01T00:00:00Z").unwrap(), "25569.00000000000");
        assert!(matches!(write("1899-12-31T23:59:59Z"), Err(TimeError::OutOfRange { .. })));
        assert_eq!(epoch("excel").write("2023-11-14T17:00:00Z".parse().unwrap(), &ny).unwrap(), "45244.50000000000");
    }

    #[test]
    fn snowflakes_read_their_milliseconds_and_fields() {
        // Discord's documentation example.
        let (discord, fields) = Snowflake::DISCORD.read("175928847299117063").unwrap();
        assert_eq!(discord, "2016-04-30T11:18:25.796Z".parse::<Timestamp>().unwrap());
        assert_eq!(serde_json::to_string(&fields).unwrap(), r#"{"worker_id":1,"process_id":0,"increment":7}"#);
        assert_eq!(Snowflake::TWITTER.read("0").unwrap().0.as_millisecond(), 1_288_834_974_657);
        assert_eq!(Snowflake::DISCORD.first_id(discord), Some(175928847299117063 >> 22 << 22));
        assert_eq!(Snowflake::DISCORD.first_id(Timestamp::UNIX_EPOCH), None, "before Discord's epoch");
        assert!(matches!(Snowflake::DISCORD.write(Timestamp::UNIX_EPOCH), Err(TimeError::OutOfRange { .. })));
        assert!(Snowflake::DISCORD.read("-1").is_err());
        assert!(Snowflake::DISCORD.read("18446744073709551616").is_err());
    }

    #[test]
    fn nothing_is_rounded() {
        // 100 ns units: a fraction is refused; seconds: a tenth of a nanosecond is.
        assert!(read_utc("filetime", "116444736000000000.5").is_err());
        assert!(read_utc("hfs", "1.5").is_err());
        assert!(read_utc("ntp", "2208988800.0000000001").is_err());
        assert_eq!(read_utc("ntp", "2208988800.000000001").unwrap().as_nanosecond(), 1);
        // A day is 86,400 s: 1e-13 day is 8.64 ns, not whole; 1e-11 day is 864 ns.
        assert!(read_utc("mjd", "40587.0000000000001").is_err());
        assert_eq!(read_utc("mjd", "40587.00000000001").unwrap().as_nanosecond(), 864);
        assert!(read_utc("excel", "25569.0000000000001").is_err());
        // Trailing zeros are no finer than the digits before them.
        assert_eq!(read_utc("hfs", "2082844800.000").unwrap(), Timestamp::UNIX_EPOCH);
    }

    #[test]
    fn malformed_and_out_of_range_counts_are_refused() {
        for bad in ["", "-", "1e9", "1.", ".5", "0x10", "1 000", "１"] {
            assert!(matches!(read_utc("ntp", bad), Err(TimeError::InvalidTimestamp { .. })), "{bad:?}");
        }
        for far in ["999999999999999999999999999999", "-999999999999", &"9".repeat(60)] {
            assert!(matches!(read_utc("ntp", far), Err(TimeError::OutOfRange { .. })), "{far}");
        }
        // HFS+ is an unsigned 32-bit count, both ways.
        assert!(matches!(read_utc("hfs", "4294967296"), Err(TimeError::NotInEpoch { .. })));
        assert!(matches!(read_utc("hfs", "-1"), Err(TimeError::NotInEpoch { .. })));
        let error = epoch("hfs").write(Timestamp::MAX, &Zone::utc()).unwrap_err();
        assert!(error.to_string().contains("1904-01-01T00:00:00Z to 2040-02-06T06:28:15Z"), "{error}");
        assert!(matches!(read_utc("gps", "-1"), Err(TimeError::NotInEpoch { .. })));
    }

    #[test]
    fn writing_floors_toward_the_past() {
        let just_before = Timestamp::from_nanosecond(-1).unwrap();
        let write = |name: &str, instant| epoch(name).write(instant, &Zone::utc()).unwrap();
        assert_eq!(write("filetime", Timestamp::UNIX_EPOCH), "116444736000000000");
        assert_eq!(write("filetime", just_before), "116444735999999999");
        assert_eq!(write("cocoa", Timestamp::UNIX_EPOCH), "-978307200");
        assert_eq!(write("cocoa", just_before), "-978307200.000000001");
        assert_eq!(write("julian_day", Timestamp::UNIX_EPOCH), "2440587.50000000000");
        assert_eq!(write("mjd", just_before), "40586.99999999999");
        assert_eq!(write("gps", "1980-01-06T00:00:00.5Z".parse().unwrap()), "0.5");
    }

    /// The instant of serial 0 for the property test's floor (Excel's lotus
    /// shift is a whole day, a multiple of its 864 ns step).
    fn origin(epoch: Epoch) -> i128 {
        match epoch {
            Epoch::Count(count) => count.origin,
            Epoch::Excel(excel) => Offset::UTC.to_timestamp(excel.zero).unwrap().as_nanosecond(),
            Epoch::Gps | Epoch::Snowflake(_) => 0,
        }
    }

    fn step(epoch: Epoch) -> i128 {
        match epoch {
            Epoch::Count(count) => count.unit / 10i128.pow(count.written_digits),
            Epoch::Excel(_) => DAY / 10i128.pow(11),
            Epoch::Gps => 1,
            Epoch::Snowflake(_) => 1_000_000,
        }
    }

    proptest! {
        /// Any instant in range, written in a system, reads back to itself
        /// floored to what the system writes; an instant the system cannot
        /// hold is `out_of_range`.
        #[test]
        fn every_instant_reads_back_from_its_count(nanos in Timestamp::MIN.as_nanosecond()..=Timestamp::MAX.as_nanosecond()) {
            let instant = Timestamp::from_nanosecond(nanos).unwrap();
            let utc = Zone::utc();
            for system in Epoch::WRITTEN.into_iter().chain([Epoch::Snowflake(Snowflake::DISCORD)]) {
                let written = match system.write(instant, &utc) {
                    Ok(written) => written,
                    Err(TimeError::OutOfRange { .. }) => continue,
                    Err(e) => return Err(TestCaseError::fail(format!("{}: {e}", system.name()))),
                };
                let read = system.read(&written, &utc, Disambiguation::Compatible).unwrap().instant;
                let (origin, step) = (origin(system), step(system));
                let floored = match system {
                    Epoch::Snowflake(s) => (nanos - i128::from(s.epoch_ms) * 1_000_000).div_euclid(step) * step + i128::from(s.epoch_ms) * 1_000_000,
                    _ => (nanos - origin).div_euclid(step) * step + origin,
                };
                prop_assert_eq!(read.as_nanosecond(), floored, "{} {}", system.name(), written);
            }
        }

        /// Excel serials in a zone with DST read back to the instant written,
        /// floored to 864 ns, as the earlier or the later pass of a fold.
        #[test]
        fn excel_serials_read_back_in_their_zone(seconds in -2_208_988_800i64..4_102_444_800) {
            let zone = Zone::parse("Australia/Sydney").unwrap();
            let instant = Timestamp::from_second(seconds).unwrap();
            let excel = epoch("excel");
            let written = excel.write(instant, &zone).unwrap();
            let read = excel.read(&written, &zone, Disambiguation::Later).unwrap().instant;
            let earlier = excel.read(&written, &zone, Disambiguation::Earlier).unwrap().instant;
            let close = |t: Timestamp| (0..864).contains(&(instant.as_nanosecond() - t.as_nanosecond()));
            prop_assert!(close(read) || close(earlier), "{instant} {written} {read}");
        }
    }
}
