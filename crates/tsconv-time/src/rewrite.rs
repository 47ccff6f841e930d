//! Rewriting the timestamps inside text: log lines, JSON lines,
//! logfmt, access logs. Everything but a timestamp is copied byte for byte.
//!
//! A scanner finds candidates by their shape alone, fast: `memchr` for the
//! bytes that start one (`-` of an ISO date, `[` of an access log's date,
//! `:` and `=` after a key), `aho-corasick` for the month names of RFC 2822
//! and HTTP dates. Each candidate is then read by the engine's own readers
//! ([`Bulk::line`], the same path as `convert -`): there is no second date
//! grammar here, and a candidate the readers refuse is left as it was.
//!
//! What is rewritten:
//! - date strings anywhere: RFC 3339 / ISO 8601 date-times with a time and
//!   an offset or `Z` (and an RFC 9557 zone in brackets after them), RFC
//!   2822 and HTTP dates, the NCSA/CLF date inside `[...]`;
//! - Unix numbers (unit detected by size) that are the value of
//!   a JSON member or a logfmt `key=value` pair whose key names a time
//!   ([`is_time_key`], and the keys a caller adds), bare or as a string of
//!   digits;
//! - with [`Settings::numbers`], every other number of 10, 13, 16 or 19
//!   digits that lands within its window.
//!
//! A JSON number replaced by text becomes a JSON string, and text written
//! inside a JSON string is escaped, so JSON lines stay JSON. With
//! [`Settings::annotate`] the original stays and the new value follows it
//! in brackets (text to read: a bare JSON number followed by a bracket is
//! no longer JSON).
//!
//! ```
//! use jiff::Timestamp;
//! use tsconv_time::bulk::Bulk;
//! use tsconv_time::input::ReadOptions;
//! use tsconv_time::render::Format;
//! use tsconv_time::rewrite::{Rewrite, Settings};
//! use tsconv_time::zone::Zone;
//!
//! let zone = Zone::parse("Europe/Berlin").unwrap();
//! let bulk = Bulk::new(ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH), Format::Rfc3339);
//! let mut rewrite = Rewrite::new(bulk, Settings::default());
//! let mut out = Vec::new();
//! rewrite.text(br#"{"ts":1700000000123,"user":1700000000,"msg":"at 2023-11-14T22:13:20Z"}"#, &mut out);
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     r#"{"ts":"2023-11-14T23:13:20.123+01:00","user":1700000000,"msg":"at 2023-11-14T23:13:20+01:00"}"#
//! );
//! ```

use aho_corasick::AhoCorasick;
use jiff::Timestamp;

use crate::bulk::Bulk;
use crate::error::TimeError;
use crate::input::{self, Input, ReadOptions};
use crate::precision::Precision;

/// What a caller adds to the rewrite rules.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// More keys whose numbers are Unix times (`--keys`), matched exactly.
    pub keys: Vec<String>,
    /// Every number of 10, 13, 16 or 19 digits within `[start, end)` is
    /// read too (`--numbers`, `--window`).
    pub numbers: Option<Window>,
    /// Keep each original and append the new value in brackets.
    pub annotate: bool,
}

/// The instants a bare number must land in to be read as one (`--window`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub start: Timestamp,
    pub end: Timestamp,
}

impl Window {
    /// `START..END`, each read as any input is (in `options`' zone), the
    /// start before the end.
    ///
    /// ```
    /// use jiff::Timestamp;
    /// use tsconv_time::input::ReadOptions;
    /// use tsconv_time::rewrite::Window;
    /// use tsconv_time::zone::Zone;
    ///
    /// let utc = Zone::utc();
    /// let window = Window::parse("2000-01-01..2100-01-01", &ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH)).unwrap();
    /// assert_eq!(window, Window::default());
    /// ```
    pub fn parse(text: &str, options: &ReadOptions<'_>) -> Result<Window, TimeError> {
        let Some((start, end)) = text.split_once("..") else {
            return Err(TimeError::invalid(format!(
                "the window {text:?} is not START..END, such as 2000-01-01..2100-01-01"
            )));
        };
        let read = |text: &str| input::read(Input::Text(text), options).map(|reading| reading.instant);
        let (start, end) = (read(start)?, read(end)?);
        if start >= end {
            return Err(TimeError::invalid(format!("the window {text:?} ends before it starts")));
        }
        Ok(Window { start, end })
    }
}

impl Default for Window {
    /// 2000-01-01 to 2100-01-01, UTC.
    fn default() -> Window {
        Window { start: Timestamp::constant(946_684_800, 0), end: Timestamp::constant(4_102_444_800, 0) }
    }
}

/// The keys that name a time: `ts`, `time`, `timestamp`,
/// `@timestamp`, `date`, `datetime`, and any key ending in `_at`, `_time`,
/// `_ts`, `At` or `Time`.
///
/// ```
/// use tsconv_time::rewrite::is_time_key;
/// assert!(is_time_key(b"created_at") && is_time_key(b"eventTime") && is_time_key(b"@timestamp"));
/// assert!(!is_time_key(b"user") && !is_time_key(b"latency_ms") && !is_time_key(b"At"));
/// ```
pub fn is_time_key(key: &[u8]) -> bool {
    matches!(key, b"ts" | b"time" | b"timestamp" | b"@timestamp" | b"date" | b"datetime")
        || [&b"_at"[..], b"_time", b"_ts", b"At", b"Time"]
            .iter()
            .any(|suffix| key.len() > suffix.len() && key.ends_with(suffix))
}

/// Where a candidate stands, which says how its new text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// In running text, or a logfmt value: as it is.
    Text,
    /// A logfmt value: quoted if it holds a space, `"` or `=`.
    Logfmt,
    /// A bare JSON number: as a JSON string.
    JsonNumber,
    /// Inside a JSON (or logfmt) string: escaped, if it must be.
    Quoted,
    /// A bare number found by `--numbers`: inside a string, escaped; else
    /// a JSON string where it stood as a JSON value (`json`), else as it is.
    Bare { json: bool },
}

/// A candidate: `text[start..end]`, to be read as one input.
#[derive(Clone, Copy, Debug)]
struct Found {
    start: usize,
    end: usize,
    place: Place,
    /// Found by `--numbers`: kept only within the window.
    windowed: bool,
    /// A logfmt pair's `=`: the pair is text, and left, when it stands
    /// inside a quoted value (`msg="a ts=1"`).
    pair: Option<usize>,
}

/// Rewrites the timestamps inside text.
pub struct Rewrite<'a> {
    bulk: Bulk<'a>,
    settings: Settings,
    months: AhoCorasick,
    found: Vec<Found>,
    value: Vec<u8>,
}

/// The month names of RFC 2822 and HTTP dates, between spaces.
const MONTHS: [&str; 12] =
    [" Jan ", " Feb ", " Mar ", " Apr ", " May ", " Jun ", " Jul ", " Aug ", " Sep ", " Oct ", " Nov ", " Dec "];

impl<'a> Rewrite<'a> {
    /// Rewrites to what `bulk` writes.
    pub fn new(bulk: Bulk<'a>, settings: Settings) -> Rewrite<'a> {
        // Twelve fixed ASCII patterns always build.
        let months = AhoCorasick::new(MONTHS).unwrap_or_else(|_| unreachable!("the month patterns build"));
        Rewrite { bulk, settings, months, found: Vec::new(), value: Vec::with_capacity(64) }
    }

    /// Appends `text` to `out` with its timestamps rewritten; the number
    /// rewritten. Lines are the unit of work: no candidate spans a `\n`,
    /// so a caller may cut its input after any `\n`.
    pub fn text(&mut self, text: &[u8], out: &mut Vec<u8>) -> usize {
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.find(text, &mut found);
        found.sort_unstable_by_key(|f| (f.start, usize::MAX - f.end));
        let (mut copied, mut rewritten) = (0, 0);
        // Asked at increasing positions only: one pass over the text in all.
        let mut quotes = Quotes::default();
        for candidate in &found {
            if candidate.start < copied
                || candidate.pair.is_some_and(|pair| quotes.inside(text, pair))
                || !self.read(text, candidate)
            {
                continue;
            }
            out.extend_from_slice(&text[copied..candidate.start]);
            let original = &text[candidate.start..candidate.end];
            let place = match candidate.place {
                // Only a text that needs escaping asks whether it is inside a string.
                Place::Text if needs_escape(&self.value) && quotes.inside(text, candidate.start) => Place::Quoted,
                Place::Bare { .. } if quotes.inside(text, candidate.start) => Place::Quoted,
                Place::Bare { json: true } => Place::JsonNumber,
                Place::Bare { json: false } => Place::Text,
                place => place,
            };
            match self.settings.annotate {
                true => {
                    out.extend_from_slice(original);
                    out.extend_from_slice(b" [");
                    write_value(out, &self.value, if place == Place::JsonNumber { Place::Quoted } else { place }, true);
                    out.push(b']');
                }
                false => write_value(out, &self.value, place, false),
            }
            copied = candidate.end;
            rewritten += 1;
        }
        out.extend_from_slice(&text[copied..]);
        self.found = found;
        rewritten
    }

    /// Reads one candidate into `self.value`: `false` if the readers refuse
    /// it, or it is a bare number outside the window.
    fn read(&mut self, text: &[u8], candidate: &Found) -> bool {
        let Ok(input) = std::str::from_utf8(&text[candidate.start..candidate.end]) else { return false };
        if candidate.windowed && !self.within_window(input) {
            return false;
        }
        self.value.clear();
        self.bulk.line(input, &mut self.value).is_ok()
    }

    fn within_window(&self, digits: &str) -> bool {
        let Some(window) = self.settings.numbers else { return false };
        let Ok(value) = digits.parse::<i128>() else { return false };
        let unit = Precision::detect(value.unsigned_abs());
        Timestamp::from_nanosecond(value * unit.nanos()).is_ok_and(|at| window.start <= at && at < window.end)
    }

    fn find(&self, text: &[u8], found: &mut Vec<Found>) {
        for dash in memchr::memchr_iter(b'-', text) {
            if let Some(end) = iso_date_time(text, dash) {
                found.push(Found { start: dash - 4, end, place: Place::Text, windowed: false, pair: None });
            }
        }
        for bracket in memchr::memchr_iter(b'[', text) {
            if let Some(end) = clf_date(text, bracket + 1) {
                found.push(Found { start: bracket + 1, end, place: Place::Text, windowed: false, pair: None });
            }
        }
        for month in self.months.find_iter(text) {
            if let Some((start, end)) = mail_date(text, month.start(), month.end()) {
                found.push(Found { start, end, place: Place::Text, windowed: false, pair: None });
            }
        }
        for separator in memchr::memchr2_iter(b':', b'=', text) {
            if let Some(value) = self.keyed_number(text, separator) {
                found.push(value);
            }
        }
        if self.settings.numbers.is_some() {
            bare_numbers(text, found);
        }
    }

    /// The number after `text[separator]` when a time key stands before
    /// it: `"key": 1700000000` (JSON) or `key=1700000000` (logfmt), the
    /// number bare or as a string of digits.
    fn keyed_number(&self, text: &[u8], separator: usize) -> Option<Found> {
        let json = text[separator] == b':';
        let key = match json {
            true => json_key(text, separator)?,
            false => logfmt_key(text, separator)?,
        };
        let key = &text[key.0..key.1];
        if !is_time_key(key) && !self.settings.keys.iter().any(|k| k.as_bytes() == key) {
            return None;
        }
        let mut at = separator + 1;
        if json {
            at += spaces(&text[at..]);
        }
        let quoted = text.get(at) == Some(&b'"');
        let start = at + usize::from(quoted);
        let end = start + number(&text[start..])?;
        let place = match (quoted, json) {
            (true, _) if text.get(end) == Some(&b'"') => Place::Quoted,
            (true, _) => return None,
            (false, true) if ends_json_value(text.get(end + spaces(&text[end..])).copied()) => Place::JsonNumber,
            (false, false) if text.get(end).is_none_or(|b| b.is_ascii_whitespace()) => Place::Logfmt,
            (false, _) => return None,
        };
        Some(Found { start, end, place, windowed: false, pair: (!json).then_some(separator) })
    }
}

fn digits(text: &[u8], from: usize, count: usize) -> bool {
    text.get(from..from + count).is_some_and(|run| run.iter().all(u8::is_ascii_digit))
}

fn is_word(byte: Option<&u8>) -> bool {
    byte.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

fn spaces(text: &[u8]) -> usize {
    text.iter().take_while(|b| matches!(b, b' ' | b'\t')).count()
}

/// `YYYY-MM-DD[T ]HH:MM[:SS[.fff]](Z|±HH[:MM])` and an RFC 9557 `[zone]`
/// after it, where `text[dash]` is its first `-`: its end.
fn iso_date_time(text: &[u8], dash: usize) -> Option<usize> {
    let start = dash.checked_sub(4)?;
    if !digits(text, start, 4) || (start > 0 && is_word(text.get(start - 1))) {
        return None;
    }
    let shape = |at: usize, byte: &[u8]| text.get(at).is_some_and(|b| byte.contains(b));
    if !(digits(text, dash + 1, 2) && shape(dash + 3, b"-") && digits(text, dash + 4, 2)) {
        return None;
    }
    let time = dash + 7;
    if !(shape(dash + 6, b"Tt ") && digits(text, time, 2) && shape(time + 2, b":") && digits(text, time + 3, 2)) {
        return None;
    }
    let mut at = time + 5;
    if shape(at, b":") && digits(text, at + 1, 2) {
        at += 3;
        if shape(at, b".,") && digits(text, at + 1, 1) {
            at += 1 + text[at + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        }
    }
    at = match text.get(at)? {
        b'Z' | b'z' => at + 1,
        b'+' | b'-' if digits(text, at + 1, 2) => match (text.get(at + 3), digits(text, at + 4, 2)) {
            (Some(b':'), true) => at + 6,
            _ if digits(text, at + 3, 2) => at + 5,
            _ => at + 3,
        },
        _ => return None,
    };
    if text.get(at) == Some(&b'[')
        && let Some(close) = text[at..].iter().take(64).position(|&b| b == b']')
        && text[at + 1..at + close].iter().all(|b| b.is_ascii_alphanumeric() || b"/_+-!=".contains(b))
    {
        at += close + 1;
    }
    (!is_word(text.get(at))).then_some(at)
}

/// `DD/Mon/YYYY:HH:MM:SS ±HHMM` followed by `]`, from `text[start]`: its end.
fn clf_date(text: &[u8], start: usize) -> Option<usize> {
    let month = text.get(start + 3..start + 6)?;
    let shape = digits(text, start, 2)
        && text[start + 2] == b'/'
        && month.iter().all(u8::is_ascii_alphabetic)
        && text.get(start + 6) == Some(&b'/')
        && digits(text, start + 7, 4)
        && [11, 14, 17].iter().all(|&i| text.get(start + i) == Some(&b':'))
        && [12, 15, 18].iter().all(|&i| digits(text, start + i, 2))
        && text.get(start + 20) == Some(&b' ')
        && text.get(start + 21).is_some_and(|b| matches!(b, b'+' | b'-'))
        && digits(text, start + 22, 4)
        && text.get(start + 26) == Some(&b']');
    shape.then_some(start + 26)
}

/// An RFC 2822 or HTTP date around a month name found at
/// `text[month..month_end]` (with its spaces): `[Www, ]D[D] Mon YYYY
/// HH:MM[:SS] zone`, the zone `GMT`, `UT`, `UTC`, `Z`, `±HHMM` or one of
/// RFC 2822's North American names. Its start and end.
fn mail_date(text: &[u8], month: usize, month_end: usize) -> Option<(usize, usize)> {
    let day_digits = (1..=2).rev().find(|&n| month >= n && digits(text, month - n, n))?;
    let mut start = month - day_digits;
    if start > 0 && is_word(text.get(start - 1)) {
        return None;
    }
    // A weekday before it: `Tue, `.
    if start >= 5
        && text[start - 5..start - 2].iter().all(u8::is_ascii_alphabetic)
        && &text[start - 2..start] == b", "
        && (start == 5 || !is_word(text.get(start - 6)))
    {
        start -= 5;
    }
    let year = month_end;
    if !(digits(text, year, 4) && text.get(year + 4) == Some(&b' ')) {
        return None;
    }
    let time = year + 5;
    if !(digits(text, time, 2) && text.get(time + 2) == Some(&b':') && digits(text, time + 3, 2)) {
        return None;
    }
    let mut at = time + 5;
    if text.get(at) == Some(&b':') && digits(text, at + 1, 2) {
        at += 3;
    }
    if text.get(at) != Some(&b' ') {
        return None;
    }
    at += 1;
    let rest = &text[at..];
    let zone = if rest.first().is_some_and(|b| matches!(b, b'+' | b'-')) && digits(text, at + 1, 4) {
        5
    } else {
        let name = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
        let known = [&b"GMT"[..], b"UT", b"UTC", b"Z", b"EST", b"EDT", b"CST", b"CDT", b"MST", b"MDT", b"PST", b"PDT"];
        known.contains(&&rest[..name]).then_some(name)?
    };
    at += zone;
    (!is_word(text.get(at))).then_some((start, at))
}

/// The key before a JSON member's `:` at `text[colon]`: `"key"`, itself
/// after `{` or `,`. Its bounds.
fn json_key(text: &[u8], colon: usize) -> Option<(usize, usize)> {
    let before = &text[..colon];
    let close = before.len() - before.iter().rev().take_while(|b| matches!(b, b' ' | b'\t')).count();
    if close == 0 || text[close - 1] != b'"' {
        return None;
    }
    let key_end = close - 1;
    let open = memchr::memrchr(b'"', &text[..key_end])?;
    let key = &text[open + 1..key_end];
    if key.is_empty() || key.len() > 64 || key.contains(&b'\\') {
        return None;
    }
    let lead = text[..open].iter().rev().find(|b| !b.is_ascii_whitespace());
    matches!(lead, Some(b'{' | b',')).then_some((open + 1, key_end))
}

/// The key before a logfmt pair's `=` at `text[equals]`: a word of
/// letters, digits and `_@.-/`, at the start of the text or after a space.
fn logfmt_key(text: &[u8], equals: usize) -> Option<(usize, usize)> {
    let length =
        text[..equals].iter().rev().take_while(|b| b.is_ascii_alphanumeric() || b"_@.-/".contains(b)).take(65).count();
    let start = equals - length;
    let lead_ok = start == 0 || text[start - 1].is_ascii_whitespace();
    (length > 0 && length <= 64 && lead_ok).then_some((start, equals))
}

/// The length of a decimal number at the start of `text`:
/// `-?digits(.digits)?`, as JSON and logfmt write Unix times.
fn number(text: &[u8]) -> Option<usize> {
    let sign = usize::from(text.first() == Some(&b'-'));
    let whole = text[sign..].iter().take_while(|b| b.is_ascii_digit()).count();
    if whole == 0 || whole > 20 {
        return None;
    }
    let mut length = sign + whole;
    if text.get(length) == Some(&b'.') {
        let fraction = text[length + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if fraction == 0 {
            return None;
        }
        length += 1 + fraction;
    }
    Some(length)
}

/// Whether `byte` may follow a JSON value: `,`, `}`, `]`, or the end.
fn ends_json_value(byte: Option<u8>) -> bool {
    matches!(byte, None | Some(b',' | b'}' | b']' | b'\r' | b'\n'))
}

/// `--numbers`: every run of 10, 13, 16 or 19 digits that is a word of its
/// own (no letter, digit, `_` or `.digit` beside it).
fn bare_numbers(text: &[u8], found: &mut Vec<Found>) {
    // The line being scanned: its end, and whether it is JSON.
    let (mut line_end, mut json_line) = (0, false);
    let mut at = 0;
    while at < text.len() {
        if !text[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        at += text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        let alone = (start == 0 || !(is_word(text.get(start - 1)) || text[start - 1] == b'.'))
            && !is_word(text.get(at))
            && !(text.get(at) == Some(&b'.') && digits(text, at + 1, 1));
        if alone && matches!(at - start, 10 | 13 | 16 | 19) {
            if start >= line_end {
                let line_start = memchr::memrchr(b'\n', &text[..start]).map_or(0, |i| i + 1);
                line_end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
                json_line = looks_like_json(&text[line_start..line_end]);
            }
            let lead = text[..start].iter().rev().find(|b| !matches!(b, b' ' | b'\t'));
            let value = matches!(lead, Some(b':' | b'[' | b','))
                && ends_json_value(text.get(at + spaces(&text[at..])).copied());
            found.push(Found {
                start,
                end: at,
                place: Place::Bare { json: json_line && value },
                windowed: true,
                pair: None,
            });
        }
    }
}

/// A line that is a JSON object or array (or ends with one, after a
/// prefix such as a container runtime's): it holds a `{` or `[` and ends
/// with `}` or `]`.
fn looks_like_json(text: &[u8]) -> bool {
    let end = text.iter().rev().find(|b| !b.is_ascii_whitespace());
    memchr::memchr2(b'{', b'[', text).is_some() && matches!(end, Some(b'}' | b']'))
}

/// Whether positions of a text are inside a double-quoted string of their
/// line (an odd number of unescaped `"` since the line's start), asked at
/// increasing positions: each byte is looked at once, however many
/// candidates a line holds.
#[derive(Default)]
struct Quotes {
    /// The position the answer below holds for.
    at: usize,
    line_start: usize,
    inside: bool,
}

impl Quotes {
    fn inside(&mut self, text: &[u8], at: usize) -> bool {
        if at < self.at {
            // Never asked so; starting over would still answer rightly.
            *self = Quotes::default();
        }
        if let Some(newline) = memchr::memrchr(b'\n', &text[self.at..at]) {
            *self = Quotes { at: self.at + newline + 1, line_start: self.at + newline + 1, inside: false };
        }
        for quote in memchr::memchr_iter(b'"', &text[self.at..at]) {
            let quote = self.at + quote;
            let backslashes = text[self.line_start..quote].iter().rev().take_while(|&&b| b == b'\\').count();
            if backslashes % 2 == 0 {
                self.inside = !self.inside;
            }
        }
        self.at = at;
        self.inside
    }
}

fn needs_escape(value: &[u8]) -> bool {
    value.iter().any(|&b| b == b'"' || b == b'\\' || b < 0x20)
}

/// Writes a new value as its place asks.
fn write_value(out: &mut Vec<u8>, value: &[u8], place: Place, annotating: bool) {
    match place {
        // A bare number's place is known by the time it is written.
        Place::Text | Place::Bare { .. } => out.extend_from_slice(value),
        Place::Logfmt if annotating || !value.iter().any(|b| matches!(b, b' ' | b'"' | b'=') || *b < 0x20) => {
            out.extend_from_slice(value)
        }
        Place::Logfmt | Place::JsonNumber => {
            out.push(b'"');
            escape(out, value);
            out.push(b'"');
        }
        Place::Quoted => escape(out, value),
    }
}

/// JSON's escapes (also those logfmt's quoted values use).
fn escape(out: &mut Vec<u8>, value: &[u8]) {
    for &byte in value {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            byte if byte < 0x20 => out.extend_from_slice(format!("\\u{byte:04x}").as_bytes()),
            byte => out.push(byte),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Format, View};
    use crate::zone::Zone;

    fn rewrite(zone: &str, format: &str, settings: Settings, text: &str) -> String {
        let zone = Zone::parse(zone).unwrap();
        let format = Format::from_texts(Some(format), None, None).unwrap().unwrap();
        let bulk = Bulk::new(ReadOptions::defaults(&zone, Timestamp::from_second(1_795_000_000).unwrap()), format);
        let mut out = Vec::new();
        Rewrite::new(bulk, settings).text(text.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1_000))]
        /// Text without timestamps passes unchanged: any text without an
        /// ASCII digit (JSON's and logfmt's punctuation, other scripts'
        /// digits and letters included), and JSON or logfmt lines whose keys
        /// name no time, whatever numbers and strings they hold.
        #[test]
        fn text_without_timestamps_passes_unchanged(
            text in "[ -/:-~\\n\\t\"{}=\\[\\]éЖ中٣۷]{0,200}",
            pairs in proptest::collection::vec(("[a-z_@]{1,12}", proptest::num::i64::ANY, "[ -~]{0,30}", 0u8..4), 0..8),
            json in proptest::bool::ANY,
            numbers in proptest::bool::ANY,
        ) {
            let settings = Settings { numbers: numbers.then_some(Window { start: Timestamp::MAX, end: Timestamp::MAX }), ..Settings::default() };
            proptest::prop_assert_eq!(rewrite("Europe/Berlin", "rfc3339", settings.clone(), &text), text.clone());
            let mut line = String::new();
            for (key, number, string, form) in pairs.iter().filter(|(key, ..)| !is_time_key(key.as_bytes())) {
                let string = string.replace(['"', '\\'], "");
                let value = match form {
                    0 => number.to_string(),
                    1 => format!("{number}.{}", number.unsigned_abs() % 1000),
                    2 => format!("\"{string}\""),
                    _ => format!("\"{number}\""),
                };
                match json {
                    true => line.push_str(&format!("{}\"{key}\":{value}", if line.is_empty() { "{" } else { "," })),
                    false => line.push_str(&format!("{key}={value} ")),
                }
            }
            if json {
                line.push('}');
            }
            if !shows_a_date(&line) {
                proptest::prop_assert_eq!(rewrite("Europe/Berlin", "rfc3339", settings, &line), line);
            }
        }

        /// A timestamp set into any text without one is rewritten, and the
        /// text around it is kept byte for byte.
        #[test]
        fn a_timestamp_is_rewritten_and_its_surroundings_kept(
            before in "[ -/:-~éЖ]{0,40}",
            after in "[ -/:-~éЖ]{0,40}",
            seconds in -2_208_988_800i64..4_102_444_800,
            form in 0usize..4,
        ) {
            let instant = Timestamp::from_second(seconds).unwrap();
            let (text, key) = match form {
                0 => (instant.to_string(), ""),
                1 => (instant.strftime("%a, %d %b %Y %H:%M:%S GMT").to_string(), ""),
                2 => (seconds.to_string(), " ts="),
                _ => (instant.strftime("%d/%b/%Y:%H:%M:%S +0000").to_string(), "["),
            };
            let close = if form == 3 { "]" } else { "" };
            let line = format!("{before} {key}{text}{close} {after}");
            let zone = Zone::parse("Europe/Berlin").unwrap();
            let expected = View::new(instant, &zone, Precision::Seconds).rfc3339();
            let expected = format!("{before} {key}{expected}{close} {after}");
            // The surroundings may hold a date of their own only by accident;
            // a `key=value` after an open `"` is inside a quoted value, so text.
            let quoted = form == 2 && before.contains('"');
            if !shows_a_date(&before) && !shows_a_date(&after) && !quoted {
                proptest::prop_assert_eq!(rewrite("Europe/Berlin", "rfc3339", Settings::default(), &line), expected);
            }
        }
    }

    /// Whether text holds something with a date's digits (the properties
    /// above keep to text without).
    fn shows_a_date(text: &str) -> bool {
        text.as_bytes().windows(5).any(|w| w[..4].iter().all(u8::is_ascii_digit) && w[4] == b'-')
    }

    #[test]
    fn each_kind_of_timestamp_is_rewritten_in_its_place() {
        let utc = |text| rewrite("UTC", "rfc3339", Settings::default(), text);
        for (text, expected) in [
            (r#"{"ts":1700000000}"#, r#"{"ts":"2023-11-14T22:13:20Z"}"#),
            (r#"{"created_at": 1700000000.5, "n": 1}"#, r#"{"created_at": "2023-11-14T22:13:20.500Z", "n": 1}"#),
            (r#"{"eventTime":"1700000000123"}"#, r#"{"eventTime":"2023-11-14T22:13:20.123Z"}"#),
            ("ts=1700000000 level=info", "ts=2023-11-14T22:13:20Z level=info"),
            (r#"msg="ts=1700000000" user=1700000000"#, r#"msg="ts=1700000000" user=1700000000"#),
            (
                r#"1.2.3.4 - - [14/Nov/2023:17:13:20 -0500] "GET / HTTP/1.1" 200"#,
                r#"1.2.3.4 - - [2023-11-14T22:13:20Z] "GET / HTTP/1.1" 200"#,
            ),
            ("Date: Tue, 14 Nov 2023 22:13:20 GMT\n", "Date: 2023-11-14T22:13:20Z\n"),
            ("seen 14 Nov 2023 17:13:20 -0500 ok", "seen 2023-11-14T22:13:20Z ok"),
            ("at 2023-11-14T17:13:20.250-05:00, again", "at 2023-11-14T22:13:20.250Z, again"),
            ("at 2023-11-14 17:13:20+01 x", "at 2023-11-14T16:13:20Z x"),
            ("2023-11-14T17:13:20-05:00[America/New_York] x", "2023-11-14T22:13:20Z x"),
            // Not timestamps by their shape, or refused by the readers.
            (
                "v2023-11-14T17:13:20Z 2023-11-14 2023-02-30T00:00:00Z",
                "v2023-11-14T17:13:20Z 2023-11-14 2023-02-30T00:00:00Z",
            ),
            (
                r#"{"user":1700000000,"latency_ms":370,"id":"1700000000"}"#,
                r#"{"user":1700000000,"latency_ms":370,"id":"1700000000"}"#,
            ),
        ] {
            assert_eq!(utc(text), expected, "{text}");
        }
    }

    #[test]
    fn bare_numbers_only_within_the_window_when_asked() {
        let numbers = Settings { numbers: Some(Window::default()), ..Settings::default() };
        assert_eq!(
            rewrite(
                "UTC",
                "rfc3339",
                numbers.clone(),
                "{\"user\":1700000000,\"n\":[1700000000123],\"m\":\"id 1700000000\"}\n946684799 x1700000000 1700000000."
            ),
            "{\"user\":\"2023-11-14T22:13:20Z\",\"n\":[\"2023-11-14T22:13:20.123Z\"],\"m\":\"id 2023-11-14T22:13:20Z\"}\n946684799 x1700000000 2023-11-14T22:13:20Z."
        );
        let keys = Settings { keys: vec!["when".into()], ..Settings::default() };
        assert_eq!(rewrite("UTC", "rfc3339", keys, "when=1700000000123 at=1"), "when=2023-11-14T22:13:20.123Z at=1");
    }

    #[test]
    fn json_stays_json_and_annotations_keep_the_original() {
        // A format with a space: quoted in logfmt; a custom one with quotes: escaped in JSON.
        assert_eq!(
            rewrite("UTC", "rfc2822", Settings::default(), "ts=1700000000"),
            r#"ts="Tue, 14 Nov 2023 22:13:20 +0000""#
        );
        let zone = Zone::utc();
        let pattern = Format::from_texts(None, Some(r#"%Y "q" \ %H"#), None).unwrap().unwrap();
        let bulk = Bulk::new(ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH), pattern);
        let mut out = Vec::new();
        Rewrite::new(bulk, Settings::default()).text(br#"{"ts":1700000000,"m":"2023-11-14T22:13:20Z"}"#, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), r#"{"ts":"2023 \"q\" \\ 22","m":"2023 \"q\" \\ 22"}"#);
        let annotate = Settings { annotate: true, ..Settings::default() };
        assert_eq!(
            rewrite("America/New_York", "rfc3339", annotate, "ts=1700000000 at 2023-11-14T22:13:20Z"),
            "ts=1700000000 [2023-11-14T17:13:20-05:00] at 2023-11-14T22:13:20Z [2023-11-14T17:13:20-05:00]"
        );
    }
}
