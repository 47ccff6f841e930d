//! Dates inside prose: every date, time and relative phrase of
//! a text, in order, each with its span, what was read, the instant and its
//! Discord code, so that a chat bot can turn "let's meet tomorrow at 8pm
//! EST" into a code every reader sees in their own zone.
//!
//! The text is cut into words; a date starts at a word that can start one
//! (a digit, or a word of dates in the locale's vocabulary) and is the
//! longest run of such words, up to [`MAX_DATE_WORDS`], that tsconv's
//! readers read (every machine format, then people's text) and that is a
//! date in prose: words that only look like dates are not dates unless the
//! words around them make them one (`may` and `march` need a number beside
//! them, `second` and `3 days` a direction, a bare number is a price or a
//! count unless it is a Unix timestamp of 10 or 13 digits, a version
//! `1.2.3` or a phone number `555-1234` no date at all).

use crate::discord::DiscordStyle;
use crate::error::TimeError;
use crate::human::{self, Role};
use crate::input::{Input, ReadOptions, Reading, read_exactly};
use crate::kind::Kind;
use crate::render::View;

/// The longest text read for dates, in characters (16 KiB of ASCII).
pub const MAX_TEXT_CHARS: usize = 16 * 1024;

/// The most words one date takes (`Tuesday, November 14, 2023 at 5:13:20
/// pm EST` is nine).
pub const MAX_DATE_WORDS: usize = 10;

/// One date found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Found {
    /// Where the date starts in the text, in characters.
    pub start: usize,
    /// Where it ends, in characters (exclusive).
    pub end: usize,
    /// The date as written.
    #[cfg_attr(feature = "openapi", schema(example = "tomorrow at 8pm EST"))]
    pub text: String,
    pub kind: Kind,
    /// What was understood, in canonical form.
    #[cfg_attr(feature = "openapi", schema(example = "2026-11-26T20:00:00-05:00 (EST)"))]
    pub read_as: String,
    /// The instant, RFC 3339 in `timezone`.
    pub rfc3339: String,
    /// The instant, UTC with milliseconds.
    pub iso: String,
    /// The instant in Unix seconds, floored.
    pub timestamp: i64,
    /// A day named without a time of it (`March 5`, `tomorrow`): the
    /// instant stands for the day, and `discord` shows the date alone.
    pub date_only: bool,
    /// The Discord code every reader sees in their own zone: style `F`
    /// (date and time), `D` for a day alone.
    #[cfg_attr(feature = "openapi", schema(example = "<t:1795741200:F>"))]
    pub discord: String,
}

/// The `data` of extract.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Extraction {
    /// The zone wall-clock dates and relative phrases are read in.
    pub timezone: String,
    /// The locale whose words were read.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "en"))]
    pub locale: &'static str,
    pub count: usize,
    pub found: Vec<Found>,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for Extraction {}

/// A word of the text: its bytes, and its core (without the punctuation
/// around it).
struct Word<'t> {
    start: usize,
    end: usize,
    core: &'t str,
    /// Whether the word carries a digit.
    digits: bool,
    role: Option<Role>,
    /// What its shape says, known once for every window it is part of.
    shape: Shape,
}

/// What a word's shape says of it in a date (see [`is_a_date`]).
#[derive(Clone, Copy)]
struct Shape {
    /// Digits with a date's or a time's shape that make a date alone.
    dated: bool,
    /// Digits of no date's shape, nor a count: a price, a version.
    stray: bool,
    /// `am`, `pm`, `o'clock`.
    time_word: bool,
    /// `after`, `before`: no date ends with them.
    bound: bool,
    /// "In" before a month's name alone (`in`, `since`; `im`, `en`): the
    /// month after it is a date.
    month_in: bool,
    /// A word that ties what is before it to what follows (`de`, `d'ici`):
    /// a time before it that did not read with what follows is none.
    ties: bool,
    /// A dotted hour and minutes that the words around make a time (`at
    /// 12.30`, `6.13 pm`): read with a colon, never as a Unix time.
    clock: bool,
    /// Another language's "at" before an hour and its word (`à 17 heures`,
    /// `um 17 Uhr`, `в 5 часов`): the first word of a time, which the hour
    /// and its word alone are not (`17 heures`, seventeen hours).
    opens_hour: bool,
}

impl Shape {
    fn of(core: &str, digits: bool) -> Shape {
        let shaped = digits && is_date_shaped(core);
        Shape {
            dated: shaped && !is_date_part(core),
            stray: digits && !shaped && !is_count(core),
            time_word: is_time_word(core),
            bound: ["after", "before"].iter().any(|bound| core.eq_ignore_ascii_case(bound)),
            clock: false,
            opens_hour: false,
            month_in: false,
            ties: false,
        }
    }
}

/// Every date in `text`, in order (see the module's documentation).
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::extract::extract;
/// use tsconv_time::input::ReadOptions;
/// use tsconv_time::zone::Zone;
///
/// let zone = Zone::parse("America/New_York").unwrap();
/// let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
/// let found = extract("let's meet tomorrow at 8pm EST, or may we say Friday?", &ReadOptions::defaults(&zone, now)).unwrap();
/// let texts: Vec<&str> = found.found.iter().map(|f| f.text.as_str()).collect();
/// assert_eq!(texts, ["tomorrow at 8pm EST", "Friday"]);
/// assert_eq!(found.found[0].discord, "<t:1795741200:F>");
/// ```
pub fn extract(text: &str, options: &ReadOptions<'_>) -> Result<Extraction, TimeError> {
    if text.len() > MAX_TEXT_CHARS && text.chars().count() > MAX_TEXT_CHARS {
        return Err(TimeError::invalid(format!(
            "the text is {} characters long; at most {MAX_TEXT_CHARS} are read for dates: send it in parts",
            text.chars().count()
        )));
    }
    let vocabulary = options.language.vocabulary();
    // `二零一六年`: years in Chinese digits, read as digits (of the same
    // length: the spans and texts below are the original's).
    let digits = crate::digits::chinese_year_digits(text);
    let scanned = digits.as_deref().unwrap_or(text);
    let words = words(scanned, vocabulary);
    // Characters counted once over the text, from one date to the next.
    let (mut counted_bytes, mut counted_chars) = (0, 0);
    let found = dates(scanned, &words, options, usize::MAX)
        .into_iter()
        .map(|date| Date { text: &text[date.start..date.start + date.text.len()], ..date })
        .map(|date| {
            counted_chars += text[counted_bytes..date.start].chars().count();
            counted_bytes = date.start;
            let start = counted_chars;
            // The instant as precise as the text wrote it: nothing rounded.
            let view = View::new(date.reading.instant, options.zone, date.reading.precision);
            let date_only = date.date_only();
            let style = if date_only { DiscordStyle::LongDate } else { DiscordStyle::LongDateTime };
            Found {
                start,
                end: start + date.text.chars().count(),
                text: date.text.to_owned(),
                kind: date.reading.kind,
                read_as: date.reading.human.as_ref().map_or_else(|| view.rfc3339(), |human| human.read_as.clone()),
                rfc3339: view.rfc3339(),
                iso: view.iso(),
                timestamp: date.reading.instant.as_second(),
                date_only,
                discord: view.discord(style),
            }
        })
        .collect::<Vec<_>>();
    Ok(Extraction {
        timezone: options.zone.name().to_owned(),
        locale: options.language.used(),
        count: found.len(),
        found,
    })
}

/// The date inside a sentence that holds one and no other word of dates
/// (`I have a meeting on March 1, 1974.`, `The deadline is tomorrow`): what
/// a text that no reader reads whole stands for, as people's text, with a
/// warning that names the words left out. `None` for a text with no date,
/// more than one, or another number or word of dates beside it (`Feb 30
/// 2023 5pm` is refused, not read as its `5pm`).
pub(crate) fn the_date_inside(text: &str, options: &ReadOptions<'_>) -> Option<Reading> {
    if text.len() > crate::input::MAX_INPUT_CHARS {
        return None;
    }
    let vocabulary = options.language.vocabulary();
    let digits = crate::digits::chinese_year_digits(text);
    let original = text;
    let text = digits.as_deref().unwrap_or(text);
    let words = words(text, vocabulary);
    // Every number and every word that makes or names a date must lie in
    // the one date: within one window's length, or the text is no such
    // sentence (and is not read again window by window).
    let dating = |word: &Word<'_>| {
        word.digits || matches!(word.role, Some(Role::Month | Role::Anchor | Role::After | Role::Day | Role::Direction))
    };
    let first = words.iter().position(dating)?;
    let last = words.iter().rposition(dating)?;
    if last - first >= MAX_DATE_WORDS {
        return None;
    }
    let date = match <[Date<'_>; 2]>::try_from(dates(text, &words, options, 3)) {
        // `vacation monday - friday`: two dates that one separator joins
        // are a range, read as its start (with a warning that names its end);
        // so are two the language's words open and close (`ferie da oggi a
        // domani`), the opening word read with them.
        Ok([start, end]) if end.first == start.first + start.words + 1 => {
            let between = words[end.first - 1].core;
            let opened = start.first > 0 && vocabulary.opens_and_closes(words[start.first - 1].core, between);
            if !opened && !human::is_range_separator(between) {
                return None;
            }
            let (first, at) =
                if opened { (start.first - 1, words[start.first - 1].start) } else { (start.first, start.start) };
            let joined = &text[at..end.start + end.text.len()];
            let reading = read_exactly(Input::Text(joined), options).ok()?;
            Date { start: at, first, words: end.first + end.words - first, text: joined, reading }
        }
        Ok(_) => return None,
        Err(found) => <[Date<'_>; 1]>::try_from(found).ok()?.into_iter().next()?,
    };
    // Around it, no number and no word that makes or names a date alone;
    // beside it, no word of dates at all (`GMT` after a date that did not
    // read with it).
    let after = date.first + date.words;
    // `last day of the month`: `of` ties the date to what follows, which
    // did not read with it; the date alone (yesterday) is not what was said.
    if words.get(after).is_some_and(|word| word.core.eq_ignore_ascii_case("of")) {
        return None;
    }
    // `in August`, `in June of 2022`: the direction before a date that
    // starts with a month's name; away from the date, a direction alone
    // (`the first man`, `next to`) is no date.
    let month_first = words[date.first].role == Some(Role::Month);
    // `em 10 de Agosto de 2012`, `in 2019-03-05`: "in" before a date that
    // starts with its number, which did not read as a relative item with
    // it, says "on".
    let number_first = words[date.first].digits;
    // A near miss of an English word of dates (`tomorow`) is a typo, which
    // left out would change the date, in English; in another language it
    // is as often a word of its own (Dutch `laten`, "let", is no `later`).
    let english = !vocabulary.is_other_language();
    let prose = |k: usize, word: &Word<'_>| {
        let beside = k + 1 == date.first || k == after;
        !word.digits
            && (!(english && human::near_miss(word.core)) || word.role.is_some())
            && match word.role {
                None | Some(Role::Joiner | Role::Range | Role::Count) => true,
                Some(Role::Direction) => {
                    !beside
                        || (k + 1 == date.first
                            && (month_first || (number_first && human::says_in(vocabulary, word.core))))
                }
                // Beside it only a letter (`A car`, `I`): a word of dates there
                // (`GMT`) did not read with it.
                Some(Role::Part | Role::Unit) => (k + 1 != date.first && k != after) || word.core.chars().count() == 1,
                Some(Role::Month | Role::MonthNumber | Role::Anchor | Role::After | Role::Day) => false,
            }
    };
    if !words.iter().enumerate().filter(|(k, _)| !(date.first..after).contains(k)).all(|(k, word)| prose(k, word)) {
        return None;
    }
    let mut reading = date.reading;
    let start = text[..date.start].chars().count();
    let written = &original[date.start..date.start + date.text.len()];
    let warning = format!(
        "read the date inside the text, {written:?} (characters {start} to {}); the words around it were left out",
        start + written.chars().count()
    );
    match &mut reading.human {
        Some(human) => human.warnings.insert(0, warning),
        None => {
            let read_as = View::new(reading.instant, options.zone, reading.precision).rfc3339();
            let mut human = human::Human::warned(reading.instant, read_as, reading.local_time_note.clone(), warning);
            human.date_only = reading.kind == Kind::Date;
            reading.human = Some(Box::new(human));
        }
    }
    reading.kind = Kind::Human;
    Some(reading)
}

/// A date found: where it starts (a byte index), its words and text, and
/// its reading.
struct Date<'t> {
    start: usize,
    first: usize,
    words: usize,
    text: &'t str,
    reading: Reading,
}

impl Date<'_> {
    /// Whether the date names a day and no time of it (`March 5`,
    /// `tomorrow`, `2024-03-05`).
    fn date_only(&self) -> bool {
        match &self.reading.human {
            Some(human) => human.date_only,
            None => self.reading.kind == Kind::Date,
        }
    }
}

/// The dates of `text`, cut into `words`, in order, at most `most`.
fn dates<'t>(text: &'t str, words: &[Word<'t>], options: &ReadOptions<'_>, most: usize) -> Vec<Date<'t>> {
    // Only where a window's refusal stops is used, never its words.
    let options = &ReadOptions { unworded: true, ..*options };
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() && found.len() < most {
        if !(words[i].digits || words[i].role.is_some()) {
            i += 1;
            continue;
        }
        if let Some((date, reading)) = glog_header(text, &words[i..], options) {
            found.push(Date { start: words[i].start, first: i, words: 2, text: date, reading });
            i += 2;
            continue;
        }
        // The run of words that can be part of a date, from here.
        // A comma after `ago` or `later` ends the date (`half an hour ago, at 9:30`).
        let mut run = 0;
        for word in words[i..].iter().take(MAX_DATE_WORDS) {
            if !(word.digits || word.role.is_some()) {
                break;
            }
            run += 1;
            if word.role == Some(Role::After) && text[word.end..].starts_with(',') {
                break;
            }
        }
        // The longest window that reads, from the run's length down. The
        // readers stop at the first word they cannot read, so a window that
        // fails there is cut before that word, not by one word at a time.
        let before = i.checked_sub(1).map(|k| &words[k]);
        let mut n = run;
        let longest = loop {
            if n == 0 {
                break None;
            }
            let window = &words[i..i + n];
            if !is_a_date(window, before, words.get(i + n)) {
                n -= 1;
                continue;
            }
            let date = closed(text, window[0].start, window[n - 1].end);
            let clocks = with_clocks(date, window[0].start, window);
            match read_exactly(Input::Text(clocks.as_deref().unwrap_or(date)), options) {
                Ok(reading) => break Some((n, date, reading)),
                Err(error) => {
                    let stopped = error
                        .position()
                        .and_then(|at| date.char_indices().nth(at).map(|(byte, _)| window[0].start + byte))
                        .map(|byte| window.iter().take_while(|word| word.end <= byte).count());
                    n = match stopped {
                        // Refused from its first word, as a whole (`1700000000 sun`,
                        // `3pm 5:13pm`: two times): a first word that is a date
                        // alone is still one.
                        Some(0) if n > 1 && is_a_date(&window[..1], before, window.get(1)) => 1,
                        Some(cut) if cut < n => cut,
                        _ => n - 1,
                    };
                }
            }
        };
        let Some((n, date, reading)) = longest else {
            i += 1;
            continue;
        };
        let date = Date { start: words[i].start, first: i, words: n, text: date, reading };
        match found.last_mut().and_then(|day: &mut Date<'t>| with_its_time(text, words, day, &date, options)) {
            Some(whole) => {
                found.pop();
                found.push(whole);
            }
            None => found.push(date),
        }
        i += n;
    }
    found
}

/// A day and the time after it, when only `from`, `at` or `@` stands
/// between (`March 3rd, 2025 from 6-9pm`: the readers stop at `from`, and
/// the time alone would be today's): the two as one date, the time read on
/// that day. Only a time of day alone (no word of days, no relative item)
/// that keeps the day; `None` for any other two dates.
fn with_its_time<'t>(
    text: &'t str,
    words: &[Word<'t>],
    day: &Date<'t>,
    time: &Date<'t>,
    options: &ReadOptions<'_>,
) -> Option<Date<'t>> {
    let between = words.get(day.first + day.words..time.first)?;
    let joins = between.iter().all(|word| ["from", "at", "@"].iter().any(|join| word.core.eq_ignore_ascii_case(join)));
    let clock_only = words
        .get(time.first..time.first + time.words)?
        .iter()
        .all(|word| !matches!(word.role, Some(Role::Anchor | Role::Direction | Role::After | Role::Month | Role::Day)));
    if !joins
        || between.len() > 1
        || !clock_only
        || !day.date_only()
        || time.date_only()
        || time.reading.human.is_none()
    {
        return None;
    }
    let on_the_day = ReadOptions { now: day.reading.instant, ..*options };
    let reading = read_exactly(Input::Text(time.text), &on_the_day).ok()?;
    let local = |instant: jiff::Timestamp| instant.to_zoned(options.zone.tz().clone()).date();
    (local(reading.instant) == local(day.reading.instant)).then(|| Date {
        start: day.start,
        first: day.first,
        words: time.first + time.words - day.first,
        text: &text[day.start..time.start + time.text.len()],
        reading,
    })
}

/// The header of a glog or Kubernetes (klog) log line, `I0305
/// 12:00:00.123456`: a level (`I`, `W`, `E`, `F`), the month and day, and
/// the time, without a year: read as `Mar 5 12:00:00.123456` is, in the
/// current year (as syslog's `Mar  5 12:00:00`). Read alone, the time would
/// be today's.
fn glog_header<'t>(text: &'t str, words: &[Word<'t>], options: &ReadOptions<'_>) -> Option<(&'t str, Reading)> {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let [header, time, ..] = words else { return None };
    let digits = header
        .core
        .strip_prefix(['I', 'W', 'E', 'F'])
        .filter(|d| d.len() == 4 && d.bytes().all(|b| b.is_ascii_digit()))?;
    let (month, day) = (digits[..2].parse::<usize>().ok()?, digits[2..].parse::<u8>().ok()?);
    let clock = time.core.as_bytes();
    let timed = clock.len() >= 8 && clock[2] == b':' && clock[5] == b':';
    if !timed || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let date = format!("{} {day} {}", MONTHS[month - 1], time.core);
    let english = ReadOptions { language: crate::locale::english(), ..*options };
    let reading = read_exactly(Input::Text(&date), &english).ok()?;
    Some((&text[header.start..time.end], reading))
}

/// `date` (starting at byte `start` of the text) with the dot of each of
/// `window`'s clocks (see [`Shape::clock`]) written as a colon, one byte
/// for one, so that positions hold: `12.30` alone is read as a Unix time.
/// `None` when the window has none.
fn with_clocks(date: &str, start: usize, window: &[Word<'_>]) -> Option<String> {
    if !window.iter().any(|word| word.shape.clock) {
        return None;
    }
    let mut bytes = date.as_bytes().to_vec();
    for word in window.iter().filter(|word| word.shape.clock) {
        let dot = word.core.find('.').map(|at| word.start - start + at);
        if let Some(byte) = dot.and_then(|at| bytes.get_mut(at)) {
            *byte = b':';
        }
    }
    String::from_utf8(bytes).ok()
}

/// `text[start..end]`, with the `)` after it when it opened one (`10:30
/// (GMT-2:30).`: the comment is the date's).
fn closed(text: &str, start: usize, end: usize) -> &str {
    let date = &text[start..end];
    let open = date.bytes().filter(|b| *b == b'(').count() > date.bytes().filter(|b| *b == b')').count();
    if open && text[end..].starts_with(')') { &text[start..=end] } else { date }
}

/// `text` with each date found replaced by its Discord code.
pub fn with_discord_codes(text: &str, extraction: &Extraction) -> String {
    let mut out = String::with_capacity(text.len());
    // Character positions to bytes in one walk: the spans come in order, and
    // one may begin where the one before it ends (`明天今天`).
    let mut offsets = text.char_indices().map(|(i, _)| i).chain(std::iter::once(text.len()));
    let (mut walked, mut current) = (0, 0);
    let mut byte = |index: usize| {
        while walked <= index {
            current = offsets.next().unwrap_or(text.len());
            walked += 1;
        }
        current
    };
    let mut last = 0;
    for found in &extraction.found {
        let (start, end) = (byte(found.start).max(last), byte(found.end));
        out.push_str(&text[last..start]);
        out.push_str(&found.discord);
        last = end;
    }
    out.push_str(&text[last..]);
    out
}

/// The words of `text` (runs of non-space characters), each with its core
/// and role. A JSON string's quote beside `{`, `[`, `,` or `:` parts words
/// too: a JSON log line written without spaces
/// (`{"time":"2024-03-05T12:00:00Z","level":"info"}`) has its words.
fn words<'t>(text: &'t str, vocabulary: &human::Vocabulary) -> Vec<Word<'t>> {
    let role = |core: &str| human::role(vocabulary, core);
    let bytes = text.as_bytes();
    let json_quote = |i: usize| {
        let before = i.checked_sub(1).map(|k| bytes[k]);
        let after = bytes.get(i + 1).copied();
        matches!(before, Some(b'{' | b'[' | b',' | b':')) || matches!(after, Some(b'}' | b']' | b',' | b':'))
    };
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let parts = c.is_whitespace() || (c == '"' && json_quote(i)) || (c >= '\u{3000}' && CJK_STOPS.contains(&c));
        match (parts, start) {
            (false, None) => start = Some(i),
            (true, Some(from)) if !text[from..i].is_ascii() && text[from..i].chars().any(human::is_unspaced) => {
                unspaced_words(text, from, i, vocabulary, &mut words);
                start = None;
            }
            (true, Some(from)) => {
                words.push(word(text, from, i, role));
                start = None;
            }
            _ => {}
        }
    }
    // A phrase's words (`las` of Spanish's `a las 10:00`, `на следующей
    // неделе`) may have no role alone, or only a joining one (`el` of `el
    // mes pasado`): each has the phrase's.
    let cores: Vec<&str> = words.iter().map(|word| word.core).collect();
    let mut k = 0;
    while k < words.len() {
        // Only where a word would take the phrase's role: a word with a role
        // of its own, before one with a role of its own (`letzten Monat`),
        // needs none.
        let takes_role =
            |word: &Word<'_>| matches!(word.role, None | Some(Role::Joiner | Role::Range | Role::Part | Role::Count));
        let phrase = (takes_role(&words[k]) || words.get(k + 1).is_some_and(takes_role))
            .then(|| human::phrase_at(vocabulary, &cores[k..]))
            .flatten();
        let Some((length, role)) = phrase else {
            k += 1;
            continue;
        };
        for word in &mut words[k..k + length] {
            if matches!(word.role, None | Some(Role::Joiner | Role::Range | Role::Part | Role::Count)) {
                word.role = Some(role);
            }
        }
        k += length;
    }
    // `в 12.30`, `kl. 14.00`, `at 12.30`: after the word for "at", or before
    // am or pm (`6.13 pm`) or an English part of the day (`8.00 tonight`), a
    // dotted hour and minutes are a time, not a price.
    for k in 0..words.len() {
        let core = words[k].core;
        if !words[k].digits || words[k].shape.dated {
            continue;
        }
        let dotted_time = core.split_once('.').is_some_and(|(hour, minute)| {
            (1..=2).contains(&hour.len())
                && minute.len() == 2
                && hour.bytes().chain(minute.bytes()).all(|b| b.is_ascii_digit())
                && hour.parse::<u8>().is_ok_and(|hour| hour <= 24)
                && minute.parse::<u8>().is_ok_and(|minute| minute < 60)
        });
        let meridian_after =
            words.get(k + 1).is_some_and(|next| next.shape.time_word || human::says_half_of_day(vocabulary, next.core));
        let after_at = k > 0 && human::says_at(vocabulary, words[k - 1].core);
        if dotted_time && (after_at || meridian_after) {
            words[k].shape.dated = true;
            words[k].shape.stray = false;
            words[k].shape.clock = true;
        }
    }
    for word in &mut words {
        word.shape.month_in = vocabulary.says_in_before_month(word.core);
    }
    for k in 0..words.len().saturating_sub(2) {
        let hour = words[k + 1].core;
        words[k].shape.opens_hour = human::says_at(vocabulary, words[k].core)
            && (1..=2).contains(&hour.len())
            && hour.parse::<u8>().is_ok_and(|hour| hour <= 24)
            && human::names_the_hour(vocabulary, words[k + 2].core);
    }
    // `3시에`, `월요일에`: the date ends before Korean's particle written onto it.
    for word in &mut words {
        if !word.core.is_ascii()
            && let Some(at) = human::korean_particle_at(vocabulary, word.core)
        {
            word.core = &word.core[..at];
            word.end = word.start + at;
            word.shape = Shape::of(word.core, word.digits);
        }
    }
    // `am Montag`: German's `am` ("on the") joins, unless a number is before it (`10 am`).
    for k in 0..words.len() {
        if human::is_other_languages_am(vocabulary, words[k].core) && !(k > 0 && words[k - 1].digits) {
            words[k].role = Some(Role::Joiner);
        }
    }
    // `Guten Morgen`: a word that is a day and also a part of the day the
    // language writes with a capital (German's nouns), written so inside a
    // sentence, is the part of the day (`bis morgen` is tomorrow), which
    // alone is no date. Spanish's `Mañana` is still tomorrow.
    for k in 1..words.len() {
        if words[k].role == Some(Role::Anchor)
            && words[k].core.starts_with(char::is_uppercase)
            && !text[..words[k].start].trim_end().ends_with(['.', '!', '?'])
            && human::names_a_part_of_the_day_too(vocabulary, words[k].core)
        {
            words[k].role = Some(Role::Unit);
        }
    }
    words
}

/// The punctuation of Chinese and Japanese prose that ends a word (a
/// comma, a full stop, brackets, quotes), as a space does.
const CJK_STOPS: [char; 14] = ['、', '。', '，', '（', '）', '「', '」', '『', '』', '【', '】', '！', '？', '；'];

/// The words of `text[from..to]`, text with no space in it that holds
/// Chinese or Japanese (`我明天要打游戏`, `明日の午後3時に会いましょう`):
/// each of the language's words its own (`明天`, `の`), numbers with the
/// marks and halves of the day around them one (`午後3時`, `2016年9月3日`),
/// and the characters of no word one word of prose each run.
fn unspaced_words<'t>(
    text: &'t str,
    from: usize,
    to: usize,
    vocabulary: &human::Vocabulary,
    words: &mut Vec<Word<'t>>,
) {
    let role = |core: &str| human::role(vocabulary, core);
    #[derive(Clone, Copy, PartialEq)]
    enum Piece {
        /// A word of the language, or characters of no word.
        Alone,
        /// A number, other letters, or a mark that goes with a number.
        Glued,
    }
    let mut pieces: Vec<(usize, usize, Piece)> = Vec::new();
    let mut push = |start: usize, end: usize, piece: Piece| match pieces.last_mut() {
        Some((_, last_end, Piece::Glued)) if piece == Piece::Glued && *last_end == start => *last_end = end,
        _ => pieces.push((start, end, piece)),
    };
    let chunk = &text[from..to];
    let mut k = 0;
    while k < chunk.len() {
        let unspaced = chunk[k..].starts_with(human::is_unspaced);
        let run = chunk[k..].find(|c: char| human::is_unspaced(c) != unspaced).map_or(chunk.len(), |end| k + end);
        if unspaced {
            let cut = vocabulary.cut_unspaced(&chunk[k..run]);
            let mark = |n: usize| {
                cut.get(n).is_some_and(|(range, known)| {
                    *known && human::is_mark(vocabulary, &chunk[k + range.start..k + range.end])
                })
            };
            for (n, (range, known)) in cut.iter().enumerate() {
                let piece = &chunk[k + range.start..k + range.end];
                // A count in words before a mark is its number (`三点`, `九月三号`).
                let glued = mark(n) || (*known && mark(n + 1) && human::is_count(vocabulary, piece));
                push(from + k + range.start, from + k + range.end, if glued { Piece::Glued } else { Piece::Alone });
            }
        } else {
            push(from + k, from + run, Piece::Glued);
        }
        k = run;
    }
    words.extend(pieces.into_iter().map(|(start, end, _)| {
        let mut word = word(text, start, end, role);
        // `三点` holds a number in words: it is one as `3点` is; `一点` is as
        // often "a little" as one o'clock, and stays prose alone.
        if !word.digits && !matches!(word.core, "一点" | "一點") && human::holds_count(vocabulary, word.core) {
            word.digits = true;
            word.shape = Shape::of(word.core, true);
        }
        word
    }));
}

/// The word at `from..to`, without the punctuation prose puts around it
/// (a sentence's full stop, a comma, quotes, brackets), a dot kept where it
/// belongs to the word (`a.m.`).
fn word<'t>(text: &'t str, from: usize, to: usize, role: impl Fn(&str) -> Option<Role>) -> Word<'t> {
    let raw = &text[from..to];
    let name = field_name(raw);
    let value = &raw[name..];
    let lead = name + value.len() - value.trim_start_matches(['(', '"', '\'', '[', '“', '‘', '«', '.', '…', '/']).len();
    const CLOSING: [char; 12] = [',', ';', ':', '!', '?', ')', '"', '\'', ']', '”', '’', '»'];
    let mut core = raw[lead..].trim_end_matches(CLOSING);
    // A sentence's full stop or ellipsis (`Friday...`, `(July 2017).`), not
    // `a.m.`'s dots.
    let stopped = core.trim_end_matches(['.', '…']).trim_end_matches(CLOSING);
    if !stopped.contains('.') {
        core = stopped;
    }
    // `15:00'te`, `15'te`, `15:00-kor`: a case Turkish or Hungarian writes
    // onto a time or an hour (as the readers skip it; after a hyphen only
    // onto a time, and only letters of no word: `14-nov` stays).
    if let Some(mark) = core.rfind(['\'', '\u{2019}', '-'])
        && human::suffix_after(&core[mark..], &['\'', '\u{2019}', '-']) == core.len() - mark
    {
        let number = &core[..mark];
        let clock = number
            .rsplit_once(':')
            .is_some_and(|(_, minutes)| minutes.len() == 2 && minutes.bytes().all(|b| b.is_ascii_digit()));
        let hour = (1..=2).contains(&number.len()) && number.bytes().all(|b| b.is_ascii_digit());
        let hyphen = core[mark..].starts_with('-');
        if (clock || (hour && !hyphen)) && (!hyphen || role(&core[mark + 1..]).is_none()) {
            core = number;
        }
    }
    let digits = core.chars().any(|c| c.is_numeric());
    let letters = core.trim_matches(|c: char| !c.is_alphabetic());
    // `l'après-midi`, `d'ici`: a word after an elided article (whose full
    // form, `de`, may tie what is before it to what follows).
    let elided = letters
        .split_once(['\'', '\u{2019}'])
        .filter(|(article, rest)| article.chars().count() == 1 && !rest.is_empty());
    let found =
        if letters.is_empty() { None } else { role(letters).or_else(|| elided.and_then(|(_, rest)| role(rest))) };
    let ties = matches!(found, Some(Role::Joiner | Role::Range))
        || elided.is_some_and(|(article, _)| matches!(role(&format!("{article}e")), Some(Role::Joiner | Role::Range)));
    let role = found;
    let start = from + lead;
    Word { start, end: start + core.len(), core, digits, role, shape: Shape { ties, ..Shape::of(core, digits) } }
}

/// The length of `name=` when `raw` is a field of a log line or a query
/// (`time=2024-03-05T12:00:00Z`, `ts="2024-03-05`, `since=5pm`): a name of
/// letters, digits, `_`, `.` and `-` that starts with a letter or `_`,
/// then `=` and a value. The value is the word; the name is no date's (and
/// `status=200` is then a count, no date). Go's monotonic clock reading
/// (`m=+0.0012`) stays whole: it is the end of the date before it.
fn field_name(raw: &str) -> usize {
    let Some(equals) = raw.find('=') else { return 0 };
    let (name, value) = (&raw[..equals], &raw[equals + 1..]);
    let named = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
    if named && !value.is_empty() && !is_date_part(raw) { equals + 1 } else { 0 }
}

/// Whether the words make a date in prose, whatever a reader makes of
/// them (`before` and `after` are the words around them): a number alone
/// is one only as a Unix timestamp (10 or 13 digits) or with a date's
/// separators, a month's name only with a number or after `in`, `since`,
/// `until` or `by` (or the language's "in"), a unit only with a direction
/// (`in 3 days`, `3 days ago`, `next week`).
fn is_a_date(window: &[Word<'_>], before: Option<&Word<'_>>, after: Option<&Word<'_>>) -> bool {
    let joiner =
        |word: Option<&Word<'_>>| word.is_some_and(|word| matches!(word.role, Some(Role::Joiner | Role::Range)));
    // `von 9 bis 17 Uhr`, `de 9:00 a 17:00`: a range opened by the language's
    // word, closed by another, with a number, is a date.
    let ranged = |window: &[Word<'_>]| {
        window.len() > 2
            && window[0].role == Some(Role::Range)
            && window[1..window.len() - 1].iter().any(|word| word.role == Some(Role::Range))
            && window.last().is_some_and(|last| last.digits || last.role.is_some_and(|role| role != Role::Range))
            && window.iter().any(|word| word.digits)
            // A time's or a date's shape, or a word of dates besides the
            // range's own: `Von 3 bis 5 Personen` is no date.
            && window.iter().any(|word| {
                word.shape.dated || word.role.is_some_and(|role| !matches!(role, Role::Range | Role::Joiner | Role::Count))
            })
    };
    if ranged(window) && !window.iter().any(|word| word.shape.stray || word.shape.bound) {
        return true;
    }
    // Nor does a date start with `ago`, `after` or `before` (`after 6pm` is
    // `6pm`), or end with `after` or `before`: `3 days after the launch`
    // counts from the launch, not from now.
    if window.last().is_some_and(|w| w.shape.bound) {
        return false;
    }
    let opens_hour = window.len() > 2 && window[0].shape.opens_hour;
    if (joiner(window.first()) && !opens_hour)
        || joiner(window.last())
        || window.first().is_some_and(|w| w.role == Some(Role::After))
    {
        return false;
    }
    let roles = || window.iter().filter_map(|word| word.role);
    let anchored = roles().any(|role| matches!(role, Role::Anchor | Role::After));
    let directed = roles().any(|role| role == Role::Direction);
    let dated = window.iter().any(|word| word.shape.dated);
    let numbered = window.iter().any(|word| word.digits);
    if window.iter().any(|word| word.shape.stray) {
        return false;
    }
    // (Not before a word that ties it to what follows, which did not read
    // with it: `à 3 heures de Paris` is a distance.)
    if opens_hour {
        return !after.is_some_and(|word| word.shape.ties);
    }
    // `in August`, `since May`: a month's name alone after a word that says when.
    let when = before.is_some_and(|word| word.shape.month_in);
    // Vietnamese's `ngày 30 tháng 4 năm 1975`: its word for the month
    // before the month's number makes a date, and its words for day and
    // year label the numbers after them (`3 tháng`, three months, is none).
    if window.windows(2).any(|pair| pair[0].role == Some(Role::MonthNumber) && pair[1].digits) {
        return true;
    }
    // `năm 1789`: another language's word for "year" before a year labels it
    // (English's `year` is GNU's relative item, and its words are ASCII);
    // so does its word for "day" before a date (`Ngày 2024-03-15`).
    let year = |word: &Word<'_>| (3..=4).contains(&word.core.len()) && word.core.bytes().all(|b| b.is_ascii_digit());
    let label = |pair: &[Word<'_>]| pair[0].role == Some(Role::Unit) && !pair[0].core.is_ascii();
    if window.windows(2).any(|pair| label(pair) && year(&pair[1]))
        || (window.len() == 2 && label(window) && window[1].shape.dated && !before.is_some_and(|word| word.digits))
    {
        return true;
    }
    if roles().any(|role| role == Role::Unit) && !(anchored || directed) {
        return false;
    }
    if roles().any(|role| role == Role::Month) {
        return numbered || roles().any(|role| role == Role::Day) || (when && window.len() == 1);
    }
    if window.len() == 1 && window[0].digits {
        return dated;
    }
    anchored
        || dated
        || (directed && (numbered || roles().any(|role| matches!(role, Role::Unit | Role::Anchor))))
        || (numbered && roles().any(|role| role == Role::Part) && window.iter().any(|word| word.shape.time_word))
}

/// A word that belongs to a date but makes none alone: an offset
/// (`-0700`, `+05:30`) or Go's monotonic clock reading (`m=+0.0012`).
fn is_date_part(core: &str) -> bool {
    let signed = |rest: &str| {
        rest.strip_prefix(['+', '-']).is_some_and(|digits| {
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
        })
    };
    match core.strip_prefix("m=") {
        Some(reading) => signed(reading),
        None => signed(core) && matches!(core.len(), 3 | 5 | 6),
    }
}

/// A count or a bare number (`3`, `2023`): no date alone.
fn is_count(core: &str) -> bool {
    core.bytes().all(|b| b.is_ascii_digit()) && core.len() <= 9
}

/// A word with digits that has a date's or a time's shape: a Unix
/// timestamp (10 or 13 digits), an ordinal (`14th`), digits with letters
/// (`5pm`, `1h30m`, `05MAR2019`), or digits joined by a date's or a time's
/// separators into more than a price, a version or a phone number
/// (`2023-11-14`, `11/14`, `17:13`, `14.11.2023`, not `20.99`, `1.2.3`,
/// `555-1234`).
fn is_date_shaped(core: &str) -> bool {
    let digits = core.bytes().filter(u8::is_ascii_digit).count();
    if is_date_part(core) {
        return true;
    }
    if core.bytes().all(|b| b.is_ascii_digit()) {
        return matches!(core.len(), 10 | 13);
    }
    if core.chars().any(char::is_alphabetic) || core.contains(':') || core.contains('/') {
        return true;
    }
    let parts: Vec<&str> = core.split(['-', '.', ',']).collect();
    let lengths: Vec<usize> = parts.iter().map(|part| part.len()).collect();
    let numeric = parts.iter().all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    numeric
        && digits >= 6
        && matches!(lengths.as_slice(), [4, 1..=2, 1..=2] | [1..=2, 1..=2, 4] | [1..=2, 1..=2, 2] | [4, 2])
        && core.contains(['-', '.'])
}

/// A word that says its number is a time (`o'clock`, `am`, `pm`).
fn is_time_word(core: &str) -> bool {
    ["o'clock", "oclock", "am", "pm", "a.m.", "p.m."].iter().any(|word| core.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone::Zone;
    use jiff::Timestamp;

    fn found(text: &str) -> Vec<String> {
        let zone = Zone::parse("America/New_York").unwrap();
        let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
        extract(text, &ReadOptions::defaults(&zone, now))
            .unwrap()
            .found
            .into_iter()
            .map(|found| format!("{} = {}", found.text, found.rfc3339))
            .collect()
    }

    /// Sentences written for the test, with and without dates: the false
    /// friends (`may`, `march`, `second`, `sun`, `a`), prices, versions,
    /// phone numbers and counts are no dates.
    #[test]
    fn the_dates_of_sentences_and_only_them() {
        let cases: &[(&str, &[&str])] = &[
            ("let's meet tomorrow at 8pm EST", &["tomorrow at 8pm EST = 2026-11-26T20:00:00-05:00"]),
            (
                "The release is on 2023-11-14T22:13:20Z, see you there.",
                &["2023-11-14T22:13:20Z = 2023-11-14T17:13:20-05:00"],
            ),
            ("Deadline: March 5, 2027 at 17:00.", &["March 5, 2027 at 17:00 = 2027-03-05T17:00:00-05:00"]),
            ("I may march in May 2027 with the band.", &["May 2027 = 2027-05-01T00:00:00-04:00"]),
            ("Wait a second, the sun is out.", &[]),
            ("It costs $20.99 and version 1.2.3 fixed it; call 555-1234.", &[]),
            ("We walked 3 miles in 2 hours with 12 people.", &["in 2 hours = 2026-11-25T12:00:00-05:00"]),
            ("It took 3 days.", &[]),
            (
                "The build ran 3 days ago and again next friday.",
                &["3 days ago = 2026-11-22T10:00:00-05:00", "next friday = 2026-11-27T00:00:00-05:00"],
            ),
            ("Logged at 1700000000 by the server", &["1700000000 = 2023-11-14T17:13:20-05:00"]),
            ("Order 12345 shipped", &[]),
            ("See you Friday!", &["Friday = 2026-11-27T00:00:00-05:00"]),
            ("She is getting married soon (July 2027).", &["July 2027 = 2027-07-01T00:00:00-04:00"]),
            ("...Thursday, December 15, 2011 Best Rate", &["Thursday, December 15, 2011 = 2011-12-15T00:00:00-05:00"]),
            ("/05/25/2015", &["05/25/2015 = 2015-05-25T00:00:00-04:00"]),
        ];
        for (text, expected) in cases {
            assert_eq!(found(text), *expected, "{text}");
        }
    }

    /// A log line's fields (logfmt, `key=value`): the date is the value,
    /// with its span; a field's number is a count, no date; Go's monotonic
    /// reading still ends the date before it.
    #[test]
    fn a_field_of_a_log_line_is_its_value() {
        let cases: &[(&str, &[&str])] = &[
            (
                "time=2024-03-05T12:00:00Z level=info msg=served status=200 latency_ms=131",
                &["2024-03-05T12:00:00Z = 2024-03-05T07:00:00-05:00"],
            ),
            (r#"ts="2024-03-05 12:00:00" user=bob"#, &["2024-03-05 12:00:00 = 2024-03-05T12:00:00-05:00"]),
            ("status=200 path=/api/v1/items/1034 count=12", &[]),
            (
                "2019-03-05 07:41:10.2 -0700 MST m=+0.001200000 served",
                &["2019-03-05 07:41:10.2 -0700 MST m=+0.001200000 = 2019-03-05T09:41:10.200-05:00"],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(found(text), *expected, "{text}");
        }
        let zone = Zone::parse("UTC").unwrap();
        let text = "at=2024-03-05T12:00:00Z ok";
        let extraction = extract(text, &ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH)).unwrap();
        assert_eq!((extraction.found[0].start, extraction.found[0].end), (3, 23));
        assert_eq!(with_discord_codes(text, &extraction), "at=<t:1709640000:F> ok");
    }

    /// A glog or Kubernetes line's header is its month, day and time, in
    /// the current year; a level and digits of no month or day are not.
    #[test]
    fn a_glog_header_is_a_date() {
        let cases: &[(&str, &[&str])] = &[
            (
                "I0305 12:00:00.123456    1234 main.go:42] serving",
                &["I0305 12:00:00.123456 = 2026-03-05T12:00:00.123456-05:00"],
            ),
            ("E1231 23:59:59.000001 1 x.go:1] boom", &["E1231 23:59:59.000001 = 2026-12-31T23:59:59.000001-05:00"]),
            ("I1305 12:00:00.123456 1 x.go:1] no month 13", &["12:00:00.123456 = 2026-11-25T12:00:00.123456-05:00"]),
            (
                "Ia€ 12:00:00 and I0€ 12:00:00",
                &["12:00:00 = 2026-11-25T12:00:00-05:00", "12:00:00 = 2026-11-25T12:00:00-05:00"],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(found(text), *expected, "{text}");
        }
    }

    /// A phrase's later word, which has no role alone, keeps the date
    /// whole: Spanish `lunes a las 10:00` is Monday at 10, not Monday and
    /// then 10:00 today.
    #[test]
    fn a_phrase_inside_a_date_keeps_it_whole() {
        let zone = Zone::parse("Europe/Madrid").unwrap();
        let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
        let spanish = crate::locale::Localizer::get("es").unwrap();
        let options = ReadOptions { language: &spanish, ..ReadOptions::defaults(&zone, now) };
        let found: Vec<String> = extract("nos vemos el lunes a las 10:00 en la oficina", &options)
            .unwrap()
            .found
            .into_iter()
            .map(|found| format!("{} = {}", found.text, found.rfc3339))
            .collect();
        assert_eq!(found, ["lunes a las 10:00 = 2026-11-30T10:00:00+01:00"]);
    }

    /// A day and the time of day after it, `from` or `at` between, are one
    /// date (the time alone was today's); a relative item or another day
    /// after `from` stays a date of its own.
    #[test]
    fn a_day_and_the_time_after_it_are_one_date() {
        let zone = Zone::parse("America/New_York").unwrap();
        let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
        let options = ReadOptions::defaults(&zone, now);
        let found = |text: &str| {
            let found = extract(text, &options).unwrap().found;
            found.into_iter().map(|f| format!("{} {}", f.text, f.rfc3339)).collect::<Vec<_>>()
        };
        assert_eq!(found("open tomorrow from 2 to 4pm"), ["tomorrow from 2 to 4pm 2026-11-26T14:00:00-05:00"]);
        assert_eq!(
            found("2025-03-03 from 10:00 to 12:00"),
            ["2025-03-03 from 10:00 to 12:00 2025-03-03T10:00:00-05:00"]
        );
        assert_eq!(
            found("Monday from 2 hours ago"),
            ["Monday 2026-11-30T00:00:00-05:00", "2 hours ago 2026-11-25T08:00:00-05:00"]
        );
    }

    /// The dates `extract` finds in `text`, read in `tag` in UTC at Monday
    /// 2026-11-23T18:44:03.5Z.
    fn found_in_language(text: &str, tag: &str) -> Vec<Found> {
        let zone = Zone::utc();
        let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
        let language = crate::locale::Localizer::get(tag).unwrap();
        let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
        extract(text, &options).unwrap().found
    }

    /// [`found_in_language`]'s dates, each as its text, start and ISO instant.
    fn found_in(text: &str, tag: &str) -> Vec<String> {
        let found = found_in_language(text, tag);
        found.into_iter().map(|f| format!("{} {} {}", f.text, f.start, f.iso)).collect()
    }

    /// A phrase that says which way a count lies (`il y a`, `dentro de`)
    /// makes its count and unit a date, as English's `in` does; a dotted
    /// time after the word for "at", or before am, pm or an English part of
    /// the day, is a time, never a Unix time (`at 12.30` was 12.3 seconds
    /// after 1970).
    #[test]
    fn a_range_written_with_a_languages_words_is_one_date() {
        assert_eq!(
            found_in("On se voit lundi de 9h à 17h, merci", "fr"),
            ["lundi de 9h à 17h 11 2026-11-23T09:00:00.000Z"]
        );
        assert_eq!(
            found_in("Wir treffen uns von 9 bis 17 Uhr im Büro", "de"),
            ["von 9 bis 17 Uhr 16 2026-11-23T09:00:00.000Z"]
        );
        assert_eq!(found_in("Встреча с 10 до 11 утра", "ru"), ["с 10 до 11 утра 8 2026-11-23T10:00:00.000Z"]);
        assert_eq!(
            found_in("La tienda abre de 9:00 a 17:00 todos los días", "es"),
            ["de 9:00 a 17:00 15 2026-11-23T09:00:00.000Z"]
        );
        // Numbers between the words, and nothing else of a date, are none.
        assert!(found_in("Von 3 bis 5 Personen", "de").is_empty());
        assert!(found_in("Tengo de 3 a 5 hermanos", "es").is_empty());
    }

    #[test]
    fn a_vietnamese_date_written_with_its_labels_is_found_in_prose() {
        assert_eq!(
            found_in("Ngày 30 tháng 4 năm 1975 là ngày giải phóng.", "vi"),
            ["Ngày 30 tháng 4 năm 1975 0 1975-04-30T00:00:00.000Z"]
        );
        assert_eq!(
            found_in("Hiệp định được ký ngày 27 tháng 1 năm 1973.", "vi"),
            ["ngày 27 tháng 1 năm 1973 18 1973-01-27T00:00:00.000Z"]
        );
        // `3 tháng` is three months, no date without a direction.
        assert!(found_in("Tôi có 3 tháng", "vi").is_empty());
        // Vietnamese says its "in" after the count too, for "later"; French's
        // and Spanish's `en` after a count is "in" a place.
        assert_eq!(found_in("Sự kiện 3 ngày sau.", "vi"), ["3 ngày sau 8 2026-11-26T18:44:03.500Z"]);
        assert!(found_in("Je reste 3 jours en France", "fr").is_empty());
        assert!(found_in("Estuve 3 días en Madrid", "es").is_empty());
        // A year labeled by the word for "year": `năm 1789` (`3 năm`, three
        // years, stays prose).
        assert_eq!(found_in("Cách mạng năm 1789.", "vi"), ["năm 1789 10 1789-01-01T00:00:00.000Z"]);
        assert!(found_in("Tôi sống ở đây 3 năm.", "vi").is_empty());
    }

    #[test]
    fn phrases_of_direction_and_dotted_times() {
        let found_in = |text: &str, tag: &str| {
            found_in_language(text, tag).into_iter().map(|f| format!("{} {}", f.text, f.rfc3339)).collect::<Vec<_>>()
        };
        assert_eq!(
            found_in("il y a 5 jours, on a fait quelque chose", "fr"),
            ["il y a 5 jours 2026-11-18T18:44:03.500Z"]
        );
        assert_eq!(
            found_in("Hay que hacerlo dentro de 2 horas.", "es"),
            ["dentro de 2 horas 2026-11-23T20:44:03.500Z"]
        );
        assert_eq!(found_in("meet at 12.30", "en"), ["12.30 2026-11-23T12:30:00Z"]);
        assert_eq!(found_in("встреча в 12.30", "ru"), ["12.30 2026-11-23T12:30:00Z"]);
        assert_eq!(found_in("doors open 6.13 pm", "en"), ["6.13 pm 2026-11-23T18:13:00Z"]);
        assert!(found_in("it costs 6.13 dollars", "en").is_empty());
        assert_eq!(found_in("8.00 tonight?", "en"), ["8.00 tonight 2026-11-23T20:00:00Z"]);
        // Another language's "at", an hour and its word: a time, the "at"
        // with it (`17 heures demain` alone is seventeen hours after tomorrow).
        assert_eq!(found_in("Treffen um 17 Uhr", "de"), ["um 17 Uhr 2026-11-23T17:00:00Z"]);
        assert_eq!(found_in("Rendez-vous à 17 heures demain", "fr"), ["à 17 heures demain 2026-11-24T17:00:00Z"]);
        assert_eq!(found_in("We zien elkaar om 17 uur", "nl"), ["om 17 uur 2026-11-23T17:00:00Z"]);
        assert_eq!(found_in("Встреча в 5 часов", "ru"), ["в 5 часов 2026-11-23T05:00:00Z"]);
        assert_eq!(found_in("Cuộc họp lúc 7 giờ.", "vi"), ["lúc 7 giờ 2026-11-23T07:00:00Z"]);
        // Not English's `at`, nor a count that is no hour.
        assert!(found_in("the battery lasts at 5 hours", "en").is_empty());
        assert!(found_in("Je pars à 30 heures de route", "fr").is_empty());
        // Nor before a word that ties it to what follows: a distance.
        assert!(found_in("Je suis à 3 heures de Paris", "fr").is_empty());
        assert!(found_in("Lyon est à 2 heures d'ici", "fr").is_empty());
        assert_eq!(
            found_in("On part à 3 heures de l'après-midi", "fr"),
            ["à 3 heures de l'après-midi 2026-11-23T15:00:00Z"]
        );
        assert_eq!(found_in("rendez-vous à 3 heures du matin", "fr"), ["à 3 heures du matin 2026-11-23T03:00:00Z"]);
        // A part of the day written with a hyphen is one word of dates
        // (`demain après-midi` was `demain` alone, at the current time).
        assert_eq!(found_in("On se voit demain après-midi", "fr"), ["demain après-midi 2026-11-24T15:00:00Z"]);
        // A month's name alone after the language's "in", as after English's.
        assert_eq!(found_in("On se voit en mai", "fr"), ["mai 2026-05-01T00:00:00Z"]);
        assert_eq!(found_in("Es ist im September", "de"), ["September 2026-09-01T00:00:00Z"]);
        assert_eq!(found_in("Sarà a settembre", "it"), ["settembre 2026-09-01T00:00:00Z"]);
        assert!(found_in("Je reste en France", "fr").is_empty());
        assert!(found_in("Es ist September", "de").is_empty());
        // The word for "day" before a date labels it.
        assert_eq!(found_in("Gặp ngày 15/03/2024 nhé", "vi"), ["ngày 15/03/2024 2024-03-15T00:00:00Z"]);
        // A case Turkish or Hungarian writes onto a time ends the date's word.
        assert_eq!(found_in("Yarın saat 15:00'te görüşelim", "tr"), ["Yarın saat 15:00 2026-11-24T15:00:00Z"]);
        assert_eq!(found_in("Holnap 15:00-kor találkozunk", "hu"), ["Holnap 15:00 2026-11-24T15:00:00Z"]);
    }

    /// A JSON log line, with or without spaces: its strings are words.
    /// A quote in prose stays punctuation around its word.
    #[test]
    fn a_json_line_without_spaces_has_its_words() {
        let cases: &[(&str, &[&str])] = &[
            (
                r#"{"time":"2024-03-05T12:00:00Z","level":"info","status":200}"#,
                &["2024-03-05T12:00:00Z = 2024-03-05T07:00:00-05:00"],
            ),
            (r#"{"at":["2024-03-05 12:00:00"]}"#, &["2024-03-05 12:00:00 = 2024-03-05T12:00:00-05:00"]),
            (r#"{"ts": "2024-03-05T12:00:00Z", "n": 5}"#, &["2024-03-05T12:00:00Z = 2024-03-05T07:00:00-05:00"]),
            (r#"He said "next friday," and left."#, &["next friday = 2026-11-27T00:00:00-05:00"]),
        ];
        for (text, expected) in cases {
            assert_eq!(found(text), *expected, "{text}");
        }
    }

    /// The one date of a sentence: a range that one separator joins is
    /// read as its start; two dates otherwise are no guess.
    #[test]
    fn a_sentence_with_one_date_or_one_range() {
        let zone = Zone::parse("America/New_York").unwrap();
        let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
        let options = ReadOptions::defaults(&zone, now);
        let inside = |text: &str| {
            the_date_inside(text, &options).map(|reading| {
                let warnings = reading.human.map(|human| human.warnings).unwrap_or_default();
                (reading.instant.to_string(), warnings)
            })
        };
        let (instant, warnings) = inside("Something happen on 2014-04-18 13:00 - 16:00 as").unwrap();
        assert_eq!(instant, "2014-04-18T17:00:00Z");
        assert!(warnings[0].starts_with("read the date inside the text, \"2014-04-18 13:00 - 16:00\""), "{warnings:?}");
        assert!(warnings[1].starts_with("a range: read as its start"), "{warnings:?}");
        let (instant, _) = inside("vacation monday - friday").unwrap();
        assert_eq!(instant, "2026-11-30T05:00:00Z");
        // Two days a dash joins, in one word (`today-tomorrow` was tomorrow).
        let (instant, warnings) = inside("vacation monday-friday").unwrap();
        assert_eq!(instant, "2026-11-30T05:00:00Z");
        assert!(warnings[1].starts_with("a range: read as its start"), "{warnings:?}");
        // A near miss of an English word is a typo in English only (Dutch
        // `Laten`, "let", is no `later`); in English the text is refused.
        let dutch = crate::locale::Localizer::get("nl").unwrap();
        let in_dutch = ReadOptions { language: &dutch, ..options };
        let reading = the_date_inside("Laten we op dinsdag ochtend afspreken", &in_dutch).unwrap();
        assert_eq!(reading.instant.to_string(), "2026-12-01T11:00:00Z");
        assert!(inside("meet tomorow at 5pm").is_none());
        let russian = crate::locale::Localizer::get("ru").unwrap();
        let in_russian = ReadOptions { language: &russian, ..options };
        let reading = the_date_inside("Событие сегодня-завтра", &in_russian).unwrap();
        assert_eq!(reading.instant, now);
        assert!(reading.human.unwrap().warnings[1].contains("ends at 2026-11-26T10:00:00"));
        // Joined by the words people's reader joins ranges with, in every language.
        let german = crate::locale::Localizer::get("de").unwrap();
        let in_german = ReadOptions { language: &german, ..options };
        for text in ["Urlaub Montag bis Freitag", "Urlaub Montag – Freitag"] {
            let reading = the_date_inside(text, &in_german).unwrap();
            assert_eq!(reading.instant.to_string(), "2026-11-30T05:00:00Z", "{text}");
            let warnings = reading.human.map(|human| human.warnings).unwrap_or_default();
            assert!(warnings.iter().any(|w| w.starts_with("a range: read as its start")), "{text}: {warnings:?}");
        }
        assert_eq!(inside("/05/25/2015").unwrap().0, "2015-05-25T04:00:00Z");
        // Opened and closed by the language's words, the opening one read with them.
        let italian = crate::locale::Localizer::get("it").unwrap();
        let reading = the_date_inside("ferie da lunedì a venerdì", &ReadOptions { language: &italian, ..options });
        let warnings = reading.map(|reading| reading.human.map(|human| human.warnings).unwrap_or_default());
        assert!(warnings.as_ref().is_some_and(|w| w[0].contains("\"da lunedì a venerdì\"")), "{warnings:?}");
        // A range joined by Chinese's and Japanese's words, inside a sentence.
        for (text, tag) in [
            ("我从今早八点十分至下午11点32分打游戏", "zh"),
            ("私は本日午前八時十分から午後11時32分までゲームをした", "ja"),
        ] {
            let language = crate::locale::Localizer::get(tag).unwrap();
            let reading = the_date_inside(text, &ReadOptions { language: &language, ..options }).expect(text);
            assert_eq!(reading.instant.to_string(), "2026-11-25T13:10:00Z", "{text}");
            let warnings = reading.human.map(|human| human.warnings).unwrap_or_default();
            assert!(warnings[1].starts_with("a range: read as its start"), "{text}: {warnings:?}");
        }
        // "In" before a date that starts with its number says "on"
        // (Portuguese `em`); before a month's name, "in".
        assert_eq!(inside("The launch is in 2019-03-05").unwrap().0, "2019-03-05T05:00:00Z");
        let portuguese = crate::locale::Localizer::get("pt").unwrap();
        let in_portuguese = ReadOptions { language: &portuguese, ..options };
        let reading = the_date_inside("Algo passou em 10 de Agosto de 2012 10:12:59 pm", &in_portuguese).unwrap();
        assert_eq!(reading.instant.to_string(), "2012-08-11T02:12:59Z");
        // `of` ties the date to words that did not read with it: `last day`
        // alone (yesterday) is not what was said.
        for text in ["meet at 5pm and 6pm", "at 5pm - 6pm and 7pm", "1.5.30 - 2015-09-24", "the last day of the month"]
        {
            assert_eq!(inside(text), None, "{text}");
        }
    }

    #[test]
    fn words_written_together_are_found_as_their_words() {
        assert_eq!(found_in("明日の午後3時に会いましょう", "ja"), ["明日の午後3時 0 2026-11-24T15:00:00.000Z"]);
        assert_eq!(found_in("我们明天下午3点见", "zh"), ["明天下午3点 2 2026-11-24T15:00:00.000Z"]);
        assert_eq!(found_in("我2016年9月3号要打游戏", "zh"), ["2016年9月3号 1 2016-09-03T00:00:00.000Z"]);
        // A year in Chinese digits: found whole, as written.
        assert_eq!(found_in("我二零一六年九月三号要打游戏", "zh"), ["二零一六年九月三号 1 2016-09-03T00:00:00.000Z"]);
        assert_eq!(found_in("主な株主（令和元年5月1日）", "ja"), ["令和元年5月1日 5 2019-05-01T00:00:00.000Z"]);
        // A count in words before a mark is a number; `一点` alone is "a little".
        assert_eq!(found_in("我九月三号要打游戏", "zh"), ["九月三号 1 2026-09-03T00:00:00.000Z"]);
        assert_eq!(found_in("我们下午一点见", "zh"), ["下午一点 2 2026-11-23T13:00:00.000Z"]);
        assert!(found_in("快一点", "zh").is_empty());
        // A weekday's full name is a date alone, as English's is; in these
        // languages it is two or three characters.
        assert_eq!(found_in("会议在星期三", "zh"), ["星期三 3 2026-11-25T00:00:00.000Z"]);
        assert_eq!(found_in("金曜日に会いましょう", "ja"), ["金曜日 0 2026-11-27T00:00:00.000Z"]);
        // Korean writes its particle "at" onto the word: the date is the word.
        assert_eq!(found_in("내일 오후 3시에 만나요", "ko"), ["내일 오후 3시 0 2026-11-24T15:00:00.000Z"]);
        assert_eq!(found_in("수요일에 회의가 있어요", "ko"), ["수요일 0 2026-11-25T00:00:00.000Z"]);
        // A word of one character inside prose is prose (`今`, now, of
        // `今度`, next time; `天`, day, of `天气`, weather).
        assert!(found_in("今度には雨が降るでしょう", "ja").is_empty());
        // Words CLDR does not write: `今夕`, this evening; `きょう`, today in kana.
        assert_eq!(found_in("今夕には雨が降るでしょう", "ja"), ["今夕 0 2026-11-23T20:00:00.000Z"]);
        assert_eq!(found_in("きょう感じたこと", "ja"), ["きょう 0 2026-11-23T18:44:03.500Z"]);
        assert!(found_in("天气很好，一点也不冷", "zh").is_empty());
        assert_eq!(found_in("今天天气很好", "zh"), ["今天 0 2026-11-23T18:44:03.500Z"]);
        assert_eq!(found_in("我们一年内完成", "zh"), ["一年内 2 2027-11-23T18:44:03.500Z"]);
        // `früh` is the morning only after a day (`Ich bin früh aufgestanden`: early).
        assert_eq!(found_in("Ich bin heute früh aufgestanden", "de"), ["heute früh 8 2026-11-23T06:00:00.000Z"]);
        assert!(found_in("Ich bin früh aufgestanden", "de").is_empty());
        // A day and its part written as one word is a date alone.
        assert_eq!(found_in("Zien we elkaar morgenochtend?", "nl"), ["morgenochtend 15 2026-11-24T06:00:00.000Z"]);
        assert_eq!(found_in("我们明早见", "zh"), ["明早 2 2026-11-24T06:00:00.000Z"]);
        // Another language's "later" after a count ends its date, as `later` does.
        assert_eq!(found_in("两个礼拜内答复我", "zh"), ["两个礼拜内 0 2026-12-07T18:44:03.500Z"]);
        assert_eq!(found_in("5分钟之后出门", "zh"), ["5分钟之后 0 2026-11-23T18:49:03.500Z"]);
        assert_eq!(found_in("Ci vediamo 5 minuti dopo", "it"), ["5 minuti dopo 11 2026-11-23T18:49:03.500Z"]);
        // French's `les` joins, and is no date alone nor its start.
        assert_eq!(
            found_in("Réservé pour les 2 prochaines semaines.", "fr"),
            ["2 prochaines semaines 17 2026-12-07T18:44:03.500Z"]
        );
        assert!(found_in("Les enfants jouent dans les 2 jardins", "fr").is_empty());
    }

    #[test]
    fn spans_are_characters_and_codes_replace_them() {
        let zone = Zone::utc();
        let now: Timestamp = "2026-11-25T15:00:00Z".parse().unwrap();
        let text = "Café opens «2026-12-01» — ok";
        let extraction = extract(text, &ReadOptions::defaults(&zone, now)).unwrap();
        let date = &extraction.found[0];
        assert_eq!((date.start, date.end, date.date_only), (12, 22, true));
        assert_eq!(text.chars().skip(date.start).take(date.end - date.start).collect::<String>(), "2026-12-01");
        assert_eq!(with_discord_codes(text, &extraction), "Café opens «<t:1796083200:D>» — ok");
        assert!(extract(&"x".repeat(MAX_TEXT_CHARS + 1), &ReadOptions::defaults(&zone, now)).is_err());
    }

    /// Two dates written together, one beginning where the other ends
    /// (`周一周二`, Monday Tuesday), are each replaced by its code (the
    /// fuzzer found that the second had panicked).
    #[test]
    fn dates_written_together_are_each_replaced() {
        let zone = Zone::utc();
        let now: Timestamp = "2026-11-23T18:44:03.5Z".parse().unwrap();
        let language = crate::locale::Localizer::get("zh").unwrap();
        let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
        let text = "周一周二见";
        let extraction = extract(text, &options).unwrap();
        let spans: Vec<_> = extraction.found.iter().map(|found| (found.start, found.end)).collect();
        assert_eq!(spans, [(0, 2), (2, 4)]);
        let codes: Vec<_> = extraction.found.iter().map(|found| found.discord.as_str()).collect();
        assert_eq!(with_discord_codes(text, &extraction), format!("{}{}见", codes[0], codes[1]));
    }
}
