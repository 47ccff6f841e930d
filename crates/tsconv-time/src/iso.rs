//! ISO 8601, RFC 3339 and RFC 9557 date strings: the grammar, without the
//! meaning.
//!
//! One parser reads what Temporal reads (ISO 8601 calendar dates in extended
//! and basic form, times and offsets to the nanosecond, RFC 9557 suffixes),
//! widened to ISO 8601's week dates and ordinal dates. It keeps what it saw
//! (which separators, which offset form, which annotations), so that one
//! parse both yields the fields the reader turns into an instant and tells
//! which standards the text conforms to:
//! - an offset's hour is 00-23, in the offset and in a bracketed zone;
//! - an offset may carry seconds and a fraction of a second (Temporal), and
//!   the reader honours them exactly; RFC 3339 and RFC 9557 offsets are
//!   `±HH:MM` only;
//! - `:60` is kept as written: [`Parsed::leap_second_in_place`] says whether
//!   it can be a leap second (UTC 23:59:60), the reader checks the instant;
//! - years beyond ±9999 parse (six digits with a sign), so that the reader
//!   can answer `out_of_range` with the year instead of `invalid_timestamp`;
//! - fraction digits beyond nine parse (RFC 3339 allows any number), and the
//!   reader refuses them rather than round them.
//!
//! Dates are checked here (no February 30 in any year), since the check
//! needs only the calendar; whether a week 53 or a day 366 exists is checked
//! by the reader with jiff, which also knows the range.

/// Where and why a text is not in the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub message: String,
    /// Character index of the offending character.
    pub position: usize,
    /// The text has the shape of a date, but a field is out of its range
    /// (month 13, February 30, hour 24): the message says so on its own.
    pub out_of_field_range: bool,
}

/// The date part, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DateForm {
    /// `2023-11-14`, `20231114`
    Calendar { month: i8, day: i8 },
    /// `2023-W46-2`, `2023W462`
    Week { week: i8, weekday: i8 },
    /// `2023-318`, `2023318`
    Ordinal { day: i16 },
}

/// The time of day, as written (`second` may be 60).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ClockTime {
    pub hour: i8,
    pub minute: i8,
    pub second: i8,
    /// The first nine fraction digits, in nanoseconds.
    pub nanosecond: i32,
    /// How many fraction digits were written (may exceed nine).
    pub fraction_digits: usize,
    /// Character index of the first fraction digit.
    pub fraction_at: usize,
}

/// A UTC offset, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UtcOffset {
    /// `Z` or `z`
    Zulu,
    Numeric {
        negative: bool,
        /// The offset's size in nanoseconds (never negative).
        magnitude: i64,
        /// `+05:30` exactly: the only form RFC 3339 knows.
        hh_colon_mm: bool,
        /// Seconds or a fraction of a second: beyond ISO 8601's offsets.
        sub_minute: bool,
        /// Written without colons (`+0530`).
        basic: bool,
    },
}

impl UtcOffset {
    /// The offset in nanoseconds, east positive.
    pub fn nanoseconds(&self) -> i64 {
        match *self {
            UtcOffset::Zulu => 0,
            UtcOffset::Numeric { negative, magnitude, .. } => {
                if negative {
                    -magnitude
                } else {
                    magnitude
                }
            }
        }
    }

    /// `Z` and `-00:00` say that the local offset is unknown (RFC 9557
    /// section 2): such an offset never contradicts a bracketed zone.
    pub fn is_unknown_local(&self) -> bool {
        match *self {
            UtcOffset::Zulu => true,
            UtcOffset::Numeric { negative, magnitude, .. } => negative && magnitude == 0,
        }
    }
}

/// The time zone of an RFC 9557 suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZoneAnnotation<'a> {
    /// An IANA name, as written (looked up by the reader).
    Name(&'a str),
    /// `[+05:30]`, `[+0530]`, `[+05]`, in seconds east.
    Offset(i32),
}

/// One parsed date string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Parsed<'a> {
    /// May lie beyond ±9999; the reader answers `out_of_range` then.
    pub year: i32,
    pub date: DateForm,
    pub time: Option<ClockTime>,
    pub offset: Option<UtcOffset>,
    pub zone: Option<ZoneAnnotation<'a>>,
    /// Any bracketed suffix at all (a zone, a calendar, another key).
    pub annotated: bool,
    style: Style,
}

/// How the text was written, for the conformance flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    /// `±YYYYYY`
    expanded_year: bool,
    /// The date has its hyphens.
    date_extended: bool,
    /// The time has its colons.
    time_extended: bool,
    /// The time has its seconds.
    time_has_seconds: bool,
    /// The byte between date and time: `T`, `t` or a space.
    separator: Option<u8>,
    /// `.` or `,`
    decimal_sign: Option<u8>,
    /// `z` rather than `Z`.
    lowercase_zulu: bool,
    /// Every suffix is in RFC 9557's own grammar (time zone parts of at most
    /// 14 characters, numeric zones as `±HH:MM`).
    suffixes_rfc9557: bool,
}

impl Parsed<'_> {
    /// RFC 3339 section 5.6 `date-time` (with its note that allows a space
    /// for `T`), leap seconds in place. The fraction may have any number of
    /// digits, as the grammar says, even where the reader refuses the extra
    /// ones.
    pub fn is_rfc3339(&self) -> bool {
        !self.annotated && self.is_rfc3339_before_suffix()
    }

    /// RFC 9557 section 4.1 `date-time-ext`: an RFC 3339 date-time, then
    /// suffixes in RFC 9557's grammar (a calendar such as `[u-ca=discord]`
    /// is syntax, not meaning, and conforms).
    pub fn is_rfc9557(&self) -> bool {
        self.is_rfc3339_before_suffix() && (!self.annotated || self.style.suffixes_rfc9557)
    }

    fn is_rfc3339_before_suffix(&self) -> bool {
        let offset_ok = match self.offset {
            Some(UtcOffset::Zulu) => true,
            Some(UtcOffset::Numeric { hh_colon_mm, .. }) => hh_colon_mm,
            None => false,
        };
        matches!(self.date, DateForm::Calendar { .. })
            && !self.style.expanded_year
            && (0..=9999).contains(&self.year)
            && self.style.date_extended
            && self.style.time_extended
            && self.time.is_some()
            && self.style.time_has_seconds
            && self.style.decimal_sign.is_none_or(|sign| sign == b'.')
            && offset_ok
            && self.leap_second_in_place()
    }

    /// ISO 8601-1: any of its date forms, with or without a time, written
    /// wholly in the basic or wholly in the extended format, `T` as the
    /// separator, offsets in hours and minutes; no suffix (RFC 9557's
    /// brackets are not ISO 8601).
    pub fn is_iso8601(&self) -> bool {
        let offset_ok = match self.offset {
            None => true,
            Some(UtcOffset::Zulu) => !self.style.lowercase_zulu,
            Some(UtcOffset::Numeric { sub_minute, basic, hh_colon_mm, .. }) => {
                // `±HH` alone is both basic and extended.
                let hours_only = !basic && !hh_colon_mm;
                !sub_minute && (hours_only || basic != self.style.date_extended)
            }
        };
        let time_ok = match self.time {
            None => true,
            Some(_) => self.style.separator == Some(b'T') && self.style.time_extended == self.style.date_extended,
        };
        !self.annotated && time_ok && offset_ok && self.leap_second_in_place()
    }

    /// Whether a second of 60 sits where a leap second can: at 23:59:60 UTC
    /// (or, without an offset, at 23:59:60 on the wall clock; the reader
    /// checks such a time against its zone).
    pub fn leap_second_in_place(&self) -> bool {
        let Some(time) = self.time.filter(|t| t.second == 60) else {
            return true;
        };
        let local = i64::from(time.hour) * 3600 + i64::from(time.minute) * 60 + 59;
        let offset = match self.offset {
            None => 0,
            Some(offset) => offset.nanoseconds(),
        };
        offset % 1_000_000_000 == 0 && (local - offset / 1_000_000_000).rem_euclid(86_400) == 86_399
    }
}

/// Reads `text` in the grammar of the module docs. The whole text must be
/// used; nothing is trimmed.
pub(crate) fn parse(text: &str) -> Result<Parsed<'_>, SyntaxError> {
    parse_in(text, true)
}

/// As [`parse`], writing no message: where and whether the text is refused,
/// for a caller that writes the message only when it is the answer (by
/// parsing again with [`parse`]).
pub(crate) fn parse_unworded(text: &str) -> Result<Parsed<'_>, SyntaxError> {
    parse_in(text, false)
}

fn parse_in(text: &str, worded: bool) -> Result<Parsed<'_>, SyntaxError> {
    let mut cursor = Cursor { text, at: 0, worded };
    let mut style = Style { suffixes_rfc9557: true, ..Style::default() };
    let year = cursor.year(&mut style)?;
    let date = cursor.date(year, &mut style)?;
    let time = cursor.time(&mut style)?;
    let offset = match time {
        Some(_) => cursor.offset(&mut style)?,
        None if matches!(cursor.peek(), Some(b'Z' | b'z' | b'+' | b'-')) => {
            return Err(cursor.error("an offset needs a time before it (write 2023-11-14T00:00Z)"));
        }
        None => None,
    };
    let (zone, annotated) = cursor.annotations(&mut style)?;
    if let Some(c) = cursor.rest().chars().next() {
        return Err(cursor.error(format_args!("unexpected {c:?} after the date")));
    }
    Ok(Parsed { year, date, time, offset, zone, annotated, style })
}

struct Cursor<'a> {
    text: &'a str,
    /// Byte index.
    at: usize,
    /// Whether a refusal's message is written.
    worded: bool,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or_default()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    fn position(&self) -> usize {
        self.text.get(..self.at).map_or(self.at, |before| before.chars().count())
    }

    fn error(&self, message: impl std::fmt::Display) -> SyntaxError {
        if !self.worded {
            return SyntaxError { message: String::new(), position: self.position(), out_of_field_range: false };
        }
        let found = match self.rest().chars().next() {
            None => " (the text ends there)".to_owned(),
            Some('\u{2212}') => " (found U+2212 MINUS SIGN: write the ASCII hyphen-minus -)".to_owned(),
            Some(c) => format!(" (found {c:?})"),
        };
        SyntaxError { message: format!("{message}{found}"), position: self.position(), out_of_field_range: false }
    }

    /// A field that is there but out of its range.
    fn out_of_range(&self, message: impl std::fmt::Display) -> SyntaxError {
        let message = if self.worded { message.to_string() } else { String::new() };
        SyntaxError { message, position: self.position(), out_of_field_range: true }
    }

    /// How many ASCII digits follow.
    fn digits_ahead(&self) -> usize {
        self.rest().bytes().take_while(u8::is_ascii_digit).count()
    }

    /// Exactly `n` digits, as a number.
    fn number(&mut self, n: usize, what: &str) -> Result<i32, SyntaxError> {
        let digits = self.rest().as_bytes().get(..n).filter(|d| d.iter().all(u8::is_ascii_digit));
        let Some(digits) = digits else {
            return Err(self.error(format_args!("expected {what} ({n} digits)")));
        };
        let value = digits.iter().fold(0i32, |value, d| value * 10 + i32::from(d - b'0'));
        self.at += n;
        Ok(value)
    }

    /// A field of two digits within `range`.
    fn field(&mut self, what: &str, range: std::ops::RangeInclusive<i32>, hint: &str) -> Result<i8, SyntaxError> {
        let start = self.at;
        let value = self.number(2, what)?;
        if !range.contains(&value) {
            self.at = start;
            return Err(self.out_of_range(format_args!(
                "{what} {value:02} is out of its range {:02}-{:02}{hint}",
                range.start(),
                range.end()
            )));
        }
        Ok(value as i8)
    }

    fn year(&mut self, style: &mut Style) -> Result<i32, SyntaxError> {
        let negative = match self.peek() {
            Some(b'+') => false,
            Some(b'-') => true,
            _ => return self.number(4, "a four-digit year"),
        };
        self.at += 1;
        style.expanded_year = true;
        let start = self.at;
        let year = self.number(6, "six digits of a signed year (ISO 8601 expanded form, e.g. +002023)")?;
        if negative && year == 0 {
            self.at = start - 1;
            return Err(self.error("year -000000 is not allowed: write +000000 or 0000"));
        }
        Ok(if negative { -year } else { year })
    }

    fn date(&mut self, year: i32, style: &mut Style) -> Result<DateForm, SyntaxError> {
        style.date_extended = self.eat(b'-');
        if self.eat(b'W') {
            let week = self.field("week", 1..=53, "")?;
            if style.date_extended && !self.eat(b'-') {
                return Err(self.error("expected - and the day of the week after the week (2023-W46-2)"));
            }
            let start = self.at;
            let weekday = self.number(1, "the day of the week (1 for Monday to 7 for Sunday)")?;
            if !(1..=7).contains(&weekday) {
                self.at = start;
                return Err(self.out_of_range("the day of the week is 1 (Monday) to 7 (Sunday)"));
            }
            return Ok(DateForm::Week { week, weekday: weekday as i8 });
        }
        let ordinal = match (style.date_extended, self.digits_ahead()) {
            (true, 3) | (false, 3) => true,
            (true, 2) | (false, 4) => false,
            (true, _) => return Err(self.error("expected a two-digit month or a three-digit day of the year")),
            (false, _) => {
                return Err(self.error("expected MMDD (basic form), or - and the month (extended form)"));
            }
        };
        if ordinal {
            let start = self.at;
            let day = self.number(3, "the day of the year")?;
            if !(1..=366).contains(&day) {
                self.at = start;
                return Err(self.out_of_range("the day of the year is 001 to 366"));
            }
            return Ok(DateForm::Ordinal { day: day as i16 });
        }
        let month = self.field("month", 1..=12, "")?;
        if style.date_extended && !self.eat(b'-') {
            return Err(self.error("expected - and the day after the month"));
        }
        let start = self.at;
        let day = self.field("day", 1..=31, "")?;
        let last = days_in_month(year, month);
        if day > last {
            self.at = start;
            return Err(self.out_of_range(format_args!(
                "day {day} does not exist in {} {year} (it has {last} days; nothing is rolled over)",
                MONTH_NAMES[month as usize - 1]
            )));
        }
        Ok(DateForm::Calendar { month, day })
    }

    /// The time, if a separator follows.
    fn time(&mut self, style: &mut Style) -> Result<Option<ClockTime>, SyntaxError> {
        let Some(separator @ (b'T' | b't' | b' ')) = self.peek() else {
            return Ok(None);
        };
        self.at += 1;
        style.separator = Some(separator);
        let hour = self.field("hour", 0..=23, " (24:00 is not accepted: write 00:00 of the next day)")?;
        let mut time = ClockTime { hour, minute: 0, second: 0, nanosecond: 0, fraction_digits: 0, fraction_at: 0 };
        let extended = self.eat(b':');
        style.time_extended = extended;
        if !extended && self.digits_ahead() == 0 {
            // Hours only: both basic and extended.
            style.time_extended = style.date_extended;
            return self.no_fraction_after("the hour").map(|()| Some(time));
        }
        time.minute = self.field("minute", 0..=59, "")?;
        let more = if extended { self.eat(b':') } else { self.digits_ahead() > 0 };
        if !more {
            return self.no_fraction_after("the minute").map(|()| Some(time));
        }
        time.second = self.field("second", 0..=60, " (60 only for a leap second)")?;
        style.time_has_seconds = true;
        if let Some(sign @ (b'.' | b',')) = self.peek() {
            self.at += 1;
            style.decimal_sign = Some(sign);
            time.fraction_at = self.position();
            let digits = self.digits_ahead();
            if digits == 0 {
                return Err(self.error("expected the fraction's digits after the decimal sign"));
            }
            let kept = &self.rest()[..digits.min(9)];
            let value = kept.bytes().fold(0i32, |value, d| value * 10 + i32::from(d - b'0'));
            time.nanosecond = value * 10i32.pow(9 - kept.len() as u32);
            time.fraction_digits = digits;
            self.at += digits;
        }
        Ok(Some(time))
    }

    fn no_fraction_after(&self, what: &str) -> Result<(), SyntaxError> {
        match self.peek() {
            Some(b'.' | b',') => Err(self.error(format_args!(
                "a fraction is only accepted on the seconds, not on {what} (write the seconds: 12:30:00.5)"
            ))),
            _ => Ok(()),
        }
    }

    fn offset(&mut self, style: &mut Style) -> Result<Option<UtcOffset>, SyntaxError> {
        let negative = match self.peek() {
            Some(zulu @ (b'Z' | b'z')) => {
                self.at += 1;
                style.lowercase_zulu = zulu == b'z';
                return Ok(Some(UtcOffset::Zulu));
            }
            Some(b'+') => false,
            Some(b'-') => true,
            _ => return Ok(None),
        };
        self.at += 1;
        let hours = self.field("offset hour", 0..=23, " (an offset's hour is 00 to 23)")?;
        let mut magnitude = i64::from(hours) * 3_600_000_000_000;
        let extended = self.eat(b':');
        let (mut has_minutes, mut sub_minute) = (false, false);
        if extended || self.digits_ahead() > 0 {
            has_minutes = true;
            magnitude += i64::from(self.field("offset minute", 0..=59, "")?) * 60_000_000_000;
            let more = if extended { self.eat(b':') } else { self.digits_ahead() > 0 };
            if more {
                sub_minute = true;
                magnitude += i64::from(self.field("offset second", 0..=59, "")?) * 1_000_000_000;
                if matches!(self.peek(), Some(b'.' | b',')) {
                    self.at += 1;
                    let digits = self.digits_ahead();
                    if !(1..=9).contains(&digits) {
                        return Err(self.error("an offset's fraction of a second has 1 to 9 digits"));
                    }
                    let fraction = self.rest()[..digits].bytes().fold(0i64, |v, d| v * 10 + i64::from(d - b'0'));
                    magnitude += fraction * 10i64.pow(9 - digits as u32);
                    self.at += digits;
                }
            }
        }
        Ok(Some(UtcOffset::Numeric {
            negative,
            magnitude,
            hh_colon_mm: extended && has_minutes && !sub_minute,
            sub_minute,
            basic: !extended && has_minutes,
        }))
    }

    /// RFC 9557 suffixes: at most one time zone, first; then keys, where an
    /// unknown key is ignored unless marked critical with `!`. The calendar
    /// (`u-ca`) names how to display the date and does not change the
    /// instant, so any calendar is read, as `Temporal.Instant.from` does.
    fn annotations(&mut self, style: &mut Style) -> Result<(Option<ZoneAnnotation<'a>>, bool), SyntaxError> {
        let mut zone = None;
        let mut annotated = false;
        let mut calendars = 0;
        let mut critical_calendar = false;
        while self.peek() == Some(b'[') {
            let open = self.at;
            self.at += 1;
            let critical = self.eat(b'!');
            let Some(length) = self.rest().find(']') else {
                return Err(self.error("expected ] to close the annotation"));
            };
            let content = &self.rest()[..length];
            if let Some((key, value)) = content.split_once('=') {
                if !is_annotation_key(key) {
                    return Err(self.error(
                        "an annotation key is lowercase letters, digits, - and _, starting with a letter or _ (u-ca)",
                    ));
                }
                if !is_annotation_value(value) {
                    self.at += key.len() + 1;
                    return Err(self.error("an annotation value is letters and digits in groups joined by -"));
                }
                if key == "u-ca" {
                    calendars += 1;
                    critical_calendar |= critical;
                    if calendars > 1 && critical_calendar {
                        self.at = open;
                        return Err(self.error("a critical calendar annotation cannot stand beside another one"));
                    }
                } else if critical {
                    self.at = open;
                    return Err(self.error(format_args!(
                        "the annotation [!{content}] is marked critical (!) but its key {key:?} is not one tsconv \
                         knows; drop the ! to have it ignored"
                    )));
                }
            } else {
                if annotated {
                    return Err(self.error(if zone.is_some() {
                        "only one time zone annotation is allowed"
                    } else {
                        "the time zone annotation must come before the other annotations"
                    }));
                }
                let (annotation, rfc9557) = zone_annotation(content).ok_or_else(|| {
                    self.error(
                        "a bracketed time zone is an IANA name (America/New_York) or an offset ±HH:MM of whole minutes",
                    )
                })?;
                style.suffixes_rfc9557 &= rfc9557;
                zone = Some(annotation);
            }
            annotated = true;
            self.at += length + 1;
        }
        Ok((zone, annotated))
    }
}

/// A bracketed time zone, and whether RFC 9557's grammar has it.
fn zone_annotation(content: &str) -> Option<(ZoneAnnotation<'_>, bool)> {
    let bytes = content.as_bytes();
    if let Some(sign @ (b'+' | b'-')) = bytes.first() {
        let digits: Vec<u8> = bytes[1..].iter().copied().filter(|&b| b != b':').collect();
        let colons = bytes[1..].iter().filter(|&&b| b == b':').count();
        let well_formed = match (bytes.len(), colons) {
            (3, 0) | (5, 0) => true,
            (6, 1) => bytes[3] == b':',
            _ => false,
        };
        if !well_formed || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let number = |d: &[u8]| i32::from(d[0] - b'0') * 10 + i32::from(d[1] - b'0');
        let hours = number(&digits[..2]);
        let minutes = if digits.len() == 4 { number(&digits[2..]) } else { 0 };
        if hours > 23 || minutes > 59 {
            return None;
        }
        let seconds = (hours * 3600 + minutes * 60) * if *sign == b'-' { -1 } else { 1 };
        return Some((ZoneAnnotation::Offset(seconds), bytes.len() == 6));
    }
    let parts_ok = content.split('/').all(|part| {
        let initial = part.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'.' || b == b'_');
        initial
            && part != "."
            && part != ".."
            && part.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'+'))
    });
    parts_ok.then(|| (ZoneAnnotation::Name(content), content.split('/').all(|part| part.len() <= 14)))
}

fn is_annotation_key(key: &str) -> bool {
    let mut bytes = key.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

fn is_annotation_value(value: &str) -> bool {
    value.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The English month names, January first (also people's reader's).
pub(crate) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The proleptic Gregorian calendar, for any year.
pub(crate) fn is_leap_year(year: i32) -> bool {
    year.rem_euclid(4) == 0 && (year.rem_euclid(100) != 0 || year.rem_euclid(400) == 0)
}

pub(crate) fn days_in_month(year: i32, month: i8) -> i8 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_date_form_and_its_fields() {
        let date = |text| parse(text).unwrap().date;
        assert_eq!(date("2023-11-14"), DateForm::Calendar { month: 11, day: 14 });
        assert_eq!(date("20231114T00"), DateForm::Calendar { month: 11, day: 14 });
        assert_eq!(date("2023-W46-2"), DateForm::Week { week: 46, weekday: 2 });
        assert_eq!(date("2023W462"), DateForm::Week { week: 46, weekday: 2 });
        assert_eq!(date("2023-318"), DateForm::Ordinal { day: 318 });
        assert_eq!(date("2023318T12Z"), DateForm::Ordinal { day: 318 });
        assert_eq!(parse("+275760-09-13T00:00Z").unwrap().year, 275_760);
        assert_eq!(parse("-000001-01-01").unwrap().year, -1);
    }

    #[test]
    fn times_and_offsets_are_exact() {
        let p = parse("2023-11-14T17:13:20.123456789-00:00:00.000000001").unwrap();
        let time = p.time.unwrap();
        assert_eq!((time.hour, time.minute, time.second, time.nanosecond), (17, 13, 20, 123_456_789));
        assert_eq!(p.offset.unwrap().nanoseconds(), -1);
        let p = parse("1970-01-01T00:19:32.37+00:19:32.37").unwrap();
        assert_eq!(p.offset.unwrap().nanoseconds(), 1_172_370_000_000);
        assert_eq!(parse("1970-01-01T00+0530").unwrap().offset.unwrap().nanoseconds(), 19_800_000_000_000);
        let p = parse("1985-04-12T00:59:59.999999999999999Z").unwrap();
        assert_eq!(p.time.unwrap().fraction_digits, 15);
        assert!(p.is_rfc3339());
    }

    #[test]
    fn refusals_point_at_the_character() {
        for (text, position, words) in [
            ("2020-01-01T00:00+24:00", 17, "offset hour 24"),
            ("2020-01-01T24:00Z", 11, "24:00 is not accepted"),
            ("2023-02-30", 8, "February 2023 (it has 28 days"),
            ("2022-09-15Z", 10, "needs a time"),
            ("2025-04-03T12.5", 13, "fraction is only accepted on the seconds"),
            ("1976-11-18T15:23:30.12\u{2212}02:00", 22, "U+2212"),
            ("-000000-03-30T00:45Z", 0, "-000000"),
            ("2025-01-01T00:00:00+00:0000", 25, "unexpected"),
            ("202501-01T00:00:00+00:00", 4, "MMDD"),
            ("2023-W46", 8, "day of the week"),
            ("1970-01-01T00:00Z[UTC][UTC]", 23, "only one time zone"),
            ("1970-01-01T00:00Z[u-ca=iso8601][UTC]", 32, "must come before"),
            ("1970-01-01T00:00Z[!foo=bar]", 17, "critical"),
            ("1970-01-01T00:00Z[u-ca=iso8601][!u-ca=iso8601]", 31, "critical calendar"),
            ("1970-01-01T00:00Z[U-CA=iso8601]", 18, "lowercase"),
            ("2021-08-19T17:30-07:00:01[-07:00:01]", 26, "whole minutes"),
        ] {
            let error = parse(text).unwrap_err();
            assert_eq!(error.position, position, "{text}: {}", error.message);
            assert!(error.message.contains(words), "{text}: {}", error.message);
        }
    }

    #[test]
    fn conformance_follows_each_standard() {
        let flags = |text| {
            let p = parse(text).unwrap();
            (p.is_rfc3339(), p.is_iso8601(), p.is_rfc9557())
        };
        assert_eq!(flags("2023-11-14T22:13:20Z"), (true, true, true));
        assert_eq!(flags("2023-11-14t22:13:20z"), (true, false, true));
        assert_eq!(flags("2023-11-14 22:13:20+05:30"), (true, false, true));
        assert_eq!(flags("20231114T221320Z"), (false, true, false));
        assert_eq!(flags("20231114T22:13:20Z"), (false, false, false));
        assert_eq!(flags("2023-11-14T22:13Z"), (false, true, false));
        assert_eq!(flags("2023-11-14T22:13:20,5Z"), (false, true, false));
        assert_eq!(flags("2023-11-14T22:13:20+0530"), (false, false, false));
        assert_eq!(flags("2023-11-14T22:13:20+01:00:00"), (false, false, false));
        assert_eq!(flags("2023-11-14T22:13:20Z[America/New_York]"), (false, false, true));
        assert_eq!(flags("2023-11-14T22:13:20Z[u-ca=discord]"), (false, false, true));
        assert_eq!(flags("2023-11-14T22:13:20Z[!u-ca=iso8601]"), (false, false, true));
        assert_eq!(flags("2023-11-14T22:13:20Z[+00]"), (false, false, false));
        assert_eq!(flags("2023-11-14T22:13:20Z[+00:00]"), (false, false, true));
        assert_eq!(flags("2023-W46-2"), (false, true, false));
        assert_eq!(flags("20231114T221320+0530"), (false, true, false));
        assert_eq!(flags("20231114T221320+05:30"), (false, false, false));
        assert_eq!(flags("20231114T221320+05"), (false, true, false));
        assert_eq!(flags("+002023-11-14T22:13:20Z"), (false, true, false));
        // Leap seconds only at 23:59:60 UTC.
        assert_eq!(flags("1998-12-31T23:59:60Z"), (true, true, true));
        assert_eq!(flags("1998-12-31T15:59:60.123-08:00"), (true, true, true));
        assert_eq!(flags("1998-12-31T23:58:60Z"), (false, false, false));
        assert_eq!(flags("1998-12-31T23:59:60+01:00"), (false, false, false));
    }

    #[test]
    fn leap_years_of_any_year() {
        assert!(is_leap_year(2000) && is_leap_year(-4) && is_leap_year(0) && !is_leap_year(1900));
        assert_eq!(days_in_month(2100, 2), 28);
        assert!(parse("0400-02-29").is_ok());
        assert!(parse("0100-02-29").is_err());
    }
}
