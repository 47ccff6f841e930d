//! No silent wrong reading: one instant, written in every form the reader
//! accepts (machine forms, the orders and words people and programs write,
//! each Discord language's CLDR date and time, and each of those in the
//! digits of other scripts), reads to the same instant every time.
//!
//! A property test: a reading that takes one form's field for another (a
//! day for a month, a year's digits for a time, an ordinal for a unit)
//! answers another instant for one of the forms and fails it.

use jiff::Timestamp;
use jiff::civil::Weekday;
use proptest::prelude::*;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::locale::{CldrLength, DISCORD_LANGUAGES, LengthFields, LengthPreset, Localizer, Moment};
use tsconv_time::zone::Zone;

use crate::english::{MONTHS, ORDINALS, WEEKDAYS};

const ZONES: &[&str] = &["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"];
/// The zero of each script's digits: Arabic-Indic, Eastern Arabic-Indic
/// (Persian, Urdu), Devanagari, Bengali, Thai, full-width.
const ZEROS: [char; 6] = ['\u{660}', '\u{6f0}', '\u{966}', '\u{9e6}', '\u{e50}', '\u{ff10}'];

fn weekday_name(weekday: Weekday) -> &'static str {
    WEEKDAYS[weekday.to_sunday_zero_offset() as usize]
}

/// The English forms of a wall-clock time to the second, each read in
/// `en-US`; the last one also writes the zone's offset at the instant.
fn english_forms(zoned: &jiff::Zoned) -> Vec<String> {
    let (y, m, d) = (zoned.year(), zoned.month(), zoned.day());
    let (hh, mm, ss) = (zoned.hour(), zoned.minute(), zoned.second());
    let month = MONTHS[m as usize - 1];
    let mon = &month[..3];
    let h12 = if hh % 12 == 0 { 12 } else { hh % 12 };
    let meridian = if hh < 12 { "am" } else { "pm" };
    let weekday = weekday_name(zoned.weekday());
    let offset = zoned.offset().seconds();
    let sign = if offset < 0 { '-' } else { '+' };
    let (oh, om, os) = (offset.abs() / 3600, offset.abs() % 3600 / 60, offset.abs() % 60);
    // Local mean times have seconds in their offset (Kolkata's +05:21:10 before 1906).
    // RFC 9557 writes those; people and logs write hours and minutes.
    let with_offset = match os {
        0 => format!("{y}-{m:02}-{d:02} {hh:02}:{mm:02}:{ss:02}.0 {sign}{oh:02}{om:02}"),
        _ => format!("{y}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}.0{sign}{oh:02}:{om:02}:{os:02}"),
    };
    vec![
        format!("{y}-{m:02}-{d:02} {hh:02}:{mm:02}:{ss:02}"),
        format!("{y}:{m:02}:{d:02} {hh:02}:{mm:02}:{ss:02}"),
        format!("{y}-{m}-{d}T{hh}:{mm}:{ss}"),
        format!("{y}-{mon}-{d:02} {hh:02}:{mm:02}:{ss:02}"),
        format!("{y} {month} {d} {hh}:{mm:02}:{ss:02}"),
        format!("{month} {d}, {y} {h12}:{mm:02}:{ss:02} {meridian}"),
        format!("{d} {month} {y} {hh:02}:{mm:02}:{ss:02}"),
        format!("{}, {d:02} {mon} {y} {hh:02}:{mm:02}:{ss:02}", &weekday[..3]),
        format!("{weekday}, {month} {d}, {y} at {h12}:{mm:02}:{ss:02}{meridian}"),
        format!("{mon}.{d:02}.{y} {hh:02}:{mm:02}:{ss:02}"),
        format!("{m:02} {d:02} {y} {hh:02}:{mm:02}:{ss:02}"),
        format!("{m}/{d}/{y} {h12}:{mm:02}:{ss:02} {}", meridian.to_uppercase()),
        format!("{month} {} {y} {h12}:{mm:02}:{ss:02} {meridian}", ORDINALS[d as usize - 1]),
        format!("the {} of {month} {y} at {hh:02}:{mm:02}:{ss:02}", ORDINALS[d as usize - 1]),
        with_offset,
    ]
}

/// `text` with its ASCII digits written in the script whose zero is `zero`.
fn in_script(text: &str, zero: char) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(value) if c.is_ascii_digit() => char::from_u32(zero as u32 + value).unwrap(),
            _ => c,
        })
        .collect()
}

fn read_in(text: &str, zone: &Zone, localizer: &Localizer) -> Result<Timestamp, String> {
    let now: Timestamp = "2026-11-25T12:00:00Z".parse().unwrap();
    let options = ReadOptions { language: localizer, ..ReadOptions::defaults(zone, now) };
    read(Input::Text(text), &options).map(|reading| reading.instant).map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn one_instant_in_every_form_reads_the_same(
        // 1900-01-01 to 2100-12-31, whole seconds.
        second in -2_208_988_800_i64..4_133_894_400,
        zone in prop::sample::select(ZONES),
        language in prop::sample::select(DISCORD_LANGUAGES.to_vec()),
        zero in prop::sample::select(ZEROS.to_vec()),
    ) {
        let zone = Zone::parse(zone).unwrap();
        let zoned = Timestamp::from_second(second).unwrap().to_zoned(zone.tz().clone());
        let english = Localizer::get("en-US").unwrap();
        let forms = english_forms(&zoned);
        // The first form is the wall clock as ISO 8601 writes it: the others must agree with its reading
        // (in a repeated hour, the wall clock alone names the earlier instant).
        let first = read_in(&forms[0], &zone, &english).unwrap();
        prop_assert_eq!(first.to_zoned(zone.tz().clone()).datetime(), zoned.datetime());
        let localizer = Localizer::get(language).unwrap();
        let preset = LengthPreset { fields: LengthFields::DateTime, length: CldrLength::Medium };
        let localized = localizer.length(preset, &Moment::new(&first.to_zoned(zone.tz().clone())));
        let (with_offset, wall_clock) = forms.split_last().unwrap();
        let mut texts: Vec<(String, &str, Timestamp)> =
            wall_clock.iter().map(|form| (form.clone(), "en-US", first)).collect();
        texts.push((with_offset.clone(), "en-US", zoned.timestamp()));
        texts.push((localized, language, first));
        for (text, reader, wanted) in texts.clone() {
            texts.push((in_script(&text, zero), reader, wanted));
        }
        for (text, reader, wanted) in &texts {
            let instant = read_in(text, &zone, &Localizer::get(reader).unwrap());
            prop_assert_eq!(instant.as_ref(), Ok(wanted), "{:?} ({})", text, reader);
        }
    }
}

/// What ICU4X's relative-time formatter `new` writes, with CLDR's names
/// (`numeric: auto`), for `shift` (-1, 0, 1) in `language`: `gestern`,
/// `la semaine dernière`; `None` where it writes a number.
fn cldr_name(
    language: &str,
    new: fn(
        icu_experimental::relativetime::RelativeTimeFormatterPreferences,
        icu_experimental::relativetime::RelativeTimeFormatterOptions,
    ) -> Result<icu_experimental::relativetime::RelativeTimeFormatter, icu_provider::DataError>,
    shift: i64,
) -> Option<String> {
    let mut options = icu_experimental::relativetime::RelativeTimeFormatterOptions::default();
    options.numeric = Some(icu_experimental::relativetime::options::Numeric::Auto);
    let locale: icu_locale::Locale = language.parse().ok()?;
    let formatter = new((&locale).into(), options).ok()?;
    let text = writeable::Writeable::write_to_string(&formatter.format(shift.into())).into_owned();
    (!text.chars().any(char::is_numeric)).then_some(text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The day before, of and after now, and the week, month and year
    /// before, of and after it, as CLDR names them in each Discord language
    /// (`gestern 17:05`, `la semaine dernière`), read to what English's
    /// words read (`yesterday 17:05`, `last week`), or refused: never
    /// another instant.
    #[test]
    fn a_day_or_period_named_in_any_language_reads_as_in_english(
        // 2000-01-01 to 2040-12-31.
        now in 946_684_800_i64..2_240_524_800,
        zone in prop::sample::select(ZONES),
        language in prop::sample::select(DISCORD_LANGUAGES.to_vec()),
        shift in -1_i64..=1,
        hour in 0_u8..24,
        minute in 0_u8..60,
    ) {
        use icu_experimental::relativetime::RelativeTimeFormatter as Formatter;
        let zone = Zone::parse(zone).unwrap();
        let now = Timestamp::from_second(now).unwrap();
        // A date taken out of the text, the words around it left out (with
        // a warning that says so), is not the text read.
        let read = |text: &str, tag: &str| {
            let localizer = Localizer::get(tag).unwrap();
            let options = ReadOptions { language: &localizer, ..ReadOptions::defaults(&zone, now) };
            read(Input::Text(text), &options)
                .ok()
                .filter(|reading| {
                    !reading.human.as_ref().is_some_and(|human| {
                        human.warnings.iter().any(|warning| warning.ends_with("the words around it were left out"))
                    })
                })
                .map(|reading| reading.instant)
        };
        let day = ["yesterday", "today", "tomorrow"][(shift + 1) as usize];
        let direction = ["last", "this", "next"][(shift + 1) as usize];
        let mut pairs = Vec::new();
        if let Some(name) = cldr_name(language, Formatter::try_new_long_day, shift) {
            pairs.push((format!("{name} {hour:02}:{minute:02}"), format!("{day} {hour:02}:{minute:02}")));
        }
        for (new, unit) in [
            (Formatter::try_new_long_week as fn(_, _) -> _, "week"),
            (Formatter::try_new_long_month, "month"),
            (Formatter::try_new_long_year, "year"),
        ] {
            if let Some(name) = cldr_name(language, new, shift) {
                pairs.push((name, format!("{direction} {unit}")));
            }
        }
        for (text, english) in pairs {
            let wanted = read(&english, "en-US");
            prop_assert!(wanted.is_some(), "{:?} reads", english);
            if let Some(instant) = read(&text, language) {
                prop_assert_eq!(Some(instant), wanted, "{:?} ({}) against {:?}", text, language, english);
            }
        }
    }
}
