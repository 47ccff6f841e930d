//! What a caller typed -> an instant.
//!
//! Numbers are read from their decimal text, exactly: never through a
//! binary float, with `i128` nanoseconds so even nanosecond values beyond
//! `i64` keep every digit. Date strings are parsed by `iso` (ISO 8601,
//! RFC 3339, RFC 9557) and `mail` (RFC 5322, the HTTP dates of RFC
//! 9110, the common log format), read here into instants exactly (offsets to
//! the nanosecond, leap seconds only where they can be), and wall-clock times
//! are placed in their zone with an explicit DST disambiguation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jiff::Timestamp;
use jiff::civil::{Date, DateTime, ISOWeekDate, Time, Weekday};
use jiff::tz::Offset;

use crate::date_math;
use crate::digits::ascii_forms;
use crate::epoch::Epoch;
use crate::error::TimeError;
use crate::human::{self, Human, HumanOptions};
use crate::id;
use crate::id::IdFields;
use crate::iso::{self, DateForm, Parsed, UtcOffset, ZoneAnnotation};
use crate::kind::Kind;
pub use crate::local::Disambiguation;
use crate::local::{out_of_range_datetime, resolve_local};
use crate::locale::Localizer;
use crate::mail::{self, Form, NamedMonthDate};
use crate::precision::Precision;
use crate::render::MAX_PATTERN_CHARS;
use crate::zone::Zone;

/// The longest timestamp text accepted.
pub const MAX_INPUT_CHARS: usize = 256;

/// A timestamp as the caller sent it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input<'a> {
    /// The exact text of a JSON number.
    Number(&'a str),
    /// A string: a numeric string or a date string.
    Text(&'a str),
}

impl<'a> Input<'a> {
    /// The text as given.
    pub fn text(&self) -> &'a str {
        match self {
            Input::Number(text) | Input::Text(text) => text,
        }
    }
}

/// The most patterns `input_format` may list.
pub const MAX_INPUT_FORMATS: usize = 8;

/// How to read an input: the zone of wall-clock times, a stated unit, and
/// the DST rule; and how to write the answer: in that zone and unit, in a
/// language.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions<'z> {
    pub zone: &'z Zone,
    pub precision: Option<Precision>,
    pub disambiguation: Disambiguation,
    /// The reader's clock, for inputs read relative to it (RFC 850's
    /// two-digit years).
    pub now: Timestamp,
    /// The epoch system of numeric inputs; `None` for Unix time.
    pub epoch: Option<Epoch>,
    /// `input_format`: strptime patterns tried in order instead of the
    /// built-in readers; empty for none.
    pub patterns: &'z [String],
    /// The language the human-readable outputs are written in.
    pub language: &'z Localizer,
    /// Where a reading notes that it counted from `now` (see [`FromNow`]);
    /// `None` when the caller does not ask.
    pub from_now: Option<&'z FromNow>,
    /// A caller that keeps only where a refusal stops, never its words
    /// (extract, trying window after window of prose): people's reader
    /// then writes no message. The error's kind and position are the same.
    pub unworded: bool,
}

/// Whether any reading counted from the clock: date math from `now`
/// (`now-1d`), people's text with a relative item or without a full date
/// (`tomorrow 9am`, `3 days ago`, `5pm`). An answer built from such a
/// reading is true only now, so the web layer sends it with
/// `Cache-Control: no-store`. The reading notes it as it reads (also when
/// it then fails), so no caller reads a text twice to know.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::input::{FromNow, Input, ReadOptions, read};
/// use tsconv_time::zone::Zone;
///
/// let utc = Zone::utc();
/// let from_now = FromNow::default();
/// let options = ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH).noting(&from_now);
/// read(Input::Text("2023-11-14T22:13:20Z"), &options).unwrap();
/// assert!(!from_now.seen());
/// read(Input::Text("tomorrow 9am"), &options).unwrap();
/// assert!(from_now.seen());
/// ```
#[derive(Debug, Default)]
pub struct FromNow(AtomicBool);

impl FromNow {
    /// Notes that a reading counted from the clock.
    pub fn note(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether any reading noted it.
    pub fn seen(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl<'z> ReadOptions<'z> {
    /// Inputs read in `zone` with everything else at its default: unit
    /// detected, `compatible`, Unix time, no patterns, answers in English.
    /// For a caller that takes none of the settings from its user (a face
    /// that does builds a [`ReadSettings`], which names every one).
    ///
    /// ```
    /// use jiff::Timestamp;
    /// use tsconv_time::input::{Input, ReadOptions, read};
    /// use tsconv_time::zone::Zone;
    ///
    /// let reading = read(Input::Text("1700000000000"), &ReadOptions::defaults(&Zone::utc(), Timestamp::UNIX_EPOCH)).unwrap();
    /// assert_eq!(reading.instant.as_second(), 1_700_000_000); // milliseconds, detected
    /// ```
    pub fn defaults(zone: &'z Zone, now: Timestamp) -> ReadOptions<'z> {
        ReadOptions {
            zone,
            precision: None,
            disambiguation: Disambiguation::Compatible,
            now,
            epoch: None,
            patterns: &[],
            language: crate::locale::english(),
            from_now: None,
            unworded: false,
        }
    }

    /// These options, noting in `from_now` whether a reading counted from
    /// the clock.
    pub fn noting(self, from_now: &'z FromNow) -> ReadOptions<'z> {
        ReadOptions { from_now: Some(from_now), ..self }
    }

    fn note_from_now(&self) {
        if let Some(from_now) = self.from_now {
            from_now.note();
        }
    }
}

/// How inputs are read, owned: what a face builds once from what its user
/// sent (parameters, flags), every field named, and lends to each input as
/// [`ReadOptions`]. A field added here is a compile error at every place
/// that builds one, so no face can take its default by accident.
#[derive(Clone, Debug)]
pub struct ReadSettings {
    pub zone: Zone,
    pub precision: Option<Precision>,
    pub disambiguation: Disambiguation,
    pub epoch: Option<Epoch>,
    pub patterns: Vec<String>,
    /// The language of the answer's texts.
    pub language: Arc<Localizer>,
}

impl ReadSettings {
    /// The options of one reading at `now`.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use jiff::Timestamp;
    /// use tsconv_time::input::{Input, ReadSettings, read};
    /// use tsconv_time::local::Disambiguation;
    /// use tsconv_time::precision::Precision;
    /// use tsconv_time::zone::Zone;
    ///
    /// let settings = ReadSettings {
    ///     zone: Zone::parse("Europe/Berlin").unwrap(),
    ///     precision: Some(Precision::Seconds),
    ///     disambiguation: Disambiguation::Reject,
    ///     epoch: None,
    ///     patterns: vec!["%d.%m.%Y %H:%M".to_owned()],
    ///     language: Arc::clone(tsconv_time::locale::english_shared()),
    /// };
    /// let reading = read(Input::Text("14.11.2023 23:13"), &settings.options(Timestamp::UNIX_EPOCH)).unwrap();
    /// assert_eq!(reading.instant.as_second(), 1_700_000_000 - 20);
    /// ```
    pub fn options(&self, now: Timestamp) -> ReadOptions<'_> {
        ReadOptions {
            zone: &self.zone,
            precision: self.precision,
            disambiguation: self.disambiguation,
            now,
            epoch: self.epoch,
            patterns: &self.patterns,
            language: &self.language,
            from_now: None,
            unworded: false,
        }
    }
}

/// An input turned into an instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub instant: Timestamp,
    pub kind: Kind,
    /// The unit of the `timestamp` output field.
    pub precision: Precision,
    pub precision_detected: bool,
    /// Set when a wall-clock time fell in a DST gap or fold (what happened
    /// and how it was resolved), or a GPS time in a leap second.
    pub local_time_note: Option<String>,
    /// For [`Kind::Epoch`]: the system.
    pub epoch: Option<Epoch>,
    /// For [`Kind::Pattern`]: the pattern that read the input.
    pub pattern: Option<String>,
    /// For an ID: its other fields.
    pub id: Option<IdFields>,
    /// For [`Kind::Human`]: what was understood, and its other readings.
    pub human: Option<Box<Human>>,
}

impl Reading {
    /// A reading of a date string or Unix number, with no epoch system or ID.
    fn plain(instant: Timestamp, kind: Kind, precision: Precision, precision_detected: bool) -> Reading {
        Reading {
            instant,
            kind,
            precision,
            precision_detected,
            local_time_note: None,
            epoch: None,
            pattern: None,
            id: None,
            human: None,
        }
    }

    /// A reading whose `timestamp` unit is stated, or else the coarsest that
    /// holds the instant exactly.
    fn exact(instant: Timestamp, kind: Kind, options: &ReadOptions<'_>) -> Reading {
        let precision = options.precision.unwrap_or_else(|| Precision::exact_for(instant));
        Reading::plain(instant, kind, precision, options.precision.is_none())
    }
}

/// Reads one timestamp.
///
/// ```
/// use tsconv_time::input::{Input, ReadOptions, read};
/// use tsconv_time::{kind::Kind, precision::Precision, zone::Zone};
///
/// let utc = Zone::utc();
/// let options = ReadOptions::defaults(&utc, jiff::Timestamp::now());
/// let reading = read(Input::Number("1700000000.5"), &options).unwrap();
/// assert_eq!(reading.kind, Kind::Unix);
/// assert_eq!(reading.precision, Precision::Milliseconds);
/// assert_eq!(reading.instant.to_string(), "2023-11-14T22:13:20.5Z");
/// ```
pub fn read(input: Input<'_>, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    read_exactly(input, options).or_else(|error| match input {
        // A sentence around one date (`I have a meeting on March 1, 1974.`):
        // that date, with a warning that names what was left out.
        Input::Text(text)
            if options.patterns.is_empty()
                && options.epoch.is_none()
                && matches!(error, TimeError::InvalidTimestamp { .. }) =>
        {
            crate::extract::the_date_inside(text, options).ok_or(error)
        }
        _ => Err(error),
    })
}

/// As [`read`], the whole input only: no date found inside a sentence.
pub(crate) fn read_exactly(input: Input<'_>, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    if !options.patterns.is_empty() {
        return read_patterns(input.text().trim(), options);
    }
    if let Some(epoch) = options.epoch {
        let text = input.text().trim();
        let read = epoch.read(text, options.zone, options.disambiguation)?;
        let mut reading = Reading::exact(read.instant, Kind::Epoch, options);
        reading.local_time_note = read.note;
        reading.epoch = Some(epoch);
        reading.id = read.id;
        return Ok(reading);
    }
    match input {
        Input::Number(text) => read_number(text, 0, options),
        Input::Text(text) => read_text(text, options),
    }
}

/// Date math: its anchor (`now`, or an input read as any other, but not
/// date math again), then its operations in `options.zone`.
fn read_date_math(text: &str, lead: usize, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    let math = date_math::parse(text, lead)?;
    let start = match math.anchor {
        None => {
            options.note_from_now();
            options.now
        }
        Some(anchor) if date_math::is_date_math(anchor.trim()) => {
            return Err(TimeError::invalid_at(
                format!("the anchor {anchor:?} of {text:?} is date math itself: write one anchor, then the operations"),
                lead,
            ));
        }
        Some(anchor) => read_exactly(Input::Text(anchor), options)?.instant,
    };
    let instant = math.apply(text, start, options.zone)?;
    Ok(Reading::exact(instant, Kind::DateMath, options))
}

/// Checks an `input_format` list: 1 to [`MAX_INPUT_FORMATS`] patterns, each
/// of 1 to [`MAX_PATTERN_CHARS`] characters.
pub fn check_input_formats(patterns: &[String]) -> Result<(), TimeError> {
    let detail = if patterns.is_empty() {
        "is empty: give one strptime pattern such as %d/%m/%Y %H:%M, or a list of them".to_owned()
    } else if patterns.len() > MAX_INPUT_FORMATS {
        format!("lists {} patterns; at most {MAX_INPUT_FORMATS} are accepted", patterns.len())
    } else if let Some(i) = patterns.iter().position(String::is_empty) {
        format!("pattern {} is empty", i + 1)
    } else if let Some(long) = patterns.iter().find(|p| p.chars().count() > MAX_PATTERN_CHARS) {
        format!(
            "pattern {long:.40?}... is {} characters long; at most {MAX_PATTERN_CHARS} are accepted",
            long.chars().count()
        )
    } else {
        return Ok(());
    };
    Err(TimeError::InvalidInputFormat { detail })
}

/// Reads `text` with the first `input_format` pattern that reads all of it.
fn read_patterns(text: &str, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    let mut failures = Vec::with_capacity(options.patterns.len());
    for pattern in options.patterns {
        let read = jiff::fmt::strtime::parse(pattern, text)
            .map_err(|e| strptime_message(&e))
            .and_then(|parsed| instant_of_parse(text, &parsed, options).map_err(|e| e.to_string()));
        match read {
            Ok((instant, note)) => {
                let mut reading = Reading::exact(instant, Kind::Pattern, options);
                reading.local_time_note = note;
                reading.pattern = Some(pattern.clone());
                return Ok(reading);
            }
            Err(why) => failures.push(format!("{pattern:?} stopped: {why}")),
        }
    }
    Err(TimeError::invalid(format!("{text:?} matches none of the input formats: {}", failures.join("; "))))
}

/// jiff's reason, without its prefix.
fn strptime_message(error: &jiff::Error) -> String {
    let message = error.to_string();
    message.strip_prefix("strptime parsing failed: ").unwrap_or(&message).to_owned()
}

/// The instant of a strptime parse: at its offset, in its IANA zone, or as
/// a wall-clock time in `timezone`.
fn instant_of_parse(
    text: &str,
    parsed: &jiff::fmt::strtime::BrokenDownTime,
    options: &ReadOptions<'_>,
) -> Result<(Timestamp, Option<String>), TimeError> {
    if parsed.timestamp().is_some() || parsed.offset().is_some() {
        return parsed.to_timestamp().map(|t| (t, None)).map_err(|e| TimeError::invalid(strptime_message(&e)));
    }
    let datetime = parsed.to_datetime().map_err(|e| TimeError::invalid(strptime_message(&e)))?;
    let zone = match parsed.iana_time_zone() {
        Some(name) => Zone::parse_without_suggestions(name)?,
        None => options.zone.clone(),
    };
    resolve_local(text, datetime, &zone, options.disambiguation)
}

fn read_text(text: &str, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    // `二零一六年`: a year written in Chinese characters digit by digit.
    if let Some(year) = crate::digits::chinese_year_digits(text) {
        return read_text(&year, options);
    }
    // Digits of other scripts are digits, and full-width forms (`：`,
    // `－`) the ASCII they stand for; one character stays one, so
    // positions hold.
    if let Some(ascii) = ascii_forms(text) {
        // A number of two numbering systems is refused (UTS #39): `1৪` may be a
        // spoof, and is no number anyone writes.
        if let Some((at, first, other)) = crate::digits::mixed_number(text) {
            return Err(TimeError::invalid_at(
                format!(
                    "{text:?} mixes the digits of two numbering systems in one number ({first:?} and {other:?}): \
                     write each number in one"
                ),
                at,
            ));
        }
        return read_text(&ascii, options);
    }
    // Bytes bound characters: count them only when the bytes are too many.
    let chars = if text.len() > MAX_INPUT_CHARS { text.chars().count() } else { text.len() };
    if chars > MAX_INPUT_CHARS {
        return Err(TimeError::invalid(format!(
            "timestamp is {chars} characters long; at most {MAX_INPUT_CHARS} are accepted"
        )));
    }
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    let trimmed = trimmed.trim_end();
    if trimmed.is_empty() {
        return Err(TimeError::invalid(
            "timestamp is empty: send a Unix timestamp such as 1700000000 or a date such as 2023-11-14T22:13:20Z",
        ));
    }
    if date_math::is_date_math(trimmed) {
        return read_date_math(trimmed, lead_chars(text, lead), options);
    }
    // A stated unit says a numeric text is a Unix number, whatever its length.
    let stated_number = options.precision.is_some() && looks_numeric(trimmed);
    if let Some(id) = id::recognise(trimmed).filter(|_| !stated_number) {
        let id = id?;
        let mut reading = Reading::exact(id.instant, id.kind, options);
        reading.id = Some(id.fields);
        return Ok(reading);
    }
    if looks_numeric(trimmed) && !is_dotted_date(trimmed) {
        return read_number(trimmed, text[..lead].chars().count(), options);
    }
    let unsigned = trimmed.trim_start_matches(['+', '-']);
    if ["nan", "inf", "infinity"].iter().any(|word| unsigned.eq_ignore_ascii_case(word)) {
        return Err(TimeError::invalid(format!(
            "{trimmed:?} is not a timestamp: send a finite number of seconds (or ms, µs, ns) since 1970-01-01T00:00:00Z"
        )));
    }
    if let Some(bad) = trimmed.char_indices().find(|(_, c)| c.is_control() || is_bidi_control(*c)) {
        return Err(TimeError::invalid_at(
            format!("timestamp contains the control character U+{:04X}; remove it", bad.1 as u32),
            lead_chars(text, lead) + trimmed[..bad.0].chars().count(),
        ));
    }
    let lead = lead_chars(text, lead);
    match read_machine(trimmed, lead, options) {
        Machine::Read(reading) => reading,
        // An ISO 8601 date-time that its grammar refused is no one else's to read.
        // `2012-08-17T18:31:59:257+0100`: milliseconds after a third colon, as
        // some Java and Go logs write them; else its ISO error.
        Machine::Refused { error, .. } if is_iso_shaped(trimmed) => match colon_fraction(trimmed) {
            Some(dotted) => read_text(&dotted, options).map_err(|_| error()),
            None => Err(error()),
        },
        Machine::Refused { error, position, misfit } => match read_human(trimmed, lead, options) {
            Ok(reading) => Ok(reading),
            // A machine format's own date with a field out of range is its
            // reader's to explain (unless people's reader found the text
            // beyond the years); else the reader that understood the
            // text, or got further in it, says what is wrong.
            Err(people) if misfit && !matches!(people.error, TimeError::OutOfRange { .. }) => Err(error()),
            Err(people)
                if people.understood || position.is_none_or(|at| people.error.position().is_some_and(|p| p >= at)) =>
            {
                Err(people.error)
            }
            Err(_) => Err(error()),
        },
    }
}

/// What the machine formats made of a text: a reading or a final error, or
/// a refusal that leaves the text to the reader of people's text.
enum Machine<'t> {
    Read(Result<Reading, TimeError>),
    Refused {
        /// The machine formats' error, written only if it is the answer
        /// (people's reader often reads the text, or says more).
        error: Box<dyn FnOnce() -> TimeError + 't>,
        /// The position that error names.
        position: Option<usize>,
        /// The text has a machine format's shape, with a field out of
        /// range (`2023-02-30`): the error stands if people's reader
        /// cannot read the text either.
        misfit: bool,
    },
}

/// The machine formats that start with a letter or digit:
/// RFC 5322 and HTTP dates, ISO 8601 and its relatives, the common log format.
/// The refusal of a text no machine format reads.
fn not_accepted(trimmed: &str) -> TimeError {
    TimeError::invalid(format!(
        "{trimmed:?} is not a Unix timestamp nor a date we accept; send e.g. 1700000000, \
         2023-11-14T22:13:20Z or Tue, 14 Nov 2023 22:13:20 GMT"
    ))
}

fn read_machine<'t>(trimmed: &'t str, lead: usize, options: &ReadOptions<'_>) -> Machine<'t> {
    let at = move |position: usize| lead + position;
    if trimmed.starts_with(|c: char| c.is_ascii_alphabetic()) {
        // Every date with a month's name holds a number (its day, its
        // year): words alone are people's text, and not tried here.
        if !trimmed.bytes().any(|b| b.is_ascii_digit()) {
            return Machine::Refused { error: Box::new(move || not_accepted(trimmed)), position: None, misfit: false };
        }
        // The mail reader refuses without words; its reason is written
        // only when it is the answer.
        let year = this_year(options.now);
        let reason = move || mail::parse(trimmed, year).err().map(|e| e.message).unwrap_or_default();
        // Most such texts (people's words) start with no weekday, and no
        // mail date does: refused where the mail reader would refuse them.
        if let Some(refused) = mail::refused_at(trimmed) {
            if !has_month_name(trimmed) {
                return Machine::Refused {
                    error: Box::new(move || not_accepted(trimmed)),
                    position: None,
                    misfit: false,
                };
            }
            let error = move || {
                TimeError::invalid_at(
                    format!(
                        "{trimmed:?} is not a valid RFC 5322 or HTTP date: {}; send e.g. Tue, 14 Nov 2023 22:13:20 GMT",
                        reason()
                    ),
                    at(refused),
                )
            };
            return Machine::Refused { error: Box::new(error), position: Some(at(refused)), misfit: false };
        }
        return match mail::parse_unworded(trimmed, year) {
            Ok(date) => Machine::Read(read_named_month(trimmed, &date, options)),
            Err(e) if e.out_of_field_range => Machine::Read(Err(TimeError::invalid_at(
                format!("{trimmed:?} is not a valid date: {}", reason()),
                at(e.position),
            ))),
            Err(e) if has_month_name(trimmed) && trimmed.bytes().any(|b| b.is_ascii_digit()) => Machine::Refused {
                error: Box::new(move || {
                    TimeError::invalid_at(
                        format!(
                            "{trimmed:?} is not a valid RFC 5322 or HTTP date: {}; send e.g. Tue, 14 Nov 2023 22:13:20 GMT",
                            reason()
                        ),
                        at(e.position),
                    )
                }),
                position: Some(at(e.position)),
                misfit: false,
            },
            Err(_) => {
                Machine::Refused { error: Box::new(move || not_accepted(trimmed)), position: None, misfit: false }
            }
        };
    }
    match iso::parse_unworded(trimmed) {
        Ok(parsed) => Machine::Read(read_iso(trimmed, lead, &parsed, options)),
        Err(iso_error) => {
            if let Some(date) = mail::parse_clf(trimmed) {
                return Machine::Read(read_named_month(trimmed, &date, options));
            }
            if has_month_name(trimmed)
                && let Ok(date) = mail::parse_unworded(trimmed, this_year(options.now))
            {
                return Machine::Read(read_named_month(trimmed, &date, options));
            }
            let position = at(iso_error.position);
            let misfit = iso_error.out_of_field_range;
            let error = move || {
                // Refused without words above; the reason is written now, as the answer.
                let reason = iso::parse(trimmed).err().map(|e| e.message).unwrap_or_default();
                let message = if misfit {
                    format!("{trimmed:?} is not a valid date: {reason}")
                } else {
                    format!(
                        "{trimmed:?} is not a Unix timestamp nor a date we accept: {reason}; \
                         send e.g. 1700000000, 2023-11-14T22:13:20Z or Tue, 14 Nov 2023 22:13:20 GMT"
                    )
                };
                TimeError::invalid_at(message, position)
            };
            Machine::Refused { error: Box::new(error), position: Some(position), misfit }
        }
    }
}

/// People's text, read when no machine format could.
fn read_human(trimmed: &str, lead: usize, options: &ReadOptions<'_>) -> Result<Reading, human::Refusal> {
    let human_options = HumanOptions {
        zone: options.zone,
        disambiguation: options.disambiguation,
        now: options.now,
        order: options.language.date_order(),
        region: options.language.region(),
        words: options.language.vocabulary(),
        unworded: options.unworded,
    };
    let human = human::read_or_refuse(trimmed, lead, &human_options).inspect_err(|refusal| {
        if refusal.uses_now {
            options.note_from_now();
        }
    })?;
    if human.uses_now {
        options.note_from_now();
    }
    let mut reading = Reading::exact(human.instant, Kind::Human, options);
    reading.local_time_note = human.note.clone();
    reading.human = Some(Box::new(human));
    Ok(reading)
}

fn this_year(now: Timestamp) -> i32 {
    i32::from(now.to_zoned(jiff::tz::TimeZone::UTC).year())
}

fn lead_chars(text: &str, lead_bytes: usize) -> usize {
    text[..lead_bytes].chars().count()
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A number of 8, 12 or 14 digits that is also a date written
/// `yyyymmdd[HHMM[SS]]` (ISO 8601's basic form without `T`, as file names,
/// database columns and logs write dates) of 1900-2100: the wall-clock
/// instant in `zone`, and a warning that says the number was read as a
/// Unix number (every bare number is one) and what it would be as a date. `None` for any
/// other text: the common 10- and 13-digit numbers cost one length check.
///
/// ```
/// use tsconv_time::input::compact_date;
/// use tsconv_time::local::Disambiguation;
/// use tsconv_time::zone::Zone;
///
/// let (instant, warning) = compact_date("20140601", &Zone::utc(), Disambiguation::Compatible).unwrap();
/// assert_eq!(instant.to_string(), "2014-06-01T00:00:00Z");
/// assert!(warning.contains("as a date written yyyymmdd it would be 2014-06-01T00:00:00"));
/// assert!(compact_date("20141301", &Zone::utc(), Disambiguation::Compatible).is_none()); // no 13th month
/// assert!(compact_date("1700000000", &Zone::utc(), Disambiguation::Compatible).is_none());
/// ```
pub fn compact_date(text: &str, zone: &Zone, disambiguation: Disambiguation) -> Option<(Timestamp, String)> {
    let text = text.trim();
    let shape = match text.len() {
        8 => "yyyymmdd",
        12 => "yyyymmddHHMM",
        14 => "yyyymmddHHMMSS",
        _ => return None,
    };
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let field = |at: usize| text[at..at + 2].parse::<i8>().ok();
    let year: i16 = text[..4].parse().ok().filter(|year| (1900..=2100).contains(year))?;
    let (hour, minute, second) = match text.len() {
        8 => (0, 0, 0),
        12 => (field(8)?, field(10)?, 0),
        _ => (field(8)?, field(10)?, field(12)?),
    };
    let datetime = jiff::civil::DateTime::new(year, field(4)?, field(6)?, hour, minute, second, 0).ok()?;
    let (instant, _) = crate::local::resolve_local(text, datetime, zone, disambiguation).ok()?;
    let warning = format!(
        "{text} is read as a Unix number; as a date written {shape} it would be {datetime} in {}: send it as \
         {} (ISO 8601) to mean the date",
        zone.name(),
        datetime.strftime("%Y-%m-%dT%H:%M:%S")
    );
    Some((instant, warning))
}

/// A sign, then digits and at most the characters a mistyped number has
/// (`.`, `_`, `,`, an exponent). Such text is reported by the number reader,
/// which can point at the offending character.
pub(crate) fn looks_numeric(text: &str) -> bool {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let mut previous = b'+';
    body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && body.bytes().all(|b| {
            let ok = b.is_ascii_digit()
                || matches!(b, b'.' | b'_' | b',' | b'e' | b'E')
                || (matches!(b, b'+' | b'-') && matches!(previous, b'e' | b'E'));
            previous = b;
            ok
        })
}

/// Whether `text` has the shape of an ISO 8601 date-time: digits, `-`,
/// two or more digits, `-`, two or more digits, then at once a `T`, a `Z`
/// or a `[` (any case). Such a text that ISO 8601's reader refused is
/// malformed machine output (`2020-001-01T00:00Z`, `2022-09-15Z`), which RFC
/// 3339 and Temporal refuse too; people's reader does not guess at it. Not
/// so one-digit fields (`2019-3-5T7:4:1`) or a zone's word after the time
/// (`2019-03-05T07:41 EST`): people write those, and their reader reads them.
fn is_iso_shaped(text: &str) -> bool {
    let mut rest = text.strip_prefix(['+', '-']).unwrap_or(text);
    for part in 0..3 {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || (part > 0 && digits < 2) {
            return false;
        }
        rest = &rest[digits..];
        if part < 2 {
            let Some(after) = rest.strip_prefix('-') else { return false };
            rest = after;
        }
    }
    // `2019-03-05T7:4:1`: a time with one-digit fields is people's text.
    if let Some(mut time) = rest.strip_prefix(['T', 't']) {
        loop {
            let digits = time.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 1 {
                return false;
            }
            match time[digits..].strip_prefix(':') {
                Some(after) => time = after,
                None => break,
            }
        }
    }
    let word_after = rest.split_once(' ').is_some_and(|(_, after)| after.trim_start().starts_with(char::is_alphabetic));
    rest.starts_with(['T', 't', 'Z', 'z', '[']) && !word_after
}

/// An ISO 8601 date-time whose seconds are followed by `:` and three digits
/// (`…T18:31:59:257+0100`), written anew with a dot there.
fn colon_fraction(text: &str) -> Option<String> {
    let time = text.find(['T', 't'])? + 1;
    let colons: Vec<usize> = text[time..].match_indices(':').map(|(at, _)| time + at).take(3).collect();
    let [_, _, third] = colons.as_slice() else { return None };
    let digits = text[third + 1..].bytes().take_while(u8::is_ascii_digit).count();
    (digits == 3 && text[time..*third].bytes().all(|b| b.is_ascii_digit() || b == b':'))
        .then(|| format!("{}.{}", &text[..*third], &text[third + 1..]))
}

/// `14.11.2023`, `14.11.23`, `3.4.2023.`, `2019.03.05`: a date as much of
/// Europe and Asia write it, which [`looks_numeric`] would take for a
/// mistyped number.
fn is_dotted_date(text: &str) -> bool {
    let parts: Vec<&str> = text.strip_suffix('.').unwrap_or(text).split('.').collect();
    let digits =
        |part: &str, lengths: &[usize]| lengths.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [year, month, day] if digits(year, &[4]) => digits(month, &[1, 2]) && digits(day, &[1, 2]),
        [day, month, year] => digits(day, &[1, 2]) && digits(month, &[1, 2]) && digits(year, &[2, 4]),
        _ => false,
    }
}

/// Whether a word of `text` is a month's abbreviation as RFC 5322 and
/// HTTP dates write it (`Nov`): the mail reader's refusal of a text with
/// none (`We met on the 5th? maybe`) would only mislead.
fn has_month_name(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|word| word.len() == 3 && mail::MONTHS.iter().any(|month| month.eq_ignore_ascii_case(word)))
}

/// A decimal number split into its parts; `start` is the char index of
/// `text` in what the caller sent, for error positions.
struct Numeral<'a> {
    negative: bool,
    integer: &'a str,
    fraction: &'a str,
    /// Char index of the first fraction digit.
    fraction_at: usize,
}

fn parse_decimal(text: &str, start: usize) -> Result<Numeral<'_>, TimeError> {
    let (negative, body, sign_len) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..], 1),
        Some(b'+') => (false, &text[1..], 1),
        _ => (false, text, 0),
    };
    let at = |i: usize| start + sign_len + i;
    let (integer, fraction) = match body.split_once('.') {
        Some((integer, fraction)) => (integer, Some(fraction)),
        None => (body, None),
    };
    if let Some(i) = body.find(['e', 'E']) {
        return Err(TimeError::invalid_at(
            format!(
                "exponent notation ({text}) is not accepted: write the number in plain decimal digits, e.g. 1700000000"
            ),
            at(i),
        ));
    }
    if let Some(i) = body.find(['_', ',']) {
        return Err(TimeError::invalid_at(
            format!("unexpected {:?} in {text:?}: write the number without digit separators", &body[i..i + 1]),
            at(i),
        ));
    }
    if integer.is_empty() {
        return Err(TimeError::invalid_at(
            format!("{text:?} has no digits before the decimal point: write 0{body}"),
            at(0),
        ));
    }
    if let Some(i) = body.bytes().position(|b| !b.is_ascii_digit() && b != b'.') {
        return Err(TimeError::invalid_at(format!("unexpected character in the number {text:?}"), at(i)));
    }
    let fraction = match fraction {
        Some("") => {
            return Err(TimeError::invalid_at(
                format!("{text:?} ends with a decimal point: add the fraction's digits or drop the point"),
                at(integer.len()),
            ));
        }
        Some(fraction) if fraction.contains('.') => {
            return Err(TimeError::invalid_at(
                format!("{text:?} has more than one decimal point"),
                at(integer.len() + 1 + fraction.find('.').unwrap_or(0)),
            ));
        }
        Some(fraction) => fraction,
        None => "",
    };
    Ok(Numeral { negative, integer, fraction, fraction_at: at(integer.len() + 1) })
}

/// Integers with more digits than this lie far beyond year 9999 in any unit
/// (and would overflow `i128` nanoseconds).
const MAX_INTEGER_DIGITS: usize = 28;

fn read_number(text: &str, start: usize, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    if let Some((instant, unit)) = plain_integer(text, options.precision) {
        return Ok(Reading::plain(instant, Kind::Unix, unit, options.precision.is_none()));
    }
    if text.len() > MAX_INPUT_CHARS {
        return Err(TimeError::invalid(format!(
            "timestamp is {} characters long; at most {MAX_INPUT_CHARS} are accepted",
            text.len()
        )));
    }
    let decimal = parse_decimal(text, start)?;
    let integer_digits = decimal.integer.trim_start_matches('0');
    let precision_detected = options.precision.is_none();
    if integer_digits.len() > MAX_INTEGER_DIGITS {
        let unit = options.precision.unwrap_or(Precision::Nanoseconds);
        return Err(out_of_range_number(text, unit, precision_detected, None));
    }
    let integer: u128 = if integer_digits.is_empty() { 0 } else { integer_digits.parse().unwrap_or(u128::MAX) };
    // The unit the number is written in: stated, or detected from its integer part.
    let unit = options.precision.unwrap_or_else(|| Precision::detect(integer));
    // Fraction digits that still fall on whole nanoseconds in this unit.
    let room = usize::from(9 - unit.fraction_digits());
    let (kept, beyond) = decimal.fraction.split_at(decimal.fraction.len().min(room));
    if let Some(i) = beyond.bytes().position(|b| b != b'0') {
        return Err(TimeError::invalid_at(
            format!(
                "{text} in {unit} has digits finer than one nanosecond; at most {room} fraction digits are allowed \
                 in {unit} (nothing is rounded)"
            ),
            decimal.fraction_at + kept.len() + i,
        ));
    }
    let fraction_nanos: i128 =
        if kept.is_empty() { 0 } else { kept.parse::<i128>().unwrap_or(0) * 10i128.pow((room - kept.len()) as u32) };
    // Checked, not left to the digit bound above: a number too large for
    // nanoseconds is out of range, never wrapped.
    let Some(magnitude) = i128::try_from(integer)
        .ok()
        .and_then(|integer| integer.checked_mul(unit.nanos()))
        .and_then(|nanos| nanos.checked_add(fraction_nanos))
    else {
        return Err(out_of_range_number(text, unit, precision_detected, None));
    };
    let nanos = if decimal.negative { -magnitude } else { magnitude };
    let instant = Timestamp::from_nanosecond(nanos)
        .map_err(|_| out_of_range_number(text, unit, precision_detected, Some(nanos)))?;
    // A detected unit is refined so that the `timestamp` field keeps every
    // digit given: 1700000000.5 (seconds) is reported in milliseconds.
    let precision = match options.precision {
        Some(stated) => stated,
        None => unit.max(
            Precision::for_fraction_digits(usize::from(unit.fraction_digits()) + kept.len())
                .unwrap_or(Precision::Nanoseconds),
        ),
    };
    Ok(Reading::plain(instant, Kind::Unix, precision, precision_detected))
}

/// The common case of a Unix number, read without the general path: an
/// optional `-` and 1 to 19 ASCII digits, in the `stated` unit or the one
/// detected from its size, seconds without 128-bit arithmetic.
/// `None` for anything else, or out of range (the general path says why).
pub(crate) fn plain_integer(text: &str, stated: Option<Precision>) -> Option<(Timestamp, Precision)> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        digits => (false, digits),
    };
    if digits.is_empty() || digits.len() > 19 {
        return None;
    }
    let mut value = 0u64;
    for &byte in digits {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(byte - b'0'))?;
    }
    let unit = stated.unwrap_or_else(|| Precision::detect(u128::from(value)));
    let instant = match (unit, i64::try_from(value)) {
        (Precision::Seconds, Ok(seconds)) => Timestamp::from_second(if negative { -seconds } else { seconds }),
        _ => {
            let magnitude = i128::from(value) * unit.nanos();
            Timestamp::from_nanosecond(if negative { -magnitude } else { magnitude })
        }
    };
    Some((instant.ok()?, unit))
}

fn out_of_range_number(text: &str, unit: Precision, detected: bool, nanos: Option<i128>) -> TimeError {
    // The last hours of 9999 (and the first of -9999) are years the range
    // names but instants it does not hold: said so, not "year 9,999".
    let year_number = nanos.map(year_of_nanos);
    let past = match year_number {
        Some(1..=9999) => "after the last instant held, in year",
        Some(-9999..=0) => "before the first instant held, in year",
        _ => "in year",
    };
    let year = match year_number {
        Some(year) => group_thousands(year),
        None => {
            // Beyond i128 nanoseconds: an estimate is all a message needs.
            let value: f64 = text.trim_start_matches(['+', '-']).parse().unwrap_or(f64::MAX);
            let years = value * unit.nanos() as f64 / 1e9 / 31_556_952.0;
            let sign = if text.starts_with('-') { "-" } else { "" };
            format!("{sign}{years:.1e}")
        }
    };
    let how = if detected { "detected as" } else { "read as" };
    let mut message = format!(
        "timestamp {text} {how} {unit} lands {past} {year}; the supported range is years -9999 to 9999 \
         ({} to {})",
        Timestamp::MIN,
        Timestamp::MAX
    );
    if let Some(nanos) = nanos
        && let Some(other) = Precision::ALL
            .into_iter()
            .filter(|&p| p != unit)
            .find(|&p| Timestamp::from_nanosecond(nanos / unit.nanos() * p.nanos()).is_ok_and(plausible))
    {
        message.push_str(&format!("; if the value is in {other}, pass precision={other}"));
    }
    TimeError::OutOfRange { message }
}

/// Between 1900 and 2100: where nearly every real timestamp lies.
pub(crate) fn plausible(instant: Timestamp) -> bool {
    (-2_208_988_800..4_102_444_800).contains(&instant.as_second())
}

/// The proleptic Gregorian year of an instant given in nanoseconds, for any
/// `i128` (H. Hinnant's `civil_from_days`).
fn year_of_nanos(nanos: i128) -> i128 {
    let days = nanos.div_euclid(1_000_000_000).div_euclid(86_400) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    year_of_era + era * 400 + i128::from(month_index >= 10)
}

fn group_thousands(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The civil date of a parse, or why it does not exist.
pub(crate) fn civil_date(parsed: &Parsed<'_>) -> Result<Date, String> {
    let year = i16::try_from(parsed.year).map_err(|_| format!("year {} is beyond the calendar", parsed.year))?;
    match parsed.date {
        DateForm::Calendar { month, day } => Date::new(year, month, day).map_err(|e| e.to_string()),
        DateForm::Week { week, weekday } => {
            let weekday = Weekday::from_monday_one_offset(weekday).map_err(|e| e.to_string())?;
            ISOWeekDate::new(year, week, weekday)
                .map(ISOWeekDate::date)
                .map_err(|_| format!("week {week} does not exist in the ISO week-numbering year {year}"))
        }
        DateForm::Ordinal { day } => Date::new(year, 1, 1)
            .and_then(|first| first.with().day_of_year(day).build())
            .map_err(|_| format!("day {day} does not exist in {year}, which has {} days", first_days(year))),
    }
}

fn first_days(year: i16) -> u16 {
    if iso::is_leap_year(i32::from(year)) { 366 } else { 365 }
}

fn year_out_of_range(text: &str, year: i32) -> TimeError {
    TimeError::OutOfRange {
        message: format!(
            "{text:?} is in year {}; the supported range is years -9999 to 9999 ({} to {})",
            group_thousands(i128::from(year)),
            Timestamp::MIN,
            Timestamp::MAX
        ),
    }
}

/// The instant of a wall-clock time at an offset given in nanoseconds:
/// exact, whatever the offset's precision.
fn at_offset(text: &str, datetime: DateTime, offset_nanos: i64) -> Result<Timestamp, TimeError> {
    let as_utc = Offset::UTC.to_timestamp(datetime).map_err(|_| out_of_range_datetime(text, datetime))?;
    Timestamp::from_nanosecond(as_utc.as_nanosecond() - i128::from(offset_nanos))
        .map_err(|_| out_of_range_datetime(text, datetime))
}

/// A second written as 60 is a leap second, read as the second before it
/// (as Temporal does: Unix time has no leap seconds); it can only be one at
/// 23:59:60 UTC.
fn check_leap_second(text: &str, second: i8, instant: Timestamp) -> Result<(), TimeError> {
    if second != 60 {
        return Ok(());
    }
    let utc = Offset::UTC.to_datetime(instant);
    if (utc.hour(), utc.minute(), utc.second()) == (23, 59, 59) {
        return Ok(());
    }
    Err(TimeError::invalid(format!(
        "{text:?} has second 60, a leap second, at {:02}:{:02}:60 UTC; leap seconds are only inserted at 23:59:60 UTC",
        utc.hour(),
        utc.minute()
    )))
}

fn read_iso(text: &str, lead: usize, parsed: &Parsed<'_>, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    if !(-9999..=9999).contains(&parsed.year) {
        return Err(year_out_of_range(text, parsed.year));
    }
    let date = civil_date(parsed).map_err(|why| TimeError::invalid(format!("{text:?} is not a date: {why}")))?;
    let clock = parsed.time;
    if let Some(clock) = clock.filter(|c| c.fraction_digits > 9) {
        return Err(TimeError::invalid_at(
            format!(
                "{text:?} has {} fraction digits, finer than one nanosecond; at most 9 are read (nothing is rounded)",
                clock.fraction_digits
            ),
            lead + clock.fraction_at + 9,
        ));
    }
    let time = match clock {
        Some(c) => Time::new(c.hour, c.minute, c.second.min(59), c.nanosecond)
            .map_err(|e| TimeError::invalid(format!("{text:?}: {e}")))?,
        None => Time::midnight(),
    };
    let datetime = date.to_datetime(time);
    let annotation_zone = match parsed.zone {
        Some(ZoneAnnotation::Name(name)) => Some(Zone::parse_without_suggestions(name)?),
        Some(ZoneAnnotation::Offset(seconds)) => {
            Some(Zone::fixed(Offset::from_seconds(seconds).map_err(|e| TimeError::invalid(e.to_string()))?))
        }
        None => None,
    };
    let kind = match (parsed.annotated, parsed.offset, clock) {
        (true, _, _) => Kind::Rfc9557,
        (false, Some(_), _) if parsed.is_rfc3339() => Kind::Rfc3339,
        (false, Some(_), _) => Kind::Iso8601,
        (false, None, Some(_)) => Kind::LocalDatetime,
        (false, None, None) => Kind::Date,
    };
    let mut note = None;
    let instant = match (parsed.offset, &annotation_zone) {
        (Some(offset), zone) => {
            let instant = at_offset(text, datetime, offset.nanoseconds())?;
            if let Some(zone) = zone
                && !offset.is_unknown_local()
            {
                check_offset_against_zone(text, datetime, offset, zone, instant)?;
            }
            instant
        }
        (None, zone) => {
            let zone = zone.as_ref().unwrap_or(options.zone);
            let (instant, local_note) = resolve_local(text, datetime, zone, options.disambiguation)?;
            note = local_note;
            instant
        }
    };
    check_leap_second(text, clock.map_or(0, |c| c.second), instant)?;
    let (precision, precision_detected) = match options.precision {
        Some(precision) => (precision, false),
        None => {
            let digits = clock.map_or(0, |c| c.fraction_digits);
            (Precision::for_fraction_digits(digits).unwrap_or(Precision::Nanoseconds), true)
        }
    };
    Ok(Reading { local_time_note: note, ..Reading::plain(instant, kind, precision, precision_detected) })
}

/// An offset beside a bracketed zone must be the zone's offset at that
/// instant: exactly, or (for an offset written in whole minutes, as RFC 3339
/// must write local mean time's -04:56:02) rounded to the minute, as
/// Temporal's ZonedDateTime matches it.
fn check_offset_against_zone(
    text: &str,
    datetime: DateTime,
    offset: UtcOffset,
    zone: &Zone,
    instant: Timestamp,
) -> Result<(), TimeError> {
    let actual = zone.tz().to_offset_info(instant);
    let written = offset.nanoseconds();
    let nanos = |o: Offset| i64::from(o.seconds()) * 1_000_000_000;
    let minute_precision = matches!(offset, UtcOffset::Numeric { sub_minute: false, .. });
    if nanos(actual.offset()) == written
        || (minute_precision && nanos(crate::zone::whole_minutes(actual.offset())) == written)
    {
        return Ok(());
    }
    Err(TimeError::invalid(format!(
        "{text:?} contradicts itself: the offset {} is not the offset of {} at {datetime}, which is {} ({}); \
         fix the offset or the zone, or drop the offset to read the time in the zone",
        offset_nanos_text(written),
        zone.name(),
        crate::zone::offset_text(actual.offset()),
        actual.abbreviation(),
    )))
}

/// `+05:30`, `-00:00:00.5`: an offset as exactly as it was given.
fn offset_nanos_text(nanos: i64) -> String {
    let whole = i32::try_from(nanos / 1_000_000_000).unwrap_or(0);
    let mut text = match Offset::from_seconds(whole) {
        Ok(offset) => crate::zone::offset_text(offset),
        Err(_) => whole.to_string(),
    };
    if whole == 0 && nanos < 0 {
        text.replace_range(..1, "-");
    }
    let fraction = (nanos % 1_000_000_000).unsigned_abs();
    if fraction != 0 {
        if text.len() == 6 {
            text.push_str(":00");
        }
        let digits = format!("{fraction:09}");
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text
}

fn read_named_month(text: &str, date: &NamedMonthDate, options: &ReadOptions<'_>) -> Result<Reading, TimeError> {
    if !(-9999..=9999).contains(&date.year) {
        return Err(year_out_of_range(text, date.year));
    }
    let day =
        Date::new(date.year as i16, date.month, date.day).map_err(|e| TimeError::invalid(format!("{text:?}: {e}")))?;
    // A weekday that is not the date's: the date wins, as in every other
    // reader, and the answer says so (as people's reader does).
    let contradiction = date.weekday.filter(|named| day.weekday().to_monday_one_offset() != *named).map(|named| {
        format!(
            "{day} is a {}, not a {}: read as the date",
            mail::WEEKDAYS[day.weekday().to_monday_zero_offset() as usize],
            mail::WEEKDAYS[named as usize - 1],
        )
    });
    let time = Time::new(date.hour, date.minute, date.second.min(59), 0)
        .map_err(|e| TimeError::invalid(format!("{text:?}: {e}")))?;
    let instant = at_offset(text, day.to_datetime(time), i64::from(date.offset_seconds) * 1_000_000_000)?;
    check_leap_second(text, date.second, instant)?;
    let kind = match date.form {
        Form::Clf => Kind::Clf,
        Form::Rfc850 | Form::Asctime => Kind::HttpDate,
        Form::Rfc5322 if date.is_http_date(text) => Kind::HttpDate,
        Form::Rfc5322 => Kind::Rfc2822,
    };
    let (precision, precision_detected) = match options.precision {
        Some(precision) => (precision, false),
        None => (Precision::Seconds, true),
    };
    let mut reading = Reading::plain(instant, kind, precision, precision_detected);
    if let Some(warning) = contradiction {
        let offset = jiff::tz::Offset::from_seconds(date.offset_seconds).unwrap_or(jiff::tz::Offset::UTC);
        let read_as = instant.to_zoned(jiff::tz::TimeZone::fixed(offset)).strftime("%Y-%m-%dT%H:%M:%S%:z").to_string();
        reading.human = Some(Box::new(Human::warned(instant, read_as, None, warning)));
    }
    Ok(reading)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_in(
        input: Input<'_>,
        zone: &str,
        precision: Option<Precision>,
        d: Disambiguation,
    ) -> Result<Reading, TimeError> {
        let zone = Zone::parse(zone).unwrap();
        read(
            input,
            &ReadOptions { precision, disambiguation: d, ..ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH) },
        )
    }

    fn number(text: &str) -> Result<Reading, TimeError> {
        read_in(Input::Number(text), "UTC", None, Disambiguation::Compatible)
    }

    fn text(text: &str) -> Result<Reading, TimeError> {
        read_in(Input::Text(text), "UTC", None, Disambiguation::Compatible)
    }

    fn nanos(reading: &Reading) -> i128 {
        reading.instant.as_nanosecond()
    }

    #[test]
    fn detection_thresholds() {
        for (text, unit) in [
            ("0", Precision::Seconds),
            ("99999999999", Precision::Seconds),
            ("-99999999999", Precision::Seconds),
            ("100000000000", Precision::Milliseconds),
            ("1700000000000", Precision::Milliseconds),
            ("99999999999999", Precision::Milliseconds),
            ("100000000000000", Precision::Microseconds),
            ("-100000000000000", Precision::Microseconds),
            ("99999999999999999", Precision::Microseconds),
            ("100000000000000000", Precision::Nanoseconds),
            ("1700000000000000000", Precision::Nanoseconds),
        ] {
            let reading = number(text).unwrap();
            assert_eq!(reading.precision, unit, "{text}");
            assert!(reading.precision_detected);
            assert_eq!(nanos(&reading), text.parse::<i128>().unwrap() * unit.nanos(), "{text}");
        }
    }

    #[test]
    fn decimal_fractions_are_exact_and_refine_the_unit() {
        let r = number("1700000000.123456789").unwrap();
        assert_eq!(nanos(&r), 1_700_000_000_123_456_789);
        assert_eq!(r.precision, Precision::Nanoseconds);
        let r = number("1700000000.5").unwrap();
        assert_eq!((nanos(&r), r.precision), (1_700_000_000_500_000_000, Precision::Milliseconds));
        let r = number("1700000000.1234").unwrap();
        assert_eq!(r.precision, Precision::Microseconds);
        // A millisecond value with a fraction needs microseconds.
        let r = number("1700000000000.5").unwrap();
        assert_eq!((nanos(&r), r.precision), (1_700_000_000_000_500_000, Precision::Microseconds));
        let r = number("-0.5").unwrap();
        assert_eq!(nanos(&r), -500_000_000);
        // Trailing zeros beyond a nanosecond add nothing and lose nothing.
        let r = number("1.1234567890").unwrap();
        assert_eq!(nanos(&r), 1_123_456_789);
    }

    #[test]
    fn digits_finer_than_a_nanosecond_are_an_error() {
        let err = number("1700000000.1234567891").unwrap_err();
        assert_eq!(err.name(), "invalid_timestamp");
        assert_eq!(err.position(), Some(20));
        let err = read_in(Input::Number("1700000000000000000.5"), "UTC", None, Disambiguation::Compatible).unwrap_err();
        assert!(err.to_string().contains("finer than one nanosecond"), "{err}");
        let stated = read_in(
            Input::Number("1700000000.1234567"),
            "UTC",
            Some(Precision::Milliseconds),
            Disambiguation::Compatible,
        )
        .unwrap_err();
        assert!(stated.to_string().contains("at most 6 fraction digits"), "{stated}");
    }

    #[test]
    fn nanoseconds_beyond_i64_keep_every_digit() {
        // 9999-12-30 in nanoseconds exceeds i64::MAX (about 9.2e18).
        let r = number("253402128000123456789").unwrap();
        assert_eq!(r.precision, Precision::Nanoseconds);
        assert_eq!(nanos(&r), 253_402_128_000_123_456_789);
    }

    #[test]
    fn explicit_precision_wins() {
        let r = read_in(Input::Number("1700000000"), "UTC", Some(Precision::Milliseconds), Disambiguation::Compatible)
            .unwrap();
        assert_eq!(r.instant.to_string(), "1970-01-20T16:13:20Z");
        assert!(!r.precision_detected);
    }

    #[test]
    fn negative_and_pre_1973_values_are_accepted() {
        assert_eq!(number("-86400").unwrap().instant.to_string(), "1969-12-31T00:00:00Z");
        assert_eq!(text("-86400").unwrap().instant.to_string(), "1969-12-31T00:00:00Z");
        assert_eq!(number("86400").unwrap().instant.to_string(), "1970-01-02T00:00:00Z");
        assert_eq!(text("+1700000000").unwrap().instant.as_second(), 1_700_000_000);
        // A pre-1973 millisecond value is below 10^11 and so read as seconds:
        // the documented price of detection; validate warns about it.
        assert_eq!(number("94608000000").unwrap().precision, Precision::Seconds);
    }

    #[test]
    fn malformed_numbers_point_at_the_problem() {
        for (input, position, fragment) in [
            ("1.7e9", 3, "exponent"),
            ("1E400", 1, "exponent"),
            ("1,700,000,000", 1, "separators"),
            ("1_700", 1, "separators"),
            (".5", 0, "before the decimal point"),
            ("5.", 1, "ends with a decimal point"),
            ("1.2.3", 3, "more than one decimal point"),
            ("-.5", 1, "before the decimal point"),
        ] {
            let err = text(input).unwrap_err();
            assert_eq!(err.name(), "invalid_timestamp", "{input}");
            assert_eq!(err.position(), Some(position), "{input}: {err}");
            assert!(err.to_string().contains(fragment), "{input}: {err}");
        }
        assert_eq!(text("  1x").unwrap_err().name(), "invalid_timestamp");
        for input in ["NaN", "Infinity", "-inf", ""] {
            assert_eq!(text(input).unwrap_err().name(), "invalid_timestamp", "{input}");
        }
    }

    #[test]
    fn out_of_range_names_the_year() {
        let err =
            read_in(Input::Number("1700000000000000"), "UTC", Some(Precision::Seconds), Disambiguation::Compatible)
                .unwrap_err();
        assert_eq!(err.name(), "out_of_range");
        assert!(err.to_string().contains("year 53,872,"), "{err}");
        assert!(err.to_string().contains("pass precision=microseconds"), "{err}");
        let err = number("-99999999999999999999999").unwrap_err();
        assert!(err.to_string().contains("year -3,16"), "{err}");
        let err = number(&"9".repeat(10_000)[..200]).unwrap_err();
        assert_eq!(err.name(), "out_of_range");
        assert!(err.to_string().contains("lands in year 3.2e183;"), "{err}");
        // Within year 9999 or -9999 but beyond the instants held: said so.
        let err = number("253402300799999999999").unwrap_err();
        assert!(err.to_string().contains("lands after the last instant held, in year 9,999;"), "{err}");
        let err = read_in(Input::Number("-377705116800"), "UTC", Some(Precision::Seconds), Disambiguation::Compatible)
            .unwrap_err();
        assert!(err.to_string().contains("lands before the first instant held, in year -9,999;"), "{err}");
        let err = text("-009999-01-01T00:00:00Z").unwrap_err();
        assert_eq!(err.name(), "out_of_range");
        assert!(err.to_string().contains("year -9999"), "{err}");
        // Five digits are no ISO 8601 year without a sign; read as people's text, the year is beyond the range.
        let err = text("10000-01-01").unwrap_err();
        assert_eq!(err.name(), "out_of_range");
        assert!(err.to_string().contains("year 10000"), "{err}");
    }

    #[test]
    fn the_range_edges_are_inclusive() {
        let seconds =
            |text: &str| read_in(Input::Number(text), "UTC", Some(Precision::Seconds), Disambiguation::Compatible);
        let (min, max) = (Timestamp::MIN.as_second(), Timestamp::MAX.as_second());
        assert_eq!(seconds(&min.to_string()).unwrap().instant.as_second(), min);
        assert_eq!(seconds(&max.to_string()).unwrap().instant.as_second(), max);
        assert_eq!(seconds(&(min - 1).to_string()).unwrap_err().name(), "out_of_range");
        assert_eq!(seconds(&(max + 1).to_string()).unwrap_err().name(), "out_of_range");
        // Every zone can show the edges: jiff keeps a day of margin for offsets.
        let far_east = Zone::parse("+14:00").unwrap();
        assert_eq!(Timestamp::MAX.to_zoned(far_east.tz().clone()).year(), 9999);
    }

    #[test]
    fn every_date_form() {
        for (input, kind, second, unit) in [
            ("2023-11-14T22:13:20Z", Kind::Rfc3339, 1_700_000_000, Precision::Seconds),
            ("2023-11-14t22:13:20z", Kind::Rfc3339, 1_700_000_000, Precision::Seconds),
            ("2023-11-14 22:13:20Z", Kind::Rfc3339, 1_700_000_000, Precision::Seconds),
            ("2023-11-14T17:13:20.5-05:00", Kind::Rfc3339, 1_700_000_000, Precision::Milliseconds),
            ("2023-11-14T17:13:20.123456-05:00", Kind::Rfc3339, 1_700_000_000, Precision::Microseconds),
            ("2023-11-14T22:13:20.123456789Z", Kind::Rfc3339, 1_700_000_000, Precision::Nanoseconds),
            ("20231114T221320Z", Kind::Iso8601, 1_700_000_000, Precision::Seconds),
            ("2023-11-14T17:13-05:00", Kind::Iso8601, 1_699_999_980, Precision::Seconds),
            ("2023-11-14T17:13:20-05", Kind::Iso8601, 1_700_000_000, Precision::Seconds),
            ("2023-11-14", Kind::Date, 1_699_920_000, Precision::Seconds),
            ("2023-11-14T22:13:20", Kind::LocalDatetime, 1_700_000_000, Precision::Seconds),
            ("2023-11-14 22:13:20.250", Kind::LocalDatetime, 1_700_000_000, Precision::Milliseconds),
            ("2023-11-14T17:13:20-05:00[America/New_York]", Kind::Rfc9557, 1_700_000_000, Precision::Seconds),
            ("2023-11-14T17:13:20-05:00[america/new_york]", Kind::Rfc9557, 1_700_000_000, Precision::Seconds),
            ("2023-11-14T17:13:20[America/New_York]", Kind::Rfc9557, 1_700_000_000, Precision::Seconds),
            ("2023-11-14T22:13:20Z[America/New_York]", Kind::Rfc9557, 1_700_000_000, Precision::Seconds),
            ("Tue, 14 Nov 2023 22:13:20 +0000", Kind::Rfc2822, 1_700_000_000, Precision::Seconds),
            ("Tue, 14 Nov 2023 17:13:20 -0500", Kind::Rfc2822, 1_700_000_000, Precision::Seconds),
            ("14 Nov 2023 22:13:20 +0000", Kind::Rfc2822, 1_700_000_000, Precision::Seconds),
            ("Tue, 14 Nov 2023 22:13:20 GMT", Kind::HttpDate, 1_700_000_000, Precision::Seconds),
        ] {
            let reading = text(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!((reading.kind, reading.instant.as_second(), reading.precision), (kind, second, unit), "{input}");
        }
    }

    #[test]
    fn wall_clock_times_are_read_in_the_zone() {
        let r =
            read_in(Input::Text("2023-11-14T17:13:20"), "America/New_York", None, Disambiguation::Compatible).unwrap();
        assert_eq!(r.instant.as_second(), 1_700_000_000);
        let r = read_in(Input::Text("2023-11-14"), "america/new_york", None, Disambiguation::Compatible).unwrap();
        assert_eq!(r.instant.to_string(), "2023-11-14T05:00:00Z");
        // An explicit offset wins over the zone parameter.
        let r = read_in(Input::Text("2023-11-14T22:13:20Z"), "Asia/Tokyo", None, Disambiguation::Compatible).unwrap();
        assert_eq!(r.instant.as_second(), 1_700_000_000);
    }

    #[test]
    fn invalid_dates_are_rejected_never_rolled_over() {
        for input in [
            "2023-02-30",
            "2023-02-29T00:00:00Z",
            "2023-13-01",
            "2023-11-31T00:00:00Z",
            "2023-11-14T24:00:00Z",
            "2023-11-14T23:60:00Z",
            "Thu, 30 Feb 2023 22:13:20 GMT",
        ] {
            assert_eq!(text(input).unwrap_err().name(), "invalid_timestamp", "{input}");
        }
        assert!(text("2024-02-29").is_ok(), "leap day");
        // Milliseconds after a third colon, as some logs write them.
        assert_eq!(text("2012-08-17T18:31:59:257+0100").unwrap().instant.to_string(), "2012-08-17T17:31:59.257Z");
        assert!(text("2012-08-17T18:31:59:25+0100").is_err());
        // A weekday that is not the date's: the date, and a warning.
        let contradicted = text("Wed, 14 Nov 2023 22:13:20 +0100").unwrap();
        assert_eq!(contradicted.instant.as_second(), 1_699_996_400);
        let human = contradicted.human.unwrap();
        assert_eq!(human.read_as, "2023-11-14T22:13:20+01:00");
        assert_eq!(human.warnings, ["2023-11-14 is a Tuesday, not a Wednesday: read as the date"]);
        let err = text("2023-02-30").unwrap_err();
        assert!(err.to_string().contains("day"), "{err}");
    }

    /// A refusal speaks of RFC 5322 and HTTP dates only when the text has a
    /// month as they write it (`Nov`); else people's reader says what is
    /// wrong. A mail date's own field out of range is its reader's to say.
    #[test]
    fn only_a_text_with_a_mail_month_is_refused_as_a_mail_date() {
        for (input, says) in [
            ("We met on the 5th? maybe", "unknown word \"We\""),
            ("Let's finish this before this 2013-2-7.", "unknown word \"Let's\""),
            ("Tuesday, 14 November 2023 25:00", "there is no hour 25"),
            ("Tue, 14 Nov 2023 25:13:20 GMT", "the hour 25 is beyond 23"),
        ] {
            let error = text(input).unwrap_err().to_string();
            assert!(error.contains(says), "{input}: {error}");
            assert!(!error.contains("RFC 5322"), "{input}: {error}");
        }
    }

    #[test]
    fn an_offset_that_contradicts_its_zone_is_an_error() {
        let err = text("2023-11-14T17:13:20-04:00[America/New_York]").unwrap_err();
        assert_eq!(err.name(), "invalid_timestamp");
        let message = err.to_string();
        assert!(message.contains("-04:00") && message.contains("-05:00 (EST)"), "{message}");
        let err = text("2023-11-14T17:13:20-05:00[Mars/Base]").unwrap_err();
        assert_eq!(err.name(), "unknown_timezone");
    }

    #[test]
    fn dst_gap_with_each_disambiguation() {
        // 2024-03-10 02:30 does not exist in New York (02:00 EST -> 03:00 EDT).
        let gap = |d| read_in(Input::Text("2024-03-10T02:30:00"), "America/New_York", None, d);
        let compatible = gap(Disambiguation::Compatible).unwrap();
        assert_eq!(compatible.instant.to_string(), "2024-03-10T07:30:00Z"); // 03:30 EDT
        assert!(compatible.local_time_note.as_deref().unwrap().contains("does not exist"));
        assert_eq!(gap(Disambiguation::Earlier).unwrap().instant.to_string(), "2024-03-10T06:30:00Z"); // 01:30 EST
        assert_eq!(gap(Disambiguation::Later).unwrap().instant.to_string(), "2024-03-10T07:30:00Z");
        let err = gap(Disambiguation::Reject).unwrap_err();
        assert_eq!(err.name(), "ambiguous_local_time");
        assert!(err.to_string().contains("jump from -05:00 to -04:00"), "{err}");
    }

    #[test]
    fn dst_fold_with_each_disambiguation() {
        // 2024-11-03 01:30 happens twice in New York (EDT, then EST).
        let fold = |d| read_in(Input::Text("2024-11-03 01:30:00"), "America/New_York", None, d);
        assert_eq!(fold(Disambiguation::Compatible).unwrap().instant.to_string(), "2024-11-03T05:30:00Z");
        assert_eq!(fold(Disambiguation::Earlier).unwrap().instant.to_string(), "2024-11-03T05:30:00Z");
        assert_eq!(fold(Disambiguation::Later).unwrap().instant.to_string(), "2024-11-03T06:30:00Z");
        let err = fold(Disambiguation::Reject).unwrap_err();
        assert!(err.to_string().contains("happens twice"), "{err}");
        // Unambiguous times carry no note.
        let plain =
            read_in(Input::Text("2024-11-03 03:30:00"), "America/New_York", None, Disambiguation::Reject).unwrap();
        assert_eq!(plain.local_time_note, None);
    }

    #[test]
    fn southern_hemisphere_gap_is_in_october() {
        // Sydney springs forward on 2023-10-01 at 02:00 AEST -> 03:00 AEDT.
        let err =
            read_in(Input::Text("2023-10-01T02:30:00"), "Australia/Sydney", None, Disambiguation::Reject).unwrap_err();
        assert_eq!(err.name(), "ambiguous_local_time");
        let fold =
            read_in(Input::Text("2023-04-02T02:30:00"), "Australia/Sydney", None, Disambiguation::Later).unwrap();
        assert_eq!(fold.instant.to_string(), "2023-04-01T16:30:00Z"); // 02:30 AEST (+10)
    }

    #[test]
    fn control_characters_and_overlong_text_are_rejected() {
        assert_eq!(text("2023-11-14\u{0}").unwrap_err().position(), Some(10));
        assert_eq!(text("\u{202E}1700000000").unwrap_err().name(), "invalid_timestamp");
        assert!(text(&"1".repeat(257)).unwrap_err().to_string().contains("257 characters"));
    }

    #[test]
    fn digits_of_every_script_are_digits() {
        for written in ["１７００００００００", "١٧٠٠٠٠٠٠٠٠", "۱۷۰۰۰۰۰۰۰۰", "१७००००००००", "১৭০০০০০০০০", "๑๗๐๐๐๐๐๐๐๐"]
        {
            assert_eq!(text(written).unwrap().instant.as_second(), 1_700_000_000, "{written}");
        }
        assert_eq!(text("２０２３-１１-１４T２２:１３:２０Z").unwrap().instant.as_second(), 1_700_000_000);
        assert_eq!(text("Nov ١٤ ٢٠٢٣ 10:13:20pm").unwrap().instant.as_second(), 1_700_000_000);
        // A position counts characters of the text as sent.
        assert_eq!(text("２０２３-１１-３２").unwrap_err().position(), Some(8));
    }

    #[test]
    fn offsets_are_honoured_to_the_nanosecond_or_refused() {
        // test262: -00:00:00.1 moves the instant by a tenth of a second.
        let r = text("1976-11-18T15:23:30.123456789-00:00:00.1").unwrap();
        assert_eq!(nanos(&r), 217_178_610_223_456_789);
        assert_eq!(nanos(&text("1970-01-01T00:19:32.37+00:19:32.37").unwrap()), 0);
        assert_eq!(text("2020-01-01T00:00+24:00").unwrap_err().name(), "invalid_timestamp");
        let err = text("1970-01-01T00:00:00.1234567891Z").unwrap_err();
        assert!(err.to_string().contains("finer than one nanosecond"), "{err}");
        assert_eq!(err.position(), Some(29));
    }

    #[test]
    fn leap_seconds_only_at_the_end_of_a_utc_day() {
        assert_eq!(text("2016-12-31T23:59:60Z").unwrap().instant.as_second(), 1_483_228_799);
        assert_eq!(text("2016-12-31T15:59:60.5-08:00").unwrap().instant.to_string(), "2016-12-31T23:59:59.5Z");
        assert!(text("1998-12-31T23:58:60Z").unwrap_err().to_string().contains("23:58:60 UTC"));
        assert!(text("Sat, 31 Dec 2016 23:59:60 GMT").is_ok());
        assert!(text("Sat, 31 Dec 2016 22:59:60 GMT").is_err());
        let sydney = read_in(Input::Text("2017-01-01T10:59:60"), "Australia/Sydney", None, Disambiguation::Compatible);
        assert_eq!(sydney.unwrap().instant.as_second(), 1_483_228_799);
    }

    #[test]
    fn years_beyond_the_range_are_out_of_range_not_invalid() {
        for input in ["+275760-09-13T00:00Z", "-271821-04-20T00:00Z", "+010000-01-01", "Tue, 1 Jan 10000 00:00 GMT"] {
            let err = text(input).unwrap_err();
            assert_eq!(err.name(), "out_of_range", "{input}: {err}");
        }
        assert!(text("+275760-09-13T00:00Z").unwrap_err().to_string().contains("year 275,760"));
    }

    #[test]
    fn annotations_as_rfc9557_defines_them() {
        for input in
            ["1970-01-01T00:00Z[!u-ca=iso8601]", "1970-01-01T00:00Z[u-ca=discord]", "1970-01-01T00:00Z[foo=bar]"]
        {
            assert_eq!(text(input).unwrap().instant.as_second(), 0, "{input}");
        }
        assert_eq!(text("1970-01-01T00:00Z[!foo=bar]").unwrap_err().name(), "invalid_timestamp");
        assert_eq!(text("1970-01-01T00:00Z[Mars/Base]").unwrap_err().name(), "unknown_timezone");
    }

    #[test]
    fn week_ordinal_and_log_dates() {
        for (input, kind, instant) in [
            ("2023-W46-2", Kind::Date, "2023-11-14T00:00:00Z"),
            ("2023W462T22:13:20Z", Kind::Iso8601, "2023-11-14T22:13:20Z"),
            ("2023-318", Kind::Date, "2023-11-14T00:00:00Z"),
            ("2023-318T17:13:20-05:00", Kind::Iso8601, "2023-11-14T22:13:20Z"),
            ("14/Nov/2023:17:13:20 -0500", Kind::Clf, "2023-11-14T22:13:20Z"),
            ("Sunday, 06-Nov-94 08:49:37 GMT", Kind::HttpDate, "1994-11-06T08:49:37Z"),
            ("Sun Nov  6 08:49:37 1994", Kind::HttpDate, "1994-11-06T08:49:37Z"),
            ("Fri, 21 Nov 1997 09(comment):   55  :  06 -0600", Kind::Rfc2822, "1997-11-21T15:55:06Z"),
        ] {
            let reading = text(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!((reading.kind, reading.instant.to_string()), (kind, instant.to_owned()), "{input}");
        }
        assert!(text("2021-W53-1").unwrap_err().to_string().contains("week 53"));
        assert!(text("2023-366").unwrap_err().to_string().contains("365 days"));
    }

    #[test]
    fn year_of_nanos_matches_jiff_inside_the_range() {
        for second in [-377_705_023_201i64, -62_135_596_800, -1, 0, 951_782_400, 1_700_000_000, 253_402_207_200] {
            let expected = Timestamp::from_second(second).unwrap().to_zoned(jiff::tz::TimeZone::UTC).year();
            assert_eq!(year_of_nanos(i128::from(second) * 1_000_000_000), i128::from(expected), "{second}");
        }
        assert_eq!(group_thousands(-1_234_567), "-1,234,567");
    }
}
