//! Criterion benches of the engine's hot paths: reading each input kind,
//! what people type, one full convert result, every preset, a custom pattern,
//! a 1000-item batch, and extract over 16 KiB of date words (its worst case),
//! of chat (the extract corpus's sentences) and of a service's log lines. Results and
//! their history are in BENCHMARKS.md.

#![allow(clippy::unwrap_used)] // a failed unwrap is a broken bench

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use jiff::Timestamp;
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::Input;
use tsconv_time::input::ReadOptions;
use tsconv_time::input::read;
use tsconv_time::precision::Precision;
use tsconv_time::render::Format;
use tsconv_time::render::View;
use tsconv_time::zone::Zone;

fn options(zone: &Zone) -> ReadOptions<'_> {
    ReadOptions::defaults(zone, Timestamp::UNIX_EPOCH)
}

fn reading(c: &mut Criterion) {
    let utc = Zone::utc();
    let ny = Zone::parse("America/New_York").unwrap();
    let mut group = c.benchmark_group("read");
    for (name, input) in [
        ("unix_seconds", Input::Number("1700000000")),
        ("unix_nanoseconds", Input::Number("1700000000123456789")),
        ("decimal_fraction", Input::Number("1700000000.123456789")),
        ("numeric_string", Input::Text("1700000000000")),
        ("rfc3339", Input::Text("2023-11-14T17:13:20.5-05:00")),
        ("rfc9557", Input::Text("2023-11-14T17:13:20-05:00[America/New_York]")),
        ("rfc2822", Input::Text("Tue, 14 Nov 2023 22:13:20 +0000")),
        ("http_date", Input::Text("Tue, 14 Nov 2023 22:13:20 GMT")),
        ("local_datetime_in_zone", Input::Text("2023-11-14 17:13:20")),
    ] {
        group.bench_function(name, |b| b.iter(|| read(black_box(input), &options(&ny)).unwrap()));
    }
    group.bench_function("detection_only", |b| b.iter(|| Precision::detect(black_box(1_700_000_000_000u128))));
    group.bench_function("zone_lookup", |b| b.iter(|| Zone::parse(black_box("america/new_york")).unwrap()));
    group.bench_function("invalid_input", |b| b.iter(|| read(black_box(Input::Text("yesteryear")), &options(&utc))));
    group.finish();
}

/// What people type: each read after every machine format failed.
fn people(c: &mut Criterion) {
    let ny = Zone::parse("America/New_York").unwrap();
    let now = Timestamp::from_second(1_795_000_000).unwrap();
    let options = ReadOptions::defaults(&ny, now);
    let mut group = c.benchmark_group("human");
    for (name, text) in [
        ("month_day_year_12h", "Nov 14 2023 5:13pm"),
        ("weekday_long_date", "Tuesday, November 14, 2023"),
        ("iso_with_abbreviation", "2023-11-14 10:00 EST"),
        ("tomorrow_9am", "tomorrow 9am"),
        ("next_friday_3pm", "next friday 3pm"),
        ("days_ago", "3 days ago"),
        ("cjk_date_time", "2023年11月14日 17:13"),
        ("near_miss_error", "tomorow 9am"),
    ] {
        group.bench_function(name, |b| b.iter(|| read(black_box(Input::Text(text)), &options)));
    }
    // The worst people's text of the abuse test (`tests/abuse`), 250 characters each.
    for (name, unit) in [
        ("worst_relative_run", "1 day "),
        ("worst_relative_words", "next month last year "),
        ("worst_near_misses", "Novmberr "),
        ("worst_windows_like", "Eastern Standard Timee "),
        ("worst_arabic", "١٤ نوفمبر ٢٠٢٣ 5pm "),
        ("worst_repeated_dates", "14 Nov 2023 5:13pm CST "),
        ("worst_comments", "(((((((((( "),
    ] {
        let text: String = unit.repeat(50).chars().take(250).collect();
        group.bench_function(name, |b| b.iter(|| read(black_box(Input::Text(&text)), &options)));
    }
    group.finish();
}

fn rendering(c: &mut Criterion) {
    let ny = Zone::parse("America/New_York").unwrap();
    let now = Timestamp::from_second(1_795_000_000).unwrap();
    let instant = Timestamp::from_second(1_700_000_000).unwrap();
    let mut group = c.benchmark_group("render");
    group.bench_function("convert_full_result", |b| {
        b.iter(|| {
            tsconv_time::ops::convert(black_box(Input::Number("1700000000")), &options(&ny), None, now, Fields::ALL)
                .unwrap()
        })
    });
    let two = Fields::parse("iso,timezone", Field::REPORT).unwrap();
    group.bench_function("convert_fields_iso_timezone_json", |b| {
        b.iter(|| {
            let report =
                tsconv_time::ops::convert(black_box(Input::Number("1700000000")), &options(&ny), None, now, two)
                    .unwrap();
            tsconv_time::json::to_vec(&report).unwrap()
        })
    });
    group.bench_function("convert_full_result_json", |b| {
        b.iter(|| {
            let report = tsconv_time::ops::convert(
                black_box(Input::Number("1700000000")),
                &options(&ny),
                None,
                now,
                Fields::ALL,
            )
            .unwrap();
            // As the server writes it (`WriteJson`, the bytes serde_json would write).
            tsconv_time::json::to_vec(&report).unwrap()
        })
    });
    group.bench_function("all_presets", |b| {
        b.iter(|| View::new(black_box(instant), &ny, Precision::Seconds).presets(now))
    });
    let custom = Format::from_texts(Some("custom"), Some("%Y-%m-%d %H:%M:%S.%f %Z (%:z)"), None).unwrap().unwrap();
    group.bench_function("custom_pattern", |b| {
        b.iter(|| View::new(black_box(instant), &ny, Precision::Nanoseconds).format(&custom, now).unwrap())
    });
    let texts: Vec<String> = (0..1000).map(|i| (1_700_000_000 + i).to_string()).collect();
    group.bench_function("batch_1000_convert", |b| {
        b.iter_batched(
            || texts.clone(),
            |texts| {
                texts
                    .iter()
                    .map(|t| {
                        tsconv_time::ops::convert(Input::Number(t), &options(&ny), None, now, Fields::ALL).unwrap()
                    })
                    .collect::<Vec<_>>()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// A text of 16 KiB at most, of date words, false friends and other numbers
/// drawn with a fixed seed: extract's worst case of prose.
fn date_words(limit: usize) -> String {
    const WORDS: &[&str] = &[
        "the",
        "meeting",
        "is",
        "on",
        "March",
        "5",
        "at",
        "3pm",
        "may",
        "we",
        "second",
        "sun",
        "2023-11-14",
        "next",
        "friday",
        "costs",
        "20.99",
        "tomorrow",
        "in",
        "2",
        "hours",
        "ago",
        "version",
        "1.2.3",
        "call",
        "555-1234",
        "Nov",
        "14",
        "2023",
        "5:13pm",
        "EST",
        "a",
        "day",
        "later",
        "1700000000",
        "and",
        "then",
        "week",
        "noon",
    ];
    let mut state = 1_u64;
    let mut text = String::new();
    loop {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let word = WORDS[((z ^ (z >> 31)) % WORDS.len() as u64) as usize];
        if text.len() + word.len() + 1 > limit {
            return text;
        }
        text.push_str(word);
        text.push(' ');
    }
}

/// The extract corpus's English sentences (chat and prose, with and
/// without dates; those in other languages are read with their own
/// `locale`), one after another, up to `limit` bytes: a chat log as people
/// write it.
fn chat(limit: usize) -> String {
    let corpus: serde_json::Value =
        serde_json::from_str(include_str!("../crates/tsconv-time/tests/data/extract_corpus.json")).unwrap();
    let sentences: Vec<&str> = corpus["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|sentence| sentence.get("locale").is_none())
        .map(|sentence| sentence["text"].as_str().unwrap())
        .collect();
    let mut text = String::new();
    for sentence in sentences.iter().cycle() {
        if text.len() + sentence.len() + 1 > limit {
            return text;
        }
        text.push_str(sentence);
        text.push(' ');
    }
    text
}

/// A service's log, up to `limit` bytes: lines that each start with an
/// RFC 3339 time, every other one in logfmt (`time=...`), with a path, a
/// status and a latency after it (numbers that are no dates).
fn log_lines(limit: usize) -> String {
    let mut text = String::new();
    for k in 0usize.. {
        let time = format!(
            "2024-03-{:02}T{:02}:{:02}:{:02}.{:03}Z",
            1 + k % 28,
            k % 24,
            (k * 7) % 60,
            (k * 13) % 60,
            (k * 37) % 1000
        );
        let (id, status, latency) = (1000 + (k * 7919) % 9000, [200, 204, 404][k % 3], 1 + (k * 31) % 500);
        let line = if k % 2 == 0 {
            format!("{time} INFO request served path=/api/v1/items/{id} status={status} latency_ms={latency}\n")
        } else {
            format!("time={time} level=info msg=served path=/api/v1/items/{id} status={status} latency_ms={latency}\n")
        };
        if text.len() + line.len() > limit {
            break;
        }
        text.push_str(&line);
    }
    text
}

fn extracting(c: &mut Criterion) {
    let ny = Zone::parse("America/New_York").unwrap();
    let text = date_words(tsconv_time::extract::MAX_TEXT_CHARS);
    c.bench_function("extract/16KiB_of_date_words", |b| {
        b.iter(|| tsconv_time::extract::extract(black_box(&text), &options(&ny)).unwrap())
    });
    let text = chat(tsconv_time::extract::MAX_TEXT_CHARS);
    c.bench_function("extract/16KiB_of_chat", |b| {
        b.iter(|| tsconv_time::extract::extract(black_box(&text), &options(&ny)).unwrap())
    });
    let text = log_lines(tsconv_time::extract::MAX_TEXT_CHARS);
    c.bench_function("extract/16KiB_of_log_lines", |b| {
        b.iter(|| tsconv_time::extract::extract(black_box(&text), &options(&ny)).unwrap())
    });
}

criterion_group!(benches, reading, people, rendering, extracting);
criterion_main!(benches);
