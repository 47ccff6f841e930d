//! An RRULE in words: its frequency, the days and months it keeps, its
//! time of day, and how it ends, in the language of [`Words`].

use rrule::{Frequency, NWeekday, Weekday};

use super::rrule::Rule;
use super::words::Words;
use crate::unit::TimeUnit;

/// `day` as cron counts weekdays (0 Sunday).
fn cron_day(day: Weekday) -> usize {
    day.num_days_from_sunday() as usize
}

pub(crate) fn rrule(rule: &Rule, words: &Words<'_>) -> String {
    let phrases = words.phrases();
    let first = &rule.first;
    let unit = match first.get_freq() {
        Frequency::Yearly => TimeUnit::Year,
        Frequency::Monthly => TimeUnit::Month,
        Frequency::Weekly => TimeUnit::Week,
        Frequency::Daily => TimeUnit::Day,
        Frequency::Hourly => TimeUnit::Hour,
        Frequency::Minutely => TimeUnit::Minute,
        Frequency::Secondly => TimeUnit::Second,
    };
    // What narrows the frequency, then how the rule ends, after a comma.
    let (mut clauses, mut endings) = (Vec::new(), Vec::new());
    let days: Vec<String> = first
        .get_by_weekday()
        .iter()
        .map(|day| match *day {
            NWeekday::Every(day) => words.weekday(cron_day(day)).to_owned(),
            NWeekday::Nth(-1, day) => words.fill(phrases.last, words.weekday(cron_day(day))),
            NWeekday::Nth(n, day) if n < 0 => {
                words.fill_nth(phrases.nth_last, words.weekday(cron_day(day)), -i64::from(n))
            }
            NWeekday::Nth(n, day) => words.fill_nth(phrases.nth, words.weekday(cron_day(day)), i64::from(n)),
        })
        .collect();
    if !days.is_empty() {
        clauses.push(words.fill(phrases.on, &words.list(&days)));
    }
    let month_days: Vec<String> = first
        .get_by_month_day()
        .iter()
        .map(|&day| match day {
            -1 => phrases.last_day.to_owned(),
            ..0 => words.fill_nth(phrases.nth_last_day, &(-day).to_string(), -i64::from(day)),
            day => words.fill(phrases.day, &day.to_string()),
        })
        .collect();
    if !month_days.is_empty() {
        clauses.push(words.fill(phrases.on, &words.list(&month_days)));
    }
    let months: Vec<String> =
        first.get_by_month().iter().filter_map(|&month| words.month(usize::from(month)).map(str::to_owned)).collect();
    if !months.is_empty() {
        clauses.push(words.fill(phrases.in_, &words.list(&months)));
    }
    let positions: Vec<String> = first.get_by_set_pos().iter().map(|n| n.to_string()).collect();
    if !positions.is_empty() {
        endings.push(words.fill(phrases.set_pos, &words.list(&positions)));
    }
    let hours = first.get_by_hour();
    let minutes = first.get_by_minute();
    let daily =
        matches!(first.get_freq(), Frequency::Yearly | Frequency::Monthly | Frequency::Weekly | Frequency::Daily);
    match (hours, minutes, rule.start_wall) {
        ([], [], Some(start)) if daily => {
            clauses.push(words.fill(phrases.at, &format!("{:02}:{:02}", start.hour(), start.minute())));
        }
        (hours, minutes, start) if !hours.is_empty() || !minutes.is_empty() => {
            let minutes: Vec<u8> =
                if minutes.is_empty() { vec![start.map_or(0, |start| start.minute() as u8)] } else { minutes.to_vec() };
            // At minutes of the hour (`at minute 15`, `en el minuto 15`), or at times of day.
            let at = if hours.is_empty() {
                let minutes: Vec<String> = minutes.iter().map(u8::to_string).collect();
                words.fill(phrases.at_part, &words.fill(phrases.minute, &words.list(&minutes)))
            } else {
                let times: Vec<String> =
                    hours.iter().flat_map(|h| minutes.iter().map(move |m| format!("{h:02}:{m:02}"))).collect();
                words.fill(phrases.at, &words.list(&times))
            };
            clauses.push(at);
        }
        _ => {}
    }
    if let Some(count) = first.get_count() {
        let phrase = phrases.times[usize::from(count != 1)];
        endings.push(words.fill(phrase, &count.to_string()));
    }
    if let Some(until) = rule.until_text() {
        endings.push(words.fill(phrases.until, &until));
    }
    // "Every week on Monday at 09:00, 10 times" in English; in other
    // languages, whose phrases are often labels (`понедельник`, `март`),
    // each clause after a comma.
    let space = if phrases.tag == "en" { " " } else { ", " };
    let mut text = words.every(unit, i64::from(first.get_interval()));
    for clause in clauses {
        text.push_str(space);
        text.push_str(&clause);
    }
    for ending in endings {
        text.push_str(", ");
        text.push_str(&ending);
    }
    words.finish(&text)
}
