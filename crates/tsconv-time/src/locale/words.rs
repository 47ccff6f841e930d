//! The words of dates in a language, learned from what its own formatters
//! write: ICU4X formats fixed instants with the language's CLDR
//! data, and the parts it marks (month, weekday, day period, era) and the
//! text between them are the words people of that language type. Nothing
//! here is a word list: every word comes from CLDR (the few it never
//! writes are in `unwritten`).

use std::collections::HashMap;

use icu_calendar::AnyCalendarKind;
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use jiff::Timestamp;
use writeable::{Part, PartsWrite, Writeable};

use super::{CldrLength, LengthFields, LengthPreset, Localizer, Moment};
use crate::human::words::{Candidate, Era, Meridian, Unit, Vocabulary, Word, ZoneName};

/// The units of [`Localizer`]'s relative formatters, in their order.
const UNITS: [Unit; 6] = [Unit::Year, Unit::Month, Unit::Days(1), Unit::Hour, Unit::Minute, Unit::Second];

/// Counts whose texts show every plural form CLDR's languages have (`1`
/// one, `2` two or few, `5` many or other, `11`, `21`, `22`).
const COUNTS: [i64; 7] = [1, 2, 3, 5, 11, 21, 22];

/// The words of `localizer`'s language, over English's.
pub(super) fn learn(localizer: &Localizer) -> Vocabulary {
    let buddhist = localizer.discord.long_date.calendar().kind() == AnyCalendarKind::Buddhist;
    let mut words = Vocabulary::learning(if buddhist { 543 } else { 0 });
    if localizer.language.used.split(['-', '_']).next() != Some("en") {
        words.learn_other_language();
    }
    if let Some(intl) = &localizer.intl {
        for (word, mark) in intl.clock_marks() {
            words.learn_mark(&word, mark);
        }
    }
    names(localizer, &mut words);
    eras(localizer, &mut words);
    if localizer.language.used.split(['-', '_']).next() == Some("ja") {
        japanese_eras(localizer, &mut words);
    }
    relative(localizer, &mut words);
    // After the relative words: `morgen` is tomorrow, `дня` days, `giờ` hours.
    day_periods(localizer, &mut words);
    let hour_word = super::intl::hour_word(localizer.language.used);
    if !hour_word.is_empty() {
        words.learn_hour_word(hour_word);
    }
    between_fields(localizer, &mut words);
    zone_names(localizer, &mut words);
    numbers(localizer, &mut words);
    ordinals(localizer, &mut words);
    weekday_phrases(localizer, &mut words);
    super::unwritten::learn(localizer, &mut words);
    // Vietnamese's marks tell its words apart (`năm`, year; `nam`, south).
    let language = localizer.language.used.split(['-', '_']).next();
    if language != Some("vi") {
        words.learn_unmarked(language == Some("de"));
    }
    words.compacted()
}

/// A formatted text and where each of its marked parts is.
#[derive(Default)]
struct Parted {
    text: String,
    parts: Vec<(Part, std::ops::Range<usize>)>,
}

impl std::fmt::Write for Parted {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}

impl PartsWrite for Parted {
    type SubPartsWrite = Self;

    fn with_part(&mut self, part: Part, mut write: impl FnMut(&mut Self) -> std::fmt::Result) -> std::fmt::Result {
        let start = self.text.len();
        write(self)?;
        self.parts.push((part, start..self.text.len()));
        Ok(())
    }
}

impl Parted {
    fn of(formatted: &impl Writeable) -> Parted {
        let mut parted = Parted::default();
        // Writing to a String cannot fail.
        let _ = formatted.write_to_parts(&mut parted);
        parted
    }

    /// [`Parted::of`] a pattern's text (Chromium's patterns, see [`super::intl`]).
    fn of_pattern(formatted: &impl writeable::TryWriteable) -> Parted {
        let mut parted = Parted::default();
        // Every name of the pattern was loaded with it; writing to a String cannot fail.
        let _ = formatted.try_write_to_parts(&mut parted);
        parted
    }

    /// The texts of the parts `part`.
    fn part(&self, part: Part) -> impl Iterator<Item = &str> {
        self.parts.iter().filter(move |(p, _)| *p == part).map(|(_, range)| &self.text[range.clone()])
    }

    /// The texts of the parts `part`, each also with the letters that
    /// follow it without a space.
    fn part_joined(&self, part: Part) -> impl Iterator<Item = (&str, &str)> {
        self.parts.iter().filter(move |(p, _)| *p == part).map(|(_, range)| {
            let tail = self.text[range.end..]
                .char_indices()
                .find(|&(_, c)| !crate::human::lex::is_letter(c))
                .map_or(self.text.len(), |(i, _)| range.end + i);
            (&self.text[range.clone()], &self.text[range.start..tail])
        })
    }

    /// The words outside every part between the part before the first
    /// `part` and it (`alle ore` before the hour).
    fn before(&self, part: Part) -> Vec<String> {
        let Some(start) = self.parts.iter().filter(|(p, _)| *p == part).map(|(_, range)| range.start).min() else {
            return Vec::new();
        };
        let from = self.parts.iter().map(|(_, range)| range.end).filter(|&end| end <= start).max().unwrap_or(0);
        words_of(&self.text[from..start])
    }

    /// The words of each stretch of text outside every part (`um`, `à`,
    /// `alle ore`, `г.`).
    fn between(&self) -> Vec<Vec<String>> {
        let mut covered = vec![false; self.text.len()];
        for (_, range) in &self.parts {
            covered[range.clone()].fill(true);
        }
        let outside: String = self.text.char_indices().map(|(i, c)| if covered[i] { '\0' } else { c }).collect();
        outside.split('\0').map(words_of).filter(|words| !words.is_empty()).collect()
    }
}

/// The words of `text`: runs of letters, with the dots inside or after them.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c == '.' || c == '\u{970}' || crate::human::lex::is_letter(c)))
        .map(|word| word.trim_start_matches('.'))
        .filter(|word| word.chars().any(char::is_alphabetic))
        .map(str::to_owned)
        .collect()
}

/// `zoned`'s wall-clock time as the Discord formatters read it.
fn civil(zoned: &jiff::Zoned) -> icu_datetime::input::DateTime<icu_calendar::Iso> {
    jiff_icu::ConvertFrom::convert_from(zoned.datetime())
}

fn at(second: i64) -> jiff::Zoned {
    Timestamp::from_second(second).unwrap_or_default().to_zoned(jiff::tz::TimeZone::UTC)
}

/// Month and weekday names as the date presets and Discord's long dates
/// write them, and the day periods of the times.
fn names(localizer: &Localizer, words: &mut Vocabulary) {
    let dates = [CldrLength::Medium, CldrLength::Long, CldrLength::Full]
        .map(|length| LengthPreset { fields: LengthFields::Date, length });
    // A month alone, as the language names it: its stand-alone name where
    // it has one (`сентябрь`, where a date writes `10 сентября 2015 г.`),
    // which people also type with a day. Built for the learning only.
    let prefs = (&localizer.language.requested).into();
    let months_alone: Vec<_> = [icu_datetime::fieldsets::M::long(), icu_datetime::fieldsets::M::medium()]
        .into_iter()
        .filter_map(|fields| icu_datetime::DateTimeFormatter::try_new(prefs, fields).ok())
        .collect();
    // 2023-01-15T12:00:00Z, a Sunday, then a month (and a day) at a time.
    let start = 1_673_784_000;
    for month in 0..12 {
        let zoned = at(start).checked_add(jiff::Span::new().months(month)).unwrap_or_else(|_| at(start));
        let moment = Moment::new(&zoned);
        let input = civil(&zoned);
        let mut texts: Vec<Parted> =
            dates.iter().map(|preset| Parted::of(&localizer.lengths[preset.index()].format(&moment.0))).collect();
        texts.push(Parted::of(&localizer.discord.long_date.format(&input)));
        texts.extend(months_alone.iter().map(|formatter| Parted::of(&formatter.format(&input))));
        texts.push(Parted::of(&localizer.discord.full_date_time.format(&input)));
        texts.extend(intl_texts(localizer, &zoned));
        for text in &texts {
            for name in text.part(icu_datetime::parts::MONTH) {
                if name.chars().any(|c| c.is_numeric()) {
                    // `tháng 4`: a word before the month's number.
                    for word in words_of(name) {
                        words.learn(&word, Word::MonthNumber);
                    }
                } else {
                    learn_name(words, name, Word::Month(i8::try_from(month + 1).unwrap_or(1)));
                }
            }
        }
    }
    let full = LengthPreset { fields: LengthFields::Date, length: CldrLength::Full };
    let formatter = &localizer.lengths[full.index()];
    for day in 0..7 {
        let zoned = at(start + day * 86_400);
        let weekday = zoned.weekday();
        let input = civil(&zoned);
        let mut texts = vec![
            Parted::of(&formatter.format(&Moment::new(&zoned).0)),
            Parted::of(&localizer.discord.full_date_time.format(&input)),
        ];
        texts.extend(intl_texts(localizer, &zoned));
        for text in &texts {
            for (name, joined) in text.part_joined(icu_datetime::parts::WEEKDAY) {
                learn_name(words, name, Word::Weekday(weekday));
                // `segunda-feira`: people write `segunda`.
                if let Some((first, _)) = name.split_once('-')
                    && !words.knows(first)
                {
                    learn_name(words, first, Word::Weekday(weekday));
                }
                // `วันจันทร์ที่`: the weekday and the letters written onto it.
                learn_name(words, joined, Word::Weekday(weekday));
            }
        }
    }
    // The abbreviated names (`周一`, `Mo.`, `пн`), which Chinese's date
    // patterns never write: after every other name, a name of one letter
    // (`月`, Japanese's Monday and month) and one that means something
    // already (Spanish's `mar`, March) left out.
    let sunday_on: [(i32, u8, u8); 7] = std::array::from_fn(|day| (2023, 1, 15 + day as u8));
    let abbreviated = written_through(localizer, "EEE", sunday_on);
    for (day, name) in (0..7).zip(&abbreviated) {
        let weekday = at(start + day * 86_400).weekday();
        let name = name.trim();
        if name.chars().filter(|c| c.is_alphabetic()).count() > 1 && !words.knows(name) {
            learn_name(words, name, Word::Weekday(weekday));
        } else if !name.is_empty() && !matches!(words.word(name), Some(Word::Weekday(_))) {
            // In parentheses after a date it is the weekday: `11月27日(木)`.
            words.learn_weekday_aside(name.trim_end_matches('.'), weekday);
        }
    }
    // Each hour of 2023-11-14: the languages that name more than two
    // periods (`凌晨`, early morning) name them by the hour.
    for hour in 0..24 {
        let meridian = if hour < 12 { Meridian::Am } else { Meridian::Pm };
        let zoned = at(1_699_920_000 + hour * 3600 + 13 * 60);
        let input = civil(&zoned);
        let short = LengthPreset { fields: LengthFields::Time, length: CldrLength::Short };
        let texts = [
            Parted::of(&localizer.lengths[short.index()].format(&Moment::new(&zoned).0)),
            Parted::of(&localizer.discord.short_time.format(&input)),
        ];
        for text in &texts {
            for period in text.part(icu_datetime::parts::DAY_PERIOD) {
                words.learn(&period.replace('\u{202f}', " "), Word::Meridian(meridian));
            }
        }
    }
}

/// What the language writes with Chromium's patterns (see [`super::intl`])
/// at `zoned`: the previews and the presets, the zone's name left out.
fn intl_texts(localizer: &Localizer, zoned: &jiff::Zoned) -> Vec<Parted> {
    let Some(intl) = &localizer.intl else { return Vec::new() };
    let input = civil(zoned);
    let moment = Moment::new(zoned);
    let previews = (0..super::intl::PREVIEWS).map(|index| Parted::of_pattern(&intl.formatted_preview(index, &input)));
    let presets =
        (0..LengthPreset::ALL.len()).map(|index| Parted::of_pattern(&intl.formatted_preset(index, &moment).0));
    previews.chain(presets).collect()
}

/// A name, and the same without its final dot (`nov.`, `Di.`).
fn learn_name(words: &mut Vocabulary, name: &str, word: Word) {
    words.learn(name, word);
    if let Some(bare) = name.strip_suffix('.') {
        words.learn(bare, word);
    }
}

/// The names of the day's periods (`Abend`, `di sera`, `illalla`,
/// `Mitternacht`), from CLDR's (see [`super::intl`]): each is a part of
/// the day as English's `evening` is, at English's hour for its kind
/// (morning 6, afternoon 15, evening 20) where CLDR's hours for the name
/// hold it, else at another of these they hold (`tarde`, 12 to 20: 15),
/// else at the middle of them (`Vormittag`, 10 to 12: 11); night
/// at 22, as `tonight`, but a night that is the small hours only and
/// never tonight (`凌晨`, `madrugada`) at 00:00. With a time, the name
/// says its half of the day (`3 Uhr nachts` is 3 in the morning where
/// CLDR's night starts after midnight). Noon and midnight are 12:00 and 00:00. A name that is a word
/// of the language already (`Morgen`, tomorrow; `дня`, of days) keeps it,
/// and is the part of the day only after a day (`heute Morgen`).
fn day_periods(localizer: &Localizer, words: &mut Vocabulary) {
    const SMALL_HOURS: [&str; 3] = ["凌晨", "madrugada", "da madrugada"];
    for &(name, kind, start, end) in super::intl::day_periods(localizer.language.used) {
        let holds = |hour: u8| if start < end { (start..end).contains(&hour) } else { hour >= start || hour < end };
        let middle =
            if start < end { (start + end) / 2 } else { ((u16::from(start) + u16::from(end) + 24) / 2 % 24) as u8 };
        // English's hour of the kind, else another of English's that CLDR's
        // hours hold (Spanish's `tarde`, CLDR's evening from 12 to 20: 15).
        let at = |english: u8| [english, 6, 15, 20].into_iter().find(|&hour| holds(hour)).unwrap_or(middle);
        let word = match kind {
            "midnight" => Word::Clock(0),
            "noon" => Word::Clock(12),
            "morning" => Word::DayPart(i8::try_from(at(6)).unwrap_or(6), Meridian::Am),
            "afternoon" => Word::DayPart(i8::try_from(at(15)).unwrap_or(15), Meridian::Pm),
            "evening" => Word::DayPart(i8::try_from(at(20)).unwrap_or(20), Meridian::Pm),
            // Chinese's `凌晨` and Portuguese's `madrugada` name the small
            // hours only, never tonight: alone, the start of them.
            "night" if SMALL_HOURS.contains(&name) => Word::DayPart(0, Meridian::Am),
            "night" => Word::DayPart(22, if start < 12 { Meridian::Am } else { Meridian::Pm }),
            _ => continue,
        };
        words.learn_day_part(name, word);
    }
}

/// The numbers CLDR's rules spell out as words (`zwei`, `einer`, `deux`,
/// `двух`, `五`), as counts before a unit (`in drei Wochen`, `dans deux
/// heures`, `五分钟前`), learned last: a word that means something else
/// already keeps it (Vietnamese `năm`, five and year, is the year;
/// Portuguese `dez`, ten and December's abbreviation, the month). A word of
/// one letter in a language written with spaces (Korean's `이`, two and
/// "this") is left out, and so is a mark (`일`, one and the day's mark).
fn numbers(localizer: &Localizer, words: &mut Vocabulary) {
    for &(word, number) in super::intl::number_words(localizer.language.used) {
        let one_letter = word.chars().nth(1).is_none() && !word.chars().all(crate::human::is_unspaced);
        if one_letter || words.knows(word) || crate::human::words::mark(word).is_some() {
            continue;
        }
        words.learn(word, Word::Count(i64::from(number)));
    }
}

/// The days of a month as CLDR's rules spell their ordinals out, in every
/// gender and everyday case (`am fünften März`, `vierentwintigste mei`, `двадцать
/// пятое мая`, `primo maggio`), as English's `fifth`. A word that is one of
/// the language's already keeps its meaning (`secondo`, `segundo`: the
/// second, the unit; Vietnamese `thứ ba`, third and Tuesday).
///
/// A word of one is looked up in the generated table, not copied into the
/// vocabulary (as the numbers CLDR's rules build as one word are:
/// `einundzwanzig`); those of several words (`двадцать пятое`,
/// `vingt-et-unième`) are phrases, and those of Chinese and Japanese
/// (`第五`) words to cut their text into.
fn ordinals(localizer: &Localizer, words: &mut Vocabulary) {
    let used = localizer.language.used;
    let ordinals = super::intl::ordinal_words(used);
    for &(text, number) in ordinals {
        let unspaced = text.chars().any(crate::human::is_unspaced);
        let one_token = crate::human::words::parts_of(text).is_some_and(|parts| parts.len() == 1);
        if (one_token && !unspaced) || words.meaning_of(text).is_some() || crate::human::words::mark(text).is_some() {
            continue;
        }
        words.learn(text, Word::Ordinal(i64::from(number)));
    }
    for &(text, number) in super::intl::composed_numbers(used) {
        if text.chars().any(crate::human::is_unspaced) && !words.knows(text) {
            words.learn(text, Word::Count(i64::from(number)));
        }
    }
    words.learn_tables(ordinals, super::intl::composed_numbers(used));
}

/// The weekdays with their direction, as CLDR's relative fields write them,
/// each phrase read whole as English's `last`, `this` or `next` before the
/// weekday, where a word of it is no word of the language otherwise (the
/// Russian adjective that agrees with the day, `в прошлый четверг`, `в
/// прошлую среду`; Czech's and Ukrainian's weekday in another case,
/// `minulou středu`, `минулого четверга`). A phrase whose words the
/// language already reads is read word by word, as it says: Chinese's
/// `上周四` and Swedish's `torsdag förra veckan` are the Thursday of last
/// week. Each is also read without a preposition before it.
fn weekday_phrases(localizer: &Localizer, words: &mut Vocabulary) {
    for &(text, weekday, shift) in super::intl::weekday_phrases(localizer.language.used) {
        let Ok(weekday) = jiff::civil::Weekday::from_monday_one_offset(weekday) else { continue };
        let Some(parts) = crate::human::words::parts_of(text) else { continue };
        if text.chars().any(crate::human::is_unspaced) || words.reads_own_words(&parts) {
            continue;
        }
        let word = Word::WeekdayShifted(weekday, i64::from(shift));
        words.learn(text, word);
        // People leave out the preposition before it (`прошлый четверг`,
        // `zeszłą środę`).
        if let [first, rest @ ..] = parts.as_slice()
            && rest.len() >= 2
            && first.chars().count() <= 2
        {
            words.learn(&rest.join(" "), word);
        }
    }
}

/// The names of the Gregorian calendar's two eras, at every length CLDR
/// writes them (`v. Chr.`, `n. Chr.`, `a. C.`, `voor Christus`): after a
/// year, they say which side of year 1 it lies (`234 v. Chr.` is ISO year
/// -233, `85 n. Chr.` is 85, not 1985). A name that is a word of its own
/// already (a name of one letter, `e.`) is left to it.
fn eras(localizer: &Localizer, words: &mut Vocabulary) {
    use icu_datetime::fieldsets::YMD;
    use icu_datetime::options::YearStyle;
    let prefs = || (&localizer.language.requested).into();
    let lengths = [YMD::long(), YMD::medium(), YMD::short()];
    let formatters = lengths.into_iter().filter_map(|fields| {
        icu_datetime::FixedCalendarDateTimeFormatter::<icu_calendar::Gregorian, _>::try_new(
            prefs(),
            fields.with_year_style(YearStyle::WithEra),
        )
        .ok()
    });
    // The wide and narrow names too (`voor Christus`, `antes de Cristo`), which no date
    // pattern of the formatters writes: through a pattern of the era alone.
    for width in ["GGGG", "GGGGG"] {
        let dates = [(-233, 8, 10), (85, 8, 10)];
        for (name, era) in written_through(localizer, width, dates).into_iter().zip([Era::BeforeCommon, Era::Common]) {
            let name = name.trim();
            if name.chars().filter(|c| c.is_alphabetic()).count() > 1 && !words.knows(name) {
                words.learn(name, Word::Era(era));
            }
        }
    }
    let mut learn_name = |name: &str, era: Era| words.learn_era_name(name, era);
    for formatter in formatters {
        for (year, era) in [(-233, Era::BeforeCommon), (85, Era::Common)] {
            let Ok(date) = icu_calendar::Date::try_new_iso(year, 8, 10) else { continue };
            let date = date.to_calendar(icu_calendar::Gregorian);
            for name in Parted::of(&formatter.format(&date)).part(icu_datetime::parts::ERA) {
                learn_name(name, era);
            }
        }
    }
    // The other names CLDR gives them, which no formatter writes (`v. u. Z.`,
    // `AEC`, `a. e. c.`).
    for &(name, before) in super::intl::alt_eras(localizer.language.used) {
        learn_name(name, if before { Era::BeforeCommon } else { Era::Common });
    }
}

/// `dates` (ISO year, month, day) written through the CLDR pattern
/// `pattern` with the language's names (`GGGG`, an era's wide name; `EEE`,
/// a weekday's abbreviated one), in order; none if the pattern cannot be
/// written in the language, and an empty text for a date it fails on.
fn written_through<const N: usize>(localizer: &Localizer, pattern: &str, dates: [(i32, u8, u8); N]) -> Vec<String> {
    use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames};
    let Ok(pattern) = DateTimePattern::try_from_pattern_str(pattern) else { return Vec::new() };
    let Ok(mut names) = FixedCalendarDateTimeNames::<
        icu_calendar::Gregorian,
        icu_datetime::fieldsets::enums::DateAndTimeFieldSet,
    >::try_new((&localizer.language.requested).into()) else {
        return Vec::new();
    };
    if names.include_for_pattern(&pattern).is_err() {
        return Vec::new();
    }
    dates
        .into_iter()
        .map(|(year, month, day)| {
            let Ok(date) = icu_calendar::Date::try_new_iso(year, month, day) else { return String::new() };
            let input = icu_datetime::input::DateTime {
                date: date.to_calendar(icu_calendar::Gregorian),
                time: icu_datetime::input::Time::start_of_day(),
            };
            let mut text = String::new();
            let written = writeable::TryWriteable::try_write_to(
                &names.with_pattern_unchecked(&pattern).format(&input),
                &mut text,
            );
            if written.is_ok_and(|written| written.is_ok()) { text } else { String::new() }
        })
        .collect()
}

/// The names of Japan's eras (`平成`, `令和`), as the language writes
/// them in the Japanese calendar, each with the common year of its first.
fn japanese_eras(localizer: &Localizer, words: &mut Vocabulary) {
    use icu_datetime::fieldsets::YMD;
    use icu_datetime::options::YearStyle;
    let Ok(formatter) = icu_datetime::FixedCalendarDateTimeFormatter::<icu_calendar::cal::Japanese, _>::try_new(
        (&localizer.language.requested).into(),
        YMD::long().with_year_style(YearStyle::WithEra),
    ) else {
        return;
    };
    // A year in each era since Meiji's first full year.
    for year in [1869, 1913, 1950, 2000, 2020] {
        let Ok(date) = icu_calendar::Date::try_new_iso(year, 6, 1) else { continue };
        let date = date.to_calendar(icu_calendar::cal::Japanese::new());
        let Ok(first) = i16::try_from(year - date.era_year().year + 1) else { continue };
        for name in Parted::of(&formatter.format(&date)).part(icu_datetime::parts::ERA) {
            let name = name.trim();
            if name.chars().filter(|c| c.is_alphabetic()).count() > 1 && !words.knows(name) {
                words.learn(name, Word::Era(Era::Japanese(first)));
            }
        }
    }
}

/// The words around the number in each relative time (`vor 3 Tagen`, `in
/// 3 Tagen`, `3 日前`), and the words of days next to today (`morgen`).
///
/// A word found on the same side of the number for most units is the
/// direction (`vor`, `ago`, `sitten`, `il y a`); the others are the unit.
/// Where no word is shared (`日前`, `天后`), each word is its unit and
/// direction in one.
fn relative(localizer: &Localizer, words: &mut Vocabulary) {
    // Weeks and quarters too (`in 2 Wochen`, `через 2 недели`, `in 2
    // Quartalen`), which the localizer's own relative times do not write.
    let prefs = || localizer.language.requested.clone().into();
    let week = RelativeTimeFormatter::try_new_long_week(prefs(), RelativeTimeFormatterOptions::default()).ok();
    let quarter = RelativeTimeFormatter::try_new_long_quarter(prefs(), RelativeTimeFormatterOptions::default()).ok();
    let others = week.iter().map(|week| (week, Unit::Days(7))).chain(quarter.iter().map(|q| (q, Unit::Quarter)));
    let formatters: Vec<(&RelativeTimeFormatter, Unit)> = localizer.relative.iter().zip(UNITS).chain(others).collect();
    for sign in [-1i64, 1] {
        // unit index -> (words before, words after) over every count
        let mut sides: Vec<Sides> = Vec::new();
        for (formatter, _) in &formatters {
            let mut before = Vec::new();
            let mut after = Vec::new();
            for count in COUNTS {
                let text = super::text(&formatter.format((sign * count).into()));
                let text = crate::digits::ascii_digits(&text).unwrap_or(text);
                let Some((head, tail)) = around(&text, count) else { continue };
                before.extend(words_of(head));
                after.extend(words_of(tail));
            }
            sides.push((before, after));
        }
        let shared = |side: fn(&Sides) -> &Vec<String>| {
            let mut units_of: HashMap<String, usize> = HashMap::new();
            for unit in &sides {
                let mut seen: Vec<&String> = side(unit).iter().collect();
                seen.sort();
                seen.dedup();
                for word in seen {
                    *units_of.entry(word.to_lowercase()).or_default() += 1;
                }
            }
            units_of.into_iter().filter(|(_, units)| *units >= 4).map(|(word, _)| word).collect::<Vec<_>>()
        };
        let markers_before = shared(|unit| &unit.0);
        let markers_after = shared(|unit| &unit.1);
        for ((before, after), (_, unit)) in sides.iter().zip(&formatters) {
            let unit = *unit;
            let is_marker = |markers: &[String], word: &String| markers.contains(&word.to_lowercase());
            // The direction: the markers in the order written, as one phrase.
            let phrase = |side: &[String], markers: &[String]| {
                let mut phrase: Vec<&str> = Vec::new();
                for word in side.iter().filter(|word| is_marker(markers, word)) {
                    if phrase.contains(&word.as_str()) {
                        break;
                    }
                    phrase.push(word);
                }
                phrase.join(" ")
            };
            // Both sides (`för 3 dagar sedan`): the word before says it, the
            // word after only closes it.
            let closing = if markers_before.is_empty() { Word::Ago(sign) } else { Word::Filler };
            words.learn(&phrase(before, &markers_before), Word::Ahead(sign));
            words.learn(&phrase(after, &markers_after), closing);
            let together = markers_before.is_empty() && markers_after.is_empty();
            for word in before
                .iter()
                .chain(after)
                .filter(|word| !is_marker(&markers_before, word) && !is_marker(&markers_after, word))
            {
                words.learn(word, if together { Word::UnitThen(unit, sign) } else { Word::Unit(unit) });
            }
        }
    }
    // `gestern`, `heute`, `morgen`, `übermorgen`: days with names of their own.
    let mut options = RelativeTimeFormatterOptions::default();
    options.numeric = Some(Numeric::Auto);
    if let Ok(days) = RelativeTimeFormatter::try_new_long_day(localizer.language.requested.clone().into(), options) {
        let names: Vec<String> = (-2..=2).map(|shift: i64| super::text(&days.format(shift.into()))).collect();
        for (shift, text) in (-2..=2).zip(&names) {
            // Hindi's `कल` is yesterday and tomorrow, `परसों` two days either
            // way: a name of two days says neither (the text is refused).
            let ambiguous = names.iter().filter(|other| other.eq_ignore_ascii_case(text)).count() > 1;
            if !text.chars().any(|c| c.is_numeric()) && !ambiguous {
                words.learn(text, Word::DayShift(shift));
                // `i dag`, `i morgon`: Swedish, Danish and Norwegian people
                // also write them as one word (`idag`, `imorgon`).
                let joined: String = text.split_whitespace().collect();
                if let [first, _] = text.split_whitespace().collect::<Vec<_>>()[..]
                    && first.chars().count() == 1
                    && !words.knows(&joined)
                {
                    words.learn(&joined, Word::DayShift(shift));
                }
            }
        }
    }
    let now = super::text(&localizer.now.format(0.into()));
    if !now.chars().any(|c| c.is_numeric()) {
        words.learn(&now, Word::DayShift(0));
    }
    shifted_periods(localizer, options, words);
}

/// The week, month, quarter and year before, of and after now, as the language
/// names them (`la semaine dernière`, `nächsten Monat`, `el próximo año`):
/// each whole is that shift (not after a count: `2 tháng trước` is two
/// months ago). A word that only one direction's names hold is
/// that direction (`dernier`, `nächsten`, `pasado`, `esta`:
/// Word::Ordinal), so
/// it also says which weekday (`mardi dernier`, `letzten Dienstag`); a word
/// the names of both directions hold, for two units or more, joins (`el`).
fn shifted_periods(localizer: &Localizer, options: RelativeTimeFormatterOptions, words: &mut Vocabulary) {
    type New = fn(
        icu_experimental::relativetime::RelativeTimeFormatterPreferences,
        RelativeTimeFormatterOptions,
    ) -> Result<RelativeTimeFormatter, icu_provider::DataError>;
    let formatters: [(Unit, New); 4] = [
        (Unit::Days(7), RelativeTimeFormatter::try_new_long_week),
        (Unit::Month, RelativeTimeFormatter::try_new_long_month),
        (Unit::Year, RelativeTimeFormatter::try_new_long_year),
        (Unit::Quarter, RelativeTimeFormatter::try_new_long_quarter),
    ];
    // (unit, shift, the name's words in lower case)
    let mut names: Vec<(Unit, i64, Vec<String>)> = Vec::new();
    for (unit, new) in formatters {
        let Ok(formatter) = new(localizer.language.requested.clone().into(), options) else { continue };
        for shift in -1..=1 {
            let text = super::text(&formatter.format(shift.into()));
            let name: Vec<String> = words_of(&text).iter().map(|word| word.to_lowercase()).collect();
            // English's names are its words' (`last week`, GNU's grammar).
            if text.chars().any(char::is_numeric)
                || (!words.is_other_language() && name.iter().all(|word| words.knows(word)))
            {
                continue;
            }
            words.learn(&text, Word::Shifted(unit, shift));
            names.push((unit, shift, name));
        }
    }
    let holds = |unit: Unit, shift: i64, word: &String| {
        names.iter().any(|(u, s, name)| *u == unit && *s == shift && name.contains(word))
    };
    let mut joining: HashMap<&String, Vec<Unit>> = HashMap::new();
    for (unit, shift, name) in &names {
        for word in name {
            let others: Vec<i64> = (-1..=1).filter(|other| other != shift).collect();
            if others.iter().all(|&other| !holds(*unit, other, word)) {
                // Over an English meaning (French `ce` of `ce mois-ci` is "this",
                // not the era CE), not over the language's own nor over `am`
                // and `pm`, which every language writes after a time (`9am`;
                // Scottish Gaelic's `am` of `am mìos seo` stays am).
                let meridian = matches!(words.word(word), Some(Word::Meridian(_)));
                if crate::human::words::mark(word).is_none() && !words.knows_own(word) && !meridian {
                    words.learn(word, Word::Ordinal(*shift));
                }
            } else if *shift == -1 && holds(*unit, 1, word) {
                joining.entry(word).or_default().push(*unit);
            }
        }
    }
    for (word, units) in joining {
        if units.len() >= 2 && crate::human::words::mark(word).is_none() && !words.knows(word) {
            words.learn(word, Word::Filler);
        }
    }
}

/// The words before and after the number in one unit's relative times.
type Sides = (Vec<String>, Vec<String>);

/// The text before and after the number `count` in `text`.
fn around(text: &str, count: i64) -> Option<(&str, &str)> {
    let written = count.to_string();
    let mut from = 0;
    while let Some(found) = text[from..].find(&written) {
        let start = from + found;
        let end = start + written.len();
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        if !digit(text[..start].chars().next_back()) && !digit(text[end..].chars().next()) {
            return Some((&text[..start], &text[end..]));
        }
        from = end;
    }
    None
}

/// The words the language's date and time patterns put between fields
/// (`um`, `à`, `de`, `г.`, `klo`), and its era (`พ.ศ.`), read as joining
/// words where they mean nothing else.
fn between_fields(localizer: &Localizer, words: &mut Vocabulary) {
    // 2023-11-14T17:13:20Z, a Tuesday afternoon.
    let zoned = at(1_700_000_000);
    let moment = Moment::new(&zoned);
    let input = civil(&zoned);
    let mut texts: Vec<Parted> = LengthPreset::ALL
        .iter()
        .map(|preset| Parted::of(&localizer.lengths[preset.index()].format(&moment.0)))
        .collect();
    let discord = &localizer.discord;
    texts.push(Parted::of(&discord.long_date.format(&input)));
    texts.push(Parted::of(&discord.long_date_time.format(&input)));
    texts.push(Parted::of(&discord.full_date_time.format(&input)));
    texts.push(Parted::of(&discord.short_numeric.format(&input)));
    texts.push(Parted::of(&discord.long_numeric.format(&input)));
    texts.extend(intl_texts(localizer, &zoned));
    // The zone's name is a part, so its words are not taken. A stretch of
    // several words (`alle ore`) is a phrase: its words may mean something
    // else alone (`ore`, hours).
    for text in &texts {
        let mut joining = text.between();
        joining.extend(text.part(icu_datetime::parts::ERA).map(words_of));
        for stretch in joining {
            if let [word] = stretch.as_slice() {
                if crate::human::words::mark(word).is_none() && !words.knows(word) {
                    words.learn(word, Word::Filler);
                }
            } else {
                words.learn(&stretch.join(" "), Word::Filler);
            }
        }
        // The words just before the hour say "at" (`alle ore`, `г. в`,
        // `kl.`): each that means nothing else is read alone too, and
        // without its dot, as people write them (`alle 10`, `завтра в
        // 10:00`, `kl 10`).
        for word in text.before(icu_datetime::parts::HOUR) {
            for form in [Some(word.as_str()), word.strip_suffix('.')].into_iter().flatten() {
                if crate::human::words::mark(form).is_none() && !words.knows(form) {
                    words.learn(form, Word::Filler);
                }
                if words.word(form) == Some(Word::Filler) {
                    words.learn_at_word(form);
                }
            }
        }
    }
    // How the language writes times (`17.13.20`) and long dates (`2023. november 14.`).
    let medium_time = LengthPreset { fields: LengthFields::Time, length: CldrLength::Medium };
    let time = localizer.length(medium_time, &moment);
    let long_date = LengthPreset { fields: LengthFields::Date, length: CldrLength::Long };
    let date = localizer.length(long_date, &moment);
    let date = crate::digits::ascii_digits(&date).unwrap_or(date);
    words.learn_order(
        time.contains("13.20"),
        date.trim_start().starts_with(|c: char| c.is_ascii_digit()) && date.find("2023").is_some_and(|at| at < 3),
    );
}

/// The zones' names as the long and full times write them (`MESZ`,
/// `Mitteleuropäische Sommerzeit`), each with the zones that write it, and
/// the language's word for GMT before an offset (`Гринуич+1`, `UTC+1`).
///
/// Every zone of the database is written in January and July of years
/// from 1975 to 2030 (links once): names come and go (Brazil's summer
/// time, Greenland's new one). Names read alike (a comment is skipped:
/// `Brasília (czas letni)` is `Brasília`) are one name of several zones.
/// Left out: names with a number (the offset itself, `GMT+5:30`, read by
/// the word for GMT) and names the abbreviation table has (`MEZ`, `BST`:
/// the table reads them, with their other meanings).
/// A name that is also a Windows ID (`Eastern Standard Time`) is read as
/// the name, as its abbreviation (`EST`) is; a Windows ID that is no such
/// name (`W. Europe Standard Time`) is still read as its zone.
fn zone_names(localizer: &Localizer, words: &mut Vocabulary) {
    let long_time = LengthPreset { fields: LengthFields::Time, length: CldrLength::Long };
    let short = &localizer.lengths[long_time.index()];
    let names_of = |zoned: &jiff::Zoned| {
        let moment = Moment::new(zoned);
        let mut names: Vec<String> =
            Parted::of(&short.format(&moment.0)).part(icu_datetime::parts::TIME_ZONE_NAME).map(str::to_owned).collect();
        names.push(super::text(&localizer.zone_name.format(&moment.0)));
        names
    };
    // The word before the offset of a zone that has no name: `GMT+1`.
    let fixed = jiff::tz::TimeZone::fixed(jiff::tz::offset(1));
    for name in names_of(&at(1_700_000_000).with_time_zone(fixed)) {
        let word: String =
            name.chars().take_while(|c| !matches!(c, '+' | '-' | '\u{2212}') && !c.is_numeric()).collect();
        let word = word.trim();
        if !word.is_empty() && crate::human::abbreviations::meanings(word, None).is_empty() {
            words.learn(word, Word::Gmt);
        }
    }
    // Noon UTC on January 15 and July 15, the most recent years first.
    let instants: Vec<Timestamp> = [2030, 2024, 2020, 2015, 2012, 2010, 2005, 2000, 1995, 1990, 1985, 1980, 1975]
        .into_iter()
        .flat_map(|year| [(year, 1), (year, 7)])
        .filter_map(|(year, month)| {
            jiff::civil::date(year, month, 15).at(12, 0, 0, 0).to_zoned(jiff::tz::TimeZone::UTC).ok()
        })
        .map(|zoned| zoned.timestamp())
        .collect();
    let mut found: Vec<(String, Vec<Candidate>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    // One name of each zone CLDR tells apart: the database's links
    // (`US/Eastern`) write what their zone writes.
    let parser = icu_time::zone::iana::IanaParser::new();
    let mut seen = std::collections::HashSet::new();
    for &zone in crate::zone::names() {
        let id = parser.parse(zone);
        if !seen.insert(id) {
            continue;
        }
        let Ok(tz) = jiff::tz::TimeZone::get(zone) else { continue };
        // And once in each state (offset, daylight time, abbreviation) it
        // has had since 1970 that those days miss (Bangladesh's summer of 2009).
        let state = |at: Timestamp| {
            let info = tz.to_offset_info(at);
            (info.offset(), info.dst(), info.abbreviation().to_owned())
        };
        let mut states: Vec<_> = instants.iter().map(|&at| state(at)).collect();
        let mut at_states = Vec::new();
        for transition in tz.following(Timestamp::UNIX_EPOCH).take_while(|t| t.timestamp() < instants[0]) {
            let state = (transition.offset(), transition.dst(), transition.abbreviation().to_owned());
            if !states.contains(&state) {
                states.push(state);
                at_states.push(transition.timestamp());
            }
        }
        for &instant in instants.iter().chain(&at_states) {
            let info = tz.to_offset_info(instant);
            let candidate = Candidate { zone, id, offset: info.offset().seconds(), dst: info.dst().is_dst() };
            for name in names_of(&instant.to_zoned(tz.clone())) {
                // Names are told apart as they are read: `Brasília (czas
                // letni)` is `Brasília`, as the comment is skipped.
                let Some(parts) = crate::human::words::parts_of(&name).filter(|parts| !parts.is_empty()) else {
                    continue;
                };
                let at = *index.entry(parts.join("\u{1}")).or_insert_with(|| {
                    found.push((name, Vec::new()));
                    found.len() - 1
                });
                let candidates = &mut found[at].1;
                if !candidates.contains(&candidate) {
                    candidates.push(candidate);
                }
            }
        }
    }
    for (name, candidates) in found {
        // The table's names, unless the language writes one for offsets the
        // table does not give it (`GST`: Guam in GNU's table, the Gulf in `en-GB`).
        let table = crate::human::abbreviations::meanings(&name, None);
        let others = candidates.iter().all(|c| table.iter().all(|meaning| meaning.offset != c.offset));
        if table.is_empty() || others {
            words.learn_zone_name(&name, ZoneName::new(candidates));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_number_alone() {
        assert_eq!(around("vor 21 Tagen", 21), Some(("vor ", " Tagen")));
        assert_eq!(around("in 121 Tagen, 21", 21), Some(("in 121 Tagen, ", "")));
        assert_eq!(words_of("il y a 3 jours"), ["il", "y", "a", "jours"]);
        assert_eq!(words_of("14 ноября 2023 г. в 17:13"), ["ноября", "г.", "в"]);
    }

    /// `text` read in `language` with `zone` as the request's zone, as RFC 3339 in UTC.
    fn read_in(language: &str, zone: &str, text: &str) -> String {
        let localizer = Localizer::get(language).unwrap();
        let zone = crate::zone::Zone::parse(zone).unwrap();
        let options = crate::input::ReadOptions {
            language: &localizer,
            ..crate::input::ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH)
        };
        crate::input::read(crate::input::Input::Text(text), &options)
            .map_or_else(|error| error.to_string(), |reading| reading.instant.to_string())
    }

    #[test]
    fn zones_names_read_as_the_offset_they_stood_for_then() {
        assert_eq!(read_in("de", "UTC", "14.07.2023 17:13 Mitteleuropäische Sommerzeit"), "2023-07-14T15:13:00Z");
        assert_eq!(read_in("fr", "UTC", "14/11/2023 17:13 heure normale d’Europe centrale"), "2023-11-14T16:13:00Z");
        assert_eq!(read_in("bg", "UTC", "14.11.2023 17:13 Гринуич+1"), "2023-11-14T16:13:00Z");
        // A CLDR name that is also a Windows ID names its offset, as `EST` does.
        assert_eq!(read_in("en", "UTC", "July 4, 2023 10:00 Eastern Standard Time"), "2023-07-04T15:00:00Z");
        // Moscow's standard time was +04:00 from 2011 to 2014; Venezuela's -04:30 from 2007 to 2016.
        assert_eq!(read_in("en", "UTC", "June 1, 2012 10:00 Moscow Standard Time"), "2012-06-01T06:00:00Z");
        assert_eq!(read_in("en", "UTC", "June 1, 2012 10:00 Venezuela Time"), "2012-06-01T14:30:00Z");
        assert_eq!(read_in("en", "UTC", "June 1, 2024 10:00 Venezuela Time"), "2024-06-01T14:00:00Z");
        // The request's zone says which of the zones that share a name: Newfoundland's double daylight time of 1988.
        assert_eq!(
            read_in("en", "America/St_Johns", "July 29, 1988 1:14:58 AM Newfoundland Daylight Time"),
            "1988-07-29T02:44:58Z"
        );
        // A locale that writes an abbreviation for another zone reads it so: `GST` is the Gulf's in en-GB.
        assert_eq!(read_in("en-GB", "UTC", "14/11/2023 10:00 GST"), "2023-11-14T06:00:00Z");
        assert_eq!(read_in("en", "UTC", "11/14/2023 10:00 GST"), "2023-11-14T00:00:00Z");
    }

    #[test]
    fn weekdays_come_from_sunday_on() {
        assert_eq!(at(1_673_784_000).weekday(), jiff::civil::Weekday::Sunday);
    }
}
