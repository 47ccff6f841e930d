//! The grammar: people's text cut into tokens and read, item by item, into
//! [`Pieces`](super::pieces::Pieces): dates in the orders people write them,
//! times, zones, relative items, weekdays, in English and the language's words.

use std::cell::OnceCell;

use jiff::civil::Weekday;

use super::lex::{LexError, Tok, Token};
use super::pieces::*;
use super::words::{Era, Mark, Meridian, Unit, Vocabulary, Word};
use super::{abbreviations, lex, words};
use crate::error::TimeError;
use crate::zone::Zone;

/// Parses the text into its pieces.
pub(super) fn parse(text: &str, lead: usize, options: &HumanOptions<'_>) -> Result<Pieces, TimeError> {
    let text = without_monotonic_clock(text);
    let tokens = lex::lex(text).map_err(|LexError { at, message }| {
        TimeError::invalid_at(format!("{text:?} is not a date we can read: {message}"), lead + chars(text, at))
    })?;
    let mut tokens = cut_unspaced(tokens, options.words);
    // A dot after a number that no number follows is an ordinal's or the
    // end of a date (`14. November`, `2005.`, `1949. december 10.`).
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
    if parser.pieces.dates > 0
        && parser.pieces.weekday.is_none()
        && (text.contains('(') || text.contains('（'))
        && let Some((weekday, at)) = weekday_in_comment(text, options.words)
    {
        parser.pieces.weekday = Some((0, weekday, lead + chars(text, at)));
    }
    if let Some((_, at)) = parser.pieces.marked_month {
        return Err(parser.error_at(at, "a month needs its day, e.g. 11月14日".to_owned()));
    }
    if parser.pieces.marked_year.is_some() || parser.pieces.half.is_some() {
        return Err(parser.error_at(tokens.len(), "the text ends before its date or time does".to_owned()));
    }
    // Only joining words (`at`, `um`, `the`): no date, as GNU refuses them.
    let only_joining = tokens.iter().enumerate().all(|(t, token)| match token.tok {
        Tok::Word(_) => matches!(parser.word_at(t), Some(Word::Filler)),
        Tok::Punct(_) => true,
        _ => false,
    });
    let pieces = parser.pieces;
    if pieces.items == 0 || only_joining {
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
pub(super) fn without_monotonic_clock(text: &str) -> &str {
    // Most texts hold no `=`: one byte search says so.
    if !text.as_bytes().contains(&b'=') {
        return text;
    }
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
pub(super) fn zone_in_comment(text: &str, lead: usize, options: &HumanOptions<'_>) -> Option<TextZone> {
    comments(text).find_map(|(start, inner)| {
        let pieces = parse(inner, lead + chars(text, start), options).ok()?;
        (pieces.items == 1 && pieces.zones == 1).then_some(pieces.zone).flatten()
    })
}

/// The weekday a comment names alone (`(Thu)`, `11月27日(木)`), and where
/// it is written: a text with a date is checked against it, as against a
/// weekday written without parentheses.
fn weekday_in_comment(text: &str, words: &Vocabulary) -> Option<(Weekday, usize)> {
    comments(text).find_map(|(start, inner)| {
        let word = inner.trim();
        words.weekday_aside(word).map(|weekday| (weekday, start + (inner.len() - inner.trim_start().len())))
    })
}

/// The outermost comments of `text` (in parentheses, also full width):
/// where each one's inside starts, and the inside.
fn comments(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let (mut depth, mut start) = (0usize, 0);
    text.char_indices().filter_map(move |(i, c)| match c {
        '(' | '（' => {
            if depth == 0 {
                start = i + c.len_utf8();
            }
            depth += 1;
            None
        }
        ')' | '）' if depth > 0 => {
            depth -= 1;
            (depth == 0).then(|| (start, &text[start..i]))
        }
        _ => None,
    })
}

/// The tokens with each phrase of the language joined into one word token
/// that means what the phrase means (from the left, the longest phrase
/// that starts at a word), and a cell for the meaning of each.
/// The words of a script written without spaces (`明日の午後`) cut into
/// the language's words (see [`Vocabulary::cut_unspaced`]).
/// Korean's particle after a word of dates (`3시에`, `월요일에`) is cut off
/// it too (see [`words::korean_particle_at`]), and a day and a part of the
/// day written as one word are cut apart (see [`Vocabulary::compound_at`]).
pub(super) fn cut_unspaced<'a>(tokens: Vec<Token<'a>>, words: &Vocabulary) -> Vec<Token<'a>> {
    let unspaced = |token: &Token<'_>| matches!(token.tok, Tok::Word(word) if !word.is_ascii() && word.chars().all(words::is_unspaced));
    // `点pm到`, `分P.M.から`: such characters and Latin letters written
    // together, cut where the script changes.
    let mixed = |token: &Token<'_>| {
        matches!(token.tok, Tok::Word(word) if !word.is_ascii()
            && word.chars().any(words::is_unspaced)
            && word.chars().any(|c| c.is_ascii_alphabetic())
            && word.chars().all(|c| words::is_unspaced(c) || c.is_ascii_alphabetic() || c == '.'))
    };
    // Korean's particle, or a day and its part written as one (`gisterenavond`).
    let particle = |token: &Token<'_>| match token.tok {
        Tok::Word(word) if !word.is_ascii() => words::korean_particle_at(words, word),
        Tok::Word(word) => words.compound_at(word),
        _ => None,
    };
    if !tokens.iter().any(|token| unspaced(token) || mixed(token) || particle(token).is_some()) {
        return tokens;
    }
    let mut cut = Vec::with_capacity(tokens.len() + 4);
    // The words of `run` (at byte `start` of the text), cut into the language's.
    let cut_run = |cut: &mut Vec<Token<'a>>, run: &'a str, start: usize| {
        for (range, _) in words.cut_unspaced(run) {
            let (from, to) = (start + range.start, start + range.end);
            cut.push(Token { tok: Tok::Word(&run[range]), start: from, end: to });
        }
    };
    for token in tokens {
        match token.tok {
            Tok::Word(word) if unspaced(&token) => cut_run(&mut cut, word, token.start),
            Tok::Word(word) if mixed(&token) => {
                let mut from = 0;
                while from < word.len() {
                    let kind = word[from..].chars().next().is_some_and(words::is_unspaced);
                    let to = word[from..].find(|c| words::is_unspaced(c) != kind).map_or(word.len(), |at| from + at);
                    let (run, start) = (&word[from..to], token.start + from);
                    if kind {
                        cut_run(&mut cut, run, start);
                    } else {
                        cut.push(Token { tok: Tok::Word(run), start, end: start + run.len() });
                    }
                    from = to;
                }
            }
            Tok::Word(word) if let Some(at) = particle(&token) => {
                cut.push(Token { tok: Tok::Word(&word[..at]), start: token.start, end: token.start + at });
                cut.push(Token { tok: Tok::Word(&word[at..]), start: token.start + at, end: token.end });
            }
            _ => cut.push(token),
        }
    }
    cut
}

pub(super) fn join_phrases<'a>(
    text: &'a str,
    tokens: Vec<Token<'a>>,
    words: &Vocabulary,
) -> (Vec<Token<'a>>, Vec<OnceCell<Option<Word>>>) {
    if !words.has_phrases() {
        let meanings = tokens.iter().map(|_| OnceCell::new()).collect();
        return (tokens, meanings);
    }
    let same = |token: &Token<'_>, part: &str| match token.tok {
        Tok::Word(word) if word.is_ascii() => word.eq_ignore_ascii_case(part),
        Tok::Word(word) => word.to_lowercase() == part,
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
                .filter_map(|phrase| {
                    // `2 tháng trước`: after a count, a period's name (`tháng
                    // trước`, last month) is the count's unit and direction.
                    // (Also after a count in words: `hai tuần trước`, two weeks ago.)
                    let counted = |token: &Token<'_>| match token.tok {
                        Tok::Num { .. } => true,
                        Tok::Word(word) => matches!(words.word(word), Some(Word::Count(_) | Word::One)),
                        Tok::Punct(_) | Tok::ShortYear(_) => false,
                    };
                    if matches!(phrase.word, Word::Shifted(..)) && k > 0 && counted(&tokens[k - 1]) {
                        return None;
                    }
                    let len = phrase.len();
                    let window = tokens.get(k..k + len)?;
                    window
                        .iter()
                        .zip(phrase.parts())
                        .skip(1)
                        .all(|(token, part)| same(token, part))
                        .then_some((phrase, len))
                })
                .max_by_key(|&(_, len)| len),
            _ => None,
        };
        match longest {
            Some((phrase, len)) => {
                let end = tokens[k + len - 1].end;
                joined.push(Token { tok: Tok::Word(&text[token.start..end]), start: token.start, end });
                meanings.push(OnceCell::from(Some(phrase.word)));
                k += len;
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

pub(super) struct Parser<'t, 'a, 'o> {
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
            // `am Montag`: German's `am`, not a half of the day; after a
            // number, the half of the day (`5 am`), but before a day or a
            // part of it, German's `am` again (`17:30 am Montag`, `um 8 am
            // Abend`, 20:00); before a day's number, after a time's minutes
            // (`17:30 am 14. November`).
            Some(Tok::Word(word)) if self.options.words.is_other_languages_am(word) => {
                let after_number = t > 0 && matches!(self.tokens[t - 1].tok, Tok::Num { .. });
                let after_minutes = t > 1 && matches!(self.tokens[t - 2].tok, Tok::Punct(':' | '.'));
                let day_after = match self.tokens.get(t + 1).map(|token| token.tok) {
                    Some(Tok::Num { .. }) => after_minutes,
                    Some(Tok::Word(next)) => {
                        self.options.words.also_day_part(next).is_some()
                            || matches!(
                                self.word_at(t + 1),
                                Some(Word::Weekday(_) | Word::DayShift(_) | Word::DayPart(..))
                            )
                    }
                    _ => false,
                };
                // (Not after a number that is no hour: `200 am Montag` is
                // refused, never 02:00.)
                let hour = t > 0 && matches!(self.tokens[t - 1].tok, Tok::Num { digits: 1..=2, .. });
                if !after_number || (day_after && hour) { Some(Word::Filler) } else { self.options.words.word(word) }
            }
            // `10:00 CET` in French: the zone, not `cet` ("this").
            Some(Tok::Word(word)) if self.options.words.is_zone_in_capitals(word) => None,
            // `下周五`, `上周一`: Chinese names a weekday by its number after the
            // week's name (`周一` ... `周六`, as CLDR writes them), so right after
            // the name of the week before, of or after now, a count from one to
            // six is that week's weekday, and `日` or `天` its Sunday (`下周日`).
            Some(Tok::Word(word)) if t > 0 && self.tokens[t - 1].end == self.tokens[t].start => {
                let meaning = self.options.words.word(word);
                let after_week = matches!(self.word_at(t - 1), Some(Word::Shifted(Unit::Days(7), _)));
                match meaning {
                    Some(Word::Count(n @ 1..=6)) if after_week && word.chars().all(words::is_unspaced) => {
                        Some(Word::Weekday(Weekday::from_monday_one_offset(i8::try_from(n).ok()?).ok()?))
                    }
                    _ if after_week && matches!(word, "日" | "天") => Some(Word::Weekday(Weekday::Sunday)),
                    _ => meaning,
                }
            }
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
            && let Some(written) = fraction_nanos(fraction, digits)
        {
            nanos = written;
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
            // `trong vòng 3 tháng`: Vietnamese's word before a month's
            // number, after a count in a relative run, is months.
            (Some(Word::MonthNumber), _) if self.months_at(k + 1) && relative() => Some(Unit::Month),
            _ => None,
        }
    }

    /// Whether token `k` is the word before a month's number (Vietnamese
    /// `tháng`) with no number after it: the unit "months" after a count.
    fn months_at(&self, k: usize) -> bool {
        matches!(self.word(k), Some(Word::MonthNumber)) && !matches!(self.tok(k + 1), Some(Tok::Num { .. }))
    }

    /// Whether token `k` follows token `k - 1` with nothing between.
    fn touching(&self, k: usize) -> bool {
        let (Some(before), Some(after)) = (self.tokens.get(self.i + k - 1), self.tokens.get(self.i + k)) else {
            return false;
        };
        before.end == after.start
    }

    fn error(&self, k: usize, message: impl std::fmt::Display) -> TimeError {
        self.error_at(self.i + k, message)
    }

    /// An error at token `t` (an index into the tokens), its message
    /// written only for a caller who reads it.
    fn error_at(&self, t: usize, message: impl std::fmt::Display) -> TimeError {
        let message = if self.options.unworded { String::new() } else { format!("{:?}: {message}", self.text) };
        TimeError::invalid_at(message, self.at(t))
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

    /// Whether the token before this one is a CJK mark of a time's field
    /// (`点`, `時`, `分`, `秒`).
    /// (Or its minutes written right after the hour's mark: `6点30pm`.)
    fn after_time_mark(&self) -> bool {
        let mark_at = |t: usize| {
            matches!(self.tokens.get(t).map(|token| token.tok), Some(Tok::Word(word))
                if matches!(words::mark(word), Some(Mark::Hour | Mark::Minute | Mark::Second)))
        };
        match self.i.checked_sub(1) {
            Some(t) if mark_at(t) => true,
            Some(t) => {
                t > 0 && self.tokens.get(t).is_some_and(|token| matches!(token.tok, Tok::Num { .. })) && mark_at(t - 1)
            }
            None => false,
        }
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
                    return Err(self.error_at(start, "a day needs its month, e.g. 11月14日"));
                };
                let year = pieces.marked_year.take();
                self.set_date(at, year, month, value);
                if let Some(Tok::Word(weekday)) = self.tok(0)
                    && weekday.chars().count() <= 3
                    && weekday.ends_with(['曜', '日', '요'])
                {
                    // `火曜日`: the weekday a Japanese or Korean date may
                    // carry is checked against it (told when it is another).
                    if let Some(Word::Weekday(weekday)) = self.word(0) {
                        self.set_weekday(self.i, 0, weekday);
                    }
                    self.i += 1;
                }
            }
            Mark::Hour => {
                let half = pieces.half.take();
                self.set_time(start, value, 0, 0, 0, half);
                // `3時半`, `三点半`, `3시 반`: half past the hour.
                if matches!(self.word(0), Some(Word::Half)) && !matches!(self.word(1), Some(Word::Unit(_))) {
                    self.pieces.minute = 30;
                    self.i += 1;
                } else if self.touching(0)
                    && let Some(Tok::Num { value: minute @ 0..=59, digits: 2, negative: None, ordinal: false }) =
                        self.tok(0)
                    && self.mark(1).is_none()
                    && !matches!(self.tok(1), Some(Tok::Punct(':' | '.' | '/')))
                {
                    // `6点30`, `6点30pm`: two digits right after the hour's
                    // mark, without their own, are its minutes.
                    self.pieces.minute = to_i64(minute);
                    self.i += 1;
                }
            }
            Mark::Minute | Mark::Second if pieces.times == 0 => {
                return Err(self.error_at(start, "minutes and seconds need their hour, e.g. 17時13分"));
            }
            Mark::Minute => pieces.minute = value,
            Mark::Second => pieces.second = value,
            Mark::Half(_) => {
                return Err(self.error_at(start + 1, "a half of the day comes before the time, e.g. 下午5時"));
            }
        }
        Ok(())
    }

    /// A day counted from today (`tomorrow`, `明早`'s day): the word taken.
    fn day_shift(&mut self, days: i64) {
        self.flush_pending();
        self.i += 1;
        self.pieces.rel.days = self.pieces.rel.days.saturating_add(days);
        self.pieces.rels_seen = true;
    }

    fn flush_pending(&mut self) {
        let pending = std::mem::take(&mut self.pieces.pending);
        self.pieces.rel = self.pieces.rel.plus(pending).unwrap_or(self.pieces.rel);
    }

    fn add_relative(&mut self, k: usize, rel: Option<Relative>) -> Result<(), TimeError> {
        // `vor 3 Tagen`: the word before the run said which way it lies.
        let factor = self.pieces.ahead.unwrap_or(1);
        let rel =
            rel.and_then(|rel| rel.scaled(factor)).ok_or_else(|| self.error(k, "the relative item is too large"))?;
        self.pieces.pending =
            self.pieces.pending.plus(rel).ok_or_else(|| self.error(k, "the relative items are too large"))?;
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
            Tok::Punct(c) => Err(self.error(0, format_args!("unexpected {c:?}; {EXAMPLES}"))),
        }
    }

    /// `@1700000000`, `@-1.5`.
    fn epoch(&mut self) -> Result<(), TimeError> {
        let Some(Tok::Num { value, negative, .. }) = self.tok(1) else {
            return Err(self.error(0, "@ must be followed by a number of seconds, e.g. @1700000000"));
        };
        self.i += 2;
        let nanos = self.fraction()?;
        let seconds = i64::try_from(value).map_err(|_| self.error(0, "too many seconds"))?;
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
                format_args!("the fraction has {digits} digits; at most 9 (nanoseconds) are read, never rounded"),
            ));
        }
        self.i += 2;
        // Nine digits at most (refused above) write less than a second.
        Ok(fraction_nanos(value, digits).unwrap_or(0))
    }

    fn number(&mut self) -> Result<(), TimeError> {
        let Some(Tok::Num { value, digits, negative, ordinal }) = self.tok(0) else { return Ok(()) };
        let value = i64::try_from(value).map_err(|_| self.error(0, "the number is too large"))?;
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
        // `les 2 prochaines semaines`: another language's "next" or "last"
        // between the count and its unit.
        if negative.is_none()
            && !ordinal
            && let (Some(Word::Ordinal(n @ (-1 | 1))), Some(Tok::Word(between)), Some(Word::Unit(unit))) =
                (self.word(1), self.tok(1), self.word(2))
            && self.options.words.is_other_language()
            && !Vocabulary::is_english(between)
        {
            self.i += 3;
            return self.relative_after(0, value.checked_mul(n).and_then(|count| Relative::of(unit, count)));
        }
        // `5 o'clock`.
        if let Some(Word::OClock) = self.word(1) {
            self.set_time(self.i, value, 0, 0, 0, None);
            self.i += 2;
            return Ok(());
        }
        // `om 17 uur`, `17 h`, `7 giờ sáng`: an hour and a word for hours
        // that make the clock's hour, not a count of hours.
        if negative.is_none()
            && !ordinal
            && value <= 24
            && let Some((hour, taken)) = self.hour_with_its_word(value)
        {
            self.set_time(self.i, hour, 0, 0, 0, None);
            self.i += taken;
            if let Some(part) = self.also_day_part_at(0) {
                self.pieces.day_part = Some(part);
                self.i += 1;
            }
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
        // `peste 28 de ani`, `1个小时后`: a joining word between the count
        // and its unit, which may carry its direction.
        if let (Some(Word::Filler), Some((unit, factor))) = (self.word(1), self.unit_maybe_then(2)) {
            self.i += 3;
            let count = signed_value(value, negative).checked_mul(factor);
            return self.relative_after(2, count.and_then(|count| Relative::of(unit, count)));
        }
        // `1个半小时后`: the measure word and a half before the unit, which
        // may carry its direction (it had been 01:30, the half taken as the
        // hour's, without a warning).
        if let (Some(Word::Filler), Some(Word::Half)) = (self.word(1), self.word(2))
            && let Some((unit, factor)) = self.unit_maybe_then(3)
        {
            let half = self.half_of(unit, 2)?;
            self.i += 4;
            let whole = Relative::of(unit, signed_value(value, negative)).and_then(|rel| rel.plus(half));
            return self.relative_after(3, whole.and_then(|rel| rel.scaled(factor)));
        }
        // `3 days`, `+2 weeks`, `2 hours and a half`, `21 h 25m ago`, `in 1 mon`.
        if let Some(unit) = self.unit_after_count(0) {
            self.i += 2;
            let half = self.and_a_half(unit, negative)?;
            return self.relative_after(1, Relative::of(unit, signed).and_then(|rel| rel.plus(half)));
        }
        // `3日前`: the unit and its direction in one word.
        if let Some(Word::UnitThen(unit, factor)) = self.word(1) {
            // `2024年后`: as many years, or after the year 2024: said.
            if unit == Unit::Year && digits == 4 {
                let span = self.tokens.get(self.i).zip(self.tokens.get(self.i + 1));
                let text = span.and_then(|(first, unit)| self.text.get(first.start..unit.end)).unwrap_or_default();
                self.pieces.warnings.push(format!(
                    "{text:?} is read as {value} years {}; if {value} is the year itself, send the date (e.g. {value}年1月1日)",
                    if factor < 0 { "ago" } else { "from now" }
                ));
            }
            self.i += 2;
            return self.relative_after(1, signed.checked_mul(factor).and_then(|count| Relative::of(unit, count)));
        }
        if negative.is_some() {
            return Err(self.error(0, "a signed number must be followed by a unit, e.g. +3 days"));
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
            // `1230pm`, `930 am`: hours and minutes without their colon
            // (GNU refuses them: no clock has hour 1230); not before
            // another language's `am` apart from them (`200 am Montag`,
            // 200 on Monday).
            (Some(Tok::Word(half)), Some(Word::Meridian(meridian)))
                if matches!(digits, 3 | 4)
                    && value % 100 < 60
                    && (self.touching(1) || !self.options.words.is_other_languages_am(half)) =>
            {
                self.set_time(self.i, value / 100, value % 100, 0, 0, Some(meridian));
                self.i += 2;
                Ok(())
            }
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
                        _ => return Err(self.error(2, "a year follows the month, e.g. 25/Sep/2003")),
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
            _ if ordinal => Err(self.error(0, "a day written as an ordinal needs its month, e.g. Nov 14th")),
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
            total = total.plus(part).ok_or_else(|| self.error(0, "the relative item is too large"))?;
            first = false;
        }
        // `10h36m28s`, `01h02`, `10h am`: hours, minutes and seconds glued to
        // their counts, with nothing that makes them a span (a sign, `in`,
        // `ago`, `from now`), are a time of day, as French writes `10h30`
        // and dateutil reads it; a number glued after them is the next unit.
        // (After another language's "at", also inside a run of relative
        // items: `dans 3 jours à 10h`.)
        let at_clock = self.options.words.is_other_language() && self.at_word_before(start);
        if let Some((mut nanos, Some(last))) = clock
            && negative.is_none()
            && (self.pieces.ahead.is_none() || at_clock)
            && (self.pieces.pending == Relative::default() || at_clock)
            && !matches!(self.word(0), Some(Word::Ago(_) | Word::Unit(_)))
            && self.counted_unit(0).is_none()
        {
            if let (Some(Tok::Num { value, negative: None, ordinal: false, .. }), true, Some(next)) =
                (self.tok(0), self.touching(0), clock_unit(last).map(|step| step / 60).filter(|s| *s >= 1_000_000_000))
            {
                nanos = nanos.saturating_add(to_i64(value).saturating_mul(next));
                self.i += 1;
            }
            let meridian = self.meridian();
            if nanos < 86_400_000_000_000 {
                let (hour, rest) = (nanos / 3_600_000_000_000, nanos % 3_600_000_000_000);
                let (minute, rest) = (rest / 60_000_000_000, rest % 60_000_000_000);
                self.set_time(start, hour, minute, rest / 1_000_000_000, rest % 1_000_000_000, meridian);
                return Ok(());
            }
            return Err(self.error(0, "a time of day is shorter than 24 hours"));
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
            fraction = fraction_nanos(value, digits).unwrap_or(0);
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
        let whole = Relative::of(unit, count).ok_or_else(|| self.error(0, "the count is too large"))?;
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
        whole.plus(part).ok_or_else(|| self.error(0, "the count is too large"))
    }

    /// Half of `unit`: 6 months of a year, else half its fixed length.
    fn half_of(&self, unit: Unit, at: usize) -> Result<Relative, TimeError> {
        match unit {
            Unit::Year => Ok(Relative { months: 6, ..Relative::default() }),
            _ => self
                .fractional(unit, 0, 500_000_000)
                .map_err(|_| self.error(at, "half a month or a quarter has no fixed length: write it in days")),
        }
    }

    /// Whether the only time read so far is 12 (`12`, `12:00`, `12 Uhr`,
    /// without am or pm), written just before this token (a joining word
    /// between: `12 del mediodía`).
    fn twelve_just_before(&self) -> bool {
        let pieces = &self.pieces;
        if pieces.times != 1 || pieces.hour != 12 || pieces.minute != 0 || pieces.second != 0 {
            return false;
        }
        if pieces.meridian.is_some() || pieces.half.is_some() || pieces.day_part.is_some() {
            return false;
        }
        let mut t = self.i;
        if t > 0 && matches!(self.word_at(t - 1), Some(Word::Filler)) {
            t -= 1;
        }
        match t.checked_sub(1).and_then(|before| self.tokens.get(before)).map(|token| token.tok) {
            Some(Tok::Num { value, .. }) => value == 12 || value == 0,
            Some(Tok::Word(word)) => {
                matches!(self.word_at(t - 1), Some(Word::Unit(Unit::Hour)))
                    || words::short_unit(word) == Some(Unit::Hour)
                    || self.options.words.is_hour_word(word)
            }
            _ => false,
        }
    }

    /// The unit at token `k`, and its direction where it carries one
    /// (`小时后`, hours later: 1; a unit alone: 1, the direction after it).
    fn unit_maybe_then(&self, k: usize) -> Option<(Unit, i64)> {
        match self.word(k) {
            Some(Word::Unit(unit)) => Some((unit, 1)),
            Some(Word::UnitThen(unit, factor)) => Some((unit, factor)),
            _ => None,
        }
    }

    /// Whether the half at this token follows an hour of a time given
    /// without its minutes and the language's "and" (`las 3 y media`, `3
    /// heures et demie`), in another language than English.
    fn half_past_hour(&self) -> bool {
        let before = |back: usize| self.i.checked_sub(back).and_then(|t| self.tokens.get(t)).map(|token| token.tok);
        let and = matches!(before(1), Some(Tok::Word(and)) if !Vocabulary::is_english(and))
            && matches!(self.i.checked_sub(1).and_then(|t| self.word_at(t)), Some(Word::Filler));
        // The hour: its number, or the word `heures` after it.
        let hour = match before(2) {
            Some(Tok::Num { .. }) => true,
            Some(Tok::Word(_)) => {
                matches!(self.i.checked_sub(2).and_then(|t| self.word_at(t)), Some(Word::Unit(Unit::Hour)))
                    && matches!(before(3), Some(Tok::Num { .. }))
            }
            _ => false,
        };
        self.options.words.is_other_language()
            && self.pieces.times > 0
            && self.pieces.minute == 0
            && self.pieces.second == 0
            && and
            && hour
    }

    /// `and a half` after a unit (`an hour and a half`): half the unit,
    /// with the count's sign; nothing when the words do not follow.
    fn and_a_half(&mut self, unit: Unit, negative: Option<bool>) -> Result<Relative, TimeError> {
        // Another language's "and" is a filler word of its own, and it says
        // no "a" before its half (`une heure et demie`, `una hora y media`).
        let taken = match (self.tok(0), self.word(1), self.word(2)) {
            (Some(Tok::Word(and)), Some(Word::One), Some(Word::Half)) if and.eq_ignore_ascii_case("and") => 3,
            (Some(Tok::Word(and)), Some(Word::Half), _)
                if self.options.words.is_other_language()
                    && !Vocabulary::is_english(and)
                    && matches!(self.word(0), Some(Word::Filler)) =>
            {
                2
            }
            // Chinese, Japanese and Korean write the half just after the
            // unit, with no "and" (`1時間半後`, `1시간 반 후`).
            (Some(Tok::Word(half)), _, _)
                if matches!(self.word(0), Some(Word::Half))
                    && half.chars().all(|c| words::is_unspaced(c) || ('\u{ac00}'..='\u{d7a3}').contains(&c)) =>
            {
                1
            }
            _ => return Ok(Relative::default()),
        };
        let half = self.half_of(unit, taken - 1)?;
        self.i += taken;
        Ok(if negative == Some(true) { half.scaled(-1).unwrap_or(half) } else { half })
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
        let meridian = self.meridian();
        let (hour, minute) = if after > 0 { (hour, minutes) } else { (hour - 1, 60 - minutes) };
        let hour = if hour < 0 { 23 } else { hour };
        self.set_time(start, hour, minute, 0, 0, meridian);
        Ok(())
    }

    /// A count in words from token 0 (`two`, `twenty one`, `a few`,
    /// `a couple of`): its value and the tokens it takes, the `of` after
    /// it included.
    fn spelled_count(&self) -> Option<(i64, usize)> {
        self.spelled_count_at(0)
    }

    /// [`Parser::spelled_count`] from token `first` on (`k` counts from the current token).
    fn spelled_count_at(&self, first: usize) -> Option<(i64, usize)> {
        let mut k = first + usize::from(matches!(self.word(first), Some(Word::One)));
        let Some(Word::Count(mut n)) = self.word(k) else { return None };
        k += 1;
        // Chinese and Japanese numbers of several characters: `二十` is two
        // tens, `十一` ten and one, `二十六` 26.
        let unspaced = |k: usize| matches!(self.tok(k), Some(Tok::Word(word)) if word.chars().all(words::is_unspaced));
        if unspaced(k - 1) && (1..=9).contains(&n) && matches!(self.word(k), Some(Word::Count(10))) && unspaced(k) {
            n *= 10;
            k += 1;
        }
        if (matches!(n, 20 | 30 | 40 | 50) || (n == 10 && unspaced(k - 1)))
            && let Some(Word::Count(ones @ 1..=9)) = self.word(k)
        {
            n += ones;
            k += 1;
        }
        // `a couple of days`; Chinese's measure word, `两个礼拜` (two weeks).
        let measure = unspaced(k) && matches!(self.word(k), Some(Word::Filler));
        if measure || matches!(self.tok(k), Some(Tok::Word(of)) if of.eq_ignore_ascii_case("of")) {
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
        // `ago`, `later`; and the words for "in" a language also says after
        // the count, nothing counted after them (Vietnamese `2 tuần sau`, as
        // `sau 2 tuần`; not French's `en`: `3 jours en France`).
        let factor = match (self.word(0), self.tok(0)) {
            (Some(Word::Ago(factor)), _) => Some(factor),
            // `les 30 jours précédents`, `les 90 secondes suivantes`: another
            // language's "last" or "next" after the count's unit, at the end.
            (Some(Word::Ordinal(n @ (-1 | 1))), Some(Tok::Word(word)))
                if self.tok(1).is_none() && self.options.words.is_other_language() && !Vocabulary::is_english(word) =>
            {
                Some(n)
            }
            (Some(Word::Ahead(factor)), Some(Tok::Word(word)))
                if self.options.words.is_ahead_after(word) && !self.starts_relative_at(1) =>
            {
                Some(factor)
            }
            _ => None,
        };
        if let Some(factor) = factor {
            self.i += 1;
            let pending = std::mem::take(&mut self.pieces.pending);
            let scaled = pending.scaled(factor).ok_or_else(|| self.error(0, "too large"))?;
            self.pieces.rel = self.pieces.rel.plus(scaled).ok_or_else(|| self.error(0, "too large"))?;
        }
        Ok(())
    }

    /// `H:MM[:SS[.frac]]`, then a meridian or an offset.
    fn time(&mut self, hour: i64) -> Result<(), TimeError> {
        self.time_with(hour, ':')
    }

    /// Whether the word before the current token says "at" (`at`, `в`, `kl.`),
    /// or ends a phrase that does (Spanish's `a las`).
    fn after_at(&self) -> bool {
        self.at_word_before(self.i)
    }

    /// Whether the token before token `t` (an index into the tokens) says
    /// "at" (see [`Parser::after_at`]).
    fn at_word_before(&self, t: usize) -> bool {
        let says_at = |at: &str| {
            super::says_at(self.options.words, at)
                || at.rsplit_once(' ').is_some_and(|(_, last)| super::says_at(self.options.words, last))
        };
        t > 0 && matches!(self.tokens.get(t - 1).map(|token| token.tok), Some(Tok::Word(at)) if says_at(at))
    }

    /// The clock's hour that the hour `value` and the word for hours after
    /// it name, and how many tokens they take with what says so; `None`
    /// for a count of hours (`in 2 Stunden`, `2 uur geleden`, `hour 10:00`
    /// in English, GNU's).
    /// - After the language's word for "at" (`om 17 uur`, `в 5 часов`, `à
    ///   17 heures`, `lúc 7 giờ`), or with the word CLDR writes after an hour
    ///   alone (`17 h`, `HH 'h'`), after no direction.
    /// - Before a part of the day or a half of it (Vietnamese `7 giờ sáng`,
    ///   7 in the morning), or noon (`11 giờ trưa`; `1 giờ trưa` is 13:00).
    fn hour_with_its_word(&self, value: i64) -> Option<(i64, usize)> {
        let Some(Tok::Word(unit)) = self.tok(1) else { return None };
        let hour_word = match self.word(1) {
            Some(Word::Unit(Unit::Hour)) => true,
            None => words::short_unit(unit) == Some(Unit::Hour),
            _ => false,
        };
        if !hour_word {
            return None;
        }
        let foreign = !Vocabulary::is_english(unit);
        match self.word(2) {
            Some(Word::Ago(_)) => None,
            Some(Word::DayPart(..) | Word::Meridian(_)) if foreign => Some((value, 2)),
            // `3 часа дня`: a word that is also a part of the day (`дня`, of
            // days; of the day, afternoon) after an hour and its word is that part.
            _ if foreign && self.also_day_part_at(2).is_some() => Some((value, 2)),
            Some(Word::Clock(12)) if foreign => Some((if (1..=9).contains(&value) { value + 12 } else { value }, 3)),
            // `dans 3 jours à 10h`, `через 3 дня в 10 часов`: after another
            // language's "at", the clock's hour even inside a run of relative
            // items (it had been ten hours more, without a warning).
            _ if self.options.words.is_other_language() && self.after_at() => Some((value, 2)),
            _ if self.pieces.ahead.is_none()
                && ((foreign && self.after_at()) || self.options.words.is_hour_word(unit)) =>
            {
                Some((value, 2))
            }
            _ => None,
        }
    }

    /// The part of the day token `k` also names, where it means something
    /// else first (`дня`: of days, and of the day, the afternoon), in
    /// another language than English: its hour and half.
    fn also_day_part_at(&self, k: usize) -> Option<(i8, Meridian)> {
        let Some(Tok::Word(word)) = self.tok(k) else { return None };
        if matches!(self.word(k), Some(Word::DayPart(..))) || Vocabulary::is_english(word) {
            return None;
        }
        match self.options.words.also_day_part(word) {
            Some(Word::DayPart(hour, meridian)) => Some((hour, meridian)),
            _ => None,
        }
    }

    /// `17.13`, `3.44.15` in a language that writes times with dots: at
    /// most three numbers of one or two digits, two-digit minutes.
    fn dotted_is_time(&self) -> bool {
        // `at 12.30`: after `at`, or the language's word for it (`в 12.30`,
        // `kl. 14.00`), a time in any language (British English writes them so).
        // `6.13 AM`: an hour and its minutes, written together, before am or
        // pm too, or an English part of the day (not Korean's `07. 10. 2.
        // 오전`, a date before the half of the day).
        let by_language = self.options.words.dotted_time() || self.after_at();
        // (Most dotted numbers are prices and versions, with no word after.)
        if !by_language && !matches!(self.tok(3), Some(Tok::Word(_))) {
            return false;
        }
        let numbers = self.separated_numbers('.');
        let Some(next) = (self.i + numbers.len() * 2).checked_sub(1) else { return false };
        let meridian_after = numbers.len() == 2
            && self.touching(1)
            && self.touching(2)
            && match self.word_at(next) {
                Some(Word::Meridian(_)) => true,
                // `8.00 tonight`, in English (`10.11 abends` is a German date).
                Some(Word::DayPart(..)) => !self.options.words.is_other_language(),
                _ => false,
            };
        if !by_language && !meridian_after {
            return false;
        }
        let dot_after = self.tokens.get(next).is_some_and(|token| token.tok == Tok::Punct('.'));
        (2..=3).contains(&numbers.len())
            && numbers.iter().all(|(_, digits)| *digits <= 2)
            && numbers[1].1 == 2
            && numbers[0].0 <= 24
            && !dot_after
    }

    /// The half of the day written after a time, taken: `pm`, `a.m.`, or
    /// its first letter alone touching the time (`5:16p`, `5h16a`; GNU
    /// reads a military zone there, which tsconv does not).
    fn meridian(&mut self) -> Option<Meridian> {
        let meridian = match (self.word(0), self.tok(0)) {
            (Some(Word::Meridian(meridian)), _) => meridian,
            (_, Some(Tok::Word(letter @ ("a" | "A" | "p" | "P")))) if self.touching(0) => {
                if letter.eq_ignore_ascii_case("p") { Meridian::Pm } else { Meridian::Am }
            }
            _ => return None,
        };
        self.i += 1;
        Some(meridian)
    }

    /// `H:MM[:SS[.frac]]` (or with `separator` for `:`), then a meridian or an offset.
    fn time_with(&mut self, hour: i64, separator: char) -> Result<(), TimeError> {
        let at = self.i;
        let Some(Tok::Num { value: minute, negative: None, .. }) = self.tok(2) else {
            return Err(self.error(1, "a time is written H:MM, e.g. 17:13"));
        };
        self.i += 3;
        let mut second = 0;
        let mut nanos = 0;
        let mut with_seconds = false;
        if let (Some(Tok::Punct(c)), Some(Tok::Num { value, negative: None, .. })) = (self.tok(0), self.tok(1))
            && c == separator
        {
            with_seconds = true;
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
        let meridian = self.meridian().or_else(|| self.pieces.half.take());
        self.set_time(at, hour, minute, second, nanos, meridian);
        if meridian.is_none()
            && let Some(Tok::Num { value, digits, negative: Some(negative), .. }) = self.tok(0)
        {
            let clock_like = negative && digits <= 2 && matches!(self.tok(1), Some(Tok::Punct(':')));
            let seconds = self.offset_after(value, digits, negative)?;
            self.set_zone(TextZone::Offset { seconds, label: None, meanings: Vec::new() });
            // `9:00-17:00`: GNU's reading, a time at an offset of -17:00, is
            // kept, but told when the "offset" reads as a later time of the
            // same day: people write a range of hours so.
            let (start, end) = (hour * 3600 + minute * 60, i64::from(seconds.unsigned_abs()));
            if clock_like && !with_seconds && self.pieces.dates == 0 && end > start {
                let clock = |seconds: i64| format!("{:02}:{:02}", seconds / 3600, seconds % 3600 / 60);
                let (start, end) = (clock(start), clock(end));
                self.pieces.warnings.push(format!(
                    "-{end} read as the UTC offset of {start}, as GNU date reads it; \
                     for the hours from {start} to {end} write {start} - {end}"
                ));
            }
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
            value.saturating_mul(60)
        } else {
            value / 100 * 60 + value % 100
        };
        if minutes >= 24 * 60 {
            return Err(self.error(0, "an offset is less than 24 hours (RFC 3339's hour is 00-23)"));
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
            _ => return Err(self.error(0, "a numeric date is written 11/14/2023 or 2023/11/14")),
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
            _ => return Err(self.error(0, "a dotted date is written 14.11.2023 or 14.11.23")),
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
        // `九月3日`, `九月三号`: a month's name, then its day with the day's mark.
        if (matches!(self.tok(1), Some(Tok::Num { negative: None, ordinal: false, .. }))
            && self.mark(2) == Some(Mark::Day))
            || self.spelled_count_at(1).is_some_and(|(_, k)| self.mark(k) == Some(Mark::Day))
        {
            self.pieces.marked_month = Some((i64::from(month), start));
            self.i += 1;
            return Ok(());
        }
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
            return Err(self.error(0, "a month needs its day, e.g. Nov 14 or 14 Nov"));
        };
        self.i += skip;
        if negative == Some(false) {
            return Err(self.error(1, "a month needs its day, e.g. Nov 14 or 14 Nov"));
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

    /// Whether the words before the current one count a unit (`last day`,
    /// `2nd week`) or a weekday (`first Friday`, `last Monday`).
    fn counted_within_a_period(&self) -> bool {
        let before = |back: usize| self.i.checked_sub(back).and_then(|t| self.word_at(t));
        match before(1) {
            Some(Word::Unit(_)) => true,
            Some(Word::Weekday(_)) => matches!(before(2), Some(Word::Ordinal(_))),
            _ => false,
        }
    }

    fn word_item(&mut self, word: &'a str) -> Result<(), TimeError> {
        if let Some(Mark::Half(half)) = words::mark(word) {
            // `明天下午`: with no time after it, the part of the day CLDR
            // names so (`下午`, 13 to 19: 15:00).
            let time_after = match (self.tok(1), self.word(1)) {
                (Some(Tok::Num { .. }), _) | (_, Some(Word::Count(_) | Word::Half)) => true,
                (Some(Tok::Word(next)), _) => words::mark(next).is_some() || self.options.words.mark(next).is_some(),
                _ => false,
            };
            if !time_after && let Some(Word::DayPart(hour, meridian)) = self.options.words.also_day_part(word) {
                self.pieces.day_part = Some((hour, meridian));
            } else {
                self.pieces.half = Some(half);
            }
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
                // `mardi dernier`, `el martes pasado`: another language's
                // direction after the weekday (English's stays GNU's: a
                // word of its own).
                let after = match (self.word(1), self.tok(1), self.word(2)) {
                    (Some(Word::Ordinal(n @ -1..=1)), Some(Tok::Word(next)), following)
                        if !Vocabulary::is_english(next)
                            && !matches!(following, Some(Word::Unit(_) | Word::Weekday(_))) =>
                    {
                        Some(n)
                    }
                    // `thứ hai tới`, `thứ hai qua`: Vietnamese's "later" or
                    // "past" after the weekday, at the text's end.
                    (Some(Word::Ago(n) | Word::Ahead(n)), Some(Tok::Word(next)), None)
                        if !Vocabulary::is_english(next) && self.tok(2).is_none() =>
                    {
                        Some(n.signum())
                    }
                    _ => None,
                };
                self.set_weekday(self.i, after.unwrap_or(0), weekday);
                self.i += 1 + usize::from(after.is_some());
                Ok(())
            }
            Some(Word::WeekdayShifted(weekday, n)) => {
                self.set_weekday(self.i, n, weekday);
                self.i += 1;
                Ok(())
            }
            Some(Word::Shifted(unit, n)) => {
                self.pieces.week |= unit == Unit::Days(7);
                self.i += 1;
                self.relative_after(0, Relative::of(unit, n))
            }
            Some(Word::Ordinal(n)) => {
                match self.word(1) {
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
                    // `esta mañana`: this morning (`mañana` alone is tomorrow).
                    Some(Word::DayShift(_))
                        if n == 0
                            && matches!(self.tok(1), Some(Tok::Word(next))
                                if self.options.words.also_day_part(next).is_some()) =>
                    {
                        self.i += 1;
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
                    // Another language's "this" before a date's number (Swedish
                    // `den 15 augusti`): it joins.
                    _ if n == 0 && !Vocabulary::is_english(word) && matches!(self.tok(1), Some(Tok::Num { .. })) => {
                        self.i += 1;
                        Ok(())
                    }
                    _ => Err(self
                        .error(0, format_args!("{word:?} must be followed by a weekday or a unit, e.g. next friday"))),
                }
            }
            // `11 июля 2016 года`: "of the year" after a date's year says it is a year.
            Some(Word::Unit(Unit::Year))
                if self.pieces.year.is_some()
                    && self.i > 0
                    && matches!(self.tokens[self.i - 1].tok, Tok::Num { digits: 3.., negative: None, .. }) =>
            {
                self.i += 1;
                Ok(())
            }
            // `ngày 2 tháng 9 năm 1945` (Vietnamese: day 2, month 9, year
            // 1945): another language's word for "day" before a date's day,
            // or for "year" before a number, labels it; GNU's reading (one
            // unit ahead, then the number: English's `day 15 March`) is no
            // one's meaning there. Not after a count (`3 ngày 2 giờ`), but
            // for a year's number after a date's (`tháng 9 năm 1945`).
            Some(Word::Unit(unit @ (Unit::Days(1) | Unit::Year)))
                if !Vocabulary::is_english(word)
                    && (!(self.i > 0 && matches!(self.tokens[self.i - 1].tok, Tok::Num { .. }))
                        || (unit == Unit::Year && matches!(self.tok(1), Some(Tok::Num { digits: 3.., .. }))))
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, ordinal: false, .. }))
                    && (unit == Unit::Year
                        || matches!(self.tok(2), Some(Tok::Punct('/' | '-' | '.')))
                        // `Ngày 2024-03-15`: before an ISO date (not a day later).
                        || matches!(
                            (self.tok(1), self.tok(2)),
                            (Some(Tok::Num { digits: 4, .. }), Some(Tok::Num { negative: Some(true), .. }))
                        )
                        || matches!(self.word(2), Some(Word::MonthNumber | Word::Month(_)))) =>
            {
                if unit == Unit::Year
                    && let Some(Tok::Num { value, digits, .. }) = self.tok(1)
                {
                    // `năm 179 TCN`: the year, then its era.
                    let (era, taken) = match self.word(2) {
                        Some(Word::Era(era)) => (era, 3),
                        _ => (Era::Common, 2),
                    };
                    self.year_in_era(to_i64(value), digits, era, 1);
                    self.i += taken;
                } else {
                    self.i += 1;
                }
                Ok(())
            }
            // Turkish `saat 10:00`, Indonesian `jam 10:00`: the word for
            // "hour" right before a clock time says "at", not "an hour
            // later" (GNU's reading of English `hour 10:00`, kept).
            Some(Word::Unit(Unit::Hour))
                if !Vocabulary::is_english(word)
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, .. }))
                    && matches!(self.tok(2), Some(Tok::Punct(':'))) =>
            {
                self.i += 1;
                Ok(())
            }
            // `saat 15`, `jam 10`: an hour alone after it is that hour, o'clock.
            Some(Word::Unit(Unit::Hour))
                if !Vocabulary::is_english(word)
                    && matches!(
                        self.tok(1),
                        Some(Tok::Num { value: 0..=24, digits: 1..=2, negative: None, ordinal: false })
                    )
                    && self
                        .word(2)
                        .is_none_or(|after| !matches!(after, Word::Unit(_) | Word::UnitThen(..) | Word::Ago(_))) =>
            {
                let Some(Tok::Num { value, .. }) = self.tok(1) else { return Ok(()) };
                let half = self.pieces.half.take();
                self.set_time(self.i + 1, to_i64(value), 0, 0, 0, half);
                self.i += 2;
                Ok(())
            }
            Some(Word::Unit(unit)) => {
                self.i += 1;
                self.relative_after(0, Relative::of(unit, 1))
            }
            // `五分钟前`: a count in words, and the unit and its direction in one word.
            Some(Word::Count(_))
                if self.spelled_count().is_some_and(|(_, k)| matches!(self.word(k), Some(Word::UnitThen(..)))) =>
            {
                let Some((n, k)) = self.spelled_count() else { return Ok(()) };
                let Some(Word::UnitThen(unit, factor)) = self.word(k) else { return Ok(()) };
                self.i += k + 1;
                self.relative_after(0, n.checked_mul(factor).and_then(|count| Relative::of(unit, count)))
            }
            // `a half hour ago`, `een half uur geleden`: the half of the unit.
            Some(Word::One | Word::Count(1))
                if matches!(self.word(1), Some(Word::Half)) && matches!(self.word(2), Some(Word::Unit(_))) =>
            {
                self.i += 1;
                Ok(())
            }
            // `les trois prochaines semaines`: "next" or "last" between a count
            // in words and its unit, in another language.
            Some(Word::Count(_))
                if self.spelled_count().is_some_and(|(_, k)| {
                    matches!(
                        (self.word(k), self.tok(k), self.word(k + 1)),
                        (Some(Word::Ordinal(-1 | 1)), Some(Tok::Word(between)), Some(Word::Unit(_)))
                            if !Vocabulary::is_english(between)
                    )
                }) =>
            {
                let Some((count, k)) = self.spelled_count() else { return Ok(()) };
                let (Some(Word::Ordinal(n)), Some(Word::Unit(unit))) = (self.word(k), self.word(k + 1)) else {
                    return Ok(());
                };
                self.i += k + 2;
                self.relative_after(0, count.checked_mul(n).and_then(|count| Relative::of(unit, count)))
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
            // `một tháng qua`: a count in words, Vietnamese's `tháng` and a
            // direction after it: months.
            Some(Word::Count(_)) | Some(Word::One)
                if self
                    .spelled_count()
                    .is_some_and(|(_, k)| self.months_at(k) && matches!(self.word(k + 1), Some(Word::Ago(_)))) =>
            {
                let Some((n, k)) = self.spelled_count() else { return Ok(()) };
                self.i += k + 1;
                self.relative_after(0, Relative::of(Unit::Month, n))
            }
            // `一个半小时后`: a count in words and a half before the unit
            // (an hour and a half later).
            Some(Word::Count(_)) | Some(Word::One)
                if self.spelled_count().is_some_and(|(_, k)| {
                    matches!(self.word(k), Some(Word::Half)) && self.unit_maybe_then(k + 1).is_some()
                }) =>
            {
                let Some((n, k)) = self.spelled_count() else { return Ok(()) };
                let Some((unit, factor)) = self.unit_maybe_then(k + 1) else { return Ok(()) };
                let half = self.half_of(unit, k)?;
                self.i += k + 2;
                let whole = Relative::of(unit, n).and_then(|rel| rel.plus(half));
                self.relative_after(0, whole.and_then(|rel| rel.scaled(factor)))
            }
            // `三点`, `九月三号`, `다섯 시`, `十一点`: a count in words before a
            // mark is its number.
            Some(Word::Count(_)) if self.spelled_count().is_some_and(|(_, k)| self.mark(k).is_some()) => {
                let Some((n, k)) = self.spelled_count() else { return Ok(()) };
                let Some(mark) = self.mark(k) else { return Ok(()) };
                // `marked` takes the number's token and the mark's.
                self.i += k - 1;
                self.marked(n, 1, mark)
            }
            Some(Word::Count(n)) => {
                // `twenty-first`: the tens of a spelled ordinal day.
                if let Some(Word::Ordinal(ones @ 1..=9)) = self.word(1)
                    && matches!(n, 20 | 30)
                {
                    return Err(
                        self.error(0, format_args!("the {} must follow its month, e.g. March {word}-first", n + ones))
                    );
                }
                Err(self.error(0, format_args!("{word:?} must be followed by a unit, e.g. two weeks ago")))
            }
            Some(Word::To) => {
                Err(self.error(0, format_args!("{word:?} must stand between minutes and an hour, e.g. quarter to 6")))
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
            // `полчаса назад`, `через півгодини`: half a unit in one word.
            Some(Word::HalfOf(unit)) => {
                let half = self.half_of(unit, 0)?;
                self.i += 1;
                self.relative_after(0, Some(half))
            }
            Some(Word::Half) => match (self.word(1), self.word(2)) {
                (Some(Word::One), Some(Word::Unit(unit))) => {
                    let half = self.half_of(unit, 0)?;
                    self.i += 3;
                    self.relative_after(0, Some(half))
                }
                // `half hour ago`, `een half uur geleden`, `半小时`, `半小时前`:
                // no "an" between (Chinese and Japanese never write one), and
                // the unit may carry its direction.
                (Some(Word::Unit(unit)), _) => {
                    let half = self.half_of(unit, 0)?;
                    self.i += 2;
                    self.relative_after(0, Some(half))
                }
                (Some(Word::UnitThen(unit, factor)), _) => {
                    let half = self.half_of(unit, 0)?.scaled(factor);
                    self.i += 2;
                    self.relative_after(0, half)
                }
                // `las 3 y media`, `3 heures et demie`, `alle 3 e mezza`: in
                // another language, "and a half" just after an hour is half past it.
                _ if self.half_past_hour() => {
                    self.pieces.minute = 30;
                    self.i += 1;
                    Ok(())
                }
                _ => Err(self.error(0, "half must be followed by a unit, e.g. half an hour")),
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
            // `平成26年`, `令和元年`: a Japanese era before its marked year.
            Some(Word::Era(era @ Era::Japanese(_))) if self.pieces.year.is_none() && self.pieces.era.is_none() => {
                self.pieces.era = Some(era);
                match (self.tok(1), self.mark(2)) {
                    (Some(Tok::Word(words::FIRST_YEAR)), _) => {
                        self.pieces.marked_year = Some(Year { value: 1, digits: 1 });
                        self.i += 2;
                    }
                    (Some(Tok::Num { negative: None, ordinal: false, .. }), Some(Mark::Year)) => self.i += 1,
                    _ => return Err(self.error(0, format_args!("{word:?} must come before its year, e.g. 令和5年"))),
                }
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
            Some(Word::Era(_)) => Err(self.error(0, format_args!("{word:?} must follow a year, e.g. 44 BC"))),
            // `19:53 Uhr`: after a time written whole, it only says it is one.
            Some(Word::OClock)
                if self.pieces.times > 0 && self.i > 0 && matches!(self.tokens[self.i - 1].tok, Tok::Num { .. }) =>
            {
                self.i += 1;
                Ok(())
            }
            Some(Word::OClock) => Err(self.error(0, "o'clock must follow an hour, e.g. 5 o'clock")),
            Some(Word::WorkDay) => {
                Err(self
                    .error(0, "weekday must follow next or last, e.g. next weekday (the next working day)".to_owned()))
            }
            // `heute Morgen`, `esta mañana`: after a day, the language's word
            // that is also a part of the day (`Morgen`, morning; alone,
            // tomorrow) is that part.
            Some(Word::DayShift(_))
                if self.i > 0
                    && matches!(self.word_at(self.i - 1), Some(Word::DayShift(_) | Word::Ordinal(0)))
                    && let Some(Word::DayPart(hour, meridian)) = self.options.words.also_day_part(word) =>
            {
                self.pieces.day_part = Some((hour, meridian));
                self.i += 1;
                Ok(())
            }
            Some(Word::DayWithPart(days, hour, meridian)) => {
                self.day_shift(days);
                self.pieces.day_part = Some((hour, meridian));
                Ok(())
            }
            Some(Word::DayShift(days)) => {
                self.day_shift(days);
                Ok(())
            }
            Some(Word::Ahead(factor)) if self.starts_relative_at(1) => {
                self.pieces.ahead = Some(factor);
                self.i += 1;
                Ok(())
            }
            // `last day of February`, `first Friday of March`, `last month of
            // 2024`: a day counted within a month or a year, which GNU's
            // grammar has no words for. Skipping `of` would count from the
            // period's start instead (`last day`, one day back from February
            // 1: January 31), a wrong answer given as if certain: refused.
            Some(Word::Filler) if word.eq_ignore_ascii_case("of") && self.counted_within_a_period() => Err(self.error(
                0,
                "a day counted within a month or a year (\"last day of\", \"first Friday of\") is not read: \
                 write the date itself, or count from one, e.g. March 1 -1 day",
            )),
            Some(Word::Filler) => {
                self.i += 1;
                Ok(())
            }
            // `12 noon`, `12 midnight`, `a las 12 del mediodía`: twelve and
            // the clock's word say one time (refused before: a time twice).
            Some(Word::Clock(hour)) if self.twelve_just_before() => {
                self.pieces.hour = i64::from(hour);
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
            // `tomorrow before 4pm`, `tomorrow after 4pm`: that time; so in
            // another language (`morgen voor 16:00`, `morgen na 16:00`).
            Some(Word::Ago(_))
                if self.pieces.pending == Relative::default()
                    && matches!(self.tok(1), Some(Tok::Num { negative: None, .. }))
                    && (word.eq_ignore_ascii_case("before")
                        || word.eq_ignore_ascii_case("after")
                        || (self.options.words.is_other_language() && !Vocabulary::is_english(word)))
                    && !self.starts_relative_at(1) =>
            {
                self.i += 1;
                Ok(())
            }
            Some(Word::Ago(_)) => {
                Err(self.error(0, format_args!("{word:?} must follow a relative item, e.g. 3 days ago")))
            }
            // `凌晨1:35`: a day period before the time, as CJK languages write it.
            Some(Word::Meridian(meridian)) if matches!(self.tok(1), Some(Tok::Num { .. })) => {
                self.pieces.half = Some(meridian);
                self.i += 1;
                Ok(())
            }
            // `3点pm`, `6時30分PM`: a Latin am or pm after a time written with marks.
            Some(Word::Meridian(meridian))
                if self.pieces.times > 0 && self.pieces.meridian.is_none() && self.after_time_mark() =>
            {
                self.pieces.meridian = Some(meridian);
                self.i += 1;
                Ok(())
            }
            // `後天凌晨`, `下午` with no time: a period that the language's
            // times write as their half of the day (Traditional Chinese) is
            // also the part of the day CLDR names it.
            Some(Word::Meridian(_))
                if self.pieces.times == 0
                    && let Some(Word::DayPart(hour, meridian)) = self.options.words.also_day_part(word) =>
            {
                self.pieces.day_part = Some((hour, meridian));
                self.i += 1;
                Ok(())
            }
            Some(Word::Meridian(_)) => Err(self.error(0, format_args!("{word:?} must follow a time, e.g. 5:13pm"))),
            Some(Word::Dst) => Err(self.error(0, "DST must follow a zone abbreviation, e.g. CET DST")),
            // `tháng 3`, `tháng 4 năm 1975`, `tháng 3/1975`: a month named by
            // its number (and its year after a slash), the first of it.
            Some(Word::MonthNumber)
                if self.pieces.dates == 0
                    && !matches!(self.tok(2), Some(Tok::Punct(':')))
                    && let Some(Tok::Num { value: month @ 1..=12, negative: None, ordinal: false, .. }) =
                        self.tok(1) =>
            {
                match (self.tok(2), self.tok(3)) {
                    (Some(Tok::Punct('/')), Some(Tok::Num { value, digits: 4, negative: None, ordinal: false })) => {
                        self.set_date(self.i, Some(Year { value: to_i64(value), digits: 4 }), to_i64(month), 1);
                        self.i += 4;
                    }
                    _ => {
                        self.set_date(self.i, None, to_i64(month), 1);
                        self.i += 2;
                    }
                }
                Ok(())
            }
            Some(Word::MonthNumber) => {
                Err(self.error(0, format_args!("{word:?} must stand between the day and the month's number")))
            }
            // `thứ 2`, `T7`: Monday is the second day, Saturday the seventh.
            Some(Word::WeekdayNumber)
                if let Some(Tok::Num { value: day @ 2..=7, negative: None, ordinal: false, .. }) = self.tok(1) =>
            {
                let weekday =
                    Weekday::from_monday_one_offset(i8::try_from(day - 1).unwrap_or(1)).unwrap_or(Weekday::Monday);
                self.set_weekday(self.i, 0, weekday);
                self.i += 2;
                Ok(())
            }
            // Without its number, what it was before (Vietnamese `T` alone is
            // the military zone, as in every language).
            Some(Word::WeekdayNumber) => self.zone_or_unknown(word),
            Some(Word::Ahead(_)) => {
                Err(self.error(0, format_args!("{word:?} must be followed by a relative item, e.g. in 2 hours")))
            }
            Some(Word::UnitThen(..)) => Err(self.error(0, format_args!("{word:?} must follow a number, e.g. 3日前"))),
            Some(Word::Gmt) => self.gmt_offset(),
            Some(Word::ZoneName(index)) => {
                self.i += 1;
                let candidates = self.options.words.zone_name(index).map(|name| name.candidates.to_vec());
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
            // `in about 5 hours`: a hedge before the item; `binnen de 5
            // minuten`: another language's article.
            (Some(Tok::Word(hedge)), Some(Word::Filler))
                if ["about", "around", "approximately"].iter().any(|h| hedge.eq_ignore_ascii_case(h))
                    || (self.options.words.is_other_language() && !Vocabulary::is_english(hedge)) =>
            {
                self.starts_relative_at(k + 1)
            }
            (_, Some(Word::Unit(_) | Word::One | Word::Half | Word::HalfOf(_))) => true,
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
        let meanings = self.options.words.zone_abbreviation(word.trim_end_matches('.'), self.options.region);
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
        // In another language, a name of the tz database's without a `/` is
        // read only as written, with a capital (`cet après-midi` is "this
        // afternoon", `est` French's "is"; `CET`, `EST` are zones), as an
        // abbreviation is.
        let prose = self.options.words.is_other_language()
            && !word.contains('/')
            && !word.chars().any(char::is_uppercase)
            && !matches!(word, "utc" | "gmt" | "uct" | "zulu");
        if !prose && let Ok(zone) = Zone::parse_without_suggestions(word) {
            self.i += 1;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        if let Some((zone, taken)) = self.windows_zone() {
            self.i += taken;
            self.set_zone(TextZone::Named(zone));
            return Ok(());
        }
        // `15:00-kor` (at 15:00): the case Hungarian writes onto a time after
        // a hyphen, one to four small letters of no word (onto a number
        // alone it says more: `15-én`, on the 15th; `2024-ben`, in 2024).
        if self.i > 1
            && let Some(before) = self.tokens.get(self.i - 1)
            && matches!(before.tok, Tok::Num { digits: 2, .. })
            && matches!(self.tokens[self.i - 2].tok, Tok::Punct(':'))
            && self.text.get(before.end..self.at(self.i)) == Some("-")
            && (1..=4).contains(&word.chars().count())
            && word.chars().all(char::is_lowercase)
        {
            self.i += 1;
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
        if self.options.unworded {
            return TimeError::invalid_at(String::new(), self.at(self.i));
        }
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
        self.error(0, format_args!("unknown word {word:?}; {hint}"))
    }
}

/// A lower bound of the edit distance of two ASCII words, cheap to know:
/// the letters one has more of than the other (an edit changes one letter
/// on each side at most, a swap none). `0` for other words: no bound.
pub(super) fn letters_apart(a: &str, b: &str) -> usize {
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
