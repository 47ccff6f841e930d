//! Any bytes as a timestamp, with any zone, precision, disambiguation and
//! epoch system (or input pattern). Invariants: no panic; a valid instant
//! rendered as RFC 3339 and RFC 9557 reads back as the same instant (floored
//! to its precision); an epoch reading written in its system reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsconv_time::epoch::Epoch;
use tsconv_time::id::Snowflake;
use tsconv_time::input::Input;
use tsconv_time::input::ReadOptions;
use tsconv_time::input::read;
use tsconv_time::local::Disambiguation;
use tsconv_time::precision::Precision;
use tsconv_time::render::View;
use tsconv_time::render::in_unit;
use tsconv_time::zone::Zone;

const ZONES: &[&str] =
    &["UTC", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Chatham", "+14:00", "-09:30"];

fuzz_target!(|data: &[u8]| {
    let [p, d, z, e, rest @ ..] = data else { return };
    let precision = [
        None,
        Some(Precision::Seconds),
        Some(Precision::Milliseconds),
        Some(Precision::Microseconds),
        Some(Precision::Nanoseconds),
    ][*p as usize % 5];
    let disambiguation =
        [Disambiguation::Compatible, Disambiguation::Earlier, Disambiguation::Later, Disambiguation::Reject]
            [*d as usize % 4];
    let text = String::from_utf8_lossy(rest);
    // The zone parser gets arbitrary text too.
    let _ = Zone::parse(&text);
    let zone = Zone::parse(ZONES[*z as usize % ZONES.len()]).expect("a known zone");
    let patterns = ["%Y-%m-%d %H:%M:%S %z".to_owned(), "%d/%m/%Y %H:%M".to_owned()];
    let epochs = Epoch::WRITTEN.into_iter().chain([Epoch::Snowflake(Snowflake::DISCORD)]);
    let epoch = epochs.clone().nth(*e as usize % 16);
    // Every option named: one added to ReadOptions is fuzzed once it is named here.
    let options = ReadOptions {
        zone: &zone,
        precision,
        disambiguation,
        now: jiff::Timestamp::UNIX_EPOCH,
        epoch,
        patterns: if *e as usize % 16 == 15 { &patterns } else { &[] },
        language: tsconv_time::locale::english(),
        from_now: None,
        // Refusals without their words, as extract reads windows.
        unworded: *e & 0x80 != 0,
    };
    for input in [Input::Text(&text), Input::Number(&text)] {
        let Ok(reading) = read(input, &options) else { continue };
        if let Some(epoch) = epoch
            && let Ok(written) = epoch.write(reading.instant, &zone)
        {
            let back = epoch.read(&written, &zone, Disambiguation::Compatible);
            assert!(back.is_ok(), "{text:?} as {} is {written}, which does not read back", epoch.name());
        }
        let view = View::new(reading.instant, &zone, reading.precision);
        let floored = in_unit(reading.instant, reading.precision) * reading.precision.nanos();
        for rendered in [view.rfc3339(), view.rfc9557()] {
            let back = read(Input::Text(&rendered), &ReadOptions::defaults(&zone, jiff::Timestamp::UNIX_EPOCH))
                .unwrap_or_else(|e| panic!("{rendered:?} does not read back: {e}"));
            assert_eq!(back.instant.as_nanosecond(), floored, "{text:?} -> {rendered:?}");
        }
        let _ = view.presets(jiff::Timestamp::UNIX_EPOCH);
    }
});
