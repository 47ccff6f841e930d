//! What people's text says, before the clock and zones are asked: the options
//! of a reading and its result, the pieces the parser finds (a date, a time,
//! relative items, a zone), and the small helpers the parser and the
//! resolution share.

use jiff::Timestamp;
use jiff::civil::Weekday;
use jiff::tz::Offset;

use super::abbreviations::Meaning;
use super::words::{Candidate, Era, Meridian, Unit, Vocabulary};
use crate::error::TimeError;
use crate::iso::MONTH_NAMES;
use crate::local::Disambiguation;
use crate::zone::{Zone, offset_text};

/// The order of a numeric date's day and month (`03/04/2023`), as the
/// locale's short date pattern writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateOrder {
    MonthDay,
    DayMonth,
}

/// How to read people's text: the zone of wall-clock times and of "today",
/// the DST rule, the clock, and what the locale says of numeric dates and
/// abbreviations.
#[derive(Clone, Copy, Debug)]
pub struct HumanOptions<'z> {
    pub zone: &'z Zone,
    pub disambiguation: Disambiguation,
    pub now: Timestamp,
    pub order: DateOrder,
    /// The locale's region (`IE`), which breaks an abbreviation's tie.
    pub region: Option<&'z str>,
    /// The words read: English's, and the locale's own.
    pub words: &'z Vocabulary,
    /// Refusals without their message (see [`crate::input::ReadOptions::unworded`]).
    pub unworded: bool,
}

/// A reading of people's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Human {
    pub instant: Timestamp,
    /// The reading in canonical form: `2023-11-14T17:13:00 in
    /// America/New_York`, `2023-11-14T10:00:00-05:00 (EST)`.
    pub read_as: String,
    /// Whether the reading counted from the clock (a relative item, or a
    /// date without its year or day).
    pub uses_now: bool,
    /// Whether the text names a day and no time of it (`March 5`,
    /// `tomorrow`, `next friday`): the instant is a stand-in for the day.
    pub date_only: bool,
    /// A wall-clock time in a DST gap or fold: what happened.
    pub note: Option<String>,
    /// Why the reading may not be what was meant.
    pub warnings: Vec<String>,
    /// The other readings of an ambiguous text.
    pub alternatives: Vec<OtherReading>,
}

impl Human {
    /// What a reading of another reader carries when it comes with a
    /// warning (a machine format's date inside a sentence, a contradicting
    /// weekday in a mail date): the instant, what was understood, the
    /// warning.
    pub(crate) fn warned(instant: Timestamp, read_as: String, note: Option<String>, warning: String) -> Human {
        Human {
            instant,
            read_as,
            uses_now: false,
            date_only: false,
            note,
            warnings: vec![warning],
            alternatives: Vec::new(),
        }
    }
}

/// Another reading of an ambiguous text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherReading {
    /// For another meaning of an abbreviation: a zone that has it.
    pub zone: Option<&'static str>,
    /// For another meaning of an abbreviation: its offset.
    pub offset: Option<String>,
    pub read_as: String,
    pub instant: Timestamp,
}

/// What to send instead, for an error that has no closer advice.
pub(super) const EXAMPLES: &str = "send e.g. 1700000000, 2023-11-14T22:13:20Z, Nov 14 2023 5:13pm or tomorrow 9am";

/// A zone written in the text.
#[derive(Clone, Debug)]
pub(super) enum TextZone {
    /// An offset: written (`+0530`, `UTC+2`) or an abbreviation's.
    Offset { seconds: i32, label: Option<String>, meanings: Vec<Meaning> },
    /// An IANA or Windows name.
    Named(Zone),
    /// A zone's name in the language (`Mitteleuropäische Sommerzeit`) and
    /// the zones that write it.
    Name { label: String, candidates: Vec<Candidate> },
}

/// The relative items, added in this order: years, months and days on the
/// calendar (the wall clock kept), then the rest as elapsed time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Relative {
    pub(super) years: i64,
    pub(super) months: i64,
    pub(super) days: i64,
    pub(super) hours: i64,
    pub(super) minutes: i64,
    pub(super) seconds: i64,
    pub(super) nanos: i64,
}

impl Relative {
    pub(super) fn scaled(self, factor: i64) -> Option<Relative> {
        Some(Relative {
            years: self.years.checked_mul(factor)?,
            months: self.months.checked_mul(factor)?,
            days: self.days.checked_mul(factor)?,
            hours: self.hours.checked_mul(factor)?,
            minutes: self.minutes.checked_mul(factor)?,
            seconds: self.seconds.checked_mul(factor)?,
            nanos: self.nanos.checked_mul(factor)?,
        })
    }

    pub(super) fn plus(self, other: Relative) -> Option<Relative> {
        Some(Relative {
            years: self.years.checked_add(other.years)?,
            months: self.months.checked_add(other.months)?,
            days: self.days.checked_add(other.days)?,
            hours: self.hours.checked_add(other.hours)?,
            minutes: self.minutes.checked_add(other.minutes)?,
            seconds: self.seconds.checked_add(other.seconds)?,
            nanos: self.nanos.checked_add(other.nanos)?,
        })
    }

    pub(super) fn of(unit: Unit, count: i64) -> Option<Relative> {
        let zero = Relative::default();
        Some(match unit {
            Unit::Year => Relative { years: count, ..zero },
            Unit::Quarter => Relative { months: count.checked_mul(3)?, ..zero },
            Unit::Month => Relative { months: count, ..zero },
            Unit::Days(n) => Relative { days: count.checked_mul(n)?, ..zero },
            Unit::Hour => Relative { hours: count, ..zero },
            Unit::Minute => Relative { minutes: count, ..zero },
            Unit::Second => Relative { seconds: count, ..zero },
        })
    }
}

/// A year as written: its value and how many digits (`23` is 2023).
#[derive(Clone, Copy, Debug)]
pub(super) struct Year {
    pub(super) value: i64,
    pub(super) digits: usize,
}

impl Year {
    /// Two-digit years as POSIX says: 69-99 are 1969-1999, 00-68 are 2000-2068.
    pub(super) fn full(self) -> i64 {
        match (self.digits, self.value) {
            (2, v) if v < 69 => 2000 + v,
            (2, v) => 1900 + v,
            (_, v) => v,
        }
    }
}

/// Everything the text says, before the clock and zones are asked.
#[derive(Clone, Debug, Default)]
pub(super) struct Pieces {
    /// `in`, `vor`: which way the next relative item lies.
    pub(super) ahead: Option<i64>,
    /// `next week`, `last week`, `this week`: a weekday with them is the
    /// one of that calendar week (Monday first), not the coming one moved.
    pub(super) week: bool,
    pub(super) year: Option<Year>,
    pub(super) month: i64,
    pub(super) day: i64,
    /// Char index of the date, for its errors.
    pub(super) date_at: usize,
    /// For a numeric date valid in both orders: the other (month, day).
    pub(super) other_order: Option<(i64, i64)>,
    pub(super) hour: i64,
    pub(super) minute: i64,
    pub(super) second: i64,
    pub(super) nanos: i64,
    pub(super) meridian: Option<Meridian>,
    pub(super) time_at: usize,
    pub(super) weekday: Option<(i64, Weekday, usize)>,
    pub(super) rel: Relative,
    /// Relative items since the last `ago`, which negates them all.
    pub(super) pending: Relative,
    pub(super) rels_seen: bool,
    pub(super) dates: u8,
    pub(super) times: u8,
    pub(super) days: u8,
    pub(super) zones: u8,
    pub(super) zone: Option<TextZone>,
    /// The token after an offset written after a time (`17:13 +05:30`).
    pub(super) offset_end: Option<usize>,
    /// `@N`: seconds since the epoch, and the nanoseconds of its fraction.
    pub(super) epoch: Option<(i64, i64)>,
    pub(super) items: u8,
    /// A year (`2023年`) and month (`11月`) whose day is still to come.
    pub(super) marked_year: Option<Year>,
    pub(super) marked_month: Option<(i64, usize)>,
    /// `下午`, `오후`: the half of the day of the time that follows.
    pub(super) half: Option<Meridian>,
    /// `AD`, `BC`, `BE` after the year.
    pub(super) era: Option<Era>,
    /// `morning`, `tonight`: the hour when no time is given, and the half
    /// of the day of one given without `am`/`pm`.
    pub(super) day_part: Option<(i8, Meridian)>,
    /// What the reader is not sure of (a weekday the date contradicts, a
    /// day-first date in a month-first locale).
    pub(super) warnings: Vec<String>,
}

/// `ET`, `PT`: North America's zones named without their season (as
/// `2022-03-12 23:00 ET` says), read as the zone, its DST kept; upper case
/// only (`et` is a word of French).
pub(super) fn generic_zone(word: &str) -> Option<&'static str> {
    match word {
        "ET" => Some("America/New_York"),
        "CT" => Some("America/Chicago"),
        "MT" => Some("America/Denver"),
        "PT" => Some("America/Los_Angeles"),
        "AKT" => Some("America/Anchorage"),
        _ => None,
    }
}

/// The nanoseconds of one of a clock's units (hours, minutes, seconds).
pub(super) fn clock_unit(unit: Unit) -> Option<i64> {
    match unit {
        Unit::Hour => Some(3_600_000_000_000),
        Unit::Minute => Some(60_000_000_000),
        Unit::Second => Some(1_000_000_000),
        _ => None,
    }
}

pub(super) fn chars(text: &str, byte: usize) -> usize {
    text[..byte.min(text.len())].chars().count()
}

/// A count with its written sign.
pub(super) fn signed_value(value: i64, negative: Option<bool>) -> i64 {
    if negative == Some(true) { -value } else { value }
}

/// The nanoseconds a fraction's digits write (`5` of `.5` is 500,000,000):
/// `None` beyond nine digits, where a nanosecond would be split.
pub(super) fn fraction_nanos(value: u64, digits: usize) -> Option<i64> {
    let scale = 10_u64.checked_pow(9_u32.checked_sub(u32::try_from(digits).ok()?)?)?;
    i64::try_from(value.checked_mul(scale)?).ok()
}

pub(super) fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

pub(super) fn read_as(instant: Timestamp, zone: &Zone, label: Option<&str>) -> String {
    use std::fmt::Write as _;
    let civil = zone.tz().to_datetime(instant);
    let mut text = String::with_capacity(64);
    // (Writing to a String cannot fail.)
    let _ = match (label, zone.name().starts_with(['+', '-'])) {
        (Some(label), _) => write!(text, "{civil}{} ({label})", zone.name()),
        (None, true) => write!(text, "{civil}{}", zone.name()),
        (None, false) => write!(text, "{civil} in {}", zone.name()),
    };
    text
}

pub(super) fn offset(seconds: i32) -> Result<Offset, TimeError> {
    Offset::from_seconds(seconds).map_err(|_| TimeError::invalid("the offset is beyond ±25 hours"))
}

pub(super) fn offset_of(seconds: i32) -> String {
    Offset::from_seconds(seconds).map(offset_text).unwrap_or_default()
}

pub(super) fn month_day_text(month: i64, day: i64) -> String {
    let name = usize::try_from(month - 1).ok().and_then(|i| MONTH_NAMES.get(i)).unwrap_or(&"?");
    format!("{name} {day}")
}

pub(super) fn no_such_date(year: i64, month: i64, day: i64) -> String {
    if (1..=12).contains(&month) {
        format!("there is no {} in {year}", month_day_text(month, day))
    } else {
        format!("there is no month {month}")
    }
}
