//! Any bytes through `tsconv rewrite`'s scanner and readers, with every
//! setting. Invariants: no panic; bytes without an ASCII digit come out as
//! they went in; the output keeps every line (as many `\n`); without
//! `--annotate`, a JSON object or array that parsed still parses.
#![no_main]

use jiff::Timestamp;
use libfuzzer_sys::fuzz_target;
use tsconv_time::bulk::Bulk;
use tsconv_time::input::ReadOptions;
use tsconv_time::render::Format;
use tsconv_time::rewrite::{Rewrite, Settings, Window};
use tsconv_time::zone::Zone;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, text)) = data.split_first() else { return };
    let zone = match flags & 1 {
        0 => Zone::utc(),
        _ => Zone::parse("Europe/Berlin").expect("zone"),
    };
    let format = match flags >> 1 & 3 {
        0 => Format::Rfc3339,
        1 => Format::Rfc2822,
        2 => Format::from_texts(None, Some("%Y \"%H\\"), None).expect("pattern").expect("format"),
        _ => Format::Unix,
    };
    let annotate = flags & 8 != 0;
    let settings = Settings {
        keys: vec!["when".to_owned()],
        numbers: (flags & 16 != 0).then(Window::default),
        annotate,
    };
    let bulk = Bulk::new(ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH), format);
    let mut rewrite = Rewrite::new(bulk, settings);
    let mut out = Vec::new();
    rewrite.text(text, &mut out);
    if !text.iter().any(u8::is_ascii_digit) {
        assert_eq!(out, text);
    }
    let lines = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'\n').count();
    assert_eq!(lines(&out), lines(text));
    if !annotate {
        for (before, after) in text.split(|&b| b == b'\n').zip(out.split(|&b| b == b'\n')) {
            // A JSON line of a log: an object or an array.
            if serde_json::from_slice::<serde_json::Value>(before).is_ok_and(|v| v.is_object() || v.is_array()) {
                assert!(serde_json::from_slice::<serde_json::Value>(after).is_ok(), "{before:?} became {after:?}");
            }
        }
    }
});
