//! Locales: which ones the compiled CLDR data holds, how a BCP 47
//! tag is matched to one of them, and what a Discord client set to that
//! language shows for each timestamp style, all from ICU4X's data.
//!
//! A tag is parsed ignoring case, then walked down CLDR's fallback chain
//! (`de-AT-x-foo` → `de-AT` → `de`) until a locale whose data the binary
//! holds: that locale is the one reported as used. `en-US` is `en` in CLDR.

use std::cell::OnceCell;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::{Arc, LazyLock, Mutex, Weak};

use icu_calendar::AnyCalendarKind;
use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder, ZoneStyle};
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::fieldsets::{T, YMD, YMDET, YMDT};
use icu_datetime::input::{TimeZoneInfo, ZonedDateTime};
use icu_datetime::options::{Alignment, Length, TimePrecision, YearStyle};
use icu_datetime::{DateTimeFormatter, parts};
use icu_experimental::displaynames::DisplayNamesOptions;
use icu_experimental::displaynames::multi::LocaleDisplayNamesFormatter;
use icu_experimental::duration::options::{BaseStyle, DurationFormatterOptions, FieldDisplay};
use icu_experimental::duration::{Duration, DurationFormatter, DurationSign, ValidatedDurationFormatterOptions};
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use icu_locale::{Locale, LocaleFallbacker};
use icu_provider::{DataLocale, IterableDataProvider};
use icu_time::zone::models::AtTime;
use jiff::{Timestamp, Zoned};
use writeable::{Part, PartsWrite, Writeable};

use crate::discord::DiscordStyle;
use crate::error::TimeError;
use crate::unit::TimeUnit;

mod intl;
mod learner;
mod unwritten;
mod words;

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
    /// Matches `tag` (BCP 47, any case, `_` read as `-`) to the supported locale that serves it.
    pub fn resolve(tag: &str) -> Result<Language, TimeError> {
        if tag.chars().count() > MAX_TAG_CHARS {
            let given: String = tag.chars().take(MAX_TAG_CHARS).chain(['…']).collect();
            return Err(TimeError::InvalidLocale { given, suggestions: Vec::new() });
        }
        let invalid = || TimeError::InvalidLocale { given: tag.to_owned(), suggestions: suggestions(tag) };
        // `pt_BR` (POSIX's spelling, as many clients send it) is `pt-BR`.
        let requested = Locale::try_from_str(&tag.trim().replace('_', "-")).map_err(|_| invalid())?;
        let used = along_fallback(&requested, |candidate| {
            SUPPORTED.binary_search(&candidate.to_string().as_str()).ok().map(|index| SUPPORTED[index])
        });
        used.map(|used| Language { requested, used }).ok_or_else(invalid)
    }

    /// English as CLDR's `en` writes it (US English), the default: named
    /// directly, so that answers in English never build [`SUPPORTED`]
    /// (listing the compiled data's locales takes some 25 million
    /// instructions, paid by the first request that names a locale).
    pub fn english() -> Language {
        Language { requested: icu_locale::locale!("en"), used: "en" }
    }
}

/// Up to three supported locales close to `tag`: its language itself and
/// the locales of its language first, then the nearest by spelling.
fn suggestions(tag: &str) -> Vec<&'static str> {
    let wanted = tag.trim().to_ascii_lowercase().replace('_', "-");
    let language = wanted.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or_default();
    let mut scored: Vec<(f64, &'static str)> = SUPPORTED
        .iter()
        .map(|&candidate| {
            let lower = candidate.to_ascii_lowercase();
            let bonus = match lower.split('-').next() == Some(language) {
                true if lower == language => 2.0,
                true => 1.0,
                false => 0.0,
            };
            (strsim::normalized_damerau_levenshtein(&wanted, &lower) + bonus, candidate)
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

/// Discord's languages with their names, computed once.
static DISCORD: LazyLock<Vec<DiscordLanguage>> = LazyLock::new(|| {
    let english = names_in("en");
    DISCORD_LANGUAGES
        .iter()
        .filter_map(|&tag| {
            let locale = Locale::try_from_str(tag).ok()?;
            let name_in = |names: Option<&LocaleDisplayNamesFormatter>| {
                names.map_or_else(|| tag.to_owned(), |names| names.of(&locale).into_owned())
            };
            let used = Language::resolve(tag).ok()?.used;
            Some(DiscordLanguage {
                tag,
                locale: used,
                name: intl::joined_as_cldr_joins(used, name_in(names_in(tag).as_ref())),
                english_name: name_in(english.as_ref()),
            })
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
///
/// ```
/// let german = tsconv_time::locale::list(Some("German"));
/// assert!(german.locales.iter().any(|locale| locale.tag == "de" && locale.discord));
/// ```
pub fn list(q: Option<&str>) -> LocaleList {
    let q = q.map(str::to_lowercase);
    let locales: Vec<LocaleEntry> = ENTRIES
        .iter()
        .filter(|entry| matches(q.as_deref(), [entry.tag, &entry.name, &entry.english_name]))
        .cloned()
        .collect();
    let discord: Vec<DiscordLanguage> = DISCORD
        .iter()
        .filter(|language| matches(q.as_deref(), [language.tag, &language.name, &language.english_name]))
        .cloned()
        .collect();
    LocaleList { cldr_version: CLDR_VERSION, count: locales.len(), locales, discord }
}

/// Whether one of `texts` contains `q` (lowercased), ignoring case; any text does when there is no `q`.
fn matches(q: Option<&str>, texts: [&str; 3]) -> bool {
    q.is_none_or(|q| texts.iter().any(|text| text.to_lowercase().contains(q)))
}

/// Everything one language writes, from its CLDR data: the Discord
/// previews, relative times, the length presets, zone names and durations.
/// Built once per language and kept (see [`Localizer::get`]): building
/// loads some thirty formatters, formatting with them is cheap.
pub struct Localizer {
    language: Language,
    discord: DiscordFormatters,
    /// The patterns Chromium's Intl writes the previews and the length
    /// presets with, for the languages Discord offers (see [`intl`]).
    intl: Option<intl::IntlPatterns>,
    /// Relative times in numbers (`in 1 day`, as Intl's default
    /// `numeric: "always"`), one per unit: years, months, days, hours,
    /// minutes, seconds.
    relative: [RelativeTimeFormatter; 6],
    /// Seconds with `numeric: "auto"`, for the word of zero (`now`).
    now: RelativeTimeFormatter,
    /// [`LengthPreset::ALL`], in order.
    lengths: [DateTimeFormatter<CompositeFieldSet>; 12],
    /// The zone's specific long name (`Eastern Standard Time`).
    zone_name: DateTimeFormatter<CompositeFieldSet>,
    /// The zone's specific short name (`EST`, or `GMT-5` where the language has none).
    zone_short: DateTimeFormatter<CompositeFieldSet>,
    /// The last long name written for each zone, with the stretch between
    /// two transitions it holds for (see [`Localizer::zone_name`]).
    zone_names: Mutex<HashMap<String, NamedStretch>>,
    /// Durations in words, as `Intl.DurationFormat` with `style: "long"`.
    duration: DurationFormatter,
    /// The same showing seconds always: the words of a zero duration (`0 seconds`).
    zero_duration: DurationFormatter,
    /// The order of day and month in the short date, found on first use.
    date_order: std::sync::OnceLock<crate::human::DateOrder>,
    /// The words of dates in this language, learned on first use.
    vocabulary: std::sync::OnceLock<crate::human::Vocabulary>,
    /// This localizer, shared, to learn its words on the learner thread.
    me: Weak<Localizer>,
}

impl fmt::Debug for Localizer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Localizer").field("language", &self.language).finish_non_exhaustive()
    }
}

/// What a Discord client in one language shows for each style: its client
/// formats with `Intl.DateTimeFormat(locale, options)`, and these are the
/// CLDR lengths behind the option sets (`d`, `s` and `S` ask
/// for two-digit day and month), in the locale's own calendar.
struct DiscordFormatters {
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
    /// Whether the locale's calendar is the Gregorian one, whose era Intl's
    /// `year: "numeric"` leaves out (`2 BC` is `2`); other calendars'
    /// patterns keep theirs (`令和5年`).
    gregorian: bool,
}

/// The most languages kept built at once; past it, the one used least
/// recently goes (and is built again, in about 0.3 ms, when next asked
/// for). Each holds about 45 KiB of formatters, and its words for people's
/// text once read (tens of KiB more: English's words and the zones' lists
/// are shared, not copied): a bound on the memory a server
/// keeps, whatever locales its callers ask for, that still keeps the
/// languages a deployment actually serves (as many as Discord speaks).
const CACHED_LANGUAGES: usize = 32;

/// The languages built so far, by canonical requested tag, and the order
/// they were last used in (the most recent last).
static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);

#[derive(Default)]
struct Cache {
    built: HashMap<String, Arc<Localizer>>,
    order: VecDeque<String>,
}

impl Cache {
    /// Marks `key` as the most recently used.
    fn used(&mut self, key: &str) {
        if self.order.back().is_some_and(|last| last == key) {
            return;
        }
        if let Some(at) = self.order.iter().position(|k| k == key)
            && let Some(key) = self.order.remove(at)
        {
            self.order.push_back(key);
        }
    }
}

/// English (`en`, as US English writes), the language of every answer
/// that asks for none.
static ENGLISH: LazyLock<Arc<Localizer>> =
    LazyLock::new(|| Localizer::new(Language::english()).expect("the compiled data holds English"));

/// The default language of every answer.
pub fn english() -> &'static Localizer {
    &ENGLISH
}

/// [`english`], shared.
pub fn english_shared() -> &'static Arc<Localizer> {
    &ENGLISH
}

/// The longest `locale` tag read (longer ones are refused unread).
pub const MAX_TAG_CHARS: usize = 64;

impl Localizer {
    /// The localizer of `tag` (BCP 47, any case), built on first use and
    /// kept, up to `CACHED_LANGUAGES` of them.
    ///
    /// ```
    /// use tsconv_time::locale::Localizer;
    ///
    /// assert_eq!(Localizer::get("pt_br").unwrap().used(), "pt");   // CLDR's fallback
    /// assert_eq!(Localizer::get("zh-TW").unwrap().used(), "zh-Hant");
    /// assert!(Localizer::get("xx-nowhere").is_err());
    /// ```
    pub fn get(tag: &str) -> Result<Arc<Localizer>, TimeError> {
        let language = Language::resolve(tag)?;
        if language.used == "en" && language.requested.extensions.is_empty() {
            return Ok(Arc::clone(&ENGLISH));
        }
        let key = language.requested.to_string();
        // A poisoned lock only means another request panicked while holding it: the map is still whole.
        let cache = || CACHE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        {
            let mut cache = cache();
            if let Some(found) = cache.built.get(&key).map(Arc::clone) {
                cache.used(&key);
                return Ok(found);
            }
        }
        // Built outside the lock, on the learner thread (see [`learner`]);
        // a request that built the same meanwhile wins.
        let built = learner::on_learner(move || Localizer::new(language))?;
        let mut cache = cache();
        if let Some(found) = cache.built.get(&key) {
            return Ok(Arc::clone(found));
        }
        if cache.order.len() >= CACHED_LANGUAGES
            && let Some(oldest) = cache.order.pop_front()
        {
            cache.built.remove(&oldest);
        }
        cache.order.push_back(key.clone());
        cache.built.insert(key, Arc::clone(&built));
        Ok(built)
    }

    fn new(language: Language) -> Result<Arc<Localizer>, TimeError> {
        let missing = |error: &dyn std::fmt::Display| TimeError::InvalidLocale {
            given: format!("{} ({error})", language.requested),
            suggestions: Vec::new(),
        };
        let prefs = || (&language.requested).into();
        macro_rules! formatter {
            ($fields:expr) => {
                DateTimeFormatter::try_new(prefs(), $fields).map_err(|e| missing(&e))?
            };
        }
        let time = |precision| T::medium().with_time_precision(precision);
        let numeric = YMD::short().with_year_style(YearStyle::Full);
        let numeric_time = |precision| YMDT::short().with_year_style(YearStyle::Full).with_time_precision(precision);
        let discord = DiscordFormatters {
            short_time: formatter!(time(TimePrecision::Minute)),
            long_time: formatter!(time(TimePrecision::Second)),
            numeric_date: formatter!(numeric.with_alignment(Alignment::Column)),
            plain_date: formatter!(numeric),
            long_date: formatter!(YMD::long().with_year_style(YearStyle::Full)),
            long_date_time: formatter!(
                YMDT::long().with_year_style(YearStyle::Full).with_time_precision(TimePrecision::Minute)
            ),
            full_date_time: formatter!(
                YMDET::long().with_year_style(YearStyle::Full).with_time_precision(TimePrecision::Minute)
            ),
            short_numeric: formatter!(numeric_time(TimePrecision::Minute)),
            long_numeric: formatter!(numeric_time(TimePrecision::Second)),
            gregorian: false,
        };
        let calendar = discord.long_date.calendar().kind();
        let discord = DiscordFormatters { gregorian: calendar == AnyCalendarKind::Gregorian, ..discord };
        let intl = intl::IntlPatterns::of(&language, calendar).transpose().map_err(|e| missing(&e))?;
        let relative_with = |numeric, make: fn(_, _) -> Result<RelativeTimeFormatter, _>| {
            let mut options = RelativeTimeFormatterOptions::default();
            options.numeric = Some(numeric);
            make(language.requested.clone().into(), options).map_err(|e| missing(&e))
        };
        let relative = |make| relative_with(Numeric::Always, make);
        let mut lengths = Vec::with_capacity(12);
        for preset in LengthPreset::ALL {
            lengths.push(formatter!(preset.field_set().map_err(|e| missing(&e))?));
        }
        let zone_only = |style| {
            let mut builder = FieldSetBuilder::new();
            builder.zone_style = Some(style);
            builder.build_composite()
        };
        let duration_formatter = |seconds| {
            let mut options = DurationFormatterOptions::default();
            options.base = BaseStyle::Long;
            options.second_visibility = Some(seconds);
            let options =
                ValidatedDurationFormatterOptions::validate(options).map_err(|e| missing(&format!("{e:?}")))?;
            DurationFormatter::try_new((&language.requested).into(), options).map_err(|e| missing(&e))
        };
        let localizer = Localizer {
            discord,
            intl,
            relative: [
                relative(RelativeTimeFormatter::try_new_long_year)?,
                relative(RelativeTimeFormatter::try_new_long_month)?,
                relative(RelativeTimeFormatter::try_new_long_day)?,
                relative(RelativeTimeFormatter::try_new_long_hour)?,
                relative(RelativeTimeFormatter::try_new_long_minute)?,
                relative(RelativeTimeFormatter::try_new_long_second)?,
            ],
            now: relative_with(Numeric::Auto, RelativeTimeFormatter::try_new_long_second)?,
            lengths: lengths.try_into().map_err(|_| missing(&"the length presets"))?,
            zone_name: formatter!(zone_only(ZoneStyle::SpecificLong).map_err(|e| missing(&e))?),
            zone_short: formatter!(zone_only(ZoneStyle::SpecificShort).map_err(|e| missing(&e))?),
            zone_names: Mutex::default(),
            duration: duration_formatter(FieldDisplay::Auto)?,
            zero_duration: duration_formatter(FieldDisplay::Always)?,
            date_order: std::sync::OnceLock::new(),
            vocabulary: std::sync::OnceLock::new(),
            language,
            me: Weak::new(),
        };
        Ok(Arc::new_cyclic(|me| Localizer { me: me.clone(), ..localizer }))
    }

    /// The order of day and month in this language's numeric dates,
    /// as its CLDR short date writes them: `11/14/23` in `en`,
    /// `14/11/2023` in `en-GB` and `fr`, `14.11.23` in `de`; year-first
    /// patterns (`2023/11/14`) count as month first.
    ///
    /// ```
    /// use tsconv_time::{human::DateOrder, locale::Localizer};
    /// assert_eq!(Localizer::get("en-US").unwrap().date_order(), DateOrder::MonthDay);
    /// assert_eq!(Localizer::get("en-GB").unwrap().date_order(), DateOrder::DayMonth);
    /// assert_eq!(Localizer::get("de").unwrap().date_order(), DateOrder::DayMonth);
    /// ```
    pub fn date_order(&self) -> crate::human::DateOrder {
        *self.date_order.get_or_init(|| {
            // 2023-11-14T12:00:00Z: day 14, month 11.
            let zoned = Timestamp::from_second(1_699_963_200).unwrap_or_default().to_zoned(jiff::tz::TimeZone::UTC);
            let short_date = LengthPreset { fields: LengthFields::Date, length: CldrLength::Short };
            let written = self.length(short_date, &Moment::new(&zoned));
            let written = crate::digits::ascii_digits(&written).unwrap_or(written);
            match (written.find("14"), written.find("11")) {
                (Some(day), Some(month)) if day < month => crate::human::DateOrder::DayMonth,
                _ => crate::human::DateOrder::MonthDay,
            }
        })
    }

    /// The words people of this language type in dates, learned
    /// from what this language's formatters write, over English's.
    ///
    /// ```
    /// use jiff::Timestamp;
    /// use tsconv_time::input::{Input, ReadOptions, read};
    /// use tsconv_time::locale::Localizer;
    /// use tsconv_time::zone::Zone;
    ///
    /// let berlin = Zone::parse("Europe/Berlin").unwrap();
    /// let german = Localizer::get("de").unwrap();
    /// let options = ReadOptions { language: &german, ..ReadOptions::defaults(&berlin, Timestamp::UNIX_EPOCH) };
    /// let reading = read(Input::Text("Dienstag, 14. November 2023 um 17:13"), &options).unwrap();
    /// assert_eq!(reading.instant.to_string(), "2023-11-14T16:13:00Z");
    /// ```
    pub fn vocabulary(&self) -> &crate::human::Vocabulary {
        self.vocabulary.get_or_init(|| match self.me.upgrade() {
            Some(me) => learner::on_learner(move || words::learn(&me)),
            None => words::learn(self),
        })
    }

    /// The region of the locale as asked for (`IE` for `en-IE`), if it names one.
    pub fn region(&self) -> Option<&str> {
        self.language.requested.id.region.as_ref().map(|region| region.as_str())
    }

    /// The names of the weekdays (Sunday first, as cron counts them) and of
    /// the months of the Gregorian calendar in this language, wide and
    /// stand-alone, as CLDR writes them alone (`Montag`, `Januar`;
    /// `понедельник`, `январь`), whatever calendar the language's dates use.
    pub(crate) fn gregorian_names(&self) -> Result<([String; 7], [String; 12]), TimeError> {
        use icu_calendar::types::Weekday;
        use icu_calendar::{Date, Gregorian};
        use icu_datetime::FixedCalendarDateTimeFormatter;
        use icu_datetime::fieldsets::{E, M};
        let missing = |error: &dyn std::fmt::Display| TimeError::InvalidLocale {
            given: format!("{} ({error})", self.language.requested),
            suggestions: Vec::new(),
        };
        let prefs = || (&self.language.requested).into();
        let weekdays =
            FixedCalendarDateTimeFormatter::<Gregorian, _>::try_new(prefs(), E::long()).map_err(|e| missing(&e))?;
        let months =
            FixedCalendarDateTimeFormatter::<Gregorian, _>::try_new(prefs(), M::long()).map_err(|e| missing(&e))?;
        let days = [
            Weekday::Sunday,
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
            Weekday::Saturday,
        ]
        .map(|day| text(&weekdays.format(&day)));
        let mut names: [String; 12] = Default::default();
        for (month, name) in (1u8..).zip(names.iter_mut()) {
            let date = Date::try_new_gregorian(2024, month, 1).map_err(|e| missing(&e))?;
            *name = text(&months.format(&date));
        }
        Ok((days, names))
    }

    /// The supported locale whose data this is (`data.locale`).
    pub fn used(&self) -> &'static str {
        self.language.used
    }

    /// The preview of `style` for `zoned` (whole seconds), `now` being the
    /// clock `R` counts from.
    pub fn preview(&self, style: DiscordStyle, zoned: &Zoned, now: Timestamp) -> String {
        if style == DiscordStyle::Relative {
            return self.relative(zoned.timestamp(), now);
        }
        let previews = Previews::new(self, zoned);
        previews.render(style)
    }

    /// The previews of all nine styles (see [`Localizer::preview`]), their
    /// common parts written once.
    pub fn previews(&self, zoned: &Zoned, now: Timestamp) -> [String; 9] {
        let previews = Previews::new(self, zoned);
        DiscordStyle::ALL.map(|style| match style {
            DiscordStyle::Relative => self.relative(zoned.timestamp(), now),
            style => previews.render(style),
        })
    }

    /// "3 years ago", "in 2 hours", "now", in this language: the largest
    /// whole calendar unit between `now` and `instant`.
    pub fn relative(&self, instant: Timestamp, now: Timestamp) -> String {
        let (unit, count) = relative_parts(instant, now);
        if count == 0 {
            return text(&self.now.format(0.into()));
        }
        self.relative_count(unit, count)
    }

    /// `count` units relative to now (`-2` years: `2 years ago`), as
    /// `Intl.RelativeTimeFormat` writes it.
    pub fn relative_count(&self, unit: RelativeUnit, count: i64) -> String {
        text(&self.relative[unit as usize].format(count.into()))
    }

    /// One of the CLDR length presets at `moment`.
    pub fn length(&self, preset: LengthPreset, moment: &Moment) -> String {
        let index = preset.index();
        if let Some(intl) = &self.intl {
            return intl.preset(index, moment, |long| match long {
                true => self.name_of(moment),
                false => self.short_name_of(moment),
            });
        }
        let formatter = &self.lengths[index];
        let mut text = text(&formatter.format(&moment.0));
        plain_spaces(&mut text);
        text
    }

    /// The zone's long name at `zoned` (`Eastern Standard Time`,
    /// `Nordamerikanische Ostküsten-Normalzeit`); a `GMT-05:00` form where
    /// the zone has no name (fixed offsets, or offsets the zone's metazone
    /// does not have, such as local mean time). `moment` is `zoned` as
    /// ICU4X reads it, converted only when the name must be written.
    ///
    /// Between two transitions a zone's offset and abbreviation hold, and
    /// so, nearly always, does its name: the name written for an instant is
    /// kept for its stretch when it is the same at both ends of the
    /// stretch, and answers every instant of it after that (a batch of a
    /// thousand instants of one zone, or every request about this month).
    /// A stretch whose ends differ (CLDR moved the zone to another
    /// metazone inside it) is never kept.
    pub fn zone_name<'m>(&self, zoned: &Zoned, moment: impl FnOnce() -> &'m Moment) -> String {
        let tz = zoned.time_zone();
        let at = zoned.timestamp();
        let Some(key) = tz.iana_name() else {
            return self.name_of(moment());
        };
        // A lock held by another request is not waited for: the name is then written anew.
        if let Ok(names) = self.zone_names.try_lock()
            && let Some(stretch) = names.get(key)
            && stretch.holds(at)
        {
            return stretch.name.clone();
        }
        let name = self.name_of(moment());
        if let Some(stretch) = self.stretch_named(tz, at, &name)
            && let Ok(mut names) = self.zone_names.try_lock()
        {
            names.insert(key.to_owned(), stretch);
        }
        name
    }

    /// The zone's long name: ICU4X's, or, in the languages Discord offers,
    /// as Chromium writes it (see `intl::IntlZones`).
    fn name_of(&self, moment: &Moment) -> String {
        let icu4x = || text(&self.zone_name.format(&moment.0));
        match &self.intl {
            Some(intl) => intl.zones.name(true, moment, icu4x),
            None => icu4x(),
        }
    }

    /// The zone's short name (`EST`, `GMT-5`), as [`Localizer::name_of`] the long one.
    fn short_name_of(&self, moment: &Moment) -> String {
        let icu4x = || text(&self.zone_short.format(&moment.0));
        match &self.intl {
            Some(intl) => intl.zones.name(false, moment, icu4x),
            None => icu4x(),
        }
    }

    /// The stretch between the transitions around `at` in `tz`, when the
    /// zone's name is `name` at both of its ends.
    fn stretch_named(&self, tz: &jiff::tz::TimeZone, at: Timestamp, name: &str) -> Option<NamedStretch> {
        let after = at.checked_add(jiff::SignedDuration::from_nanos(1)).ok()?;
        let from = tz.preceding(after).next().map(|transition| transition.timestamp());
        let until = tz.following(at).map(|transition| transition.timestamp()).find(|&next| next > at);
        let name_at = |instant: Timestamp| self.name_of(&Moment::new(&instant.to_zoned(tz.clone())));
        // An open end is checked at the end of the supported range.
        let first = from.unwrap_or(Timestamp::MIN);
        let last = match until {
            Some(until) => until.checked_sub(jiff::SignedDuration::from_nanos(1)).ok()?,
            None => Timestamp::MAX,
        };
        (name_at(first) == name && name_at(last) == name).then(|| NamedStretch {
            from: from.unwrap_or(Timestamp::MIN),
            until,
            name: name.to_owned(),
        })
    }

    /// A duration in words (`1 year, 2 months, 3 days, 12 hours`), as
    /// `Intl.DurationFormat` with `style: "long"` writes it: the units that
    /// are not zero, joined as the language lists units, the sign on the
    /// first (each value is that unit's part, all of one sign); a zero
    /// duration is `0 seconds`.
    pub fn duration(&self, values: &[(TimeUnit, i64)]) -> String {
        let mut duration = Duration::new();
        if values.iter().any(|(_, value)| *value < 0) {
            duration.sign = DurationSign::Negative;
        }
        for &(unit, value) in values {
            let value = value.unsigned_abs();
            match unit {
                TimeUnit::Year => duration.years = value,
                TimeUnit::Quarter => duration.months += 3 * value,
                TimeUnit::Month => duration.months += value,
                TimeUnit::Week => duration.weeks = value,
                TimeUnit::Day => duration.days = value,
                TimeUnit::Hour => duration.hours = value,
                TimeUnit::Minute => duration.minutes = value,
                TimeUnit::Second => duration.seconds = value,
                TimeUnit::Millisecond => duration.milliseconds = value,
                TimeUnit::Microsecond => duration.microseconds = value,
                TimeUnit::Nanosecond => duration.nanoseconds = value,
            }
        }
        let formatter = if values.iter().all(|(_, value)| *value == 0) { &self.zero_duration } else { &self.duration };
        text(&formatter.format(&duration))
    }
}

/// A zone's long name over `[from, until)`: between two transitions.
#[derive(Debug)]
struct NamedStretch {
    from: Timestamp,
    /// `None`: no later transition.
    until: Option<Timestamp>,
    name: String,
}

impl NamedStretch {
    fn holds(&self, at: Timestamp) -> bool {
        self.from <= at && self.until.is_none_or(|until| at < until)
    }
}

/// An instant in a zone as ICU4X's formatters read it (date, time, zone and
/// offset), converted once for every text of an answer, with what ICU4C's
/// zone names depend on besides (see `intl::IntlZones`). `Etc/GMT` and
/// `GMT` are named as `UTC`, as V8 reads them (see `intl::as_intl_names`).
pub struct Moment(ZonedDateTime<icu_calendar::Iso, TimeZoneInfo<AtTime>>, intl::When);

impl Moment {
    pub fn new(zoned: &Zoned) -> Moment {
        let when = intl::When::of(zoned);
        let mut moment: ZonedDateTime<icu_calendar::Iso, TimeZoneInfo<AtTime>> =
            jiff_icu::ConvertFrom::convert_from(zoned);
        moment.zone = intl::as_intl_names(moment.zone, zoned.time_zone().iana_name());
        Moment(moment, when)
    }
}

/// The Discord previews of one wall-clock time, with the numeric date
/// that `d`, `s` and `S` share written once.
struct Previews<'a> {
    formatters: &'a DiscordFormatters,
    /// Chromium's patterns, where the language has them.
    intl: Option<&'a intl::IntlPatterns>,
    input: icu_datetime::input::DateTime<icu_calendar::Iso>,
    /// `d`, the date with two-digit day and month, written when a style needs it.
    numeric_date: OnceCell<String>,
    /// The date as the numeric styles' patterns write it, which `s` and `S`
    /// share: written when one of them needs it.
    plain_date: OnceCell<String>,
}

impl Previews<'_> {
    fn new<'a>(localizer: &'a Localizer, zoned: &Zoned) -> Previews<'a> {
        let formatters = &localizer.discord;
        let input = jiff_icu::ConvertFrom::convert_from(zoned.datetime());
        Previews {
            formatters,
            intl: localizer.intl.as_ref(),
            input,
            numeric_date: OnceCell::new(),
            plain_date: OnceCell::new(),
        }
    }

    fn numeric_date(&self) -> &str {
        self.numeric_date.get_or_init(|| self.unpadded(&self.formatters.numeric_date.format(&self.input), &[]))
    }

    /// [`unpadded`], with the era dropped in the Gregorian calendar.
    fn unpadded(&self, formatted: &impl Writeable, fields: &[Part]) -> String {
        unpadded(formatted, fields, self.formatters.gregorian)
    }

    /// Every style but `R`. Intl asks for a "numeric" hour (and day, in
    /// the long dates): one digit where one will do, whatever width the
    /// locale's pattern has; and for the year of the era alone, never the era.
    fn render(&self, style: DiscordStyle) -> String {
        let Previews { formatters, input, .. } = self;
        if let Some(intl) = self.intl
            && let Some(index) = DiscordStyle::ALL[..intl::PREVIEWS].iter().position(|&s| s == style)
        {
            return intl.preview(index, input);
        }
        match style {
            DiscordStyle::ShortTime => self.unpadded(&formatters.short_time.format(input), &[parts::HOUR]),
            DiscordStyle::LongTime => self.unpadded(&formatters.long_time.format(input), &[parts::HOUR]),
            DiscordStyle::ShortDate => self.numeric_date().to_owned(),
            DiscordStyle::LongDate => self.unpadded(&formatters.long_date.format(input), &[parts::DAY]),
            DiscordStyle::ShortDateTime => {
                self.unpadded(&formatters.long_date_time.format(input), &[parts::DAY, parts::HOUR])
            }
            DiscordStyle::LongDateTime => {
                self.unpadded(&formatters.full_date_time.format(input), &[parts::DAY, parts::HOUR])
            }
            DiscordStyle::ShortNumeric | DiscordStyle::LongNumeric => {
                let formatter = if style == DiscordStyle::ShortNumeric {
                    &formatters.short_numeric
                } else {
                    &formatters.long_numeric
                };
                // ICU4X pads every numeric field or none; Intl's options pad
                // the day and month only: the padded date replaces the plain one.
                let text = self.unpadded(&formatter.format(input), &[parts::HOUR]);
                let plain = self.plain_date.get_or_init(|| self.unpadded(&formatters.plain_date.format(input), &[]));
                text.replacen(plain.as_str(), self.numeric_date(), 1)
            }
            DiscordStyle::Relative => String::new(),
        }
    }
}

/// A formatted text, in one buffer sized for the usual text (`to_string`
/// starts empty and grows four times).
fn text(formatted: &impl Writeable) -> String {
    let mut text = String::with_capacity(64);
    // Writing to a String cannot fail.
    let _ = formatted.write_to(&mut text);
    text
}

/// CLDR 42 put a narrow no-break space before AM/PM; browsers (V8) and
/// Node write a plain space in date-time texts, and so does Discord's
/// client. (Numbers keep theirs: French groups digits with it, in Intl too.)
fn plain_spaces(text: &mut String) {
    const NARROW: char = '\u{202f}';
    while let Some(at) = text.find(NARROW) {
        text.replace_range(at..at + NARROW.len_utf8(), " ");
    }
}

/// The largest whole calendar unit between `now` and `instant`, and how
/// many of it (negative in the past): calendar units counted in UTC.
fn relative_parts(instant: Timestamp, now: Timestamp) -> (RelativeUnit, i64) {
    let civil = |t: Timestamp| jiff::tz::Offset::UTC.to_datetime(t);
    let counts: [(RelativeUnit, i64); 6] = match civil(now).until((jiff::Unit::Year, civil(instant))) {
        Ok(span) => [
            (RelativeUnit::Year, i64::from(span.get_years())),
            (RelativeUnit::Month, i64::from(span.get_months())),
            (RelativeUnit::Day, i64::from(span.get_days())),
            (RelativeUnit::Hour, i64::from(span.get_hours())),
            (RelativeUnit::Minute, span.get_minutes()),
            (RelativeUnit::Second, span.get_seconds()),
        ],
        // Both ends are in range, so this is not expected; count seconds.
        Err(_) => {
            let seconds = instant.as_second() - now.as_second();
            [
                (RelativeUnit::Year, seconds / 31_556_952),
                (RelativeUnit::Month, 0),
                (RelativeUnit::Day, seconds / 86_400),
                (RelativeUnit::Hour, 0),
                (RelativeUnit::Minute, 0),
                (RelativeUnit::Second, seconds),
            ]
        }
    };
    counts.into_iter().find(|(_, count)| *count != 0).unwrap_or((RelativeUnit::Second, 0))
}

/// A CLDR length preset: the date, the time, or both, in one of
/// the four lengths, as `Intl.DateTimeFormat` with `dateStyle` and
/// `timeStyle` (the long and full times name the zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LengthPreset {
    pub fields: LengthFields,
    pub length: CldrLength,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthFields {
    Date,
    Time,
    DateTime,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CldrLength {
    Short,
    Medium,
    Long,
    Full,
}

impl LengthPreset {
    pub const ALL: [LengthPreset; 12] = {
        use CldrLength::*;
        use LengthFields::*;
        const fn preset(fields: LengthFields, length: CldrLength) -> LengthPreset {
            LengthPreset { fields, length }
        }
        [
            preset(Date, Short),
            preset(Date, Medium),
            preset(Date, Long),
            preset(Date, Full),
            preset(Time, Short),
            preset(Time, Medium),
            preset(Time, Long),
            preset(Time, Full),
            preset(DateTime, Short),
            preset(DateTime, Medium),
            preset(DateTime, Long),
            preset(DateTime, Full),
        ]
    };

    /// Its place in [`LengthPreset::ALL`] (and in each language's formatters).
    pub const fn index(self) -> usize {
        self.fields as usize * 4 + self.length as usize
    }

    /// `date_short` … `datetime_full`.
    pub const fn name(self) -> &'static str {
        const NAMES: [[&str; 4]; 3] = [
            ["date_short", "date_medium", "date_long", "date_full"],
            ["time_short", "time_medium", "time_long", "time_full"],
            ["datetime_short", "datetime_medium", "datetime_long", "datetime_full"],
        ];
        NAMES[self.fields as usize][self.length as usize]
    }

    /// The ICU4X fields of this preset: the full date has the weekday, the
    /// short time no seconds, the long time the zone's short name and the
    /// full time its long name.
    fn field_set(self) -> Result<CompositeFieldSet, icu_datetime::fieldsets::builder::BuilderError> {
        let mut builder = FieldSetBuilder::new();
        builder.length = Some(match self.length {
            CldrLength::Short => Length::Short,
            CldrLength::Medium => Length::Medium,
            CldrLength::Long | CldrLength::Full => Length::Long,
        });
        if self.fields != LengthFields::Time {
            builder.date_fields =
                Some(if self.length == CldrLength::Full { DateFields::YMDE } else { DateFields::YMD });
        }
        if self.fields != LengthFields::Date {
            builder.time_precision =
                Some(if self.length == CldrLength::Short { TimePrecision::Minute } else { TimePrecision::Second });
            builder.zone_style = match self.length {
                CldrLength::Short | CldrLength::Medium => None,
                CldrLength::Long => Some(ZoneStyle::SpecificShort),
                CldrLength::Full => Some(ZoneStyle::SpecificLong),
            };
        }
        builder.build_composite()
    }
}

/// `formatted` with the leading zero of each of `fields` dropped (`07` →
/// `7`), and, with `without_era`, without its era (`2 BC` → `2`): Intl's
/// `year: "numeric"` writes the Gregorian year of the era alone; its
/// spaces plain ([`plain_spaces`]).
fn unpadded(formatted: &impl Writeable, fields: &[Part], without_era: bool) -> String {
    let mut sink = PartsSink { text: String::with_capacity(64), fields, found: Vec::new(), era: None, without_era };
    // Writing to a String cannot fail.
    let _ = formatted.write_to_parts(&mut sink);
    let PartsSink { mut text, found, era, .. } = sink;
    let mut cuts: Vec<std::ops::Range<usize>> = found.into_iter().map(|start| start..start + 1).collect();
    if let Some((start, end)) = era {
        // The era and the space that separates it from the year.
        let space = |c: Option<char>| c.filter(|c| c.is_whitespace()).map_or(0, char::len_utf8);
        let before = space(text[..start].chars().next_back());
        let after = if before == 0 { space(text[end..].chars().next()) } else { 0 };
        cuts.push(start - before..end + after);
    }
    cuts.sort_unstable_by_key(|cut| cut.start);
    for cut in cuts.into_iter().rev() {
        text.replace_range(cut, "");
    }
    plain_spaces(&mut text);
    text
}

/// Collects a formatted text and where each padded field of `fields` starts.
struct PartsSink<'a> {
    text: String,
    fields: &'a [Part],
    found: Vec<usize>,
    /// Where the era is, if written and to be dropped.
    era: Option<(usize, usize)>,
    without_era: bool,
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
        if self.without_era && part == parts::ERA {
            self.era = Some((start, self.text.len()));
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

/// The answer of `GET /api/locales`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LocaleList {
    /// The CLDR release of the compiled data (`49.0.0`).
    pub cldr_version: &'static str,
    pub count: usize,
    pub locales: Vec<LocaleEntry>,
    /// The languages of Discord's client, by its own tags (`pt-BR`,
    /// `zh-TW`), in the order of its language menu.
    pub discord: Vec<DiscordLanguage>,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for LocaleList {}

/// One language of Discord's client.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DiscordLanguage {
    /// Discord's tag for it (`pt-BR`, `es-ES`, `sv-SE`, `zh-TW`): the
    /// `locale` to send for what its client shows.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "pt-BR"))]
    pub tag: &'static str,
    /// The locale of the compiled CLDR data that serves it (`pt`), as
    /// `data.locale` names it.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "pt"))]
    pub locale: &'static str,
    /// Its name in its own language, as `Intl.DisplayNames` writes it
    /// (`português (Brasil)`).
    pub name: String,
    /// Its name in English, as `Intl.DisplayNames` writes it (`Brazilian Portuguese`).
    pub english_name: String,
}

/// One locale the compiled CLDR data holds.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LocaleEntry {
    /// The BCP 47 tag, as `data.locale` names it (`de`, `de-AT`, `zh-Hant`).
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "de"))]
    pub tag: &'static str,
    /// Its name in its own language (`Deutsch`).
    pub name: String,
    /// Its name in English (`German`).
    pub english_name: String,
    /// Whether Discord's client offers this language (as one of its tags).
    pub discord: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nine previews of the wall-clock time `local` (in UTC), two
    /// years and a day before now.
    fn previews(tag: &str, local: &str) -> Vec<String> {
        let localizer = Localizer::get(tag).unwrap();
        let zoned = local.parse::<jiff::civil::DateTime>().unwrap().to_zoned(jiff::tz::TimeZone::UTC).unwrap();
        let now = zoned.checked_add(jiff::Span::new().years(2).days(1)).unwrap().timestamp();
        DiscordStyle::ALL.iter().map(|&style| localizer.preview(style, &zoned, now)).collect()
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
        // POSIX spelling, as many clients send it.
        assert_eq!(Language::resolve("pt_BR").unwrap().used, "pt");
        let Err(TimeError::InvalidLocale { suggestions, .. }) = Language::resolve("en_US!") else { panic!() };
        assert_eq!(suggestions.first(), Some(&"en"), "{suggestions:?}");
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
    fn zone_names_kept_per_stretch_are_the_names_written_anew() {
        let localizer = Localizer::get("de").unwrap();
        for (zone, seconds) in [
            // Both sides of 2024's transitions, local mean time, the far future, and an instant
            // in a stretch already kept.
            (
                "America/New_York",
                [
                    1_710_053_999,
                    1_710_054_000,
                    1_730_613_599,
                    1_730_613_600,
                    -3_000_000_000,
                    4_000_000_000,
                    1_700_000_000,
                    1_705_000_000,
                ],
            ),
            // Metazones that changed: Indiana's counties between Central and Eastern, Volgograd.
            (
                "America/Indiana/Knox",
                [
                    -500_000_000,
                    0,
                    700_000_000,
                    1_000_000_000,
                    1_150_000_000,
                    1_200_000_000,
                    1_700_000_000,
                    1_705_000_000,
                ],
            ),
            (
                "Europe/Volgograd",
                [
                    0,
                    500_000_000,
                    1_000_000_000,
                    1_300_000_000,
                    1_500_000_000,
                    1_550_000_000,
                    1_610_000_000,
                    1_700_000_000,
                ],
            ),
        ] {
            let tz = jiff::tz::TimeZone::get(zone).unwrap();
            for second in seconds {
                let zoned = Timestamp::from_second(second).unwrap().to_zoned(tz.clone());
                let moment = Moment::new(&zoned);
                let fresh = localizer.name_of(&moment);
                // The first call may keep the stretch, the second answers from it.
                assert_eq!(localizer.zone_name(&zoned, || &moment), fresh, "{zone} {second}");
                assert_eq!(localizer.zone_name(&zoned, || &moment), fresh, "{zone} {second}");
            }
        }
        // Random instants 1850-2100, each zone's asked in turn, so stretches are kept, used and replaced.
        let zones = ["Europe/London", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo", "Europe/Moscow", "UTC"]
            .map(|zone| jiff::tz::TimeZone::get(zone).unwrap());
        let mut state: u64 = 0x5eed;
        for i in 0..3000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let second = -3_786_825_600 + ((state >> 11) % 7_889_238_000) as i64;
            let zoned = Timestamp::from_second(second).unwrap().to_zoned(zones[i % zones.len()].clone());
            let moment = Moment::new(&zoned);
            assert_eq!(localizer.zone_name(&zoned, || &moment), localizer.name_of(&moment), "{zoned}");
        }
    }

    #[test]
    fn english_is_the_supported_en() {
        let english = Language::english();
        assert_eq!((english.used, english.requested.to_string()), ("en", "en".to_owned()));
        assert!(SUPPORTED.contains(&english.used));
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
        // Other calendars keep their era, as Intl does (`令和5年`); the Gregorian one drops it.
        assert_eq!(previews("ja-u-ca-japanese", "2023-11-14T17:13:20")[3], "令和5年11月14日");
        assert_eq!(previews("en", "-000001-01-01T00:00:00")[3], "January 1, 2");
        // zh-Hant joins date and time with a thin space (Intl too).
        assert_eq!(previews("zh-TW", "2023-11-14T17:13:20")[6], "2023/11/14\u{2009}下午5:13");
    }
}
