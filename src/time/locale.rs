//! Locales (SPEC 10): which ones the compiled CLDR data holds, how a BCP 47
//! tag is matched to one of them, and what a Discord client set to that
//! language shows for each timestamp style, all from ICU4X's data.
//!
//! A tag is parsed ignoring case, then walked down CLDR's fallback chain
//! (`de-AT-x-foo` → `de-AT` → `de`) until a locale whose data the binary
//! holds: that locale is the one reported as used. `en-US` is `en` in CLDR.

use std::fmt;
use std::sync::LazyLock;

use icu_datetime::fieldsets::{T, YMD, YMDET, YMDT};
use icu_datetime::options::{Alignment, TimePrecision, YearStyle};
use icu_datetime::{DateTimeFormatter, parts};
use icu_experimental::displaynames::DisplayNamesOptions;
use icu_experimental::displaynames::multi::LocaleDisplayNamesFormatter;
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use icu_locale::{Locale, LocaleFallbacker};
use icu_provider::{DataLocale, IterableDataProvider};
use jiff::civil::DateTime;
use writeable::{Part, PartsWrite, Writeable};

use super::TimeError;
use super::render::DiscordStyle;
pub use crate::answer::{LocaleEntry, LocaleList};

/// The CLDR release of the compiled data.
pub const CLDR_VERSION: &str = icu_datetime_data::cldr_tag!();

/// A provider of the compiled date-time data used only to list the locales
/// it holds (ICU4X's own formatters load through their `Baked` provider).
struct CompiledLocales;

const _: () = {
    // The data crate's macros name these crates by path.
    use icu_datetime_data::*;
    pub mod icu {
        pub use icu_datetime as datetime;
    }
    make_provider!(CompiledLocales);
    impl_datetime_names_month_gregorian_v1!(CompiledLocales, ITER);
    impl_datetime_names_weekday_v1!(CompiledLocales, ITER);
    impl_datetime_names_dayperiod_v1!(CompiledLocales, ITER);
    impl_datetime_patterns_date_gregorian_v1!(CompiledLocales, ITER);
    impl_datetime_patterns_time_v1!(CompiledLocales, ITER);
    impl_datetime_patterns_glue_v1!(CompiledLocales, ITER);
};

/// Every locale with date-time data of its own in the compiled CLDR data,
/// sorted (a locale that only inherits, such as `en-US` from `en`, is
/// served by its parent).
pub static SUPPORTED: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    use icu_datetime::provider::names::{
        DatetimeNamesDayperiodV1, DatetimeNamesMonthGregorianV1, DatetimeNamesWeekdayV1,
    };
    use icu_datetime::provider::semantic_skeletons::{
        DatetimePatternsDateGregorianV1, DatetimePatternsGlueV1, DatetimePatternsTimeV1,
    };
    let sets = [
        IterableDataProvider::<DatetimeNamesMonthGregorianV1>::iter_ids(&CompiledLocales),
        IterableDataProvider::<DatetimeNamesWeekdayV1>::iter_ids(&CompiledLocales),
        IterableDataProvider::<DatetimeNamesDayperiodV1>::iter_ids(&CompiledLocales),
        IterableDataProvider::<DatetimePatternsDateGregorianV1>::iter_ids(&CompiledLocales),
        IterableDataProvider::<DatetimePatternsTimeV1>::iter_ids(&CompiledLocales),
        IterableDataProvider::<DatetimePatternsGlueV1>::iter_ids(&CompiledLocales),
    ];
    let mut tags: Vec<String> =
        sets.into_iter().flatten().flatten().map(|id| id.locale.to_string()).filter(|tag| tag != "und").collect();
    tags.sort();
    tags.dedup();
    // Leaked once: the list lives as long as the process and is borrowed by errors.
    tags.into_iter().map(|tag| &*Box::leak(tag.into_boxed_str())).collect()
});

/// The languages Discord's client offers (its language menu); each is served.
pub const DISCORD_LANGUAGES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
];

/// A language as asked for, and the supported locale whose data serves it.
#[derive(Clone, Debug)]
pub struct Language {
    /// The tag as parsed (canonical case): its extensions, such as
    /// `-u-hc-h23`, still reach the formatters.
    requested: Locale,
    /// The supported locale used: `de` for `de-XX`.
    pub used: &'static str,
}

impl Language {
    /// Matches `tag` (BCP 47, any case) to the supported locale that serves it.
    pub fn resolve(tag: &str) -> Result<Language, TimeError> {
        let invalid = || TimeError::InvalidLocale { given: tag.to_owned(), suggestions: suggestions(tag) };
        let requested = Locale::try_from_str(tag.trim()).map_err(|_| invalid())?;
        let used = along_fallback(&requested, |candidate| {
            SUPPORTED.binary_search(&candidate.to_string().as_str()).ok().map(|index| SUPPORTED[index])
        });
        used.map(|used| Language { requested, used }).ok_or_else(invalid)
    }

    /// English as CLDR's `en` writes it (US English).
    pub fn english() -> Language {
        Language::resolve("en").expect("the compiled data holds English")
    }
}

/// Up to three supported locales close to `tag`: those of its language
/// first, then the nearest by spelling.
fn suggestions(tag: &str) -> Vec<&'static str> {
    let wanted = tag.trim().to_ascii_lowercase().replace('_', "-");
    let language = wanted.split('-').next().unwrap_or_default();
    let mut scored: Vec<(f64, &'static str)> = SUPPORTED
        .iter()
        .map(|&candidate| {
            let lower = candidate.to_ascii_lowercase();
            let same_language = lower.split('-').next() == Some(language);
            let score = strsim::normalized_damerau_levenshtein(&wanted, &lower) + if same_language { 1.0 } else { 0.0 };
            (score, candidate)
        })
        .filter(|(score, _)| *score >= 0.5)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored.into_iter().take(3).map(|(_, candidate)| candidate).collect()
}

/// Every supported locale with its names, computed once.
static ENTRIES: LazyLock<Vec<LocaleEntry>> = LazyLock::new(|| {
    let english = names_in("en");
    let discord: Vec<&str> =
        DISCORD_LANGUAGES.iter().filter_map(|tag| Language::resolve(tag).ok()).map(|language| language.used).collect();
    SUPPORTED
        .iter()
        .map(|&tag| {
            let locale = Locale::try_from_str(tag).ok();
            let name_of = |names: &Option<LocaleDisplayNamesFormatter>| match (names, &locale) {
                (Some(names), Some(locale)) => names.of(locale).into_owned(),
                _ => tag.to_owned(),
            };
            LocaleEntry {
                tag,
                name: name_of(&names_in(tag)),
                english_name: name_of(&english),
                discord: discord.contains(&tag),
            }
        })
        .collect()
});

/// The display names in `tag`'s language: of its own data, else of the
/// nearest locale up its fallback chain that has some.
fn names_in(tag: &str) -> Option<LocaleDisplayNamesFormatter> {
    let locale = Locale::try_from_str(tag).ok()?;
    along_fallback(&locale, |candidate| {
        LocaleDisplayNamesFormatter::try_new(candidate.into_locale().into(), DisplayNamesOptions::default()).ok()
    })
}

/// The first answer of `found` along `locale`'s CLDR fallback chain
/// (`de-AT` → `de`), the root excluded.
fn along_fallback<T>(locale: &Locale, mut found: impl FnMut(DataLocale) -> Option<T>) -> Option<T> {
    let mut chain = LocaleFallbacker::new().for_config(Default::default()).fallback_for(DataLocale::from(locale));
    while !chain.get().is_unknown() {
        if let Some(answer) = found(*chain.get()) {
            return Some(answer);
        }
        chain.step();
    }
    None
}

/// The locales (`GET /api/locales`), those whose tag or either name
/// contains `q` (ignoring case) when it is given.
pub fn list(q: Option<&str>) -> LocaleList {
    let q = q.map(str::to_lowercase);
    let locales: Vec<LocaleEntry> = ENTRIES
        .iter()
        .filter(|entry| {
            q.as_deref().is_none_or(|q| {
                [entry.tag, &entry.name, &entry.english_name].iter().any(|text| text.to_lowercase().contains(q))
            })
        })
        .cloned()
        .collect();
    LocaleList { cldr_version: CLDR_VERSION, count: locales.len(), locales }
}

/// What a Discord client in one language shows for each style: its client
/// formats with `Intl.DateTimeFormat(locale, options)`, and these are the
/// CLDR lengths behind the option sets of SPEC 4.4 (`d`, `s` and `S` ask
/// for two-digit day and month), in the locale's own calendar.
pub struct DiscordPreviews {
    short_time: DateTimeFormatter<T>,
    long_time: DateTimeFormatter<T>,
    /// `d`: the short date with two-digit day and month and the full year.
    numeric_date: DateTimeFormatter<YMD>,
    /// The same without padding, to find the date inside `s` and `S`.
    plain_date: DateTimeFormatter<YMD>,
    long_date: DateTimeFormatter<YMD>,
    long_date_time: DateTimeFormatter<YMDT>,
    full_date_time: DateTimeFormatter<YMDET>,
    short_numeric: DateTimeFormatter<YMDT>,
    long_numeric: DateTimeFormatter<YMDT>,
    /// `R`, one formatter per unit: years, months, days, hours, minutes, seconds.
    relative: [RelativeTimeFormatter; 6],
}

impl DiscordPreviews {
    pub fn new(language: &Language) -> Result<DiscordPreviews, TimeError> {
        let missing = |error: &dyn std::fmt::Display| TimeError::InvalidLocale {
            given: format!("{} ({error})", language.requested),
            suggestions: Vec::new(),
        };
        macro_rules! formatter {
            ($fields:expr) => {
                DateTimeFormatter::try_new((&language.requested).into(), $fields).map_err(|e| missing(&e))?
            };
        }
        let time = |precision| T::medium().with_time_precision(precision);
        let numeric = YMD::short().with_year_style(YearStyle::Full);
        let numeric_time = |precision| YMDT::short().with_year_style(YearStyle::Full).with_time_precision(precision);
        let mut options = RelativeTimeFormatterOptions::default();
        options.numeric = Some(Numeric::Always);
        let relative = |make: fn(_, _) -> Result<RelativeTimeFormatter, _>| {
            make(language.requested.clone().into(), options).map_err(|e| missing(&e))
        };
        Ok(DiscordPreviews {
            short_time: formatter!(time(TimePrecision::Minute)),
            long_time: formatter!(time(TimePrecision::Second)),
            numeric_date: formatter!(numeric.with_alignment(Alignment::Column)),
            plain_date: formatter!(numeric),
            long_date: formatter!(YMD::long()),
            long_date_time: formatter!(YMDT::long().with_time_precision(TimePrecision::Minute)),
            full_date_time: formatter!(YMDET::long().with_time_precision(TimePrecision::Minute)),
            short_numeric: formatter!(numeric_time(TimePrecision::Minute)),
            long_numeric: formatter!(numeric_time(TimePrecision::Second)),
            relative: [
                relative(RelativeTimeFormatter::try_new_long_year)?,
                relative(RelativeTimeFormatter::try_new_long_month)?,
                relative(RelativeTimeFormatter::try_new_long_day)?,
                relative(RelativeTimeFormatter::try_new_long_hour)?,
                relative(RelativeTimeFormatter::try_new_long_minute)?,
                relative(RelativeTimeFormatter::try_new_long_second)?,
            ],
        })
    }

    /// The preview of `style` for the wall-clock time `local` (whole
    /// seconds); `R` counts `relative` units (see [`RelativeUnit`]).
    pub fn render(&self, style: DiscordStyle, local: DateTime, relative: (RelativeUnit, i64)) -> String {
        let input: icu_datetime::input::DateTime<icu_calendar::Iso> = jiff_icu::ConvertFrom::convert_from(local);
        // Intl asks for a "numeric" hour (and day, in the long dates): one
        // digit where one will do, whatever width the locale's pattern has.
        let text = match style {
            DiscordStyle::ShortTime => unpadded(&self.short_time.format(&input), &[parts::HOUR]),
            DiscordStyle::LongTime => unpadded(&self.long_time.format(&input), &[parts::HOUR]),
            DiscordStyle::ShortDate => self.numeric_date.format(&input).to_string(),
            DiscordStyle::LongDate => unpadded(&self.long_date.format(&input), &[parts::DAY]),
            DiscordStyle::ShortDateTime => unpadded(&self.long_date_time.format(&input), &[parts::DAY, parts::HOUR]),
            DiscordStyle::LongDateTime => unpadded(&self.full_date_time.format(&input), &[parts::DAY, parts::HOUR]),
            DiscordStyle::ShortNumeric | DiscordStyle::LongNumeric => {
                let formatter =
                    if style == DiscordStyle::ShortNumeric { &self.short_numeric } else { &self.long_numeric };
                // ICU4X pads every numeric field or none; Intl's options pad
                // the day and month only: the padded date replaces the plain one.
                let text = unpadded(&formatter.format(&input), &[parts::HOUR]);
                let plain = self.plain_date.format(&input).to_string();
                text.replacen(&plain, &self.numeric_date.format(&input).to_string(), 1)
            }
            DiscordStyle::Relative => {
                let (unit, count) = relative;
                self.relative[unit as usize].format(count.into()).to_string()
            }
        };
        // CLDR 42 put a narrow no-break space before AM/PM; browsers (V8)
        // and Node write a plain space, and so does Discord's client.
        text.replace('\u{202f}', " ")
    }
}

/// `formatted` with the leading zero of each of `fields` dropped (`07` → `7`).
fn unpadded(formatted: &impl Writeable, fields: &[Part]) -> String {
    let mut sink = PartsSink { text: String::new(), fields, found: Vec::new() };
    // Writing to a String cannot fail.
    let _ = formatted.write_to_parts(&mut sink);
    let PartsSink { mut text, mut found, .. } = sink;
    found.sort_unstable();
    for start in found.into_iter().rev() {
        text.remove(start);
    }
    text
}

/// Collects a formatted text and where each padded field of `fields` starts.
struct PartsSink<'a> {
    text: String,
    fields: &'a [Part],
    found: Vec<usize>,
}

impl fmt::Write for PartsSink<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}

impl PartsWrite for PartsSink<'_> {
    type SubPartsWrite = Self;

    fn with_part(&mut self, part: Part, mut write: impl FnMut(&mut Self) -> fmt::Result) -> fmt::Result {
        let start = self.text.len();
        write(self)?;
        let field = &self.text[start..];
        if self.fields.contains(&part) && field.len() == 2 && field.starts_with('0') {
            self.found.push(start);
        }
        Ok(())
    }
}

/// The unit of a relative time: the largest whole calendar unit between
/// now and the instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelativeUnit {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn previews(tag: &str, local: &str) -> Vec<String> {
        let language = Language::resolve(tag).unwrap();
        let previews = DiscordPreviews::new(&language).unwrap();
        let local: DateTime = local.parse().unwrap();
        DiscordStyle::ALL.iter().map(|&style| previews.render(style, local, (RelativeUnit::Year, -2))).collect()
    }

    #[test]
    fn tags_match_ignoring_case_and_fall_back_to_their_language() {
        assert_eq!(Language::resolve("de-AT").unwrap().used, "de-AT");
        assert_eq!(Language::resolve("de-xx").unwrap().used, "de");
        assert_eq!(Language::resolve("EN-us").unwrap().used, "en");
        assert_eq!(Language::resolve("zh-TW").unwrap().used, "zh-Hant");
        assert_eq!(Language::resolve("pt-BR").unwrap().used, "pt");
        assert_eq!(Language::resolve("no").unwrap().used, "no");
        let Err(TimeError::InvalidLocale { suggestions, .. }) = Language::resolve("xx") else { panic!() };
        assert!(suggestions.len() <= 3);
        let Err(TimeError::InvalidLocale { suggestions, .. }) = Language::resolve("deu") else { panic!() };
        assert_eq!(suggestions.first(), Some(&"de"), "{suggestions:?}");
        assert!(Language::resolve("not a tag").is_err());
    }

    #[test]
    fn the_list_names_each_locale_in_its_own_language_and_in_english() {
        let all = list(None);
        assert_eq!(all.count, SUPPORTED.len());
        let de = all.locales.iter().find(|entry| entry.tag == "de").unwrap();
        assert_eq!((de.name.as_str(), de.english_name.as_str(), de.discord), ("Deutsch", "German", true));
        let at = all.locales.iter().find(|entry| entry.tag == "de-AT").unwrap();
        assert_eq!((at.name.as_str(), at.discord), ("Österreichisches Deutsch", false));
        // One locale for each of the 32 (en-US is served by en, sv-SE by sv, zh-TW by zh-Hant).
        assert_eq!(all.locales.iter().filter(|entry| entry.discord).count(), 32);
        let found = list(Some("PORTUG"));
        assert!(found.locales.iter().any(|entry| entry.tag == "pt"), "{:?}", found.locales);
    }

    #[test]
    fn the_compiled_data_holds_every_discord_language() {
        assert!(SUPPORTED.len() > 300, "{}", SUPPORTED.len());
        for tag in DISCORD_LANGUAGES {
            Language::resolve(tag).unwrap_or_else(|e| panic!("{tag}: {e}"));
        }
        assert_eq!(CLDR_VERSION, "49.0.0");
    }

    #[test]
    fn previews_speak_the_language_as_intl_does() {
        // Node's Intl (ICU 78, CLDR 48) for 1700000000 in New York.
        assert_eq!(
            previews("de", "2023-11-14T17:13:20"),
            [
                "17:13",
                "17:13:20",
                "14.11.2023",
                "14. November 2023",
                "14. November 2023 um 17:13",
                "Dienstag, 14. November 2023 um 17:13",
                "14.11.2023, 17:13",
                "14.11.2023, 17:13:20",
                "vor 2 Jahren",
            ]
        );
        assert_eq!(
            previews("en-US", "2023-11-05T07:03:20"),
            [
                "7:03 AM",
                "7:03:20 AM",
                "11/05/2023",
                "November 5, 2023",
                "November 5, 2023 at 7:03 AM",
                "Sunday, November 5, 2023 at 7:03 AM",
                "11/05/2023, 7:03 AM",
                "11/05/2023, 7:03:20 AM",
                "2 years ago",
            ]
        );
        assert_eq!(previews("ja", "2023-11-14T17:13:20")[5], "2023年11月14日火曜日 17:13");
        // zh-Hant joins date and time with a thin space (Intl too).
        assert_eq!(previews("zh-TW", "2023-11-14T17:13:20")[6], "2023/11/14\u{2009}下午5:13");
    }
}
