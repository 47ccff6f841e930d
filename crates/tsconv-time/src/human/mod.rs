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
//!
//! The reading has three parts: this module's API (the options, [`read`],
//! and the readers of shapes the grammar does not take whole: ranges, a
//! direction glued to its word, a year before its day and month), the
//! grammar (`parser`: the text into pieces), and the resolution
//! (`resolve`: the pieces on the clock, in a zone); `pieces` holds what they
//! share.

pub mod abbreviations;
pub(crate) mod lex;
mod parser;
mod pieces;
mod resolve;
pub(crate) mod words;

pub use self::words::Vocabulary;
use self::words::{Mark, Meridian, Word};
use crate::error::TimeError;
use crate::iso::MONTH_NAMES;

pub(crate) use self::lex::suffix_after;
pub(crate) use self::parser::near_miss;
use self::parser::parse;
use self::pieces::*;
pub use self::pieces::{DateOrder, Human, HumanOptions, OtherReading};
pub(crate) use self::words::{is_unspaced, korean_particle_at};

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
/// let options = HumanOptions { zone: &zone, disambiguation: Disambiguation::Compatible, now, order: DateOrder::MonthDay, region: None, words, unworded: false };
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
    // with a space after its sign. So does a language's word that opens a
    // range at the start, or its closing word between two days of a month
    // (`10 à 22 août` is no 10:00 on August 22).
    let worded = || {
        options.words.is_other_language()
            && options.words.range_of_words(text).is_some_and(|[before, ..]| before.is_empty())
    };
    // `today-tomorrow`, `сегодня-завтра`: two days a dash joins are a range
    // (GNU reads the hyphen as nothing, and the two days as one: tomorrow).
    let days = || days_dashed(text, options.words).is_some_and(|(_, _, shifts)| shifts);
    let backwards = match (dash_before_clock(text) || hours_range(text) || worded() || days())
        .then(|| range_start(text, lead, options))
        .flatten()
    {
        Some(Ok(range)) => return Ok(range),
        Some(Err(backwards)) => Some(backwards),
        None => None,
    };
    let refusal = match read_whole(text, lead, options) {
        Ok(human) => return Ok(human),
        Err(refusal) => refusal,
    };
    // A range whose end comes before its start is refused as one, unless
    // the text reads otherwise.
    let refusal = match backwards {
        Some(backwards) => backwards,
        None => match range_start(text, lead, options) {
            Some(Ok(range)) => return Ok(range),
            Some(Err(backwards)) => backwards,
            None => refusal,
        },
    };
    glued_direction(text, options.words).and_then(|glued| read_whole(&glued, lead, options).ok()).ok_or(refusal)
}

/// Whether ` - ` stands before a clock time (`13:00 - 16:00`).
fn dash_before_clock(text: &str) -> bool {
    text.match_indices(" - ").any(|(at, dash)| {
        let after = &text[at + dash.len()..];
        let hour = after.bytes().take_while(u8::is_ascii_digit).count();
        (1..=2).contains(&hour) && after[hour..].starts_with(':')
    })
}

/// Whether a word is two hours joined by a dash, the second written with
/// `h` (`13h-15h`, `13-15h`, `9h30-11h`, as French writes a range): read
/// as a range, not as 13 hours less 15 (glued counts, one sign each).
fn hours_range(text: &str) -> bool {
    // Most texts hold no dash: one search says so.
    text.contains('-')
        && text
            .split_whitespace()
            .any(|word| word.split_once('-').is_some_and(|(left, right)| clock_h(left, true) && clock_h(right, false)))
}

/// `13h`, `9h30` (and `13` alone where `bare` allows it): an hour of one
/// or two digits, with `h` and two digits of minutes after it.
fn clock_h(text: &str, bare: bool) -> bool {
    let digits = |part: &str, count: std::ops::RangeInclusive<usize>| {
        count.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit())
    };
    match text.split_once(['h', 'H']) {
        Some((hour, minutes)) => digits(hour, 1..=2) && (minutes.is_empty() || digits(minutes, 2..=2)),
        None => bare && digits(text, 1..=2),
    }
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

/// What joins a range's two sides, spaces around: English's words, and the
/// other Discord languages' that are no other word of dates (`bis`, `tot`,
/// `до`, `hasta`, `até`, `đến`, `〜`). Vietnamese `tới` is also "later"
/// after a count or a weekday (`thứ hai tới`), where nothing follows it.
const SEPARATORS: [&str; 17] = [
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
    " hasta ",
    " até ",
    " đến ",
    " tới ",
    " ~ ",
    // The wave dash; its full-width look-alike `～` is read as `~`.
    "〜",
];

/// Whether `text` names a day next to today (`明天`, tomorrow) in a
/// word written without spaces (`明天11点`, `明日の午後`).
fn names_a_day_unspaced(text: &str, words: &Vocabulary) -> bool {
    !text.is_ascii()
        && lex::lex(text).is_ok_and(|tokens| {
            parser::cut_unspaced(tokens, words).iter().any(
            |token| matches!(token.tok, lex::Tok::Word(word) if matches!(words.word(word), Some(Word::DayShift(_)))),
        )
        })
}

/// The half of the day `text` names (`pm`, `evening`, `午後`, `下午`), if it
/// names one.
fn half_of_day(text: &str, words: &Vocabulary) -> Option<Meridian> {
    let tokens = lex::lex(text).ok()?;
    parser::cut_unspaced(tokens, words).iter().find_map(|token| {
        let lex::Tok::Word(word) = token.tok else { return None };
        match (words.word(word), words::mark(word)) {
            (Some(Word::Meridian(half) | Word::DayPart(_, half)), _) | (_, Some(Mark::Half(half))) => Some(half),
            _ => None,
        }
    })
}

/// The date of `instant` in the reading's zone.
fn local_date(instant: jiff::Timestamp, options: &HumanOptions<'_>) -> jiff::civil::Date {
    instant.to_zoned(options.zone.tz().clone()).date()
}

/// What Chinese and Japanese write between a range's sides, without
/// spaces: `から` (from ... to), `到` and `至` (to), a dash, a tilde (full
/// width ones are read as ASCII's), and `ー`, the mark that lengthens a
/// kana's vowel, which a Japanese input method types for a dash.
const UNSPACED_SEPARATORS: [&str; 6] = ["から", "到", "至", "-", "~", "ー"];

/// A range written without spaces (`星期六到星期一`, `23時20分から2時`,
/// `2016年9月3号-2017年10月24号`, `2013/12/26~2014/1/7`): its two sides,
/// split at the first of [`UNSPACED_SEPARATORS`] between a Chinese or
/// Japanese character and one or a digit (a tilde also after a digit; `ー`
/// never after a kana, whose vowel it lengthens: `データ`).
fn unspaced_range(text: &str) -> Option<(&str, &str)> {
    UNSPACED_SEPARATORS.iter().find_map(|&separator| {
        let (at, _) = text.match_indices(separator).find(|&(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + separator.len()..].chars().next();
            let side = |c: char| words::is_unspaced(c) || c.is_ascii_digit();
            // After a weekday in parentheses too (`1月30日（木）12:00-1月31日（金）`),
            // and after a Latin am or pm (`1点pm到3点`, `1時20分P.M.から3時`).
            // After a time that follows a marked date, before another
            // (`1月30日12:00-1月31日16:00`).
            let marked_after = || {
                text[at + separator.len()..]
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .starts_with(words::is_unspaced)
            };
            let opens = before == Some(')')
                || ends_with_meridian(&text[..at])
                || (before.is_some_and(|c| c.is_ascii_digit())
                    && separator == "-"
                    && text[..at].chars().any(words::is_unspaced)
                    && marked_after())
                || match separator {
                    "~" => before.is_some_and(side),
                    "ー" => before.is_some_and(|c| side(c) && !words::is_kana(c)),
                    _ => before.is_some_and(words::is_unspaced),
                };
            opens && after.is_some_and(side)
        })?;
        Some((&text[..at], &text[at + separator.len()..]))
    })
}

/// `monday-friday`, `today-tomorrow`: the two sides of a dash between two
/// weekdays, or two days counted from today (then `true`), the right side
/// with what follows it.
fn days_dashed<'t>(text: &'t str, words: &Vocabulary) -> Option<(&'t str, &'t str, bool)> {
    let (left, right) = text.split_once('-')?;
    // (Most dashes are a date's or a number's: no word is looked up.)
    if !left.chars().next().is_some_and(char::is_alphabetic) {
        return None;
    }
    let first = right.split_whitespace().next()?;
    match (words.word(left), words.word(first)) {
        (Some(Word::Weekday(_)), Some(Word::Weekday(_))) => Some((left, right, false)),
        (Some(Word::DayShift(_)), Some(Word::DayShift(_))) => Some((left, right, true)),
        _ => None,
    }
}

/// Whether `text` ends with a Latin am or pm (`am`, `P.M.`, any case).
fn ends_with_meridian(text: &str) -> bool {
    let end = text.trim_end().trim_end_matches('.').as_bytes();
    let letters: Vec<u8> = end.iter().rev().filter(|&&b| b != b'.').take(2).map(u8::to_ascii_lowercase).collect();
    end.len() >= 2 && (letters == b"ma" || letters == b"mp")
}

/// Whether `word` (any case) is a word that joins a range's sides (`-`,
/// `to`, `bis`), as [`SEPARATORS`] writes them between spaces, or as
/// Chinese and Japanese write them between their sides (`至`, `到`, `から`,
/// `〜`).
pub(crate) fn is_range_separator(word: &str) -> bool {
    // Trimmed once, when compiled: this runs for every word of every
    // window extract reads.
    const BARE: [&str; SEPARATORS.len()] = {
        let mut bare = SEPARATORS;
        let mut k = 0;
        while k < bare.len() {
            bare[k] = bare[k].trim_ascii();
            k += 1;
        }
        bare
    };
    BARE.iter().any(|bare| bare.len() == word.len() && bare.eq_ignore_ascii_case(word))
        || (word.as_bytes().first().is_some_and(|&lead| lead >= 0xE3) && matches!(word, "至" | "到" | "から" | "〜"))
}

/// A range (`Aug 10 - Nov 12, 2013`, `22-23 Feb at 7pm`, `9:00 AM to 5:00
/// PM, Tuesday, 20 May 2013`, `10:00 until 21:45`), read as its start, as
/// chrono reads it, with a warning that names its end: the start takes
/// from the end what it leaves out (the year, the month, the day), the
/// end's own first item dropped. `None` when either side does not read;
/// a refusal when the end comes before the start.
fn range_start(text: &str, lead: usize, options: &HumanOptions<'_>) -> Option<Result<Human, Refusal>> {
    // `between 3:30 and 4:30pm`: `and` joins a range's sides only after `between`.
    let between = ["between ", "Between "].iter().find_map(|word| text.strip_prefix(word));
    let written = text;
    let text = between.unwrap_or(text);
    let and = [" and "];
    // Most texts hold no separator: one pass over their words, that
    // allocates nothing, says so.
    let separated = text.contains('〜')
        || text
            .split(' ')
            .any(|word| is_range_separator(word) || (between.is_some() && word.eq_ignore_ascii_case("and")));
    let unspaced = if text.is_ascii() && !text.contains('~') { None } else { unspaced_range(text) };
    // `von 9 bis 17 Uhr`, `de 9h à 17h`: the language's words around the
    // start. Not with a count of hours on either side: `с 10 до 12 часов`
    // means 10:00 to 12:00, which its sides alone do not say (ten and twelve
    // hours from now), so it is refused rather than read so.
    let counts_hours = |side: &str| {
        side.split_whitespace().any(|word| {
            matches!(options.words.word(word), Some(Word::Unit(words::Unit::Hour))) && !options.words.is_hour_word(word)
        })
    };
    let worded = options
        .words
        .range_of_words(text)
        .filter(|[_, start, end]| !counts_hours(start) && !counts_hours(end))
        .map(|[before, start, end]| (format!("{before} {start}").trim().to_owned(), end));
    if !separated && !text.contains('-') && unspaced.is_none() && worded.is_none() {
        return None;
    }
    let split = separated.then(|| {
        let lower = text.to_ascii_lowercase();
        SEPARATORS
            .iter()
            .chain(if between.is_some() { &and[..] } else { &[] })
            .filter_map(|separator| {
                let at = lower.find(separator)?;
                Some((&text[..at], &text[at + separator.len()..]))
            })
            .min_by_key(|(left, _)| left.len())
    });
    // `monday-friday`, `lunedì-venerdì`, `today-tomorrow`: two days a dash joins.
    let weekdays = || days_dashed(text, options.words).map(|(left, right, _)| (left, right));
    let (left, right) = match &worded {
        Some((left, right)) => (left.as_str(), *right),
        None => split.flatten().or(unspaced).or_else(weekdays).or_else(|| glued_range(text))?,
    };
    let left = left.trim();
    let left = ["from ", "From "].iter().fold(left, |left, from| left.strip_prefix(from).unwrap_or(left)).trim();
    let right = right.trim();
    if left.is_empty() || right.is_empty() {
        return None;
    }
    // (Also written with CJK marks: `3点 - 5点PM`, `6時30分-11時PM`.)
    let bare_time = left.chars().all(|c| c.is_ascii_digit() || matches!(c, ':' | '点' | '點' | '時' | '时' | '分'));
    // `8:10 - 12.32`: after a time, an end written with a dot is a time
    // too (alone, `12.32` is a number).
    let dotted_end = right
        .split_once('.')
        .filter(|(hour, minute)| {
            bare_time
                && left.contains(':')
                && (1..=2).contains(&hour.len())
                && minute.len() == 2
                && hour.bytes().chain(minute.bytes()).all(|b| b.is_ascii_digit())
        })
        .map(|(hour, minute)| format!("{hour}:{minute}"));
    let right = dotted_end.as_deref().unwrap_or(right);
    let left_words: Vec<&str> = left.split_whitespace().collect();
    // `next to 5 Jan 1990`: a start of directions alone names no date (it
    // would read as `next Jan 1990`, words the text does not hold together).
    let names_nothing =
        |word: &&str| matches!(options.words.word(word), Some(Word::Ordinal(-1..=1) | Word::Ahead(_) | Word::Filler));
    if left_words.iter().all(names_nothing) {
        return None;
    }
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
    let part = |word: &&str| matches!(options.words.word(word.trim_end_matches([',', '.'])), Some(Word::DayPart(..)));
    let has_part = left_words.iter().any(part);
    // The end's words after its first item, as the start's missing fields:
    // never a field the start has, nor the day of the end's month (`Nov
    // 12, 2013` gives the start `2013`, not `12, 2013`).
    // `8 - 11pm`: a bare time before the end's takes its half of the day,
    // when that keeps the start before the end.
    let meridian = words.first().and_then(|first| {
        let lower = first.to_ascii_lowercase();
        ["am", "pm"].into_iter().find(|m| lower.ends_with(m) && lower.starts_with(|c: char| c.is_ascii_digit()))
    });
    let with_meridian = meridian
        .filter(|_| bare_time)
        .and_then(|meridian| read_whole(&format!("{left}{meridian}"), lead, options).ok())
        .filter(|start| start.instant <= end.instant);
    let (start, start_text) = with_meridian.map(|start| (start, String::new())).or_else(|| {
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
                || (has_part && rest.iter().any(part))
            {
                return None;
            }
            let candidate = if rest.is_empty() { left.to_owned() } else { format!("{left} {}", rest.join(" ")) };
            read_whole(&candidate, lead, options).ok().map(|start| (start, candidate))
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
    let end = if end_text.split_whitespace().any(|word| shift(&word)) || names_a_day_unspaced(&end_text, options.words)
    {
        end
    } else {
        read_whole(&end_text, lead, &from_start).unwrap_or(end)
    };
    // A month (and day) with no year: a start after its end is the one
    // before the end when the end writes its year (`From December to May
    // 2022` starts in December 2021; the year the start took from the end
    // left out); else the end is the one after the start (`from Dec 20 to
    // Jan 5`, in November, ends next January). Never an end before its start.
    let shifted = |instant: jiff::Timestamp, span: jiff::Span| {
        let moved = instant.to_zoned(options.zone.tz().clone()).checked_add(span);
        moved.ok().map(|moved| moved.timestamp())
    };
    let month_range = has_month && !has_year && !has_shift && !left_words.iter().any(weekday);
    let (start, end) = match (start.instant > end.instant && month_range, words.iter().any(year)) {
        (true, true) => {
            let yearless: Vec<&str> = start_text.split_whitespace().filter(|word| !year(word)).collect();
            let earlier = shifted(end.instant, jiff::Span::new().years(-1))
                .and_then(|now| read_whole(&yearless.join(" "), lead, &HumanOptions { now, ..*options }).ok())
                .filter(|earlier| earlier.instant <= end.instant);
            (earlier.unwrap_or(start), end)
        }
        (true, false) if end_text.split_whitespace().any(|word| month(&word)) => {
            let later = shifted(start.instant, jiff::Span::new().years(1))
                .and_then(|now| read_whole(&end_text, lead, &HumanOptions { now, ..*options }).ok())
                .filter(|later| later.instant >= start.instant);
            (start, later.unwrap_or(end))
        }
        _ => (start, end),
    };
    // `6:30pm to 11`, `9am to 5`, `午後6時半-11時`: an end with no half of
    // the day of its own, before a start written on a 12-hour clock, is
    // twelve hours later when that puts it after the start on the same day.
    // (An end that names its zone keeps its reading.)
    let tz = options.zone.tz();
    let afternoon = (end.instant < start.instant)
        .then(|| end.instant.to_zoned(tz.clone()).datetime().checked_add(jiff::Span::new().hours(12)).ok())
        .flatten()
        .and_then(|civil| civil.to_zoned(tz.clone()).ok())
        .map(|later| later.timestamp());
    let end = match afternoon {
        Some(later)
            if later >= start.instant
                && end.read_as == pieces::read_as(end.instant, options.zone, None)
                && half_of_day(left, options.words).is_some()
                && half_of_day(&end_text, options.words).is_none()
                && local_date(later, options) == local_date(start.instant, options) =>
        {
            Human { instant: later, read_as: pieces::read_as(later, options.zone, None), ..end }
        }
        _ => end,
    };
    // A time of day alone that ends the range before its start is the
    // next day's (`11pm to 1am`, a night's shift).
    let clock_only = end_text.split_whitespace().all(|word| {
        word.bytes().any(|b| b.is_ascii_digit())
            || matches!(options.words.word(word.trim_end_matches([',', '.'])), Some(Word::Meridian(_) | Word::Clock(_)))
    });
    let end = match shifted(start.instant, jiff::Span::new().days(1)) {
        Some(now) if end.instant < start.instant && clock_only => {
            read_whole(&end_text, lead, &HumanOptions { now, ..*options })
                .ok()
                .filter(|later| {
                    later.instant >= start.instant
                        && later.instant.duration_since(start.instant) <= jiff::SignedDuration::from_hours(24)
                })
                .unwrap_or(end)
        }
        _ => end,
    };
    let mut start = start;
    // An end still before the start makes no range (`1.5.30 - 2015-09-24`
    // is a version and a date): the text is refused, never read as a range
    // that ends before it starts.
    if end.instant < start.instant {
        let message = if options.unworded {
            String::new()
        } else {
            format!("{written:?}: a range that ends at {}, before it starts at {}", end.read_as, start.read_as)
        };
        let uses_now = start.uses_now || end.uses_now;
        return Some(Err(Refusal { error: TimeError::invalid_at(message, lead), understood: true, uses_now }));
    }
    start.uses_now |= end.uses_now;
    start.warnings.insert(0, format!("a range: read as its start; it ends at {}", end.read_as));
    Some(Ok(start))
}

/// `22-23 Feb at 7pm`, `1pm-3`: a range whose `-` touches its sides.
fn glued_range(text: &str) -> Option<(&str, &str)> {
    // `2024-03-05 13h-15h`: the dash between two hours written with `h`.
    if let Some((at, _)) = text.match_indices('-').find(|&(at, _)| {
        text[..at].rsplit(char::is_whitespace).next().is_some_and(|last| clock_h(last, true))
            && text[at + 1..].split_whitespace().next().is_some_and(|first| clock_h(first, false))
    }) {
        return Some((&text[..at], &text[at + 1..]));
    }
    let at = text.find('-')?;
    let (left, right) = (&text[..at], &text[at + 1..]);
    let day_range = left.len() <= 2
        && left.bytes().all(|b| b.is_ascii_digit())
        && right
            .split_whitespace()
            .next()
            .is_some_and(|first| first.len() <= 2 && first.bytes().all(|b| b.is_ascii_digit()))
        && right.split_whitespace().nth(1).is_some_and(|word| word.starts_with(|c: char| c.is_alphabetic()));
    // What is before `am` or `pm` (any case) at the end.
    fn before_meridian(text: &str) -> Option<&str> {
        let cut = text.len().checked_sub(2)?;
        let end = text.get(cut..)?;
        (end.eq_ignore_ascii_case("am") || end.eq_ignore_ascii_case("pm")).then(|| &text[..cut])
    }
    // `8-11pm`, `3:30-4:30pm`: an hour, or an hour and its minutes.
    let hour = |text: &str| {
        let (hour, minutes) = text.split_once(':').unwrap_or((text, "00"));
        (1..=2).contains(&hour.len())
            && minutes.len() == 2
            && hour.bytes().chain(minutes.bytes()).all(|b| b.is_ascii_digit())
    };
    let time_range = (before_meridian(left).is_some() && right.starts_with(|c: char| c.is_ascii_digit()))
        || (hour(left) && before_meridian(right).is_some_and(|h| hour(h.trim_end())));
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
    /// The word for "month" before its number (Vietnamese `tháng 4`): a
    /// date with a number, the words for day and year beside it labelling
    /// theirs (`ngày 30 tháng 4 năm 1975`).
    MonthNumber,
    /// A word that joins items (`at`, `on`, `and`, `the`): never a date's
    /// first or last word in prose.
    Joiner,
    /// A word that opens or closes a range in the language (`von` ...
    /// `bis`, `de` ... `à`, `с` ... `до`): a joiner, but a date may start
    /// with the opening word when its closing word follows.
    Range,
    /// Any other word of dates (`at`, `pm`, `EST`, `BC`, `o'clock`).
    Part,
    /// A count in words (`two`, `drei`, `une`): a date only with a unit,
    /// and prose beside a date it is not part of (`dans 5 secondes une
    /// voiture`).
    Count,
}

/// The role of `word` (its letters, any case) in `words`; `None` for a
/// word that is no part of any date.
pub(crate) fn role(words: &Vocabulary, word: &str) -> Option<Role> {
    // `월요일에`, on Monday: the word's, Korean's particle cut off.
    if !word.is_ascii()
        && let Some(at) = words::korean_particle_at(words, word)
    {
        return role(words, &word[..at]);
    }
    // `après-midi`, `l'après-midi`'s noun: a phrase the reader reads across
    // its hyphen, one word in prose.
    let hyphenated = || {
        let parts: Vec<&str> = word.split('-').collect();
        words.phrase_at(&parts).filter(|phrase| phrase.len() == parts.len()).map(|phrase| phrase.word)
    };
    if words.is_zone_in_capitals(word) {
        return Some(Role::Part);
    }
    let meaning = words.word(word).or_else(|| if word.contains('-') { hyphenated() } else { None });
    let role = match meaning {
        Some(
            Word::DayShift(_)
            | Word::DayWithPart(..)
            | Word::Shifted(..)
            | Word::WeekdayShifted(..)
            | Word::Clock(_)
            | Word::UnitThen(..),
        ) => Role::Anchor,
        Some(Word::Ago(-1)) => Role::After,
        // Another language's "later" too (`5分钟之后`, `两个礼拜内`, `5 minuti
        // dopo`); English's `from` and `out` are prose alone.
        Some(Word::Ago(_))
            if ["later", "hence", "after"].iter().any(|w| word.eq_ignore_ascii_case(w))
                || (words.is_other_language() && !Vocabulary::is_english(word)) =>
        {
            Role::After
        }
        Some(Word::Ordinal(2..=31)) => Role::Day,
        Some(Word::DayPart(..)) if words.is_part_of_today(word) => Role::Anchor,
        // A weekday's full name; in Chinese, Japanese and Korean two or three
        // characters (`周一`, `月曜日`, `월요일`).
        Some(Word::Weekday(_))
            if word.chars().count() > 3
                || (word.chars().nth(1).is_some()
                    && word.chars().all(|c| is_unspaced(c) || ('\u{ac00}'..='\u{d7a3}').contains(&c))) =>
        {
            Role::Anchor
        }
        Some(Word::Weekday(_)) => Role::Day,
        Some(Word::Ahead(_) | Word::Ordinal(-1..=1)) => Role::Direction,
        // `weekend` and `morning` are dates only with a direction or a day
        // (`this weekend`, `tomorrow morning`), as a unit is.
        Some(Word::Unit(_) | Word::HalfOf(_) | Word::Weekend | Word::WorkDay | Word::DayPart(..)) => Role::Unit,
        Some(Word::Month(_)) => Role::Month,
        Some(Word::MonthNumber) => Role::MonthNumber,
        Some(Word::Filler | Word::One) if words.is_range_word(word) => Role::Range,
        Some(Word::Filler) => Role::Joiner,
        Some(Word::Count(_) | Word::One) => Role::Count,
        Some(_) => Role::Part,
        // `gisterenavond`: a day and its part, a date alone as `tonight` is.
        None if words.compound_at(word).is_some() => Role::Anchor,
        // `monday-friday`, `сегодня-завтра`: two days a dash joins, a range.
        None if days_dashed(word, words).is_some() => Role::Anchor,
        // `von 9 bis 17 Uhr`, `lundi de 9h à 17h`: a range's words join its sides.
        None if words.is_range_word(word) => Role::Range,
        // A phrase's words take its role where the whole phrase is written
        // (`phrase_at`), not alone (`le` of `le mois dernier`).
        None if !words.zone_abbreviation(word, None).is_empty() || generic_zone(word).is_some() => Role::Part,
        None => return None,
    };
    Some(role)
}

/// Whether `word` says "in" before a relative item (`in`, `em`, `dans`).
pub(crate) fn says_in(words: &Vocabulary, word: &str) -> bool {
    words.word(word) == Some(Word::Ahead(1))
}

/// Whether `word` says "at" before a time: English's `at`, or the word the
/// language's patterns write before the hour (`в`, `kl.`, `à`).
pub(crate) fn says_at(words: &Vocabulary, word: &str) -> bool {
    word.eq_ignore_ascii_case("at") || words.is_at_word(word)
}

/// Whether `word` names a half of the day after a time: am or pm in any
/// language, and English's parts of the day (`tonight`, `morning`).
pub(crate) fn says_half_of_day(words: &Vocabulary, word: &str) -> bool {
    match words.word(word) {
        Some(Word::Meridian(_)) => true,
        Some(Word::DayPart(..)) => !words.is_other_language(),
        _ => false,
    }
}

/// Whether `word` is a mark written beside a number (`年`, `時`, `午後`,
/// `시`): a part of the number's date or time, never a word alone.
pub(crate) fn is_mark(words: &Vocabulary, word: &str) -> bool {
    words::mark(word).is_some() || words.mark(word).is_some() || word == words::FIRST_YEAR
}

/// Whether `word` is English's `am` in small letters in another language
/// (German's `am`, "on the").
pub(crate) fn is_other_languages_am(words: &Vocabulary, word: &str) -> bool {
    words.is_other_languages_am(word)
}

/// Whether `word` is a count in words (`三`, `drei`).
pub(crate) fn is_count(words: &Vocabulary, word: &str) -> bool {
    matches!(words.word(word), Some(Word::Count(_)))
}

/// Whether `word`, Chinese or Japanese glued to its marks (`三点`,
/// `九月三号`), holds a count in words before a mark.
pub(crate) fn holds_count(words: &Vocabulary, word: &str) -> bool {
    if word.is_ascii() || !word.chars().all(is_unspaced) {
        return false;
    }
    let cut = words.cut_unspaced(word);
    cut.windows(2).any(|pair| {
        pair[0].1 && is_count(words, &word[pair[0].0.clone()]) && pair[1].1 && is_mark(words, &word[pair[1].0.clone()])
    })
}

/// Whether `word` (a day, `morgen`, tomorrow) also names a part of the day
/// that the language writes with a capital (`Morgen`, morning, as German
/// writes its nouns; not Spanish's `mañana`).
pub(crate) fn names_a_part_of_the_day_too(words: &Vocabulary, word: &str) -> bool {
    words.also_capital_day_part(word)
}

/// Whether `word` is another language's word for hours or o'clock
/// (`heures`, `uur`, `часов`, `Uhr`, `giờ`): after its word for "at" and an
/// hour, the clock's hour (`à 17 heures`, `um 17 Uhr`).
pub(crate) fn names_the_hour(words: &Vocabulary, word: &str) -> bool {
    !Vocabulary::is_english(word)
        && (words.is_hour_word(word) || matches!(words.word(word), Some(Word::Unit(words::Unit::Hour) | Word::OClock)))
}

/// The longest phrase of the language that `texts`, words in a text,
/// start with (`a las`, `на следующей неделе`): how many words it is, and
/// their role together (a day or a period named, an anchor; else a part).
pub(crate) fn phrase_at(words: &Vocabulary, texts: &[&str]) -> Option<(usize, Role)> {
    let phrase = words.phrase_at(texts)?;
    let role = match phrase.word {
        Word::DayShift(_) | Word::Shifted(..) => Role::Anchor,
        // `il y a 5 jours`, `dentro de 2 horas`: which way a count lies, as
        // English's `in` says; `5 dagen geleden`'s after it.
        Word::Ahead(_) => Role::Direction,
        Word::Ago(_) => Role::After,
        _ => Role::Part,
    };
    Some((phrase.len(), role))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::local::Disambiguation;
    use crate::zone::Zone;
    use jiff::Timestamp;
    use jiff::civil::Weekday;

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
            unworded: false,
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
                unworded: false,
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

    /// A range of months without a year never ends before it starts: the
    /// start moves back to the year before an end that writes its year, a
    /// yearless end forward to the year after the start.
    #[test]
    fn a_range_of_months_never_ends_before_it_starts() {
        // Now: 2026-11-23 in New York.
        for (text, start, end) in [
            ("From December to May 2022", "2021-12-01T05:00:00Z", "2022-05-01T00:00:00"),
            ("December 5 to May 3, 2022", "2021-12-05T05:00:00Z", "2022-05-03T00:00:00"),
            ("Dec 20 - Jan 5, 2024", "2023-12-20T05:00:00Z", "2024-01-05T00:00:00"),
            ("From December to May", "2026-12-01T05:00:00Z", "2027-05-01T00:00:00"),
            ("from Dec 20 to Jan 5", "2026-12-20T05:00:00Z", "2027-01-05T00:00:00"),
            // In order already: as read.
            ("March to May", "2026-03-01T05:00:00Z", "2026-05-01T00:00:00"),
            ("Aug 10 - Nov 12, 2013", "2013-08-10T04:00:00Z", "2013-11-12T00:00:00"),
            ("Dec 2021 to May 2022", "2021-12-01T05:00:00Z", "2022-05-01T00:00:00"),
        ] {
            assert_range(text, start, end);
        }
    }

    /// `text`, read in New York, starts at `start` and its warning says
    /// it ends at the wall-clock time `end`.
    fn assert_range(text: &str, start: &str, end: &str) {
        let human = read_in(text, "America/New_York", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), start, "{text}");
        let warning = &human.warnings[0];
        assert!(warning.contains(&format!("it ends at {end} in America/New_York")), "{text}: {warning}");
    }

    /// A time of day alone before the start's is the next day's; a range
    /// whose end is still before its start is refused, never answered.
    #[test]
    fn a_range_across_midnight_ends_the_next_day() {
        // Now: Monday 2026-11-23, 13:44 in New York.
        for (text, start, end) in [
            ("11pm to 1am", "2026-11-24T04:00:00Z", "2026-11-24T01:00:00"),
            ("10pm - 2:30am", "2026-11-24T03:00:00Z", "2026-11-24T02:30:00"),
            ("11pm to midnight", "2026-11-24T04:00:00Z", "2026-11-24T00:00:00"),
            ("9am to 5pm", "2026-11-23T14:00:00Z", "2026-11-23T17:00:00"),
            ("Monday afternoon to 6pm", "2026-11-23T20:00:00Z", "2026-11-23T18:00:00"),
        ] {
            assert_range(text, start, end);
        }
        // `last night` counts from that Monday: before its afternoon.
        assert!(read_in("Monday afternoon to last night", "America/New_York", DateOrder::MonthDay).is_err());
    }

    /// An end with no half of the day of its own, before a start written on
    /// a 12-hour clock, is twelve hours later when that keeps it on the
    /// start's day (`9am to 5` is the working day); else the next day's.
    #[test]
    fn an_end_without_am_or_pm_takes_the_hours_after_the_start() {
        // Now: Monday 2026-11-23, 13:44 in New York.
        for (text, start, end) in [
            ("9am to 5", "2026-11-23T14:00:00Z", "2026-11-23T17:00:00"),
            ("6:30pm to 11", "2026-11-23T23:30:00Z", "2026-11-23T23:00:00"),
            ("11am - 1:30", "2026-11-23T16:00:00Z", "2026-11-23T13:30:00"),
            // Twelve hours later would still be before the start.
            ("10pm to 2", "2026-11-24T03:00:00Z", "2026-11-24T02:00:00"),
            // Its own half of the day, or a 24-hour start: as written.
            ("1pm to 11am", "2026-11-23T18:00:00Z", "2026-11-24T11:00:00"),
            ("18:30 - 11:00", "2026-11-23T23:30:00Z", "2026-11-24T11:00:00"),
        ] {
            assert_range(text, start, end);
        }
    }

    /// A day counted within a month or a year is refused, never read as the
    /// relative item before `of` counted from the period's start (`last day
    /// of February` was January 31; `first day of next month` a day
    /// before the same day next month). A day of a month in words and `of`
    /// between other words still read.
    #[test]
    fn a_day_counted_within_a_period_is_refused() {
        let read = |text: &str| read_in(text, "America/New_York", DateOrder::MonthDay);
        for text in [
            "last day of February",
            "the last day of february 2024",
            "first day of next month",
            "2nd day of March",
            "first Friday of March",
            "the last Monday of May",
            "last month of 2024",
        ] {
            let error = read(text).unwrap_err().to_string();
            assert!(error.contains("a day counted within a month or a year"), "{text}: {error}");
        }
        for (text, date) in [
            ("the first of March", "2026-03-01T00:00:00"),
            ("fifth of March", "2026-03-05T00:00:00"),
            ("25 of September of 2003", "2003-09-25T00:00:00"),
            // A weekday of a week named with it (Monday first).
            ("Monday of this week", "2026-11-23T00:00:00"),
        ] {
            let read = read(text).unwrap_or_else(|error| panic!("{text}: {error}"));
            assert!(read.read_as.starts_with(date), "{text}: {}", read.read_as);
        }
    }

    /// Months and years added to a late day land on the month's last day,
    /// and the reader is told (GNU `date` rolls over into the next month).
    #[test]
    fn months_added_to_a_late_day_land_on_the_last_day_with_a_warning() {
        let read = |text: &str| read_in(text, "America/New_York", DateOrder::MonthDay).unwrap();
        for (text, date, warning) in [
            ("Jan 31 2023 + 1 month", "2023-02-28", "2023-01-31 plus 1 month has no day 31 in February 2023"),
            ("2024-01-31 +1 month", "2024-02-29", "2024-01-31 plus 1 month has no day 31 in February 2024"),
            ("2024-02-29 + 1 year", "2025-02-28", "2024-02-29 plus 1 year has no day 29 in February 2025"),
            ("March 31 2023 1 month ago", "2023-02-28", "2023-03-31 minus 1 month has no day 31 in February 2023"),
            ("2023-05-31 + 1 year 1 month", "2024-06-30", "2023-05-31 plus 1 year and 1 month has no day 31"),
        ] {
            let read = read(text);
            assert!(read.read_as.starts_with(date), "{text}: {}", read.read_as);
            assert!(read.warnings.iter().any(|w| w.starts_with(warning)), "{text}: {:?}", read.warnings);
        }
        for text in ["Jan 15 2023 + 1 month", "2024-02-29 + 4 years", "Jan 31 2023 + 2 months"] {
            assert!(read(text).warnings.is_empty(), "{text}: {:?}", read(text).warnings);
        }
    }

    /// Relative items alone count from now itself, whatever zone the text
    /// names: the zone moves no wall clock (as GNU `date` and chrono read
    /// `in 1 hour GMT`).
    #[test]
    fn relative_items_with_a_zone_count_from_now() {
        for zone in ["America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC"] {
            for (text, seconds) in [
                ("in 1 hour GMT", 3600),
                ("2 hours ago EST", -7200),
                ("in 90 minutes UTC+05:30", 5400),
                ("in 3 days Europe/Paris", 3 * 86400),
            ] {
                let human = read_in(text, zone, DateOrder::MonthDay).unwrap();
                let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
                assert_eq!(human.instant.duration_since(now).as_secs(), seconds, "{text} in {zone}");
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
            // Hours and minutes without their colon before the half of the
            // day; the half's first letter alone, touching the minutes.
            ("1230pm", "2026-11-23T17:30:00Z"),
            ("930 am", "2026-11-23T14:30:00Z"),
            ("5:16p", "2026-11-23T22:16:00Z"),
            ("5h16a", "2026-11-23T10:16:00Z"),
            ("25/03/2019", "2019-03-25T04:00:00Z"),
            // People's relative phrases.
            ("15 minutes from now", "2026-11-23T18:59:03.5Z"),
            ("3 days later", "2026-11-26T18:44:03.5Z"),
            ("2 days after next friday", "2026-11-29T05:00:00Z"),
            ("a week after tomorrow", "2026-12-01T18:44:03.5Z"),
            ("half an hour ago", "2026-11-23T18:14:03.5Z"),
            ("half hour ago", "2026-11-23T18:14:03.5Z"),
            ("a half hour ago", "2026-11-23T18:14:03.5Z"),
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
    /// `text` read in the language `tag`, in UTC, at 2026-11-23T18:44:03.5Z
    /// (a Monday): the instant, or the error's message.
    fn read_in_language(text: &str, tag: &str) -> Result<String, String> {
        reading_in_language(text, tag).map(|reading| reading.instant.to_string()).map_err(|error| error.to_string())
    }

    /// `text` read in `tag` at Monday 2026-11-23T18:44:03.5Z, in UTC.
    fn reading_in_language(text: &str, tag: &str) -> Result<crate::input::Reading, TimeError> {
        let zone = Zone::utc();
        let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
        let language = crate::locale::Localizer::get(tag).unwrap();
        let options =
            crate::input::ReadOptions { language: &language, ..crate::input::ReadOptions::defaults(&zone, now) };
        crate::input::read(crate::input::Input::Text(text), &options)
    }

    /// `text`, read in `tag` at `read_in_language`'s now, is a range that
    /// starts at `start` and whose warning says it ends at `end`.
    fn assert_range_in_language(text: &str, tag: &str, start: &str, end: &str) {
        assert_eq!(read_in_language(text, tag).as_deref(), Ok(start), "{text}");
        let warnings = warnings_in_language(text, tag);
        assert!(warnings.iter().any(|warning| warning.ends_with(&format!("it ends at {end}"))), "{text}: {warnings:?}");
    }

    /// The warnings of reading `text` in `tag` at `read_in_language`'s now.
    fn warnings_in_language(text: &str, tag: &str) -> Vec<String> {
        reading_in_language(text, tag).unwrap().human.map(|human| human.warnings.clone()).unwrap_or_default()
    }

    /// Each (text, language, instant) reads to its instant.
    fn assert_reads_in_language(cases: &[(&str, &str, &str)]) {
        for &(text, tag, expected) in cases {
            assert_eq!(read_in_language(text, tag).as_deref(), Ok(expected), "{text} ({tag})");
        }
    }

    /// A weekday with its direction as CLDR writes it, where the language
    /// has no other use for its words (a Russian adjective that agrees with
    /// the day, a weekday in another case), read as English's `last`,
    /// `this` or `next` before the day; also without the preposition.
    /// (Monday 2026-11-23: last Thursday is the 19th, last Monday the 16th.)
    #[test]
    fn weekdays_with_their_direction_read_as_cldr_writes_them() {
        assert_reads_in_language(&[
            ("в прошлый четверг", "ru", "2026-11-19T00:00:00Z"),
            ("прошлый четверг", "ru", "2026-11-19T00:00:00Z"),
            ("в прошлую пятницу", "ru", "2026-11-20T00:00:00Z"),
            ("в следующую среду", "ru", "2026-11-25T00:00:00Z"),
            ("минулого четверга", "uk", "2026-11-19T00:00:00Z"),
            ("w zeszłą środę", "pl", "2026-11-18T00:00:00Z"),
            ("minulou středu", "cs", "2026-11-18T00:00:00Z"),
            ("lunea trecută", "ro", "2026-11-16T00:00:00Z"),
            ("praėjusį penktadienį", "lt", "2026-11-20T00:00:00Z"),
            ("พฤหัสที่แล้ว", "th", "2026-11-19T00:00:00Z"),
            ("prošla srijeda", "hr", "2026-11-18T00:00:00Z"),
            // Vietnamese's "later" and "past" after the weekday.
            ("thứ hai tới", "vi", "2026-11-30T00:00:00Z"),
            ("thứ tư qua", "vi", "2026-11-18T00:00:00Z"),
        ]);
        // A count in words before a period's name counts its unit:
        // `hai tuần trước` is two weeks ago, not last week.
        assert_eq!(read_in_language("hai tuần trước", "vi").as_deref(), Ok("2026-11-09T18:44:03.5Z"));
    }

    /// The days of a month as CLDR's rules spell their ordinals out, and
    /// numbers they build of others as one word, in each language.
    #[test]
    fn days_and_counts_spelled_out_as_cldrs_rules_write_them() {
        assert_reads_in_language(&[
            ("am fünften März", "de", "2026-03-05T00:00:00Z"),
            ("einunddreißigster Dezember 2025", "de", "2025-12-31T00:00:00Z"),
            ("vierentwintigste mei", "nl", "2026-05-24T00:00:00Z"),
            ("двадцать пятое мая 2020 года", "ru", "2020-05-25T00:00:00Z"),
            ("двадцать пятого мая", "ru", "2026-05-25T00:00:00Z"),
            ("primo maggio", "it", "2026-05-01T00:00:00Z"),
            ("le vingt-et-unième juin", "fr", "2026-06-21T00:00:00Z"),
            ("vor einundzwanzig Tagen", "de", "2026-11-02T18:44:03.5Z"),
            ("over vijfentwintig minuten", "nl", "2026-11-23T19:09:03.5Z"),
            ("om tjugofem minuter", "sv", "2026-11-23T19:09:03.5Z"),
        ]);
        // A word the language already has keeps its meaning: Italian's
        // `secondo` (second) is also the unit, Vietnamese `thứ ba` Tuesday.
        assert_eq!(read_in_language("thứ ba", "vi").as_deref(), Ok("2026-11-24T00:00:00Z"));
    }

    #[test]
    fn words_cldr_does_not_write_read_as_englishs() {
        assert_reads_in_language(&[
            // "within", "later", "earlier" around a count; "and" from CLDR's lists.
            ("binnen 5 minuten", "nl", "2026-11-23T18:49:03.5Z"),
            ("en 5 minutos", "es", "2026-11-23T18:49:03.5Z"),
            ("entro 2 ore", "it", "2026-11-23T20:44:03.5Z"),
            ("5 minuti dopo", "it", "2026-11-23T18:49:03.5Z"),
            ("5 minutos después", "es", "2026-11-23T18:49:03.5Z"),
            ("15 minuten eerder", "nl", "2026-11-23T18:29:03.5Z"),
            ("5 päivää sisällä", "fi", "2026-11-28T18:44:03.5Z"),
            ("5 giorni e 12 ore fa", "it", "2026-11-18T06:44:03.5Z"),
            ("5日之内", "zh", "2026-11-28T18:44:03.5Z"),
            // Counts said without a number; next and last before a count.
            ("dans quelques mois", "fr", "2027-02-23T18:44:03.5Z"),
            ("cet après-midi", "fr", "2026-11-23T15:00:00Z"),
            ("i morgon klockan 10", "sv", "2026-11-24T10:00:00Z"),
            ("klokken 8 om aftenen", "da", "2026-11-23T20:00:00Z"),
            ("klokka 8", "no", "2026-11-23T08:00:00Z"),
            ("huomenna kello 10", "fi", "2026-11-24T10:00:00Z"),
            ("через пару минут", "ru", "2026-11-23T18:46:03.5Z"),
            ("komende 2 weken", "nl", "2026-12-07T18:44:03.5Z"),
            ("минулі 2 тижні", "uk", "2026-11-09T18:44:03.5Z"),
            // A part of the day in one word, alone or after a day.
            ("stasera alle 8", "it", "2026-11-23T20:00:00Z"),
            ("vanavond", "nl", "2026-11-23T20:00:00Z"),
            ("завтра утром", "ru", "2026-11-24T06:00:00Z"),
            ("вчора ввечері", "uk", "2026-11-22T20:00:00Z"),
            ("今晚10点", "zh", "2026-11-23T22:00:00Z"),
            ("6:00 in de namiddag", "nl", "2026-11-23T18:00:00Z"),
            // A day and its part with the words between (the day alone had
            // been read, the part left out with a warning).
            ("ontem à noite", "pt", "2026-11-22T20:00:00Z"),
            ("ayer por la noche", "es", "2026-11-22T22:00:00Z"),
            ("mañana por la tarde", "es", "2026-11-24T15:00:00Z"),
            // Half: before a unit, after a unit and the language's "and",
            // and after an hour and "and" (half past it).
            ("a las 3 y media", "es", "2026-11-23T03:30:00Z"),
            ("las 3 y media de la tarde", "es", "2026-11-23T15:30:00Z"),
            ("à 3 heures et demie", "fr", "2026-11-23T03:30:00Z"),
            ("alle 3 e mezza", "it", "2026-11-23T03:30:00Z"),
            ("dentro de media hora", "es", "2026-11-23T19:14:03.5Z"),
            ("dans une heure et demie", "fr", "2026-11-23T20:14:03.5Z"),
            ("in einer halben Stunde", "de", "2026-11-23T19:14:03.5Z"),
            ("fra mezz'ora", "it", "2026-11-23T19:14:03.5Z"),
            ("il y a une demi-heure", "fr", "2026-11-23T18:14:03.5Z"),
            ("daqui a meia hora", "pt", "2026-11-23T19:14:03.5Z"),
            ("uma hora e meia atrás", "pt", "2026-11-23T17:14:03.5Z"),
            ("za pół godziny", "pl", "2026-11-23T19:14:03.5Z"),
            ("yarım saat sonra", "tr", "2026-11-23T19:14:03.5Z"),
            // Chinese, Japanese and Korean: the half after the unit or before
            // it, with the measure word (`1个半小时后` had been 01:30 silently).
            ("1시간 반 후", "ko", "2026-11-23T20:14:03.5Z"),
            ("一个半小时后", "zh", "2026-11-23T20:14:03.5Z"),
            ("1个半小时后", "zh", "2026-11-23T20:14:03.5Z"),
            ("两个半小时前", "zh", "2026-11-23T16:14:03.5Z"),
            ("1个小时后", "zh", "2026-11-23T19:44:03.5Z"),
            // At night, 6 to 11 are the evening's wherever CLDR's night
            // starts (German's starts after midnight: it had been 08:00).
            ("um 8 Uhr in der Nacht", "de", "2026-11-23T20:00:00Z"),
            // After an hour and its word, a word that is also the part of the
            // day is that part (`дня`, of days; it had been a day later, at 03:00).
            ("в 3 часа дня", "ru", "2026-11-23T15:00:00Z"),
            ("3 часа дня", "ru", "2026-11-23T15:00:00Z"),
            ("2 дня назад", "ru", "2026-11-21T18:44:03.5Z"),
            ("о 3 годині дня", "uk", "2026-11-23T15:00:00Z"),
            // After "at", the clock's hour even inside a run of relative items
            // (they had been ten hours more, without a warning); a count of
            // hours without "at" stays one.
            ("dans 3 jours à 10h", "fr", "2026-11-26T10:00:00Z"),
            ("dans 3 jours à 10 heures", "fr", "2026-11-26T10:00:00Z"),
            ("через 3 дня в 10 часов", "ru", "2026-11-26T10:00:00Z"),
            ("dans 2h", "fr", "2026-11-23T20:44:03.5Z"),
            // At night, 12 (and midnight) is the midnight that ends the
            // night's day: `tonight at 12` had been noon, `midnight tonight`
            // refused (an hour 0 with pm).
            ("tonight at 12", "en", "2026-11-24T00:00:00Z"),
            ("midnight tonight", "en", "2026-11-24T00:00:00Z"),
            ("heute Nacht um 12", "de", "2026-11-24T00:00:00Z"),
            // Twelve and the clock's word say one time (they were refused as
            // a time given twice).
            ("12 noon", "en", "2026-11-23T12:00:00Z"),
            ("tomorrow 12:00 noon", "en", "2026-11-24T12:00:00Z"),
            ("12 midnight", "en", "2026-11-23T00:00:00Z"),
            ("a las 12 del mediodía", "es", "2026-11-23T12:00:00Z"),
            // "Next" after the period (it was refused: an unknown `que`).
            ("la semana que viene", "es", "2026-11-30T18:44:03.5Z"),
            ("el año que viene", "es", "2027-11-23T18:44:03.5Z"),
            ("mês que vem", "pt", "2026-12-23T18:44:03.5Z"),
            // German's `früh` after a day; Dutch's `gister` with its part.
            ("übermorgen früh", "de", "2026-11-25T06:00:00Z"),
            // German's "following" and "preceding" before a count; Austria's January.
            ("in den folgenden 90 Sekunden", "de", "2026-11-23T18:45:33.5Z"),
            ("vorangegangenen 30 Tagen", "de", "2026-10-24T18:44:03.5Z"),
            ("10. Jänner 2012", "de", "2012-01-10T00:00:00Z"),
            // Formal Japanese's "this year"; Finnish's "in the daytime".
            ("本年7月27日", "ja", "2026-07-27T00:00:00Z"),
            ("huomenna päivällä", "fi", "2026-11-24T12:00:00Z"),
            // Ukrainian's days in words, which CLDR has no rules to spell.
            ("п'яте травня", "uk", "2026-05-05T00:00:00Z"),
            ("двадцять п'яте травня", "uk", "2026-05-25T00:00:00Z"),
            ("першого вересня 2024", "uk", "2024-09-01T00:00:00Z"),
            ("gisteravond om 9", "nl", "2026-11-22T21:00:00Z"),
            // Weekdays in the case "on" takes; "at" as people write it.
            ("в среду утром", "ru", "2026-11-25T06:00:00Z"),
            ("в пятницу в 10:00", "ru", "2026-11-27T10:00:00Z"),
            ("об 11 ранку", "uk", "2026-11-23T11:00:00Z"),
            ("в 12.30", "uk", "2026-11-23T12:30:00Z"),
            ("jutro o 15:00", "pl", "2026-11-24T15:00:00Z"),
            // Chinese units alone, the measure word, and the week by `礼拜`.
            ("1小时之前", "zh", "2026-11-23T17:44:03.5Z"),
            ("两个礼拜内", "zh", "2026-12-07T18:44:03.5Z"),
            ("二零一八年十一月廿六日下午三時半", "zh-Hant", "2018-11-26T15:30:00Z"),
            ("十二月卅一日", "zh", "2026-12-31T00:00:00Z"),
            ("2星期前", "zh", "2026-11-09T18:44:03.5Z"),
            ("礼拜四", "zh", "2026-11-26T00:00:00Z"),
            ("上个礼拜三", "zh", "2026-11-18T00:00:00Z"),
            ("下周日", "zh", "2026-12-06T00:00:00Z"),
            ("大后天晚上9点30分", "zh", "2026-11-26T21:30:00Z"),
            // A unit and "within" in one word, where `年` and `日` alone
            // end a date's year and day; Cantonese's hour, a day further.
            ("三天内", "zh", "2026-11-26T18:44:03.5Z"),
            ("一年内", "zh", "2027-11-23T18:44:03.5Z"),
            ("五日內", "zh-Hant", "2026-11-28T18:44:03.5Z"),
            ("一個鐘之內", "zh-Hant", "2026-11-23T19:44:03.5Z"),
            ("大後日下晝5點", "zh-Hant", "2026-11-26T17:00:00Z"),
            ("een half uur geleden", "nl", "2026-11-23T18:14:03.5Z"),
            // A day and a part of it in one word; days further than CLDR's.
            ("昨晚8点", "zh", "2026-11-22T20:00:00Z"),
            ("明早6点", "zh", "2026-11-24T06:00:00Z"),
            ("聽晚10點", "zh-Hant", "2026-11-24T22:00:00Z"),
            ("прошлым вечером", "ru", "2026-11-22T20:00:00Z"),
            ("минулого вечора", "uk", "2026-11-22T20:00:00Z"),
            ("послепослезавтра", "ru", "2026-11-26T18:44:03.5Z"),
            ("förrgår", "sv", "2026-11-21T18:44:03.5Z"),
            ("明日", "zh", "2026-11-24T18:44:03.5Z"),
            // Half a unit in one word; French's next and last in the plural,
            // between the count and its unit or after the unit.
            ("полчаса назад", "ru", "2026-11-23T18:14:03.5Z"),
            ("через півгодини", "uk", "2026-11-23T19:14:03.5Z"),
            ("полгода назад", "ru", "2026-05-23T18:44:03.5Z"),
            ("les 2 prochaines semaines", "fr", "2026-12-07T18:44:03.5Z"),
            ("les trois prochaines semaines", "fr", "2026-12-14T18:44:03.5Z"),
            ("les 30 jours précédents", "fr", "2026-10-24T18:44:03.5Z"),
            // Articles, "at", "before" and "after" (`morgen voor 16:00`: that
            // time), units and months as people abbreviate them, dawn.
            ("Sonntag, den 7. Dezember 2014", "de", "2014-12-07T00:00:00Z"),
            ("a mezzanotte il 12 agosto", "it", "2026-08-12T00:00:00Z"),
            ("morgen voor 16:00", "nl", "2026-11-24T16:00:00Z"),
            ("15 minuten voor", "nl", "2026-11-23T18:29:03.5Z"),
            ("1u geleden", "nl", "2026-11-23T17:44:03.5Z"),
            ("idag vid midnatt", "sv", "2026-11-23T00:00:00Z"),
            ("сен 2012", "ru", "2012-09-01T00:00:00Z"),
            ("сен. 2012", "ru", "2012-09-01T00:00:00Z"),
            ("верес. 2012", "uk", "2012-09-01T00:00:00Z"),
            // A name CLDR abbreviates without a dot, with one.
            ("23 MRT. 2022", "nl", "2022-03-23T00:00:00Z"),
            ("do. 26 nov.", "nl", "2026-11-26T00:00:00Z"),
            ("03 сер 96", "uk", "1996-08-03T00:00:00Z"),
            ("la medianoche", "es", "2026-11-23T00:00:00Z"),
            ("dans une année", "fr", "2027-11-23T18:44:03.5Z"),
            ("il y a 2 années", "fr", "2024-11-23T18:44:03.5Z"),
            ("sáng sớm", "vi", "2026-11-23T06:00:00Z"),
            ("la veille", "fr", "2026-11-22T18:44:03.5Z"),
            ("в минулий четвер", "uk", "2026-11-19T00:00:00Z"),
            ("paar dagen geleden", "nl", "2026-11-21T18:44:03.5Z"),
            // An article after "within"; "the previous" before a weekday.
            ("binnen de 5 minuten", "nl", "2026-11-23T18:49:03.5Z"),
            ("前の水曜日", "ja", "2026-11-18T00:00:00Z"),
            // Another language's "in" after the count is "later".
            ("2 tuần sau", "vi", "2026-12-07T18:44:03.5Z"),
            // Vietnamese's weekdays by their numbers; `tháng` after a count
            // in a relative run is months (before a number, the month's).
            ("thứ 2", "vi", "2026-11-23T00:00:00Z"),
            ("T7", "vi", "2026-11-28T00:00:00Z"),
            ("trong vòng 3 tháng", "vi", "2027-02-23T18:44:03.5Z"),
            ("một tháng qua", "vi", "2026-10-23T18:44:03.5Z"),
            ("ngày 30 tháng 4 năm 1975", "vi", "1975-04-30T00:00:00Z"),
            // Units as people abbreviate them, glued to the count.
            ("+15мин", "ru", "2026-11-23T18:59:03.5Z"),
            ("+15хв", "uk", "2026-11-23T18:59:03.5Z"),
            ("-2tim5min", "sv", "2026-11-23T16:39:03.5Z"),
            ("-3jr", "nl", "2023-11-23T18:44:03.5Z"),
            // Months in the case "in" takes; ordinal endings.
            ("в сентябре 2012", "ru", "2012-09-01T00:00:00Z"),
            ("у вересні 2012", "uk", "2012-09-01T00:00:00Z"),
            ("1er août 2012", "fr", "2012-08-01T00:00:00Z"),
            ("31ste maart 2016", "nl", "2016-03-31T00:00:00Z"),
            ("24го октября, 9:00", "ru", "2026-10-24T09:00:00Z"),
            // Days in kana, and in Cantonese.
            ("あした", "ja", "2026-11-24T18:44:03.5Z"),
            ("聽日", "zh-Hant", "2026-11-24T18:44:03.5Z"),
        ]);
        // Quarters, from CLDR's relative times as weeks are.
        for (text, tag, english) in [
            ("letztes Quartal", "de", "last quarter"),
            ("le dernier trimestre", "fr", "last quarter"),
            ("в следующем квартале", "ru", "next quarter"),
            ("kommende Woche", "de", "next week"),
            ("на минулому тижні", "uk", "last week"),
            ("в наступному кварталі", "uk", "next quarter"),
            ("l'anno prossimo", "it", "next year"),
            ("komend uur", "nl", "next hour"),
        ] {
            assert_eq!(read_in_language(text, tag), read_in_language(english, "en"), "{text} ({tag})");
        }
        // `een` read, not left out with a warning.
        assert!(warnings_in_language("een half uur geleden", "nl").is_empty());
        // Each language's own: Spanish's `entro` is "I enter".
        assert!(read_in_language("entro 5 minutos", "es").is_err());
        // German's `halb 3` is half an hour before 3 (2:30), and `medio día`
        // as often noon mistyped as half a day: neither is read.
        assert!(read_in_language("halb 3", "de").is_err());
        assert!(read_in_language("medio día", "es").is_err());
        // Four digits before `年` and a direction may be the year itself
        // (`2024年后`, after 2024): read as years, with that said.
        assert_eq!(read_in_language("2024年后", "zh").as_deref(), Ok("4050-11-23T18:44:03.5Z"));
        let warnings = warnings_in_language("2024年后", "zh");
        assert!(warnings.iter().any(|warning| warning.contains("if 2024 is the year itself")), "{warnings:?}");
        assert!(warnings_in_language("100年前", "zh").is_empty());
    }

    #[test]
    fn ranges_written_with_a_languages_words_read_as_their_start() {
        for (text, tag, start, end) in [
            ("von 9 bis 17 Uhr", "de", "2026-11-23T09:00:00Z", "2026-11-23T17:00:00 in UTC"),
            ("lundi de 9h à 17h", "fr", "2026-11-23T09:00:00Z", "2026-11-23T17:00:00 in UTC"),
            ("Du 24 août 2023 au 26 août 2023", "fr", "2023-08-24T00:00:00Z", "2023-08-26T00:00:00 in UTC"),
            ("de 6:30pm a 11:00pm", "es", "2026-11-23T18:30:00Z", "2026-11-23T23:00:00 in UTC"),
            ("dalle 10 alle 12", "it", "2026-11-23T10:00:00Z", "2026-11-23T12:00:00 in UTC"),
            ("с 10 до 11 утра", "ru", "2026-11-23T10:00:00Z", "2026-11-23T11:00:00 in UTC"),
            ("з 10 до 11 ранку", "uk", "2026-11-23T10:00:00Z", "2026-11-23T11:00:00 in UTC"),
            ("с 10 по 22 августа", "ru", "2026-08-10T00:00:00Z", "2026-08-22T00:00:00 in UTC"),
            ("із 10 по 22 серпня 2012", "uk", "2012-08-10T00:00:00Z", "2012-08-22T00:00:00 in UTC"),
            (
                "từ ngày 5 tháng 8 đến ngày 10 tháng 8 năm 2012",
                "vi",
                "2012-08-05T00:00:00Z",
                "2012-08-10T00:00:00 in UTC",
            ),
            // Without the opening word: two days and the month's name after.
            ("10 a 22 Agosto 2012", "es", "2012-08-10T00:00:00Z", "2012-08-22T00:00:00 in UTC"),
            ("10 au 22 août 2012", "fr", "2012-08-10T00:00:00Z", "2012-08-22T00:00:00 in UTC"),
            // (It had been 10:00 on August 22: `à` is also "at".)
            ("10 à 22 août 2012", "fr", "2012-08-10T00:00:00Z", "2012-08-22T00:00:00 in UTC"),
            // With the language's word before the month (it had been refused).
            ("10 al 22 de agosto de 2012", "es", "2012-08-10T00:00:00Z", "2012-08-22T00:00:00 in UTC"),
            // Two weekdays a dash joins, without spaces (it had been refused:
            // a weekday given twice).
            ("lunedì-venerdì", "it", "2026-11-23T00:00:00Z", "2026-11-27T00:00:00 in UTC"),
            ("monday-friday", "en", "2026-11-23T00:00:00Z", "2026-11-27T00:00:00 in UTC"),
            // Two days counted from today (GNU reads tomorrow: the days added).
            ("today-tomorrow", "en", "2026-11-23T18:44:03.5Z", "2026-11-24T18:44:03.5 in UTC"),
            ("сегодня-завтра", "ru", "2026-11-23T18:44:03.5Z", "2026-11-24T18:44:03.5 in UTC"),
            // A Latin am or pm after a time written with marks, and the end
            // without one on the start's half of the day (they had been refused).
            ("1点pm到3点", "zh", "2026-11-23T13:00:00Z", "2026-11-23T15:00:00 in UTC"),
            ("3点 - 5点PM", "zh", "2026-11-23T15:00:00Z", "2026-11-23T17:00:00 in UTC"),
            ("1時20分P.M.から3時", "ja", "2026-11-23T13:20:00Z", "2026-11-23T15:00:00 in UTC"),
            ("6時30分PM-11時PM", "ja", "2026-11-23T18:30:00Z", "2026-11-23T23:00:00 in UTC"),
            // Sides whose numbers are words, without spaces.
            ("今早八点至下午11点", "zh", "2026-11-23T08:00:00Z", "2026-11-23T23:00:00 in UTC"),
            // After a time, an end written with a dot (it had been refused).
            ("8:10 - 12.32", "de", "2026-11-23T08:10:00Z", "2026-11-23T12:32:00 in UTC"),
            ("18:10 - 22.32", "pt", "2026-11-23T18:10:00Z", "2026-11-23T22:32:00 in UTC"),
            // The closing words that are no other word of dates, without
            // the opening one.
            ("marzo hasta mayo de 1975", "es", "1975-03-01T00:00:00Z", "1975-05-01T00:00:00 in UTC"),
            ("março até maio de 1975", "pt", "1975-03-01T00:00:00Z", "1975-05-01T00:00:00 in UTC"),
            ("tháng 3 đến tháng 5 năm 1975", "vi", "1975-03-01T00:00:00Z", "1975-05-01T00:00:00 in UTC"),
            ("tháng 3 tới tháng 5 năm 1975", "vi", "1975-03-01T00:00:00Z", "1975-05-01T00:00:00 in UTC"),
        ] {
            assert_range_in_language(text, tag, start, end);
        }
        // The closing word alone is no range: Italian's `a` is also "at"
        // (`a mezzogiorno`, at noon).
        assert_eq!(read_in_language("domani a mezzogiorno", "it").as_deref(), Ok("2026-11-24T12:00:00Z"));
        // Vietnamese `tới` after a weekday with nothing after it: "next".
        assert_eq!(read_in_language("thứ hai tới", "vi").as_deref(), Ok("2026-11-30T00:00:00Z"));
        // Hours counted on a side are refused: its sides alone would read
        // ten and twelve hours from now, not 10:00 to 12:00.
        assert!(read_in_language("с 10 до 12 часов", "ru").is_err());
        assert!(read_in_language("van 9 tot 17 uur", "nl").is_err());
        // A dotted end after no time is no time: a price, a version.
        assert!(read_in_language("8 - 12.32", "de").is_err());
        assert!(read_in_language("8:10 - 12.5", "de").is_err());
    }

    #[test]
    fn a_weekday_beside_a_date_is_checked_in_every_language_and_in_parentheses() {
        // 2012-11-27 is a Tuesday: another weekday beside it is told, whether
        // written after a Japanese date's day, or in parentheses (a comment,
        // as GNU reads them, whose weekday is checked all the same).
        for (text, tag) in [
            ("2012年11月27日木曜日", "ja"),
            ("2012年11月27日 木曜日", "ja"),
            ("2012年11月27日(木)", "ja"),
            ("2012年11月27日（木）", "ja"),
            ("2012年11月27日(木曜日)", "ja"),
            ("2012년 11월 27일 (목)", "ko"),
            ("2012年11月27日(周四)", "zh"),
            ("Nov 27 2012 (Thu)", "en"),
            ("27 nov 2012 (jue)", "es"),
        ] {
            assert_eq!(read_in_language(text, tag).as_deref(), Ok("2012-11-27T00:00:00Z"), "{text}");
            let warnings = warnings_in_language(text, tag);
            assert!(warnings.iter().any(|w| w.contains("is a Tuesday, not a Thursday")), "{text}: {warnings:?}");
        }
        // The right weekday, or a comment that is no weekday: nothing to tell.
        for (text, tag) in [
            ("2012年11月27日(火)", "ja"),
            ("2012年11月27日火曜日", "ja"),
            ("27 nov 2012 (mar)", "es"),
            ("Nov 27 2012 (Tue)", "en"),
            ("Nov 27 2012 10:00 (see below)", "en"),
        ] {
            assert!(read_in_language(text, tag).is_ok(), "{text}");
            assert_eq!(warnings_in_language(text, tag), Vec::<String>::new(), "{text}");
        }
        // A weekday in parentheses with no date stays a comment: no date.
        assert!(read_in_language("(木)", "ja").is_err());
    }

    #[test]
    fn other_languages_read_what_they_mean() {
        let read = read_in_language;
        assert_eq!(read("11 июля 2016 года", "ru").unwrap(), "2016-07-11T00:00:00Z");
        // The word for "hour" before a clock time says "at" (Turkish `saat`,
        // Indonesian `jam`); GNU's English `hour 10:00` is an hour later.
        assert_eq!(read("saat 10:00", "tr").unwrap(), "2026-11-23T10:00:00Z");
        assert_eq!(read("yarın saat 10:00", "tr").unwrap(), "2026-11-24T10:00:00Z");
        assert_eq!(read("besok jam 10:00", "id").unwrap(), "2026-11-24T10:00:00Z");
        assert_eq!(read("3 saat önce", "tr").unwrap(), "2026-11-23T15:44:03.5Z");
        assert_eq!(read("hour 10:00", "en").unwrap(), "2026-11-23T11:00:00Z");
        // So it does before an hour alone (`saat 15`, 15:00, not 16:00), and
        // a case Turkish writes onto a time or an hour is no part of it
        // (`15:00'te`, at 15:00).
        assert_eq!(read("saat 15", "tr").unwrap(), "2026-11-23T15:00:00Z");
        assert_eq!(read("jam 10 malam", "id").unwrap(), "2026-11-23T22:00:00Z");
        assert_eq!(read("yarın saat 15:00'te", "tr").unwrap(), "2026-11-24T15:00:00Z");
        assert_eq!(read("yarın saat 15'te", "tr").unwrap(), "2026-11-24T15:00:00Z");
        // Hungarian writes its case onto a time after a hyphen (`15:00-kor`);
        // onto a number alone it says more (a year, a day): refused.
        assert_eq!(read("holnap 15:00-kor", "hu").unwrap(), "2026-11-24T15:00:00Z");
        assert!(read("2024-ben", "hu").is_err());
        assert!(read("2024'te", "tr").is_err());
        assert_eq!(read("hour 10", "en").unwrap(), "2026-11-23T11:00:00Z");
        // A dotted time before an English part of the day is a time.
        assert_eq!(read("8.00 tonight", "en").unwrap(), "2026-11-23T20:00:00Z");
        // A month's stand-alone name (the nominative), as a month alone is named.
        assert_eq!(read("10 Сентябрь 2015 10:20", "ru").unwrap(), "2015-09-10T10:20:00Z");
        assert_eq!(read("wrzesień 2015", "pl").unwrap(), "2015-09-01T00:00:00Z");
        assert_eq!(read("hace 5 hora 2 minuto 3 segundo", "es").unwrap(), "2026-11-23T13:42:00.5Z");
        assert_eq!(read("vor 3 Tagen 2 Stunden", "de").unwrap(), "2026-11-20T16:44:03.5Z");
        // Weeks, which the relative times learned from did not hold.
        assert_eq!(read("in 2 Wochen", "de").unwrap(), "2026-12-07T18:44:03.5Z");
        assert_eq!(read("через 2 недели", "ru").unwrap(), "2026-12-07T18:44:03.5Z");
        assert_eq!(read("il y a 3 semaines", "fr").unwrap(), "2026-11-02T18:44:03.5Z");
        assert_eq!(read("2週間後", "ja").unwrap(), "2026-12-07T18:44:03.5Z");
        // Ranges in the languages' own words: their start; the end counts from it.
        assert_eq!(read("Montag bis Freitag", "de").unwrap(), "2026-11-23T00:00:00Z");
        assert_eq!(read("10 августа до 22 августа 2012", "ru").unwrap(), "2012-08-10T00:00:00Z");
        assert_eq!(read("2023年11月14日〜11月16日", "ja").unwrap(), "2023-11-14T00:00:00Z");
        assert_eq!(read("maandag tot vrijdag", "nl").unwrap(), "2026-11-23T00:00:00Z");
    }

    #[test]
    fn a_day_then_the_languages_word_for_at_then_a_time() {
        // `read_in_language`'s now is a Monday.
        let read = read_in_language;
        // The word of CLDR's "date at time" alone, without the word beside it
        // there (`alle ore`, `г. в`), and without its dot (`kl.`).
        for (text, tag) in [
            ("martedì alle 10:00", "it"),
            ("martedì alle ore 10:00", "it"),
            ("вторник в 10:00", "ru"),
            ("вторник в 10:00", "bg"),
            ("tisdag kl. 10:00", "sv"),
            ("tisdag kl 10:00", "sv"),
            ("tirsdag kl 10.00", "da"),
            ("terça-feira às 10:00", "pt"),
            ("mardi à 10h", "fr"),
            ("Dienstag um 10:00", "de"),
        ] {
            assert_eq!(read(text, tag).as_deref(), Ok("2026-11-24T10:00:00Z"), "{text} ({tag})");
        }
        assert_eq!(read("domani alle 10", "it").as_deref(), Ok("2026-11-24T10:00:00Z"));
        assert_eq!(read("завтра в 10:00", "ru").as_deref(), Ok("2026-11-24T10:00:00Z"));
        // A Portuguese weekday without `-feira`, as people write it.
        assert_eq!(read("terça às 10:00", "pt").as_deref(), Ok("2026-11-24T10:00:00Z"));
        assert_eq!(read("sexta", "pt").as_deref(), Ok("2026-11-27T00:00:00Z"));
        // `ore` alone is still hours.
        assert_eq!(read("2 ore fa", "it").as_deref(), Ok("2026-11-23T16:44:03.5Z"));
    }

    #[test]
    fn an_hour_with_the_languages_word_for_hours_after_at_is_the_clocks() {
        // `read_in_language`'s now is Monday 2026-11-23 18:44:03.5 UTC.
        let read = read_in_language;
        for (text, tag, expected) in [
            // These were hours ahead of now, without a word.
            ("morgen om 17 uur", "nl", "2026-11-24T17:00:00Z"),
            ("à 17 heures", "fr", "2026-11-23T17:00:00Z"),
            ("в 5 часов", "ru", "2026-11-23T05:00:00Z"),
            ("lúc 7 giờ", "vi", "2026-11-23T07:00:00Z"),
            // The word CLDR writes after an hour alone (`HH 'Uhr'`, `HH 'h'`).
            ("um 14 Uhr", "de", "2026-11-23T14:00:00Z"),
            ("8 Uhr abends", "de", "2026-11-23T20:00:00Z"),
            ("heute Nacht um 20 Uhr", "de", "2026-11-23T20:00:00Z"),
            ("17 h", "fr", "2026-11-23T17:00:00Z"),
            ("12. Juli 2026 um 19:53 Uhr", "de", "2026-07-12T19:53:00Z"),
            // A count of hours stays one.
            ("over 2 uur", "nl", "2026-11-23T20:44:03.5Z"),
            ("il y a 2 h", "fr", "2026-11-23T16:44:03.5Z"),
            ("через 5 часов", "ru", "2026-11-23T23:44:03.5Z"),
            ("5 часов назад", "ru", "2026-11-23T13:44:03.5Z"),
            ("in 2 Stunden", "de", "2026-11-23T20:44:03.5Z"),
        ] {
            assert_eq!(read(text, tag).as_deref(), Ok(expected), "{text} ({tag})");
        }
    }

    #[test]
    fn the_period_or_weekday_before_or_after_in_other_languages() {
        // `read_in_language`'s now is Monday 2026-11-23 18:44:03.5 UTC.
        let read = read_in_language;
        for (text, tag, expected) in [
            ("mardi dernier", "fr", "2026-11-17T00:00:00Z"),
            // CLDR's apostrophe is typographic; people type ASCII's.
            ("l'année dernière", "fr", "2025-11-23T18:44:03.5Z"),
            ("l’année dernière", "fr", "2025-11-23T18:44:03.5Z"),
            ("aujourd'hui", "fr", "2026-11-23T18:44:03.5Z"),
            ("mardi prochain", "fr", "2026-11-24T00:00:00Z"),
            ("letzten Dienstag", "de", "2026-11-17T00:00:00Z"),
            ("nächsten Dienstag", "de", "2026-11-24T00:00:00Z"),
            ("el martes pasado", "es", "2026-11-17T00:00:00Z"),
            ("martedì scorso", "it", "2026-11-17T00:00:00Z"),
            ("la semaine dernière", "fr", "2026-11-16T18:44:03.5Z"),
            ("la semaine prochaine", "fr", "2026-11-30T18:44:03.5Z"),
            ("nächste Woche", "de", "2026-11-30T18:44:03.5Z"),
            ("el mes pasado", "es", "2026-10-23T18:44:03.5Z"),
            ("на следующей неделе", "ru", "2026-11-30T18:44:03.5Z"),
            ("в прошлом году", "ru", "2025-11-23T18:44:03.5Z"),
            ("förra veckan", "sv", "2026-11-16T18:44:03.5Z"),
        ] {
            assert_eq!(read(text, tag).as_deref(), Ok(expected), "{text} ({tag})");
        }
        // English stays GNU's: `last` and `next` before the weekday.
        assert_eq!(read("last tuesday", "en").as_deref(), Ok("2026-11-17T00:00:00Z"));
        assert_eq!(read("tuesday last week", "en").as_deref(), Ok("2026-11-17T00:00:00Z"));
    }

    #[test]
    fn a_zones_abbreviation_in_small_letters_is_prose_in_other_languages() {
        let read = read_in_language;
        // French's and German's "is", not Eastern or India Standard Time.
        assert_eq!(read("La deadline est demain 17:00", "fr").as_deref(), Ok("2026-11-24T17:00:00Z"));
        assert_eq!(read("Die Deadline ist morgen 17:00", "de").as_deref(), Ok("2026-11-24T17:00:00Z"));
        // In capitals, and `utc` in any case, it is the zone; in English, any case.
        assert_eq!(read("demain 17:00 EST", "fr").as_deref(), Ok("2026-11-24T22:00:00Z"));
        assert_eq!(read("demain 17:00 utc", "fr").as_deref(), Ok("2026-11-24T17:00:00Z"));
        assert_eq!(read("tomorrow 5pm est", "en").as_deref(), Ok("2026-11-24T22:00:00Z"));
        // So are the tz database's names without a `/`: `cet après-midi`
        // is this afternoon, in no zone CET.
        assert_eq!(read("cet après-midi", "fr").as_deref(), Ok("2026-11-23T15:00:00Z"));
        assert_eq!(read("10:00 CET", "fr").as_deref(), Ok("2026-11-23T09:00:00Z"));
        // German's `am` (on) after a number apart from it makes no time of
        // hours and minutes (`200 am Montag`, 200 on Monday); glued, it does.
        assert!(read("200 am Montag", "de").is_err());
        assert_eq!(read("930am", "de").as_deref(), Ok("2026-11-23T09:30:00Z"));
        // Before a day or a part of it, after a time, `am` is "on" or "in
        // the" (`um 8 am Abend` was 08:00, and `17:30 am Montag` refused:
        // no hour 17 before AM).
        assert_eq!(read("um 8 am Abend", "de").as_deref(), Ok("2026-11-23T20:00:00Z"));
        assert_eq!(read("10:30 am Abend", "de").as_deref(), Ok("2026-11-23T22:30:00Z"));
        assert_eq!(read("17:30 am Montag", "de").as_deref(), Ok("2026-11-23T17:30:00Z"));
        assert_eq!(read("17:30 am 14. Dezember", "de").as_deref(), Ok("2026-12-14T17:30:00Z"));
        assert_eq!(read("5 am Montag", "de").as_deref(), Ok("2026-11-23T05:00:00Z"));
        assert_eq!(read("10:00 cet", "en").as_deref(), Ok("2026-11-23T09:00:00Z"));
        assert_eq!(read("10:00 europe/paris", "fr").as_deref(), Ok("2026-11-23T09:00:00Z"));
    }

    #[test]
    fn parts_of_the_day_in_other_languages() {
        // `read_in_language`'s now is Monday 2026-11-23 18:44:03.5 UTC.
        let read = read_in_language;
        for (text, tag, expected) in [
            ("heute Abend", "de", "2026-11-23T20:00:00Z"),
            // Dutch's `'s avonds` (in the evening), as CLDR writes the name
            // with its apostrophe (it had been refused: unexpected `'`).
            ("om 8 uur 's avonds", "nl", "2026-11-23T20:00:00Z"),
            ("morgen ’s ochtends", "nl", "2026-11-24T06:00:00Z"),
            ("gestern Nachmittag", "de", "2026-11-22T15:00:00Z"),
            ("heute Morgen", "de", "2026-11-23T06:00:00Z"),
            ("morgen Morgen", "de", "2026-11-24T06:00:00Z"),
            ("ieri sera", "it", "2026-11-22T20:00:00Z"),
            ("domani mattina", "it", "2026-11-24T06:00:00Z"),
            ("alle 3 di notte", "it", "2026-11-23T03:00:00Z"),
            ("tänään illalla", "fi", "2026-11-23T20:00:00Z"),
            ("hier soir", "fr", "2026-11-22T20:00:00Z"),
            ("besok pagi", "id", "2026-11-24T06:00:00Z"),
            // The small hours, never tonight: alone, their start.
            ("后天凌晨", "zh", "2026-11-25T00:00:00Z"),
            ("凌晨", "zh", "2026-11-23T00:00:00Z"),
            ("凌晨3点", "zh", "2026-11-23T03:00:00Z"),
            ("amanhã de madrugada", "pt", "2026-11-24T00:00:00Z"),
            ("às 3 da madrugada", "pt", "2026-11-23T03:00:00Z"),
            // A half of the day written before a time, with none: the part
            // of the day CLDR names so (they were refused, or the day read
            // alone with a warning: `明天下午`, tomorrow at this time).
            ("明天下午", "zh", "2026-11-24T15:00:00Z"),
            ("明天上午", "zh", "2026-11-24T10:00:00Z"),
            ("明天下午3点", "zh", "2026-11-24T15:00:00Z"),
            ("下午三点半", "zh", "2026-11-23T15:30:00Z"),
            ("後天凌晨", "zh-Hant", "2026-11-25T00:00:00Z"),
            ("내일 오후", "ko", "2026-11-24T15:00:00Z"),
        ] {
            assert_eq!(read(text, tag).as_deref(), Ok(expected), "{text} ({tag})");
        }
        // Ukrainian's apostrophe inside a word, as CLDR writes it (`ʼ`) or
        // as people type it: `п'ять` is five, not the letter `п` and a word
        // left out (`п'ять днів тому` was one day ago).
        for text in ["п'ять днів тому", "п\u{2019}ять днів тому", "п\u{2bc}ять днів тому"]
        {
            assert_eq!(read(text, "uk").as_deref(), Ok("2026-11-18T18:44:03.5Z"), "{text}");
        }
        assert_eq!(read("у п'ятницю", "uk").as_deref(), Ok("2026-11-27T00:00:00Z"));
        assert_eq!(read("дев'ять днів тому", "uk").as_deref(), Ok("2026-11-14T18:44:03.5Z"));
        // Vietnamese: the word for hour between an hour and a part of the
        // day, or noon, is the clock's (not 7 hours ahead).
        assert_eq!(read("7 giờ sáng", "vi").as_deref(), Ok("2026-11-23T07:00:00Z"));
        assert_eq!(read("3 giờ chiều", "vi").as_deref(), Ok("2026-11-23T15:00:00Z"));
        assert_eq!(read("12 giờ trưa", "vi").as_deref(), Ok("2026-11-23T12:00:00Z"));
        assert_eq!(read("1 giờ trưa", "vi").as_deref(), Ok("2026-11-23T13:00:00Z"));
        assert_eq!(read("2 giờ trước", "vi").as_deref(), Ok("2026-11-23T16:44:03.5Z"));
        // Vietnamese dates label their day and year with the units' words:
        // not a day or a year ahead (`ngày 15 tháng 3` was March 16).
        assert_eq!(read("ngày 2 tháng 9 năm 1945", "vi").as_deref(), Ok("1945-09-02T00:00:00Z"));
        assert_eq!(read("ngày 15 tháng 3 năm 2026", "vi").as_deref(), Ok("2026-03-15T00:00:00Z"));
        assert_eq!(read("Ngày 30/04/1975.", "vi").as_deref(), Ok("1975-04-30T00:00:00Z"));
        assert_eq!(read("năm 2000", "vi").as_deref(), Ok("2000-01-01T00:00:00Z"));
        assert_eq!(read("3 năm 2 tháng trước", "vi").as_deref(), Ok("2023-09-23T18:44:03.5Z"));
        assert_eq!(read("tháng 3/1975", "vi").as_deref(), Ok("1975-03-01T00:00:00Z"));
        assert_eq!(read("Ngày 2024-03-15", "vi").as_deref(), Ok("2024-03-15T00:00:00Z"));
        assert_eq!(read("năm 179 TCN", "vi").as_deref(), Ok("-000178-01-01T00:00:00Z"));
        // After the language's word for "at", a dotted time is one (`в 12.30`,
        // not December 30).
        assert_eq!(read("в 12.30", "ru").as_deref(), Ok("2026-11-23T12:30:00Z"));
        assert_eq!(read("måndag kl. 14.00", "sv").as_deref(), Ok("2026-11-23T14:00:00Z"));
        // So it is after a phrase that ends with it (Spanish's `a las`), and
        // before am or pm; Korean's date before its half of the day stays one.
        assert_eq!(read("a las 6.13", "es").as_deref(), Ok("2026-11-23T06:13:00Z"));
        assert_eq!(read("6.13 pm", "en").as_deref(), Ok("2026-11-23T18:13:00Z"));
        assert_eq!(read("07. 10. 2. 오전 8:53", "ko").as_deref(), Ok("2007-10-02T08:53:00Z"));
        // "This" before a part of the day (`esta mañana`, not tomorrow), or
        // before a date's number.
        assert_eq!(read("esta mañana", "es").as_deref(), Ok("2026-11-23T06:00:00Z"));
        assert_eq!(read("esta tarde", "es").as_deref(), Ok("2026-11-23T15:00:00Z"));
        assert_eq!(read("den 15 augusti 2026", "sv").as_deref(), Ok("2026-08-15T00:00:00Z"));
        // `morgen` alone is still tomorrow, `дня` still days.
        assert_eq!(read("morgen", "de").as_deref(), Ok("2026-11-24T18:44:03.5Z"));
        assert_eq!(read("3 дня назад", "ru").as_deref(), Ok("2026-11-20T18:44:03.5Z"));
    }

    #[test]
    fn a_years_era_in_other_languages() {
        let read = read_in_language;
        for (text, tag, expected) in [
            ("10. August 234 v. Chr.", "de", "-000233-08-10T00:00:00Z"),
            ("10. August 85 n. Chr.", "de", "0085-08-10T00:00:00Z"),
            ("10. August 234 v.Chr.", "de", "-000233-08-10T00:00:00Z"),
            ("10 agosto 234 a. C.", "es", "-000233-08-10T00:00:00Z"),
            ("10 augustus 234 v.Chr.", "nl", "-000233-08-10T00:00:00Z"),
            ("10 août 234 av. J.-C.", "fr", "-000233-08-10T00:00:00Z"),
            ("10 августа 234 г. до н. э.", "ru", "-000233-08-10T00:00:00Z"),
            // The eras' other names CLDR gives, which no formatter writes
            // (they had been left out with a warning: 234 CE).
            ("10. August 234 v.u.Z.", "de", "-000233-08-10T00:00:00Z"),
            ("10. August 88 u. Z.", "de", "0088-08-10T00:00:00Z"),
            ("10 août 234 AEC", "fr", "-000233-08-10T00:00:00Z"),
            ("10 de agosto de 234 a. e. c.", "es", "-000233-08-10T00:00:00Z"),
            // The era's wide name, as no date pattern writes it.
            ("10 augustus 234 voor Christus", "nl", "-000233-08-10T00:00:00Z"),
            ("10 augustus 88 na Christus", "nl", "0088-08-10T00:00:00Z"),
            ("10 août 234 avant Jésus-Christ", "fr", "-000233-08-10T00:00:00Z"),
            ("10 de agosto de 234 antes de Cristo", "es", "-000233-08-10T00:00:00Z"),
            // As people type them: spaced after a dot, without dots (for a
            // name with a capital), and German's other reckonings (they had
            // been left out with a warning, and 88 read as 1988).
            ("10 Agosto 88 d. C.", "pt", "0088-08-10T00:00:00Z"),
            ("10 Agosto 234 AC", "es", "-000233-08-10T00:00:00Z"),
            ("10 agosto 234 aC", "it", "-000233-08-10T00:00:00Z"),
            ("10. August 88 uZ", "de", "0088-08-10T00:00:00Z"),
            ("10. August 88 nuZ", "de", "0088-08-10T00:00:00Z"),
            ("10. August 88 d.g.Z.", "de", "0088-08-10T00:00:00Z"),
            ("10. August 88 ndgZ", "de", "0088-08-10T00:00:00Z"),
            ("10. August 234 v.d.Z.", "de", "-000233-08-10T00:00:00Z"),
            ("10. August 234 v. d. g. Z.", "de", "-000233-08-10T00:00:00Z"),
            ("10. August 88 nC", "de", "0088-08-10T00:00:00Z"),
            ("10 Août 234 AC", "fr", "-000233-08-10T00:00:00Z"),
            ("10 Août 88 p. Chr. n.", "fr", "0088-08-10T00:00:00Z"),
        ] {
            assert_eq!(read(text, tag).as_deref(), Ok(expected), "{text} ({tag})");
        }
    }

    #[test]
    fn full_width_forms_half_past_and_the_dashes_of_input_methods() {
        // Now is Monday 2026-11-23T18:44:03.5Z.
        assert_reads_in_language(&[
            // What Chinese and Japanese input methods type: full-width digits,
            // colon, dash and letters read as ASCII's.
            ("１２月９日の１６：３０", "ja", "2026-12-09T16:30:00Z"),
            ("２０２６年１１月２４日　ＰＭ３：００", "ja", "2026-11-24T15:00:00Z"),
            // Half past the hour, and half an hour.
            ("下午三点半", "zh", "2026-11-23T15:30:00Z"),
            ("午後6時半", "ja", "2026-11-23T18:30:00Z"),
            ("오후 3시 반", "ko", "2026-11-23T15:30:00Z"),
            ("半小时前", "zh", "2026-11-23T18:14:03.5Z"),
            ("半時間前", "ja", "2026-11-23T18:14:03.5Z"),
            // Two digits right after the hour's mark are its minutes, also
            // before a Latin pm (they were a time given twice).
            ("6点30", "zh", "2026-11-23T06:30:00Z"),
            ("6点30pm", "zh", "2026-11-23T18:30:00Z"),
            ("下午3点15", "zh", "2026-11-23T15:15:00Z"),
            ("6時30", "ja", "2026-11-23T06:30:00Z"),
        ]);
        assert!(read_in_language("3点15日", "zh").is_err());
        // A range's dash as input methods type it: a tilde (full width or
        // not) after a digit, `ー` after a Chinese character.
        for (text, tag, start, end) in [
            ("2013/12/26~2014/1/7", "ja", "2013-12-26T00:00:00Z", "2014-01-07T00:00:00 in UTC"),
            ("2013/12/26～2014/1/7", "ja", "2013-12-26T00:00:00Z", "2014-01-07T00:00:00 in UTC"),
            ("２０１３年１２月２６日ー2014年1月7日", "ja", "2013-12-26T00:00:00Z", "2014-01-07T00:00:00 in UTC"),
            ("星期六ー星期一", "zh", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00 in UTC"),
            ("午後６時半－１１時", "ja", "2026-11-23T18:30:00Z", "2026-11-23T23:00:00 in UTC"),
            // A dash after a time that follows a marked date, before another
            // date (it had been refused).
            (
                "１月３０日（木）１２：００－１月３１日（金）１６：００",
                "ja",
                "2026-01-30T12:00:00Z",
                "2026-01-31T16:00:00 in UTC",
            ),
            ("6点30pm-11点pm", "zh", "2026-11-23T18:30:00Z", "2026-11-23T23:00:00 in UTC"),
        ] {
            assert_range_in_language(text, tag, start, end);
        }
        // `ー` after a kana lengthens its vowel: a word, no dash (`データ`, data).
        assert!(read_in_language("データ", "ja").is_err());
        // `半` alone, or among words of no date, is no time.
        assert!(read_in_language("半", "zh").is_err());
        assert!(read_in_language("一半的人", "zh").is_err());
    }

    #[test]
    fn chinese_and_japanese_written_without_spaces_are_cut_into_their_words() {
        // Now is Monday 2026-11-23T18:44:03.5Z.
        assert_reads_in_language(&[
            ("明天上午8点", "zh", "2026-11-24T08:00:00Z"),
            ("明天的下午3点", "zh", "2026-11-24T15:00:00Z"),
            ("今天下午5点", "zh", "2026-11-23T17:00:00Z"),
            ("上午6点13分", "zh", "2026-11-23T06:13:00Z"),
            ("2016年9月3号", "zh", "2016-09-03T00:00:00Z"),
            ("昨天晚上", "zh", "2026-11-22T20:00:00Z"),
            ("明日の午後3時", "ja", "2026-11-24T15:00:00Z"),
            ("来週の月曜日", "ja", "2026-11-30T00:00:00Z"),
            ("今朝", "ja", "2026-11-23T06:00:00Z"),
            // Full-width parentheses hold a comment, as ASCII ones do.
            ("8月27日（木）", "ja", "2026-08-27T00:00:00Z"),
        ]);
        // A range written without spaces: read as its start, its end named.
        for (text, tag, start, end) in [
            ("2016年9月3号-2017年10月24号", "zh", "2016-09-03T00:00:00Z", "2017-10-24T00:00:00 in UTC"),
            ("星期六到星期一", "zh", "2026-11-28T00:00:00Z", "2026-11-30T00:00:00 in UTC"),
            ("明天10点到明天11点", "zh", "2026-11-24T10:00:00Z", "2026-11-24T11:00:00 in UTC"),
            ("23時20分から2時", "ja", "2026-11-23T23:20:00Z", "2026-11-24T02:00:00 in UTC"),
        ] {
            assert_range_in_language(text, tag, start, end);
        }
        assert!(read_in_language("我到了", "zh").is_err());
        // What no word covers is no date: refused, not read in part.
        assert!(read_in_language("天气很好", "zh").is_err());
        assert!(read_in_language("今度", "ja").is_err());
    }

    #[test]
    fn a_languages_word_that_english_abbreviates_is_the_languages() {
        assert_reads_in_language(&[
            // German's `am` ("on the"), not English's am; after a number it is still am.
            ("am Dienstag", "de", "2026-11-24T00:00:00Z"),
            ("am 10. August", "de", "2026-08-10T00:00:00Z"),
            ("10 am", "es", "2026-11-23T10:00:00Z"),
            ("10 am", "en", "2026-11-23T10:00:00Z"),
            ("tomorrow 9am", "gd", "2026-11-24T09:00:00Z"),
            // French's `ce` ("this", of CLDR's `ce mois-ci`), not the era CE.
            ("ce soir", "fr", "2026-11-23T20:00:00Z"),
            ("ce matin", "fr", "2026-11-23T06:00:00Z"),
            ("2024 CE", "en", "2024-01-01T00:00:00Z"),
        ]);
    }

    #[test]
    fn days_written_in_one_word_abbreviated_or_months_by_number() {
        // CLDR writes `i dag`, `i morgon`; people also write them joined.
        assert_reads_in_language(&[
            ("idag", "sv", "2026-11-23T18:44:03.5Z"),
            ("imorgon", "sv", "2026-11-24T18:44:03.5Z"),
            ("igår", "sv", "2026-11-22T18:44:03.5Z"),
            ("idag på morgonen", "sv", "2026-11-23T06:00:00Z"),
            ("imorgen", "no", "2026-11-24T18:44:03.5Z"),
            // A day and its part written as one word, each CLDR's word.
            ("gisterenavond", "nl", "2026-11-22T20:00:00Z"),
            ("Morgenochtend om 9", "nl", "2026-11-24T09:00:00Z"),
            // A weekday's abbreviated name, as CLDR writes it (`EEE`).
            ("周一", "zh", "2026-11-23T00:00:00Z"),
            ("Do", "de", "2026-11-26T00:00:00Z"),
            ("pe", "fi", "2026-11-27T00:00:00Z"),
            // ... but a name that is a month's already stays the month (Spanish `mar`).
            ("4 mar 2024", "es", "2024-03-04T00:00:00Z"),
            // Vietnamese names a month by its number: `tháng 3` is March.
            ("tháng 3", "vi", "2026-03-01T00:00:00Z"),
            ("tháng 4 năm 1975", "vi", "1975-04-01T00:00:00Z"),
        ]);
        assert!(read_in_language("tháng 13", "vi").is_err());
        // Only a day and a part of the day make such a word.
        assert!(read_in_language("morgenland", "nl").is_err());
    }

    #[test]
    fn words_typed_without_their_marks() {
        // Now is Monday 2026-11-23T18:44:03.5Z.
        assert_reads_in_language(&[
            ("10 Fevrier 2012", "fr", "2012-02-10T00:00:00Z"),
            ("10 Aout 2012", "fr", "2012-08-10T00:00:00Z"),
            ("miercoles 10:00", "es", "2026-11-25T10:00:00Z"),
            ("terca-feira", "pt", "2026-11-24T00:00:00Z"),
            ("sroda", "pl", "2026-11-25T00:00:00Z"),
            // German also as its rule for writing without umlauts spells them.
            ("31. Maerz 2016", "de", "2016-03-31T00:00:00Z"),
            ("uebermorgen 9:00", "de", "2026-11-25T09:00:00Z"),
            ("ubermorgen 9:00", "de", "2026-11-25T09:00:00Z"),
        ]);
        // A form that is a zone's abbreviation stays the zone: Croatian's
        // `čet.` (Thursday) is no `CET`.
        assert_eq!(read_in_language("10:00 CET", "hr").as_deref(), Ok("2026-11-23T09:00:00Z"));
        assert_eq!(read_in_language("čet 10:00", "hr").as_deref(), Ok("2026-11-26T10:00:00Z"));
        // Vietnamese's marks tell its words apart: none is learned without them.
        assert!(read_in_language("thang 3", "vi").is_err());
    }

    #[test]
    fn counts_in_words_in_other_languages() {
        // Now is Monday 2026-11-23T18:44:03.5Z.
        assert_reads_in_language(&[
            ("in drei Wochen", "de", "2026-12-14T18:44:03.5Z"),
            ("in einer Stunde", "de", "2026-11-23T19:44:03.5Z"),
            ("dans deux heures", "fr", "2026-11-23T20:44:03.5Z"),
            ("il y a trois jours", "fr", "2026-11-20T18:44:03.5Z"),
            ("hace tres días", "es", "2026-11-20T18:44:03.5Z"),
            ("через два дня", "ru", "2026-11-25T18:44:03.5Z"),
            ("over drie dagen", "nl", "2026-11-26T18:44:03.5Z"),
            ("kahden päivän päästä", "fi", "2026-11-25T18:44:03.5Z"),
            ("五分钟前", "zh", "2026-11-23T18:39:03.5Z"),
            ("三日前", "ja", "2026-11-20T18:44:03.5Z"),
            // Before a mark, the count is its number.
            ("下午三点", "zh", "2026-11-23T15:00:00Z"),
            ("九月三号", "zh", "2026-09-03T00:00:00Z"),
            ("2016年九月三号", "zh", "2016-09-03T00:00:00Z"),
            ("午後三時", "ja", "2026-11-23T15:00:00Z"),
            ("오후 다섯 시", "ko", "2026-11-23T17:00:00Z"),
            // Tens and numbers built of them: RBNF's `十[→→]` is ten, and
            // Chinese and Japanese build numbers of several characters;
            // other languages write a ten and its ones apart.
            ("十一点", "zh", "2026-11-23T11:00:00Z"),
            ("十二月二十六日", "zh", "2026-12-26T00:00:00Z"),
            ("二十分钟前", "zh", "2026-11-23T18:24:03.5Z"),
            ("午後十時", "ja", "2026-11-23T22:00:00Z"),
            ("in zwanzig Minuten", "de", "2026-11-23T19:04:03.5Z"),
            ("через двадцать пять минут", "ru", "2026-11-23T19:09:03.5Z"),
            ("dans vingt-cinq minutes", "fr", "2026-11-23T19:09:03.5Z"),
            // A year in Chinese digits, one by one; one digit alone is a count.
            ("二零一六年九月三号", "zh", "2016-09-03T00:00:00Z"),
            ("二〇二三年五月一日", "zh", "2023-05-01T00:00:00Z"),
            ("六年前", "zh", "2020-11-23T18:44:03.5Z"),
            // Chinese's weekday by its number after the week's name.
            ("下周五", "zh", "2026-12-04T00:00:00Z"),
            ("上周一", "zh", "2026-11-16T00:00:00Z"),
            ("下周五下午3点", "zh", "2026-12-04T15:00:00Z"),
            // Korean's particle "at" written onto the hour or the day.
            ("내일 오후 3시에", "ko", "2026-11-24T15:00:00Z"),
            ("월요일에", "ko", "2026-11-23T00:00:00Z"),
            // A word that is also a number keeps its first meaning: Vietnamese
            // `năm` (five, year) before a year; Portuguese `dez` (ten, Dec.).
            ("năm 2020", "vi", "2020-01-01T00:00:00Z"),
            // A Latin am or pm written onto a time with marks.
            ("3点pm", "zh", "2026-11-23T15:00:00Z"),
            ("6点30分pm", "zh", "2026-11-23T18:30:00Z"),
            ("10 dez 2020", "pt", "2020-12-10T00:00:00Z"),
        ]);
    }

    #[test]
    fn a_japanese_eras_year() {
        for (text, expected) in [
            ("平成26年12月29日", "2014-12-29T00:00:00Z"),
            ("令和元年5月1日", "2019-05-01T00:00:00Z"),
            ("令和2年5月1日", "2020-05-01T00:00:00Z"),
            ("昭和64年1月7日", "1989-01-07T00:00:00Z"),
            ("昭和６４年１月７日", "1989-01-07T00:00:00Z"),
        ] {
            assert_eq!(read_in_language(text, "ja").as_deref(), Ok(expected), "{text}");
        }
        let alone = read_in_language("平成", "ja").unwrap_err();
        assert!(alone.contains("must come before its year"), "{alone}");
    }

    #[test]
    fn two_hours_written_with_h_and_a_dash_are_a_range() {
        // Were 13 hours less 15 (glued counts): two hours ago.
        for (text, start) in [
            ("13h-15h", "2026-11-23T13:00:00Z"),
            ("13-15h", "2026-11-23T13:00:00Z"),
            ("demain 9h30-11h", "2026-11-24T09:30:00Z"),
            ("2024-03-05 13h-15h", "2024-03-05T13:00:00Z"),
        ] {
            assert_eq!(read_in_language(text, "fr").as_deref(), Ok(start), "{text}");
        }
        assert_eq!(read_in_language("-2h", "en").as_deref(), Ok("2026-11-23T16:44:03.5Z"));
    }

    #[test]
    fn joining_words_alone_hold_no_date() {
        // As GNU refuses `at` and `on` alone; they were today's midnight.
        for (text, tag) in [("at", "en"), ("on the", "en"), ("um", "de"), ("à", "fr")] {
            assert!(read_in_language(text, tag).is_err_and(|error| error.contains("holds no date")), "{text}");
        }
        assert_eq!(read_in_language("at 5pm", "en").as_deref(), Ok("2026-11-23T17:00:00Z"));
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
        // `9:00-17:00`: GNU's offset of -17:00, told as such (people write a
        // range of hours so); not when the offset reads as an earlier time
        // (`10:00-05:00`, a time at -05:00), nor with seconds or a date.
        let human = read_in("9:00-17:00", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2026-11-24T02:00:00Z");
        assert!(
            human.warnings.iter().any(|w| w.starts_with("-17:00 read as the UTC offset of 09:00")),
            "{:?}",
            human.warnings
        );
        for quiet in ["10:00-05:00", "10:00:00-12:00", "Nov 14 2023 10:00-12:00", "10:00+12:00"] {
            let human = read_in(quiet, "UTC", DateOrder::MonthDay).unwrap();
            assert!(human.warnings.is_empty(), "{quiet}: {:?}", human.warnings);
        }
        // A weekday that contradicts the date: the date wins, and the reader is told.
        let human = read_in("Wednesday, November 14, 2023", "UTC", DateOrder::MonthDay).unwrap();
        assert_eq!(human.instant.to_string(), "2023-11-14T00:00:00Z");
        assert!(human.warnings[0].contains("2023-11-14 is a Tuesday, not a Wednesday"), "{:?}", human.warnings);
        // Hours and minutes without a colon are a time only where they are one.
        for wrong in ["13:00pm", "1330pm", "1260pm", "12345pm", "5:16 p"] {
            let read = read_in(wrong, "UTC", DateOrder::MonthDay);
            assert!(read.as_ref().is_err() || !read.as_ref().unwrap().warnings.is_empty(), "{wrong}: {read:?}");
        }
        // Read silently wrong before other parsers' cases showed them, now
        // refused: a period after `after` (read as now), a version number as a
        // dotted date with a year of one digit, alone or as a range's start;
        // a range whose start is a direction alone (`next Jan 1990`).
        for wrong in
            ["after this year", "after next week", "1.5.3 - 2015-09-24", "1.5.3 2015", "1.5.300", "next to 5 Jan 1990"]
        {
            assert!(read_in(wrong, "UTC", DateOrder::MonthDay).is_err(), "{wrong}");
        }
        // A range whose end comes before its start is refused as one, by its ends.
        let error = read_in("Monday afternoon to last night", "UTC", DateOrder::MonthDay).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("a range that ends at 2026-11-23T00:00:00 in UTC, before it starts at 2026-11-23T15:00:00"),
            "{error}"
        );
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
