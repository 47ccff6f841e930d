//! What tsconv writes in a language reads back in that language:
//! every Discord language, the twelve CLDR length presets (the long and
//! full times name the zone in the language) and the nine Discord previews, over seeded instants of 1900-2100 in zones
//! with DST on both hemispheres and a half-hour offset.
//!
//! A form that does not read back is named in [`DOES_NOT_READ_BACK`] with
//! its language and why; an entry that reads back now fails the test (stale).

use std::collections::BTreeMap;

use jiff::Timestamp;
use jiff::civil::DateTime;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::error::TimeError;
use tsconv_time::input::{Input, ReadOptions, Reading, read};
use tsconv_time::locale::{CldrLength, DISCORD_LANGUAGES, LengthFields, LengthPreset, Localizer, Moment};
use tsconv_time::zone::Zone;

use crate::oracle::Rng;

const ZONES: [&str; 4] = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"];

/// What a form shows of the instant, and so what must read back.
#[derive(Clone, Copy, Debug)]
enum Shows {
    Date,
    Minutes,
    Seconds,
    DateMinutes,
    DateSeconds,
    /// The time and the zone's name: the time of day in the offset written.
    SecondsInZone,
    /// The date, the time and the zone's name: the instant.
    Instant,
    /// `R`: the text read back writes the same text.
    Relative,
}

/// (language, form) pairs that do not read back, and why: on purpose,
/// The order of reading (every machine format before people's text).
const DOES_NOT_READ_BACK: &[(&str, &str, &str)] = &[
    (
        "da",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
    (
        "da",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
    (
        "fi",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
    (
        "fi",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
    (
        "id",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
    (
        "id",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first",
    ),
];

fn forms() -> Vec<(String, Shows)> {
    let mut forms = Vec::new();
    for preset in LengthPreset::ALL {
        let zoned = matches!(preset.length, CldrLength::Long | CldrLength::Full);
        let shows = match (preset.fields, preset.length) {
            (LengthFields::Date, _) => Shows::Date,
            (LengthFields::Time, _) if zoned => Shows::SecondsInZone,
            (_, _) if zoned => Shows::Instant,
            (LengthFields::Time, CldrLength::Short) => Shows::Minutes,
            (LengthFields::Time, _) => Shows::Seconds,
            (_, CldrLength::Short) => Shows::DateMinutes,
            _ => Shows::DateSeconds,
        };
        forms.push((preset.name().to_owned(), shows));
    }
    for style in DiscordStyle::ALL {
        let shows = match style {
            DiscordStyle::ShortTime => Shows::Minutes,
            DiscordStyle::LongTime => Shows::Seconds,
            DiscordStyle::ShortDate | DiscordStyle::LongDate => Shows::Date,
            DiscordStyle::ShortDateTime | DiscordStyle::LongDateTime | DiscordStyle::ShortNumeric => Shows::DateMinutes,
            DiscordStyle::LongNumeric => Shows::DateSeconds,
            DiscordStyle::Relative => Shows::Relative,
        };
        forms.push((format!("discord_{}", style.code()), shows));
    }
    forms
}

fn written(localizer: &Localizer, form: &str, zoned: &jiff::Zoned, now: Timestamp) -> String {
    if let Some(code) = form.strip_prefix("discord_") {
        let style = DiscordStyle::ALL.into_iter().find(|style| style.code() == code).unwrap();
        return localizer.preview(style, zoned, now);
    }
    let preset = LengthPreset::ALL.into_iter().find(|preset| preset.name() == form).unwrap();
    localizer.length(preset, &Moment::new(zoned))
}

/// Whether the reader took a date out of the text and left the words
/// around it.
fn left_words_out(human: Option<&tsconv_time::human::Human>) -> bool {
    human.is_some_and(|human| {
        human.warnings.iter().any(|warning| warning.ends_with("the words around it were left out"))
    })
}

/// Whether `instant`, read from `text`, is what `text`, written for
/// `zoned`, shows of it.
fn agrees(shows: Shows, zoned: &jiff::Zoned, text: &str, instant: Timestamp) -> bool {
    match shows {
        Shows::Instant => return instant == zoned.timestamp(),
        Shows::SecondsInZone => {
            let read = instant.to_zoned(jiff::tz::TimeZone::fixed(zoned.offset())).time();
            return read == zoned.time();
        }
        _ => {}
    }
    let mut read = instant.to_zoned(zoned.time_zone().clone()).datetime();
    // A two-digit year (`11.09.50`) names its century by POSIX's window, not
    // the instant's: the text lost it.
    let digits = tsconv_time::digits::ascii_digits(text).unwrap_or_else(|| text.to_owned());
    let year = zoned.year();
    if !digits.contains(&year.to_string()) && (read.year() - year) % 100 == 0 {
        read = read.with().year(year).build().unwrap_or(read);
    }
    let wanted = zoned.datetime();
    let minutes = |t: DateTime| (t.hour(), t.minute());
    match shows {
        Shows::Date => read.date() == wanted.date(),
        Shows::Minutes => minutes(read) == minutes(wanted),
        Shows::Seconds => minutes(read) == minutes(wanted) && read.second() == wanted.second(),
        Shows::DateMinutes => read.date() == wanted.date() && minutes(read) == minutes(wanted),
        Shows::DateSeconds => {
            read.date() == wanted.date()
                && read.time().with().subsec_nanosecond(0).build().ok()
                    == wanted.time().with().subsec_nanosecond(0).build().ok()
        }
        Shows::Relative | Shows::Instant | Shows::SecondsInZone => true,
    }
}

#[test]
fn what_tsconv_writes_in_each_discord_language_reads_back() {
    let mut rng = Rng(27);
    let now: Timestamp = "2026-11-18T11:06:40Z".parse().unwrap();
    let forms = forms();
    // (language, form) -> (cases, failures, first failure)
    let mut tally: BTreeMap<(&str, String), (usize, usize, String)> = BTreeMap::new();
    for language in DISCORD_LANGUAGES {
        let localizer = Localizer::get(language).unwrap();
        for _ in 0..40 {
            let zone = Zone::parse(ZONES[rng.below(ZONES.len() as u64) as usize]).unwrap();
            // 1900-01-01 to 2100-12-31, whole seconds.
            let second = -2_208_988_800 + rng.below(6_374_908_800) as i64;
            let instant = Timestamp::from_second(second).unwrap();
            let zoned = instant.to_zoned(zone.tz().clone());
            for (form, shows) in &forms {
                let text = written(&localizer, form, &zoned, now);
                // `R` counts whole calendar units in UTC, as Discord's client does.
                let utc = Zone::utc();
                let read_zone = if matches!(shows, Shows::Relative) { &utc } else { &zone };
                let options = ReadOptions { language: &localizer, ..ReadOptions::defaults(read_zone, now) };
                let outcome = read(Input::Text(&text), &options);
                let ok = match (&outcome, shows) {
                    (Ok(reading), Shows::Relative) => {
                        localizer.preview(DiscordStyle::Relative, &reading.instant.to_zoned(utc.tz().clone()), now)
                            == text
                    }
                    (Ok(reading), shows) => agrees(*shows, &zoned, &text, reading.instant),
                    (Err(_), _) => false,
                };
                record(tally.entry((language, form.clone())).or_default(), ok, &text, &outcome, &zone);
            }
        }
    }
    check_tally(&tally, DOES_NOT_READ_BACK);
}

/// Every zone's name reads back, not only the four zones' above: in each
/// Discord language, seeded zones of the whole database at seeded instants
/// of 1970-2037, and both sides of three folds, the full date-time (the
/// zone's long name) and the long one (its short name, or the offset) read
/// back to the instant written.
#[test]
fn every_zone_name_reads_back_in_each_discord_language() {
    let mut rng = Rng(2024);
    let now: Timestamp = "2026-11-18T11:06:40Z".parse().unwrap();
    let zones: Vec<&str> = tsconv_time::zone::names().iter().copied().filter(|name| name.contains('/')).collect();
    let mut tally: BTreeMap<(&str, &str), (usize, usize, String)> = BTreeMap::new();
    for language in DISCORD_LANGUAGES {
        let localizer = Localizer::get(language).unwrap();
        // Seeded cases, then each side of three folds of 2024 (the hour
        // written twice, in daylight and in standard time).
        let seeded = (0..100).map(|_| {
            let zone = zones[rng.below(zones.len() as u64) as usize];
            (zone, Timestamp::from_second(rng.below(2_145_916_800) as i64).unwrap())
        });
        let folds = [
            ("America/New_York", "2024-11-03T05:30:00Z"),
            ("America/New_York", "2024-11-03T06:30:00Z"),
            ("Europe/Berlin", "2024-10-27T00:30:00Z"),
            ("Europe/Berlin", "2024-10-27T01:30:00Z"),
            ("Australia/Sydney", "2024-04-06T15:30:00Z"),
            ("Australia/Sydney", "2024-04-06T16:30:00Z"),
        ]
        .map(|(zone, at)| (zone, at.parse().unwrap()));
        for (zone, instant) in seeded.collect::<Vec<_>>().into_iter().chain(folds) {
            let zone = Zone::parse(zone).unwrap();
            let zoned = instant.to_zoned(zone.tz().clone());
            let options = ReadOptions { language: &localizer, ..ReadOptions::defaults(&zone, now) };
            for form in ["datetime_long", "datetime_full"] {
                let text = written(&localizer, form, &zoned, now);
                let outcome = read(Input::Text(&text), &options);
                let ok = outcome.as_ref().is_ok_and(|reading| reading.instant == instant);
                record(tally.entry((language, form)).or_default(), ok, &text, &outcome, &zone);
            }
        }
    }
    check_tally(&tally, ZONE_NAMES_DO_NOT_READ_BACK);
}

/// (language, form) pairs where some zone's name does not read back, and
/// why: none today.
const ZONE_NAMES_DO_NOT_READ_BACK: &[(&str, &str, &str)] = &[];

/// Counts one case of a (language, form): (cases, failures, the first failure).
fn record(entry: &mut (usize, usize, String), ok: bool, text: &str, outcome: &Result<Reading, TimeError>, zone: &Zone) {
    entry.0 += 1;
    if !ok {
        entry.1 += 1;
        if entry.2.is_empty() {
            entry.2 = match outcome {
                Ok(reading) => format!("{text:?} read as {}", reading.instant.to_zoned(zone.tz().clone())),
                Err(error) => format!("{text:?}: {error}"),
            };
        }
    }
}

/// Fails on a (language, form) that does not read back and is not named,
/// and on a named one that reads back now (stale).
fn check_tally<F: AsRef<str>>(tally: &BTreeMap<(&str, F), (usize, usize, String)>, named: &[(&str, &str, &str)]) {
    let mut unexpected = Vec::new();
    let mut stale = Vec::new();
    for ((language, form), (cases, failures, example)) in tally {
        let form = form.as_ref();
        let named = named.iter().any(|(l, f, _)| l == language && *f == form);
        if *failures > 0 && !named {
            unexpected.push(format!("{language} {form}: {failures}/{cases}, e.g. {example}"));
        }
        if *failures == 0 && named {
            stale.push(format!("{language} {form}"));
        }
    }
    assert!(unexpected.is_empty(), "{} forms do not read back:\n{}", unexpected.len(), unexpected.join("\n"));
    assert!(stale.is_empty(), "named as not reading back, but they do now: {stale:?}");
}

/// Dates written by an independent implementation read back too: Chromium's
/// `Intl.DateTimeFormat` (what Discord's client formats with) in each
/// Discord language, every `dateStyle` and `timeStyle` (the long and full
/// times name the zone), in the calendar Intl writes (Thai dates carry
/// Buddhist-era years).
const CHROMIUM_STYLES: [(&str, Shows); 14] = [
    (r#"{"dateStyle":"short"}"#, Shows::Date),
    (r#"{"dateStyle":"medium"}"#, Shows::Date),
    (r#"{"dateStyle":"long"}"#, Shows::Date),
    (r#"{"dateStyle":"full"}"#, Shows::Date),
    (r#"{"timeStyle":"short"}"#, Shows::Minutes),
    (r#"{"timeStyle":"medium"}"#, Shows::Seconds),
    (r#"{"dateStyle":"short","timeStyle":"short"}"#, Shows::DateMinutes),
    (r#"{"dateStyle":"medium","timeStyle":"medium"}"#, Shows::DateSeconds),
    (r#"{"dateStyle":"long","timeStyle":"medium"}"#, Shows::DateSeconds),
    (r#"{"dateStyle":"full","timeStyle":"short"}"#, Shows::DateMinutes),
    (r#"{"timeStyle":"long"}"#, Shows::SecondsInZone),
    (r#"{"timeStyle":"full"}"#, Shows::SecondsInZone),
    (r#"{"dateStyle":"long","timeStyle":"long"}"#, Shows::Instant),
    (r#"{"dateStyle":"full","timeStyle":"full"}"#, Shows::Instant),
];

/// Chromium carries CLDR 48; tsconv learns its words from what it writes:
/// ICU4X's CLDR 49 names, in Chromium's patterns (the Discord-previews round). Where 49
/// renamed a zone, Chromium's name reads back no more.
const ZONE_RENAMED: &str = "CLDR 49 (ICU4X) renamed the zone: CLDR 48 (Chromium) writes `hora de India` (es-419), `북미 동부 하계 표준시` (ko), `sentraleuropeisk sommertid` (no), `за північноамериканським східним літнім часом` (uk); tsconv learns CLDR 49's `hora estándar de la India`, `미 동부 하계 표준시`, `sommertid for Sentral-Europa`, `за східним літнім часом`";
const DOTTED_SHORT: &str =
    "a time written with dots and no seconds (`09.12`) is a Unix timestamp with a fraction: machine formats come first";

/// (language, style) pairs of Chromium's texts that do not read back, and why.
const CHROMIUM_DOES_NOT_READ_BACK: &[(&str, &str, &str)] = &[
    ("da", r#"{"timeStyle":"short"}"#, DOTTED_SHORT),
    ("fi", r#"{"timeStyle":"short"}"#, DOTTED_SHORT),
    ("id", r#"{"timeStyle":"short"}"#, DOTTED_SHORT),
    ("es-419", r#"{"timeStyle":"full"}"#, ZONE_RENAMED),
    ("es-419", r#"{"dateStyle":"full","timeStyle":"full"}"#, ZONE_RENAMED),
    ("ko", r#"{"timeStyle":"full"}"#, ZONE_RENAMED),
    ("ko", r#"{"dateStyle":"full","timeStyle":"full"}"#, ZONE_RENAMED),
    ("no", r#"{"timeStyle":"full"}"#, ZONE_RENAMED),
    ("no", r#"{"dateStyle":"full","timeStyle":"full"}"#, ZONE_RENAMED),
    ("uk", r#"{"timeStyle":"full"}"#, ZONE_RENAMED),
    ("uk", r#"{"dateStyle":"full","timeStyle":"full"}"#, ZONE_RENAMED),
];

/// What Chromium's `Intl.DateTimeFormat` writes for each case in each of
/// [`CHROMIUM_STYLES`].
fn chromium_writes(cases: &[(&str, &str, i64)]) -> Vec<Vec<String>> {
    let cases_json: Vec<String> =
        cases.iter().map(|(tag, zone, second)| format!(r#"["{tag}","{zone}",{second}]"#)).collect();
    let styles: Vec<&str> = CHROMIUM_STYLES.iter().map(|(style, _)| *style).collect();
    let answer = format!(
        "([tag, zone, second]) => [{}].map((style) => new Intl.DateTimeFormat(tag, {{ ...style, timeZone: zone }}).format(new Date(second * 1000)))",
        styles.join(",")
    );
    let rows = crate::oracle::chromium(&answer, &format!("[{}]", cases_json.join(",")));
    assert_eq!(rows.len(), cases.len(), "Chromium wrote every case");
    rows
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Chromium: ./scripts/test installs it and runs this")]
fn what_chromium_writes_in_each_discord_language_reads_back() {
    let mut rng = Rng(11);
    let now: Timestamp = "2026-11-18T11:06:40Z".parse().unwrap();
    let mut cases = Vec::new();
    for language in DISCORD_LANGUAGES {
        for _ in 0..12 {
            let zone = ZONES[rng.below(ZONES.len() as u64) as usize];
            cases.push((language, zone, -2_208_988_800 + rng.below(6_374_908_800) as i64));
        }
    }
    let written = chromium_writes(&cases);
    let mut tally: BTreeMap<(&str, &str), (usize, usize, String)> = BTreeMap::new();
    for ((language, zone, second), texts) in cases.iter().zip(&written) {
        let localizer = Localizer::get(language).unwrap();
        let zone = Zone::parse(zone).unwrap();
        let zoned = Timestamp::from_second(*second).unwrap().to_zoned(zone.tz().clone());
        let options = ReadOptions { language: &localizer, ..ReadOptions::defaults(&zone, now) };
        for ((style, shows), text) in CHROMIUM_STYLES.iter().zip(texts) {
            let outcome = read(Input::Text(text), &options);
            // A date read from inside the text, words around it left out (a
            // zone's name not known), is not the text read back.
            let ok = outcome.as_ref().is_ok_and(|reading| {
                agrees(*shows, &zoned, text, reading.instant) && !left_words_out(reading.human.as_deref())
            });
            record(tally.entry((language, style)).or_default(), ok, text, &outcome, &zone);
        }
    }
    check_tally(&tally, CHROMIUM_DOES_NOT_READ_BACK);
}
