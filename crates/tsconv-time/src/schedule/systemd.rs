//! systemd calendar events (`OnCalendar=`, systemd.time(7)): `[weekdays]
//! [date] [time] [zone]`, with lists (`,`), ranges (`..`), repetitions
//! (`/`), days counted back from a month's end (`~01` its last, `~07/1`
//! its last seven) and the shorthands (`daily`, `weekly`, ...). Each is
//! translated to a seven-field pattern (seconds first, year last) that
//! croner matches with both the day of month and the weekday required, as
//! systemd requires them; days counted from the end are matched on the
//! days of the month they can be, and a run on another is skipped.

use super::cron::Cron;
use crate::error::TimeError;
use crate::zone::Zone;

const WEEKDAYS: [(&str, &str); 7] =
    [("mon", "MON"), ("tue", "TUE"), ("wed", "WED"), ("thu", "THU"), ("fri", "FRI"), ("sat", "SAT"), ("sun", "SUN")];
const FULL: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// Reads a calendar event into croner's seven fields.
pub(crate) fn read(expression: &str) -> Result<Cron, TimeError> {
    let mut tokens: Vec<(&str, usize)> = Vec::new();
    for (i, _) in expression.match_indices(|c: char| !c.is_whitespace()) {
        let starts = i == 0 || expression[..i].ends_with(char::is_whitespace);
        if starts {
            let end = expression[i..].find(char::is_whitespace).map_or(expression.len(), |e| i + e);
            tokens.push((&expression[i..end], expression[..i].chars().count()));
        }
    }
    // A zone last: systemd reads any name of the tz database there.
    let mut zone = None;
    if tokens.len() > 1
        && let Some(&(last, _)) = tokens.last()
        && let Ok(found) = Zone::parse_without_suggestions(last)
    {
        zone = Some(found);
        tokens.pop();
    }
    if let [(word, at)] = tokens[..]
        && let Some(expanded) = shorthand(word)
    {
        return translate(&split_owned(expanded, at), zone);
    }
    translate(&tokens, zone)
}

fn split_owned(text: &'static str, at: usize) -> Vec<(&'static str, usize)> {
    text.split(' ').map(|token| (token, at)).collect()
}

fn shorthand(word: &str) -> Option<&'static str> {
    Some(match word.to_ascii_lowercase().as_str() {
        "minutely" => "*-*-* *:*:00",
        "hourly" => "*-*-* *:00:00",
        "daily" => "*-*-* 00:00:00",
        "monthly" => "*-*-01 00:00:00",
        "weekly" => "Mon *-*-* 00:00:00",
        "yearly" | "annually" => "*-01-01 00:00:00",
        "quarterly" => "*-01,04,07,10-01 00:00:00",
        "semiannually" => "*-01,07-01 00:00:00",
        _ => return None,
    })
}

fn error(message: String, field: &'static str, at: usize) -> TimeError {
    TimeError::InvalidSchedule {
        message: format!("{field} (character {}): {message}", at + 1),
        field: Some(field),
        position: Some(at),
        suggestion: None,
    }
}

fn translate(tokens: &[(&str, usize)], zone: Option<Zone>) -> Result<Cron, TimeError> {
    let mut rest = tokens;
    let mut weekdays = "*".to_owned();
    if let Some(&(first, at)) = rest.first()
        && first.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        weekdays = weekday_list(first, at)?;
        rest = &rest[1..];
    }
    let (mut year, mut month, mut day) = ("*".to_owned(), "*".to_owned(), "*".to_owned());
    let (mut hour, mut minute, mut second) = ("0".to_owned(), "0".to_owned(), "0".to_owned());
    let mut from_end = 0;
    let mut seen_date = false;
    let mut seen_time = false;
    for &(token, at) in rest {
        if token.contains(':') && !seen_time {
            seen_time = true;
            let parts: Vec<&str> = token.split(':').collect();
            let (h, m, s) = match parts[..] {
                [h, m] => (h, m, "00"),
                [h, m, s] => (h, m, s),
                _ => return Err(error(format!("{token:?} is not a time: write HH:MM or HH:MM:SS"), "time", at)),
            };
            if s.replace("..", "").contains('.') {
                return Err(error("fractions of a second are not read".to_owned(), "second", at));
            }
            hour = component(h, 0, 23, "hour", at)?;
            minute = component(m, 0, 59, "minute", at + h.len() + 1)?;
            second = component(s, 0, 59, "second", at + h.len() + m.len() + 2)?;
            // systemd counts seconds in microseconds, and refuses a range of
            // them shorter than its one-second step (`45..45`).
            if let Some(range) = s.split(',').find(|item| item.split_once("..").is_some_and(|(low, high)| low == high))
            {
                return Err(error(
                    format!(
                        "the range {range} ends where it starts, and systemd refuses it: write {}",
                        &range[..range.find("..").unwrap_or(0)]
                    ),
                    "second",
                    at + h.len() + m.len() + 2,
                ));
            }
        } else if (token.contains('-') || token.contains('~')) && !seen_date && !seen_time {
            seen_date = true;
            let (date, last) = match token.split_once('~') {
                Some((date, last)) => (date, Some(last)),
                None => (token, None),
            };
            let parts: Vec<&str> = date.split('-').collect();
            let (y, m, d) = match (&parts[..], last) {
                (&[y, m, d], None) => (y, m, Some(d)),
                (&[m, d], None) => ("*", m, Some(d)),
                (&[y, m], Some(_)) => (y, m, None),
                (&[m], Some(_)) => ("*", m, None),
                _ => return Err(error(format!("{token:?} is not a date: write YYYY-MM-DD or MM-DD"), "date", at)),
            };
            year = years(y, at)?;
            month = component(m, 1, 12, "month", at)?;
            day = match (last, d) {
                (None, d) => component(d.unwrap_or("*"), 1, 31, "day", at)?,
                (Some(last), _) => {
                    from_end = days_from_end(last, at + date.len() + 1)?;
                    if from_end == 1 << 1 {
                        from_end = 0;
                        "L".to_owned()
                    } else {
                        // The days of the month each can be, in months of 28 to 31 days.
                        let days: std::collections::BTreeSet<u32> =
                            (1..=28).filter(|n| from_end & (1 << n) != 0).flat_map(|n| 29 - n..=32 - n).collect();
                        days.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
                    }
                }
            };
        } else {
            return Err(error(
                format!("{token:?} is not read: a calendar event is [weekdays] [YYYY-MM-DD] [HH:MM[:SS]] [zone]"),
                "expression",
                at,
            ));
        }
    }
    if !seen_time && !seen_date && weekdays == "*" {
        return Err(TimeError::invalid_schedule(
            "a calendar event names a weekday, a date or a time: e.g. Mon..Fri 09:00, *-*-01 00:00, daily",
        ));
    }
    Cron::translated(&format!("{second} {minute} {hour} {day} {month} {weekdays} {year}"), zone, from_end)
}

/// The days after `~`, counted back from a month's end (1 is its last day,
/// up to 28), as systemd reads them: values, lists, `a..b` ranges,
/// `a..b/s` every `s`th from `a`, and `a/s` every `s`th from `a` down to
/// the last day (`~07/2`: the 7th-, 5th-, 3rd-last and last). Bit `n` set
/// for the `n`th-last day.
///
/// What systemd refuses is refused: a step not smaller than the day it
/// counts down from, and, as systemd's check lowers the limit by 3 for
/// each item of the list after the first (in order), a later item past it
/// (`~2,26`: the second item may be at most 25).
fn days_from_end(text: &str, at: usize) -> Result<u32, TimeError> {
    let number = |digits: &str| -> Result<u32, TimeError> {
        digits
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=28).contains(n) && digits.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                error(format!("{digits:?} is not a number of days from a month's end, from 1 to 28"), "day", at)
            })
    };
    // Each item as systemd holds it: its start, its end for a range, its step.
    let mut items: Vec<(u32, Option<u32>, u32)> = Vec::new();
    for item in text.split(',') {
        let (range, step) = match item.split_once('/') {
            Some((range, step)) => (range, Some(step)),
            None => (item, None),
        };
        let step = match step {
            None => None,
            Some(step) => Some(step.parse::<u32>().ok().filter(|&step| (1..=27).contains(&step)).ok_or_else(|| {
                error(format!("the repetition {step:?} must be a whole number from 1 to 27"), "day", at)
            })?),
        };
        items.push(match (range.split_once(".."), step) {
            (Some((low, high)), step) => {
                let (low, high, step) = (number(low)?, number(high)?, step.unwrap_or(1));
                if high < low {
                    return Err(error(format!("the range ~{range} runs backwards"), "day", at));
                }
                // A range that one step overshoots is its start alone.
                let high = high - (high - low) % step;
                if low + step > high { (low, None, 0) } else { (low, Some(high), step) }
            }
            (None, Some(step)) => {
                let start = number(range)?;
                if step >= start {
                    return Err(error(
                        format!("~{item}: the repetition must be smaller than the day it counts down from"),
                        "day",
                        at,
                    ));
                }
                (start, None, step)
            }
            (None, None) => (number(range)?, None, 0),
        });
    }
    items.sort_unstable_by_key(|&(start, stop, step)| (start, stop.map_or(-1, i64::from), step));
    items.dedup();
    let mut days = 0;
    for (k, &(start, stop, step)) in items.iter().enumerate() {
        let limit = 28_u32.saturating_sub(3 * k as u32);
        if start > limit || stop.is_some_and(|stop| stop > limit) {
            return Err(error(
                format!(
                    "systemd refuses this list of days from a month's end: its item {} may count back at most {limit} \
                     days (systemd's check lowers the limit by 3 for each item); write it as a range or as two timers",
                    k + 1
                ),
                "day",
                at,
            ));
        }
        let (low, high) = match stop {
            Some(stop) => (start, stop),
            // Down from `start` to the last day, `step` at a time.
            None if step > 0 => (start % step, start),
            None => (start, start),
        };
        let mut day = low;
        while day <= high {
            if day >= 1 {
                days |= 1 << day;
            }
            day += step.max(1);
        }
    }
    Ok(days)
}

/// `Mon..Fri,Sun` as croner's `MON-FRI,SUN`.
fn weekday_list(text: &str, at: usize) -> Result<String, TimeError> {
    let name = |word: &str| -> Result<(usize, &'static str), TimeError> {
        let lower = word.to_ascii_lowercase();
        WEEKDAYS
            .iter()
            .enumerate()
            .find(|(i, (short, _))| lower == *short || lower == FULL[*i])
            .map(|(i, (_, upper))| (i, *upper))
            .ok_or_else(|| {
                let close = WEEKDAYS
                    .iter()
                    .map(|(short, _)| *short)
                    .chain(FULL)
                    .filter(|candidate| strsim::damerau_levenshtein(candidate, &lower) <= 2)
                    .min_by_key(|candidate| strsim::damerau_levenshtein(candidate, &lower));
                let message = match close {
                    Some(close) => format!("unknown weekday {word:?}: did you mean {}?", capitalised(close)),
                    None => format!("unknown weekday {word:?}: use Mon, Tue, Wed, Thu, Fri, Sat or Sun"),
                };
                let mut error = error(message, "weekday", at);
                if let (TimeError::InvalidSchedule { suggestion, .. }, Some(close)) = (&mut error, close) {
                    *suggestion = WEEKDAYS.iter().find(|(short, _)| close.starts_with(short)).map(|(_, upper)| *upper);
                }
                error
            })
    };
    let mut items = Vec::new();
    for item in text.split(',') {
        match item.split_once("..") {
            Some((low, high)) => {
                let ((low_index, low), (high_index, high)) = (name(low)?, name(high)?);
                if high_index < low_index {
                    return Err(error(
                        format!("the range {item} runs backwards: write the earlier day first"),
                        "weekday",
                        at,
                    ));
                }
                items.push(format!("{low}-{high}"));
            }
            None => items.push(name(item)?.1.to_owned()),
        }
    }
    Ok(items.join(","))
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

/// One component: `*`, values, lists, `a..b` ranges, `/` repetitions.
fn component(text: &str, min: u32, max: u32, name: &'static str, at: usize) -> Result<String, TimeError> {
    let mut items = Vec::new();
    for item in text.split(',') {
        let (range, step) = match item.split_once('/') {
            Some((range, step)) => (range, Some(step)),
            None => (item, None),
        };
        let number = |digits: &str| -> Result<u32, TimeError> {
            digits
                .parse::<u32>()
                .ok()
                .filter(|n| (min..=max).contains(n) && digits.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| error(format!("{digits:?} is not a number from {min} to {max}"), name, at))
        };
        let mut written = match range.split_once("..") {
            _ if range == "*" => "*".to_owned(),
            Some((low, high)) => {
                let (low, high) = (number(low)?, number(high)?);
                if high < low {
                    return Err(error(format!("the range {range} runs backwards"), name, at));
                }
                format!("{low}-{high}")
            }
            None => number(range)?.to_string(),
        };
        if let Some(step) = step {
            let step: u32 = step.parse().ok().filter(|&step| step >= 1 && step <= max.max(1)).ok_or_else(|| {
                error(format!("the repetition {step:?} must be a whole number from 1 to {max}"), name, at)
            })?;
            // systemd refuses a repetition from one value that never repeats.
            if let Ok(start) = range.parse::<u32>()
                && start + step > max
            {
                return Err(error(
                    format!("{item} never repeats: {start} + {step} is past {max}, and systemd refuses it"),
                    name,
                    at,
                ));
            }
            written.push_str(&format!("/{step}"));
        }
        items.push(written);
    }
    Ok(items.join(","))
}

/// The year component, two-digit years read as systemd reads them
/// (70-99 as 1970-1999, 00-69 as 2000-2069).
fn years(text: &str, at: usize) -> Result<String, TimeError> {
    if text == "*" {
        return Ok("*".to_owned());
    }
    let widened: Vec<String> = text
        .split(',')
        .map(|item| {
            item.split("..")
                .map(|year| match year.split_once('/') {
                    Some((year, step)) => format!("{}/{step}", widen(year)),
                    None => widen(year),
                })
                .collect::<Vec<_>>()
                .join("..")
        })
        .collect();
    component(&widened.join(","), 1970, 2199, "year", at)
}

fn widen(year: &str) -> String {
    match (year.len(), year.parse::<u32>()) {
        (2, Ok(short)) if short >= 70 => (1900 + short).to_string(),
        (2, Ok(short)) => (2000 + short).to_string(),
        _ => year.to_owned(),
    }
}
