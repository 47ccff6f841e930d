//! SPEC 10: the locale list, and what each language writes — Discord
//! previews, relative times, the CLDR length presets and long zone names —
//! compared with Node's `Intl` (ICU4C), which is what Discord's client
//! formats with, in every language the client offers. ICU4X carries CLDR 49
//! and Node 20 CLDR 48, and the two libraries choose some patterns
//! differently: each tolerated difference is listed below with its reason,
//! and any other fails the test.

use jiff::Timestamp;
use serde_json::json;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::locale::{DISCORD_LANGUAGES, LengthPreset, Localizer, Moment, RelativeUnit};
use tsconv_time::unit::TimeUnit;
use tsconv_time::zone::Zone;

use crate::helpers::{get, post_json};
use crate::oracle::{Rng, stream};

/// For each line `tag zone seconds unit count`: the option sets behind
/// SPEC 4.4's en-US examples, in Discord's order; `R` as
/// `Intl.RelativeTimeFormat` words it; `dateStyle`, `timeStyle` and both
/// in the four lengths; and the zone's long name; separated by `|`.
const INTL: &str = r#"
const options = [
  { hour: "numeric", minute: "2-digit" },
  { hour: "numeric", minute: "2-digit", second: "2-digit" },
  { day: "2-digit", month: "2-digit", year: "numeric" },
  { day: "numeric", month: "long", year: "numeric" },
  { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  { day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit" },
  { day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" },
];
const lengths = ["short", "medium", "long", "full"];
const styles = [
  ...lengths.map((l) => ({ dateStyle: l })),
  ...lengths.map((l) => ({ timeStyle: l })),
  ...lengths.map((l) => ({ dateStyle: l, timeStyle: l })),
];
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const [tag, zone, seconds, unit, count] = line.split(" ");
  const date = new Date(Number(seconds) * 1000);
  const texts = options.map((o) => new Intl.DateTimeFormat(tag, { ...o, timeZone: zone }).format(date));
  texts.push(new Intl.RelativeTimeFormat(tag, { numeric: "always" }).format(Number(count), unit));
  for (const style of styles) {
    texts.push(new Intl.DateTimeFormat(tag, { ...style, timeZone: zone }).format(date).replace(/\u202f/g, " "));
  }
  const parts = new Intl.DateTimeFormat(tag, { timeZone: zone, timeZoneName: "long" }).formatToParts(date);
  texts.push(parts.find((p) => p.type === "timeZoneName").value);
  out.push(texts.join("|"));
}
process.stdout.write(out.join("\n") + "\n");
"#;

const ZONES: [&str; 9] = [
    "UTC",
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Australia/Sydney",
    "Asia/Tokyo",
    "Europe/London",
    "America/Sao_Paulo",
    "Pacific/Auckland",
];
const UNITS: [(RelativeUnit, &str); 6] = [
    (RelativeUnit::Year, "year"),
    (RelativeUnit::Month, "month"),
    (RelativeUnit::Day, "day"),
    (RelativeUnit::Hour, "hour"),
    (RelativeUnit::Minute, "minute"),
    (RelativeUnit::Second, "second"),
];

/// Where ICU4X (CLDR 49) and Node's ICU4C (ICU 78, CLDR 48) differ. Each
/// rule names languages (`*` for all) and texts (Discord styles, preset
/// names, `zone`; a name ending in `*` is a prefix), separated by spaces;
/// in those, `pattern` is replaced by `replacement` in both texts (every
/// rule that applies, in order), which must then be equal; the reason says
/// why they differ. Anything else that differs fails the test.
const TOLERATED: &[(&str, &str, &str, &str, &str)] = &[
    (
        "*",
        "date_short datetime_short",
        r"(^|[^0-9])[0-9]{2}([0-9]{2})([^0-9]|$)",
        "$1$2$3",
        "The short date's two-digit year: ICU4X writes the full year where two digits would be ambiguous (far from \
         now), Intl's pattern always two",
    ),
    (
        "bg",
        "t T f F s S time_* datetime_*",
        r" ч\.",
        "",
        "CLDR 49's Bulgarian time patterns end in `ч.` (ICU4X 2.4 writes it twice in s and S and with a zone); \
         Intl's pattern for an hour and minute has none",
    ),
    (
        "da",
        "F date_full datetime_full",
        r"^([^ ]+) ([0-9])",
        "$1 den $2",
        "Intl's weekday-and-date pattern has `den` (`fredag den 23.`); CLDR 49's full date has not",
    ),
    (
        "es-ES es-419",
        "F datetime_full",
        " a las ",
        ", ",
        "Intl joins a date with a weekday and a time with a comma, ICU4X with the long `a las` glue",
    ),
    ("es-ES es-419", "time_full datetime_full", r"[()]", "", "CLDR 48 puts the Spanish zone name in parentheses"),
    (
        "hr",
        "time_long time_full datetime_long datetime_full",
        r"[()]",
        "",
        "CLDR 49 puts the Croatian zone in parentheses",
    ),
    ("hr", "time_long datetime_long", "GMT -", "GMT−", "CLDR 48's Croatian offset has a space and a hyphen (`GMT -5`)"),
    ("fr", "time_long datetime_long", "TU", "UTC", "CLDR 49 abbreviates UTC in French as `TU`"),
    (
        "bg",
        "time_* datetime_*",
        r"(^| )0([0-9]):",
        "$1$2:",
        "CLDR 49's Bulgarian hour has two digits (`07:18`), CLDR 48's one",
    ),
    (
        "ko",
        "time_* datetime_*",
        r"(^|[^0-9])0([0-9])",
        "$1$2",
        "ICU4C's spelled-out Korean time has unpadded minutes and seconds (`9시 7분 8초`)",
    ),
    (
        "id",
        "date_full datetime_full",
        r", 0([0-9]) ",
        ", $1 ",
        "CLDR 48's Indonesian full date pads the day (`01 April`)",
    ),
    ("pl", "date_short datetime_short", r"^0([0-9])", "$1", "CLDR 49's Polish short date pads the day (`09.04.2008`)"),
    ("es-419", "date_medium datetime_medium", "sept", "sep", "CLDR 48 abbreviates septiembre `sept`, CLDR 49 `sep`"),
    ("fi", "time_full datetime_full zone", "Ison-Britannian", "Britannian", "renamed in CLDR 49"),
    (
        "uk",
        "time_full datetime_full zone",
        r"північноамериканським | \([A-Z]{3}\)",
        "",
        "CLDR 49's Ukrainian names of the North American zones drop `північноамериканським` and add the \
         abbreviation (`за східним стандартним часом (EST)`)",
    ),
    (
        "no",
        "time_full datetime_full",
        r"([0-9]{2}:[0-9]{2}:[0-9]{2}) .*$",
        "$1 ‹zone›",
        "CLDR 49 renamed the Norwegian zones (`sommertid for Sentral-Europa`, CLDR 48 `sentraleuropeisk \
         sommertid`): the name is compared as a placeholder",
    ),
    ("no", "zone", r"^.*$", "‹zone›", "as above"),
    ("id", "time_full datetime_full zone", "Greenwich Mean Time", "Waktu Greenwich", "translated in CLDR 49"),
    ("zh-TW", "time_* datetime_*", r"[\[\]]", "", "CLDR 48 puts the Traditional Chinese zone in brackets"),
    ("cs", "time_full datetime_full", ",", "", "CLDR 48 has a comma before the Czech zone name"),
    (
        "cs",
        "date_short datetime_short",
        r"\. ",
        ".",
        "ICU4X's Czech short date has spaces after the dots (`20. 03. 2081`), CLDR 48's none",
    ),
    ("fr", "time_* datetime_* zone", "−", "-", "CLDR 48 writes the French offset with a minus sign (U+2212)"),
    (
        "fi",
        "F",
        r"^([^ ]+?)(na)? ",
        "$1 ",
        "Intl writes the weekday in the essive (`maanantaina`), CLDR 49's full date in the nominative",
    ),
    (
        "hi",
        "D f F date_long date_full datetime_long datetime_full",
        r", ([0-9]{4})",
        " $1",
        "CLDR 49 puts a comma between the Hindi month and year; CLDR 48 has none",
    ),
    (
        "ko",
        "t T d f F s S",
        r"[0-9]+/[0-9]+/[0-9]+|[0-9]+\. [0-9]+\. [0-9]+\.|오전|오후|AM|PM",
        "",
        "Korean: ICU 78 writes `AM`/`PM` and numeric dates as `2090. 02. 20.`, ICU4X `오전`/`오후` and \
         `2090/02/20`; both parts are removed from each side before comparing",
    ),
    (
        "ko",
        "date_* time_* datetime_*",
        r"오전 |오후 |AM |PM ",
        "",
        "Korean day periods: ICU 78 writes `AM`/`PM`, ICU4X `오전`/`오후`; removed from both",
    ),
    (
        "ko",
        "date_* time_* datetime_*",
        r"([0-9]+)시 ([0-9]+)분 ([0-9]+)초|([0-9]+)\. ([0-9]+)\. ([0-9]+)\.",
        "$1$4:$2$5:$3$6",
        "Korean: ICU4C spells the long time out (`8시 49분 26초`) and writes numeric dates `2090. 2. 20.`, \
         ICU4X `8:49:26` and `2090/2/20` (both written `a:b:c` before comparing)",
    ),
    ("ko", "date_* datetime_*", r"([0-9]+)/([0-9]+)/([0-9]+)", "$1:$2:$3", "as above"),
    (
        "pt-BR",
        "time_* datetime_* zone",
        r"([+−-][0-9:]+) GMT",
        "GMT$1",
        "CLDR 49's Portuguese offset format is `+1 GMT`, CLDR 48's `GMT+1`",
    ),
    (
        "es-ES",
        "time_* datetime_*",
        r"(^| )0([0-9]):",
        "$1$2:",
        "CLDR 49's Spanish (Spain) hour has two digits (`07:47`), CLDR 48's one",
    ),
    (
        "vi",
        "date_short datetime_short",
        r"(^|[^0-9])0([0-9])",
        "$1$2",
        "CLDR 49's Vietnamese short date pads day and month (`08/08`), CLDR 48's not",
    ),
    ("vi", "time_full datetime_full zone", "Vương quốc Anh", "Anh", "renamed in CLDR 49"),
    (
        "vi",
        "time_full datetime_full zone",
        "Giờ ([Cc])huẩn|Giờ ([Mm])ùa ([Hh])è",
        "Giờ ‹c›",
        "CLDR 48 capitalizes the Vietnamese zone names (`Giờ Chuẩn Ấn Độ`), CLDR 49 not",
    ),
    ("es-419", "time_full datetime_full zone", "hora estándar de la India", "hora de India", "renamed in CLDR 49"),
    (
        "*",
        "time_long datetime_long",
        r"(GMT|UTC|Гринуич)([+−-][0-9:]+)?|[A-Z]{3,5}",
        "‹zone›",
        "Short zone names: which abbreviations a language uses (`EST`, `EDT`, `GMT`) changed from CLDR 48 to 49 \
         in several languages, the other writes the offset (`GMT-5`); the short name is compared as a placeholder \
         (the long one is compared exactly, as `zone` and in the full presets)",
    ),
    (
        "th",
        "time_long time_full datetime_long datetime_full",
        "([0-9]+) นาฬิกา ([0-9]+) นาที ([0-9]+) วินาที|0?([0-9]+):([0-9]+):([0-9]+)",
        "$1$4:$2$5:$3$6",
        "ICU4C's long Thai time is spelled out (`9 นาฬิกา 12 นาที 41 วินาที`), ICU4X's is `09:12:41`",
    ),
    ("th", "date_full datetime_full", "พ.ศ. ", "", "ICU4C names the Buddhist era in the full Thai date"),
    (
        "ja",
        "time_full datetime_full",
        "([0-9]+)時([0-9]+)分([0-9]+)秒",
        "$1:$2:$3",
        "ICU4C's full Japanese time is `8時09分19秒`, ICU4X's `8:09:19`",
    ),
    ("zh-TW", "date_full datetime_full", "日 星期", "日星期", "CLDR 48 has a space before the Chinese weekday"),
    (
        "vi",
        "D f F date_long date_full datetime_long datetime_full",
        r"tháng ([0-9]+) ([0-9]{4})",
        "tháng $1, $2",
        "CLDR 48 has a comma before the Vietnamese year; CLDR 49 has none",
    ),
    (
        "zh-TW",
        "t T f F s S time_* datetime_*",
        "凌晨|清晨|早上|上午|中午|下午|晚上",
        "",
        "ICU4X writes the flexible day periods of the locale's pattern (`晚上`, `凌晨`); Intl's hour asks for \
         AM/PM (`上午`, `下午`): the period is removed from each side before comparing",
    ),
];

/// Both texts with the tolerated differences of `tag` and `label` taken
/// out, if any rule applies.
fn without_tolerated(tag: &str, label: &str, ours: &str, theirs: &str) -> Option<(String, String)> {
    let named = |list: &str, name: &str| {
        list.split(' ')
            .any(|item| item == "*" || item == name || item.strip_suffix('*').is_some_and(|p| name.starts_with(p)))
    };
    let rules: Vec<_> =
        TOLERATED.iter().filter(|(tags, labels, ..)| named(tags, tag) && named(labels, label)).collect();
    if rules.is_empty() {
        return None;
    }
    let (mut ours, mut theirs) = (ours.to_owned(), theirs.to_owned());
    for (_, _, pattern, replacement, _) in rules {
        let pattern = regex::Regex::new(pattern).unwrap();
        ours = pattern.replace_all(&ours, *replacement).into_owned();
        theirs = pattern.replace_all(&theirs, *replacement).into_owned();
    }
    Some((ours, theirs))
}

/// Zone names before 1970: ICU4C and ICU4X date the metazones (the
/// zones' names) differently before 1970: one names the zone
/// (`Australian Eastern Standard Time` in 1903, `British Summer Time` in
/// 1946) where the other writes the GMT offset. A text with a zone, of an
/// instant before 1970, where one wrote an offset form and the other a
/// name, is tolerated.
fn zone_named_before_1970(label: &str, second: i64, ours: &str, theirs: &str) -> bool {
    let with_zone = ["zone", "time_long", "time_full", "datetime_long", "datetime_full"].contains(&label);
    let offset = regex::Regex::new("GMT|UTC|Гринуич").unwrap();
    with_zone && second < 0 && offset.is_match(theirs) != offset.is_match(ours)
}

/// Durations in words (`human`): the CLDR 48 and 49 differences.
const TOLERATED_IN_DURATIONS: &[(&str, &str, &str, &str)] = &[
    ("hi", ", और ", " और ", "CLDR 48's Hindi unit lists have a comma before `और`, CLDR 49's none"),
    ("vi", "giờ", "tiếng", "CLDR 49 calls the Vietnamese hour `tiếng`, CLDR 48 `giờ`"),
];

/// The names of the texts compared, in the order of a line of [`INTL`].
fn labels() -> Vec<&'static str> {
    let mut labels: Vec<&str> = DiscordStyle::ALL.iter().map(|style| style.code()).collect();
    labels.extend(LengthPreset::ALL.map(LengthPreset::name));
    labels.push("zone");
    labels
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Node with full ICU: ./scripts/test installs it and runs this")]
fn every_discord_language_writes_what_node_intl_writes() {
    let mut rng = Rng(0x10ca1e);
    let mut input = String::new();
    let mut ours = Vec::new();
    for (i, tag) in DISCORD_LANGUAGES.iter().cycle().take(DISCORD_LANGUAGES.len() * 40).enumerate() {
        let localizer = Localizer::get(tag).unwrap();
        let zone_name = ZONES[i % ZONES.len()];
        let zone = Zone::parse(zone_name).unwrap();
        // 1900 to 2100, the years people write.
        let second = -2_208_988_800 + rng.below(6_311_433_600) as i64;
        let zoned = Timestamp::from_second(second).unwrap().to_zoned(zone.tz().clone());
        let (unit, unit_name) = UNITS[rng.below(6) as usize];
        let count = rng.below(200) as i64 - 100;
        input.push_str(&format!("{tag} {zone_name} {second} {unit_name} {count}\n"));
        let mut texts: Vec<String> = DiscordStyle::ALL[..8]
            .iter()
            .map(|&style| localizer.preview(style, &zoned, Timestamp::UNIX_EPOCH))
            .collect();
        texts.push(localizer.relative_count(unit, count));
        let moment = Moment::new(&zoned);
        texts.extend(LengthPreset::ALL.map(|preset| localizer.length(preset, &moment)));
        texts.push(localizer.zone_name(&zoned, || &moment));
        ours.push((tag, zone_name, second, texts));
    }
    let mut command = std::process::Command::new("node");
    command.arg("-e").arg(INTL);
    let theirs = stream(command, &input);
    assert_eq!(theirs.len(), ours.len());
    let labels = labels();
    let (mut differences, mut compared, mut tolerated) = (Vec::new(), 0, 0);
    for ((tag, zone, second, ours), theirs) in ours.iter().zip(&theirs) {
        let theirs: Vec<&str> = theirs.split('|').collect();
        assert_eq!(theirs.len(), labels.len(), "{theirs:?}");
        for ((label, ours), theirs) in labels.iter().zip(ours).zip(theirs) {
            compared += 1;
            if ours == theirs {
                continue;
            }
            let equal_but_tolerated = without_tolerated(tag, label, ours, theirs).is_some_and(|(o, t)| o == t);
            if equal_but_tolerated || zone_named_before_1970(label, *second, ours, theirs) {
                tolerated += 1;
                continue;
            }
            differences.push(format!("{tag} {label} {zone} {second}: tsconv {ours:?}, Intl {theirs:?}"));
        }
    }
    assert!(compared > 28_000, "{compared}");
    assert!(
        differences.is_empty(),
        "{} differences of {compared} ({tolerated} tolerated):\n{}",
        differences.len(),
        differences[..differences.len().min(80)].join("\n")
    );
}

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
    // validate writes no human-readable text: its locale reads people's text (SPEC 11).
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
