//! An RRULE in English words: its frequency, the days and months it keeps,
//! its time of day, and how it ends.

use rrule::{Frequency, NWeekday, Weekday};

use super::rrule::Rule;
use crate::iso::MONTH_NAMES;

fn weekday(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

fn ordinal(n: i64) -> String {
    match n {
        -1 => "last".to_owned(),
        n if n < 0 => format!("{} last", ordinal(-n)),
        n => {
            let suffix = match (n % 10, n % 100) {
                (1, 11) | (2, 12) | (3, 13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// "a, b and c".
fn and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

pub(crate) fn rrule(rule: &Rule) -> String {
    let first = &rule.first;
    let unit = match first.get_freq() {
        Frequency::Yearly => "year",
        Frequency::Monthly => "month",
        Frequency::Weekly => "week",
        Frequency::Daily => "day",
        Frequency::Hourly => "hour",
        Frequency::Minutely => "minute",
        Frequency::Secondly => "second",
    };
    let mut words = match first.get_interval() {
        0 | 1 => format!("Every {unit}"),
        n => format!("Every {n} {unit}s"),
    };
    let days: Vec<String> = first
        .get_by_weekday()
        .iter()
        .map(|day| match day {
            NWeekday::Every(day) => weekday(*day).to_owned(),
            NWeekday::Nth(n, day) => format!("the {} {}", ordinal(i64::from(*n)), weekday(*day)),
        })
        .collect();
    if !days.is_empty() {
        words.push_str(&format!(" on {}", and(&days)));
    }
    let month_days: Vec<String> = first
        .get_by_month_day()
        .iter()
        .map(|&day| if day < 0 { format!("the {} day", ordinal(i64::from(day))) } else { format!("day {day}") })
        .collect();
    if !month_days.is_empty() {
        words.push_str(&format!(" on {}", and(&month_days)));
    }
    let months: Vec<String> = first
        .get_by_month()
        .iter()
        .filter_map(|&month| MONTH_NAMES.get(usize::from(month).wrapping_sub(1)).map(|name| (*name).to_owned()))
        .collect();
    if !months.is_empty() {
        words.push_str(&format!(" in {}", and(&months)));
    }
    let positions: Vec<String> = first.get_by_set_pos().iter().map(|&n| ordinal(i64::from(n))).collect();
    if !positions.is_empty() {
        words.push_str(&format!(", the {} of each {unit}'s matches", and(&positions)));
    }
    let hours = first.get_by_hour();
    let minutes = first.get_by_minute();
    let daily =
        matches!(first.get_freq(), Frequency::Yearly | Frequency::Monthly | Frequency::Weekly | Frequency::Daily);
    match (hours, minutes, rule.start_wall) {
        ([], [], Some(start)) if daily => {
            words.push_str(&format!(" at {:02}:{:02}", start.hour(), start.minute()));
        }
        (hours, minutes, start) if !hours.is_empty() || !minutes.is_empty() => {
            let minutes: Vec<u8> =
                if minutes.is_empty() { vec![start.map_or(0, |start| start.minute() as u8)] } else { minutes.to_vec() };
            let times: Vec<String> = if hours.is_empty() {
                minutes.iter().map(|m| format!("minute {m}")).collect()
            } else {
                hours.iter().flat_map(|h| minutes.iter().map(move |m| format!("{h:02}:{m:02}"))).collect()
            };
            words.push_str(&format!(" at {}", and(&times)));
        }
        _ => {}
    }
    if let Some(count) = first.get_count() {
        words.push_str(&format!(", {count} time{}", if count == 1 { "" } else { "s" }));
    }
    if let Some(until) = rule.until_text() {
        words.push_str(&format!(", until {until}"));
    }
    words
}
