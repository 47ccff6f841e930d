//! The English words of dates as GNU `date -d` reads them (gnulib's
//! `parse-datetime.y`: month and weekday names and their three-letter
//! forms, units, ordinals, `tomorrow`, `ago`), and the few tsconv adds
//! (`noon`, `midnight`, `in`, `a`/`an` before a unit, `at`, `on`, `and`);
//! and a [`Vocabulary`]: those words, and over them the words of another
//! language, which `locale` learns from CLDR's data through ICU4X.

use std::collections::HashMap as StdHashMap;

/// The maps of words, looked up for every word of every text: a fast
/// seeded hash (foldhash) rather than SipHash, which took a tenth of
/// extract's time.
type HashMap<K, V> = StdHashMap<K, V, foldhash::fast::RandomState>;
type HashSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;
use std::sync::{Arc, LazyLock, Mutex};

use jiff::civil::Weekday;

use crate::iso::MONTH_NAMES;

/// A unit of a relative item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    Year,
    /// Three months.
    Quarter,
    Month,
    /// Days, with a count: 1 for `day`, 7 for `week`, 14 for `fortnight`.
    Days(i64),
    Hour,
    Minute,
    Second,
}

impl Unit {
    /// The seconds of one unit of a fixed length (a day and a week as 24
    /// and 168 hours: a fraction of them is elapsed time); `None` for
    /// years, quarters and months, whose length varies.
    pub(super) fn seconds(self) -> Option<i64> {
        match self {
            Unit::Year | Unit::Quarter | Unit::Month => None,
            Unit::Days(n) => n.checked_mul(86_400),
            Unit::Hour => Some(3600),
            Unit::Minute => Some(60),
            Unit::Second => Some(1),
        }
    }
}

/// A unit as people abbreviate it right after a number (`1h30m`, `-2hr5min`,
/// `10h36m28s`, `3m 49s`, `2d`): only glued to its number, where a letter
/// cannot be a word of its own. `m` is minutes, as in Go's and chrono's
/// durations; months are `mo`.
pub(crate) fn short_unit(word: &str) -> Option<Unit> {
    Some(match word.to_ascii_lowercase().as_str() {
        "y" | "yr" | "yrs" => Unit::Year,
        "mo" | "mos" | "mth" | "mths" => Unit::Month,
        "w" | "wk" | "wks" => Unit::Days(7),
        "d" => Unit::Days(1),
        "h" | "hr" | "hrs" => Unit::Hour,
        "m" | "mn" | "mins" => Unit::Minute,
        "s" | "secs" => Unit::Second,
        _ => return None,
    })
}

/// An era after a year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Era {
    /// `AD`, `CE`: the year as written, never widened (`44 AD` is 44).
    Common,
    /// `BC`, `BCE`: 1 BC is year 0 of ISO 8601's count, 44 BC is -43.
    BeforeCommon,
    /// `BE`: a year of the Thai Buddhist era, 543 ahead of the common one.
    Buddhist,
    /// A Japanese era (`平成`, `令和`) before its year: the common year of
    /// its first (`元年`), 1989 for Heisei.
    Japanese(i16),
}

/// What one word means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    Month(i8),
    Weekday(Weekday),
    Unit(Unit),
    /// `last` -1, `this` 0, `next` 1, `first` 1, `third` 3 ... `twelfth` 12.
    Ordinal(i64),
    /// `tomorrow` 1, `yesterday` -1, `today` and `now` 0.
    DayShift(i64),
    /// A unit and its direction in one phrase, as a language names the
    /// period before, of and after now: `la semaine dernière` (a week
    /// back, -1), `nächsten Monat` (1), `este año` (0).
    Shifted(Unit, i64),
    /// `ago` -1, `hence` 1.
    Ago(i64),
    Meridian(Meridian),
    /// `noon` (12:00), `midnight` (00:00).
    Clock(i8),
    /// `DST` after a zone: an hour more.
    Dst,
    /// A word before the month's number (`tháng 4`, Vietnamese).
    MonthNumber,
    /// A word before a weekday's number, 2 (Monday) to 7 (Saturday), as
    /// Vietnamese counts them (`thứ 2`, `T7`).
    WeekdayNumber,
    /// `in` before a relative item: it lies ahead (1); `vor`, `hace`,
    /// `il y a`: it lies behind (-1).
    Ahead(i64),
    /// A unit and its direction in one word, after a number: `日前` (days
    /// ago, -1), `日後` (days hence, 1).
    UnitThen(Unit, i64),
    /// The language's word for GMT, before an offset (`Гринуич+1`).
    Gmt,
    /// A zone's name in the language, as CLDR writes it
    /// (`Mitteleuropäische Sommerzeit`): the index of its [`ZoneName`].
    ZoneName(u32),
    /// `a` or `an` before a unit: one.
    One,
    /// `at`, `on`, `and`, `of`: joins items, means nothing.
    Filler,
    /// A part of the day: the hour it stands for when no time is given
    /// (chrono's: morning 6, afternoon 15, evening 20, night 22), and
    /// the half of the day of a time given with it (`11 at night`).
    DayPart(i8, Meridian),
    /// `weekend`: its start, Saturday.
    Weekend,
    /// `weekday` after `next` or `last`: the working day (Monday to
    /// Friday) after or before today.
    WorkDay,
    /// `half`: half of a unit (`half an hour`, `an hour and a half`).
    Half,
    /// `o'clock` after an hour.
    OClock,
    /// An era after a year (`44 BC`, `2562 BE`).
    Era(Era),
    /// A count in words (`two weeks ago`, `a few minutes ago`: chrono's
    /// `few` 3, `several` 7, `couple` 2), and the tens of a spelled
    /// ordinal (`twenty-first`).
    Count(i64),
    /// A day counted from today and a part of it in one word (Chinese
    /// `明早`, tomorrow morning; `昨晚`, last night): the day, and the part's
    /// hour and half of the day as [`Word::DayPart`]'s.
    DayWithPart(i64, i8, Meridian),
    /// Half a unit in one word (`полчаса`, half an hour; `полгода`, half a
    /// year): as `half` before the unit.
    HalfOf(Unit),
    /// A weekday and its direction in one phrase, as CLDR writes it where
    /// its words are no others of the language (`в прошлый четверг`,
    /// `minulou středu`): read as English's `last`, `this` or `next`
    /// (-1, 0, 1) before the weekday.
    WeekdayShifted(Weekday, i64),
    /// `to` in a time told in words (`quarter to 6`): minutes before the
    /// hour. (`past` is read by its letters: as a word it is `last`.)
    To,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meridian {
    Am,
    Pm,
}

const WEEKDAYS: [(&str, Weekday); 7] = [
    ("sunday", Weekday::Sunday),
    ("monday", Weekday::Monday),
    ("tuesday", Weekday::Tuesday),
    ("wednesday", Weekday::Wednesday),
    ("thursday", Weekday::Thursday),
    ("friday", Weekday::Friday),
    ("saturday", Weekday::Saturday),
];

const ORDINALS: [(&str, i64); 15] = [
    ("last", -1),
    ("past", -1),
    ("this", 0),
    ("next", 1),
    ("first", 1),
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
    ("eighth", 8),
    ("ninth", 9),
    ("tenth", 10),
    ("eleventh", 11),
    ("twelfth", 12),
];

const UNITS: [(&str, Unit); 15] = [
    ("year", Unit::Year),
    ("yr", Unit::Year),
    ("quarter", Unit::Quarter),
    ("qtr", Unit::Quarter),
    ("month", Unit::Month),
    ("fortnight", Unit::Days(14)),
    ("week", Unit::Days(7)),
    ("wk", Unit::Days(7)),
    ("day", Unit::Days(1)),
    ("hour", Unit::Hour),
    ("hr", Unit::Hour),
    ("minute", Unit::Minute),
    ("min", Unit::Minute),
    ("second", Unit::Second),
    ("sec", Unit::Second),
];

const OTHERS: [(&str, Word); 48] = [
    ("tomorrow", Word::DayShift(1)),
    ("yesterday", Word::DayShift(-1)),
    ("today", Word::DayShift(0)),
    ("now", Word::DayShift(0)),
    ("ago", Word::Ago(-1)),
    ("hence", Word::Ago(1)),
    ("am", Word::Meridian(Meridian::Am)),
    ("a.m.", Word::Meridian(Meridian::Am)),
    ("pm", Word::Meridian(Meridian::Pm)),
    ("p.m.", Word::Meridian(Meridian::Pm)),
    ("noon", Word::Clock(12)),
    ("midnight", Word::Clock(0)),
    ("dst", Word::Dst),
    ("in", Word::Ahead(1)),
    ("a", Word::One),
    ("an", Word::One),
    ("at", Word::Filler),
    ("on", Word::Filler),
    // `a.m`, `p.m`: the last dot is often left out.
    ("a.m", Word::Meridian(Meridian::Am)),
    ("p.m", Word::Meridian(Meridian::Pm)),
    // `3 days later`, `15 minutes from now`, `2 days after next friday`,
    // `a week before tomorrow`: which way the relative items lie from what follows.
    ("later", Word::Ago(1)),
    ("out", Word::Ago(1)),
    ("from", Word::Ago(1)),
    ("after", Word::Ago(1)),
    ("before", Word::Ago(-1)),
    ("earlier", Word::Ago(-1)),
    ("morning", Word::DayPart(6, Meridian::Am)),
    ("afternoon", Word::DayPart(15, Meridian::Pm)),
    ("evening", Word::DayPart(20, Meridian::Pm)),
    ("night", Word::DayPart(22, Meridian::Pm)),
    ("tonight", Word::DayPart(22, Meridian::Pm)),
    ("weekend", Word::Weekend),
    ("weekday", Word::WorkDay),
    ("half", Word::Half),
    ("o'clock", Word::OClock),
    ("oclock", Word::OClock),
    ("ad", Word::Era(Era::Common)),
    ("a.d.", Word::Era(Era::Common)),
    ("ce", Word::Era(Era::Common)),
    ("bc", Word::Era(Era::BeforeCommon)),
    ("b.c.", Word::Era(Era::BeforeCommon)),
    ("bce", Word::Era(Era::BeforeCommon)),
    ("be", Word::Era(Era::Buddhist)),
    ("the", Word::Filler),
    ("tmr", Word::DayShift(1)),
    ("tmrw", Word::DayShift(1)),
    ("within", Word::Ahead(1)),
    ("to", Word::To),
];

/// Joining words, and the hedges of an approximate time (`in about 5
/// hours`, `within around 3 hours`), skipped.
const FILLERS: [&str; 5] = ["and", "of", "about", "around", "approximately"];

/// Counts in words, as chrono reads them.
const COUNTS: [(&str, i64); 23] = [
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
    ("twenty", 20),
    ("thirty", 30),
    ("few", 3),
    ("several", 7),
];

/// What `word` means in English, any case: one lookup in [`ENGLISH`].
#[cfg(test)]
fn english(word: &str) -> Option<Word> {
    Vocabulary::english().word(word)
}

/// Every English word and form GNU reads, lowercased: the names,
/// their three-letter forms (`Sep`, `Thu`) and GNU's `Sept`, `Tues`,
/// `Wednes`, `Thur`, `Thurs`, each also with a dot (`Nov.`); units and
/// their plurals; the other words.
static ENGLISH: LazyLock<HashMap<String, Word>> = LazyLock::new(|| {
    let mut known = HashMap::default();
    let mut name = |name: &str, word: Word| {
        for form in [name.to_lowercase(), name.get(..3).unwrap_or(name).to_lowercase()] {
            known.insert(format!("{form}."), word);
            known.insert(form, word);
        }
    };
    for (i, month) in (1..).zip(MONTH_NAMES) {
        name(month, Word::Month(i));
    }
    name("sept", Word::Month(9));
    for (weekday, day) in WEEKDAYS {
        name(weekday, Word::Weekday(day));
    }
    for (form, day) in [("tues", Weekday::Tuesday), ("wednes", Weekday::Wednesday), ("thur", Weekday::Thursday)] {
        name(form, Word::Weekday(day));
    }
    name("thurs", Word::Weekday(Weekday::Thursday));
    for (ordinal, n) in ORDINALS {
        known.insert(ordinal.to_owned(), Word::Ordinal(n));
    }
    for (unit, meaning) in UNITS {
        known.insert(format!("{unit}s"), Word::Unit(meaning));
        known.insert(unit.to_owned(), Word::Unit(meaning));
    }
    for filler in FILLERS {
        known.insert(filler.to_owned(), Word::Filler);
    }
    for (count, n) in COUNTS {
        known.insert(count.to_owned(), Word::Count(n));
    }
    known.insert("couple".to_owned(), Word::Count(2));
    for (ordinal, n) in [("second", 2), ("thirteenth", 13), ("fourteenth", 14), ("fifteenth", 15), ("sixteenth", 16)] {
        known.entry(ordinal.to_owned()).or_insert(Word::Ordinal(n));
    }
    for (ordinal, n) in
        [("seventeenth", 17), ("eighteenth", 18), ("nineteenth", 19), ("twentieth", 20), ("thirtieth", 30)]
    {
        known.insert(ordinal.to_owned(), Word::Ordinal(n));
    }
    // Last: these win over a three-letter form (`sec`, `mon`) they share.
    for (other, meaning) in OTHERS {
        known.insert(other.to_owned(), meaning);
    }
    known
});

/// The words of dates in one language: English's, and over them the
/// language's own (month and weekday names, day periods, relative words,
/// the words its date patterns put between fields), with the phrases of
/// several words (`il y a`, `dentro de`) and the offset of its calendar's
/// years (543 in the Buddhist calendar of `th`).
///
/// Kept small, as up to one per cached language is held: English's words
/// are looked up in the one table all share rather than copied, a phrase
/// is one string, and the zones a name stands for are one list shared by
/// every language that writes a name for them.
#[derive(Clone, Debug)]
pub struct Vocabulary {
    /// The language's own words, each over English's meaning of it (looked
    /// up in [`ENGLISH`] when the language has no word of its own).
    words: HashMap<Box<str>, Word>,
    /// The phrases, by their first word: each phrase's tokens as the text
    /// is cut into them (words lowercased, punctuation as written), and
    /// what the phrase means.
    phrases: HashMap<Box<str>, Vec<Phrase>>,
    year_offset: i64,
    /// The zones' names of the language, by the index in [`Word::ZoneName`].
    zone_names: Vec<ZoneName>,
    /// The language writes times with dots (`17.13`, Danish, Finnish).
    dotted_time: bool,
    /// The language writes the year first in its long dates (`2023. november 14.`).
    year_first: bool,
    /// The words its patterns write after an hour, minutes and seconds
    /// (`H นาฬิกา mm นาที ss วินาที`), read as the CJK marks are.
    marks: HashMap<String, Mark>,
    /// Another language than English: a zone's abbreviation is read only
    /// as written, in capitals (`est` is French's "is", `ist` German's).
    other_language: bool,
    /// The names of parts of the day that are other words of the language
    /// too (`Morgen`, tomorrow and morning; `mañana`), in lower case, and
    /// whether CLDR writes the name with a capital (German's nouns).
    also_day_parts: HashMap<Box<str>, (Word, bool)>,
    /// The words its patterns write just before the hour (`om`, `à`, `в`,
    /// `kl.`: "at"), in lower case.
    at_words: HashSet<Box<str>>,
    /// Its words, marks and phrases' first words written in a script
    /// without spaces (Chinese, Japanese), to cut such text into them; and
    /// the most characters one has.
    unspaced: HashSet<Box<str>>,
    unspaced_longest: usize,
    /// Its words of one day (`gisteren`, `morgen`: [`Word::DayShift`]) that
    /// a part of the day may be written onto (see [`Vocabulary::compound_at`]),
    /// in lower case; none in English.
    day_words: Vec<Box<str>>,
    /// The words for "hour" its pattern of an hour alone writes after it
    /// (`h` of `HH 'h'`, `giờ`): after an hour, its clock's hour, in lower case.
    hour_words: HashSet<Box<str>>,
    /// Its words that name a part of today alone (`stasera`, `vanavond`:
    /// English's `tonight`), in lower case.
    parts_of_today: HashSet<Box<str>>,
    /// The words that open and close a range (`von` ... `bis`, `de` ...
    /// `à`, `с` ... `до`), in lower case: the closing word joins the
    /// range's sides only after the opening one (Italian's `a` is also "at").
    range_words: Vec<(Box<str>, Box<str>)>,
    /// The words said before a month's name alone for "in" (`im`, `en`).
    month_in: Vec<Box<str>>,
    /// Its abbreviated weekdays that are no word of their own (`木`, one
    /// letter; Spanish `mar`, March), in lower case: in parentheses after a
    /// date (`11月27日(木)`) they name the date's weekday.
    weekdays_aside: Vec<(Box<str>, Weekday)>,
    /// Its words for "in" that are also said after the count for "later"
    /// (Vietnamese `sau`: `sau 2 tuần`, `2 tuần sau`), in lower case.
    ahead_after: HashSet<Box<str>>,
    /// Its days of a month in words (`fünften`) and its numbers built of
    /// others as one word (`einundzwanzig`), each sorted by word: looked up
    /// in the generated tables, not copied, after every other meaning.
    ordinal_table: &'static [(&'static str, u8)],
    count_table: &'static [(&'static str, u8)],
}

impl Vocabulary {
    /// English alone, as GNU `date -d` reads it.
    pub fn english() -> &'static Vocabulary {
        static ONLY_ENGLISH: LazyLock<Vocabulary> = LazyLock::new(|| Vocabulary::learning(0));
        &ONLY_ENGLISH
    }

    /// English's words, to which a language's are added.
    pub(crate) fn learning(year_offset: i64) -> Vocabulary {
        let mut words = Vocabulary {
            words: HashMap::default(),
            phrases: HashMap::default(),
            zone_names: Vec::new(),
            year_offset,
            dotted_time: false,
            year_first: false,
            marks: HashMap::default(),
            other_language: false,
            also_day_parts: HashMap::default(),
            at_words: HashSet::default(),
            hour_words: HashSet::default(),
            parts_of_today: HashSet::default(),
            range_words: Vec::new(),
            month_in: Vec::new(),
            weekdays_aside: Vec::new(),
            ahead_after: HashSet::default(),
            unspaced: HashSet::default(),
            unspaced_longest: 0,
            ordinal_table: &[],
            count_table: &[],
            day_words: Vec::new(),
        };
        // `10 o clock`, the apostrophe left out.
        words.learn("o clock", Word::OClock);
        words
    }

    /// Learns `text` as the mark of a clock's field.
    pub(crate) fn learn_mark(&mut self, text: &str, mark: Mark) {
        self.marks.entry(text.to_lowercase()).or_insert(mark);
    }

    /// The same words in fresh allocations of the size they need, once the
    /// language is learned and what the learning wrote is freed: learned
    /// among many short-lived texts, the words would otherwise hold on to
    /// pages those texts left mostly empty.
    pub(crate) fn compacted(self) -> Vocabulary {
        let mut compact = self.clone();
        drop(self);
        compact.words.shrink_to_fit();
        compact.phrases.shrink_to_fit();
        compact.phrases.values_mut().for_each(Vec::shrink_to_fit);
        compact.zone_names.shrink_to_fit();
        compact.marks.shrink_to_fit();
        let unspaced = compact.words.keys().chain(compact.phrases.keys()).map(|word| &**word);
        let unspaced = unspaced.chain(compact.marks.keys().map(String::as_str));
        compact.unspaced = unspaced.filter(|word| word.chars().all(is_unspaced)).map(Box::from).collect();
        compact.unspaced_longest = compact.unspaced.iter().map(|word| word.chars().count()).max().unwrap_or(0);
        if compact.other_language {
            let days = compact.words.iter().filter(|(_, word)| matches!(word, Word::DayShift(_)));
            compact.day_words = days.map(|(text, _)| text.clone()).filter(|text| !text.contains(' ')).collect();
            compact.day_words.sort();
        }
        compact
    }

    /// Learns each of the language's words that has letters with marks
    /// (`février`, `miércoles`, `übermorgen`) also as people type it without
    /// them (`fevrier`, `miercoles`, `ubermorgen`; in German also as its
    /// spelling rules write it without umlauts, `uebermorgen`, `Maerz`),
    /// unless that form means something already or is a zone's
    /// abbreviation. Zones' names are left as written.
    pub(crate) fn learn_unmarked(&mut self, german: bool) {
        let mut forms: Vec<(String, Word)> = Vec::new();
        for (text, word) in &self.words {
            if !matches!(word, Word::ZoneName(_)) {
                forms.extend(unmarked(text, german).into_iter().map(|form| (form, *word)));
            }
        }
        for phrase in self.phrases.values().flatten() {
            if !matches!(phrase.word, Word::ZoneName(_)) {
                let text = phrase.parts().collect::<Vec<_>>().join(" ");
                forms.extend(unmarked(&text, german).into_iter().map(|form| (form, phrase.word)));
            }
        }
        forms.sort_by(|a, b| a.0.cmp(&b.0));
        for (form, word) in forms {
            // Nor a zone's abbreviation or name (Croatian's `čet.`, Thursday,
            // is no `CET`).
            let zone = !super::abbreviations::meanings(&form, None).is_empty()
                || crate::zone::Zone::parse_without_suggestions(&form).is_ok();
            if self.meaning_of(&form).is_none() && !zone {
                self.learn(&form, word);
            }
        }
    }

    /// Where `word`, no word of the language, parts into a day and a part
    /// of the day written as one (Dutch's `gisterenavond`, `morgenochtend`:
    /// yesterday evening, tomorrow morning), each a word CLDR gives the
    /// language: the byte index of the part of the day.
    pub(crate) fn compound_at(&self, word: &str) -> Option<usize> {
        // Languages written in the Latin script write such compounds.
        if self.day_words.is_empty() || word.len() < 6 || !word.starts_with(|c: char| c < '\u{250}') {
            return None;
        }
        with_lowercase(word, |lower| {
            self.day_words.iter().find_map(|day| {
                let rest = lower.strip_prefix(&**day)?;
                let part = matches!(self.own_or_english(rest), Some(Word::DayPart(..)));
                // The index in `lower` is the index in `word`: a lowercase
                // letter of these scripts is as long as its capital.
                (part && self.own_or_english(lower).is_none() && lower.len() == word.len()).then_some(day.len())
            })
        })
    }

    /// `run`, text of a script written without spaces between words
    /// (Chinese, Japanese: [`is_unspaced`]), cut into the language's words,
    /// marks and particles: the cut that leaves the fewest characters in no
    /// word, and of those the one of fewest pieces (`明日の午後` is `明日`,
    /// `の`, `午後`). Each piece's byte range in `run`, and whether it is a
    /// word; the characters between two words that are none are one piece.
    pub(crate) fn cut_unspaced(&self, run: &str) -> Vec<(std::ops::Range<usize>, bool)> {
        let knows = |piece: &str| {
            self.unspaced.contains(piece) || mark(piece).is_some() || particle(piece).is_some() || piece == FIRST_YEAR
        };
        let longest = self.unspaced_longest.max(2);
        let at: Vec<usize> = run.char_indices().map(|(i, _)| i).chain(std::iter::once(run.len())).collect();
        let n = at.len() - 1;
        // best[k]: the fewest characters in no word and pieces for the first
        // k characters, and where its last piece starts (a word's, or one
        // character in none).
        let mut best = vec![(u32::MAX, u32::MAX, 0usize, false); n + 1];
        best[0] = (0, 0, 0, false);
        for from in 0..n {
            let (unknown, pieces, _, _) = best[from];
            let mut offer = |to: usize, known: bool| {
                let cost = if known { (unknown, pieces + 1) } else { (unknown + 1, pieces + 1) };
                if cost < (best[to].0, best[to].1) {
                    best[to] = (cost.0, cost.1, from, known);
                }
            };
            offer(from + 1, false);
            for to in from + 1..=n.min(from + longest) {
                if knows(&run[at[from]..at[to]]) {
                    offer(to, true);
                }
            }
        }
        let mut cut: Vec<(std::ops::Range<usize>, bool)> = Vec::new();
        let mut to = n;
        while to > 0 {
            let (_, _, from, known) = best[to];
            cut.push((at[from]..at[to], known));
            to = from;
        }
        cut.reverse();
        // A word of one character between characters of no word is one of
        // them (`今` of `今晩`, `天` of `天气`), unless it is a mark or a
        // particle; `今朝`, two words of one character, stays.
        let lone = |k: usize| {
            let piece = &run[cut[k].0.clone()];
            let unknown = |k: Option<usize>| k.and_then(|k| cut.get(k)).is_none_or(|(_, known)| !known);
            piece.chars().nth(1).is_none()
                && mark(piece).is_none()
                && particle(piece).is_none()
                && !self.marks.contains_key(piece)
                && unknown(k.checked_sub(1))
                && unknown(Some(k + 1))
                && cut.len() > 1
        };
        let known: Vec<bool> = (0..cut.len()).map(|k| cut[k].1 && !lone(k)).collect();
        // Characters in no word next to each other are one piece.
        let mut merged: Vec<(std::ops::Range<usize>, bool)> = Vec::with_capacity(cut.len());
        for ((range, _), known) in cut.into_iter().zip(known) {
            match merged.last_mut() {
                Some((last, false)) if !known => last.end = range.end,
                _ => merged.push((range, known)),
            }
        }
        merged
    }

    /// The clock's mark `word` is in this language, if it is one.
    pub(super) fn mark(&self, word: &str) -> Option<Mark> {
        with_lowercase(word, |lower| self.marks.get(lower).copied())
    }

    /// Learns how the language writes times and dates.
    pub(crate) fn learn_order(&mut self, dotted_time: bool, year_first: bool) {
        (self.dotted_time, self.year_first) = (dotted_time, year_first);
    }

    /// Learns an era's name after a year (CLDR's, in `locale::words`), as written and as people
    /// type it: without its spaces (`v.Chr.`, `v.u.Z.`), spaced after each dot
    /// (`d. C.` of `d.C.`), and, for a name with a capital, without its dots
    /// too (`vChr`, `uZ`, `aC`: a name all in lowercase, `p.n.e.`, would lose
    /// its dots into a word of the language). A name of one letter, or one
    /// the language already reads otherwise, is left to that.
    pub(crate) fn learn_era_name(&mut self, name: &str, era: Era) {
        let name = name.trim();
        let unspaced: String = name.split_whitespace().collect();
        let mut spaced = String::with_capacity(unspaced.len() + 4);
        let mut chars = unspaced.chars().peekable();
        while let Some(c) = chars.next() {
            spaced.push(c);
            if c == '.' && chars.peek().is_some_and(|next| next.is_alphabetic()) {
                spaced.push(' ');
            }
        }
        let dotless = if name.contains('.') && name.chars().any(char::is_uppercase) {
            unspaced.replace('.', "")
        } else {
            String::new()
        };
        for name in [name, unspaced.as_str(), spaced.as_str(), dotless.as_str()] {
            if name.chars().filter(|c| c.is_alphabetic()).count() > 1 && !self.knows(name) {
                self.learn(name, Word::Era(era));
            }
        }
    }

    /// Learns `name` as a part of the day (`word`): as its meaning where
    /// the language has none for it, else as its other meaning (`Morgen`;
    /// `下午`, a mark before a time, the part of the day with none).
    pub(crate) fn learn_day_part(&mut self, name: &str, word: Word) {
        if self.knows(name) || mark(name).is_some() {
            let capital = name.starts_with(char::is_uppercase);
            let entry = self.also_day_parts.entry(name.to_lowercase().into()).or_insert((word, capital));
            entry.1 |= capital;
        } else {
            self.learn(name, word);
        }
    }

    /// The part of the day `word` also names (`Morgen`), any case.
    pub(super) fn also_day_part(&self, word: &str) -> Option<Word> {
        with_lowercase(word, |lower| self.also_day_parts.get(lower).map(|&(word, _)| word))
    }

    /// Whether `word` also names a part of the day that the language writes
    /// with a capital, as German writes its nouns (`Morgen`; `morgen` is
    /// tomorrow).
    pub(super) fn also_capital_day_part(&self, word: &str) -> bool {
        with_lowercase(word, |lower| self.also_day_parts.get(lower).map(|&(_, capital)| capital)) == Some(true)
    }

    /// Learns `word` as one the language writes just before the hour.
    pub(crate) fn learn_at_word(&mut self, word: &str) {
        self.at_words.insert(word.to_lowercase().into());
    }

    /// Whether the language writes `word` just before the hour ("at"), any case.
    pub(super) fn is_at_word(&self, word: &str) -> bool {
        with_lowercase(word, |lower| self.at_words.contains(lower).then_some(())).is_some()
    }

    /// Learns `word` as the one the language writes after an hour alone
    /// (`Uhr`): "o'clock" where it means nothing else, else kept apart
    /// (`h`, `giờ`, also a count's hours).
    pub(crate) fn learn_hour_word(&mut self, word: &str) {
        if self.knows(word) || short_unit(word).is_some() {
            self.hour_words.insert(word.to_lowercase().into());
        } else {
            self.learn(word, Word::OClock);
        }
    }

    /// Whether the language writes `word` after an hour alone, any case.
    pub(super) fn is_hour_word(&self, word: &str) -> bool {
        with_lowercase(word, |lower| self.hour_words.contains(lower).then_some(())).is_some()
    }

    /// Learns `word` ("in", before a count) as also said after one for "later".
    pub(crate) fn learn_ahead_after(&mut self, word: &str) {
        self.ahead_after.insert(word.to_lowercase().into());
    }

    /// Whether `word` (any case), "in" before a count, also says "later" after one.
    pub(crate) fn is_ahead_after(&self, word: &str) -> bool {
        !self.ahead_after.is_empty()
            && with_lowercase(word, |lower| self.ahead_after.contains(lower).then_some(())).is_some()
    }

    /// Learns `from` and `to` as the words that open and close a range.
    pub(crate) fn learn_range_words(&mut self, from: &str, to: &str) {
        self.range_words.push((from.to_lowercase().into(), to.to_lowercase().into()));
    }

    /// Learns `word` as the language's "in" before a month's name alone
    /// (`im September`, `en septembre`).
    pub(crate) fn learn_month_in(&mut self, word: &str) {
        self.month_in.push(word.to_lowercase().into());
    }

    /// Learns `word` as an abbreviated weekday that is no word of its own
    /// (see [`Vocabulary::weekday_aside`]).
    pub(crate) fn learn_weekday_aside(&mut self, word: &str, weekday: Weekday) {
        self.weekdays_aside.push((word.to_lowercase().into(), weekday));
    }

    /// The weekday `word` (any case) names in parentheses after a date: a
    /// weekday's name (`(Thu)`, `（木曜日）`), or an abbreviation that is
    /// no word alone (`（木）`, `(mar)`).
    pub(crate) fn weekday_aside(&self, word: &str) -> Option<Weekday> {
        if let Some(Word::Weekday(weekday)) = self.word(word) {
            return Some(weekday);
        }
        with_lowercase(word, |word| {
            self.weekdays_aside.iter().find_map(|(known, weekday)| (**known == *word).then_some(*weekday))
        })
    }

    /// Whether `word` (any case) says "in" before a month's name alone:
    /// English's `in`, `since`, `until`, `till`, `during`, `by`, or the
    /// language's (`im`, `en`, `a`).
    pub(crate) fn says_in_before_month(&self, word: &str) -> bool {
        ["in", "since", "until", "till", "during", "by"].iter().any(|when| word.eq_ignore_ascii_case(when))
            || (!self.month_in.is_empty()
                && with_lowercase(word, |word| self.month_in.iter().any(|known| **known == *word).then_some(()))
                    .is_some())
    }

    /// Whether `word` (any case) opens or closes a range in the language.
    pub(crate) fn is_range_word(&self, word: &str) -> bool {
        !self.range_words.is_empty()
            && with_lowercase(word, |word| {
                self.range_words.iter().any(|(from, to)| **from == *word || **to == *word).then_some(())
            })
            .is_some()
    }

    /// Whether `opening` and `closing` (any case) are a pair of the
    /// language's words around a range's start (`von` ... `bis`, `da` ... `a`).
    pub(crate) fn opens_and_closes(&self, opening: &str, closing: &str) -> bool {
        self.range_words.iter().any(|(from, to)| is_in_lowercase(opening, from) && is_in_lowercase(closing, to))
    }

    /// A range written with the language's words (`von 9 bis 17 Uhr`,
    /// `lundi de 9h à 17h`): the words before the opening word, those
    /// between it and the closing word (the start's), and those after (the
    /// end's). The opening word is the first of the text that one of its
    /// closing words follows, with at least one word between. Without one,
    /// a closing word alone between two days of a month with the month's
    /// name after them (`10 a 22 Agosto 2012`) parts them too.
    pub(crate) fn range_of_words<'t>(&self, text: &'t str) -> Option<[&'t str; 3]> {
        if self.range_words.is_empty() {
            return None;
        }
        let offset = |word: &str| word.as_ptr() as usize - text.as_ptr() as usize;
        let mut words = text.split(' ').filter(|word| !word.is_empty());
        while let Some(from) = words.next() {
            for (_, to) in self.range_words.iter().filter(|(opening, _)| is_in_lowercase(from, opening)) {
                let mut after = words.clone();
                // At least one word of the start between.
                after.next()?;
                if let Some(closing) = after.find(|word| is_in_lowercase(word, to)) {
                    let (from_at, to_at) = (offset(from), offset(closing));
                    let middle = &text[from_at + from.len()..to_at];
                    return Some([text[..from_at].trim(), middle.trim(), text[to_at + closing.len()..].trim()]);
                }
            }
        }
        // `10 a 22 Agosto 2012`, `10 au 22 août`: two days of a month and the
        // closing word alone between, the month's name after them.
        let day = |word: &str| (1..=2).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_digit());
        let mut words = text.split(' ').filter(|word| !word.is_empty());
        let (Some(first), Some(closing), Some(second)) = (words.next(), words.next(), words.next()) else {
            return None;
        };
        let closes = self.range_words.iter().any(|(_, to)| is_in_lowercase(closing, to));
        // (`10 al 22 de agosto`: the language's word between the day and the month.)
        let mut next = words.next();
        if next.is_some_and(|word| self.word(word) == Some(Word::Filler)) {
            next = words.next();
        }
        let month =
            next.is_some_and(|word| matches!(self.word(word.trim_end_matches(['.', ','])), Some(Word::Month(_))));
        (day(first) && closes && day(second) && month).then(|| ["", first, text[offset(second)..].trim()])
    }

    /// Learns `word` as one that names a part of today alone, as `tonight` does.
    pub(crate) fn learn_part_of_today(&mut self, word: &str) {
        self.parts_of_today.insert(word.to_lowercase().into());
    }

    /// Whether `word` names a part of today alone (`tonight`, `stasera`), any case.
    pub(crate) fn is_part_of_today(&self, word: &str) -> bool {
        word.eq_ignore_ascii_case("tonight")
            || with_lowercase(word, |lower| self.parts_of_today.contains(lower).then_some(())).is_some()
    }

    /// Marks the words as another language's than English.
    pub(crate) fn learn_other_language(&mut self) {
        self.other_language = true;
    }

    /// Whether the words are another language's than English.
    pub(crate) fn is_other_language(&self) -> bool {
        self.other_language
    }

    /// The zones `word` abbreviates (see [`abbreviations::meanings`]); in
    /// another language than English, none for a word in small letters
    /// but `utc` and `gmt` and the like: a word of its prose (`est`,
    /// `ist`, "is"), which people write in capitals when they mean a zone.
    pub(super) fn zone_abbreviation(&self, word: &str, region: Option<&str>) -> Vec<super::abbreviations::Meaning> {
        let meanings = super::abbreviations::meanings(word, region);
        if self.other_language
            && !word.chars().any(char::is_uppercase)
            && meanings.iter().any(|meaning| meaning.offset != 0)
        {
            return Vec::new();
        }
        meanings
    }

    /// Whether `word` is a zone's abbreviation written in capitals in
    /// another language than English, where the same letters in small
    /// ones are a word of the language (`CET`, Central European Time;
    /// French's `cet`, "this"): the zone, before the word.
    pub(crate) fn is_zone_in_capitals(&self, word: &str) -> bool {
        self.other_language
            && word.len() >= 3
            && word.bytes().all(|b| b.is_ascii_uppercase())
            && self.word(word).is_some()
            && !super::abbreviations::meanings(word, None).is_empty()
    }

    pub(super) fn dotted_time(&self) -> bool {
        self.dotted_time
    }

    pub(super) fn year_first(&self) -> bool {
        self.year_first
    }

    /// Adds `text` (any case; several words make a phrase) as `word`,
    /// over English's meaning of it; a word or phrase the language already
    /// gave a meaning keeps it (its first meaning, learned from its
    /// names). A text with a number in it is no word.
    pub(crate) fn learn(&mut self, text: &str, word: Word) {
        // `aujourd’hui`, `l’année`: CLDR writes the typographic apostrophe,
        // people type the ASCII one.
        if text.contains('\u{2019}') {
            self.learn(&text.replace('\u{2019}', "'"), word);
        }
        // `пʼятниця` (Friday): Ukrainian's apostrophe as CLDR writes it,
        // people type one of the others.
        if text.contains('\u{2bc}') {
            self.learn(&text.replace('\u{2bc}', "'"), word);
            self.learn(&text.replace('\u{2bc}', "\u{2019}"), word);
        }
        let Some(parts) = parts_of(text) else { return };
        match parts.as_slice() {
            [] => {}
            [one] => {
                let english = ENGLISH.get(one.as_str());
                match self.words.get(one.as_str()) {
                    Some(known) if Some(known) != english => {}
                    _ => {
                        self.words.insert(one.as_str().into(), word);
                    }
                }
            }
            [first, ..] => {
                let starting = self.phrases.entry(first.as_str().into()).or_default();
                if !starting.iter().any(|phrase| phrase.is(&parts)) {
                    starting.push(Phrase::new(&parts, word));
                }
            }
        }
    }

    /// Adds a zone's name (`text`, any case) and the zones that write it,
    /// unless the text means something already.
    pub(crate) fn learn_zone_name(&mut self, text: &str, name: ZoneName) {
        if self.meaning_of(text).is_some() {
            return;
        }
        let Ok(index) = u32::try_from(self.zone_names.len()) else { return };
        self.zone_names.push(name);
        self.learn(text, Word::ZoneName(index));
    }

    /// The zone's name of [`Word::ZoneName`]`(index)`.
    pub(super) fn zone_name(&self, index: u32) -> Option<&ZoneName> {
        self.zone_names.get(usize::try_from(index).ok()?)
    }

    /// What a phrase or word of the language means now, if anything.
    pub(crate) fn meaning_of(&self, text: &str) -> Option<Word> {
        match parts_of(text)?.as_slice() {
            [one] => self.own_or_english(one),
            parts @ [first, ..] => {
                self.phrases.get(first.as_str())?.iter().find(|phrase| phrase.is(parts)).map(|phrase| phrase.word)
            }
            [] => None,
        }
    }

    /// Whether the language gave `text` (lowercased) a meaning of its own
    /// (English's meanings aside).
    pub(crate) fn knows_own(&self, text: &str) -> bool {
        self.words.contains_key(text.to_lowercase().as_str())
    }

    /// Whether `word` is English's `am` written in small letters in another
    /// language, where it is a word of the language (German's `am`, "on
    /// the": `am Montag`) unless it follows a number (`10 am`).
    pub(super) fn is_other_languages_am(&self, word: &str) -> bool {
        self.other_language && word == "am"
    }

    /// Whether `parts` (a text's tokens, lowercased) are, in order, words
    /// and phrases the language gave a meaning of its own (English's
    /// meanings aside); tokens with no letter (punctuation) are passed over.
    pub(crate) fn reads_own_words(&self, parts: &[String]) -> bool {
        let mut k = 0;
        while let Some(part) = parts.get(k) {
            let rest: Vec<&str> = parts[k..].iter().map(String::as_str).collect();
            if let Some(phrase) = self.phrase_at(&rest) {
                k += phrase.len();
                continue;
            }
            if part.chars().any(char::is_alphabetic) && !self.words.contains_key(part.as_str()) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Whether `text` (lowercased) has a meaning yet.
    pub(crate) fn knows(&self, text: &str) -> bool {
        self.own_or_english(&text.to_lowercase()).is_some()
    }

    /// What `word` means, any case.
    pub(crate) fn word(&self, word: &str) -> Option<Word> {
        with_lowercase(word, |lower| self.own_or_english(lower))
    }

    /// What `lower` (lowercased) means: the language's word, or English's,
    /// else a day or a number of the language's tables in words.
    fn own_or_english(&self, lower: &str) -> Option<Word> {
        let found = self.words.get(lower).or_else(|| ENGLISH.get(lower)).copied().or_else(|| particle(lower));
        // `mrt.`, `Do.`: a month's or a weekday's name that CLDR writes
        // without a dot, abbreviated with one.
        let found = found.or_else(|| {
            let bare = lower.strip_suffix('.').filter(|bare| !bare.ends_with('.'))?;
            self.words.get(bare).copied().filter(|word| matches!(word, Word::Month(_) | Word::Weekday(_)))
        });
        if found.is_some() || (self.ordinal_table.is_empty() && self.count_table.is_empty()) {
            return found;
        }
        let table = |table: &[(&str, u8)]| {
            table.binary_search_by(|(word, _)| (*word).cmp(lower)).ok().map(|at| i64::from(table[at].1))
        };
        table(self.ordinal_table).map(Word::Ordinal).or_else(|| table(self.count_table).map(Word::Count))
    }

    /// Reads the days of a month in words (`ordinals`) and the numbers
    /// built of others as one word (`counts`) from these tables, each
    /// sorted by word, after every other meaning of a word.
    pub(crate) fn learn_tables(
        &mut self,
        ordinals: &'static [(&'static str, u8)],
        counts: &'static [(&'static str, u8)],
    ) {
        self.ordinal_table = ordinals;
        self.count_table = counts;
    }

    /// Whether `word` is one of the English words GNU reads (any case).
    pub(super) fn is_english(word: &str) -> bool {
        with_lowercase(word, |lower| ENGLISH.get(lower)).is_some()
    }

    /// The longest phrase of the language that `words` start with (`a
    /// las`, `на следующей неделе`), each word in any case.
    pub(super) fn phrase_at(&self, words: &[&str]) -> Option<&Phrase> {
        let first = words.first()?;
        self.phrases_starting(first)
            .iter()
            .filter(|phrase| {
                phrase.len() <= words.len()
                    && phrase.parts().zip(words).all(|(part, word)| part.eq_ignore_ascii_case(word))
            })
            .max_by_key(|phrase| phrase.len())
    }

    /// Whether the language has phrases at all.
    pub(super) fn has_phrases(&self) -> bool {
        !self.phrases.is_empty()
    }

    /// The phrases whose first word is `first` (any case).
    pub(super) fn phrases_starting(&self, first: &str) -> &[Phrase] {
        let found = with_lowercase(first, |lower| self.phrases.get(lower));
        found.map_or(&[], Vec::as_slice)
    }

    /// How many years the language's calendar counts beyond the Gregorian
    /// one (`2566` is 2023 in Thai).
    pub(super) fn year_offset(&self) -> i64 {
        self.year_offset
    }
}

/// What a zone's name stands for: each zone that wrote it, with the
/// offset and the half of the year (standard or daylight) it wrote it for.
#[derive(Clone, Debug)]
pub(crate) struct ZoneName {
    /// The zones in the order found (the most recent first, for each zone).
    pub candidates: Arc<[Candidate]>,
}

impl ZoneName {
    /// The name of `candidates`, a list kept once for every language whose
    /// name stands for the same zones (`Central European Summer Time`,
    /// `Mitteleuropäische Sommerzeit`). The lists come from the zone
    /// database and CLDR's names, so they are as many as the names of all
    /// languages at most, however many requests learn them.
    pub(crate) fn new(candidates: Vec<Candidate>) -> ZoneName {
        static SHARED: LazyLock<Mutex<std::collections::HashSet<Arc<[Candidate]>>>> = LazyLock::new(Mutex::default);
        let candidates: Arc<[Candidate]> = candidates.into();
        // A poisoned lock only means another thread panicked while holding it: the set is still whole.
        let mut shared = SHARED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(kept) = shared.get(&candidates) {
            return ZoneName { candidates: Arc::clone(kept) };
        }
        shared.insert(Arc::clone(&candidates));
        ZoneName { candidates }
    }
}

/// A zone that writes a name, at an offset, in standard or daylight time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Candidate {
    pub zone: &'static str,
    /// The zone as CLDR names it (BCP-47), the same for its links.
    pub id: icu_time::TimeZone,
    pub offset: i32,
    pub dst: bool,
}

/// Whether `word`, lowercased, is `lower`.
fn is_in_lowercase(word: &str, lower: &str) -> bool {
    with_lowercase(word, |word| (word == lower).then_some(())).is_some()
}

/// `f` of `word` lowercased: short ASCII words on the stack, words that
/// lowercasing leaves as they are (Chinese, Japanese, `сегодня`) as they
/// are, the others in a new string.
pub(super) fn with_lowercase<T>(word: &str, f: impl FnOnce(&str) -> Option<T>) -> Option<T> {
    let mut buffer = [0u8; 16];
    if word.len() <= buffer.len() && word.is_ascii() {
        let lower = &mut buffer[..word.len()];
        lower.copy_from_slice(word.as_bytes());
        lower.make_ascii_lowercase();
        return std::str::from_utf8(lower).ok().and_then(f);
    }
    // (A titlecase letter, `ǅ`, is neither upper nor lower case.)
    let unchanged = |c: char| {
        let titlecase = ('\u{1c5}'..='\u{1ffc}').contains(&c) && !c.to_lowercase().eq([c]);
        !c.is_uppercase() && !titlecase
    };
    if word.chars().all(unchanged) {
        return f(word);
    }
    f(&word.to_lowercase())
}

/// Several tokens that mean one thing (`il y a`, `alle ore`,
/// `heure normale d’Europe centrale`).
#[derive(Clone, Debug)]
pub(super) struct Phrase {
    /// The tokens as the text is cut into them (words lowercased,
    /// punctuation as written), each followed by [`Phrase::END`]: one
    /// string rather than one per token.
    parts: Box<str>,
    /// How many tokens `parts` holds.
    len: usize,
    pub word: Word,
}

impl Phrase {
    /// What ends each token in [`Phrase::parts`]: a control character no token holds.
    const END: char = '\u{1}';

    fn new(parts: &[String], word: Word) -> Phrase {
        let mut joined = String::with_capacity(parts.iter().map(|part| part.len() + 1).sum());
        for part in parts {
            joined.push_str(part);
            joined.push(Phrase::END);
        }
        Phrase { parts: joined.into(), len: parts.len(), word }
    }

    /// The tokens, in order.
    pub(super) fn parts(&self) -> impl Iterator<Item = &str> {
        self.parts.split_terminator(Phrase::END)
    }

    /// How many tokens the phrase has.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Whether the phrase is `parts`.
    fn is(&self, parts: &[String]) -> bool {
        self.parts().eq(parts.iter().map(String::as_str))
    }
}

/// `text` cut as typed text is cut into tokens (`terça-feira` is two
/// words; `d’Europe` a word, a `’` and a word): words lowercased,
/// punctuation as written; `None` when it holds a number or cannot be cut.
pub(crate) fn parts_of(text: &str) -> Option<Vec<String>> {
    let tokens = super::lex::lex(text).ok()?;
    tokens
        .iter()
        .map(|token| match token.tok {
            super::lex::Tok::Word(word) => Some(word.to_lowercase()),
            super::lex::Tok::Punct(c) => Some(c.to_string()),
            super::lex::Tok::Num { .. } | super::lex::Tok::ShortYear(_) => None,
        })
        .collect()
}

/// `text` (lowercased) typed without the marks of its Latin letters: its
/// canonical decomposition (NFD) without the marks over ASCII letters, and
/// `ß`, `æ`, `œ`, `ø`, `ł`, `đ`, `ı` as ASCII writes them; for German, also
/// with `ä`, `ö`, `ü` as `ae`, `oe`, `ue` (its rule for writing without
/// umlauts). Only forms that are then ASCII, of three letters or more:
/// Cyrillic's `й` keeps its breve.
fn unmarked(text: &str, german: bool) -> Vec<String> {
    use icu_normalizer::DecomposingNormalizerBorrowed;
    use icu_properties::{CodePointMapData, props::GeneralCategory};
    if text.is_ascii() {
        return Vec::new();
    }
    let strip = |text: &str| -> Option<String> {
        let marks = CodePointMapData::<GeneralCategory>::new();
        let mut plain = String::with_capacity(text.len());
        for c in DecomposingNormalizerBorrowed::new_nfd().normalize(text).chars() {
            match c {
                _ if marks.get(c) == GeneralCategory::NonspacingMark
                    && plain.ends_with(|before: char| before.is_ascii_alphabetic()) => {}
                'ß' => plain.push_str("ss"),
                'æ' => plain.push_str("ae"),
                'œ' => plain.push_str("oe"),
                'ø' => plain.push('o'),
                'ł' => plain.push('l'),
                'đ' => plain.push('d'),
                'ı' => plain.push('i'),
                _ => plain.push(c),
            }
        }
        (plain.is_ascii() && plain.bytes().filter(u8::is_ascii_alphabetic).count() >= 3).then_some(plain)
    };
    let mut forms = Vec::new();
    if german && text.contains(['ä', 'ö', 'ü']) {
        let spelled = text.replace('ä', "ae").replace('ö', "oe").replace('ü', "ue");
        forms.extend(strip(&spelled));
    }
    forms.extend(strip(text));
    forms.dedup();
    forms
}

/// A mark after a number in Chinese, Japanese and Korean dates and times
/// (`2023年11月14日`, `2023년 11월 14일 오후 5시`), or a half of the day
/// before a time (`下午5:13`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Half(Meridian),
}

impl Mark {
    /// The unit a mark names in a relative time (`3일 전`: days).
    pub(super) fn unit(self) -> Option<Unit> {
        Some(match self {
            Mark::Year => Unit::Year,
            Mark::Month => Unit::Month,
            Mark::Day => Unit::Days(1),
            Mark::Hour => Unit::Hour,
            Mark::Minute => Unit::Minute,
            Mark::Second => Unit::Second,
            Mark::Half(_) => return None,
        })
    }
}

/// The [`Mark`] of `word`: CLDR's date patterns of `ja`, `zh` and `ko`
/// write these after the numbers, and their day periods `午前`/`午後`,
/// `上午`/`下午`, `오전`/`오후` before the time; and Chinese's everyday
/// `点` (o'clock, `下午5点`) and `号` (the day of the month, `9月3号`),
/// which CLDR does not write.
pub(crate) fn mark(word: &str) -> Option<Mark> {
    Some(match word {
        "年" | "년" => Mark::Year,
        "月" | "월" => Mark::Month,
        "日" | "일" | "号" | "號" => Mark::Day,
        "時" | "时" | "시" | "点" | "點" => Mark::Hour,
        "分" | "분" => Mark::Minute,
        "秒" | "초" => Mark::Second,
        "午前" | "上午" | "오전" => Mark::Half(Meridian::Am),
        "午後" | "下午" | "오후" => Mark::Half(Meridian::Pm),
        _ => return None,
    })
}

/// Whether `c` is of a script written without spaces between words:
/// Chinese characters (with Japanese's iteration mark `々`) and Japanese's
/// kana.
pub(crate) fn is_unspaced(c: char) -> bool {
    matches!(u32::from(c), 0x3005 | 0x3041..=0x30FA | 0x30FC..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FFFF)
}

/// Whether `c` is Japanese's kana (hiragana, katakana and their marks).
pub(crate) fn is_kana(c: char) -> bool {
    matches!(u32::from(c), 0x3041..=0x30FF)
}

/// Japanese's name of the first year of an era (`令和元年`, 2019).
pub(crate) const FIRST_YEAR: &str = "元年";

/// The particles Japanese, Chinese and Korean write between the parts of a
/// date (`明日の午後3時`, "tomorrow's afternoon, 3 o'clock"; `3時に`, "at 3";
/// `明天的下午`; `3시에`): they join, as `at` and `of` do. CLDR's patterns
/// write none of them, and people write them in every sentence with a date.
fn particle(word: &str) -> Option<Word> {
    match word {
        "の" | "に" | "的" | KOREAN_AT => Some(Word::Filler),
        HALF | KOREAN_HALF => Some(Word::Half),
        _ => None,
    }
}

/// Half, in Chinese and Japanese (`3時半`, `三点半`, half past three;
/// `半小时`, half an hour) and in Korean (`3시 반`): written after the
/// hour's mark or before a unit, where CLDR's patterns write minutes.
/// [`particle`] gives it, as the words people write beside CLDR's.
const HALF: &str = "半";
const KOREAN_HALF: &str = "반";

/// Korean's particle "at", "on", written onto the word before it (`3시에`,
/// at 3 o'clock; `월요일에`, on Monday).
const KOREAN_AT: &str = "에";

/// Where Korean's particle [`KOREAN_AT`] starts in `word`, when the word
/// before it is one of dates (a mark, `시`, or one after its number, `3시`;
/// a word of the language, `월요일`) and the word whole is none.
pub(crate) fn korean_particle_at(words: &Vocabulary, word: &str) -> Option<usize> {
    let stem = word.strip_suffix(KOREAN_AT).filter(|stem| !stem.is_empty())?;
    let known = |text: &str| words.word(text).is_some() || mark(text).is_some();
    let numbered_mark = stem
        .char_indices()
        .next_back()
        .is_some_and(|(at, _)| mark(&stem[at..]).is_some() && stem[..at].ends_with(|c: char| c.is_ascii_digit()));
    ((known(stem) || numbered_mark) && !known(word)).then_some(stem.len())
}

/// Every English word, as written in a did-you-mean and
/// lowercased, for the did-you-mean of a word it does not.
pub(super) fn vocabulary() -> &'static [(&'static str, String)] {
    static VOCABULARY: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
        MONTH_NAMES
            .into_iter()
            .chain(WEEKDAYS.iter().map(|(name, _)| *name))
            .chain(ORDINALS.iter().map(|(name, _)| *name))
            .chain(UNITS.iter().map(|(name, _)| *name))
            .chain(OTHERS.iter().map(|(name, _)| *name).filter(|name| name.len() > 2))
            .map(|name| (name, name.to_lowercase()))
            .collect()
    });
    &VOCABULARY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_looked_up_lowercased_and_copied_only_when_that_changes_them() {
        let lower = |word: &str| with_lowercase(word, |lower| Some(lower.to_owned()));
        assert_eq!(lower("NOV").as_deref(), Some("nov"));
        assert_eq!(lower("СЕГОДНЯ").as_deref(), Some("сегодня"));
        assert_eq!(lower("Août").as_deref(), Some("août"));
        // A title-case letter is neither upper nor lower case, and changes.
        assert_eq!(lower("ǅ").as_deref(), Some("ǆ"));
        // Chinese and Japanese, and what is lower case already, as they are.
        for word in ["今日", "сегодня", "ちょうど", "a-very-long-ascii-word"] {
            assert_eq!(with_lowercase(word, |lower| Some(std::ptr::eq(lower, word))), Some(true), "{word}");
        }
    }

    #[test]
    fn names_abbreviations_plurals() {
        assert_eq!(english("Nov"), Some(Word::Month(11)));
        assert_eq!(english("NOV."), Some(Word::Month(11)));
        assert_eq!(english("Sept"), Some(Word::Month(9)));
        assert_eq!(english("Novem"), None);
        assert_eq!(english("thurs"), Some(Word::Weekday(Weekday::Thursday)));
        assert_eq!(english("weeks"), Some(Word::Unit(Unit::Days(7))));
        assert_eq!(english("mins"), Some(Word::Unit(Unit::Minute)));
        assert_eq!(english("this"), Some(Word::Ordinal(0)));
        assert_eq!(english("P.M."), Some(Word::Meridian(Meridian::Pm)));
    }
}
