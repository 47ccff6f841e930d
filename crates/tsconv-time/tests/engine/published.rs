//! Other parsers' own published test cases (Go's dateparse, dateutil and
//! chrono, chrono's in its other languages too, each read with `locale`
//! its language: `tests/data/published_cases.json`, each with the answer its
//! authors state, the sources named there) that tsconv reads as their
//! authors state: a regression guard for the forms logs, cameras, exports
//! and people write, run with no component (no oracle is asked; the answers
//! are the authors'), each at its reference instant (chrono's `refDate`,
//! dateutil's `default`). A case tsconv reads otherwise on purpose is not in
//! the file; docs/reading.md names those.

use jiff::Timestamp;
use jiff::tz::{Offset, TimeZone};
use serde_json::Value;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::locale::Localizer;
use tsconv_time::zone::Zone;

const CASES: &str = include_str!("../data/published_cases.json");

/// The fields of `instant`'s wall clock in `tz`, by the file's names.
fn field(instant: Timestamp, tz: &TimeZone, name: &str) -> i64 {
    let zoned = instant.to_zoned(tz.clone());
    match name {
        "Y" => i64::from(zoned.year()),
        "m" => i64::from(zoned.month()),
        "d" => i64::from(zoned.day()),
        "H" => i64::from(zoned.hour()),
        "M" => i64::from(zoned.minute()),
        "S" => i64::from(zoned.second()),
        "ms" => i64::from(zoned.subsec_nanosecond()) / 1_000_000,
        "us" => i64::from(zoned.subsec_nanosecond()) / 1_000,
        "wd" => i64::from(zoned.weekday().to_monday_zero_offset()),
        "off" => i64::from(zoned.offset().seconds()) / 60,
        other => panic!("no field {other:?}"),
    }
}

#[test]
fn the_published_cases_read_as_their_authors_state() {
    let document: Value = serde_json::from_str(CASES).unwrap();
    let cases = document["cases"].as_array().unwrap();
    let default_now: Timestamp = "2026-11-25T12:00:00Z".parse().unwrap();
    let mut wrong = Vec::new();
    for case in cases {
        let (input, source) = (case["input"].as_str().unwrap(), case["source"].as_str().unwrap());
        let zone = Zone::parse(case["timezone"].as_str().unwrap()).unwrap();
        let language = Localizer::get(case["locale"].as_str().unwrap()).unwrap();
        let now = case.get("now").map_or(default_now, |now| now.as_str().unwrap().parse().unwrap());
        let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, now) };
        let instant = match read(Input::Text(input), &options) {
            Ok(reading) => reading.instant,
            Err(error) => {
                wrong.push(format!("{source}: {input:?} refused: {error}"));
                continue;
            }
        };
        if let Some(ns) = case.get("instant_ns") {
            let expected: i128 = ns.as_str().unwrap().parse().unwrap();
            if instant.as_nanosecond() != expected {
                wrong.push(format!("{source}: {input:?} read as {instant}, stated {expected} ns"));
            }
            continue;
        }
        let wall = case["wall"].as_object().unwrap();
        // At the offset the text states, else in the case's zone.
        let tz = match wall.get("off").and_then(Value::as_i64) {
            Some(minutes) => TimeZone::fixed(Offset::from_seconds(i32::try_from(minutes * 60).unwrap()).unwrap()),
            None => zone.tz().clone(),
        };
        for (name, value) in wall {
            let got = field(instant, &tz, name);
            if Some(got) != value.as_i64() {
                wrong.push(format!("{source}: {input:?} read as {instant}: {name} is {got}, stated {value}"));
            }
        }
    }
    assert!(cases.len() > 1100, "the file holds {} cases", cases.len());
    assert!(
        wrong.is_empty(),
        "{} of {} published cases read otherwise:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}
