//! The locale list, and each human-readable output in the
//! language asked for; durations in words compared with Node's `Intl`.
//! (What Discord shows, the previews, presets, relative times and zone
//! names, is compared with Chromium's `Intl` by the engine's test
//! `intl::every_discord_language_writes_what_chromium_writes`.)

use serde_json::json;
use tsconv_time::locale::{DISCORD_LANGUAGES, Localizer};
use tsconv_time::unit::TimeUnit;

use crate::helpers::{get, post_json};
use crate::oracle::{Rng, stream};

/// Durations in words (`human`): the CLDR 48 and 49 differences.
const TOLERATED_IN_DURATIONS: &[(&str, &str, &str, &str)] = &[
    ("hi", ", और ", " और ", "CLDR 48's Hindi unit lists have a comma before `और`, CLDR 49's none"),
    ("vi", "giờ", "tiếng", "CLDR 49 calls the Vietnamese hour `tiếng`, CLDR 48 `giờ`"),
];

/// `human` is `Intl.DurationFormat` with `style: "long"`, which Node 20
/// does not have yet; it is defined as the units formatted by
/// `Intl.NumberFormat` (`style: "unit"`, `unitDisplay: "long"`) joined by
/// `Intl.ListFormat` (`type: "unit"`, `style: "long"`), the sign on the
/// first number, and that is what this compares with.
const INTL_DURATION: &str = r#"
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const [tag, ...parts] = line.split(" ");
  const words = parts.map((part, i) => {
    const [unit, value] = part.split("=");
    return new Intl.NumberFormat(tag, { style: "unit", unit, unitDisplay: "long" }).format(Number(value));
  });
  out.push(new Intl.ListFormat(tag, { type: "unit", style: "long" }).format(words));
}
process.stdout.write(out.join("\n") + "\n");
"#;

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Node with full ICU: ./scripts/test installs it and runs this")]
fn durations_in_words_agree_with_node_intl_in_every_discord_language() {
    const UNITS: [(TimeUnit, &str); 10] = [
        (TimeUnit::Year, "year"),
        (TimeUnit::Month, "month"),
        (TimeUnit::Week, "week"),
        (TimeUnit::Day, "day"),
        (TimeUnit::Hour, "hour"),
        (TimeUnit::Minute, "minute"),
        (TimeUnit::Second, "second"),
        (TimeUnit::Millisecond, "millisecond"),
        (TimeUnit::Microsecond, "microsecond"),
        (TimeUnit::Nanosecond, "nanosecond"),
    ];
    let mut rng = Rng(0xd0a7);
    let mut input = String::new();
    let mut ours = Vec::new();
    for tag in DISCORD_LANGUAGES.iter().cycle().take(DISCORD_LANGUAGES.len() * 30) {
        let localizer = Localizer::get(tag).unwrap();
        let negative = rng.below(4) == 0;
        // One to four units, a few values of each size (1 and 2 have their own plural forms in some languages).
        let mut values: Vec<(TimeUnit, i64)> = Vec::new();
        let mut line = tag.to_string();
        for (unit, name) in UNITS {
            if rng.below(3) != 0 || values.len() == 4 {
                continue;
            }
            let value = [1, 2, 3, 5, 11, 21, 101, 1234][rng.below(8) as usize];
            // Intl.DurationFormat writes the sign on the first number only.
            let shown = if negative && values.is_empty() { -value } else { value };
            line.push_str(&format!(" {name}={shown}"));
            values.push((unit, if negative { -value } else { value }));
        }
        if values.is_empty() {
            continue;
        }
        input.push_str(&line);
        input.push('\n');
        ours.push((line, localizer.duration(&values)));
    }
    let mut command = std::process::Command::new("node");
    command.arg("-e").arg(INTL_DURATION);
    let theirs = stream(command, &input);
    assert_eq!(theirs.len(), ours.len());
    let tolerated = |line: &str, ours: &str, theirs: &str| {
        let tag = line.split(' ').next().unwrap_or_default();
        TOLERATED_IN_DURATIONS
            .iter()
            .filter(|(t, ..)| *t == tag)
            .any(|(_, theirs_form, ours_form, _)| theirs.replace(theirs_form, ours_form) == ours)
    };
    let differences: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .filter(|((line, ours), theirs)| ours != *theirs && !tolerated(line, ours, theirs))
        .map(|((line, ours), theirs)| format!("{line}: tsconv {ours:?}, Intl {theirs:?}"))
        .collect();
    assert!(ours.len() > 800, "{}", ours.len());
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
}

#[tokio::test]
async fn the_locale_list_names_each_locale_and_the_cldr_version() {
    let data = get("/api/locales").await.assert_ok().clone();
    assert_eq!(data["cldr_version"], "49.0.0");
    assert!(data["count"].as_u64().unwrap() > 300);
    let locales = data["locales"].as_array().unwrap();
    assert_eq!(locales.len() as u64, data["count"].as_u64().unwrap());
    let tags: Vec<&str> = locales.iter().map(|l| l["tag"].as_str().unwrap()).collect();
    assert!(tags.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    let ja = locales.iter().find(|l| l["tag"] == "ja").unwrap();
    assert_eq!(
        (&ja["name"], &ja["english_name"], &ja["discord"]),
        (&json!("日本語"), &json!("Japanese"), &json!(true))
    );
    let data = get("/api/locales?q=deutsch").await.assert_ok().clone();
    let found: Vec<&str> = data["locales"].as_array().unwrap().iter().map(|l| l["tag"].as_str().unwrap()).collect();
    assert!(found.contains(&"de") && found.contains(&"de-CH"), "{found:?}");
    get("/api/locales?lang=de").await.assert_error(400, 40010, "unknown_parameter");
}

#[tokio::test]
async fn every_human_readable_output_speaks_the_locale_asked_for() {
    // format: the previews, relative, the length presets; data.locale names the data used.
    let data = post_json(
        "/api/timestamp/format",
        json!({"timestamp": 1700000000, "timezone": "Europe/Berlin", "locale": "de-XX"}),
    )
    .await
    .assert_ok()
    .clone();
    assert_eq!(data["locale"], "de");
    let formats = &data["formats"];
    assert_eq!(formats["discord_preview"]["F"], "Dienstag, 14. November 2023 um 23:13");
    assert_eq!(formats["discord_preview"]["R"], "vor 3 Jahren");
    assert_eq!(formats["relative"], "vor 3 Jahren");
    assert_eq!(formats["date_full"], "Dienstag, 14. November 2023");
    assert_eq!(formats["time_full"], "23:13:20 Mitteleuropäische Normalzeit");
    // The machine formats do not change with the language.
    assert_eq!(formats["rfc2822"], "Tue, 14 Nov 2023 23:13:20 +0100");
    // One Discord style, with its preview.
    let data =
        get("/api/timestamp/format?timestamp=1700000000&format=discord&style=f&locale=ja").await.assert_ok().clone();
    assert_eq!(
        (&data["formatted"], &data["preview"], &data["locale"]),
        (&json!("<t:1700000000:f>"), &json!("2023年11月14日 22:13"), &json!("ja"))
    );
    // convert: zone.long_name and formatted.
    let data =
        get("/api/timestamp/convert?timestamp=1700000000&timezone=America/New_York&locale=de-AT&format=datetime_long")
            .await
            .assert_ok()
            .clone();
    assert_eq!(data["locale"], "de-AT");
    assert_eq!(data["zone"]["long_name"], "Nordamerikanische Ostküsten-Normalzeit");
    assert_eq!(data["formatted"], "14. November 2023 um 17:13:20 GMT-5");
    // current, any case and `_`.
    let data = get("/api/timestamp/current?timezone=Asia/Tokyo&locale=ZH_tw").await.assert_ok().clone();
    assert_eq!((&data["locale"], &data["zone"]["long_name"]), (&json!("zh-Hant"), &json!("日本標準時間")));
    // diff: human.
    let data = get("/api/timestamp/diff?from=2024-03-09T12:00:00Z&to=2024-03-11T00:00:00Z&locale=fr")
        .await
        .assert_ok()
        .clone();
    assert_eq!((&data["human"], &data["locale"]), (&json!("1\u{a0}jour et 12\u{a0}heures"), &json!("fr")));
    // add and round write their results in the locale too.
    let data = get("/api/timestamp/add?timestamp=0&duration=P1D&locale=es&format=date_long").await.assert_ok().clone();
    assert_eq!((&data["formatted"], &data["locale"]), (&json!("2 de enero de 1970"), &json!("es")));
    let data =
        get("/api/timestamp/round?timestamp=1700000000&unit=day&locale=pl&format=relative").await.assert_ok().clone();
    assert_eq!(data["formatted"], "3 lata temu");
    // English unless asked: the default answers are CLDR's `en`.
    let data = get("/api/timestamp/convert?timestamp=0").await.assert_ok().clone();
    assert_eq!((&data["locale"], &data["zone"]["long_name"]), (&json!("en"), &json!("Coordinated Universal Time")));
    // validate writes no human-readable text: its locale reads people's text.
    let data = get("/api/timestamp/validate?timestamp=03.04.2023&locale=de").await.assert_ok().clone();
    assert_eq!(data["normalized"]["iso"], "2023-04-03T00:00:00.000Z");
    get("/api/timestamp/validate?timestamp=0&locale=xx").await.assert_error(400, 40015, "invalid_locale");
    get("/api/timestamp/convert?timestamp=0&locale=xx").await.assert_error(400, 40015, "invalid_locale");
    // A batch shares one language.
    let data =
        post_json("/api/timestamp/format", json!({"timestamps": [0, 86400], "format": "date_full", "locale": "it"}))
            .await
            .assert_ok()
            .clone();
    assert_eq!(data["results"][1]["formatted"], "venerdì 2 gennaio 1970");
}

/// Whole format answers in a few languages (every preset, previews, IDs),
/// pinned in `tests/api/snapshots/`: a change of any text shows in review.
#[tokio::test]
async fn full_format_answers_in_a_few_languages_are_pinned() {
    let mut answers = Vec::new();
    for (locale, zone) in
        [("de", "Europe/Berlin"), ("ja", "Asia/Tokyo"), ("pt-BR", "America/Sao_Paulo"), ("ar", "Africa/Cairo")]
    {
        let data =
            post_json("/api/timestamp/format", json!({"timestamp": 1700000000, "timezone": zone, "locale": locale}))
                .await
                .assert_ok()
                .clone();
        answers.push(data);
    }
    insta::assert_snapshot!("format_in_four_languages", serde_json::to_string_pretty(&answers).unwrap());
}
