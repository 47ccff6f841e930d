//! Elasticsearch's date math as an input: an anchor (`now`, or
//! any accepted input followed by `||`), then any number of `+N<unit>`,
//! `-N<unit>` and `/<unit>` (round down), with units `y M w d h H m s`.
//! Calendar units and rounding are on the wall clock in `timezone`, through
//! jiff's `Zoned` (Temporal's semantics: a month added to Jan 31 is the last
//! day of February, a day added across a DST change keeps the wall clock).

use jiff::{RoundMode, Span, Timestamp, Unit, Zoned, ZonedRound};

use crate::error::TimeError;
use crate::zone::Zone;

/// A parsed date-math expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateMath<'a> {
    /// `None` for `now`; else the text before `||`.
    pub anchor: Option<&'a str>,
    ops: Vec<Op>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add(i64, Unit),
    Floor(Unit),
}

/// Whether `text` (trimmed) is date math: `now` alone or followed by an
/// operation, or anything with `||`.
pub fn is_date_math(text: &str) -> bool {
    let lower = text.get(..3).is_some_and(|start| start.eq_ignore_ascii_case("now"));
    (lower && (text.len() == 3 || text[3..].starts_with(['+', '-', '/']))) || has_anchor(text)
}

/// Whether `text` holds `||` (an anchor before it). Byte pairs rather than
/// `str::contains`, whose substring searcher costs more to set up than
/// the short texts it is asked about take to scan.
fn has_anchor(text: &str) -> bool {
    text.as_bytes().windows(2).any(|pair| pair == b"||")
}

/// Parses date math; `start` is the char index of `text` in what was sent,
/// for error positions.
pub fn parse(text: &str, start: usize) -> Result<DateMath<'_>, TimeError> {
    let (anchor, ops_text, ops_at) = match text.find("||") {
        Some(i) => (Some(&text[..i]), &text[i + 2..], i + 2),
        None => (None, &text[3..], 3),
    };
    if anchor.is_some_and(|anchor| anchor.trim().is_empty()) {
        return Err(TimeError::invalid_at(
            format!("{text:?} has nothing before ||: write a date, e.g. 2023-11-14T10:00:00Z||+1M/d"),
            start,
        ));
    }
    let chars: Vec<char> = ops_text.chars().collect();
    let at = |i: usize| start + text[..ops_at].chars().count() + i;
    let mut ops = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let sign = chars[i];
        if !matches!(sign, '+' | '-' | '/') {
            return Err(TimeError::invalid_at(
                format!(
                    "unexpected {sign:?} in the date math {text:?}: each operation is +N<unit>, -N<unit> or /<unit>"
                ),
                at(i),
            ));
        }
        i += 1;
        let digits_from = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let digits: String = chars[digits_from..i].iter().collect();
        let Some(unit) = chars.get(i).copied().and_then(unit_of) else {
            return Err(TimeError::invalid_at(
                format!(
                    "the date math {text:?} needs a unit here: y (years), M (months), w (weeks), d (days), \
                     h or H (hours), m (minutes), s (seconds)"
                ),
                at(i),
            ));
        };
        let op = match sign {
            '/' if digits.is_empty() => Op::Floor(unit),
            '/' => {
                return Err(TimeError::invalid_at(
                    format!("/ rounds down to a unit and takes no number: write /{}", chars[i]),
                    at(digits_from),
                ));
            }
            _ => {
                let n: i64 = digits.parse().map_err(|_| {
                    TimeError::invalid_at(
                        format!(
                            "{sign}{} in {text:?} needs a whole number before the unit, e.g. {sign}1{}",
                            chars[i], chars[i]
                        ),
                        at(digits_from),
                    )
                })?;
                Op::Add(if sign == '-' { -n } else { n }, unit)
            }
        };
        ops.push(op);
        i += 1;
    }
    Ok(DateMath { anchor, ops })
}

fn unit_of(c: char) -> Option<Unit> {
    Some(match c {
        'y' => Unit::Year,
        'M' => Unit::Month,
        'w' => Unit::Week,
        'd' => Unit::Day,
        'h' | 'H' => Unit::Hour,
        'm' => Unit::Minute,
        's' => Unit::Second,
        _ => return None,
    })
}

impl DateMath<'_> {
    /// The instant the operations lead to from `start`, on the wall clock in `zone`.
    pub fn apply(&self, text: &str, start: Timestamp, zone: &Zone) -> Result<Timestamp, TimeError> {
        let out_of_range = |_| TimeError::OutOfRange {
            message: format!(
                "the date math {text:?} lands outside the supported range, years -9999 to 9999 ({} to {})",
                Timestamp::MIN,
                Timestamp::MAX
            ),
        };
        let mut zoned = start.to_zoned(zone.tz().clone());
        for op in &self.ops {
            zoned = match *op {
                Op::Add(n, unit) => zoned.checked_add(span(n, unit).map_err(out_of_range)?).map_err(out_of_range)?,
                Op::Floor(unit) => floor(&zoned, unit).map_err(out_of_range)?,
            };
        }
        Ok(zoned.timestamp())
    }
}

fn span(n: i64, unit: Unit) -> Result<Span, jiff::Error> {
    let span = Span::new();
    match unit {
        Unit::Year => span.try_years(n),
        Unit::Month => span.try_months(n),
        Unit::Week => span.try_weeks(n),
        Unit::Day => span.try_days(n),
        Unit::Hour => span.try_hours(n),
        Unit::Minute => span.try_minutes(n),
        _ => span.try_seconds(n),
    }
}

/// The start of `unit` containing `zoned`, on its wall clock: a day that
/// DST starts at 01:00 starts at 01:00; a week starts on Monday.
fn floor(zoned: &Zoned, unit: Unit) -> Result<Zoned, jiff::Error> {
    match unit {
        Unit::Year => zoned.first_of_year()?.start_of_day(),
        Unit::Month => zoned.first_of_month()?.start_of_day(),
        Unit::Week => {
            let back = i64::from(zoned.weekday().to_monday_zero_offset());
            zoned.start_of_day()?.checked_sub(Span::new().days(back))?.start_of_day()
        }
        Unit::Day => zoned.start_of_day(),
        smaller => zoned.round(ZonedRound::new().smallest(smaller).mode(RoundMode::Trunc)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn math(text: &str, zone: &str, now: &str) -> Result<String, TimeError> {
        let zone = Zone::parse(zone).unwrap();
        let parsed = parse(text, 0)?;
        let start = match parsed.anchor {
            None => now.parse().unwrap(),
            Some(anchor) => anchor.parse().unwrap(),
        };
        let instant = parsed.apply(text, start, &zone)?;
        Ok(instant.to_zoned(zone.tz().clone()).strftime("%Y-%m-%dT%H:%M:%S%:z").to_string())
    }

    #[test]
    fn elasticsearch_examples() {
        let now = "2024-03-10T15:30:45Z"; // a Sunday; New York sprang forward at 07:00Z
        assert_eq!(math("now", "UTC", now).unwrap(), "2024-03-10T15:30:45+00:00");
        assert_eq!(math("now-1d/d", "UTC", now).unwrap(), "2024-03-09T00:00:00+00:00");
        assert_eq!(math("now/M", "UTC", now).unwrap(), "2024-03-01T00:00:00+00:00");
        assert_eq!(math("now/w", "UTC", now).unwrap(), "2024-03-04T00:00:00+00:00");
        assert_eq!(math("now/y+1y-1s", "UTC", now).unwrap(), "2024-12-31T23:59:59+00:00");
        assert_eq!(math("NOW+36h/h", "UTC", now).unwrap(), "2024-03-12T03:00:00+00:00");
        assert_eq!(math("2023-11-14T10:00:00Z||+1M/d", "UTC", now).unwrap(), "2023-12-14T00:00:00+00:00");
        // Jan 31 plus a month is the last day of February.
        assert_eq!(math("2024-01-31T12:00:00Z||+1M", "UTC", now).unwrap(), "2024-02-29T12:00:00+00:00");
    }

    #[test]
    fn calendar_units_and_rounding_use_the_wall_clock() {
        let now = "2024-03-10T15:30:45Z";
        // The DST day in New York is 23 hours long: today starts at 00:00 EST.
        assert_eq!(math("now/d", "America/New_York", now).unwrap(), "2024-03-10T00:00:00-05:00");
        // One day before 11:30 EDT is 11:30 EST, 23 elapsed hours.
        assert_eq!(math("now-1d", "America/New_York", now).unwrap(), "2024-03-09T11:30:45-05:00");
        assert_eq!(math("now-24h", "America/New_York", now).unwrap(), "2024-03-09T10:30:45-05:00");
        // Havana's DST starts at midnight: that day starts at 01:00.
        assert_eq!(math("2024-03-10T12:00:00-04:00||/d", "America/Havana", now).unwrap(), "2024-03-10T01:00:00-04:00");
    }

    #[test]
    fn mistakes_point_at_their_place() {
        for (text, position) in [("now+1", 5), ("now+d", 4), ("now/1d", 4), ("now*2d", 3), ("||+1d", 0), ("now+1x", 5)]
        {
            let error = parse(text, 0).unwrap_err();
            assert_eq!(error.position(), Some(position), "{text}: {error}");
        }
        assert!(matches!(math("now+99999y", "UTC", "2024-01-01T00:00:00Z"), Err(TimeError::OutOfRange { .. })));
        assert!(is_date_math("now") && is_date_math("now-1d") && is_date_math("x||+1d"));
        assert!(!is_date_math("nowhere") && !is_date_math("1700000000"));
    }
}
