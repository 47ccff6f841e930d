//! What Discord shows (the Discord-previews round): the nine previews, `relative`,
//! the twelve CLDR length presets and the zones' long names, compared with
//! what Chromium's `Intl` writes (Discord's client is Chromium) in every
//! language Discord's client offers, over seeded instants of 1900-2100 in
//! seeded zones of the whole database.
//!
//! A difference that remains is a change between the CLDR release
//! Chromium carries and the one tsconv's ICU4X data carries: each is named
//! in [`CLDR_CHANGES`] with the change; an entry that no longer applies
//! fails the test (stale), and so does any other difference.

use std::collections::BTreeMap;

use jiff::Timestamp;
use tsconv_time::discord::DiscordStyle;
use tsconv_time::locale::{DISCORD_LANGUAGES, LengthPreset, Localizer, Moment, RelativeUnit};
use tsconv_time::zone::Zone;

use crate::oracle::Rng;

/// One case `[tag, zone, seconds, unit, count]`: Discord's eight option
/// sets (in its order), `R` as `Intl.RelativeTimeFormat` words
/// it, `dateStyle`, `timeStyle` and both in the four lengths, and the
/// zone's long name.
const ANSWER: &str = r#"(() => {
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
  return ([tag, zone, seconds, unit, count]) => {
    const date = new Date(seconds * 1000);
    const texts = options.map((o) => new Intl.DateTimeFormat(tag, { ...o, timeZone: zone }).format(date));
    texts.push(new Intl.RelativeTimeFormat(tag, { numeric: "always" }).format(count, unit));
    for (const style of styles) {
      texts.push(new Intl.DateTimeFormat(tag, { ...style, timeZone: zone }).format(date));
    }
    const parts = new Intl.DateTimeFormat(tag, { timeZone: zone, timeZoneName: "long" }).formatToParts(date);
    texts.push(parts.find((p) => p.type === "timeZoneName").value);
    return texts.map((text) => text.replace(/\u202f/g, " "));
  };
})()"#;

/// Zones every language is shown in, besides seeded ones: both
/// hemispheres' DST, half-hour offsets, zones whose names the issue found
/// differing (Moscow's summer time, India, South Africa, New York).
const ZONES: [&str; 10] = [
    "UTC",
    "America/New_York",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Australia/Sydney",
    "Europe/Moscow",
    "Africa/Johannesburg",
    "America/Sao_Paulo",
    "Europe/London",
    "Asia/Tokyo",
];

const UNITS: [(RelativeUnit, &str); 6] = [
    (RelativeUnit::Year, "year"),
    (RelativeUnit::Month, "month"),
    (RelativeUnit::Day, "day"),
    (RelativeUnit::Hour, "hour"),
    (RelativeUnit::Minute, "minute"),
    (RelativeUnit::Second, "second"),
];

/// The names of the texts compared, in the order of [`ANSWER`]'s.
fn labels() -> Vec<&'static str> {
    let mut labels: Vec<&str> = DiscordStyle::ALL.iter().map(|style| style.code()).collect();
    labels.extend(LengthPreset::ALL.map(LengthPreset::name));
    labels.push("zone");
    labels
}

/// Where the CLDR data of ICU4X (49: the names tsconv writes) and of
/// Chromium (48) differ: (languages, what tsconv writes, what Chromium
/// writes, both regular expressions, and the change). A text that differs
/// from Chromium's is named when one entry of its language, or all of them
/// in turn, replacing what tsconv writes in its text and what Chromium
/// writes in Chromium's by one mark, make the two equal. Each entry must
/// name at least one text (else it is stale and fails the test).
const CLDR_CHANGES: &[(&str, &str, &str, &str)] = &[
    ("es-419", r"\bsep\b", r"\bsept\b", "CLDR 49 abbreviates septiembre `sep`, CLDR 48 `sept`"),
    (
        "ko",
        r"\b미 (산지|산악)",
        "북미 로키 산맥",
        "Chromium's ICU data names North America's Mountain time `북미 로키 산맥 …`; CLDR 48 (and ICU 78's data, which Node writes) and 49 `미 산지 …`",
    ),
    (
        "ko",
        r"\b미 ",
        "북미 ",
        "Chromium's ICU data names North America's zones `북미 …`; CLDR 48 (and ICU 78's data, which Node writes) and 49 `미 …`",
    ),
    (
        "uk",
        r"за (східним|центральним|гірським|тихоокеанським) \S+ часом \([A-Z]{3}\)",
        r"за північноамериканським (східним|центральним|гірським|тихоокеанським) \S+ часом",
        "CLDR 49 renamed North America's zones (without `північноамериканським`) and added their abbreviations",
    ),
    (
        "cs id nl no vi zh-TW",
        r"GMT-[0-9.:]+",
        r"\b[A-Z]{3,5}\b( \([^)]+\))?",
        "CLDR 48 has North America's abbreviations (EST, PDT, AKST, `CDT (Kuba)`...) in these languages, CLDR 49 not",
    ),
    (
        "en-US es-ES hr nl ro sv-SE zh-TW",
        r"GMT\+0\b",
        r"\bGMT\b",
        "CLDR 48 has the short name GMT for Greenwich Mean Time in these languages, CLDR 49 not",
    ),
    ("fr", r"\bGMT\b", r"UTC\+0\b", "CLDR 49 has the short name GMT for Greenwich Mean Time in French, CLDR 48 not"),
    ("fr", r"\bTU\b", r"\bUTC\b", "CLDR 49 abbreviates UTC in French `TU`, CLDR 48 `UTC`"),
    (
        "zh-TW",
        "\u{2009}",
        " ",
        "CLDR's JSON joins zh-Hant's short date and time with U+2009 (48.1, `{1}\u{2009}{0}`); ICU's data (Chromium's, and ICU 78's in Node) with a space",
    ),
];

/// Whether the entries of [`CLDR_CHANGES`] of `tag` name the difference
/// between `ours` and `theirs`; the entries that did marked in `used`.
fn named_by_cldr_changes(tag: &str, ours: &str, theirs: &str, used: &mut [bool]) -> bool {
    let entries: Vec<usize> =
        (0..CLDR_CHANGES.len()).filter(|&i| CLDR_CHANGES[i].0.split(' ').any(|t| t == tag || t == "*")).collect();
    let apply = |chosen: &[usize]| {
        let (mut ours, mut theirs) = (ours.to_owned(), theirs.to_owned());
        for &i in chosen {
            let (_, written, chromium, _) = CLDR_CHANGES[i];
            let mark = format!("\u{2039}{i}\u{203a}");
            ours = regex::Regex::new(written).unwrap().replace_all(&ours, mark.as_str()).into_owned();
            theirs = regex::Regex::new(chromium).unwrap().replace_all(&theirs, mark.as_str()).into_owned();
        }
        ours == theirs
    };
    let naming: Vec<usize> = match entries.iter().find(|&&i| apply(&[i])) {
        Some(&i) => vec![i],
        None if apply(&entries) => entries,
        None => return false,
    };
    naming.into_iter().for_each(|i| used[i] = true);
    true
}

/// The zones' names of CLDR 48, the release Chromium's ICU data is built
/// from, read from CLDR's published JSON (which `./scripts/test` installs
/// into target/cldr for `scripts/cldr-patterns`).
///
/// ICU4X's compiled data is CLDR 49, where many zones were renamed
/// (`Moscow Summer Time` → `Moscow Daylight Time`, `hora de India` → `hora
/// estándar de la India`), translated or given metazones of their own:
/// tsconv writes CLDR 49's names, the ones it also reads. A
/// long name that differs from Chromium's is a CLDR change when Chromium's
/// is CLDR 48's name of the zone then, found as ICU4C finds it: the zone's
/// own name, else its metazone's then (metazones apply from 1970 on).
struct Cldr48 {
    metazones: serde_json::Value,
    names: std::collections::HashMap<&'static str, serde_json::Value>,
}

impl Cldr48 {
    fn load() -> Cldr48 {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/cldr/node_modules");
        let read = |path: std::path::PathBuf| -> serde_json::Value {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}: run ./scripts/test, which installs CLDR's JSON", path.display()));
            serde_json::from_str(&text).unwrap()
        };
        let metazones = read(root.join("cldr-core/supplemental/metaZones.json"))["supplemental"]["metaZones"]
            ["metazoneInfo"]["timezone"]
            .clone();
        let names = DISCORD_LANGUAGES
            .iter()
            .map(|tag| {
                let used = Localizer::get(tag).unwrap().used();
                let json = read(root.join(format!("cldr-dates-full/main/{used}/timeZoneNames.json")));
                (used, json["main"][used]["dates"]["timeZoneNames"].clone())
            })
            .collect();
        Cldr48 { metazones, names }
    }

    /// The long name CLDR 48 gives `zone` (canonical IANA) at `second`
    /// in `used`'s language, in daylight time or not.
    fn long_name(&self, used: &str, zone: &str, second: i64, daylight: bool) -> Option<String> {
        let names = &self.names[used];
        let variant = if daylight { "daylight" } else { "standard" };
        fn at<'a>(node: &'a serde_json::Value, zone: &str) -> Option<&'a serde_json::Value> {
            zone.split('/').try_fold(node, |node, part| node.get(part))
        }
        if let Some(own) = at(&names["zone"], zone).and_then(|own| own["long"][variant].as_str()) {
            return Some(own.to_owned());
        }
        // The mappings' bounds are UTC minutes, `1970-01-01 00:00`, which compare as text.
        let now = Timestamp::from_second(second).unwrap().strftime("%Y-%m-%d %H:%M").to_string();
        let metazone = at(&self.metazones, zone)?.as_array()?.iter().find_map(|entry| {
            let uses = &entry["usesMetazone"];
            let from = uses["_from"].as_str().unwrap_or("1970-01-01 00:00");
            let to = uses["_to"].as_str().unwrap_or("9999-12-31 23:59");
            (from <= now.as_str() && now.as_str() < to).then(|| uses["_mzone"].as_str().unwrap().to_owned())
        })?;
        names["metazone"][&metazone]["long"][variant].as_str().map(str::to_owned)
    }
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Chromium: ./scripts/test installs it and runs this")]
fn every_discord_language_writes_what_chromium_writes() {
    let mut rng = Rng(0x00d1_5c0d);
    let all_zones = tsconv_time::zone::names();
    let mut cases = Vec::new();
    let mut ours = Vec::new();
    for (i, tag) in DISCORD_LANGUAGES.iter().cycle().take(DISCORD_LANGUAGES.len() * 150).enumerate() {
        let localizer = Localizer::get(tag).unwrap();
        let zone_name =
            if i % 3 == 0 { all_zones[rng.below(all_zones.len() as u64) as usize] } else { ZONES[i % ZONES.len()] };
        let zone = Zone::parse(zone_name).unwrap();
        let second = -2_208_988_800 + rng.below(6_311_433_600) as i64;
        let zoned = Timestamp::from_second(second).unwrap().to_zoned(zone.tz().clone());
        let (unit, unit_name) = UNITS[rng.below(6) as usize];
        let count = rng.below(200) as i64 - 100;
        cases.push(format!(r#"["{tag}","{zone_name}",{second},"{unit_name}",{count}]"#));
        let mut texts: Vec<String> = DiscordStyle::ALL[..8]
            .iter()
            .map(|&style| localizer.preview(style, &zoned, Timestamp::UNIX_EPOCH))
            .collect();
        texts.push(localizer.relative_count(unit, count));
        let moment = Moment::new(&zoned);
        texts.extend(LengthPreset::ALL.map(|preset| localizer.length(preset, &moment)));
        texts.push(localizer.zone_name(&zoned, || &moment));
        let daylight = zone.tz().to_offset_info(zoned.timestamp()).dst().is_dst();
        ours.push((*tag, zone_name, second, texts, localizer.used(), daylight));
    }
    let cldr48 = Cldr48::load();
    // Every name of each zone (CLDR's JSON keys some zones by an older one: `Europe/Kiev`).
    let parser = icu_time::zone::iana::IanaParserExtended::new();
    let mut spellings: std::collections::HashMap<icu_time::TimeZone, Vec<&str>> = std::collections::HashMap::new();
    for zone in parser.iter_all() {
        spellings.entry(zone.time_zone).or_default().push(zone.normalized);
    }
    let offset = regex::Regex::new(r"^(GMT|UTC|Гринуич) ?[+−-]?[0-9.:]*$").unwrap();
    let theirs = crate::oracle::chromium(ANSWER, &format!("[{}]", cases.join(",")));
    assert_eq!(theirs.len(), ours.len());
    let labels = labels();
    let mut differences: BTreeMap<(&str, &str), (usize, String)> = BTreeMap::new();
    let (mut compared, mut named) = (0, 0);
    let mut used = vec![false; CLDR_CHANGES.len()];
    let mut renamed = std::collections::BTreeSet::new();
    for ((tag, zone, second, ours, locale, daylight), theirs) in ours.iter().zip(&theirs) {
        assert_eq!(theirs.len(), labels.len(), "{theirs:?}");
        let our_name = ours.last().unwrap();
        let names = spellings.get(&parser.parse(zone).time_zone).cloned().unwrap_or_default();
        let name_48 = names.iter().find_map(|name| cldr48.long_name(locale, name, *second, *daylight));
        for ((label, ours), theirs) in labels.iter().zip(ours).zip(theirs) {
            compared += 1;
            if ours == theirs {
                continue;
            }
            let long = ["zone", "time_full", "datetime_full"].contains(label);
            // What Chromium writes where tsconv writes the zone's long name.
            let instead = ours.find(our_name.as_str()).filter(|_| long).and_then(|at| {
                let (before, after) = (&ours[..at], &ours[at + our_name.len()..]);
                theirs.strip_prefix(before)?.strip_suffix(after)
            });
            let renamed_in_49 = instead.is_some_and(|instead| name_48.as_deref() == Some(instead));
            let named_in_49_only = instead.is_some_and(|instead| name_48.is_none() && offset.is_match(instead));
            if renamed_in_49 || named_in_49_only {
                let before = name_48.as_deref().unwrap_or("(none: the offset)");
                renamed.insert(format!("{tag}: {before:?} (CLDR 48) → {our_name:?} (CLDR 49)"));
                named += 1;
            } else if named_by_cldr_changes(tag, ours, theirs, &mut used) {
                named += 1;
            } else {
                let entry = differences.entry((tag, label)).or_default();
                entry.0 += 1;
                if entry.1.is_empty() {
                    entry.1 = format!("{zone} {second}: tsconv {ours:?}, Chromium {theirs:?}");
                }
            }
        }
    }
    let listed: Vec<String> = differences
        .iter()
        .map(|((tag, label), (count, example))| format!("{tag} {label} x{count}: {example}"))
        .collect();
    assert!(compared > 100_000, "{compared}");
    assert!(
        differences.is_empty(),
        "{} kinds of difference of {compared} texts ({named} named as CLDR changes):\n{}",
        differences.len(),
        listed.join("\n")
    );
    let stale: Vec<_> = CLDR_CHANGES.iter().zip(&used).filter(|(_, used)| !**used).map(|(entry, _)| entry).collect();
    assert!(stale.is_empty(), "named as CLDR changes, but no text differs so now: {stale:?}");
    eprintln!(
        "{compared} texts compared with Chromium's Intl, {named} differ by a named CLDR change; zones CLDR 49 renamed:\n{}",
        renamed.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs CLDR's JSON: ./scripts/test installs it and runs this")]
fn the_pattern_table_is_what_the_script_writes() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var("TSCONV_PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let mut command = std::process::Command::new(python);
    command.arg(root.join("scripts/cldr-patterns")).arg(root.join("target/cldr/node_modules"));
    let output = command.output().unwrap();
    assert!(output.status.success(), "scripts/cldr-patterns failed: {}", String::from_utf8_lossy(&output.stderr));
    let committed = std::fs::read_to_string(root.join("crates/tsconv-time/src/locale/intl/patterns.rs")).unwrap();
    assert!(
        String::from_utf8(output.stdout).unwrap() == committed,
        "crates/tsconv-time/src/locale/intl/patterns.rs is not what scripts/cldr-patterns writes now: run it again"
    );
}

/// `/api/locales` names Discord's languages as `Intl.DisplayNames` does,
/// in their own language and in English.
#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs Chromium: ./scripts/test installs it and runs this")]
fn discord_languages_are_named_as_intl_names_them() {
    let list = tsconv_time::locale::list(None);
    let tags: Vec<&str> = list.discord.iter().map(|language| language.tag).collect();
    assert_eq!(tags, DISCORD_LANGUAGES, "every Discord language, in the order of its menu");
    let cases: Vec<String> = tags.iter().map(|tag| format!(r#""{tag}""#)).collect();
    let answer = r#"(tag) => [new Intl.DisplayNames([tag], { type: "language" }).of(tag), new Intl.DisplayNames(["en"], { type: "language" }).of(tag)]"#;
    let theirs = crate::oracle::chromium(answer, &format!("[{}]", cases.join(",")));
    let differences: Vec<String> = list
        .discord
        .iter()
        .zip(&theirs)
        .filter(|(ours, theirs)| [ours.name.as_str(), ours.english_name.as_str()] != theirs[..])
        .map(|(ours, theirs)| {
            format!("{}: tsconv {:?} / {:?}, Chromium {theirs:?}", ours.tag, ours.name, ours.english_name)
        })
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    assert!(list.discord.iter().all(|language| Localizer::get(language.tag).unwrap().used() == language.locale));
}
