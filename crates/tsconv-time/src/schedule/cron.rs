//! Cron expressions: Vixie's five fields, six with seconds first, seven
//! with a year last; the `@daily` family; Quartz's `L`, `W`, `#` and `?`;
//! a `CRON_TZ=` (or `TZ=`) prefix naming the zone.
//!
//! Each field is checked here first, so that an error names the field, the
//! character it starts at, and for a misspelt name the close one; croner
//! then reads the expression and matches it on the wall clock (given as
//! UTC). Day of month and day of week restricted together match either
//! (Vixie's rule).

use chrono::{NaiveDate, NaiveDateTime, TimeZone as _, Timelike as _, Utc};
use croner::parser::{CronParser, Seconds, Year};
use jiff::civil::DateTime;

use super::Wall;
use super::words::Words;
use crate::error::TimeError;
use crate::zone::Zone;
use croner::describe::Language as _;

/// An expression croner matches, with what the engine needs besides.
pub(crate) struct Cron {
    pub(super) cron: croner::Cron,
    /// Vixie's fixed-time job: no `*` in the second, minute and hour fields.
    pub fixed: bool,
    pub zone: Option<Zone>,
    /// systemd's days counted back from a month's end (`~03`, `~07/2`):
    /// bit `n` set for the `n`th-last day (1 is the last). croner matches
    /// the days of the month these can be (`26-29` for the third-last),
    /// and a run on another is skipped. `0`: no such days.
    pub(super) from_end: u32,
    /// For days counted from a month's end, the same pattern with `L` for
    /// its days of the month: croner describes that one (the days it
    /// matches would name the wrong days), and the words of `from_end`
    /// replace those of `L`.
    described_as: Option<croner::Cron>,
}

const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const WEEKDAYS: [&str; 7] = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Second,
    Minute,
    Hour,
    DayOfMonth,
    Month,
    DayOfWeek,
    Year,
}

impl Field {
    const fn name(self) -> &'static str {
        match self {
            Field::Second => "second",
            Field::Minute => "minute",
            Field::Hour => "hour",
            Field::DayOfMonth => "day-of-month",
            Field::Month => "month",
            Field::DayOfWeek => "day-of-week",
            Field::Year => "year",
        }
    }

    const fn range(self) -> (u32, u32) {
        match self {
            Field::Second | Field::Minute => (0, 59),
            Field::Hour => (0, 23),
            Field::DayOfMonth => (1, 31),
            Field::Month => (1, 12),
            Field::DayOfWeek => (0, 7),
            Field::Year => (1970, 2999),
        }
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            Field::Month => &MONTHS,
            Field::DayOfWeek => &WEEKDAYS,
            _ => &[],
        }
    }
}

/// Reads a cron expression (`@daily`, five to seven fields, an optional
/// `CRON_TZ=` prefix).
pub(crate) fn read(expression: &str) -> Result<Cron, TimeError> {
    let (zone, rest, offset) = zone_prefix(expression)?;
    let body = match rest.trim().to_ascii_lowercase().as_str() {
        "@yearly" | "@annually" => "0 0 1 1 *",
        "@monthly" => "0 0 1 * *",
        "@weekly" => "0 0 * * 0",
        "@daily" | "@midnight" => "0 0 * * *",
        "@hourly" => "0 * * * *",
        "@reboot" => {
            return Err(TimeError::invalid_schedule(
                "@reboot runs when cron starts, not at a time: it has no next run to compute",
            ));
        }
        other if other.starts_with('@') => {
            return Err(TimeError::InvalidSchedule {
                message: format!(
                    "unknown cron shorthand {:?}: use @yearly, @monthly, @weekly, @daily or @hourly",
                    rest.trim()
                ),
                field: None,
                position: Some(offset),
                suggestion: None,
            });
        }
        _ => rest,
    };
    let shorthand = body != rest;
    let fields = split(body, if shorthand { 0 } else { offset });
    let layout: &[Field] = match fields.len() {
        5 => &[Field::Minute, Field::Hour, Field::DayOfMonth, Field::Month, Field::DayOfWeek],
        6 => &[Field::Second, Field::Minute, Field::Hour, Field::DayOfMonth, Field::Month, Field::DayOfWeek],
        7 => {
            &[Field::Second, Field::Minute, Field::Hour, Field::DayOfMonth, Field::Month, Field::DayOfWeek, Field::Year]
        }
        n => {
            return Err(TimeError::invalid_schedule(format!(
                "a cron expression has 5 fields (minute hour day-of-month month day-of-week), 6 with seconds \
                 first or 7 with a year last; this one has {n}"
            )));
        }
    };
    for (&field, &(text, at)) in layout.iter().zip(&fields) {
        check_field(field, text, at)?;
    }
    never_fires(layout, &fields, false)?;
    let fixed = layout
        .iter()
        .zip(&fields)
        .filter(|(field, _)| matches!(field, Field::Second | Field::Minute | Field::Hour))
        .all(|(_, (text, _))| !text.contains('*'));
    let parser = CronParser::builder().seconds(Seconds::Optional).year(Year::Optional).build();
    let joined: Vec<&str> = fields.iter().map(|&(text, _)| text).collect();
    let cron = parser.parse(&joined.join(" ")).map_err(|error| {
        TimeError::invalid_schedule(format!("the cron expression {:?} is not valid: {error}", body.trim()))
    })?;
    Ok(Cron { cron, fixed, zone, from_end: 0, described_as: None })
}

impl Cron {
    /// Built from a pattern the engine wrote itself (systemd's translation),
    /// its runs kept to the days `from_end` counts back from a month's end
    /// (`0`: every day the pattern matches).
    pub(crate) fn translated(pattern: &str, zone: Option<Zone>, from_end: u32) -> Result<Cron, TimeError> {
        const SEVEN: [Field; 7] =
            [Field::Second, Field::Minute, Field::Hour, Field::DayOfMonth, Field::Month, Field::DayOfWeek, Field::Year];
        never_fires(&SEVEN, &split(pattern, 0), true)?;
        let parser = CronParser::builder().seconds(Seconds::Required).year(Year::Required).dom_and_dow(true).build();
        let cron = parser.parse(pattern).map_err(|error| {
            TimeError::invalid_schedule(format!("the calendar event is not valid: {error} (read as {pattern})"))
        })?;
        let described_as = (from_end != 0).then(|| {
            let fields: Vec<&str> = pattern.split(' ').enumerate().map(|(i, f)| if i == 3 { "L" } else { f }).collect();
            parser.parse(&fields.join(" ")).ok()
        });
        Ok(Cron { cron, fixed: false, zone, from_end, described_as: described_as.flatten() })
    }

    /// The expression in `words`.
    pub(crate) fn describe(&self, words: &Words<'_>) -> String {
        if self.from_end == 0 {
            return words.finish_cron(&self.cron.describe_lang(*words));
        }
        let on_days = days_from_end_in_words(self.from_end, words);
        let text = match &self.described_as {
            Some(last) => last.describe_lang(*words).replacen(&words.on_phrase(words.phrases().last_day), &on_days, 1),
            None => format!("{} ({on_days})", self.cron.describe_lang(*words)),
        };
        words.finish_cron(&text)
    }

    pub(crate) fn wall(&self) -> CronWall<'_> {
        CronWall { cron: &self.cron, from_end: self.from_end }
    }
}

/// `CRON_TZ=Zone ` or `TZ=Zone ` before the fields: the zone, the rest,
/// and where the rest starts.
fn zone_prefix(expression: &str) -> Result<(Option<Zone>, &str, usize), TimeError> {
    let upper = expression.to_ascii_uppercase();
    let Some(after) = ["CRON_TZ=", "TZ="].iter().find(|prefix| upper.starts_with(*prefix)).map(|p| p.len()) else {
        return Ok((None, expression, 0));
    };
    let rest = &expression[after..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let zone = Zone::parse(&rest[..end])?;
    Ok((Some(zone), &rest[end..], after + end))
}

/// The fields of `body` with the character each starts at.
fn split(body: &str, offset: usize) -> Vec<(&str, usize)> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in body.char_indices().chain([(body.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((&body[s..i], offset + body[..s].chars().count()));
                start = None;
            }
            _ => {}
        }
    }
    fields
}

fn error(field: Field, at: usize, message: String, suggestion: Option<&'static str>) -> TimeError {
    TimeError::InvalidSchedule {
        message: format!("{} field (character {}): {message}", field.name(), at + 1),
        field: Some(field.name()),
        position: Some(at),
        suggestion,
    }
}

/// Checks one field's lists, ranges, steps, names and Quartz's letters.
fn check_field(field: Field, text: &str, at: usize) -> Result<(), TimeError> {
    let mut offset = 0;
    for part in text.split(',') {
        let here = at + text[..offset].chars().count();
        offset += part.len() + 1;
        if part.is_empty() {
            return Err(error(field, here, "an empty item in a list".to_owned(), None));
        }
        check_part(field, part, here)?;
    }
    Ok(())
}

fn check_part(field: Field, part: &str, at: usize) -> Result<(), TimeError> {
    let upper = part.to_ascii_uppercase();
    // Quartz forms croner does not read: refused here, in words, rather than matched wrong.
    match (field, upper.as_str()) {
        (Field::DayOfWeek, "L") => {
            let message = "L alone is Quartz's Saturday: write SAT (or 6), or 5L for the last Friday of the month";
            return Err(error(field, at, message.to_owned(), None));
        }
        (Field::DayOfMonth, "LW") => {
            let message =
                "LW (the last weekday of the month) is not read: write L for the last day, or 28-31 with a weekday";
            return Err(error(field, at, message.to_owned(), None));
        }
        _ => {}
    }
    let quartz = match field {
        Field::DayOfMonth => {
            upper == "?"
                || upper == "L"
                || upper == "LW"
                || number_then(&upper, "W").is_some_and(|d| (1..=31).contains(&d))
        }
        Field::DayOfWeek => {
            upper == "?"
                || number_then(&upper, "L").is_some_and(|d| d <= 7)
                || upper.split_once('#').is_some_and(|(day, nth)| {
                    value(field, day).is_ok_and(|d| d <= 7) && nth.parse::<u32>().is_ok_and(|n| (1..=5).contains(&n))
                })
        }
        _ => false,
    };
    if quartz {
        return Ok(());
    }
    let (range, step) = match part.split_once('/') {
        Some((range, step)) => (range, Some(step)),
        None => (part, None),
    };
    let max = field.range().1;
    if let Some(step) = step {
        let ok = step.parse::<u32>().is_ok_and(|step| step >= 1 && step <= max.max(1));
        if !ok {
            return Err(error(
                field,
                at + range.len() + 1,
                format!("the step {step:?} must be a whole number from 1 to {max}"),
                None,
            ));
        }
    }
    if range == "*" {
        return Ok(());
    }
    let (low, high) = match range.split_once('-') {
        Some((low, high)) => (low, Some(high)),
        None => (range, None),
    };
    let low_value = value(field, low).map_err(|(message, suggestion)| error(field, at, message, suggestion))?;
    if let Some(high) = high {
        let high_at = at + low.len() + 1;
        let high_value =
            value(field, high).map_err(|(message, suggestion)| error(field, high_at, message, suggestion))?;
        if high_value < low_value {
            return Err(error(
                field,
                at,
                format!(
                    "the range {range} runs backwards: write the smaller value first ({high}-{low} is not read as a wrap)"
                ),
                None,
            ));
        }
    }
    Ok(())
}

/// `digits` followed by `suffix`: the number.
fn number_then(text: &str, suffix: &str) -> Option<u32> {
    let digits = text.strip_suffix(suffix)?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

/// One value of a field: a number in range, or a name the field knows.
fn value(field: Field, text: &str) -> Result<u32, (String, Option<&'static str>)> {
    let (min, max) = field.range();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| (format!("{text} is out of range: use {min} to {max}"), None));
    }
    let names = field.names();
    let upper = text.to_ascii_uppercase();
    if let Some(index) = names.iter().position(|name| *name == upper) {
        return Ok(index as u32 + u32::from(field == Field::Month));
    }
    let close = names
        .iter()
        .copied()
        .filter(|name| strsim::damerau_levenshtein(name, &upper) <= 2)
        .min_by_key(|name| strsim::damerau_levenshtein(name, &upper));
    let expected = if names.is_empty() {
        format!("a number from {min} to {max}")
    } else {
        format!("a number from {min} to {max} or a name ({})", names.join(", "))
    };
    let message = match close {
        Some(close) => format!("unknown name {text:?}: did you mean {close}?"),
        None => format!("{text:?} is not {expected}"),
    };
    Err((message, close))
}

/// An expression whose days of the month exist in none of its months,
/// with no weekday to match instead (`0 0 30 2 *`; with `both`, as systemd
/// requires the day and the weekday, whatever the weekday), is refused at
/// once rather than searched for until croner's last year.
fn never_fires(layout: &[Field], fields: &[(&str, usize)], both: bool) -> Result<(), TimeError> {
    let text = |wanted: Field| layout.iter().zip(fields).find(|(field, _)| **field == wanted).map(|(_, f)| *f);
    let (Some((dom, _)), Some((month, _)), Some((dow, _))) =
        (text(Field::DayOfMonth), text(Field::Month), text(Field::DayOfWeek))
    else {
        return Ok(());
    };
    if !(both || matches!(dow, "*" | "?")) || dom.contains(['*', '?', 'L', 'l', 'W', 'w']) {
        return Ok(());
    }
    let values = |field: Field, text: &str| -> Option<Vec<u32>> {
        let mut all = Vec::new();
        for part in text.split(',') {
            let (range, step) = match part.split_once('/') {
                Some((range, step)) => (range, step.parse::<u32>().ok()?),
                None => (part, 1),
            };
            let (low, high) = match range {
                "*" => field.range(),
                _ => match range.split_once('-') {
                    Some((low, high)) => (value(field, low).ok()?, value(field, high).ok()?),
                    None => {
                        let low = value(field, range).ok()?;
                        (low, if step > 1 || part.contains('/') { field.range().1 } else { low })
                    }
                },
            };
            all.extend((low..=high).step_by(step as usize));
        }
        Some(all)
    };
    let (Some(days), Some(months)) = (values(Field::DayOfMonth, dom), values(Field::Month, month)) else {
        return Ok(());
    };
    let longest = months.iter().map(|&m| [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(m as usize - 1) % 12]).max();
    if let (Some(&first), Some(longest)) = (days.iter().min(), longest)
        && first > longest
    {
        return Err(TimeError::invalid_schedule(format!(
            "the schedule never fires: day {first} of the month exists in none of its months (the longest has \
             {longest} days)"
        )));
    }
    Ok(())
}

/// croner's matcher on the wall clock, given to it as UTC: whole seconds,
/// searched no further than croner's last year (5000).
pub(crate) struct CronWall<'c> {
    cron: &'c croner::Cron,
    from_end: u32,
}

/// The most days of the month a search for days counted from its end
/// passes over before it says there is no run: far more than 28 years of
/// candidate days (after which weekdays repeat).
const MAX_SKIPPED_DAYS: usize = 20_000;

/// On `days` (bit `n`: the `n`th-last day of a month), in `words`.
fn days_from_end_in_words(days: u32, words: &Words<'_>) -> String {
    let phrases = words.phrases();
    let list: Vec<u32> = (1..=28).filter(|n| days & (1 << n) != 0).collect();
    match list[..] {
        [1, .., last] if list.len() as u32 == last => {
            words.fill(phrases.last_days, &words.count(crate::unit::TimeUnit::Day, i64::from(last)))
        }
        _ => {
            let items: Vec<String> = list
                .iter()
                .rev()
                .map(|&n| match n {
                    1 => phrases.last_day.to_owned(),
                    n => words.fill_nth(phrases.nth_last_day, &n.to_string(), i64::from(n)),
                })
                .collect();
            words.on_phrase(&words.list(&items))
        }
    }
}

impl CronWall<'_> {
    /// Whether `day` is one of the days counted from its month's end.
    fn fits(&self, day: DateTime) -> bool {
        let from_end = i32::from(day.days_in_month()) - i32::from(day.day()) + 1;
        self.from_end == 0 || (1..=28).contains(&from_end) && self.from_end & (1 << from_end) != 0
    }
}

fn to_chrono(wall: DateTime) -> Option<chrono::DateTime<Utc>> {
    let date = NaiveDate::from_ymd_opt(i32::from(wall.year()), wall.month() as u32, wall.day() as u32)?;
    let time = chrono::NaiveTime::from_hms_opt(wall.hour() as u32, wall.minute() as u32, wall.second() as u32)?;
    Some(Utc.from_utc_datetime(&NaiveDateTime::new(date, time)))
}

pub(crate) fn from_chrono(time: NaiveDateTime) -> Option<DateTime> {
    use chrono::Datelike as _;
    let year = i16::try_from(time.year()).ok()?;
    DateTime::new(
        year,
        time.month() as i8,
        time.day() as i8,
        time.hour() as i8,
        time.minute() as i8,
        time.second() as i8,
        0,
    )
    .ok()
}

impl Wall for CronWall<'_> {
    fn after(&mut self, after: DateTime) -> Result<Option<DateTime>, TimeError> {
        // Whole seconds: after 10:00:00.5 is after 10:00:00.
        let Some(mut start) = to_chrono(after) else { return Ok(None) };
        for _ in 0..MAX_SKIPPED_DAYS {
            let Some(next) =
                self.cron.find_next_occurrence(&start, false).ok().and_then(|n| from_chrono(n.naive_utc()))
            else {
                return Ok(None);
            };
            if self.fits(next) {
                return Ok(Some(next));
            }
            // Not a day counted from the month's end: on from its last second.
            let Some(end) = to_chrono(next.date().to_datetime(jiff::civil::time(23, 59, 59, 0))) else {
                return Ok(None);
            };
            start = end;
        }
        Ok(None)
    }

    fn before(&mut self, before: DateTime) -> Result<Option<DateTime>, TimeError> {
        let Some(mut start) = to_chrono(before) else { return Ok(None) };
        let mut inclusive = before.subsec_nanosecond() != 0;
        for _ in 0..MAX_SKIPPED_DAYS {
            let Some(previous) = self
                .cron
                .find_previous_occurrence(&start, inclusive)
                .ok()
                .and_then(|previous| from_chrono(previous.naive_utc()))
            else {
                return Ok(None);
            };
            if self.fits(previous) {
                return Ok(Some(previous));
            }
            let Some(midnight) = to_chrono(previous.date().to_datetime(jiff::civil::time(0, 0, 0, 0))) else {
                return Ok(None);
            };
            (start, inclusive) = (midnight, false);
        }
        Ok(None)
    }
}
