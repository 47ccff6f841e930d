//! Any bytes as prose to find dates in, in a few zones and languages.
//! Invariants: no panic; the dates are in order, do not overlap, lie within
//! the text, and each `text` is the text at its span; replacing them with
//! their Discord codes keeps everything between.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsconv_time::extract::{extract, with_discord_codes};
use tsconv_time::input::ReadOptions;
use tsconv_time::locale::Localizer;
use tsconv_time::zone::Zone;

const ZONES: &[&str] = &["UTC", "America/New_York", "Australia/Sydney", "Asia/Kolkata"];
const LOCALES: &[&str] = &["en", "de", "ja", "zh", "es-419"];

fuzz_target!(|data: &[u8]| {
    let [z, l, rest @ ..] = data else { return };
    let text = String::from_utf8_lossy(rest);
    let zone = Zone::parse(ZONES[*z as usize % ZONES.len()]).expect("a known zone");
    let language = Localizer::get(LOCALES[*l as usize % LOCALES.len()]).expect("a known locale");
    let now = "2026-11-25T15:00:00Z".parse().expect("an instant");
    let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
    let Ok(extraction) = extract(&text, &options) else { return };
    let chars: Vec<char> = text.chars().collect();
    let mut last = 0;
    for found in &extraction.found {
        assert!(last <= found.start && found.start < found.end && found.end <= chars.len(), "{found:?}");
        assert_eq!(chars[found.start..found.end].iter().collect::<String>(), found.text);
        last = found.end;
    }
    let replaced = with_discord_codes(&text, &extraction);
    assert!(extraction.found.iter().all(|found| replaced.contains(&found.discord)));
});
