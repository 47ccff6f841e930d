//! Dates written with month names: mail and HTTP, and the common log format.
//!
//! - RFC 5322 section 3.3 `date-time`, with the obsolete syntax that section
//!   4 says a reader must accept: comments and folding white space between
//!   any two tokens (`Fri, 21 Nov 1997 09(comment):   55  :  06 -0600`, its
//!   appendix A.6.3), two- and three-digit years (section 4.3: 2-digit years
//!   below 50 are 20xx, others 19xx; 3-digit years add 1900), and the zone
//!   names `UT`, `GMT`, `EST`...`PDT` and the military letters (which it says
//!   to read as `-0000`).
//! - RFC 9110 section 5.6.7's three HTTP-date forms, which a recipient MUST
//!   accept: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC
//!   850 form (`Sunday, 06-Nov-94 08:49:37 GMT`, a two-digit year that would
//!   be more than 50 years in the future being the most recent past year
//!   with those digits) and asctime (`Sun Nov  6 08:49:37 1994`, in UTC).
//! - The NCSA/Apache common log format that tsconv writes as `clf`
//!   (`14/Nov/2023:17:13:20 -0500`).
//!
//! A day of the week, where given, must be the day of the date. Names are
//! read in any case, as RFC 5322's grammar says.

use crate::iso::{SyntaxError, days_in_month};

/// One date read from text with a month name; the reader turns it into an
/// instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NamedMonthDate {
    pub year: i32,
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
    /// May be 60: the reader checks that it is a leap second.
    pub second: i8,
    /// East of UTC.
    pub offset_seconds: i32,
    /// Monday 1 to Sunday 7, where the text names the day.
    pub weekday: Option<i8>,
    pub form: Form,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// RFC 5322, including its obsolete syntax (IMF-fixdate is one of these).
    Rfc5322,
    /// RFC 850 / RFC 1036, an obsolete HTTP-date.
    Rfc850,
    /// ANSI C's asctime(), an obsolete HTTP-date.
    Asctime,
    /// NCSA common log format.
    Clf,
}

pub(crate) const MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
pub(crate) const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

impl NamedMonthDate {
    /// Whether a day of the week, where one is named, is the date's.
    pub fn weekday_matches(&self) -> bool {
        let Some(named) = self.weekday else {
            return true;
        };
        let date = i16::try_from(self.year).ok().and_then(|y| jiff::civil::Date::new(y, self.month, self.day).ok());
        date.is_some_and(|d| d.weekday().to_monday_one_offset() == named)
    }

    /// Whether the text is an HTTP-date of RFC 9110 exactly as its grammar
    /// spells it (case, spaces, digits): the text is what this date writes
    /// back in its own form.
    pub fn is_http_date(&self, text: &str) -> bool {
        let Some(weekday) = self.weekday else {
            return false;
        };
        let day_name = WEEKDAYS[weekday as usize - 1];
        let month = MONTHS[self.month as usize - 1];
        let clock = format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second);
        if self.offset_seconds != 0 || !(0..=9999).contains(&self.year) {
            return false;
        }
        let canonical = match self.form {
            Form::Rfc5322 => format!("{}, {:02} {month} {:04} {clock} GMT", &day_name[..3], self.day, self.year),
            Form::Rfc850 => format!("{day_name}, {:02}-{month}-{:02} {clock} GMT", self.day, self.year % 100),
            Form::Asctime => format!("{} {month} {:>2} {clock} {:04}", &day_name[..3], self.day, self.year),
            Form::Clf => return false,
        };
        canonical == text
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a str),
    Number(&'a str),
    Punct(u8),
}

/// A token and where it starts; `spaced` says that white space or a
/// comment came just before it.
#[derive(Clone, Copy, Debug)]
struct Lexeme<'a> {
    token: Token<'a>,
    at: usize,
    spaced: bool,
}

struct Tokens<'a> {
    text: &'a str,
    list: Vec<Lexeme<'a>>,
    next: usize,
    /// Whether a refusal's message is written.
    worded: bool,
}

/// Splits `text` into words, numbers and punctuation, dropping folding
/// white space and (nested) comments with their quoted pairs.
fn tokenize(text: &str, worded: bool) -> Result<Vec<Lexeme<'_>>, SyntaxError> {
    let bytes = text.as_bytes();
    let mut list = Vec::new();
    let mut i = 0;
    let mut spaced = false;
    let error = |at: usize, message: std::fmt::Arguments<'_>| SyntaxError {
        message: if worded { message.to_string() } else { String::new() },
        position: text.get(..at).map_or(at, |s| s.chars().count()),
        out_of_field_range: false,
    };
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                spaced = true;
                continue;
            }
            b'(' => {
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                if depth != 0 {
                    return Err(error(start, format_args!("the comment that opens here is never closed with )")));
                }
                spaced = true;
                continue;
            }
            b'0'..=b'9' => {
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                list.push(Lexeme { token: Token::Number(&text[start..i]), at: start, spaced });
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                list.push(Lexeme { token: Token::Word(&text[start..i]), at: start, spaced });
            }
            b',' | b':' | b'+' | b'-' | b'/' => {
                i += 1;
                list.push(Lexeme { token: Token::Punct(b), at: start, spaced });
            }
            _ => {
                let c = text[start..].chars().next().unwrap_or('?');
                return Err(error(start, format_args!("unexpected {c:?} in a date with a month name")));
            }
        }
        spaced = false;
    }
    Ok(list)
}

impl<'a> Tokens<'a> {
    fn peek(&self) -> Option<Token<'a>> {
        self.list.get(self.next).map(|l| l.token)
    }

    fn error(&self, message: impl std::fmt::Display) -> SyntaxError {
        let at = self.list.get(self.next).map_or(self.text.len(), |l| l.at);
        if !self.worded {
            return SyntaxError {
                message: String::new(),
                position: self.text[..at].chars().count(),
                out_of_field_range: false,
            };
        }
        let found = match self.list.get(self.next) {
            None => " (the text ends there)".to_owned(),
            Some(l) => format!(" (found {:?})", &self.text[l.at..].chars().take(8).collect::<String>()),
        };
        SyntaxError {
            message: format!("{message}{found}"),
            position: self.text[..at].chars().count(),
            out_of_field_range: false,
        }
    }

    fn punct(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(Token::Punct(byte));
        self.next += usize::from(found);
        found
    }

    fn expect_punct(&mut self, byte: u8, what: &str) -> Result<(), SyntaxError> {
        if self.punct(byte) { Ok(()) } else { Err(self.error(format_args!("expected {:?} {what}", byte as char))) }
    }

    /// A number of `digits` digits (a range of lengths).
    fn number(
        &mut self,
        digits: std::ops::RangeInclusive<usize>,
        what: impl std::fmt::Display,
    ) -> Result<(i32, usize), SyntaxError> {
        match self.peek() {
            Some(Token::Number(n)) if digits.contains(&n.len()) && n.len() <= 9 => {
                self.next += 1;
                Ok((n.parse().unwrap_or(0), n.len()))
            }
            _ => Err(self.error(format_args!("expected {what}"))),
        }
    }

    fn ranged(&mut self, what: &str, max: i32) -> Result<i8, SyntaxError> {
        let before = self.next;
        let (value, _) = self.number(2..=2, format_args!("the {what} (two digits)"))?;
        if value > max {
            self.next = before;
            return Err(SyntaxError {
                message: if self.worded { format!("the {what} {value:02} is beyond {max:02}") } else { String::new() },
                position: self.here(),
                out_of_field_range: true,
            });
        }
        Ok(value as i8)
    }

    fn month(&mut self) -> Result<i8, SyntaxError> {
        match self.peek() {
            Some(Token::Word(w)) if let Some(i) = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(w)) => {
                self.next += 1;
                Ok(i as i8 + 1)
            }
            _ => Err(self.error("expected a month name (Jan, Feb, ... Dec)")),
        }
    }

    /// `HH:MM[:SS]`, comments and white space allowed around each part.
    fn clock(&mut self) -> Result<(i8, i8, i8), SyntaxError> {
        let hour = self.ranged("hour", 23)?;
        self.expect_punct(b':', "between hour and minute")?;
        let minute = self.ranged("minute", 59)?;
        let second = if self.punct(b':') { self.ranged("second", 60)? } else { 0 };
        Ok((hour, minute, second))
    }

    /// Character index of the next token.
    fn here(&self) -> usize {
        let at = self.list.get(self.next).map_or(self.text.len(), |l| l.at);
        self.text[..at].chars().count()
    }

    fn done(&self) -> Result<(), SyntaxError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("unexpected text after the date")),
        }
    }
}

fn weekday_of(word: &str) -> Option<i8> {
    WEEKDAYS
        .iter()
        .position(|day| day.eq_ignore_ascii_case(word) || day[..3].eq_ignore_ascii_case(word))
        .map(|i| i as i8 + 1)
}

/// Where [`parse`] refuses a text that starts with a word that is no
/// weekday (no RFC 5322 or HTTP date does), found without parsing it or
/// writing the error: the character its tokens stop at, or the first.
/// `None` for a text that starts with a weekday, which must be parsed.
pub(crate) fn refused_at(text: &str) -> Option<usize> {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    if letters == 0 || weekday_of(&text[..letters]).is_some() {
        return None;
    }
    Some(tokenize(text, false).err().map_or(0, |error| error.position))
}

/// Reads an RFC 5322 date-time or one of RFC 9110's HTTP-date forms.
/// `this_year` is the reader's current year, for RFC 850's two-digit years.
pub(crate) fn parse(text: &str, this_year: i32) -> Result<NamedMonthDate, SyntaxError> {
    parse_in(text, this_year, true)
}

/// As [`parse`], writing no message: where and whether the text is refused,
/// for a caller that writes the message only when it is the answer (by
/// parsing again with [`parse`]).
pub(crate) fn parse_unworded(text: &str, this_year: i32) -> Result<NamedMonthDate, SyntaxError> {
    parse_in(text, this_year, false)
}

fn parse_in(text: &str, this_year: i32, worded: bool) -> Result<NamedMonthDate, SyntaxError> {
    let list = tokenize(text, worded)?;
    let mut t = Tokens { text, list, next: 0, worded };
    let weekday = match t.peek() {
        Some(Token::Word(w)) if let Some(day) = weekday_of(w) => {
            t.next += 1;
            Some(day)
        }
        _ => None,
    };
    let comma = weekday.is_some() && t.punct(b',');
    if weekday.is_some() && !comma {
        // asctime: `Sun Nov  6 08:49:37 1994`
        let month = t.month()?;
        let day_at = t.here();
        let (day, _) = t.number(1..=2, "the day of the month")?;
        let clock = t.clock()?;
        let (year, _) = t.number(4..=4, "the four-digit year")?;
        t.done()?;
        return finish(year, month, (day, day_at), clock, 0, weekday, Form::Asctime);
    }
    let day_at = t.here();
    let (day, _) = t.number(1..=2, "the day of the month")?;
    if t.punct(b'-') {
        // RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT`
        let month = t.month()?;
        t.expect_punct(b'-', "between month and year")?;
        let (yy, digits) = t.number(2..=4, "the year")?;
        let year = if digits == 2 { rfc9110_year(yy, this_year) } else { yy };
        let clock = t.clock()?;
        match t.peek() {
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("GMT") => t.next += 1,
            _ => return Err(t.error("an RFC 850 date ends with GMT")),
        }
        t.done()?;
        return finish(year, month, (day, day_at), clock, 0, weekday, Form::Rfc850);
    }
    let month = t.month()?;
    let (year, digits) = t.number(2..=9, "the year")?;
    let year = match digits {
        2 if year < 50 => year + 2000,
        2 | 3 => year + 1900,
        _ => year,
    };
    let clock = t.clock()?;
    let offset = zone(&mut t)?;
    t.done()?;
    finish(year, month, (day, day_at), clock, offset, weekday, Form::Rfc5322)
}

/// RFC 5322's zone: `+hhmm` / `-hhmm`, or an obsolete name.
fn zone(t: &mut Tokens<'_>) -> Result<i32, SyntaxError> {
    let before = t.next;
    if let Some(Token::Punct(sign @ (b'+' | b'-'))) = t.peek() {
        t.next += 1;
        let attached = t.list.get(t.next).is_some_and(|l| !l.spaced);
        let (hhmm, _) = t.number(4..=4, "the zone's four digits hhmm")?;
        if !attached || hhmm % 100 > 59 {
            t.next = before;
            return Err(t.error("a zone is + or - and four digits hhmm, minutes below 60"));
        }
        let seconds = (hhmm / 100 * 3600) + (hhmm % 100 * 60);
        return Ok(if sign == b'-' { -seconds } else { seconds });
    }
    let hours = match t.peek() {
        Some(Token::Word(w)) => match w.to_ascii_uppercase().as_str() {
            "UT" | "GMT" => 0,
            "EDT" => -4,
            "EST" | "CDT" => -5,
            "CST" | "MDT" => -6,
            "MST" | "PDT" => -7,
            "PST" => -8,
            // Military zones: RFC 5322 section 4.3 says to read them as -0000.
            m if m.len() == 1 && m != "J" => 0,
            _ => {
                return Err(t.error("expected a zone: +hhmm, -hhmm, UT, GMT, EST, EDT, CST, CDT, MST, MDT, PST or PDT"));
            }
        },
        _ => return Err(t.error("expected a zone: +hhmm or -hhmm (or GMT)")),
    };
    t.next += 1;
    Ok(hours * 3600)
}

/// RFC 9110 section 5.6.7: a two-digit year more than 50 years in the
/// future is the most recent past year with the same last two digits; so
/// the year is the one with those digits in the century that ends 50
/// years from now.
fn rfc9110_year(yy: i32, this_year: i32) -> i32 {
    let year = this_year - this_year.rem_euclid(100) + yy;
    if year > this_year + 50 {
        year - 100
    } else if year <= this_year - 50 {
        year + 100
    } else {
        year
    }
}

fn finish(
    year: i32,
    month: i8,
    (day, day_at): (i32, usize),
    (hour, minute, second): (i8, i8, i8),
    offset_seconds: i32,
    weekday: Option<i8>,
    form: Form,
) -> Result<NamedMonthDate, SyntaxError> {
    let last = days_in_month(year, month);
    if !(1..=i32::from(last)).contains(&day) {
        return Err(SyntaxError {
            message: format!(
                "day {day} does not exist in {} {year} (it has {last} days; nothing is rolled over)",
                MONTHS[month as usize - 1]
            ),
            position: day_at,
            out_of_field_range: true,
        });
    }
    Ok(NamedMonthDate { year, month, day: day as i8, hour, minute, second, offset_seconds, weekday, form })
}

/// The common log format: `14/Nov/2023:17:13:20 -0500`, exactly.
pub(crate) fn parse_clf(text: &str) -> Option<NamedMonthDate> {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b.get(range)
            .filter(|s| s.iter().all(u8::is_ascii_digit))
            .map(|s| s.iter().fold(0i32, |v, d| v * 10 + i32::from(d - b'0')))
    };
    if b.len() != 26 || b[2] != b'/' || b[6] != b'/' || b[11] != b':' || b[14] != b':' || b[17] != b':' || b[20] != b' '
    {
        return None;
    }
    let month = MONTHS.iter().position(|m| m.as_bytes() == &b[3..6])? as i8 + 1;
    let (day, year) = (digits(0..2)?, digits(7..11)?);
    let (hour, minute, second) = (digits(12..14)?, digits(15..17)?, digits(18..20)?);
    let hhmm = digits(22..26)?;
    let sign = match b[21] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    if !(1..=i32::from(days_in_month(year, month))).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
        || hhmm % 100 > 59
    {
        return None;
    }
    Some(NamedMonthDate {
        year,
        month,
        day: day as i8,
        hour: hour as i8,
        minute: minute as i8,
        second: second as i8,
        offset_seconds: sign * (hhmm / 100 * 3600 + hhmm % 100 * 60),
        weekday: None,
        form: Form::Clf,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> (i32, i8, i8, i8, i8, i8, i32, Form) {
        let d = parse(text, 2026).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        (d.year, d.month, d.day, d.hour, d.minute, d.second, d.offset_seconds, d.form)
    }

    #[test]
    fn the_three_http_date_forms() {
        let expected = (1994, 11, 6, 8, 49, 37, 0, Form::Rfc5322);
        assert_eq!(fields("Sun, 06 Nov 1994 08:49:37 GMT"), expected);
        assert_eq!(fields("Sunday, 06-Nov-94 08:49:37 GMT"), (1994, 11, 6, 8, 49, 37, 0, Form::Rfc850));
        assert_eq!(fields("Sun Nov  6 08:49:37 1994"), (1994, 11, 6, 8, 49, 37, 0, Form::Asctime));
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            assert!(parse(text, 2026).unwrap().is_http_date(text), "{text}");
        }
        assert!(!parse("sun, 06 nov 1994 08:49:37 gmt", 2026).unwrap().is_http_date("sun, 06 nov 1994 08:49:37 gmt"));
    }

    #[test]
    fn rfc850_years_follow_rfc9110() {
        assert_eq!(rfc9110_year(94, 2026), 1994);
        assert_eq!(rfc9110_year(76, 2026), 2076);
        assert_eq!(rfc9110_year(77, 2026), 1977);
        assert_eq!(rfc9110_year(0, 2026), 2000);
        assert_eq!(rfc9110_year(30, 2099), 2130);
    }

    #[test]
    fn obsolete_rfc5322_syntax() {
        // RFC 5322 appendix A.6.3 and A.5.
        assert_eq!(
            fields("Fri, 21 Nov 1997 09(comment):   55  :  06 -0600"),
            (1997, 11, 21, 9, 55, 6, -21_600, Form::Rfc5322)
        );
        assert_eq!(
            fields(
                "Thu,\r\n      13\r\n        Feb\r\n          1969\r\n      23:32\r\n               -0330 (Newfoundland Time)"
            ),
            (1969, 2, 13, 23, 32, 0, -12_600, Form::Rfc5322)
        );
        assert_eq!(fields("21 Nov 97 09:55:06 GMT"), (1997, 11, 21, 9, 55, 6, 0, Form::Rfc5322));
        assert_eq!(fields("21 Nov 49 09:55 EST"), (2049, 11, 21, 9, 55, 0, -18_000, Form::Rfc5322));
        assert_eq!(fields("21 Nov 103 09:55 PDT"), (2003, 11, 21, 9, 55, 0, -25_200, Form::Rfc5322));
        assert_eq!(fields("21 Nov 2003 09:55 (a (nested) comment) Z"), (2003, 11, 21, 9, 55, 0, 0, Form::Rfc5322));
        assert_eq!(fields("21 nov 2003 09:55 -0000"), (2003, 11, 21, 9, 55, 0, 0, Form::Rfc5322));
    }

    #[test]
    fn refusals() {
        for text in [
            "Tue, 14 Nov 2023 22:13:20",
            "Tue, 14 Nov 2023 22:13:20 + 0000",
            "Tue, 14 Nov 2023 22:13:20 +0060",
            "Tue, 14 Nov 2023 22:13:20 XYZ",
            "Tue, 14 Nov 2023 22:13:20 GMT extra",
            "Tue, 14 Nov 2023 (unclosed 22:13:20 GMT",
            "Tue, 30 Feb 2023 22:13:20 GMT",
            "Tue, 14 Nov 2023 24:13:20 GMT",
            "Sunday, 06-Nov-94 08:49:37 +0000",
        ] {
            assert!(parse(text, 2026).is_err(), "{text}");
        }
    }

    #[test]
    fn common_log_format() {
        let d = parse_clf("14/Nov/2023:17:13:20 -0500").unwrap();
        assert_eq!((d.year, d.month, d.day, d.hour, d.offset_seconds), (2023, 11, 14, 17, -18_000));
        assert!(parse_clf("14/nov/2023:17:13:20 -0500").is_none());
        assert!(parse_clf("31/Nov/2023:17:13:20 -0500").is_none());
    }
}
