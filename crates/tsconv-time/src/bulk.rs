//! The fast path of streams and of the rewriter: one answer at a
//! time, written into a caller's buffer, with nothing allocated.
//!
//! A stream of Unix numbers converted to RFC 3339 is the common case of
//! bulk work, so [`Bulk`] reads a plain integer without the general reader,
//! keeps the zone's offsets in a table of its transitions (looked up from
//! the stretch last used, so a sorted log finds it at once), and writes
//! RFC 3339 and ISO digits straight into the buffer. Everything else goes
//! through [`ops::line`], the general path; both give the same answer for
//! every input (`tests::the_fast_path_is_the_general_path`).
//!
//! ```
//! use jiff::Timestamp;
//! use tsconv_time::bulk::Bulk;
//! use tsconv_time::input::ReadOptions;
//! use tsconv_time::render::Format;
//! use tsconv_time::zone::Zone;
//!
//! let zone = Zone::parse("America/New_York").unwrap();
//! let mut bulk = Bulk::new(ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH), Format::Rfc3339);
//! let mut out = Vec::new();
//! bulk.line("1700000000", &mut out).unwrap();
//! assert_eq!(out, b"2023-11-14T17:13:20-05:00");
//! ```

use jiff::Timestamp;
use jiff::tz::{Offset, TimeZone};

use crate::error::TimeError;
use crate::input::{Input, ReadOptions, plain_integer};
use crate::ops;
use crate::precision::Precision;
use crate::render::{Format, Rfc3339Text, View};
use crate::zone::whole_minutes;

/// Writes answers of one format, read with one set of options, one at a
/// time.
pub struct Bulk<'a> {
    options: ReadOptions<'a>,
    format: Format,
    offsets: Offsets,
}

impl<'a> Bulk<'a> {
    /// Answers in `format`, read with `options` (its `now` is the clock of
    /// every answer).
    pub fn new(options: ReadOptions<'a>, format: Format) -> Bulk<'a> {
        let offsets = Offsets::new(options.zone.tz());
        Bulk { options, format, offsets }
    }

    /// The options inputs are read with.
    pub fn options(&self) -> &ReadOptions<'a> {
        &self.options
    }

    /// Appends to `out` the answer for one input: what [`ops::line`] says
    /// of it, or its error (and then `out` is as it was).
    pub fn line(&mut self, text: &str, out: &mut Vec<u8>) -> Result<(), TimeError> {
        if let Some((instant, precision)) = self.plain_number(text)
            && self.write_fast(instant, precision, out)
        {
            return Ok(());
        }
        let line = ops::line(Input::Text(text), &self.options, Some(&self.format), &self.format, self.options.now)?;
        out.extend_from_slice(line.as_bytes());
        Ok(())
    }

    /// Appends to `out` an instant read elsewhere, at `precision` (the
    /// fraction digits of RFC 3339).
    pub fn instant(&mut self, instant: Timestamp, precision: Precision, out: &mut Vec<u8>) -> Result<(), TimeError> {
        if self.write_fast(instant, precision, out) {
            return Ok(());
        }
        let view = View::new(instant, self.options.zone, precision).speaking(self.options.language);
        out.extend_from_slice(view.format(&self.format, self.options.now)?.as_bytes());
        Ok(())
    }

    /// An optional `-` and up to 19 ASCII digits, read as the general
    /// reader reads them: the unit stated or detected from the
    /// number's size. `None` for anything else, or out of range: the
    /// general path answers those.
    fn plain_number(&self, text: &str) -> Option<(Timestamp, Precision)> {
        if !self.options.patterns.is_empty() || self.options.epoch.is_some() {
            return None;
        }
        plain_integer(text, self.options.precision)
    }

    /// Writes RFC 3339 or ISO of a year 0 to 9999 straight into `out`;
    /// `false` (and nothing written) for other formats and years.
    fn write_fast(&mut self, instant: Timestamp, precision: Precision, out: &mut Vec<u8>) -> bool {
        let (offset, digits) = match self.format {
            Format::Rfc3339 if self.options.zone.is_utc() => (None, precision.fraction_digits()),
            Format::Rfc3339 => (Some(self.offsets.at(instant, self.options.zone.tz())), precision.fraction_digits()),
            Format::Iso => (None, 3),
            _ => return false,
        };
        match Rfc3339Text::new(instant, offset, digits) {
            Some(text) => {
                out.extend_from_slice(text.as_bytes());
                true
            }
            None => false,
        }
    }
}

/// A zone's offsets (rounded to whole minutes, as RFC 3339 writes them),
/// from a table of its transitions up to [`Offsets::END`]: `starts[i]` is
/// the first second of `offsets[i]`. From 1900 on, `buckets` says for
/// every 2^22 seconds (48 days) which stretch holds its first second, so an
/// instant is a step or two from its stretch, in whatever order instants
/// come; before, a binary search finds it.
struct Offsets {
    starts: Vec<i64>,
    offsets: Vec<Offset>,
    buckets: Vec<u32>,
    /// The first second the table does not know; jiff answers from there.
    end: i64,
}

impl Offsets {
    /// The table's end: 2200-01-01T00:00:00Z. Transitions are computed
    /// (from the zone's POSIX rule after its last listed one) up to it
    /// once, instead of at every instant.
    const END: i64 = 7_258_118_400;
    /// The first second of the buckets: 1900-01-01T00:00:00Z.
    const BUCKETS_START: i64 = -2_208_988_800;
    const BUCKET_BITS: u32 = 22;

    fn new(tz: &TimeZone) -> Offsets {
        let mut starts = vec![i64::MIN];
        let mut offsets = vec![whole_minutes(tz.to_offset(Timestamp::MIN))];
        let mut end = i64::MAX;
        for transition in tz.following(Timestamp::MIN) {
            let second = transition.timestamp().as_second();
            if second >= Offsets::END {
                end = second;
                break;
            }
            starts.push(second);
            offsets.push(whole_minutes(transition.offset()));
        }
        let count = (Offsets::END - Offsets::BUCKETS_START) >> Offsets::BUCKET_BITS;
        let buckets = (0..=count)
            .map(|bucket| {
                let first = Offsets::BUCKETS_START + (bucket << Offsets::BUCKET_BITS);
                (starts.partition_point(|&start| start <= first) - 1) as u32
            })
            .collect();
        Offsets { starts, offsets, buckets, end }
    }

    fn at(&self, instant: Timestamp, tz: &TimeZone) -> Offset {
        // The second the instant falls in (floored for instants before 1970).
        let second = instant.as_second() - i64::from(instant.subsec_nanosecond() < 0);
        if second >= self.end {
            return whole_minutes(tz.to_offset(instant));
        }
        let bucket = usize::try_from((second - Offsets::BUCKETS_START) >> Offsets::BUCKET_BITS).ok();
        let mut at = match bucket.and_then(|bucket| self.buckets.get(bucket)) {
            Some(&first) => first as usize,
            None => self.starts.partition_point(|&start| start <= second) - 1,
        };
        while self.starts.get(at + 1).is_some_and(|&next| next <= second) {
            at += 1;
        }
        self.offsets[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone::Zone;

    fn answer(zone: &Zone, format: Format, precision: Option<Precision>, text: &str) -> Result<String, String> {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let options = ReadOptions { precision, ..ReadOptions::defaults(zone, now) };
        let mut bulk = Bulk::new(options, format);
        let mut out = Vec::new();
        bulk.line(text, &mut out).map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]
        /// The fast path answers as the general path (`ops::line`) does:
        /// Unix numbers of every length and sign (beyond the supported years
        /// too), a stated unit, in zones with DST north and south, an offset
        /// with seconds (LMT), fixed offsets and UTC, and one table shared
        /// by many instants in a row.
        #[test]
        fn the_fast_path_is_the_general_path(
            numbers in proptest::collection::vec((1u32..=20, proptest::num::u64::ANY, proptest::bool::ANY), 1..20),
            zone in proptest::sample::select(vec![
                "UTC", "America/New_York", "Australia/Sydney", "Europe/Dublin", "Asia/Kolkata", "+05:45",
                "Africa/Monrovia", "America/Sao_Paulo", "Pacific/Apia",
            ]),
            format in proptest::sample::select(vec!["rfc3339", "iso", "unix", "rfc2822"]),
            stated in proptest::option::of(proptest::sample::select(vec!["s", "ms", "us", "ns"])),
        ) {
            let zone = Zone::parse(zone).unwrap();
            let format = Format::from_texts(Some(format), None, None).unwrap().unwrap();
            let now = Timestamp::from_second(1_795_000_000).unwrap();
            let precision = stated.map(|unit| unit.parse::<Precision>().unwrap());
            let options = ReadOptions { precision, ..ReadOptions::defaults(&zone, now) };
            let mut bulk = Bulk::new(options, format.clone());
            for (digits, number, negative) in numbers {
                // Numbers of 1 to 19 digits (and 20, beyond the fast path), either sign.
                let number = number % 10u64.pow(digits.min(19));
                let text = format!("{}{number}{}", if negative { "-" } else { "" }, if digits == 20 { "0" } else { "" });
                let mut out = Vec::new();
                let fast = bulk.line(&text, &mut out).map(|()| String::from_utf8(out).unwrap()).map_err(|e| e.to_string());
                let general = ops::line(Input::Text(&text), &options, Some(&format), &format, now).map_err(|e| e.to_string());
                proptest::prop_assert_eq!(fast, general, "{}", text);
            }
        }
    }

    #[test]
    fn offsets_come_from_the_stretch_of_the_instant() {
        let ny = Zone::parse("America/New_York").unwrap();
        // Both sides of 2023's transitions, and after the table's end.
        for (text, expected) in [
            ("1678604399", "2023-03-12T01:59:59-05:00"),
            ("1678604400", "2023-03-12T03:00:00-04:00"),
            ("1699163999", "2023-11-05T01:59:59-04:00"),
            ("1699164000", "2023-11-05T01:00:00-05:00"),
            ("7258118400", "2199-12-31T19:00:00-05:00"),
            ("-1", "1969-12-31T18:59:59-05:00"),
            ("-1000", "1969-12-31T18:43:20-05:00"),
        ] {
            assert_eq!(answer(&ny, Format::Rfc3339, None, text).unwrap(), expected, "{text}");
        }
        let monrovia = Zone::parse("Africa/Monrovia").unwrap();
        assert_eq!(answer(&monrovia, Format::Rfc3339, None, "0").unwrap(), "1969-12-31T23:15:00-00:45");
        assert_eq!(
            answer(&Zone::utc(), Format::Iso, Some(Precision::Milliseconds), "-1").unwrap(),
            "1969-12-31T23:59:59.999Z"
        );
        assert!(answer(&ny, Format::Rfc3339, Some(Precision::Seconds), "9999999999999999999").is_err());
    }
}
