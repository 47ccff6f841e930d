//! `extract` over a corpus of sentences written for the test
//! (`tests/data/extract_corpus.json`): with and without dates, false
//! friends, prices, versions, phone numbers, counts and durations. Each
//! sentence lists the dates tsconv must find, and the differences from
//! chrono's `parse` on the same sentence, each one named in
//! [`CHRONO_DIFFERENCES`] (and in the README); a sentence that names a
//! difference chrono no longer shows fails, as does a name no sentence uses.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use jiff::Timestamp;
use serde_json::Value;
use tsconv_time::extract::extract;
use tsconv_time::input::ReadOptions;
use tsconv_time::locale::Localizer;
use tsconv_time::zone::Zone;

use crate::oracle::stream;

const CORPUS: &str = include_str!("../data/extract_corpus.json");

/// Where tsconv finds other dates in prose than chrono does, and why.
const CHRONO_DIFFERENCES: &[(&str, &str)] = &[
    (
        "false friends",
        "chrono reads march, sun and the like alone as dates; tsconv needs the words around them to make one (a number beside a month, a direction beside a unit)",
    ),
    ("Unix timestamps in prose", "a number of 10 or 13 digits is a Unix timestamp to tsconv; chrono finds none"),
    (
        "Go log lines",
        "tsconv reads Go's whole time.String (with its m=+0.0012 monotonic reading) and the fraction's digits as written; chrono stops before m= and reads .2 as 2 ms",
    ),
    ("EXIF times", "2019:03:05 07:41:10 is a camera's date and time; chrono finds only the time"),
    (
        "next Friday",
        "on a Wednesday chrono reads next Friday as the Friday of next week; tsconv reads the coming Friday, as GNU date does",
    ),
    (
        "a duration is no date",
        "for 90 seconds or 3 days after (an event) say how long, not when: tsconv finds no date; chrono counts them from now",
    ),
    (
        "a month and day without a year",
        "Jan 5 is this year's, as GNU date reads it; chrono takes the nearest one, which may be next year's",
    ),
    (
        "a time and its day part",
        "10:30 tomorrow morning is one date to tsconv; chrono finds two (10:30 tomorrow, and this morning)",
    ),
    (
        "a weekday alone",
        "Monday is the coming Monday, as GNU date reads it; chrono takes the nearest one, which may be past",
    ),
    ("an apostrophe year", "Mar '19 is March 2019; chrono finds March of this year"),
    (
        "the word before a day",
        "chrono's text of a date in another language starts with the word before the day (am Montag, в понедельник); tsconv's with the day",
    ),
    (
        "the period before",
        "el mes pasado is the month before now; chrono's Spanish parser finds no date there, and only martes in martes pasado",
    ),
    (
        "a time after the word for at",
        "chrono's Swedish and Portuguese parsers stop before the time (på måndag kl 10:00, amanhã às 15h): tsconv reads the day and its time as one date",
    ),
    (
        "the hour of a part of the day",
        "ce soir is 20:00, English's hour for the evening, where CLDR's hours for the name hold it; chrono's French parser reads 18:00, its Japanese parser 今夕 (this evening) at 22:00",
    ),
    (
        "next week's day in Japanese",
        "来週の月曜日 is Monday of next week; chrono's Japanese parser finds only 月曜日, the nearest Monday",
    ),
    (
        "a Chinese hour in words",
        "一点也不 (not at all) is prose to tsconv; chrono's Chinese parser reads 一点 as one o'clock",
    ),
];

struct Sentence {
    text: String,
    /// The language it is written in (English when not said).
    locale: String,
    found: Vec<(String, String)>,
    chrono: Vec<String>,
}

fn corpus() -> (Zone, Timestamp, Vec<Sentence>) {
    let corpus: Value = serde_json::from_str(CORPUS).unwrap();
    let zone = Zone::parse(corpus["zone"].as_str().unwrap()).unwrap();
    let now: Timestamp = corpus["now"].as_str().unwrap().parse().unwrap();
    let strings = |value: &Value| -> Vec<String> {
        value.as_array().map_or_else(Vec::new, |items| items.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
    };
    let sentences = corpus["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|sentence| Sentence {
            text: sentence["text"].as_str().unwrap().to_owned(),
            locale: sentence["locale"].as_str().unwrap_or("en").to_owned(),
            found: sentence["found"]
                .as_array()
                .unwrap()
                .iter()
                .map(|pair| {
                    let pair = strings(pair);
                    (pair[0].clone(), pair[1].clone())
                })
                .collect(),
            chrono: strings(&sentence["chrono"]),
        })
        .collect();
    (zone, now, sentences)
}

#[test]
fn extract_finds_the_dates_of_the_corpus_and_only_them() {
    let (zone, now, sentences) = corpus();
    assert!(sentences.len() >= 40);
    let mut wrong = Vec::new();
    for sentence in &sentences {
        let language = Localizer::get(&sentence.locale).unwrap();
        let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
        let found: Vec<(String, String)> = extract(&sentence.text, &options)
            .unwrap()
            .found
            .into_iter()
            .map(|found| (found.text, found.rfc3339))
            .collect();
        if found != sentence.found {
            wrong.push(format!("{:?}: found {found:?}, expected {:?}", sentence.text, sentence.found));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// chrono's dates in each sentence, read by chrono's parser of its
/// language (none where chrono has none): each one's text (without the
/// `on`, `at` or punctuation chrono keeps around it) and instant.
fn chrono_finds(sentences: &[Sentence], zone: &str, now: Timestamp) -> Vec<Vec<(String, Timestamp)>> {
    let modules = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/chrono/node_modules");
    assert!(modules.join("chrono-node").exists(), "chrono-node is missing: run ./scripts/test, which installs it");
    let script = r#"
const chrono = require("chrono-node");
const now = new Date(Number(process.argv[1]));
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((l) => l);
for (const line of lines) {
  const [text, locale] = JSON.parse(line);
  const parser = locale === "en" ? chrono : chrono[locale];
  const found = parser ? parser.parse(text, now).map((r) => [r.text, r.start.date().getTime()]) : [];
  process.stdout.write(JSON.stringify(found) + "\n");
}
"#;
    let mut command = Command::new("node");
    command.env("NODE_PATH", &modules).env("TZ", zone).arg("-e").arg(script).arg(now.as_millisecond().to_string());
    let input: String =
        sentences.iter().map(|s| format!("{}\n", Value::from(vec![s.text.as_str(), s.locale.as_str()]))).collect();
    stream(command, &input)
        .iter()
        .map(|line| {
            let found: Vec<(String, i64)> = serde_json::from_str(line).unwrap();
            found
                .into_iter()
                .map(|(text, ms)| {
                    let text = text.trim_end_matches([',', '.', ' ']);
                    let text = ["on ", "at "].iter().fold(text, |text, lead| text.strip_prefix(lead).unwrap_or(text));
                    (text.to_owned(), Timestamp::from_millisecond(ms).unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs chrono-node (npm): ./scripts/test installs it and runs this")]
fn extract_agrees_with_chrono_on_the_corpus_but_for_named_differences() {
    let (zone, now, sentences) = corpus();
    let theirs = chrono_finds(&sentences, zone.name(), now);
    let mut unnamed = Vec::new();
    let mut stale = Vec::new();
    let mut used = BTreeSet::new();
    for (sentence, chrono) in sentences.iter().zip(theirs) {
        let language = Localizer::get(&sentence.locale).unwrap();
        let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
        let ours = extract(&sentence.text, &options).unwrap().found;
        // A date alone is a day: chrono places it at noon.
        let same = ours.len() == chrono.len()
            && ours.iter().zip(&chrono).all(|(ours, (text, instant))| {
                let day = |t: Timestamp| t.to_zoned(zone.tz().clone()).date();
                ours.text == *text
                    && match ours.date_only {
                        true => day(Timestamp::from_second(ours.timestamp).unwrap()) == day(*instant),
                        false => ours.timestamp == instant.as_second(),
                    }
            });
        for name in &sentence.chrono {
            assert!(CHRONO_DIFFERENCES.iter().any(|(named, _)| named == name), "{name:?} is not a named difference");
            used.insert(name.as_str());
        }
        match (same, sentence.chrono.is_empty()) {
            (false, true) => unnamed.push(format!("{:?}: chrono finds {chrono:?}", sentence.text)),
            (true, false) => stale.push(sentence.text.clone()),
            _ => {}
        }
    }
    assert!(unnamed.is_empty(), "differences from chrono without a name:\n{}", unnamed.join("\n"));
    assert!(stale.is_empty(), "sentences that name a difference chrono no longer shows: {stale:?}");
    let readme = crate::oracle::documentation();
    let unlisted: Vec<&str> = CHRONO_DIFFERENCES
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !readme.contains(&format!("| {name} |")))
        .collect();
    assert!(unlisted.is_empty(), "named differences missing from the documentation's tables: {unlisted:?}");
    let unused: Vec<&str> =
        CHRONO_DIFFERENCES.iter().map(|(name, _)| *name).filter(|name| !used.contains(name)).collect();
    assert!(unused.is_empty(), "named differences no sentence shows (remove them): {unused:?}");
}
