//! Typed text -> tokens: numbers (with a sign when one is written before
//! them, spaces allowed between, as GNU `date` reads them), words (letters
//! and dots: `a.m.`, `Nov.`, `W.`), zone names (`Europe/Berlin`) and single
//! punctuation. Parenthesised comments are skipped, as GNU does.

/// The longest run of digits read as one number (a year, a count of units,
/// `@` seconds): more is no date.
const MAX_DIGITS: usize = 18;

/// The most tokens a text may have: the longest dates people write
/// (`Tuesday, November 14, 2023 at 5:13:20.5 pm Eastern Standard Time`,
/// `1 year 2 months 3 weeks 4 days 5 hours 6 minutes 7 seconds ago`) have
/// fewer than 25; more is no date, and reading it would only cost.
pub(super) const MAX_TOKENS: usize = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    Num {
        value: u64,
        digits: usize,
        /// `Some(true)` for `-N`, `Some(false)` for `+N`, `None` unsigned.
        negative: Option<bool>,
        /// Written with an English ordinal suffix (`14th`).
        ordinal: bool,
    },
    Word(&'a str),
    Punct(char),
    /// A year of two digits after an apostrophe (`'19`, `Mar ’19`).
    ShortYear(u64),
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'a> {
    pub tok: Tok<'a>,
    /// Byte offsets into the text.
    pub start: usize,
    pub end: usize,
}

/// Why the text cannot be cut into tokens: at which byte, and what.
pub(super) struct LexError {
    pub at: usize,
    pub message: String,
}

pub(super) fn lex(text: &str) -> Result<Vec<Token<'_>>, LexError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::with_capacity(8);
    let mut i = 0;
    while i < text.len() {
        let Some(c) = text[i..].chars().next() else { break };
        if tokens.len() == MAX_TOKENS && !c.is_whitespace() {
            return Err(LexError {
                at: i,
                message: format!("a date has at most {MAX_TOKENS} words and numbers; this text has more"),
            });
        }
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        // `8月27日（水）`: Chinese and Japanese write the parentheses full width.
        if matches!(c, '(' | '（') {
            i = skip_comment(text, i)?;
            continue;
        }
        // `in about ~5 hours`: a tilde before a number says about, as `about` does.
        if c == '~'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
            && (i == 0 || text[..i].ends_with(char::is_whitespace))
        {
            i += 1;
            continue;
        }
        // `8:23 AM ∙ Jul 9`: a dot between spaces separates, as a space does.
        if matches!(c, '\u{2219}' | '\u{00b7}' | '\u{2022}') && stands_alone(text, i) {
            i += c.len_utf8();
            continue;
        }
        // U+2212 is the minus sign CLDR writes in offsets (`UTC−3`, Swedish, Finnish).
        if matches!(c, '+' | '-' | '\u{2212}') {
            let from = i + c.len_utf8();
            let after = from + text[from..].len() - text[from..].trim_start().len();
            if bytes.get(after).is_some_and(u8::is_ascii_digit) {
                let (token, end) = number(text, i, after, Some(c != '+'))?;
                tokens.push(token);
                i = end;
            } else if hyphen(text, i) {
                i += c.len_utf8();
            } else if stands_alone(text, i) {
                // A dash between spaces is a dash (`Fernando - de Noronha`).
                tokens.push(Token { tok: Tok::Punct(c), start: i, end: i + c.len_utf8() });
                i += c.len_utf8();
            } else {
                return Err(LexError {
                    at: i,
                    message: format!("unexpected {c:?}: a sign must be followed by a number"),
                });
            }
            continue;
        }
        // `'19`: an apostrophe, two digits and no more is a year.
        if matches!(c, '\'' | '\u{2019}')
            && let Some(digits) = text.get(i + c.len_utf8()..i + c.len_utf8() + 2)
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !text[i + c.len_utf8() + 2..].starts_with(|next: char| next.is_alphanumeric())
            && !text[..i].ends_with(|before: char| before.is_alphanumeric())
        {
            let end = i + c.len_utf8() + 2;
            tokens.push(Token { tok: Tok::ShortYear(digits.parse().unwrap_or(0)), start: i, end });
            i = end;
            continue;
        }
        // `'s avonds`, `’s ochtends`: Dutch's `'s` ("of the", before a part
        // of the day, as CLDR writes its names) is one word, apostrophe and all.
        if matches!(c, '\'' | '\u{2019}')
            && text[i + c.len_utf8()..].starts_with(['s', 'S'])
            && !text[i + c.len_utf8() + 1..].starts_with(|next: char| next.is_alphanumeric() || next == '\'')
            && !text[..i].ends_with(|before: char| before.is_alphanumeric())
        {
            let end = i + c.len_utf8() + 1;
            tokens.push(Token { tok: Tok::Word(&text[i..end]), start: i, end });
            i = end;
            continue;
        }
        if c.is_ascii_digit() {
            let (token, end) = number(text, i, i, None)?;
            tokens.push(token);
            i = end;
            // `15:00'te`, `15'te`: the case Turkish writes onto a time or an
            // hour (not onto a year: `2024'te`, in 2024, is no time).
            if matches!(token.tok, Tok::Num { digits: 1..=2, .. }) {
                i += suffix_len(&text[i..]);
            }
            continue;
        }
        if c.is_alphabetic() {
            let end = word_end(text, i);
            let end = zone_name_end(text, i, end);
            // `21日金曜日`: the day's mark before the weekday is a token of its own.
            let after_number =
                tokens.last().is_some_and(|t: &Token<'_>| matches!(t.tok, Tok::Num { .. }) && t.end == i);
            let rest = &text[i + c.len_utf8()..end];
            let weekday_follows = rest.ends_with("曜日") || rest.ends_with("요일") || rest.starts_with("星期");
            let end =
                if after_number && weekday_follows && matches!(c, '日' | '일') { i + c.len_utf8() } else { end };
            tokens.push(Token { tok: Tok::Word(&text[i..end]), start: i, end });
            i = end;
            continue;
        }
        tokens.push(Token { tok: Tok::Punct(c), start: i, end: i + c.len_utf8() });
        i += c.len_utf8();
    }
    Ok(tokens)
}

/// The length of the grammatical suffix that `rest`, the text right after
/// a number, starts with: an apostrophe and one to four small letters, as
/// Turkish writes a case onto a number (`15:00'te`, at 15:00; `10'da`),
/// then no letter; 0 for none.
pub(crate) fn suffix_len(rest: &str) -> usize {
    suffix_after(rest, &['\'', '\u{2019}'])
}

/// [`suffix_len`] after one of `marks` (Hungarian's hyphen too, for extract).
pub(crate) fn suffix_after(rest: &str, marks: &[char]) -> usize {
    let Some(after) = rest.strip_prefix(marks) else { return 0 };
    let letters = after.chars().take_while(|c| c.is_lowercase()).count();
    if (1..=4).contains(&letters) {
        let end: usize = after.chars().take(letters).map(char::len_utf8).sum();
        if !after[end..].starts_with(char::is_alphanumeric) {
            return rest.len() - after.len() + end;
        }
    }
    0
}

/// Whether the `-` at `at` (no number after it) is a hyphen: right after
/// a letter, a dot or an apostrophe (`Wallis- og`, `St.-Pierre`,
/// `Ust’-Nera`, `Zentral-/West`), or between a digit and a letter
/// (`14-Nov`).
fn hyphen(text: &str, at: usize) -> bool {
    // Only an ASCII `-` is a hyphen (U+2212 is a minus sign, of 3 bytes).
    let after = text.get(at + 1..).and_then(|rest| rest.chars().next());
    text.as_bytes()[at] == b'-'
        && match text[..at].chars().next_back() {
            Some(c) if c.is_alphabetic() || matches!(c, '.' | '\'' | '\u{2019}') => true,
            Some(c) if c.is_ascii_digit() => after.is_some_and(char::is_alphabetic),
            _ => false,
        }
}

/// Whether spaces stand on both sides of the character at `at`.
fn stands_alone(text: &str, at: usize) -> bool {
    let before = text[..at].chars().next_back().is_some_and(char::is_whitespace);
    let after = text[at..].chars().nth(1).is_some_and(char::is_whitespace);
    before && after
}

fn skip_comment(text: &str, from: usize) -> Result<usize, LexError> {
    let mut depth = 0usize;
    for (i, c) in text[from..].char_indices() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(from + i + c.len_utf8());
                }
            }
            _ => {}
        }
    }
    Err(LexError { at: from, message: format!("this {} is never closed", &text[from..].chars().next().unwrap_or('(')) })
}

/// A number whose sign (if any) is at `sign_at` and whose digits start at `from`.
fn number(text: &str, sign_at: usize, from: usize, negative: Option<bool>) -> Result<(Token<'_>, usize), LexError> {
    let bytes = text.as_bytes();
    let mut end = from;
    while bytes.get(end).is_some_and(u8::is_ascii_digit) {
        end += 1;
    }
    let digits = end - from;
    if digits > MAX_DIGITS {
        return Err(LexError { at: from, message: format!("a number of {digits} digits is no part of a date") });
    }
    let value = text[from..end].parse().unwrap_or(u64::MAX);
    // `14th`, `1st`, `2nd`, `3rd`: a day written as an ordinal.
    let suffix_end = word_end(text, end);
    let ordinal = suffix_end > end
        && ["st", "nd", "rd", "th"].iter().any(|suffix| text[end..suffix_end].eq_ignore_ascii_case(suffix));
    let end = if ordinal { suffix_end } else { end };
    Ok((Token { tok: Tok::Num { value, digits, negative, ordinal }, start: sign_at, end }, end))
}

/// The end of the word starting at `from`: letters, and dots inside or
/// after them (`a.m.`).
fn word_end(text: &str, from: usize) -> usize {
    // The Devanagari abbreviation sign (`फ़र॰`) is a dot.
    let letter = |c: char| c == '.' || c == '\u{970}' || is_letter(c);
    let mut chars = text[from..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if letter(c) {
            continue;
        }
        // An apostrophe between two ASCII letters belongs to the word
        // (`o'clock`), and so does one between two Cyrillic letters, typed
        // or typographic, where Ukrainian writes CLDR's `ʼ` (`п'ятниця`,
        // Friday; `дев’ять`, nine).
        let apostrophe = matches!(c, '\'' | '\u{2019}') && {
            let before = text[from..from + i].chars().next_back();
            let next = chars.peek().map(|&(_, next)| next);
            match (before, next) {
                (Some(before), Some(next)) if c == '\'' && before.is_ascii_alphabetic() => next.is_ascii_alphabetic(),
                (Some(before), Some(next)) if is_cyrillic(before) => is_cyrillic(next),
                _ => false,
            }
        };
        if !apostrophe {
            return from + i;
        }
    }
    text.len()
}

/// Whether `c` is a letter of the Cyrillic script (its main block).
fn is_cyrillic(c: char) -> bool {
    ('\u{400}'..='\u{4ff}').contains(&c) && c.is_alphabetic()
}

/// A letter of a word, or a mark that belongs to the letter before it (the
/// Devanagari nukta and virama, Thai's tone marks): Unicode's letters and
/// its combining marks.
pub(crate) fn is_letter(c: char) -> bool {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    c.is_alphabetic()
        || matches!(
            CodePointMapData::<GeneralCategory>::new().get(c),
            GeneralCategory::NonspacingMark | GeneralCategory::SpacingMark | GeneralCategory::EnclosingMark
        )
}

/// A word followed by `/` and more is an IANA name (`America/Argentina/
/// Buenos_Aires`, `Etc/GMT+5`): the whole of it, when the database has it.
fn zone_name_end(text: &str, from: usize, word_end: usize) -> usize {
    if !text[word_end..].starts_with('/') {
        return word_end;
    }
    let end = text[from..]
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+')))
        .map_or(text.len(), |(i, _)| from + i);
    if crate::zone::Zone::parse_without_suggestions(&text[from..end]).is_ok() { end } else { word_end }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok<'_>> {
        lex(text).map(|tokens| tokens.into_iter().map(|t| t.tok).collect()).unwrap_or_default()
    }

    #[test]
    fn signs_numbers_words_and_zone_names() {
        let num = |value, digits, negative| Tok::Num { value, digits, negative, ordinal: false };
        assert_eq!(toks("14-Nov-2023"), [num(14, 2, None), Tok::Word("Nov"), num(2023, 4, Some(true))]);
        assert_eq!(toks("+ 3 days"), [num(3, 1, Some(false)), Tok::Word("days")]);
        assert_eq!(toks("UTC\u{2212}3"), [Tok::Word("UTC"), num(3, 1, Some(true))]);
        // Hyphens of names: after a letter, a dot or an apostrophe; a dash between spaces.
        assert_eq!(toks("Wallis- og"), [Tok::Word("Wallis"), Tok::Word("og")]);
        assert_eq!(toks("St.-Pierre"), [Tok::Word("St."), Tok::Word("Pierre")]);
        assert_eq!(toks("Ust\u{2019}-Nera"), [Tok::Word("Ust"), Tok::Punct('\u{2019}'), Tok::Word("Nera")]);
        assert_eq!(toks("у п'ятницю"), [Tok::Word("у"), Tok::Word("п'ятницю")]);
        assert_eq!(toks("п\u{2019}ять"), [Tok::Word("п\u{2019}ять")]);
        // Not a quote beside one letter only, nor between scripts.
        assert_eq!(toks("'п'"), [Tok::Punct('\''), Tok::Word("п"), Tok::Punct('\'')]);
        // Dutch's `'s` ("of the") is one word; a quote before a word is no part of it.
        assert_eq!(toks("8 uur 's avonds")[2..], [Tok::Word("'s"), Tok::Word("avonds")]);
        assert_eq!(toks("\u{2019}s nachts"), [Tok::Word("\u{2019}s"), Tok::Word("nachts")]);
        assert_eq!(toks("'sunday'"), [Tok::Punct('\''), Tok::Word("sunday"), Tok::Punct('\'')]);
        assert_eq!(toks("d\u{2019}août"), [Tok::Word("d"), Tok::Punct('\u{2019}'), Tok::Word("août")]);
        assert_eq!(toks("a - b"), [Tok::Word("a"), Tok::Punct('-'), Tok::Word("b")]);
        assert_eq!(toks("5 p.m. (local)"), [num(5, 1, None), Tok::Word("p.m.")]);
        assert_eq!(
            toks("Nov 14th"),
            [Tok::Word("Nov"), Tok::Num { value: 14, digits: 2, negative: None, ordinal: true }]
        );
        assert_eq!(
            toks("10:00 Europe/Berlin"),
            [num(10, 2, None), Tok::Punct(':'), num(0, 2, None), Tok::Word("Europe/Berlin")]
        );
        assert_eq!(toks("Etc/GMT+5"), [Tok::Word("Etc/GMT+5")]);
        assert!(lex("(open").is_err());
        assert!(lex("1-").is_err() && lex("+ days").is_err());
        assert!(lex("1234567890123456789").is_err());
        assert_eq!(lex(&"1 day ".repeat(20)).map(|tokens| tokens.len()).ok(), Some(MAX_TOKENS));
        assert_eq!(lex(&"1 day ".repeat(21)).err().map(|e| e.at), Some(120));
    }
}
