//! What tsconv writes in a language reads back in that language (SPEC 11):
//! every Discord language, the CLDR length presets that name no zone and
//! the nine Discord previews, over seeded instants of 1900-2100 in zones
//! with DST on both hemispheres and a half-hour offset.
//!
//! A form that does not read back is named in [`DOES_NOT_READ_BACK`] with
//! its language and why; an entry that reads back now fails the test (stale).

use std::collections::BTreeMap;

use jiff::Timestamp;
use jiff::civil::DateTime;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::input::{Input, ReadOptions, read};
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
    /// `R`: the text read back writes the same text.
    Relative,
}

/// (language, form) pairs that do not read back, and why: on purpose,
/// SPEC 11's order (every machine format before people's text).
const DOES_NOT_READ_BACK: &[(&str, &str, &str)] = &[
    (
        "da",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
    (
        "da",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
    (
        "fi",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
    (
        "fi",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
    (
        "id",
        "discord_t",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
    (
        "id",
        "time_short",
        "a time written with dots and no seconds (`2.53`) is a Unix timestamp with a fraction: machine formats come first (SPEC 11)",
    ),
];

fn forms() -> Vec<(String, Shows)> {
    let mut forms = Vec::new();
    for preset in LengthPreset::ALL {
        // The long and full times name the zone in the language (`Nordamerikanische
        // Ostküsten-Normalzeit`): zone names are read in English only.
        if preset.fields != LengthFields::Date && matches!(preset.length, CldrLength::Long | CldrLength::Full) {
            continue;
        }
        let shows = match (preset.fields, preset.length) {
            (LengthFields::Date, _) => Shows::Date,
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

fn agrees(shows: Shows, wanted: DateTime, read: DateTime) -> bool {
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
        Shows::Relative => true,
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
                    (Ok(reading), shows) => {
                        let mut read = reading.instant.to_zoned(zone.tz().clone()).datetime();
                        // A two-digit year (`11.09.50`) names its century by
                        // POSIX's window, not the instant's: the text lost it.
                        let digits = tsconv_time::digits::ascii_digits(&text).unwrap_or(text.clone());
                        let year = zoned.year();
                        if !digits.contains(&year.to_string()) && (read.year() - year) % 100 == 0 {
                            read = read.with().year(year).build().unwrap_or(read);
                        }
                        agrees(*shows, zoned.datetime(), read)
                    }
                    (Err(_), _) => false,
                };
                let entry = tally.entry((language, form.clone())).or_default();
                entry.0 += 1;
                if !ok {
                    entry.1 += 1;
                    if entry.2.is_empty() {
                        entry.2 = match &outcome {
                            Ok(reading) => format!("{text:?} read as {}", reading.instant.to_zoned(zone.tz().clone())),
                            Err(error) => format!("{text:?}: {error}"),
                        };
                    }
                }
            }
        }
    }
    let mut unexpected = Vec::new();
    let mut stale = Vec::new();
    for ((language, form), (cases, failures, example)) in &tally {
        let named = DOES_NOT_READ_BACK.iter().any(|(l, f, _)| l == language && f == form);
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
