//! strftime as GNU `date` writes it in the C locale, on jiff's strftime.
//!
//! jiff formats almost every directive as GNU does; this layer takes the few
//! where they part (found by the differential test against `date`):
//! - `%c`, `%r`, `%x`, `%X` are the C locale's `%a %b %e %H:%M:%S %Y`,
//!   `%I:%M:%S %p`, `%m/%d/%y` and `%H:%M:%S`, flags and width applied to the
//!   whole, as GNU does; the year of `%c` is not padded (`969`, where `%Y`
//!   alone is `0969`);
//! - `#` (swap case) on `%a %A %b %B %h` writes the name in capitals (on
//!   `%c` it changes nothing);
//! - `%N` wider than 9 digits is the nanoseconds and zeros after them;
//! - `%C` is at least two digits (`05` for year 523);
//! - `%s` is floored (-1.5 s is `-2`, as the instant lies in that second);
//! - `%z` and `%:z` keep hours and minutes of an offset with seconds (local
//!   mean time, -04:56:02 is `-0456`); `%::z` is the form with seconds.
//!
//! Runs of other directives and text go to jiff in one call each.

use jiff::Zoned;

/// Formats `zoned` by `pattern`.
pub(crate) fn format(pattern: &str, zoned: &Zoned) -> Result<String, jiff::Error> {
    let mut out = String::with_capacity(pattern.len() + 16);
    let bytes = pattern.as_bytes();
    // Start of the text not yet written, which jiff writes.
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        let Some(directive) = Directive::parse(&pattern[i..]) else {
            // Let jiff report it.
            break;
        };
        let end = i + directive.len;
        if let Some(text) = directive.render(zoned)? {
            out.push_str(&jiff::fmt::strtime::format(&pattern[run..i], zoned)?);
            out.push_str(&text);
            run = end;
        }
        i = end;
    }
    if run < pattern.len() {
        out.push_str(&jiff::fmt::strtime::format(&pattern[run..], zoned)?);
    }
    Ok(out)
}

/// The widest a directive may be padded, as jiff allows.
const MAX_WIDTH: usize = 255;

/// One `%[flags][width][colons]X`.
struct Directive<'a> {
    flags: &'a str,
    width: Option<usize>,
    colons: usize,
    conversion: u8,
    /// Bytes of the directive, `%` included.
    len: usize,
}

impl<'a> Directive<'a> {
    fn parse(text: &'a str) -> Option<Directive<'a>> {
        let b = text.as_bytes();
        let mut i = 1;
        while i < b.len() && matches!(b[i], b'-' | b'_' | b'0' | b'^' | b'#' | b'+') {
            i += 1;
        }
        let flags = &text[1..i];
        let digits = b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
        let width = if digits > 0 { Some(text[i..i + digits].parse().ok()?) } else { None };
        if width.is_some_and(|w: usize| w > MAX_WIDTH) {
            // jiff's limit: it reports the error.
            return None;
        }
        i += digits;
        let colons = b[i..].iter().take_while(|&&c| c == b':').count();
        i += colons;
        let conversion = *b.get(i)?;
        conversion.is_ascii().then_some(Directive { flags, width, colons, conversion, len: i + 1 })
    }

    fn has(&self, flag: u8) -> bool {
        self.flags.as_bytes().contains(&flag)
    }

    /// The directive's text where GNU differs from jiff; `None` leaves it to jiff.
    fn render(&self, zoned: &Zoned) -> Result<Option<String>, jiff::Error> {
        let expansion = match self.conversion {
            b'c' => "%a %b %e %H:%M:%S %-Y",
            b'r' => "%I:%M:%S %p",
            b'x' => "%m/%d/%y",
            b'X' => "%H:%M:%S",
            b'a' | b'A' | b'b' | b'B' | b'h' if self.has(b'#') => {
                let name = jiff::fmt::strtime::format(format!("%{}", self.conversion as char), zoned)?;
                return Ok(Some(self.pad_text(&name.to_uppercase())));
            }
            b'C' if self.colons == 0 => {
                return Ok(Some(self.pad_number(i64::from(zoned.year()).div_euclid(100), 2)));
            }
            b's' if self.colons == 0 => {
                let seconds = zoned.timestamp().as_nanosecond().div_euclid(1_000_000_000);
                return Ok(Some(self.pad_number(i64::try_from(seconds).unwrap_or(i64::MAX), 1)));
            }
            b'N' if self.width.is_some_and(|w| w > 9) && self.flags.bytes().all(|f| f == b'0') => {
                // GNU writes the digits it has and zeros after them.
                let mut digits = format!("{:09}", zoned.subsec_nanosecond());
                digits.extend(std::iter::repeat_n('0', self.width.unwrap_or(9) - 9));
                return Ok(Some(digits));
            }
            b'z' if self.colons <= 1 && self.flags.is_empty() && self.width.is_none() => {
                let seconds = zoned.offset().seconds();
                if seconds % 60 == 0 {
                    return Ok(None);
                }
                let minutes = seconds.unsigned_abs() / 60;
                let sign = if seconds < 0 { '-' } else { '+' };
                let colon = if self.colons == 1 { ":" } else { "" };
                return Ok(Some(format!("{sign}{:02}{colon}{:02}", minutes / 60, minutes % 60)));
            }
            _ => return Ok(None),
        };
        if self.colons != 0 {
            return Ok(None);
        }
        let text = jiff::fmt::strtime::format(expansion, zoned)?;
        let text = if self.has(b'^') { text.to_uppercase() } else { text };
        Ok(Some(self.pad_text(&text)))
    }

    /// Text padded to the width with spaces (zeros with `0` or `+`).
    fn pad_text(&self, text: &str) -> String {
        let width = if self.has(b'-') { 0 } else { self.width.unwrap_or(0) };
        let pad = if self.has(b'0') || self.has(b'+') { '0' } else { ' ' };
        let mut out = String::with_capacity(width.max(text.len()));
        for _ in text.chars().count()..width {
            out.push(pad);
        }
        out.push_str(text);
        out
    }

    /// A number padded as GNU pads numbers: zeros to `default_width`, or
    /// to the given width; `-` no padding, `_` spaces; the sign before zeros.
    fn pad_number(&self, value: i64, default_width: usize) -> String {
        let digits = value.unsigned_abs().to_string();
        let sign = if value < 0 { "-" } else { "" };
        if self.has(b'-') {
            return format!("{sign}{digits}");
        }
        let width = self.width.unwrap_or(default_width);
        let room = width.saturating_sub(sign.len());
        if self.has(b'_') {
            let text = format!("{sign}{digits}");
            return format!("{text:>width$}");
        }
        format!("{sign}{digits:0>room$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::Timestamp;
    use jiff::tz::TimeZone;

    fn at(seconds: i64, nanos: i32, zone: &str) -> Zoned {
        Timestamp::new(seconds, nanos).unwrap().to_zoned(TimeZone::get(zone).unwrap())
    }

    #[test]
    fn where_gnu_and_jiff_part() {
        let z = at(1_700_000_000, 0, "America/New_York");
        assert_eq!(format("%c|%r|%x|%X", &z).unwrap(), "Tue Nov 14 17:13:20 2023|05:13:20 PM|11/14/23|17:13:20");
        assert_eq!(
            format("%#a %#A %#b %#B %#h %^c", &z).unwrap(),
            "TUE TUESDAY NOV NOVEMBER NOV TUE NOV 14 17:13:20 2023"
        );
        assert_eq!(format("%#c|%12N", &z).unwrap(), "Tue Nov 14 17:13:20 2023|000000000000");
        // GNU's `%c` writes a year below 1000 as it is; `%Y` pads it.
        let year_969 = at(-31_583_069_633, 0, "UTC");
        assert_eq!(format("%c|%Y", &year_969).unwrap(), "Sat Mar  4 05:06:07 969|0969");
        assert_eq!(format("%s %C %Y-%m-%d %%s", &at(-2, 500_000_000, "UTC")).unwrap(), "-2 19 1969-12-31 %s");
        assert_eq!(format("%s", &at(-1, 999_999_999, "UTC")).unwrap(), "-1");
        assert_eq!(format("%C %-C %_4C %05s", &at(-50_000_000_000, 0, "UTC")).unwrap(), "03 3    3 -50000000000");
        let lmt = at(-3_000_000_000, 0, "America/New_York");
        assert_eq!(format("%z %:z %::z", &lmt).unwrap(), "-0456 -04:56 -04:56:02");
    }

    #[test]
    fn errors_are_jiffs() {
        assert!(format("%Y-%K", &at(0, 0, "UTC")).is_err());
        assert!(format("%", &at(0, 0, "UTC")).is_err());
        assert!(format("%c%", &at(0, 0, "UTC")).is_err());
        // Found by the fuzzer: widths beyond jiff's limit are its error, not a panic.
        assert!(format("%##111110C%", &at(0, 0, "UTC")).is_err());
        assert!(format("%65536C", &at(0, 0, "UTC")).is_err());
        assert_eq!(format("%255C", &at(0, 0, "UTC")).unwrap().len(), 255);
    }
}
