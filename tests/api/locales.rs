//! SPEC 10: the locale list, and Discord previews in every language Discord's client offers,
//! compared with Node's `Intl` (ICU4C), which is what the client formats
//! with. ICU4X carries CLDR 49 and Node 20 CLDR 48, and the two libraries
//! choose some patterns differently: each tolerated difference is listed
//! below with its reason, and any other fails the test.

use jiff::Timestamp;
use serde_json::json;
use tsconv::time::Zone;
use tsconv::time::locale::{DISCORD_LANGUAGES, DiscordPreviews, Language, RelativeUnit};
use tsconv::time::render::DiscordStyle;

use crate::differential::{Rng, stream};
use crate::helpers::get;

/// The option sets behind SPEC 4.4's en-US examples, in Discord's order,
/// then `R` as `Intl.RelativeTimeFormat` words it.
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
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const [tag, zone, seconds, unit, count] = line.split(" ");
  const date = new Date(Number(seconds) * 1000);
  const texts = options.map((o) => new Intl.DateTimeFormat(tag, { ...o, timeZone: zone }).format(date));
  texts.push(new Intl.RelativeTimeFormat(tag, { numeric: "always" }).format(Number(count), unit));
  out.push(texts.join("|"));
}
process.stdout.write(out.join("\n") + "\n");
"#;

const ZONES: [&str; 6] = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney", "Asia/Tokyo"];
const UNITS: [(RelativeUnit, &str); 6] = [
    (RelativeUnit::Year, "year"),
    (RelativeUnit::Month, "month"),
    (RelativeUnit::Day, "day"),
    (RelativeUnit::Hour, "hour"),
    (RelativeUnit::Minute, "minute"),
    (RelativeUnit::Second, "second"),
];

/// Where ICU4X (CLDR 49) and Node's ICU4C (ICU 78, CLDR 48) differ: in the
/// language and styles named, tsconv's text with `pattern` replaced by
/// `replacement` must equal Intl's, and the reason says why they differ.
/// Anything else that differs fails the test.
const TOLERATED: &[(&str, &str, &str, &str, &str)] = &[
    (
        "bg",
        "tTfFsS",
        r" ч\.",
        "",
        "CLDR 49's Bulgarian time patterns end in `ч.` (ICU4X 2.4 writes it twice in s and S); Intl's pattern for \
         an hour and minute has none",
    ),
    (
        "da",
        "F",
        r"^([^ ]+) ([0-9])",
        "$1 den $2",
        "Intl's weekday-and-date pattern has `den` (`fredag den 23.`); CLDR 49's full date has not",
    ),
    (
        "es-ES",
        "F",
        " a las ",
        ", ",
        "Intl joins a date with a weekday and a time with a comma, ICU4X with the long `a las` glue",
    ),
    ("es-419", "F", " a las ", ", ", "as es-ES"),
    (
        "fi",
        "F",
        r"^([^ ]+) ",
        "${1}na ",
        "Intl writes the weekday in the essive (`maanantaina`), CLDR 49's full date in the nominative",
    ),
    ("hi", "DfF", r", ([0-9]{4})", " $1", "CLDR 49 puts a comma between the Hindi month and year; CLDR 48 has none"),
    (
        "ko",
        "tTdfFsS",
        r"[0-9]+/[0-9]+/[0-9]+|[0-9]+\. [0-9]+\. [0-9]+\.|오전|오후|AM|PM",
        "",
        "Korean: ICU 78 writes `AM`/`PM` and numeric dates as `2090. 02. 20.`, ICU4X `오전`/`오후` and \
         `2090/02/20`; both parts are removed from each side before comparing",
    ),
    (
        "vi",
        "DfF",
        r"tháng ([0-9]+) ([0-9]{4})",
        "tháng $1, $2",
        "CLDR 48 has a comma before the Vietnamese year; CLDR 49 has none",
    ),
    (
        "zh-TW",
        "tTfFsS",
        "凌晨|清晨|早上|上午|中午|下午|晚上",
        "",
        "ICU4X writes the flexible day periods of the locale's pattern (`晚上`, `凌晨`); Intl's hour asks for \
         AM/PM (`上午`, `下午`): the period is removed from each side before comparing",
    ),
];

/// Both texts with the tolerated difference of `tag` and `style` taken out.
fn without_tolerated(tag: &str, style: char, ours: &str, theirs: &str) -> Option<(String, String)> {
    let (_, _, pattern, replacement, _) =
        TOLERATED.iter().find(|(t, styles, ..)| *t == tag && styles.contains(style))?;
    let pattern = regex::Regex::new(pattern).unwrap();
    let ours = pattern.replace_all(ours, *replacement).into_owned();
    // A part that differs in kind (the Korean and Chinese rules) is removed
    // from both sides; a missing or extra word is written into ours.
    let theirs = if replacement.is_empty() && tag != "bg" {
        pattern.replace_all(theirs, "").into_owned()
    } else {
        theirs.to_owned()
    };
    Some((ours, theirs))
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Node with full ICU: ./scripts/test installs it and runs this")]
fn discord_previews_agree_with_node_intl_in_every_discord_language() {
    let mut rng = Rng(0x10ca1e);
    let mut input = String::new();
    let mut ours = Vec::new();
    for (i, tag) in DISCORD_LANGUAGES.iter().cycle().take(DISCORD_LANGUAGES.len() * 40).enumerate() {
        let language = Language::resolve(tag).unwrap();
        let previews = DiscordPreviews::new(&language).unwrap();
        let zone_name = ZONES[i % ZONES.len()];
        let zone = Zone::parse(zone_name).unwrap();
        // 1900 to 2100, the years people write.
        let second = -2_208_988_800 + rng.below(6_311_433_600) as i64;
        let local = Timestamp::from_second(second).unwrap().to_zoned(zone.tz().clone()).datetime();
        let (unit, unit_name) = UNITS[rng.below(6) as usize];
        let count = rng.below(200) as i64 - 100;
        input.push_str(&format!("{tag} {zone_name} {second} {unit_name} {count}\n"));
        let texts: Vec<String> =
            DiscordStyle::ALL.iter().map(|&style| previews.render(style, local, (unit, count))).collect();
        ours.push((tag, zone_name, second, texts));
    }
    let mut command = std::process::Command::new("node");
    command.arg("-e").arg(INTL);
    let theirs = stream(command, &input);
    assert_eq!(theirs.len(), ours.len());
    let mut differences = Vec::new();
    let mut tolerated = 0;
    for ((tag, zone, second, ours), theirs) in ours.iter().zip(&theirs) {
        for ((style, ours), theirs) in DiscordStyle::ALL.iter().zip(ours).zip(theirs.split('|')) {
            if ours == theirs {
                continue;
            }
            let code = style.code().chars().next().unwrap();
            if let Some((ours, theirs)) = without_tolerated(tag, code, ours, theirs)
                && ours == theirs
            {
                tolerated += 1;
                continue;
            }
            differences.push(format!("{tag} {} {zone} {second}: tsconv {ours:?}, Intl {theirs:?}", style.code()));
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences ({tolerated} tolerated):\n{}",
        differences.len(),
        differences[..differences.len().min(60)].join("\n")
    );
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
