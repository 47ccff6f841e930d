//! A schedule in words, in a language: the phrases of [`super::phrases`]
//! around what CLDR writes (the weekdays' and months' names, a count of a
//! unit). croner builds a cron expression's sentence through its
//! [`Language`] trait, which [`Words`] implements; an RRULE's is built in
//! [`super::describe`] from the same words.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use croner::describe::Language;

use super::phrases::{self, Phrases};
use crate::locale::{self, Localizer};
use crate::unit::TimeUnit;

/// Starts a phrase that says how often ("every 15 minutes"): "at" and "in"
/// leave such a phrase as it is (croner would write "At every 15
/// minutes"), and [`Words::finish`] removes the mark.
const OFTEN: char = '\u{E000}';

/// The units of [`Phrases::every`] and [`Phrases::every_n`], in their
/// order: a difference's, years to seconds.
const UNITS: &[TimeUnit] = TimeUnit::OF_DIFFERENCE.split_at(7).0;

/// The weekdays' (Sunday first) and months' names of one locale.
struct Names {
    weekdays: [&'static str; 7],
    months: [&'static str; 12],
}

/// The names of each locale a description was written in, kept for the
/// process's life: croner asks for `&'static` names, and there are as many
/// entries at most as the compiled data has locales (a few hundred bytes each).
static NAMES: LazyLock<Mutex<HashMap<&'static str, &'static Names>>> = LazyLock::new(Mutex::default);

/// English's names, should its CLDR data ever be missing.
static ENGLISH_NAMES: Names = {
    use crate::mail::WEEKDAYS;
    Names {
        weekdays: [WEEKDAYS[6], WEEKDAYS[0], WEEKDAYS[1], WEEKDAYS[2], WEEKDAYS[3], WEEKDAYS[4], WEEKDAYS[5]],
        months: crate::iso::MONTH_NAMES,
    }
};

fn names(language: &Localizer) -> Option<&'static Names> {
    let mut known = NAMES.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(names) = known.get(language.used()) {
        return Some(names);
    }
    let (weekdays, months) = language.gregorian_names().ok()?;
    let leak = |name: String| -> &'static str { Box::leak(name.into_boxed_str()) };
    let names: &'static Names = Box::leak(Box::new(Names { weekdays: weekdays.map(leak), months: months.map(leak) }));
    known.insert(language.used(), names);
    Some(names)
}

/// The words a description is written with in one language.
#[derive(Clone, Copy)]
pub(crate) struct Words<'l> {
    phrases: &'static Phrases,
    names: &'static Names,
    language: &'l Localizer,
}

fn fill(phrase: &str, value: &str) -> String {
    phrase.replace("{0}", value)
}

impl<'l> Words<'l> {
    /// The words of `language`; English's for a language tsconv has no
    /// phrases for ([`Words::locale`] says which).
    pub(crate) fn of(language: &'l Localizer) -> Words<'l> {
        let spoken = phrases::of(language.used()).and_then(|phrases| Some((phrases, names(language)?)));
        match spoken {
            Some((phrases, names)) => Words { phrases, names, language },
            None => Words::english(),
        }
    }

    fn english() -> Words<'static> {
        let language = locale::english();
        // English's names are in the compiled data, as every locale's.
        let names = names(language).unwrap_or(&ENGLISH_NAMES);
        Words { phrases: phrases::ENGLISH, names, language }
    }

    /// The locale the description is written in (`data.description_locale`).
    pub(crate) fn locale(&self) -> &'static str {
        self.language.used()
    }

    pub(crate) fn phrases(&self) -> &'static Phrases {
        self.phrases
    }

    /// `count` of `unit` as the language writes it (`15 minutes`, `2 часа`).
    pub(crate) fn count(&self, unit: TimeUnit, count: i64) -> String {
        self.language.duration(&[(unit, count)])
    }

    /// Every `count` of `unit` (one of [`UNITS`]), or every one.
    pub(crate) fn every(&self, unit: TimeUnit, count: i64) -> String {
        let at = UNITS.iter().position(|&u| u == unit).unwrap_or(UNITS.len() - 1);
        let text = match count {
            ..=1 => self.phrases.every[at].to_owned(),
            count => fill(self.phrases.every_n[at], &self.count(unit, count)),
        };
        format!("{OFTEN}{text}")
    }

    /// The weekday `day` (0 Sunday to 6 Saturday; 7 is Sunday again).
    pub(crate) fn weekday(&self, day: usize) -> &'static str {
        self.names.weekdays[day % 7]
    }

    /// The month `month` (1 to 12).
    pub(crate) fn month(&self, month: usize) -> Option<&'static str> {
        self.names.months.get(month.wrapping_sub(1)).copied()
    }

    /// `phrase` with `{0}` as `value`.
    pub(crate) fn fill(&self, phrase: &str, value: &str) -> String {
        fill(phrase, value)
    }

    /// `phrase` with `{0}` as `value` and `{1}` as the ordinal of `n`.
    pub(crate) fn fill_nth(&self, phrase: &str, value: &str, n: i64) -> String {
        fill(phrase, value).replace("{1}", &self.ordinal(n))
    }

    /// `n` as an ordinal: `2nd` in English, `2:a` in Swedish, else the
    /// language's pattern (`2.`, `2e`, `2-й`).
    pub(crate) fn ordinal(&self, n: i64) -> String {
        match self.phrases.tag {
            "en" => {
                let suffix = match (n % 10, n % 100) {
                    (1, 11) | (2, 12) | (3, 13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                format!("{n}{suffix}")
            }
            "sv" if matches!((n % 10, n % 100), (1 | 2, 0..=10 | 13..)) => format!("{n}:a"),
            _ => fill(self.phrases.ordinal, &n.to_string()),
        }
    }

    /// `items` as croner lists them: `a and b`, `a, b and c` (`a, b, and c` in English).
    pub(crate) fn list(&self, items: &[String]) -> String {
        let and = self.phrases.and;
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [first, second] => format!("{first} {and} {second}"),
            [init @ .., last] if self.phrases.tag == "en" => format!("{}, {and} {last}", init.join(", ")),
            [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
        }
    }

    /// A sentence built of these words, finished: the marks removed, the
    /// first letter a capital, lists joined as the language joins them.
    pub(crate) fn finish(&self, text: &str) -> String {
        let mut text: String = text.chars().filter(|&c| c != OFTEN).collect();
        if self.phrases.tag != "en" {
            // croner writes "a, b, and c" for every language.
            text = text.replace(&format!(", {} ", self.phrases.and), &format!(" {} ", self.phrases.and));
        }
        if self.phrases.cjk {
            text = text
                .replace(&format!(" {} ", self.phrases.and), self.phrases.and)
                .replace(&format!(" {} ", self.phrases.or), self.phrases.or)
                .replace(", ", "、")
                .replace(" （", "（");
            if let Some(stem) = text.strip_suffix('.') {
                text = format!("{stem}。");
            }
        }
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => text,
        }
    }

    /// croner's sentence finished: besides [`Words::finish`], the words it
    /// writes in English whatever the language ("Every minute past hour 0",
    /// "in every 3 months") in this language's.
    pub(crate) fn finish_cron(&self, text: &str) -> String {
        let mut text = text.to_owned();
        if self.phrases.tag == "en" {
            // croner writes "past of every 2 hours".
            text = text.replace(" past of every ", " of every ");
        } else if let Some((head, hours)) = text.split_once(" past hour ") {
            let hours = hours.strip_suffix('.').unwrap_or(hours);
            text = format!("{head}, {}.", fill(self.phrases.of_hour, hours));
        } else if let Some((head, rest)) = text.split_once(" past ") {
            text = format!("{head}, {rest}");
        }
        self.finish(&text)
    }
}

/// croner's "every 3 months" and "every 2" (years): the count in them.
fn every_count(phrase: &str, unit: &str) -> Option<i64> {
    phrase.strip_prefix("every ")?.strip_suffix(unit)?.trim().parse().ok()
}

impl Language for Words<'_> {
    fn every_minute(&self) -> &'static str {
        self.phrases.every[5]
    }

    fn every_second_phrase(&self) -> &'static str {
        self.phrases.every[6]
    }

    fn every_x_minutes(&self, step: u16) -> String {
        self.every(TimeUnit::Minute, i64::from(step))
    }

    fn every_x_seconds(&self, step: u16) -> String {
        self.every(TimeUnit::Second, i64::from(step))
    }

    fn every_x_hours(&self, step: u16) -> String {
        fill(self.phrases.of_every, &self.count(TimeUnit::Hour, i64::from(step)))
    }

    fn every_minute_of_every_x_hours(&self, step: u16) -> String {
        format!("{}, {}", self.phrases.every[5], self.every_x_hours(step))
    }

    fn at_time(&self, time: &str) -> String {
        fill(self.phrases.at, time)
    }

    fn at_time_and_every_x_seconds(&self, time: &str, step: u16) -> String {
        format!("{}, {}", self.at_time(time), self.every_x_seconds(step))
    }

    fn at_time_at_second(&self, time: &str, second: &str) -> String {
        format!("{}, {}", self.at_time(time), fill(self.phrases.second, second))
    }

    fn at_phrase(&self, phrase: &str) -> String {
        if phrase.starts_with(OFTEN) { phrase.to_owned() } else { fill(self.phrases.at_part, phrase) }
    }

    fn on_phrase(&self, phrase: &str) -> String {
        fill(self.phrases.on, phrase)
    }

    fn in_phrase(&self, phrase: &str) -> String {
        if let Some(months) = every_count(phrase, "months") {
            return self.every(TimeUnit::Month, months);
        }
        if phrase.starts_with(OFTEN) { phrase.to_owned() } else { fill(self.phrases.in_, phrase) }
    }

    fn second_phrase(&self, s: &str) -> String {
        fill(self.phrases.second, s)
    }

    fn minute_phrase(&self, s: &str) -> String {
        fill(self.phrases.minute, s)
    }

    fn minute_past_every_hour_phrase(&self, s: &str) -> String {
        fill(self.phrases.past_every_hour, s)
    }

    fn hour_phrase(&self, s: &str) -> String {
        fill(self.phrases.of_hour, s)
    }

    fn year_phrase(&self, s: &str) -> String {
        match every_count(s, "") {
            Some(years) => self.every(TimeUnit::Year, years),
            None => fill(self.phrases.year, s),
        }
    }

    fn day_phrase(&self, s: &str) -> String {
        fill(self.phrases.day, s)
    }

    fn the_last_day_of_the_month(&self) -> &'static str {
        self.phrases.last_day
    }

    fn the_weekday_nearest_day(&self, day: &str) -> String {
        fill(self.phrases.nearest_weekday, day)
    }

    fn the_last_weekday_of_the_month(&self, day: &str) -> String {
        fill(self.phrases.last_weekday, day)
    }

    fn the_nth_weekday_of_the_month(&self, n: u8, day: &str) -> String {
        self.fill_nth(self.phrases.nth_weekday, day, i64::from(n))
    }

    fn dom_and_dow_if_also(&self, dow: &str) -> String {
        fill(self.phrases.if_also, dow)
    }

    fn dom_and_dow_if_also_one_of(&self, dow: &str) -> String {
        fill(self.phrases.if_also_one_of, dow)
    }

    fn list_conjunction_and(&self) -> &'static str {
        self.phrases.and
    }

    fn list_conjunction_or(&self) -> &'static str {
        self.phrases.or
    }

    fn list_conjunction_and_comma(&self) -> &'static str {
        if self.phrases.tag == "en" { ", and" } else { self.phrases.and }
    }

    fn day_of_week_names(&self) -> [&'static str; 7] {
        self.names.weekdays
    }

    fn month_names(&self) -> [&'static str; 12] {
        self.names.months
    }
}
