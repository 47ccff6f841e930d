//! iCalendar feeds (RFC 5545) that calendar apps subscribe to: a
//! schedule's next runs, a zone's next clock changes. tsconv keeps no
//! state: each feed is computed when it is fetched, its events' UIDs from
//! what they are (the same run has the same UID in every fetch).

use std::fmt::Write as _;

use jiff::Timestamp;

/// A feed calendars subscribe to, and when its content next changes.
pub struct Feed {
    /// The iCalendar text.
    pub text: String,
    /// The first event: once it has passed, the feed lists another set.
    pub changes_at: Option<Timestamp>,
}

/// One event: an instant with no duration.
pub struct Event {
    /// Unique and stable: the same event gets the same UID on every fetch.
    pub uid: String,
    pub at: Timestamp,
    pub summary: String,
    pub description: String,
}

/// A calendar of `events` named `name`, stamped `now`.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::ics::{Event, calendar};
///
/// let event = Event { uid: "1@tsconv".into(), at: Timestamp::UNIX_EPOCH, summary: "a, b; c".into(), description: String::new() };
/// let feed = calendar("test", &[event], Timestamp::UNIX_EPOCH);
/// assert!(feed.contains("DTSTART:19700101T000000Z\r\n") && feed.contains("SUMMARY:a\\, b\\; c\r\n"));
/// ```
pub fn calendar(name: &str, events: &[Event], now: Timestamp) -> String {
    let mut out = String::new();
    let mut line = |text: &str| fold(&mut out, text);
    line("BEGIN:VCALENDAR");
    line("VERSION:2.0");
    line("PRODID:-//tsconv//schedules and clock changes//EN");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line(&format!("X-WR-CALNAME:{}", escape(name)));
    for event in events {
        line("BEGIN:VEVENT");
        line(&format!("UID:{}", escape(&event.uid)));
        line(&format!("DTSTAMP:{}", utc(now)));
        line(&format!("DTSTART:{}", utc(event.at)));
        line("DURATION:PT0S");
        line(&format!("SUMMARY:{}", escape(&event.summary)));
        if !event.description.is_empty() {
            line(&format!("DESCRIPTION:{}", escape(&event.description)));
        }
        line("TRANSP:TRANSPARENT");
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    out
}

/// A UTC DATE-TIME (`19700101T000000Z`), whole seconds.
fn utc(at: Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// TEXT escaping (3.3.11): backslash, semicolon, comma, newline.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded at 75 octets (3.1), never inside a character, ended by CRLF.
fn fold(out: &mut String, line: &str) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    let _ = write!(out, "\r\n");
}

/// A stable identifier for `parts`: FNV-1a, as hex.
pub fn uid(parts: &[&str]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}@tsconv")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_and_never_split_a_character() {
        let name = "é".repeat(100);
        let feed = calendar(&name, &[], Timestamp::UNIX_EPOCH);
        for line in feed.split("\r\n") {
            assert!(line.len() <= 75, "{line:?}");
        }
        let unfolded = feed.replace("\r\n ", "");
        assert!(unfolded.contains(&format!("X-WR-CALNAME:{name}\r\n")));
    }
}
