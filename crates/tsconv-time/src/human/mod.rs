//! What people type: dates in the orders people write them,
//! 12-hour times, zones inside the text, relative items counted from now,
//! read by GNU `date -d`'s grammar (gnulib's `parse-datetime.y`) as the
//! English baseline, written anew on jiff: every error has a position and,
//! for a near miss, a did-you-mean; nothing is rounded (a tenth fraction
//! digit is refused, where GNU truncates); a date that does not exist is
//! refused, never rolled over; and an ambiguous reading (an abbreviation
//! that names several zones, a numeric date that is valid in both orders)
//! says so and lists the others.
//!
//! The input is read only when every machine format has failed on it (see
//! [`crate::input::read`]).
//!
//! Where tsconv reads differently from GNU on purpose:
//! - `ago` negates the whole run of relative items before it (`1 year 2
//!   months ago` is 14 months back; GNU negates only `2 months`);
//! - months and years added to the 31st land on the month's last day
//!   (`Jan 31 2023 + 1 month` is Feb 28; GNU rolls over to Mar 3);
//! - a weekday that contradicts the date reads the date, with a warning
//!   (GNU ignores the weekday silently);
//! - an abbreviation followed by an offset (`PST-08`) is that offset, with
//!   a warning when the abbreviation names another (GNU adds the two);
//! - a wall-clock time in a DST gap is placed by `disambiguation` (GNU
//!   refuses it);
//! - fraction digits beyond nanoseconds are refused (GNU truncates);
//! - `noon`, `midnight`, `in 2 hours`, `a week ago`, `at`/`on`/`and`,
//!   ordinal days (`14th`), `14. November`, IANA and Windows zone names,
//!   zones' CLDR names (`Eastern Daylight Time`), a zone in parentheses,
//!   offsets with seconds or dots (`GMT+5:21:10`, `UTC+5.30`) and the minus
//!   sign `−` are read (GNU refuses them, or skips the comment); GNU's
//!   one-letter military zones are not.

pub mod abbreviations;
pub(crate) mod lex;
pub(crate) mod words;

use std::cell::OnceCell;

use jiff::civil::{Date, DateTime, Time, Weekday};
use jiff::tz::{Offset, TimeZone};
use jiff::{Span, Timestamp, Zoned};

use self::abbreviations::Meaning;
use self::lex::{LexError, Tok, Token};
pub use self::words::Vocabulary;
use self::words::{Candidate, Era, Mark, Meridian, Unit, Word};
use crate::error::TimeError;
use crate::iso::MONTH_NAMES;
use crate::local::{Disambiguation, resolve_local};
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

/// Reads `text` (trimmed; `lead` is its char index in what was sent, for
/// error positions).
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::human::{DateOrder, HumanOptions, read};
/// use tsconv_time::local::Disambiguation;
/// use tsconv_time::zone::Zone;
///
/// let zone = Zone::parse("America/New_York").unwrap();
/// let now: Timestamp = "2026-11-23T18:00:00Z".parse().unwrap();
/// let words = tsconv_time::human::Vocabulary::english();
/// let options = HumanOptions { zone: &zone, disambiguation: Disambiguation::Compatible, now, order: DateOrder::MonthDay, region: None, words };
/// let human = read("Nov 14 2023 5:13pm", 0, &options).unwrap();
/// assert_eq!(human.instant.to_string(), "2023-11-14T22:13:00Z");
/// assert_eq!(human.read_as, "2023-11-14T17:13:00 in America/New_York");
/// let human = read("tomorrow 9am", 0, &options).unwrap();
/// assert_eq!(human.instant.to_string(), "2026-11-24T14:00:00Z");
/// assert!(human.uses_now);
/// ```
pub fn read(text: &str, lead: usize, options: &HumanOptions<'_>) -> Result<Human, TimeError> {
    read_or_refuse(text, lead, options).map_err(|refusal| refusal.error)
}

/// Why people's text was refused, and whether its words were understood
/// (the date they name does not exist, or lies beyond the range) or not.
#[derive(Clone, Debug)]
pub struct Refusal {
    pub error: TimeError,
    /// The grammar read every word: the text is people's text, and no
    /// machine format's complaint about it would help more.
    pub understood: bool,
    /// The words read count from the clock (see [`Human::uses_now`]): the
    /// refusal may not hold later (`tomorrow` at the end of the range).
    pub uses_now: bool,
}

/// As [`read`], saying how far the reading got when it fails.
pub fn read_or_refuse(text: &str, lead: usize, options: &HumanOptions<'_>) -> Result<Human, Refusal> {
    if let Some(date) = year_day_month(text, options.words).or_else(|| joined_date_time(text)) {
        return read_or_refuse(&date, lead, options);
    }
    // `13:00 - 16:00`: a dash between spaces before a clock time makes a
    // range; GNU reads an offset of -16:00 there, which nobody writes
    // with a space after its sign.
    if let Some(range) = dash_before_clock(text).then(|| range_start(text, lead, options)).flatten() {
        return Ok(range);
    }
    read_whole(text, lead, options).or_else(|refusal| range_start(text, lead, options).ok_or(refusal)).or_else(
        |refusal| {
            glued_direction(text, options.words).and_then(|glued| read_whole(&glued, lead, options).ok()).ok_or(refusal)
        },
    )
}

/// Whether ` - ` stands before a clock time (`13:00 - 16:00`).
fn dash_before_clock(text: &str) -> bool {
    text.match_indices(" - ").any(|(at, dash)| {
        let after = &text[at + dash.len()..];
        let hour = after.bytes().take_while(u8::is_ascii_digit).count();
        (1..=2).contains(&hour) && after[hour..].starts_with(':')
    })
}

/// `lastmonth`, `nextweek`, `thisfriday`: a direction glued to its unit or
/// weekday, as people type them in chat; written anew with a space, `None`
/// for a text with no such word.
fn glued_direction(text: &str, words: &Vocabulary) -> Option<String> {
    // Most texts hold no such word: one pass that allocates nothing says so.
    let starts_with_direction = |word: &str| {
        ["last", "next", "this"].into_iter().any(|direction| {
            word.len() >= direction.len() + 3
                && word.get(..direction.len()).is_some_and(|start| start.eq_ignore_ascii_case(direction))
        })
    };
    if !text.split(' ').any(starts_with_direction) {
        return None;
    }
    let mut glued = false;
    let rewritten: Vec<String> = text
        .split(' ')
        .map(|word| {
            let split = ["last", "next", "this"].into_iter().find_map(|direction| {
                let rest = word.get(direction.len()..).filter(|rest| rest.len() >= 3)?;
                (word[..direction.len()].eq_ignore_ascii_case(direction)
                    && matches!(words.word(rest), Some(Word::Unit(_) | Word::Weekday(_) | Word::Weekend)))
                .then(|| format!("{} {rest}", &word[..direction.len()]))
            });
            glued |= split.is_some();
            split.unwrap_or_else(|| word.to_owned())
        })
        .collect();
    glued.then(|| rewritten.join(" "))
}

fn read_whole(text: &str, lead: usize, options: &HumanOptions<'_>) -> Result<Human, Refusal> {
    let pieces = parse(text, lead, options).map_err(|error| Refusal { error, understood: false, uses_now: false })?;
    let uses_now = pieces.uses_now();
    pieces.finish(text, options).map_err(|error| Refusal { error, understood: true, uses_now })
}

/// A range (`Aug 10 - Nov 12, 2013`, `22-23 Feb at 7pm`, `9:00 AM to 5:00
/// PM, Tuesday, 20 May 2013`, `10:00 until 21:45`), read as its start, as
/// chrono reads it, with a warning that names its end: the start takes
/// from the end what it leaves out (the year, the month, the day), the
/// end's own first item dropped. `None` when either side does not read.
fn range_start(text: &str, lead: usize, options: &HumanOptions<'_>) -> Option<Human> {
    // English's words, and the other Discord languages' that are no other
    // word of dates (`bis`, `tot`, `до`, `〜`).
    const SEPARATORS: [&str; 14] = [
        " - ",
        " – ",
        " — ",
        " to ",
        " until ",
        " till ",
        " through ",
        " thru ",
        " bis ",
        " tot ",
        " до ",
        " ~ ",
        "〜",
        "～",
    ];
    // `between 3:30 and 4:30pm`: `and` joins a range's sides only after `between`.
    let between = ["between ", "Between "].iter().find_map(|word| text.strip_prefix(word));
    let text = between.unwrap_or(text);
    let and = [" and "];
    // Most texts hold no separator: one pass over their words, that
    // allocates nothing, says so.
    let separated = text.contains(['〜', '～'])
        || text.split(' ').any(|word| {
            SEPARATORS.iter().any(|separator| {
                separator.get(1..separator.len() - 1).is_some_and(|inner| inner.eq_ignore_ascii_case(word))
            }) || (between.is_some() && word.eq_ignore_ascii_case("and"))
        });
    if !separated && !text.contains('-') {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let (left, right) = SEPARATORS
        .iter()
        .chain(if between.is_some() { &and[..] } else { &[] })
        .filter(|_| separated)
        .filter_map(|separator| {
            let at = lower.find(separator)?;
            Some((&text[..at], &text[at + separator.len()..]))
        })
        .min_by_key(|(left, _)| left.len())
        .or_else(|| glued_range(text))?;
    let left = left.trim();
    let left = ["from ", "From "].iter().fold(left, |left, from| left.strip_prefix(from).unwrap_or(left)).trim();
    let right = right.trim();
    if left.is_empty() || right.is_empty() {
        return None;
    }
    let left_words: Vec<&str> = left.split_whitespace().collect();
    // The end alone, or with the start's first words (`August 10 - 22, 2012`
    // ends on August 22; `Thu Oct 26, 10:00 - 11:00:09 2023` on October 26,
    // not on the first of October that `Thu Oct 11:00:09 2023` reads as):
    // the fewest words that read, unless more make an end after the start.
    let ends: Vec<(String, Human)> = (0..left_words.len())
        .filter_map(|k| {
            let text = if k == 0 { right.to_owned() } else { format!("{} {right}", left_words[..k].join(" ")) };
            read_whole(&text, lead, options).ok().map(|end| (text, end))
        })
        .collect();
    let (end_text, end) = ends.first()?.clone();
    let words: Vec<&str> = right.split_whitespace().collect();
    let month = |word: &&str| matches!(options.words.word(word.trim_end_matches([',', '.'])), Some(Word::Month(_)));
    let year = |word: &&str| {
        let digits = word.trim_end_matches([',', '.']);
        digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let (has_month, has_year) = (left_words.iter().any(month), left_words.iter().any(year));
    // `today`, `tomorrow`: the start's own day is never the end's (`10:30 JST
    // today to 10:30 pst tomorrow` starts today).
    let shift = |word: &&str| matches!(options.words.word(word.trim_end_matches([',', '.'])), Some(Word::DayShift(_)));
    let has_shift = left_words.iter().any(shift);
    let weekday = |word: &&str| matches!(options.words.word(word.trim_end_matches([',', '.'])), Some(Word::Weekday(_)));
    // The end's words after its first item, as the start's missing fields:
    // never a field the start has, nor the day of the end's month (`Nov
    // 12, 2013` gives the start `2013`, not `12, 2013`).
    // `8 - 11pm`: a bare time before the end's takes its half of the day,
    // when that keeps the start before the end.
    let meridian = words.first().and_then(|first| {
        let lower = first.to_ascii_lowercase();
        ["am", "pm"].into_iter().find(|m| lower.ends_with(m) && lower.starts_with(|c: char| c.is_ascii_digit()))
    });
    let bare_time = !left.is_empty() && left.bytes().all(|b| b.is_ascii_digit() || b == b':');
    let with_meridian = meridian
        .filter(|_| bare_time)
        .and_then(|meridian| read_whole(&format!("{left}{meridian}"), lead, options).ok())
        .filter(|start| start.instant <= end.instant);
    let mut start = with_meridian.or_else(|| {
        (1..=words.len()).find_map(|k| {
            let rest = words.get(k..)?;
            let day_of_month_before = rest.first().is_some_and(|first| {
                let digits = first.trim_end_matches(',');
                (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
            }) && words.get(k - 1).is_some_and(month);
            if day_of_month_before
                || (has_month && rest.iter().any(month))
                || (has_year && rest.iter().any(year))
                || (has_shift && rest.iter().any(|word| shift(word) || weekday(word)))
            {
                return None;
            }
            let candidate = if rest.is_empty() { left.to_owned() } else { format!("{left} {}", rest.join(" ")) };
            read_whole(&candidate, lead, options).ok()
        })
    })?;
    let (end_text, end) = match ends.iter().find(|(_, later)| later.instant >= start.instant) {
        Some((text, later)) if end.instant < start.instant => (text.clone(), later.clone()),
        _ => (end_text, end),
    };
    // The end counts from the start (`Monday to Friday` ends on the Friday
    // after that Monday; `2023年11月14日〜11月16日` in 2023).
    let from_start = HumanOptions { now: start.instant, ..*options };
    // (An end with its own `today` or `tomorrow` counts from now: `9am to
    // 5pm tomorrow` ends tomorrow, not the day after.)
    let end = if end_text.split_whitespace().any(|word| shift(&word)) {
        end
    } else {
        read_whole(&end_text, lead, &from_start).unwrap_or(end)
    };
    // An end more than a year before the start (`1.5.30 - 2015-09-24`, a
    // version and a date) makes no range.
    if end.instant.duration_since(start.instant) < jiff::SignedDuration::from_hours(-366 * 24) {
        return None;
    }
    start.uses_now |= end.uses_now;
    start.warnings.insert(0, format!("a range: read as its start; it ends at {}", end.read_as));
    Some(start)
}

/// `22-23 Feb at 7pm`, `1pm-3`: a range whose `-` touches its sides.
fn glued_range(text: &str) -> Option<(&str, &str)> {
    let at = text.find('-')?;
    let (left, right) = (&text[..at], &text[at + 1..]);
    let day_range = left.len() <= 2
        && left.bytes().all(|b| b.is_ascii_digit())
        && right
            .split_whitespace()
            .next()
            .is_some_and(|first| first.len() <= 2 && first.bytes().all(|b| b.is_ascii_digit()))
        && right.split_whitespace().nth(1).is_some_and(|word| word.starts_with(|c: char| c.is_alphabetic()));
    let lower = left.to_ascii_lowercase();
    let right_lower = right.to_ascii_lowercase();
    // `8-11pm`, `3:30-4:30pm`: an hour, or an hour and its minutes.
    let hour = |text: &str| {
        let (hour, minutes) = text.split_once(':').unwrap_or((text, "00"));
        (1..=2).contains(&hour.len())
            && minutes.len() == 2
            && hour.bytes().chain(minutes.bytes()).all(|b| b.is_ascii_digit())
    };
    let time_range = ((lower.ends_with("am") || lower.ends_with("pm"))
        && right.starts_with(|c: char| c.is_ascii_digit()))
        || (hour(left) && ["am", "pm"].iter().any(|m| right_lower.strip_suffix(m).is_some_and(|h| hour(h.trim_end()))));
    (day_range || time_range).then_some((left, right))
}

/// What a word can be in a date found inside prose (see [`crate::extract`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// A word that makes a text a date by itself: `today`, `tomorrow`,
    /// `tonight`, `noon`, a weekday's full name.
    Anchor,
    /// A word that ends a relative item and makes it a date: `ago`,
    /// `later`, `hence`, `after`. A comma after it ends the date.
    After,
    /// A word that names a day but makes no date alone: a day of the month
    /// spelled as an ordinal (`fifth`, a date beside a month's name) or a
    /// weekday's abbreviation (`Sun`, `Wed`).
    Day,
    /// Says which way a relative item lies (`in`, `within`, `next`, `last`).
    Direction,
    /// A unit of a relative item (`days`): a date only with a direction.
    Unit,
    /// A month's name: a date only with a number beside it (`may`, `march`).
    Month,
    /// A word that joins items (`at`, `on`, `and`, `the`): never a date's
    /// first or last word in prose.
    Joiner,
    /// Any other word of dates (`at`, `pm`, `EST`, `BC`, `o'clock`).
    Part,
}

/// The role of `word` (its letters, any case) in `words`; `None` for a
/// word that is no part of any date.
pub(crate) fn role(words: &Vocabulary, word: &str) -> Option<Role> {
    let role = match words.word(word) {
        Some(Word::DayShift(_) | Word::Clock(_) | Word::UnitThen(..)) => Role::Anchor,
        Some(Word::Ago(-1)) => Role::After,
        Some(Word::Ago(_)) if ["later", "hence", "after"].iter().any(|w| word.eq_ignore_ascii_case(w)) => Role::After,
        Some(Word::Ordinal(2..=31)) => Role::Day,
        Some(Word::DayPart(..)) if word.eq_ignore_ascii_case("tonight") => Role::Anchor,
        Some(Word::Weekday(_)) if word.chars().count() > 3 => Role::Anchor,
        Some(Word::Weekday(_)) => Role::Day,
        Some(Word::Ahead(_) | Word::Ordinal(-1..=1)) => Role::Direction,
        // `weekend` and `morning` are dates only with a direction or a day
        // (`this weekend`, `tomorrow morning`), as a unit is.
        Some(Word::Unit(_) | Word::Weekend | Word::WorkDay | Word::DayPart(..)) => Role::Unit,
        Some(Word::Month(_)) => Role::Month,
        Some(Word::Filler) => Role::Joiner,
        Some(_) => Role::Part,
        None if !abbreviations::meanings(word, None).is_empty()
            || generic_zone(word).is_some()
            || words.has_phrase_starting(word) =>
        {
            Role::Part
        }
        None => return None,
    };
    Some(role)
}

/// `2003-25-Sep`, `Sep 2003 25`, `25/2003/Sep`: a year of four digits, a
/// month's name and a day, in an order people's grammar does not read
/// otherwise (year, day, month; month, year, day; day, year, month), one
/// separator between them. Written anew as `Sep 25 2003`; `None` for any
/// other text.
fn year_day_month(text: &str, words: &Vocabulary) -> Option<String> {
    let separator = [' ', '-', '/', '.'].into_iter().find(|c| text.contains(*c))?;
    // `2004 10 Apr 11h30m`: with spaces, a time may follow.
    let parts: Vec<&str> = text.splitn(if separator == ' ' { 4 } else { 3 }, separator).collect();
    let (a, b, c, rest) = match parts.as_slice() {
        [a, b, c] => (a, b, c, ""),
        [a, b, c, rest] => (a, b, c, *rest),
        _ => return None,
    };
    let number = |part: &str, digits: std::ops::RangeInclusive<usize>| {
        (digits.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<i64>().ok())
            .flatten()
    };
    let (year, day) = (|part| number(part, 4..=4), |part| number(part, 1..=2));
    let month = |part: &str| match words.word(part) {
        Some(Word::Month(month)) => Some(month),
        _ => None,
    };
    // The numbers first: a month's name is looked up only where they fit.
    let (year, month, day) = if let (Some(y), Some(d)) = (year(a), day(b)) {
        (y, month(c)?, d)
    } else if !rest.is_empty() {
        return None;
    } else if let (Some(y), Some(d)) = (year(b), day(c)) {
        (y, month(a)?, d)
    } else if let (Some(d), Some(y)) = (day(a), year(b)) {
        (y, month(c)?, d)
    } else {
        return None;
    };
    let name = MONTH_NAMES.get(usize::try_from(month).ok()?.checked_sub(1)?)?;
    // The year as written (`December.0031.30` is the year 31, not 2031).
    let year = [a, b, c].into_iter().find(|part| part.len() == 4 && part.parse() == Ok(year))?;
    (1..=31).contains(&day).then(|| format!("{name} {day} {year} {rest}").trim_end().to_owned())
}

/// `05/31/2024:14:15`, `05/31/2024-14:15`, `06/Nov/2023:06:36:02`: a
/// slashed date whose year is joined to the time by `:` or `-` (as logs
/// write it), written anew with a space there; `None` for any other text.
fn joined_date_time(text: &str) -> Option<String> {
    let slash = text.find('/')?;
    let year_end = slash + text[slash..].find([':', '-'])?;
    let year = &text[text[..year_end].rfind('/')? + 1..year_end];
    let after = &text[year_end + 1..];
    let time = after.split(|c: char| !c.is_ascii_digit()).next()?;
    (year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit())
        && (1..=2).contains(&time.len())
        && after[time.len()..].starts_with(':'))
    .then(|| format!("{} {after}", &text[..year_end]))
}

/// `ET`, `PT`: North America's zones named without their season (as
/// `2022-03-12 23:00 ET` says), read as the zone, its DST kept; upper case
/// only (`et` is a word of French).
fn generic_zone(word: &str) -> Option<&'static str> {
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
fn clock_unit(unit: Unit) -> Option<i64> {
    match unit {
        Unit::Hour => Some(3_600_000_000_000),
        Unit::Minute => Some(60_000_000_000),
        Unit::Second => Some(1_000_000_000),
        _ => None,
    }
}

/// Whether `word` (not a word of dates itself) is a near miss of a long
/// word of dates (`tomorow`, `Novmber`): a typo, not prose.
pub(crate) fn near_miss(word: &str) -> bool {
    let lower = word.to_lowercase();
    lower.len() >= 4
        && words::vocabulary().iter().any(|(_, known)| {
            known.len() >= 5
                && known.len().abs_diff(lower.len()) <= 2
                && letters_apart(&lower, known) <= 2
                && strsim::osa_distance(&lower, known) <= if known.len() > 5 && lower.len() > 5 { 2 } else { 1 }
        })
}

/// What to send instead, for an error that has no closer advice.
const EXAMPLES: &str = "send e.g. 1700000000, 2023-11-14T22:13:20Z, Nov 14 2023 5:13pm or tomorrow 9am";

/// A zone written in the text.
#[derive(Clone, Debug)]
enum TextZone {
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
struct Relative {
    years: i64,
    months: i64,
    days: i64,
    hours: i64,
    minutes: i64,
    seconds: i64,
    nanos: i64,
}

impl Relative {
    fn scaled(self, factor: i64) -> Option<Relative> {
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

    fn plus(self, other: Relative) -> Option<Relative> {
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

    fn of(unit: Unit, count: i64) -> Option<Relative> {
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
struct Year {
    value: i64,
    digits: usize,
}

impl Year {
    /// Two-digit years as POSIX says: 69-99 are 1969-1999, 00-68 are 2000-2068.
    fn full(self) -> i64 {
        match (self.digits, self.value) {
            (2, v) if v < 69 => 2000 + v,
            (2, v) => 1900 + v,
            (_, v) => v,
        }
    }
}

/// Everything the text says, before the clock and zones are asked.
#[derive(Clone, Debug, Default)]
struct Pieces {
    /// `in`, `vor`: which way the next relative item lies.
    ahead: Option<i64>,
    /// `next week`, `last week`, `this week`: a weekday with them is the
    /// one of that calendar week (Monday first), not the coming one moved.
    week: bool,
    year: Option<Year>,
    month: i64,
    day: i64,
    /// Char index of the date, for its errors.
    date_at: usize,
    /// For a numeric date valid in both orders: the other (month, day).
    other_order: Option<(i64, i64)>,
    hour: i64,
    minute: i64,
    second: i64,
    nanos: i64,
    meridian: Option<Meridian>,
    time_at: usize,
    weekday: Option<(i64, Weekday, usize)>,
    rel: Relative,
    /// Relative items since the last `ago`, which negates them all.
    pending: Relative,
    rels_seen: bool,
    dates: u8,
    times: u8,
    days: u8,
    zones: u8,
    zone: Option<TextZone>,
    /// The token after an offset written after a time (`17:13 +05:30`).
    offset_end: Option<usize>,
    /// `@N`: seconds since the epoch, and the nanoseconds of its fraction.
    epoch: Option<(i64, i64)>,
    items: u8,
    /// A year (`2023年`) and month (`11月`) whose day is still to come.
    marked_year: Option<Year>,
    marked_month: Option<(i64, usize)>,
    /// `下午`, `오후`: the half of the day of the time that follows.
    half: Option<Meridian>,
    /// `AD`, `BC`, `BE` after the year.
    era: Option<Era>,
    /// `morning`, `tonight`: the hour when no time is given, and the half
    /// of the day of one given without `am`/`pm`.
    day_part: Option<(i8, Meridian)>,
    /// What the reader is not sure of (a weekday the date contradicts, a
    /// day-first date in a month-first locale).
    warnings: Vec<String>,
}

/// Parses the text into its pieces.
fn parse(text: &str, lead: usize, options: &HumanOptions<'_>) -> Result<Pieces, TimeError> {
    let text = without_monotonic_clock(text);
    let tokens = lex::lex(text).map_err(|LexError { at, message }| {
        TimeError::invalid_at(format!("{text:?} is not a date we can read: {message}"), lead + chars(text, at))
    })?;
    // A dot after a number that no number follows is an ordinal's or the
    // end of a date (`14. November`, `2005.`, `1949. december 10.`).
    let mut tokens = tokens;
    let mut k = 1;
    while k < tokens.len() {
        let after_number = matches!(tokens[k - 1].tok, Tok::Num { .. }) && tokens[k - 1].end == tokens[k].start;
        // A number after it is the next part of a dotted date (`19. 6. 2083`),
        // unless it is a time (`2005. 14:43`).
        let time_next = tokens.get(k + 2).is_some_and(|after| after.tok == Tok::Punct(':'));
        let number_next = tokens.get(k + 1).is_some_and(|next| matches!(next.tok, Tok::Num { .. })) && !time_next;
        if tokens[k].tok == Tok::Punct('.') && after_number && !number_next {
            tokens.remove(k);
        } else {
            k += 1;
        }
    }
    // Brackets around a part are read through (`[GMT+10]`, as Chromium's
    // Traditional Chinese writes the zone).
    if let Some(open) = tokens.iter().position(|t| t.tok == Tok::Punct('['))
        && let Some(close) = tokens[open..].iter().position(|t| t.tok == Tok::Punct(']'))
        && close > 1
    {
        tokens.remove(open + close);
        tokens.remove(open);
    }
    // A phrase (`il y a`, `Mitteleuropäische Sommerzeit`) is one token.
    // What each word means is looked up once, when first asked: the grammar
    // asks again and again, and may stop at the first word it cannot read.
    let (tokens, meanings) = join_phrases(text, tokens, options.words);
    let mut parser =
        Parser { text, tokens: &tokens, meanings: &meanings, i: 0, lead, options, pieces: Pieces::default() };
    while parser.i < tokens.len() {
        parser.item()?;
        parser.pieces.items = parser.pieces.items.saturating_add(1);
    }
    parser.flush_pending();
    if parser.pieces.zones == 0
        && text.contains('(')
        && let Some(zone) = zone_in_comment(text, lead, options)
    {
        parser.pieces.zone = Some(zone);
        parser.pieces.zones = 1;
    }
    if let Some((_, at)) = parser.pieces.marked_month {
        return Err(parser.error_at(at, "a month needs its day, e.g. 11月14日".to_owned()));
    }
    if parser.pieces.marked_year.is_some() || parser.pieces.half.is_some() {
        return Err(parser.error_at(tokens.len(), "the text ends before its date or time does".to_owned()));
    }
    let pieces = parser.pieces;
    if pieces.items == 0 {
        return Err(TimeError::invalid_at(format!("{text:?} holds no date; {EXAMPLES}"), lead));
    }
    let at = lead;
    let twice = |what: &str| {
        Err(TimeError::invalid_at(format!("{text:?} gives {what} twice: give one, or send the two separately"), at))
    };
    if pieces.dates > 1 {
        return twice("a date");
    }
    if pieces.times > 1 {
        return twice("a time of day");
    }
    if pieces.days > 1 {
        return twice("a weekday");
    }
    if pieces.zones > 1 {
        return twice("a zone");
    }
    if pieces.epoch.is_some() && pieces.items > 1 {
        return Err(TimeError::invalid_at(format!("{text:?}: @seconds stands alone; send it without other items"), at));
    }
    Ok(pieces)
}

/// `text` without the reading of Go's monotonic clock that its
/// `time.String` writes at the end (`... -0700 MST m=+0.001234567`): it
/// says when the program started, not when the time was.
fn without_monotonic_clock(text: &str) -> &str {
    let Some((before, clock)) = text.rsplit_once(" m=") else { return text };
    let reading = clock.strip_prefix(['+', '-']).unwrap_or("");
    let (whole, fraction) = reading.split_once('.').unwrap_or((reading, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if digits(whole) && digits(fraction) { before.trim_end() } else { text }
}

/// A zone in parentheses (`13:53:04 (GMT+10:00)`, `(srednjoeuropsko ljetno
/// vrijeme)`), as some languages' CLDR patterns write it: the first
/// comment that is a zone and nothing else. Other comments are skipped, as
/// GNU skips them.
fn zone_in_comment(text: &str, lead: usize, options: &HumanOptions<'_>) -> Option<TextZone> {
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    start = i + 1;
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Ok(pieces) = parse(&text[start..i], lead + chars(text, start), options)
                    && pieces.items == 1
                    && pieces.zones == 1
                {
                    return pieces.zone;
                }
            }
            _ => {}
        }
    }
    None
}

/// The tokens with each phrase of the language joined into one word token
/// that means what the phrase means (from the left, the longest phrase
/// that starts at a word), and a cell for the meaning of each.
fn join_phrases<'a>(
    text: &'a str,
    tokens: Vec<Token<'a>>,
    words: &Vocabulary,
) -> (Vec<Token<'a>>, Vec<OnceCell<Option<Word>>>) {
    if !words.has_phrases() {
        let meanings = tokens.iter().map(|_| OnceCell::new()).collect();
        return (tokens, meanings);
    }
    let same = |token: &Token<'_>, part: &String| match token.tok {
        Tok::Word(word) if word.is_ascii() => word.eq_ignore_ascii_case(part),
        Tok::Word(word) => word.to_lowercase() == *part,
        Tok::Punct(c) => part.chars().eq([c]),
        Tok::Num { .. } | Tok::ShortYear(_) => false,
    };
    let mut joined: Vec<Token<'a>> = Vec::with_capacity(tokens.len());
    let mut meanings: Vec<OnceCell<Option<Word>>> = Vec::with_capacity(tokens.len());
    let mut k = 0;
    while let Some(token) = tokens.get(k) {
        let longest = match token.tok {
            Tok::Word(first) => words
                .phrases_starting(first)
                .iter()
                .filter(|phrase| {
                    tokens.get(k..k + phrase.parts.len()).is_some_and(|window| {
                        window.iter().zip(&phrase.parts).skip(1).all(|(token, part)| same(token, part))
                    })
                })
                .max_by_key(|phrase| phrase.parts.len()),
            _ => None,
        };
        match longest {
            Some(phrase) => {
                let end = tokens[k + phrase.parts.len() - 1].end;
                joined.push(Token { tok: Tok::Word(&text[token.start..end]), start: token.start, end });
                meanings.push(OnceCell::from(Some(phrase.word)));
                k += phrase.parts.len();
            }
            None => {
                joined.push(*token);
                meanings.push(OnceCell::new());
                k += 1;
            }
        }
    }
    (joined, meanings)
}

fn chars(text: &str, byte: usize) -> usize {
    text[..byte.min(text.len())].chars().count()
}

struct Parser<'t, 'a, 'o> {
    text: &'a str,
    tokens: &'t [Token<'a>],
    /// The meaning of each token that is a known word.
    meanings: &'t [OnceCell<Option<Word>>],
    i: usize,
    lead: usize,
    options: &'o HumanOptions<'o>,
    pieces: Pieces,
}

impl<'a> Parser<'_, 'a, '_> {
    fn at(&self, i: usize) -> usize {
        let byte = self.tokens.get(i).map_or(self.text.len(), |token| token.start);
        self.lead + chars(self.text, byte)
    }

    fn tok(&self, k: usize) -> Option<Tok<'a>> {
        self.tokens.get(self.i + k).map(|token| token.tok)
    }

    fn word(&self, k: usize) -> Option<Word> {
        self.word_at(self.i + k)
    }

    /// The meaning of the token at `t` (an index into the tokens).
    fn word_at(&self, t: usize) -> Option<Word> {
        let meaning = self.meanings.get(t)?;
        *meaning.get_or_init(|| match self.tokens.get(t).map(|token| token.tok) {
            Some(Tok::Word(word)) => self.options.words.word(word),
            _ => None,
        })
    }

    /// The unit of a count at token `k`: a unit's word after it (`3 days`,
    /// `2.5 hours`), or one glued to it as letters (`3d`, `1.5h`); with the
    /// count's fraction in nanoseconds of one unit, and how many tokens
    /// the count, its fraction and its unit take.
    fn counted_unit(&self, k: usize) -> Option<(Unit, i64, i64, usize, bool)> {
        let Some(Tok::Num { value, digits: _, ordinal: false, .. }) = self.tok(k) else { return None };
        let mut n = 1;
        let mut nanos = 0;
        if matches!(self.tok(k + 1), Some(Tok::Punct('.' | ',')))
            && self.touching(k + 1)
            && let Some(Tok::Num { value: fraction, digits, negative: None, ordinal: false }) = self.tok(k + 2)
            && self.touching(k + 2)
            && digits <= 9
        {
            nanos = to_i64(fraction) * 10_i64.pow(9 - u32::try_from(digits).unwrap_or(9));
            n = 3;
        }
        let glued = self.touching(k + n);
        let unit = match (self.tok(k + n), self.word(k + n)) {
            (_, Some(Word::Unit(unit))) => unit,
            (Some(Tok::Word(word)), _) if glued => words::short_unit(word)?,
            _ => return None,
        };
        Some((unit, to_i64(value), nanos, n + 1, glued))
    }

    /// The unit of the count at token `k` written apart from it: a unit's
    /// word (`days`); in a run of relative items (after `in`, before `ago`
    /// or another count), a unit's letters after a space (`21 h 25m ago`)
    /// or `mon` (`in 1 mon`, `1 mon ago`: a month, not a Monday).
    fn unit_after_count(&self, k: usize) -> Option<Unit> {
        let t = self.i + k;
        let relative = || {
            let spaced = match (self.tokens.get(t), self.tokens.get(t + 1)) {
                (Some(count), Some(unit)) => {
                    self.text.get(count.end..unit.start).is_some_and(|gap| !gap.is_empty() && gap.trim().is_empty())
                }
                _ => false,
            };
            spaced
                && (matches!(t.checked_sub(1).and_then(|before| self.word_at(before)), Some(Word::Ahead(_)))
                    || matches!(self.word(k + 2), Some(Word::Ago(_)))
                    || self.counted_unit(k + 2).is_some())
        };
        match (self.word(k + 1), self.tok(k + 1)) {
            (Some(Word::Unit(unit)), _) => Some(unit),
            (None, Some(Tok::Word(word))) if relative() => words::short_unit(word),
            (Some(Word::Weekday(_)), Some(Tok::Word(word))) if word.eq_ignore_ascii_case("mon") && relative() => {
                Some(Unit::Month)
            }
            _ => None,
        }
    }

    /// Whether token `k` follows token `k - 1` with nothing between.
    fn touching(&self, k: usize) -> bool {
        let (Some(before), Some(after)) = (self.tokens.get(self.i + k - 1), self.tokens.get(self.i + k)) else {
            return false;
        };
        before.end == after.start
    }

    fn error(&self, k: usize, message: String) -> TimeError {
        self.error_at(self.i + k, message)
    }

    /// An error at token `t` (an index into the tokens).
    fn error_at(&self, t: usize, message: String) -> TimeError {
        TimeError::invalid_at(format!("{:?}: {message}", self.text), self.at(t))
    }

    /// The mark token `k` is: a CJK one, or one the language's clock
    /// writes after its fields (Thai's `นาฬิกา`, `นาที`, `วินาที`), whose
    /// minutes and seconds are marks only after an hour (`3 นาที` alone is
    /// three minutes).
    fn mark(&self, k: usize) -> Option<Mark> {
        let Tok::Word(word) = self.tok(k)? else { return None };
        words::mark(word)
            .or_else(|| self.options.words.mark(word).filter(|mark| *mark == Mark::Hour || self.pieces.times > 0))
    }

    /// A number followed by a CJK mark: a part of a date or a time.
    fn marked(&mut self, value: i64, digits: usize, mark: Mark) -> Result<(), TimeError> {
        let start = self.i;
        self.i += 2;
        let pieces = &mut self.pieces;
        match mark {
            Mark::Year => pieces.marked_year = Some(Year { value, digits }),
            Mark::Month => pieces.marked_month = Some((value, start)),
            Mark::Day => {
                let Some((month, at)) = pieces.marked_month.take() else {
                    return Err(self.error_at(start, "a day needs its month, e.g. 11月14日".to_owned()));
                };
                let year = pieces.marked_year.take();
                self.set_date(at, year, month, value);
                if let Some(Tok::Word(weekday)) = self.tok(0)
                    && weekday.chars().count() <= 3
                    && weekday.ends_with(['曜', '日', '요'])
                {
                    // `(火)`, `火曜日`, `星期二`: the weekday a Japanese, Chinese or
                    // Korean date may carry is skipped, as the date says it.
                    self.i += 1;
                }
            }
            Mark::Hour => {
                let half = pieces.half.take();
                self.set_time(start, value, 0, 0, 0, half);
            }
            Mark::Minute | Mark::Second if pieces.times == 0 => {
                return Err(self.error_at(start, "minutes and seconds need their hour, e.g. 17時13分".to_owned()));
            }
            Mark::Minute => pieces.minute = value,
            Mark::Second => pieces.second = value,
            Mark::Half(_) => {
                return Err(
                    self.error_at(start + 1, "a half of the day comes before the time, e.g. 下午5時".to_owned())
                );
            }
        }
        Ok(())
    }

    fn flush_pending(&mut self) {
        let pending = std::mem::take(&mut self.pieces.pending);
        self.pieces.rel = self.pieces.rel.plus(pending).unwrap_or(self.pieces.rel);
    }

    fn add_relative(&mut self, k: usize, rel: Option<Relative>) -> Result<(), TimeError> {
        // `vor 3 Tagen`: the word before the run said which way it lies.
        let factor = self.pieces.ahead.unwrap_or(1);
        let rel = rel
            .and_then(|rel| rel.scaled(factor))
            .ok_or_else(|| self.error(k, "the relative item is too large".to_owned()))?;
        self.pieces.pending = self
            .pieces
            .pending
            .plus(rel)
            .ok_or_else(|| self.error(k, "the relative items are too large".to_owned()))?;
        self.pieces.rels_seen = true;
        Ok(())
    }

    /// One item of the text.
    fn item(&mut self) -> Result<(), TimeError> {
        let Some(tok) = self.tok(0) else { return Ok(()) };
        // Relative items since the last non-relative one stay pending, for
        // an `ago` after them to negate them all.
        if !self.starts_relative_at(0) && !matches!(self.word(0), Some(Word::Ahead(_) | Word::Filler)) {
            self.flush_pending();
            // `hace 5 horas 2 minutos`: the direction before a run of
            // relative items holds for the whole run.
            self.pieces.ahead = None;
        }
        match tok {
            Tok::Punct(',') => {
                self.i += 1;
                Ok(())
            }
            Tok::Punct('@') => self.epoch(),
            Tok::Num { .. } => self.number(),
            Tok::ShortYear(year) => self.short_year(year),
            Tok::Word(word) => self.word_item(word),
            Tok::Punct(c) => Err(self.error(0, format!("unexpected {c:?}; {EXAMPLES}"))),
        }
    }

    /// `@1700000000`, `@-1.5`.
    fn epoch(&mut self) -> Result<(), TimeError> {
        let Some(Tok::Num { value, negative, .. }) = self.tok(1) else {
            return Err(self.error(0, "@ must be followed by a number of seconds, e.g. @1700000000".to_owned()));
        };
        self.i += 2;
        let nanos = self.fraction()?;
        let seconds = i64::try_from(value).map_err(|_| self.error(0, "too many seconds".to_owned()))?;
        let (seconds, nanos) = if negative == Some(true) { (-seconds, -nanos) } else { (seconds, nanos) };
        self.pieces.epoch = Some((seconds, nanos));
        Ok(())
    }

    /// A fraction right after the number just read (`.5`, `,25`): its
    /// nanoseconds; 0 when there is none.
    fn fraction(&mut self) -> Result<i64, TimeError> {
        if !(matches!(self.tok(0), Some(Tok::Punct('.' | ','))) && self.touching(0)) {
            return Ok(0);
        }
        let Some(Tok::Num { value, digits, negative: None, ordinal: false }) = self.tok(1) else {
            return Ok(0);
        };
        if !self.touching(1) {
            return Ok(0);
        }
        if digits > 9 {
            return Err(self.error(
                1,
                format!("the fraction has {digits} digits; at most 9 (nanoseconds) are read, never rounded"),
            ));
        }
        self.i += 2;
        let scale = 10_i64.pow(9 - u32::try_from(digits).unwrap_or(9));
        Ok(i64::try_from(value).unwrap_or(0) * scale)
    }

    fn number(&mut self) -> Result<(), TimeError> {
        let Some(Tok::Num { value, digits, negative, ordinal }) = self.tok(0) else { return Ok(()) };
        let value = i64::try_from(value).map_err(|_| self.error(0, "the number is too large".to_owned()))?;
        let signed = signed_value(value, negative);
        if negative.is_none()
            && !ordinal
            && let Some(read) = self.spaced_clock(value)
        {
            return read;
        }
        // `2.5 hours`, `1h30m`, `-2hr5min`, `10h36m28s`, `1.5h`: a count with
        // a fraction, or with its unit as letters glued to it (and more
        // such counts glued after it, all of the first one's sign).
        if let Some((_, _, nanos, used, glued)) = self.counted_unit(0)
            && (nanos != 0
                || (glued
                    && (!matches!(self.word(1), Some(Word::Unit(_)))
                        || (matches!(self.tok(used), Some(Tok::Num { .. })) && self.touching(used)))))
        {
            return self.glued_counts(negative);
        }
        // `10 past 5`, `20 to 6`: minutes told before the hour.
        // `7 to 9am` is a range, not 8:53: minutes told before an hour are
        // a multiple of five, more than the hour's number (`20 to 6`).
        if negative.is_none()
            && value < 60
            && let Some(after) = self.past_or_to(1)
            && let Some(Tok::Num { value: hour, negative: None, .. }) = self.tok(2)
            && !matches!(self.word(3), Some(Word::Month(_)))
            && (after > 0 || (value % 5 == 0 && value > to_i64(hour)))
        {
            return self.told_time(to_i64(hour), value, after);
        }
        // `5 o'clock`.
        if let Some(Word::OClock) = self.word(1) {
            self.set_time(self.i, value, 0, 0, 0, None);
            self.i += 2;
            return Ok(());
        }
        // `44 BC`, `2562 BE`: a year in an era, as written; `2024 AD
        // August`: the month of that year; `6AD May 19`: a day of it (a
        // number of one or two digits that no `:` makes an hour).
        if let (None, Some(Word::Era(era))) = (negative, self.word(1)) {
            let month = match self.word(2) {
                Some(Word::Month(month)) => Some(i64::from(month)),
                _ => None,
            };
            let day = match (month, self.tok(3), self.tok(4)) {
                (Some(_), Some(Tok::Num { value: day @ 1..=31, digits: 1..=2, negative: None, .. }), after)
                    if self.pieces.dates == 0 && !matches!(after, Some(Tok::Punct(':' | '.'))) =>
                {
                    Some(to_i64(day))
                }
                _ => None,
            };
            self.year_in_era(value, digits, era, month.unwrap_or(1));
            if let Some(day) = day {
                self.pieces.day = day;
            }
            self.i += match (month, day) {
                (Some(_), Some(_)) => 4,
                (Some(_), None) => 3,
                _ => 2,
            };
            return Ok(());
        }
        // `3일 전`: a CJK mark that a direction follows is a unit.
        if let (Some(mark), Some(Word::Ago(_))) = (self.mark(1), self.word(2))
            && let Some(unit) = mark.unit()
        {
            self.i += 2;
            return self.relative_after(1, Relative::of(unit, signed_value(value, negative)));
        }
        if negative.is_none()
            && let Some(mark) = self.mark(1)
        {
            return self.marked(value, digits, mark);
        }
        // `2 tháng trước`: the month's word with no month number after it is the unit.
        if let Some(Word::MonthNumber) = self.word(1)
            && !matches!(self.tok(2), Some(Tok::Num { value: 1..=12, .. }))
        {
            self.i += 2;
            return self.relative_after(1, Relative::of(Unit::Month, signed_value(value, negative)));
        }
        // `peste 28 de ani`: a joining word between the count and its unit.
        if let (Some(Word::Filler), Some(Word::Unit(unit))) = (self.word(1), self.word(2)) {
            self.i += 3;
            return self.relative_after(2, Relative::of(unit, signed_value(value, negative)));
        }
        // `3 days`, `+2 weeks`, `2 hours and a half`, `21 h 25m ago`, `in 1 mon`.
        if let Some(unit) = self.unit_after_count(0) {
            self.i += 2;
            let half = self.and_a_half(unit, negative)?;
            return self.relative_after(1, Relative::of(unit, signed).and_then(|rel| rel.plus(half)));
        }
        // `3日前`: the unit and its direction in one word.
        if let Some(Word::UnitThen(unit, factor)) = self.word(1) {
            self.i += 2;
            return self.relative_after(1, signed.checked_mul(factor).and_then(|count| Relative::of(unit, count)));
        }
        if negative.is_some() {
            return Err(self.error(0, "a signed number must be followed by a unit, e.g. +3 days".to_owned()));
        }
        // `2019 March 5`, `2019-Mar-05`, `2019/Mar/05`, `2019 March`: year first.
        if digits == 4
            && let Some((month, skip)) = match (self.tok(1), self.word(1), self.word(2)) {
                (_, Some(Word::Month(month)), _) => Some((month, 1)),
                (Some(Tok::Punct('/' | '.')), _, Some(Word::Month(month))) if self.touching(1) => Some((month, 2)),
                _ => None,
            }
        {
            return self.year_month_day(value, month, skip);
        }
        // `03 05 2019`, `2019 03 05`: a numeric date with spaces.
        if let Some((date, taken)) = self.spaced_date() {
            self.i += taken;
            return date;
        }
        match (self.tok(1), self.word(1)) {
            // `2019:03:05 07:41:10`: EXIF's date, with colons.
            (Some(Tok::Punct(':')), _) if digits == 4 && self.colon_date() => {
                let numbers = self.separated_numbers(':');
                self.set_date(self.i, Some(Year { value, digits }), numbers[1].0, numbers[2].0);
                self.i += 5;
                Ok(())
            }
            (Some(Tok::Punct(':')), _) if self.colon_date_year_last() => {
                let numbers = self.separated_numbers(':');
                let year = Year { value: numbers[2].0, digits: 4 };
                self.ordered_date(value, numbers[1].0, Some(year));
                self.i += 5;
                Ok(())
            }
            (Some(Tok::Punct(':')), _) => self.time(value),
            (_, Some(Word::Meridian(meridian))) => {
                self.set_time(self.i, value, 0, 0, 0, Some(meridian));
                self.i += 2;
                Ok(())
            }
            // `25/Sep/2003`: a day, the month's name, the year, with slashes.
            (Some(Tok::Punct('/')), _) if matches!(self.word(2), Some(Word::Month(_))) => {
                let Some(Word::Month(month)) = self.word(2) else { return Ok(()) };
                self.i += 1;
                if matches!(self.tok(2), Some(Tok::Punct('/'))) {
                    self.i += 1;
                    let year = match self.tok(2) {
                        Some(Tok::Num { value: year, digits, negative: None, .. }) => {
                            Year { value: to_i64(year), digits }
                        }
                        _ => return Err(self.error(2, "a year follows the month, e.g. 25/Sep/2003".to_owned())),
                    };
                    self.set_date(self.i - 2, Some(year), i64::from(month), value);
                    self.i += 3;
                    return Ok(());
                }
                self.day_month(value, month)
            }
            (Some(Tok::Punct('/')), _) => self.slashed_date(),
            (Some(Tok::Punct('.')), _) if self.touching(1) && self.dotted_is_time() => self.time_with(value, '.'),
            (Some(Tok::Punct('.')), _) if self.touching(1) => self.dotted_date(value),
            // `1949 december 10` where the language writes the year first.
            (_, Some(Word::Month(month))) if !(digits == 4 && self.options.words.year_first()) => {
                self.day_month(value, month)
            }
            // `24 tháng 4 2056`: a word that says the number after it is the month.
            (_, Some(Word::MonthNumber)) if matches!(self.tok(2), Some(Tok::Num { value: 1..=12, .. })) => {
                let Some(Tok::Num { value: month, .. }) = self.tok(2) else { return Ok(()) };
                self.i += 1;
                self.day_month(value, i8::try_from(month).unwrap_or(1))
            }
            // `4 de julio de 1910`: a joining word between day and month.
            (_, Some(Word::Filler)) if digits <= 2 && matches!(self.word(2), Some(Word::Month(_))) => {
                let Some(Word::Month(month)) = self.word(2) else { return Ok(()) };
                self.i += 1;
                self.day_month(value, month)
            }
            (_, Some(Word::Weekday(weekday))) => {
                self.set_weekday(self.i, value, weekday);
                self.i += 2;
                Ok(())
            }
            (Some(Tok::Num { negative: Some(true), .. }), _)
                if matches!(self.tok(2), Some(Tok::Num { negative: Some(true), .. })) =>
            {
                self.iso_date(value, digits)
            }
            // `2019-03`: a year and a month, the first of it.
            (Some(Tok::Num { value: month @ 1..=12, digits: 1..=2, negative: Some(true), ordinal: false }), _)
                if digits == 4 && self.touching(1) =>
            {
                self.set_date(self.i, Some(Year { value, digits }), to_i64(month), 1);
                self.i += 2;
                Ok(())
            }
            _ if ordinal => Err(self.error(0, "a day written as an ordinal needs its month, e.g. Nov 14th".to_owned())),
            _ => self.bare_number(value, digits),
        }
    }

    /// Counts with a fraction or with glued units from token 0 (`2.5 hours`,
    /// `1h30m`, `-2hr5min`): one relative item, each count of the first
    /// one's sign.
    fn glued_counts(&mut self, negative: Option<bool>) -> Result<(), TimeError> {
        let sign = if negative == Some(true) { -1 } else { 1 };
        let start = self.i;
        let mut total = Relative::default();
        let mut first = true;
        let mut clock = Some((0_i64, None::<Unit>));
        // The clock's units read so far: each once, in any order (`01m02h`).
        let mut steps = Vec::with_capacity(3);
        while let Some((unit, count, nanos, used, glued)) = self.counted_unit(0) {
            // `12h 01m02s am`: a space between counts glued to their clock
            // units, unsigned, keeps one item.
            let spaced_clock = negative.is_none() && clock.is_some() && clock_unit(unit).is_some();
            if !first
                && ((!self.touching(0) && !spaced_clock)
                    || !glued
                    || matches!(self.tok(0), Some(Tok::Num { negative: Some(_), .. })))
            {
                break;
            }
            clock = clock.and_then(|(nanos_so_far, _)| {
                let step = clock_unit(unit)?;
                let next = (glued && !steps.contains(&step))
                    .then(|| count.checked_mul(step)?.checked_add(nanos.checked_mul(step / 1_000_000_000)?))??;
                steps.push(step);
                Some((nanos_so_far.checked_add(next)?, Some(unit)))
            });
            let part = self.fractional(unit, count, nanos)?;
            self.i += used;
            total = total.plus(part).ok_or_else(|| self.error(0, "the relative item is too large".to_owned()))?;
            first = false;
        }
        // `10h36m28s`, `01h02`, `10h am`: hours, minutes and seconds glued to
        // their counts, with nothing that makes them a span (a sign, `in`,
        // `ago`, `from now`), are a time of day, as French writes `10h30`
        // and dateutil reads it; a number glued after them is the next unit.
        if let Some((mut nanos, Some(last))) = clock
            && negative.is_none()
            && self.pieces.ahead.is_none()
            && self.pieces.pending == Relative::default()
            && !matches!(self.word(0), Some(Word::Ago(_) | Word::Unit(_)))
            && self.counted_unit(0).is_none()
        {
            if let (Some(Tok::Num { value, negative: None, ordinal: false, .. }), true, Some(next)) =
                (self.tok(0), self.touching(0), clock_unit(last).map(|step| step / 60).filter(|s| *s >= 1_000_000_000))
            {
                nanos = nanos.saturating_add(to_i64(value).saturating_mul(next));
                self.i += 1;
            }
            let meridian = match self.word(0) {
                Some(Word::Meridian(meridian)) => {
                    self.i += 1;
                    Some(meridian)
                }
                _ => None,
            };
            if nanos < 86_400_000_000_000 {
                let (hour, rest) = (nanos / 3_600_000_000_000, nanos % 3_600_000_000_000);
                let (minute, rest) = (rest / 60_000_000_000, rest % 60_000_000_000);
                self.set_time(start, hour, minute, rest / 1_000_000_000, rest % 1_000_000_000, meridian);
                return Ok(());
            }
            return Err(self.error(0, "a time of day is shorter than 24 hours".to_owned()));
        }
        let total = total.scaled(sign);
        self.relative_after(0, total)
    }

    /// `10 h 36`, `10 h 36.5`, `36 m 5 s`: a time of day whose unit letters
    /// stand apart (as dateutil reads them): hours, then minutes (and their
    /// letter), or minutes, then seconds (and theirs), the last with a
    /// fraction. `None` when the text is not so.
    fn spaced_clock(&mut self, first: i64) -> Option<Result<(), TimeError>> {
        let Some(Tok::Word(letter)) = self.tok(1) else { return None };
        let step: i64 = match letter {
            "h" => 3_600_000_000_000,
            "m" => 60_000_000_000,
            _ => return None,
        };
        let Some(Tok::Num { value: second, negative: None, ordinal: false, .. }) = self.tok(2) else { return None };
        if self.touching(1) || self.touching(2) {
            return None;
        }
        let mut taken = 3;
        let mut fraction = 0;
        if matches!(self.tok(3), Some(Tok::Punct('.')))
            && self.touching(3)
            && let Some(Tok::Num { value, digits: 1..=9, negative: None, .. }) = self.tok(4)
            && self.touching(4)
        {
            let digits = self.tokens.get(self.i + 4).map_or(1, |token| token.end - token.start);
            fraction = to_i64(value) * 10_i64.pow(9 - u32::try_from(digits).unwrap_or(9));
            taken = 5;
        }
        let next = step / 60;
        let next_letter = if letter == "h" { "m" } else { "s" };
        if matches!(self.tok(taken), Some(Tok::Word(word)) if word == next_letter) {
            taken += 1;
        }
        // `2 h 5 min ago` is a relative item, not a clock.
        if to_i64(second) >= 60 || matches!(self.word(taken), Some(Word::Unit(_) | Word::Ago(_))) {
            return None;
        }
        let nanos = first.checked_mul(step)?.checked_add(to_i64(second) * next + fraction * (next / 1_000_000_000))?;
        if nanos >= 86_400_000_000_000 {
            return None;
        }
        let start = self.i;
        self.i += taken;
        let (hour, rest) = (nanos / 3_600_000_000_000, nanos % 3_600_000_000_000);
        let (minute, rest) = (rest / 60_000_000_000, rest % 60_000_000_000);
        self.set_time(start, hour, minute, rest / 1_000_000_000, rest % 1_000_000_000, None);
        Some(Ok(()))
    }

    /// A year in an era, as written (`44 BC`, `AD 2001`), and the first of
    /// its `month` when the text has no other date.
    fn year_in_era(&mut self, value: i64, digits: usize, era: Era, month: i64) {
        self.pieces.year = Some(Year { value, digits: digits.max(3) });
        self.pieces.era = Some(era);
        if self.pieces.dates == 0 {
            self.set_date(self.i, self.pieces.year, month, 1);
        }
    }

    /// `count` and `nanos` billionths of `unit`: a fraction only of a unit
    /// of fixed length, read exactly (`1.5h` is 90 minutes).
    fn fractional(&self, unit: Unit, count: i64, nanos: i64) -> Result<Relative, TimeError> {
        let whole = Relative::of(unit, count).ok_or_else(|| self.error(0, "the count is too large".to_owned()))?;
        if nanos == 0 {
            return Ok(whole);
        }
        let Some(seconds) = unit.seconds() else {
            return Err(self.error(
                0,
                "a fraction of a year, quarter or month has no fixed length: write it in a smaller unit, \
                 e.g. 18 months"
                    .to_owned(),
            ));
        };
        let part = Relative { nanos: nanos.saturating_mul(seconds), ..Relative::default() };
        whole.plus(part).ok_or_else(|| self.error(0, "the count is too large".to_owned()))
    }

    /// Half of `unit`: 6 months of a year, else half its fixed length.
    fn half_of(&self, unit: Unit, at: usize) -> Result<Relative, TimeError> {
        match unit {
            Unit::Year => Ok(Relative { months: 6, ..Relative::default() }),
            _ => self.fractional(unit, 0, 500_000_000).map_err(|_| {
                self.error(at, "half a month or a quarter has no fixed length: write it in days".to_owned())
            }),
        }
    }

    /// `and a half` after a unit (`an hour and a half`): half the unit,
    /// with the count's sign; nothing when the words do not follow.
    fn and_a_half(&mut self, unit: Unit, negative: Option<bool>) -> Result<Relative, TimeError> {
        if matches!(self.tok(0), Some(Tok::Word(and)) if and.eq_ignore_ascii_case("and"))
            && matches!(self.word(1), Some(Word::One))
            && matches!(self.word(2), Some(Word::Half))
        {
            let half = self.half_of(unit, 2)?;
            self.i += 3;
            return Ok(if negative == Some(true) { half.scaled(-1).unwrap_or(half) } else { half });
        }
        Ok(Relative::default())
    }

    /// `past` (1) or `to` (-1) at token `k`, in a time told in words.
    fn past_or_to(&self, k: usize) -> Option<i64> {
        match (self.tok(k), self.word(k)) {
            (Some(Tok::Word(word)), _) if word.eq_ignore_ascii_case("past") => Some(1),
            (_, Some(Word::To)) => Some(-1),
            _ => None,
        }
    }

    /// `half past 5`, `quarter to 6`, `10 past 5`: `minutes` after (1) or
    /// before (-1) `hour`, the hour at token 2; the half of the day as a
    /// bare hour's (or a day part's).
    fn told_time(&mut self, hour: i64, minutes: i64, after: i64) -> Result<(), TimeError> {
        let start = self.i;
        self.i += 3;
        let meridian = match self.word(0) {
            Some(Word::Meridian(meridian)) => {
                self.i += 1;
                Some(meridian)
            }
            _ => None,
        };
        let (hour, minute) = if after > 0 { (hour, minutes) } else { (hour - 1, 60 - minutes) };
        let hour = if hour < 0 { 23 } else { hour };
        self.set_time(start, hour, minute, 0, 0, meridian);
        Ok(())
    }

    /// A count in words from token 0 (`two`, `twenty one`, `a few`,
    /// `a couple of`): its value and the tokens it takes, the `of` after
    /// it included.
    fn spelled_count(&self) -> Option<(i64, usize)> {
        let mut k = usize::from(matches!(self.word(0), Some(Word::One)));
        let Some(Word::Count(mut n)) = self.word(k) else { return None };
        k += 1;
        if matches!(n, 20 | 30)
            && let Some(Word::Count(ones @ 1..=9)) = self.word(k)
        {
            n += ones;
            k += 1;
        }
        if matches!(self.tok(k), Some(Tok::Word(of)) if of.eq_ignore_ascii_case("of")) {
            k += 1;
        }
        Some((n, k))
    }

    /// `'19`: the year of the date (`Mar '19`), or a year alone.
    fn short_year(&mut self, year: u64) -> Result<(), TimeError> {
        let year = Year { value: to_i64(year), digits: 2 };
        if self.pieces.dates > 0 && self.pieces.year.is_none() {
            self.pieces.year = Some(year);
        } else {
            self.set_date(self.i, Some(year), 1, 1);
        }
        self.i += 1;
        Ok(())
    }

    /// A relative item ends here; `ago` or `hence` may follow.
    fn relative_after(&mut self, k: usize, rel: Option<Relative>) -> Result<(), TimeError> {
        self.add_relative(k, rel)?;
        // `tahun yang lalu`: a phrase's joining words before its `ago`.
        if let (Some(Word::Filler), Some(Word::Ago(_))) = (self.word(0), self.word(1)) {
            self.i += 1;
        }
        if let Some(Word::Ago(factor)) = self.word(0) {
            self.i += 1;
            let pending = std::mem::take(&mut self.pieces.pending);
            let scaled = pending.scaled(factor).ok_or_else(|| self.error(0, "too large".to_owned()))?;
            self.pieces.rel = self.pieces.rel.plus(scaled).ok_or_else(|| self.error(0, "too large".to_owned()))?;
        }
        Ok(())
    }

    /// `H:MM[:SS[.frac]]`, then a meridian or an offset.
    fn time(&mut self, hour: i64) -> Result<(), TimeError> {
        self.time_with(hour, ':')
    }

    /// `17.13`, `3.44.15` in a language that writes times with dots: at
    /// most three numbers of one or two digits, two-digit minutes.
    fn dotted_is_time(&self) -> bool {
        // `at 12.30`: after `at`, a time in any language (British English writes them so).
        let after_at =
            self.i > 0 && matches!(self.tokens[self.i - 1].tok, Tok::Word(at) if at.eq_ignore_ascii_case("at"));
        if !self.options.words.dotted_time() && !after_at {
            return false;
        }
        let numbers = self.separated_numbers('.');
        let next = self.i + numbers.len() * 2 - 1;
        let dot_after = self.tokens.get(next).is_some_and(|token| token.tok == Tok::Punct('.'));
        (2..=3).contains(&numbers.len())
            && numbers.iter().all(|(_, digits)| *digits <= 2)
            && numbers[1].1 == 2
            && numbers[0].0 <= 24
            && !dot_after
    }

    /// `H:MM[:SS[.frac]]` (or with `separator` for `:`), then a meridian or an offset.
    fn time_with(&mut self, hour: i64, separator: char) -> Result<(), TimeError> {
        let at = self.i;
        let Some(Tok::Num { value: minute, negative: None, .. }) = self.tok(2) else {
            return Err(self.error(1, "a time is written H:MM, e.g. 17:13".to_owned()));
        };
        self.i += 3;
        let mut second = 0;
        let mut nanos = 0;
        if let (Some(Tok::Punct(c)), Some(Tok::Num { value, negative: None, .. })) = (self.tok(0), self.tok(1))
            && c == separator
        {
            second = i64::try_from(value).unwrap_or(i64::MAX);
            self.i += 2;
            nanos = self.fraction()?;
            // `07:41:10:250`: milliseconds after a third colon.
            if nanos == 0
                && separator == ':'
                && matches!(self.tok(0), Some(Tok::Punct(':')))
                && self.touching(0)
                && let Some(Tok::Num { value, digits: 3, negative: None, ordinal: false }) = self.tok(1)
                && self.touching(1)
            {
                nanos = to_i64(value) * 1_000_000;
                self.i += 2;
            }
        }
        let minute = i64::try_from(minute).unwrap_or(i64::MAX);
        let meridian = match self.word(0) {
            Some(Word::Meridian(meridian)) => {
                self.i += 1;
                Some(meridian)
            }
            _ => self.pieces.half.take(),
        };
        self.set_time(at, hour, minute, second, nanos, meridian);
        if meridian.is_none()
            && let Some(Tok::Num { value, digits, negative: Some(negative), .. }) = self.tok(0)
        {
            let seconds = self.offset_after(value, digits, negative)?;
            self.set_zone(TextZone::Offset { seconds, label: None, meanings: Vec::new() });
            // `+0300 +03`, `+0300 +0300`: Go writes a zone without an
            // abbreviation as its offset again.
            if let Some(Tok::Num { value, digits: digits @ (2 | 4), negative: Some(again), .. }) = self.tok(0)
                && !matches!(self.word(1), Some(Word::Unit(_)))
            {
                let written = match digits {
                    2 => to_i64(value) * 3600,
                    _ => to_i64(value) / 100 * 3600 + to_i64(value) % 100 * 60,
                };
                if i64::from(seconds) == signed_value(written, Some(again)) {
                    self.i += 1;
                }
            }
            self.pieces.offset_end = Some(self.i);
        }
        Ok(())
    }

    /// `±HH`, `±HHMM` or `±HH:MM` (the number at token 0 read): seconds east.
    fn offset_after(&mut self, value: u64, digits: usize, negative: bool) -> Result<i32, TimeError> {
        self.offset_after_with(value, digits, negative, &[':'])
    }

    /// [`Self::offset_after`], the minutes after one of `separators`.
    fn offset_after_with(
        &mut self,
        value: u64,
        digits: usize,
        negative: bool,
        separators: &[char],
    ) -> Result<i32, TimeError> {
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        let minutes = if let (Some(Tok::Punct(separator)), Some(Tok::Num { value: mm, negative: None, .. })) =
            (self.tok(1), self.tok(2))
            && separators.contains(&separator)
        {
            self.i += 2;
            value.saturating_mul(60).saturating_add(i64::try_from(mm).unwrap_or(i64::MAX))
        } else if digits <= 2 {
            value * 60
        } else {
            value / 100 * 60 + value % 100
        };
        if minutes >= 24 * 60 {
            return Err(self.error(0, "an offset is less than 24 hours (RFC 3339's hour is 00-23)".to_owned()));
        }
        self.i += 1;
        let seconds = i32::try_from(minutes * 60).unwrap_or(i32::MAX);
        Ok(if negative { -seconds } else { seconds })
    }

    /// A time of day, written from token `t` (an index into the tokens).
    fn set_time(&mut self, t: usize, hour: i64, minute: i64, second: i64, nanos: i64, meridian: Option<Meridian>) {
        let at = self.at(t);
        let pieces = &mut self.pieces;
        pieces.times += 1;
        (pieces.hour, pieces.minute, pieces.second, pieces.nanos, pieces.meridian) =
            (hour, minute, second, nanos, meridian);
        pieces.time_at = at;
    }

    /// A date, written from token `t`.
    fn set_date(&mut self, t: usize, year: Option<Year>, month: i64, day: i64) {
        let at = self.at(t);
        let pieces = &mut self.pieces;
        pieces.dates += 1;
        // A year written before the date (`2023. november 14.`) stays.
        (pieces.year, pieces.month, pieces.day, pieces.date_at) = (year.or(pieces.year), month, day, at);
    }

    /// A weekday, written at token `t`.
    fn set_weekday(&mut self, t: usize, ordinal: i64, weekday: Weekday) {
        let at = self.at(t);
        self.pieces.days += 1;
        self.pieces.weekday = Some((ordinal, weekday, at));
    }

    fn set_zone(&mut self, zone: TextZone) {
        self.pieces.zones += 1;
        self.pieces.zone = Some(zone);
    }

    /// `a/b` or `a/b/c`: year first when `a` has four digits, else in the
    /// locale's order.
    fn slashed_date(&mut self) -> Result<(), TimeError> {
        let numbers = self.separated_numbers('/');
        match numbers.as_slice() {
            // `2023/11/14`; `23/11/14` in a language that writes the year first (Korean).
            [(a, a_digits), (b, _), (c, c_digits)]
                if *a_digits >= 4 || (self.options.words.year_first() && *c_digits <= 2) =>
            {
                self.set_date(self.i, Some(Year { value: *a, digits: *a_digits }), *b, *c);
            }
            [(a, _), (b, _), (y, y_digits)] => {
                self.ordered_date(*a, *b, Some(Year { value: *y, digits: *y_digits }));
            }
            // `3/2019`: a month and its year, the first of it.
            [(month, 1..=2), (year, 4)] => self.set_date(self.i, Some(Year { value: *year, digits: 4 }), *month, 1),
            [(a, _), (b, _)] => self.ordered_date(*a, *b, None),
            _ => return Err(self.error(0, "a numeric date is written 11/14/2023 or 2023/11/14".to_owned())),
        }
        self.i += numbers.len() * 2 - 1;
        Ok(())
    }

    /// `2019 March 5`, `2019-Mar-05`, `2019/Mar/05`, `2019 March`: the
    /// year at token 0, the month `skip` tokens on, then its day, if any.
    fn year_month_day(&mut self, year: i64, month: i8, skip: usize) -> Result<(), TimeError> {
        let start = self.i;
        self.i += skip + 1;
        if matches!(self.tok(0), Some(Tok::Punct('/' | '.'))) && self.touching(0) {
            self.i += 1;
        }
        let day = match self.tok(0) {
            Some(Tok::Num { value, digits: 1..=2, negative: None | Some(true), .. })
                if !matches!(self.tok(1), Some(Tok::Punct(':'))) && !matches!(self.word(1), Some(Word::Unit(_))) =>
            {
                self.i += 1;
                to_i64(value)
            }
            _ => match self.word(0) {
                Some(Word::Ordinal(n @ 1..=12)) => {
                    self.i += 1;
                    n
                }
                _ => 1,
            },
        };
        self.set_date(start, Some(Year { value: year, digits: 4 }), i64::from(month), day);
        Ok(())
    }

    /// Three unsigned numbers with spaces between, and nothing after them
    /// that makes them part of something else: `03 05 2019` (the day and
    /// month in the locale's order) or `2019 03 05`. The date, and the
    /// tokens it takes.
    fn spaced_date(&mut self) -> Option<(Result<(), TimeError>, usize)> {
        let number = |k: usize| match self.tok(k) {
            Some(Tok::Num { value, digits, negative: None, ordinal: false }) => Some((to_i64(value), digits)),
            _ => None,
        };
        let (a, b, c) = (number(0)?, number(1)?, number(2)?);
        if self.touching(1) || self.touching(2) || matches!(self.tok(3), Some(Tok::Punct(':' | '.'))) {
            return None;
        }
        if self.word(3).is_some_and(|word| matches!(word, Word::Unit(_) | Word::Meridian(_))) {
            return None;
        }
        match (a.1, b.1, c.1) {
            (4, 1..=2, 1..=2) => {
                self.set_date(self.i, Some(Year { value: a.0, digits: 4 }), b.0, c.0);
                Some((Ok(()), 3))
            }
            (1..=2, 1..=2, 2 | 4) => {
                self.ordered_date(a.0, b.0, Some(Year { value: c.0, digits: c.1 }));
                Some((Ok(()), 3))
            }
            _ => None,
        }
    }

    /// `2019:03:05`, then a time or nothing: EXIF's date.
    fn colon_date(&self) -> bool {
        let numbers = self.separated_numbers(':');
        numbers.len() == 3
            && (1..=2).contains(&numbers[1].1)
            && (1..=2).contains(&numbers[2].1)
            && (self.tok(5).is_none() || matches!(self.tok(6), Some(Tok::Punct(':'))))
    }

    /// `04:02:2014 04:08:09`: a numeric date with colons, its year last (no
    /// time has four digits in its last field).
    fn colon_date_year_last(&self) -> bool {
        let numbers = self.separated_numbers(':');
        numbers.len() == 3
            && numbers[0].1 <= 2
            && numbers[1].1 <= 2
            && numbers[2].1 == 4
            && !matches!(self.tok(5), Some(Tok::Punct(_)))
    }

    /// `14.11.2023`, `14.11.`: in the locale's order.
    fn dotted_date(&mut self, value: i64) -> Result<(), TimeError> {
        if let Some(Word::Month(month)) = self.word(2) {
            // `14. November 2023`.
            self.i += 1;
            return self.day_month(value, month);
        }
        let numbers = self.separated_numbers('.');
        match numbers.as_slice() {
            // `1949. 12. 10.`, and `87. 5. 6.` in a language that writes the year first (Korean).
            [(y, y_digits), (m, _), (d, d_digits)]
                if *y_digits == 4 || (self.options.words.year_first() && *d_digits <= 2) =>
            {
                self.set_date(self.i, Some(Year { value: *y, digits: *y_digits }), *m, *d);
            }
            // A year of one or three digits is no date people write with dots
            // (`1.5.3` is a version number).
            [(a, _), (b, _), (y, y_digits @ (2 | 4))] => {
                self.ordered_date(*a, *b, Some(Year { value: *y, digits: *y_digits }));
            }
            [(a, _), (b, _)] => self.ordered_date(*a, *b, None),
            _ => return Err(self.error(0, "a dotted date is written 14.11.2023 or 14.11.23".to_owned())),
        }
        self.i += numbers.len() * 2 - 1;
        if matches!(self.tok(0), Some(Tok::Punct('.'))) && self.touching(0) {
            self.i += 1;
        }
        Ok(())
    }

    /// Up to three unsigned numbers joined by `separator`, from token 0.
    fn separated_numbers(&self, separator: char) -> Vec<(i64, usize)> {
        let mut numbers = Vec::with_capacity(3);
        let mut k = 0;
        while numbers.len() < 3 {
            let Some(Tok::Num { value, digits, negative: None, ordinal: false }) = self.tok(k) else { break };
            numbers.push((i64::try_from(value).unwrap_or(i64::MAX), digits));
            if !(matches!(self.tok(k + 1), Some(Tok::Punct(c)) if c == separator)
                && matches!(self.tok(k + 2), Some(Tok::Num { negative: None, .. })))
            {
                break;
            }
            k += 2;
        }
        numbers
    }

    /// A numeric date whose first two numbers are in the locale's order.
    fn ordered_date(&mut self, a: i64, b: i64, year: Option<Year>) {
        let (month, day) = match self.options.order {
            DateOrder::MonthDay => (a, b),
            DateOrder::DayMonth => (b, a),
        };
        // `25/03/2019` in en-US: no 25th month, so the other order, said.
        let (month, day) = if month > 12 && (1..=12).contains(&day) {
            let (first, then) = match self.options.order {
                DateOrder::MonthDay => ("month first", "day first"),
                DateOrder::DayMonth => ("day first", "month first"),
            };
            self.pieces.warnings.push(format!(
                "the locale writes numeric dates {first}, but {month} is no month: read {then}, as {}",
                month_day_text(day, month)
            ));
            (day, month)
        } else {
            (month, day)
        };
        self.set_date(self.i, year, month, day);
        if a != b && (1..=12).contains(&a) && (1..=12).contains(&b) {
            self.pieces.other_order = Some((day, month));
        }
    }

    /// `2023-11-14`, then `T10:00` or not.
    fn iso_date(&mut self, year: i64, digits: usize) -> Result<(), TimeError> {
        let (Some(Tok::Num { value: month, .. }), Some(Tok::Num { value: day, digits: last, .. })) =
            (self.tok(1), self.tok(2))
        else {
            return Ok(());
        };
        if digits <= 2 && (last == 4 || last == 2) {
            // `10-06-1965`: day and month in the locale's order, then the year.
            self.ordered_date(year, to_i64(month), Some(Year { value: to_i64(day), digits: last }));
            self.i += 3;
            return Ok(());
        }
        self.set_date(self.i, Some(Year { value: year, digits }), to_i64(month), to_i64(day));
        self.i += 3;
        if let Some(Tok::Word("T" | "t")) = self.tok(0)
            && let Some(Tok::Num { value, .. }) = self.tok(1)
            && matches!(self.tok(2), Some(Tok::Punct(':')))
        {
            self.i += 1;
            return self.time(to_i64(value));
        }
        // `2019-03-05+08:00`: a date at an offset, its midnight there.
        if let Some(Tok::Num { value, digits: digits @ (2 | 4), negative: Some(negative), .. }) = self.tok(0)
            && self.touching(0)
            && !matches!(self.word(1), Some(Word::Unit(_)))
        {
            let seconds = self.offset_after(value, digits, negative)?;
            self.set_zone(TextZone::Offset { seconds, label: None, meanings: Vec::new() });
            self.pieces.offset_end = Some(self.i);
        }
        Ok(())
    }

    /// `14 Nov`, `14 Nov 2023`, `14-Nov-2023`, `14. November 2023`.
    /// A day of the month spelled as an ordinal at token `k` (`fifth`,
    /// `twenty-first`, `thirtieth`; `second`, which is also a unit), and
    /// how many tokens it takes.
    fn spelled_day(&self, k: usize) -> Option<(i64, usize)> {
        let ordinal = |word: Option<Word>| match word {
            Some(Word::Ordinal(n @ 1..=31)) => Some(n),
            Some(Word::Unit(Unit::Second)) => Some(2),
            _ => None,
        };
        match (self.word(k), ordinal(self.word(k + 1))) {
            (Some(Word::Count(tens @ (20 | 30))), Some(ones @ 1..=9)) => Some((tens + ones, 2)),
            _ => ordinal(self.word(k)).map(|n| (n, 1)),
        }
    }

    fn day_month(&mut self, day: i64, month: i8) -> Result<(), TimeError> {
        let year = match self.tok(2) {
            Some(Tok::Num { value, digits, negative: None | Some(true), ordinal: false })
                if !matches!(self.tok(3), Some(Tok::Punct(':')))
                    && !matches!(self.word(3), Some(Word::Meridian(_) | Word::OClock))
                    && !matches!(self.counted_unit(2), Some((.., true))) =>
            {
                Some(Year { value: to_i64(value), digits })
            }
            _ => None,
        };
        self.set_date(self.i, year, i64::from(month), day);
        self.i += if year.is_some() { 3 } else { 2 };
        Ok(())
    }

    /// `Nov 14`, `Nov 14, 2023`, `November 14 2023`, `Nov-14-2023`.
    fn month_day(&mut self, month: i8) -> Result<(), TimeError> {
        let start = self.i;
        // `Mar.05.2019`, `Mar/05/2019`: the month's dot or a slash before the day.
        // `Mar.05.2019`, `Mar/05/2019`, `Sep-2012`, `June of 2022`: a joining mark or word.
        // `Sep of 03`: `of` before two digits says they are the year.
        // `Sunday, March, 6th 2016`: a comma before a day written as an ordinal.
        let of = matches!(self.tok(1), Some(Tok::Word(word)) if word.eq_ignore_ascii_case("of"))
            && matches!(self.tok(2), Some(Tok::Num { digits: 2, negative: None, ordinal: false, .. }));
        let skip = usize::from(
            of || (matches!(self.tok(1), Some(Tok::Punct('/' | '.'))) && self.touching(1))
                || (matches!(self.word(1), Some(Word::Filler))
                    && matches!(self.tok(2), Some(Tok::Num { digits: 4, negative: None, .. })))
                || (matches!(self.tok(1), Some(Tok::Punct(',')))
                    && matches!(self.tok(2), Some(Tok::Num { negative: None, ordinal: true, .. }))),
        );
        let day_token = self.tok(1 + skip);
        // `March 2019`, `Mar '19`, `07:41MAR2019`: a month and its year, the first of it.
        let dashed = skip == 0 && self.touching(1);
        let time_follows = matches!(self.tok(2 + skip), Some(Tok::Punct(':')));
        match day_token {
            // `Aug 96`, `Sep of 03`: two digits that are no day are the year.
            Some(Tok::Num { value, digits: 2, negative: None, ordinal: false })
                if (value > 31 || of) && !time_follows =>
            {
                self.set_date(start, Some(Year { value: to_i64(value), digits: 2 }), i64::from(month), 1);
                self.i += 2 + skip;
                return Ok(());
            }
            // `Sep 10:36:28`: a month and a time, the first of the month.
            Some(Tok::Num { digits: 1..=2, negative: None, ordinal: false, .. })
                if skip == 0 && time_follows && self.touching(2) =>
            {
                self.set_date(start, None, i64::from(month), 1);
                self.i += 1;
                return Ok(());
            }
            Some(Tok::Num { value, digits: 4, negative, ordinal: false })
                if !matches!(self.tok(2 + skip), Some(Tok::Punct(':')))
                    && (negative.is_none() || (negative == Some(true) && dashed)) =>
            {
                self.set_date(start, Some(Year { value: to_i64(value), digits: 4 }), i64::from(month), 1);
                self.i += 2 + skip;
                return Ok(());
            }
            Some(Tok::ShortYear(year)) => {
                self.set_date(start, Some(Year { value: to_i64(year), digits: 2 }), i64::from(month), 1);
                self.i += 2;
                return Ok(());
            }
            _ => {}
        }
        // `March fifth`, `March twenty-first`, `March thirtieth`.
        if let Some((day, taken)) = self.spelled_day(1) {
            self.set_date(start, None, i64::from(month), day);
            self.i += 1 + taken;
            return Ok(());
        }
        let Some(Tok::Num { value: day, negative, .. }) = day_token else {
            // `March`: the first of it, this year.
            if day_token.is_none() || matches!(self.tok(1), Some(Tok::Punct(','))) {
                self.set_date(start, None, i64::from(month), 1);
                self.i += 1;
                return Ok(());
            }
            return Err(self.error(0, "a month needs its day, e.g. Nov 14 or 14 Nov".to_owned()));
        };
        self.i += skip;
        if negative == Some(false) {
            return Err(self.error(1, "a month needs its day, e.g. Nov 14 or 14 Nov".to_owned()));
        }
        self.i += 2;
        let mut year = None;
        // `Oct 28, 2023`; not `Oct 28, 11:00:09 2023` nor `October 28, 10 am`:
        // a time after the comma (GNU reads it as the year, then refuses the
        // time; chrono and dateutil read the time).
        let time_after = matches!(self.tok(2), Some(Tok::Punct(':')))
            || matches!(self.word(2), Some(Word::Meridian(_) | Word::OClock));
        if let (Some(Tok::Punct(',')), Some(Tok::Num { value, digits, negative: None, .. })) =
            (self.tok(0), self.tok(1))
            && !time_after
        {
            year = Some(Year { value: to_i64(value), digits });
            self.i += 2;
        } else if let (Some(Tok::Punct('.' | '/')), Some(Tok::Num { value, digits: 4, negative: None, .. })) =
            (self.tok(0), self.tok(1))
            && self.touching(0)
        {
            year = Some(Year { value: to_i64(value), digits: 4 });
            self.i += 2;
        } else if let Some(Tok::Num { value, digits, negative: Some(true), .. }) = self.tok(0)
            && negative == Some(true)
        {
            year = Some(Year { value: to_i64(value), digits });
            self.i += 1;
        }
        self.set_date(start, year, i64::from(month), to_i64(day));
        Ok(())
    }

    /// A number alone: the year of a date without one, a date `YYYYMMDD`,
    /// or a time `HH` / `HHMM` (GNU's rule).
    fn bare_number(&mut self, value: i64, digits: usize) -> Result<(), TimeError> {
        let pieces = &self.pieces;
        let year_first = self.options.words.year_first() && digits == 4 && pieces.dates == 0 && pieces.times == 0;
        // `Aug 9 96`: two digits after a date that are no hour are its year.
        let after_date =
            pieces.dates > 0 && !pieces.rels_seen && (pieces.times > 0 || digits > 2 || (digits == 2 && value > 24));
        if pieces.year.is_none() && (year_first || after_date) {
            self.pieces.year = Some(Year { value, digits });
        } else if digits > 4 {
            self.set_date(
                self.i,
                Some(Year { value: value / 10_000, digits: digits - 4 }),
                value / 100 % 100,
                value % 100,
            );
        } else if digits <= 2 {
            self.set_time(self.i, value, 0, 0, 0, None);
        } else {
            self.set_time(self.i, value / 100, value % 100, 0, 0, None);
        }
        self.i += 1;
        Ok(())
    }

    fn word_item(&mut self, word: &'a str) -> Result<(), TimeError> {
        if let Some(Mark::Half(half)) = words::mark(word) {
            self.pieces.half = Some(half);
            self.i += 1;
            return Ok(());
        }
        // `half past 5`, `quarter to 6`.
        let minutes = match self.word(0) {
            Some(Word::Half) => Some(30),
            Some(Word::Unit(Unit::Quarter)) => Some(15),
            _ => None,
        };
        if let (Some(minutes), Some(after), Some(Tok::Num { value: hour, negative: None, .. })) =
            (minutes, self.past_or_to(1), self.tok(2))
        {
            return self.told_time(to_i64(hour), minutes, after);
        }
        // `fifth of March`, `the twenty-first of June 2019`.
        if let Some((day, taken)) = self.spelled_day(0) {
            let of = usize::from(matches!(self.word(taken), Some(Word::Filler)));
            if let Some(Word::Month(month)) = self.word(taken + of) {
                self.i += taken + of - 1;
                return self.day_month(day, month);
            }
        }
        match self.word(0) {
            Some(Word::Month(month)) => self.month_day(month),
            Some(Word::Weekday(weekday)) => {
                self.set_weekday(self.i, 0, weekday);
                self.i += 1;
                Ok(())
            }
            Some(Word::Ordinal(n)) => match self.word(1) {
                Some(Word::Weekday(weekday)) => {
                    self.set_weekday(self.i, n, weekday);
                    self.i += 2;
                    Ok(())
                }
                Some(Word::Unit(unit)) => {
                    self.pieces.week |= unit == Unit::Days(7);
                    self.i += 2;
                    self.relative_after(0, Relative::of(unit, n))
                }
                // `this weekend`, `next weekend`: its start, Saturday.
                Some(Word::Weekend) => {
                    // This weekend is today's on a Saturday or a Sunday, else the
                    // coming one; next and last weekend are a week after and before it.
                    let today = self.options.now.to_zoned(self.options.zone.tz().clone()).weekday();
                    let saturday = match today {
                        Weekday::Saturday => n,
                        Weekday::Sunday => n - 1,
                        _ if n > 0 => n + 1,
                        _ => n,
                    };
                    self.set_weekday(self.i, saturday, Weekday::Saturday);
                    self.i += 2;
                    Ok(())
                }
                // `next weekday`, `last weekday`: the working day after or
                // before today (Monday after a Friday, Friday before a Monday).
                Some(Word::WorkDay) if n.abs() == 1 => {
                    let today = self.options.now.to_zoned(self.options.zone.tz().clone()).weekday();
                    let day = if n > 0 { today.next() } else { today.previous() };
                    let working = match (day, n > 0) {
                        (Weekday::Saturday | Weekday::Sunday, true) => Weekday::Monday,
                        (Weekday::Saturday | Weekday::Sunday, false) => Weekday::Friday,
                        (day, _) => day,
                    };
                    self.set_weekday(self.i, n, working);
                    self.i += 2;
                    Ok(())
                }
                // `this morning`: today's.
                Some(Word::DayPart(..)) if n == 0 => {
                    self.i += 1;
                    Ok(())
                }
                // `last night`: chrono's, the midnight that began today; with a
                // time, that time of yesterday's night.
                Some(Word::DayPart(22, _)) if n == -1 => {
                    self.i += 2;
                    if self.pieces.times > 0 || self.starts_time_at(0) {
                        self.pieces.rel.days = self.pieces.rel.days.saturating_sub(1);
                        self.pieces.rels_seen = true;
                        self.pieces.day_part = Some((22, Meridian::Pm));
                    } else {
                        self.set_time(self.i - 2, 0, 0, 0, 0, None);
                    }
                    Ok(())
                }
                // `next two years`, `last two weeks`.
                Some(Word::Count(count)) if n.abs() == 1 && matches!(self.word(2), Some(Word::Unit(_))) => {
                    let Some(Word::Unit(unit)) = self.word(2) else { return Ok(()) };
                    self.i += 3;
                    self.relative_after(0, count.checked_mul(n).and_then(|count| Relative::of(unit, count)))
                }
                // `next 2 weeks`, `last 3 days`, `past 2 hours`.
                _ if n.abs() == 1
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, .. }))
                    && self.counted_unit(1).is_some() =>
                {
                    let Some((unit, count, nanos, used, _)) = self.counted_unit(1) else { return Ok(()) };
                    let rel = self.fractional(unit, count, nanos)?.scaled(n);
                    self.i += 1 + used;
                    self.relative_after(0, rel)
                }
                _ => Err(self.error(0, format!("{word:?} must be followed by a weekday or a unit, e.g. next friday"))),
            },
            // `11 июля 2016 года`: "of the year" after a date's year says it is a year.
            Some(Word::Unit(Unit::Year))
                if self.pieces.year.is_some()
                    && self.i > 0
                    && matches!(self.tokens[self.i - 1].tok, Tok::Num { digits: 3.., negative: None, .. }) =>
            {
                self.i += 1;
                Ok(())
            }
            Some(Word::Unit(unit)) => {
                self.i += 1;
                self.relative_after(0, Relative::of(unit, 1))
            }
            // `two weeks ago`, `a few minutes ago`, `a couple of days`.
            Some(Word::Count(_)) | Some(Word::One)
                if self.spelled_count().is_some_and(|(_, k)| matches!(self.word(k), Some(Word::Unit(_)))) =>
            {
                let Some((n, k)) = self.spelled_count() else { return Ok(()) };
                let Some(Word::Unit(unit)) = self.word(k) else { return Ok(()) };
                self.i += k + 1;
                let half = self.and_a_half(unit, None)?;
                self.relative_after(0, Relative::of(unit, n).and_then(|rel| rel.plus(half)))
            }
            Some(Word::Count(n)) => {
                // `twenty-first`: the tens of a spelled ordinal day.
                if let Some(Word::Ordinal(ones @ 1..=9)) = self.word(1)
                    && matches!(n, 20 | 30)
                {
                    return Err(
                        self.error(0, format!("the {} must follow its month, e.g. March {word}-first", n + ones))
                    );
                }
                Err(self.error(0, format!("{word:?} must be followed by a unit, e.g. two weeks ago")))
            }
            Some(Word::To) => {
                Err(self.error(0, format!("{word:?} must stand between minutes and an hour, e.g. quarter to 6")))
            }
            Some(Word::One) => match self.word(1) {
                Some(Word::Unit(unit)) => {
                    self.i += 2;
                    let half = self.and_a_half(unit, None)?;
                    self.relative_after(0, Relative::of(unit, 1).and_then(|rel| rel.plus(half)))
                }
                _ => self.zone_or_unknown(word),
            },
            // `half an hour`, `half a day`.
            // `in the morning`, `in the evening`: the part of the day.
            Some(Word::Ahead(1))
                if matches!(self.word(1), Some(Word::DayPart(..)))
                    || (matches!(self.word(1), Some(Word::Filler))
                        && matches!(self.word(2), Some(Word::DayPart(..)))) =>
            {
                self.i += 1;
                Ok(())
            }
            Some(Word::Half) => match (self.word(1), self.word(2)) {
                (Some(Word::One), Some(Word::Unit(unit))) => {
                    let half = self.half_of(unit, 0)?;
                    self.i += 3;
                    self.relative_after(0, Some(half))
                }
                _ => Err(self.error(0, "half must be followed by a unit, e.g. half an hour".to_owned())),
            },
            Some(Word::DayPart(hour, meridian)) => {
                self.pieces.day_part = Some((hour, meridian));
                self.i += 1;
                Ok(())
            }
            Some(Word::Weekend) => {
                self.set_weekday(self.i, 0, Weekday::Saturday);
                self.i += 1;
                Ok(())
            }
            Some(Word::Era(era)) if self.pieces.year.is_some() && self.pieces.era.is_none() => {
                self.pieces.era = Some(era);
                self.i += 1;
                Ok(())
            }
            // `AD 2001`, `AD2001`: the era before its year, as English writes AD.
            Some(Word::Era(era))
                if self.pieces.year.is_none()
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, ordinal: false, .. })) =>
            {
                let Some(Tok::Num { value, digits, .. }) = self.tok(1) else { return Ok(()) };
                self.year_in_era(to_i64(value), digits, era, 1);
                self.i += 2;
                Ok(())
            }
            Some(Word::Era(_)) => Err(self.error(0, format!("{word:?} must follow a year, e.g. 44 BC"))),
            Some(Word::OClock) => Err(self.error(0, "o'clock must follow an hour, e.g. 5 o'clock".to_owned())),
            Some(Word::WorkDay) => {
                Err(self
                    .error(0, "weekday must follow next or last, e.g. next weekday (the next working day)".to_owned()))
            }
            Some(Word::DayShift(days)) => {
                self.flush_pending();
                self.i += 1;
                self.pieces.rel.days = self.pieces.rel.days.saturating_add(days);
                self.pieces.rels_seen = true;
                Ok(())
            }
            Some(Word::Ahead(factor)) if self.starts_relative_at(1) => {
                self.pieces.ahead = Some(factor);
                self.i += 1;
                Ok(())
            }
            Some(Word::Filler) => {
                self.i += 1;
                Ok(())
            }
            Some(Word::Clock(hour)) => {
                self.set_time(self.i, i64::from(hour), 0, 0, 0, None);
                self.i += 1;
                Ok(())
            }
            // `after an hour`: in an hour. Not `after this year`, `after next
            // week`: a period, whose end nobody says (refused, not read as now).
            Some(Word::Ago(1))
                if word.eq_ignore_ascii_case("after")
                    && self.starts_relative_at(1)
                    && !matches!(self.word(1), Some(Word::Ordinal(_))) =>
            {
                self.pieces.ahead = Some(1);
                self.i += 1;
                Ok(())
            }
            // `tomorrow before 4pm`, `tomorrow after 4pm`: that time.
            Some(Word::Ago(_))
                if (word.eq_ignore_ascii_case("before") || word.eq_ignore_ascii_case("after"))
                    && self.pieces.pending == Relative::default()
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, .. }))
                    && !self.starts_relative_at(1) =>
            {
                self.i += 1;
                Ok(())
            }
            Some(Word::Ago(_)) => Err(self.error(0, format!("{word:?} must follow a relative item, e.g. 3 days ago"))),
            // `凌晨1:35`: a day period before the time, as CJK languages write it.
            Some(Word::Meridian(meridian)) if matches!(self.tok(1), Some(Tok::Num { .. })) => {
                self.pieces.half = Some(meridian);
                self.i += 1;
                Ok(())
            }
            Some(Word::Meridian(_)) => Err(self.error(0, format!("{word:?} must follow a time, e.g. 5:13pm"))),
            Some(Word::Dst) => Err(self.error(0, "DST must follow a zone abbreviation, e.g. CET DST".to_owned())),
            Some(Word::MonthNumber) => {
                Err(self.error(0, format!("{word:?} must stand between the day and the month's number")))
            }
            Some(Word::Ahead(_)) => {
                Err(self.error(0, format!("{word:?} must be followed by a relative item, e.g. in 2 hours")))
            }
            Some(Word::UnitThen(..)) => Err(self.error(0, format!("{word:?} must follow a number, e.g. 3日前"))),
            Some(Word::Gmt) => self.gmt_offset(),
            Some(Word::ZoneName(index)) => {
                self.i += 1;
                let candidates = self.options.words.zone_name(index).map(|name| name.candidates.clone());
                self.set_zone(TextZone::Name { label: word.to_owned(), candidates: candidates.unwrap_or_default() });
                Ok(())
            }
            None => self.zone_or_unknown(word),
        }
    }

    /// Whether a time of day starts at token `k` (`at 11`, `11pm`, `11:30`).
    fn starts_time_at(&self, k: usize) -> bool {
        let k = k + usize::from(matches!(self.word(k), Some(Word::Filler)));
        matches!(self.tok(k), Some(Tok::Num { .. }))
    }

    /// Whether a relative item starts at token `k` (`3 days`, `next month`).
    fn starts_relative_at(&self, k: usize) -> bool {
        match (self.tok(k), self.word(k)) {
            // `in about 5 hours`: a hedge before the item.
            (Some(Tok::Word(hedge)), Some(Word::Filler))
                if ["about", "around", "approximately"].iter().any(|h| hedge.eq_ignore_ascii_case(h)) =>
            {
                self.starts_relative_at(k + 1)
            }
            (_, Some(Word::Unit(_) | Word::One | Word::Half)) => true,
            (_, Some(Word::Count(_))) => true,
            (Some(Tok::Num { .. }), _) if self.counted_unit(k).is_some() => true,
            (_, Some(Word::Ordinal(_))) => matches!(self.word(k + 1), Some(Word::Unit(_))),
            (Some(Tok::Num { .. }), _) if self.unit_after_count(k).is_some() => true,
            (Some(Tok::Num { .. }), _) => match self.word(k + 1) {
                Some(Word::UnitThen(..)) => true,
                // `28 de ani`
                Some(Word::Filler) => matches!(self.word(k + 2), Some(Word::Unit(_))),
                _ => false,
            },
            _ => false,
        }
    }

    /// A zone: an abbreviation (then `DST`, or an offset: `UTC+2`), an IANA
    /// name, a Windows ID; else the word is unknown.
    fn zone_or_unknown(&mut self, word: &'a str) -> Result<(), TimeError> {
        if matches!(self.tok(1), Some(Tok::Word(_)))
            && let Some((zone, taken)) = self.windows_zone()
        {
            self.i += taken;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        let meanings = abbreviations::meanings(word.trim_end_matches('.'), self.options.region);
        if let Some(first) = meanings.first().copied() {
            if first.offset == 0 && self.glosses_the_offset() {
                self.i += 1;
                return Ok(());
            }
            // `-0700 MST` (Go's `time.String`): the offset is the zone; the
            // abbreviation names it, and a reader is told when it names another.
            if self.pieces.offset_end == Some(self.i)
                && let Some(TextZone::Offset { seconds, label, .. }) = &mut self.pieces.zone
            {
                if !meanings.iter().any(|meaning| meaning.offset == *seconds) {
                    self.pieces.warnings.push(format!(
                        "{} is {}, not the offset {} written before it: read as {}",
                        first.abbreviation,
                        offset_of(first.offset),
                        offset_of(*seconds),
                        offset_of(*seconds)
                    ));
                }
                *label = Some(first.abbreviation.to_owned());
                self.i += 1;
                return Ok(());
            }
            self.i += 1;
            let mut seconds = first.offset;
            if let Some(Word::Dst) = self.word(0) {
                seconds += 3600;
                self.i += 1;
            } else if let Some(Tok::Num { value, digits, negative: Some(negative), .. }) = self.tok(0) {
                // `PST-08`, `CEST+0200`: the offset written is the zone (GNU
                // adds it to the abbreviation's, which no person means).
                let offset_at = self.i;
                seconds = self.offset_of_zone(value, digits, negative)?;
                // `UTC-05` is how an offset is written, not a disagreement.
                if seconds != first.offset && first.offset != 0 {
                    self.pieces.warnings.push(format!(
                        "{} is {}, not {}: read as the offset written, {}",
                        first.abbreviation,
                        offset_of(first.offset),
                        offset_of(seconds),
                        offset_of(seconds)
                    ));
                }
                // `GMT-2:30`: the whole offset, as written.
                let label = format!("{}{}", first.abbreviation, self.text_between(offset_at));
                self.set_zone(TextZone::Offset { seconds, label: Some(label), meanings: Vec::new() });
                return Ok(());
            }
            let label = Some(first.abbreviation.to_owned());
            let meanings = if seconds == first.offset { meanings } else { Vec::new() };
            self.set_zone(TextZone::Offset { seconds, label, meanings });
            return Ok(());
        }
        if let Some(zone) = generic_zone(word).and_then(|name| Zone::parse_without_suggestions(name).ok()) {
            self.i += 1;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        if let Ok(zone) = Zone::parse_without_suggestions(word) {
            self.i += 1;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        if let Some((zone, taken)) = self.windows_zone() {
            self.i += taken;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        Err(self.unknown(word))
    }

    /// The language's word for GMT and the offset written onto it
    /// (`Гринуич+1`, `UTC−3`, `UTC+5.30`).
    fn gmt_offset(&mut self) -> Result<(), TimeError> {
        if self.glosses_the_offset() {
            self.i += 1;
            return Ok(());
        }
        let first = self.i;
        self.i += 1;
        let mut seconds = 0;
        if let Some(Tok::Num { value, digits, negative: Some(negative), .. }) = self.tok(0)
            && self.touching(0)
        {
            seconds = self.offset_of_zone(value, digits, negative)?;
        }
        let label = self.text_between(first).to_owned();
        self.set_zone(TextZone::Offset { seconds, label: Some(label), meanings: Vec::new() });
        Ok(())
    }

    /// Whether the word for GMT here only says what the offset just
    /// before it counts from (`17:13:20 +10 GMT`, as CLDR's Portuguese
    /// writes it): no offset follows the word, and one precedes it.
    fn glosses_the_offset(&self) -> bool {
        self.pieces.offset_end == Some(self.i) && !matches!(self.tok(1), Some(Tok::Num { negative: Some(_), .. }))
    }

    /// The offset written onto a zone's name (`GMT+5`, `UTC+05:30`,
    /// `UTC+5.30`, `GMT+5:21:10`; the number at token 0): seconds east.
    fn offset_of_zone(&mut self, value: u64, digits: usize, negative: bool) -> Result<i32, TimeError> {
        let start = self.i;
        let separator = self.tok(1);
        let mut seconds = self.offset_after_with(value, digits, negative, &[':', '.'])?;
        // `GMT+5:21:10`: the seconds of an offset of local mean time.
        if self.i == start + 3
            && let (Some(after), Some(Tok::Num { value: ss, digits: 2, negative: None, .. })) =
                (self.tok(0), self.tok(1))
            && Some(after) == separator
            && ss < 60
        {
            self.i += 2;
            let ss = i32::try_from(ss).unwrap_or(0);
            seconds += if negative { -ss } else { ss };
        }
        Ok(seconds)
    }

    /// The text of the tokens from the start of token `i - 1`'s offset to
    /// the last one read (for a label such as `UTC+2`).
    fn text_between(&self, first: usize) -> &'a str {
        let start = self.tokens.get(first).map_or(0, |t| t.start);
        let end = self.tokens.get(self.i.saturating_sub(1)).map_or(start, |t| t.end);
        self.text.get(start..end).unwrap_or_default().trim()
    }

    /// A Windows ID of up to six tokens from here (`W. Europe Standard Time`).
    fn windows_zone(&self) -> Option<(Zone, usize)> {
        let Tok::Word(first) = self.tok(0)? else { return None };
        if !crate::windows::starts_an_id(first) {
            return None;
        }
        let start = self.tokens.get(self.i)?.start;
        (2..=6).rev().find_map(|n| {
            let last = self.tokens.get(self.i + n - 1)?;
            let id = self.text.get(start..last.end)?;
            let zone = crate::windows::zone_of(id, self.options.region)?;
            Some((Zone::parse_without_suggestions(zone).ok()?, n))
        })
    }

    fn unknown(&self, word: &str) -> TimeError {
        // Only words of about the same length are compared: a distance
        // costs length x length, and most known words are far off.
        let lower = word.to_lowercase();
        let near = |known: &str, most: usize| {
            (known.len().abs_diff(lower.len()) <= most && letters_apart(&lower, known) <= most)
                .then(|| strsim::osa_distance(&lower, known))
                .filter(|distance| *distance <= most)
        };
        let best = words::vocabulary()
            .iter()
            .filter_map(|(known, known_lower)| Some((near(known_lower, if known.len() > 5 { 2 } else { 1 })?, *known)))
            .min_by_key(|(distance, _)| *distance)
            .map(|(_, known)| known)
            .or_else(|| {
                abbreviations::TABLE.iter().map(|meaning| meaning.abbreviation).find(|abbreviation| {
                    abbreviation.len() > 2
                        && abbreviation.len().abs_diff(lower.len()) <= 1
                        && near(&abbreviation.to_ascii_lowercase(), 1).is_some()
                })
            });
        let hint = match best {
            Some(known) => format!("did you mean {known:?}?"),
            None => EXAMPLES.to_owned(),
        };
        if word == self.text {
            return TimeError::invalid_at(
                format!("{word:?} is not a timestamp nor a date we can read; {hint}"),
                self.at(self.i),
            );
        }
        self.error(0, format!("unknown word {word:?}; {hint}"))
    }
}

/// A lower bound of the edit distance of two ASCII words, cheap to know:
/// the letters one has more of than the other (an edit changes one letter
/// on each side at most, a swap none). `0` for other words: no bound.
fn letters_apart(a: &str, b: &str) -> usize {
    if !a.is_ascii() || !b.is_ascii() {
        return 0;
    }
    let mut counts = [0i16; 128];
    for byte in a.bytes() {
        counts[usize::from(byte)] += 1;
    }
    for byte in b.bytes() {
        counts[usize::from(byte)] -= 1;
    }
    let (more, fewer) = counts.iter().fold((0, 0), |(more, fewer), &n| match n {
        n if n > 0 => (more + n.unsigned_abs(), fewer),
        n => (more, fewer + n.unsigned_abs()),
    });
    usize::from(more.max(fewer))
}

/// A count with its written sign.
fn signed_value(value: i64, negative: Option<bool>) -> i64 {
    if negative == Some(true) { -value } else { value }
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

impl Pieces {
    /// A day without a time: no time of day or part of the day, no
    /// relative item finer than a day.
    fn date_only(&self) -> bool {
        let rel = &self.rel;
        let finer = rel.hours != 0 || rel.minutes != 0 || rel.seconds != 0 || rel.nanos != 0;
        self.times == 0 && self.day_part.is_none() && !finer && (self.dates > 0 || self.days > 0 || self.rels_seen)
    }

    fn uses_now(&self) -> bool {
        self.epoch.is_none() && (self.rels_seen || self.days > 0 || self.dates == 0 || self.year.is_none())
    }

    /// The instant of the pieces, with the readings of the other meanings
    /// of an ambiguous text.
    fn finish(self, text: &str, options: &HumanOptions<'_>) -> Result<Human, TimeError> {
        if let Some((seconds, nanos)) = self.epoch {
            let instant = Timestamp::new(seconds, 0)
                .and_then(|t| t.checked_add(jiff::SignedDuration::from_nanos(nanos)))
                .map_err(|_| TimeError::OutOfRange { message: format!("{text:?} is beyond the supported range") })?;
            return Ok(Human {
                instant,
                read_as: format!("{instant} (Unix seconds)"),
                uses_now: false,
                date_only: false,
                note: None,
                warnings: Vec::new(),
                alternatives: Vec::new(),
            });
        }
        let (month, day) = (self.month, self.day);
        let reading = self.instant(text, options, None, (month, day))?;
        let mut warnings = self.warnings.clone();
        warnings.extend(reading.warning.clone());
        let mut alternatives = Vec::new();
        if let Some(TextZone::Offset { meanings, .. }) = &self.zone
            && meanings.len() > 1
        {
            let chosen = meanings[0];
            let others: Vec<String> = meanings[1..]
                .iter()
                .map(|other| format!("{} ({}, {})", other.name, offset_of(other.offset), other.zone))
                .collect();
            warnings.push(format!(
                "{} names several zones: read as {} ({}, {}); it also names {}. Write the offset or an IANA name \
                 to be sure, or see alternatives",
                chosen.abbreviation,
                chosen.name,
                offset_of(chosen.offset),
                chosen.zone,
                others.join(", ")
            ));
            for other in &meanings[1..] {
                if let Ok(read) = self.instant(text, options, Some(other), (month, day)) {
                    alternatives.push(OtherReading {
                        zone: Some(other.zone),
                        offset: Some(offset_of(other.offset)),
                        read_as: read.read_as,
                        instant: read.instant,
                    });
                }
            }
        }
        if let Some((other_month, other_day)) = self.other_order
            && let Ok(read) = self.instant(text, options, None, (other_month, other_day))
        {
            let (first, then) = match options.order {
                DateOrder::MonthDay => ("month first, as the locale writes dates", "day first"),
                DateOrder::DayMonth => ("day first, as the locale writes dates", "month first"),
            };
            warnings.push(format!(
                "the numeric date is read {first} ({}); {then} it would be {}: pass locale to choose the order, \
                 or write the month's name",
                month_day_text(month, day),
                month_day_text(other_month, other_day)
            ));
            alternatives.push(OtherReading { zone: None, offset: None, read_as: read.read_as, instant: read.instant });
        }
        Ok(Human {
            instant: reading.instant,
            read_as: reading.read_as,
            uses_now: self.uses_now(),
            date_only: self.date_only(),
            note: reading.note,
            warnings,
            alternatives,
        })
    }

    /// The instant when the text's zone means `meaning` (else as read) and
    /// its date is `(month, day)`.
    fn instant(
        &self,
        text: &str,
        options: &HumanOptions<'_>,
        meaning: Option<&Meaning>,
        (month, day): (i64, i64),
    ) -> Result<Reading, TimeError> {
        let now = options.now.to_zoned(options.zone.tz().clone());
        let invalid = |at: usize, message: String| TimeError::invalid_at(format!("{text:?}: {message}"), at);
        let date = if self.dates > 0 {
            // A year is the locale calendar's: Thai's Buddhist era writes
            // 2566 for 2023, and `66` for 2566 in short dates.
            let in_calendar = |year: Year| match (year.digits, options.words.year_offset()) {
                (_, 0) => year.full(),
                (2, offset) => 2500 + year.value - offset,
                (_, offset) => year.value - offset,
            };
            // An era's year is as written (`44 BC` is not 2044); 1 BC is year 0.
            let year = match (self.era, self.year) {
                (Some(Era::Common), Some(year)) => year.value,
                (Some(Era::BeforeCommon), Some(year)) => 1 - year.value,
                (Some(Era::Buddhist), Some(year)) => year.value - 543,
                (_, year) => year.map_or(i64::from(now.year()), in_calendar),
            };
            if !(-9999..=9999).contains(&year) {
                return Err(TimeError::OutOfRange {
                    message: format!("{text:?} names year {year}; the supported range is -9999 to 9999"),
                });
            }
            let (Ok(y), Ok(m), Ok(d)) = (i16::try_from(year), i8::try_from(month), i8::try_from(day)) else {
                return Err(invalid(self.date_at, format!("there is no date {year}-{month}-{day}")));
            };
            Date::new(y, m, d).map_err(|_| invalid(self.date_at, no_such_date(year, month, day)))?
        } else {
            now.date()
        };
        // A part of the day gives a time given without am/pm its half
        // (`11 at night`; at night, 1 to 5 are the morning's).
        let meridian = match (self.meridian, self.day_part) {
            (None, Some((22, _))) if (1..6).contains(&self.hour) => Some(Meridian::Am),
            (None, Some((_, half))) => Some(half),
            (meridian, _) => meridian,
        };
        let time = if self.times > 0 {
            let hour = match (meridian, self.hour) {
                (None, h @ 0..=23) => h,
                (Some(Meridian::Am), 12) => 0,
                (Some(Meridian::Pm), 12) => 12,
                (Some(Meridian::Am), h @ 1..=11) => h,
                (Some(Meridian::Pm), h @ 1..=11) => h + 12,
                (_, h) => return Err(invalid(self.time_at, format!("there is no hour {h} on a clock"))),
            };
            let (Ok(h), Ok(m), Ok(s)) = (i8::try_from(hour), i8::try_from(self.minute), i8::try_from(self.second))
            else {
                return Err(invalid(self.time_at, "there is no such time of day".to_owned()));
            };
            Time::new(h, m, s, i32::try_from(self.nanos).unwrap_or(0)).map_err(|_| {
                invalid(self.time_at, format!("there is no time {hour:02}:{:02}:{:02}", self.minute, self.second))
            })?
        } else if let Some((hour, _)) = self.day_part {
            Time::new(hour, 0, 0, 0).unwrap_or(Time::midnight())
        } else if self.rels_seen && self.dates == 0 && self.days == 0 {
            now.time()
        } else {
            Time::midnight()
        };
        let mut datetime = DateTime::from_parts(date, time);
        let mut warning = None;
        if let Some((ordinal, weekday, at)) = self.weekday {
            if self.dates > 0 {
                // The date wins, as in every other parser; the reader is told.
                if date.weekday() != weekday {
                    warning = Some(format!(
                        "{date} is a {:?}, not a {weekday:?} (at character {at}): read as the date",
                        date.weekday()
                    ));
                }
            } else {
                let today = i64::from(date.weekday().to_sunday_zero_offset());
                let wanted = i64::from(weekday.to_sunday_zero_offset());
                let weeks = ordinal.saturating_sub(i64::from(ordinal > 0 && today != wanted));
                let shift = if self.week && ordinal == 0 {
                    // `Tuesday of next week`: this week's Tuesday, then the week's move.
                    i64::from(weekday.to_monday_zero_offset()) - i64::from(date.weekday().to_monday_zero_offset())
                } else {
                    weeks.saturating_mul(7).saturating_add((wanted - today + 7) % 7)
                };
                datetime = datetime
                    .checked_add(Span::new().try_days(shift).map_err(|_| invalid(at, "too far".to_owned()))?)
                    .map_err(|_| invalid(at, "too far".to_owned()))?;
            }
        }
        let zone: Zone = match (&self.zone, meaning) {
            (_, Some(meaning)) => Zone::fixed(offset(meaning.offset)?),
            (Some(TextZone::Offset { seconds, .. }), None) => Zone::fixed(offset(*seconds)?),
            (Some(TextZone::Named(zone)), None) => zone.clone(),
            (Some(TextZone::Name { candidates, .. }), None) => Zone::fixed(named(candidates, datetime, options.zone)?),
            (None, None) => options.zone.clone(),
        };
        let (start, note) = resolve_local(text, datetime, &zone, options.disambiguation)?;
        let out_of_range = || TimeError::OutOfRange {
            message: format!("{text:?} lands beyond the supported range (years -9999 to 9999)"),
        };
        let calendar = Span::new()
            .try_years(self.rel.years)
            .and_then(|s| s.try_months(self.rel.months))
            .and_then(|s| s.try_days(self.rel.days))
            .map_err(|_| out_of_range())?;
        let moved = start.to_zoned(zone.tz().clone()).checked_add(calendar).map_err(|_| out_of_range())?;
        // Hours and minutes as seconds, checked: `from_hours` panics beyond its range.
        let hours = self.rel.hours.checked_mul(3600).map(jiff::SignedDuration::from_secs);
        let minutes = self.rel.minutes.checked_mul(60).map(jiff::SignedDuration::from_secs);
        let elapsed = hours
            .zip(minutes)
            .and_then(|(hours, minutes)| hours.checked_add(minutes))
            .and_then(|d| d.checked_add(jiff::SignedDuration::from_secs(self.rel.seconds)))
            .and_then(|d| d.checked_add(jiff::SignedDuration::from_nanos(self.rel.nanos)))
            .ok_or_else(out_of_range)?;
        let instant = moved.timestamp().checked_add(elapsed).map_err(|_| out_of_range())?;
        if !(-9999..=9999).contains(&instant.to_zoned(TimeZone::UTC).year()) {
            return Err(out_of_range());
        }
        let label = match (&self.zone, meaning) {
            (_, Some(meaning)) => Some(meaning.abbreviation.to_owned()),
            (Some(TextZone::Offset { label, .. }), None) => label.clone(),
            (Some(TextZone::Name { label, .. }), None) => Some(label.clone()),
            _ => None,
        };
        Ok(Reading { instant, read_as: read_as(instant, &zone, label.as_deref()), note, warning })
    }
}

struct Reading {
    instant: Timestamp,
    read_as: String,
    note: Option<String>,
    /// What the reading overrode (a weekday the date contradicts).
    warning: Option<String>,
}

/// `2023-11-14T17:13:00 in America/New_York`; for an offset from the text,
/// `2023-11-14T10:00:00-05:00 (EST)`.
/// The offset a zone's name stands for at the wall-clock time `datetime`:
/// that of a zone that writes the name (`asked`, the request's zone, when
/// it is one; else the first found), at that time, in the half of the year
/// the name says (standard or daylight time). A zone other than `asked`
/// must have one of the offsets the name was found with (Venezuela's time
/// was -04:30 from 2007 to 2016); `asked`'s own offset is taken as it was
/// (Newfoundland's double daylight time of 1988). Where no zone fits (a
/// daylight name in winter), the offset the name stood for most recently.
fn named(candidates: &[Candidate], datetime: DateTime, asked: &Zone) -> Result<Offset, TimeError> {
    let asked_id = icu_time::zone::iana::IanaParser::new().parse(asked.name());
    let fits = |candidate: &Candidate| {
        let zone = Zone::parse_without_suggestions(candidate.zone).ok()?;
        let tz = zone.tz();
        let offsets = match tz.to_ambiguous_timestamp(datetime).offset() {
            jiff::tz::AmbiguousOffset::Unambiguous { offset } => [Some(offset), None],
            jiff::tz::AmbiguousOffset::Gap { before, after } | jiff::tz::AmbiguousOffset::Fold { before, after } => {
                [Some(before), Some(after)]
            }
        };
        offsets.into_iter().flatten().find(|&offset| {
            let at = offset.to_timestamp(datetime).ok();
            let info = at.map(|at| tz.to_offset_info(at));
            info.is_some_and(|info| {
                info.offset() == offset
                    && info.dst().is_dst() == candidate.dst
                    && (candidate.id == asked_id || candidates.iter().any(|c| c.offset == offset.seconds()))
            })
        })
    };
    let asked_first = candidates.iter().filter(|candidate| candidate.id == asked_id);
    let found = asked_first.chain(candidates).find_map(fits);
    match (found, candidates.first()) {
        (Some(found), _) => Ok(found),
        (None, Some(latest)) => offset(latest.offset),
        (None, None) => offset(0),
    }
}

fn read_as(instant: Timestamp, zone: &Zone, label: Option<&str>) -> String {
    let zoned: Zoned = instant.to_zoned(zone.tz().clone());
    let civil = zoned.datetime();
    match (label, zone.name().starts_with(['+', '-'])) {
        (Some(label), _) => format!("{civil}{} ({label})", zone.name()),
        (None, true) => format!("{civil}{}", zone.name()),
        (None, false) => format!("{civil} in {}", zone.name()),
    }
}

fn offset(seconds: i32) -> Result<Offset, TimeError> {
    Offset::from_seconds(seconds).map_err(|_| TimeError::invalid("the offset is beyond ±25 hours"))
}

fn offset_of(seconds: i32) -> String {
    Offset::from_seconds(seconds).map(offset_text).unwrap_or_default()
}

fn month_day_text(month: i64, day: i64) -> String {
    let name = usize::try_from(month - 1).ok().and_then(|i| MONTH_NAMES.get(i)).unwrap_or(&"?");
    format!("{name} {day}")
}

fn no_such_date(year: i64, month: i64, day: i64) -> String {
    if (1..=12).contains(&month) {
        format!("there is no {} in {year}", month_day_text(month, day))
    } else {
        format!("there is no month {month}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_in(text: &str, zone: &str, order: DateOrder) -> Result<Human, TimeError> {
        let zone = Zone::parse(zone).unwrap();
        let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
        let options = HumanOptions {
            zone: &zone,
            disambiguation: Disambiguation::Compatible,
            now,
            order,
            region: None,
            words: Vocabulary::english(),
        };
        read(text, 0, &options)
    }

    fn at(text: &str) -> String {
        read_in(text, "America/New_York", DateOrder::MonthDay)
            .map(|h| h.instant.to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    /// `next weekday` and `last weekday` from each day of a week: a working
    /// day, after (before) today, with no working day between.
    #[test]
    fn the_next_and_last_working_day_from_every_day() {
        let zone = Zone::parse("Australia/Sydney").unwrap();
        let working = |day: jiff::civil::Date| !matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday);
        for offset in 0..7 {
            let now = Timestamp::from_second(1_795_000_000 + offset * 86_400).unwrap();
            let today = now.to_zoned(zone.tz().clone()).date();
            let options = HumanOptions {
                zone: &zone,
                disambiguation: Disambiguation::Compatible,
                now,
                order: DateOrder::MonthDay,
                region: None,
                words: Vocabulary::english(),
            };
            for (text, step) in [("next weekday", 1), ("last weekday", -1)] {
                let day = read(text, 0, &options).unwrap().instant.to_zoned(zone.tz().clone()).date();
                assert!(working(day) && (day > today) == (step > 0) && day != today, "{text} from {today}: {day}");
                let mut between = today.checked_add(jiff::Span::new().days(step)).unwrap();
                while between != day {
                    assert!(!working(between), "{text} from {today}: {day} skips {between}");
                    between = between.checked_add(jiff::Span::new().days(step)).unwrap();
                }
            }
        }
    }

    /// What other parsers (dateutil, Go's dateparse, chrono) read, at 2026-11-23T13:44:03.5 in New York (a Monday).
    #[test]
    fn the_forms_other_parsers_read() {
        for (text, instant) in [
            // Programs' own forms: Go's time.String, EXIF, ISO-like texts.
            ("2019-03-05 07:41:10.2 -0700 MST", "2019-03-05T14:41:10.2Z"),
            ("2019-03-05 07:41:10.2 -0700 MST m=+0.001234567", "2019-03-05T14:41:10.2Z"),
            ("2019-03-05 07:41:10 +0300 +03", "2019-03-05T04:41:10Z"),
            ("2018-06-29 19:09:57 +0300 +0300", "2018-06-29T16:09:57Z"),
            ("2019:03:05 07:41:10", "2019-03-05T12:41:10Z"),
            ("2019-03-05T07:41 EST", "2019-03-05T12:41:00Z"),
            ("2019-3-5T7:4:1", "2019-03-05T12:04:01Z"),
            ("07:41:10:250", "2026-11-23T12:41:10.25Z"),
            ("2019-03-05+08:00", "2019-03-04T16:00:00Z"),
            ("2019-03", "2019-03-01T05:00:00Z"),
            ("2019.03.05", "2019-03-05T05:00:00Z"),
            ("05MAR2019", "2019-03-05T05:00:00Z"),
            ("07:41MAR2019", "2019-03-01T12:41:00Z"),
            // Orders and partial dates.
            // A time after the day's comma (GNU takes its hour for the year and refuses).
            ("Oct 28, 11:00:09 2023", "2023-10-28T15:00:09Z"),
            ("October 28, 10 am", "2026-10-28T14:00:00Z"),
            ("Thu Oct 26, 10:00 - 11:00:09 2023", "2023-10-26T14:00:00Z"),
            ("Thu Oct 26 - 28, 11:00:09 2023", "2023-10-26T15:00:09Z"),
            ("2019-Mar-05", "2019-03-05T05:00:00Z"),
            ("2019 March 5", "2019-03-05T05:00:00Z"),
            ("2019/Mar/05", "2019-03-05T05:00:00Z"),
            ("Mar.05.2019", "2019-03-05T05:00:00Z"),
            ("03 05 2019", "2019-03-05T05:00:00Z"),
            ("2019 03 05", "2019-03-05T05:00:00Z"),
            ("March 2019", "2019-03-01T05:00:00Z"),
            ("3/2019", "2019-03-01T05:00:00Z"),
            ("Mar '19", "2019-03-01T05:00:00Z"),
            ("March", "2026-03-01T05:00:00Z"),
            ("'19", "2019-01-01T05:00:00Z"),
            ("2562-01-05 BE", "2019-01-05T05:00:00Z"),
            ("March fifth", "2026-03-05T05:00:00Z"),
            ("5 o'clock", "2026-11-23T10:00:00Z"),
            ("10:00a.m", "2026-11-23T15:00:00Z"),
            ("25/03/2019", "2019-03-25T04:00:00Z"),
            // People's relative phrases.
            ("15 minutes from now", "2026-11-23T18:59:03.5Z"),
            ("3 days later", "2026-11-26T18:44:03.5Z"),
            ("2 days after next friday", "2026-11-29T05:00:00Z"),
            ("a week after tomorrow", "2026-12-01T18:44:03.5Z"),
            ("half an hour ago", "2026-11-23T18:14:03.5Z"),
            ("an hour and a half ago", "2026-11-23T17:14:03.5Z"),
            ("1h30m ago", "2026-11-23T17:14:03.5Z"),
            ("-2hr5min", "2026-11-23T16:39:03.5Z"),
            // Hours, minutes and seconds glued to their counts, with no direction: a time of day.
            ("10h36m28s", "2026-11-23T15:36:28Z"),
            ("01h02", "2026-11-23T06:02:00Z"),
            ("10h pm", "2026-11-24T03:00:00Z"),
            ("tomorrow 10h30", "2026-11-24T15:30:00Z"),
            ("3m 49s ago", "2026-11-23T18:40:14.5Z"),
            ("in 1.5h", "2026-11-23T20:14:03.5Z"),
            ("1.5h", "2026-11-23T06:30:00Z"),
            ("2.5 hours ago", "2026-11-23T16:14:03.5Z"),
            ("next 2 weeks", "2026-12-07T18:44:03.5Z"),
            ("last 3 days", "2026-11-20T18:44:03.5Z"),
            ("past 2 hours", "2026-11-23T16:44:03.5Z"),
            ("next quarter", "2027-02-23T18:44:03.5Z"),
            ("this weekend", "2026-11-28T05:00:00Z"),
            ("next weekend", "2026-12-05T05:00:00Z"),
            // The parts of a day: morning 6, afternoon 15, evening 20, night 22.
            ("this morning", "2026-11-23T11:00:00Z"),
            ("tonight 8pm", "2026-11-24T01:00:00Z"),
            ("tomorrow evening", "2026-11-25T01:00:00Z"),
            ("yesterday afternoon", "2026-11-22T20:00:00Z"),
            ("11 at night", "2026-11-24T04:00:00Z"),
            // An abbreviation followed by its offset.
            ("10:09am PST-08", "2026-11-23T18:09:00Z"),
            // Counts in words, chrono's `few` (3) and `several` (7).
            ("two weeks ago", "2026-11-09T18:44:03.5Z"),
            ("a few minutes ago", "2026-11-23T18:41:03.5Z"),
            ("a couple of days ago", "2026-11-21T18:44:03.5Z"),
            ("several days ago", "2026-11-16T18:44:03.5Z"),
            ("twenty one minutes ago", "2026-11-23T18:23:03.5Z"),
            ("three days from now", "2026-11-26T18:44:03.5Z"),
            ("tmr", "2026-11-24T18:44:03.5Z"),
            ("within 10 days", "2026-12-03T18:44:03.5Z"),
            // Parts of the day with a time, and chrono's `last night` (the midnight that began today).
            ("8 in the morning", "2026-11-23T13:00:00Z"),
            ("5:30 in the evening", "2026-11-23T22:30:00Z"),
            ("at 9 tonight", "2026-11-24T02:00:00Z"),
            ("last night", "2026-11-23T05:00:00Z"),
            ("last night at 11pm", "2026-11-23T04:00:00Z"),
            // Times told in words.
            ("quarter past 5", "2026-11-23T10:15:00Z"),
            ("half past 5", "2026-11-23T10:30:00Z"),
            ("quarter to 6", "2026-11-23T10:45:00Z"),
            ("20 to 6 pm", "2026-11-23T22:40:00Z"),
            // More orders.
            ("March twenty-first", "2026-03-21T04:00:00Z"),
            ("25/Sep/2003", "2003-09-25T04:00:00Z"),
            ("2003-25-Sep", "2003-09-25T04:00:00Z"),
            ("Sep 2003 25", "2003-09-25T04:00:00Z"),
            ("25.2003.September", "2003-09-25T04:00:00Z"),
            ("the fifth of March 2019", "2019-03-05T05:00:00Z"),
            ("October second 1995", "1995-10-02T04:00:00Z"),
            ("June twenty-second 2005", "2005-06-22T04:00:00Z"),
            // Dates with colons.
            ("2014:4:8 22:05", "2014-04-09T02:05:00Z"),
            ("04:02:2014 04:08:09", "2014-04-02T08:08:09Z"),
            // Ranges: their start, the end's missing fields taken.
            ("Aug 10 - Nov 12, 2013", "2013-08-10T04:00:00Z"),
            ("8 - 11pm", "2026-11-24T01:00:00Z"),
            ("7 to 9am", "2026-11-23T12:00:00Z"),
            ("Sep-2012", "2012-09-01T04:00:00Z"),
            ("05/31/2024:14:15", "2024-05-31T18:15:00Z"),
            ("05/31/2024-14:15", "2024-05-31T18:15:00Z"),
            ("10 h 36.5", "2026-11-23T15:36:30Z"),
            ("5 h 30", "2026-11-23T10:30:00Z"),
            ("36 m 5 s", "2026-11-23T05:36:05Z"),
            ("June of 2022", "2022-06-01T04:00:00Z"),
            ("in about 5 hours", "2026-11-23T23:44:03.5Z"),
            ("In about ~5 hours", "2026-11-23T23:44:03.5Z"),
            ("tomorrow before 4pm", "2026-11-24T21:00:00Z"),
            // A weekday of a named week is that week's (Monday first).
            ("Tuesday of next week", "2026-12-01T05:00:00Z"),
            ("Sunday next week", "2026-12-06T05:00:00Z"),
            ("at 12.30", "2026-11-23T17:30:00Z"),
            // North America's zones without their season.
            ("2022-03-12 23:00 ET", "2022-03-13T04:00:00Z"),
            ("2022-07-12 23:00 PT", "2022-07-13T06:00:00Z"),
            ("10 to 22 August 2012", "2012-08-10T04:00:00Z"),
            ("22-23 Feb 2025 at 7pm", "2025-02-23T00:00:00Z"),
            ("August 10 - 22, 2012", "2012-08-10T04:00:00Z"),
            ("9:00 AM to 5:00 PM, 20 May 2013", "2013-05-20T13:00:00Z"),
            ("10:00:00 until 21:45:00", "2026-11-23T15:00:00Z"),
            // More words of relative items.
            ("12 hrs from now", "2026-11-24T06:44:03.5Z"),
            ("15 minute out", "2026-11-23T18:59:03.5Z"),
            ("after an hour", "2026-11-23T19:44:03.5Z"),
            ("next two years", "2028-11-23T18:44:03.5Z"),
            ("next qtr", "2027-02-23T18:44:03.5Z"),
            ("10 09 03", "2003-10-09T04:00:00Z"),
            ("7-4-76", "1976-07-04T04:00:00Z"),
            // A month and two digits that are no day or hour: its year.
            ("Aug 96", "1996-08-01T04:00:00Z"),
            ("Aug 9 96", "1996-08-09T04:00:00Z"),
            ("Sep of 03", "2003-09-01T04:00:00Z"),
            ("Sunday, March, 6th 2016", "2016-03-06T05:00:00Z"),
            ("Sep 10:36:28", "2026-09-01T14:36:28Z"),
            ("2004 10 Apr 11h30m", "2004-04-10T15:30:00Z"),
            ("AD2001", "2001-01-01T05:00:00Z"),
            ("2024 AD August", "2024-08-01T04:00:00Z"),
            // A day after an era's month; a time there stays a time.
            ("2024 AD August 19", "2024-08-19T04:00:00Z"),
            ("6AD May 19", "0006-05-19T04:56:02Z"),
            ("2024 AD August 19:30", "2024-08-01T23:30:00Z"),
            // The working day after or before today (a Monday).
            ("next weekday", "2026-11-24T05:00:00Z"),
            ("last weekday", "2026-11-20T05:00:00Z"),
            ("24 October 10 o clock", "2026-10-24T14:00:00Z"),
            ("8:23 AM \u{2219} Jul 9", "2026-07-09T12:23:00Z"),
            // Units as letters apart from their counts, `mon` as a month
            // where a unit must follow, clock units in any order.
            ("1d 21 h 25m ago", "2026-11-21T21:19:03.5Z"),
            ("in 1 mon", "2026-12-23T18:44:03.5Z"),
            ("12h 01m02s am", "2026-11-23T05:01:02Z"),
            ("01m02h", "2026-11-23T07:01:00Z"),
            ("between 3:30-4:30pm", "2026-11-23T20:30:00Z"),
            ("between 3pm and 5pm", "2026-11-23T20:00:00Z"),
            // The start's own day is not the end's weekday.
            ("today - next friday", "2026-11-23T18:44:03.5Z"),
            ("2014-04-18 13:00 - 16:00", "2014-04-18T17:00:00Z"),
        ] {
            assert_eq!(at(text), instant, "{text}");
        }
        // An end long before the start makes no range (a version, then a date).
        assert!(read_in("1.5.30 - 2015-09-24", "UTC", DateOrder::MonthDay).is_err());
        assert!(read_in("weekday", "UTC", DateOrder::MonthDay).is_err());
        // Eras: a year as written, 1 BC being year 0.
        let bc = read_in("Jan 5 44 BC", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(bc.instant.to_string(), "-000043-01-05T00:00:00Z");
        assert_eq!(
            read_in("Jan 5 44 AD", "UTC", DateOrder::MonthDay).unwrap().instant.to_string(),
            "0044-01-05T00:00:00Z"
        );
        // A year of four digits is the year as written, and an offset's label the offset as written.
        let padded = read_in("December.0031.30", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(padded.instant.to_string(), "0031-12-30T00:00:00Z");
        let labelled = read_in("10:30 GMT-2:30", "UTC", DateOrder::MonthDay).unwrap();
        assert!(labelled.read_as.ends_with("(GMT-2:30)"), "{}", labelled.read_as);
        // What the reader is not sure of, it says.
        let human = read_in("25/03/2019", "UTC", DateOrder::MonthDay).unwrap();
        assert!(human.warnings[0].contains("25 is no month: read day first"), "{:?}", human.warnings);
        let human = read_in("10:09am PST-07", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2026-11-23T17:09:00Z");
        assert!(human.warnings[0].contains("PST is -08:00, not -07:00"), "{:?}", human.warnings);
        let human = read_in("Sun 30 Sep 2019 10:00", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2019-09-30T10:00:00Z");
        assert!(human.warnings[0].contains("is a Monday, not a Sunday"), "{:?}", human.warnings);
        // A direction glued to its unit or weekday reads as written apart.
        for (glued, apart) in
            [("lastmonth", "last month"), ("nextweek", "next week"), ("thisfriday 9am", "this friday 9am")]
        {
            assert_eq!(at(glued), at(apart), "{glued}");
        }
        assert!(at("lastxyz").contains("is not a timestamp nor a date"), "{}", at("lastxyz"));
        // Fractions of units of no fixed length are refused, never guessed.
        assert!(at("1.5 months ago").contains("no fixed length"), "{}", at("1.5 months ago"));
        assert!(at("half a month ago").contains("no fixed length"));
    }

    /// Two texts other languages' words read silently wrong before: Russian's
    /// "of the year" after a year (`года`), and Spanish's `hace` before a run
    /// of relative items, which holds for all of them.
    #[test]
    fn other_languages_read_what_they_mean() {
        let zone = Zone::utc();
        let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
        let read = |text: &str, tag: &str| {
            let language = crate::locale::Localizer::get(tag).unwrap();
            let options =
                crate::input::ReadOptions { language: &language, ..crate::input::ReadOptions::defaults(&zone, now) };
            crate::input::read(crate::input::Input::Text(text), &options).map(|reading| reading.instant.to_string())
        };
        assert_eq!(read("11 июля 2016 года", "ru").unwrap(), "2016-07-11T00:00:00Z");
        // A month's stand-alone name (the nominative), as a month alone is named.
        assert_eq!(read("10 Сентябрь 2015 10:20", "ru").unwrap(), "2015-09-10T10:20:00Z");
        assert_eq!(read("wrzesień 2015", "pl").unwrap(), "2015-09-01T00:00:00Z");
        assert_eq!(read("hace 5 hora 2 minuto 3 segundo", "es").unwrap(), "2026-11-23T13:42:00.5Z");
        assert_eq!(read("vor 3 Tagen 2 Stunden", "de").unwrap(), "2026-11-20T16:44:03.5Z");
        // Ranges in the languages' own words: their start; the end counts from it.
        assert_eq!(read("Montag bis Freitag", "de").unwrap(), "2026-11-23T00:00:00Z");
        assert_eq!(read("10 августа до 22 августа 2012", "ru").unwrap(), "2012-08-10T00:00:00Z");
        assert_eq!(read("2023年11月14日〜11月16日", "ja").unwrap(), "2023-11-14T00:00:00Z");
        assert_eq!(read("maandag tot vrijdag", "nl").unwrap(), "2026-11-23T00:00:00Z");
    }

    #[test]
    fn the_forms_people_type() {
        assert_eq!(at("Nov 14 2023 5:13pm"), "2023-11-14T22:13:00Z");
        assert_eq!(at("14 Nov 2023"), "2023-11-14T05:00:00Z");
        assert_eq!(at("November 14, 2023"), "2023-11-14T05:00:00Z");
        assert_eq!(at("Tuesday, November 14, 2023"), "2023-11-14T05:00:00Z");
        assert_eq!(at("2023/11/14"), "2023-11-14T05:00:00Z");
        assert_eq!(at("11/14/2023"), "2023-11-14T05:00:00Z");
        assert_eq!(at("17:13:20.5"), "2026-11-23T22:13:20.5Z");
        assert_eq!(at("noon"), "2026-11-23T17:00:00Z");
        assert_eq!(at("2023-11-14 10:00 EST"), "2023-11-14T15:00:00Z");
        assert_eq!(at("2023-11-14 10:00 UTC+2"), "2023-11-14T08:00:00Z");
        assert_eq!(at("2023-11-14 10:00 +0530"), "2023-11-14T04:30:00Z");
        assert_eq!(at("2023-11-14 10:00 Europe/Berlin"), "2023-11-14T09:00:00Z");
        assert_eq!(at("2023-11-14 10:00 W. Europe Standard Time"), "2023-11-14T09:00:00Z");
        assert_eq!(at("tomorrow 9am"), "2026-11-24T14:00:00Z");
        assert_eq!(at("next friday 3pm"), "2026-11-27T20:00:00Z");
        assert_eq!(at("last monday"), "2026-11-16T05:00:00Z");
        assert_eq!(at("3 days ago"), "2026-11-20T18:44:03.5Z");
        assert_eq!(at("in 2 hours"), "2026-11-23T20:44:03.5Z");
        assert_eq!(at("+2 weeks"), "2026-12-07T18:44:03.5Z");
        assert_eq!(at("next month"), "2026-12-23T18:44:03.5Z");
        assert_eq!(at("2023-11-14 + 3 days"), "2023-11-17T05:00:00Z");
        assert_eq!(at("@1700000000"), "2023-11-14T22:13:20Z");
        assert_eq!(at("14. November 2023"), "2023-11-14T05:00:00Z");
        assert_eq!(at("1 year 2 months ago"), "2025-09-23T17:44:03.5Z"); // the wall clock kept, in EDT
        assert_eq!(at("Jan 31 2023 + 1 month"), "2023-02-28T05:00:00Z");
        assert_eq!(at("2023年11月14日"), "2023-11-14T05:00:00Z");
        assert_eq!(at("2023年11月14日(火) 17:13"), "2023-11-14T22:13:00Z");
        assert_eq!(at("2023年11月14日 下午5:13"), "2023-11-14T22:13:00Z");
        assert_eq!(at("2023년 11월 14일 오후 5시 13분"), "2023-11-14T22:13:00Z");
        assert_eq!(at("2023年11月14日 17時13分20秒"), "2023-11-14T22:13:20Z");
    }

    #[test]
    fn offsets_as_cldr_writes_them() {
        // Seconds (local mean time), dots (Danish, Finnish), the minus sign.
        assert_eq!(at("1902-04-15 03:53:51 GMT+5:21:10"), "1902-04-14T22:32:41Z");
        assert_eq!(at("2023-11-14 10:00 UTC+5.30"), "2023-11-14T04:30:00Z");
        assert_eq!(at("2023-11-14 10:00 UTC\u{2212}3"), "2023-11-14T13:00:00Z");
        // `+10 GMT` (Portuguese): the word after the offset says what it counts from.
        assert_eq!(at("2023-11-14 10:00:00 +10 GMT"), "2023-11-14T00:00:00Z");
        // An abbreviation after an offset names it (Go's `-0700 MST`); one that
        // names another offset is said, and the offset stands.
        let human = read_in("2023-11-14 10:00:00 +10 EST", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2023-11-14T00:00:00Z");
        assert!(human.warnings[0].contains("EST is -05:00, not the offset +10:00"), "{:?}", human.warnings);
        // A zone in parentheses is read when the text has no other; any other comment is skipped.
        assert_eq!(at("2023-11-14 13:53:04 (GMT+10:00)"), "2023-11-14T03:53:04Z");
        assert_eq!(at("2023-11-14 10:00 UTC (EST)"), "2023-11-14T10:00:00Z");
        assert_eq!(at("2023-11-14 10:00 (local)"), "2023-11-14T15:00:00Z");
        // Brackets are read through.
        assert_eq!(at("2023-11-14 10:00 [GMT+10]"), "2023-11-14T00:00:00Z");
    }

    #[test]
    fn errors_point_and_suggest() {
        let error = read_in("tomorow 9am", "UTC", DateOrder::MonthDay).unwrap_err();
        assert!(error.to_string().contains("did you mean \"tomorrow\""), "{error}");
        assert_eq!(error.position(), Some(0));
        let error = read_in("14 Novmber 2023", "UTC", DateOrder::MonthDay).unwrap_err();
        assert!(error.to_string().contains("did you mean \"November\""), "{error}");
        assert_eq!(error.position(), Some(3));
        let error = read_in("Feb 30 2023", "UTC", DateOrder::MonthDay).unwrap_err();
        assert!(error.to_string().contains("no February 30"), "{error}");
        // A weekday that contradicts the date: the date wins, and the reader is told.
        let human = read_in("Wednesday, November 14, 2023", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2023-11-14T00:00:00Z");
        assert!(human.warnings[0].contains("2023-11-14 is a Tuesday, not a Wednesday"), "{:?}", human.warnings);
        assert!(read_in("13:00pm", "UTC", DateOrder::MonthDay).is_err());
        // Read silently wrong before other parsers' cases showed them, now
        // refused: a period after `after` (read as now), a version number as a
        // dotted date with a year of one digit, alone or as a range's start.
        for wrong in ["after this year", "after next week", "1.5.3 - 2015-09-24", "1.5.3 2015", "1.5.300"] {
            assert!(read_in(wrong, "UTC", DateOrder::MonthDay).is_err(), "{wrong}");
        }
        // A range's start keeps its own day: the end's `tomorrow` is the end's.
        let range = read_in("10:30 JST today to 10:30 pst tomorrow", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(range.instant, read_in("10:30 JST today", "UTC", DateOrder::MonthDay).unwrap().instant);
        let tomorrow = read_in("9am to 5pm tomorrow", "UTC", DateOrder::MonthDay).unwrap();
        let end = read_in("5pm tomorrow", "UTC", DateOrder::MonthDay).unwrap();
        assert!(tomorrow.warnings[0].ends_with(&format!("it ends at {}", end.read_as)), "{:?}", tomorrow.warnings);
        let (in_an_hour, two_digits) =
            (read_in("after an hour", "UTC", DateOrder::MonthDay), read_in("14.11.23", "UTC", DateOrder::DayMonth));
        assert!(in_an_hour.is_ok() && two_digits.unwrap().instant.to_string() == "2023-11-14T00:00:00Z");
        // Counts that overflow are refused, never wrapped.
        for huge in [
            "999999999999999999 friday",
            "10:00 +999999999999999999:59",
            "999999999999999999 days tomorrow",
            "999999999999999999 h 30",
            "999999999999999999h30m",
        ] {
            assert!(read_in(huge, "UTC", DateOrder::MonthDay).is_err(), "{huge}");
        }
    }

    #[test]
    fn ambiguity_is_said() {
        let human = read_in("2023-11-14 10:00 CST", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2023-11-14T16:00:00Z");
        assert_eq!(human.alternatives.len(), 2);
        assert_eq!(human.alternatives[0].zone, Some("Asia/Shanghai"));
        assert_eq!(human.alternatives[0].instant.to_string(), "2023-11-14T02:00:00Z");
        let human = read_in("03/04/2023", "UTC", DateOrder::DayMonth).unwrap();
        assert_eq!(human.instant.to_string(), "2023-04-03T00:00:00Z");
        assert_eq!(human.alternatives[0].instant.to_string(), "2023-03-04T00:00:00Z");
        assert_eq!(human.warnings.len(), 1);
        assert!(read_in("13/04/2023", "UTC", DateOrder::DayMonth).unwrap().alternatives.is_empty());
    }
}
