//! Any bytes as a schedule (cron, systemd calendar, RRULE), in a few zones
//! with DST on both hemispheres, both ways. Invariants: no panic; the
//! runs are strictly in the walk's order, each after (or before) `from`;
//! the next clock change's note is written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsconv_time::schedule::{Gap, Schedule};
use tsconv_time::transitions::Direction;
use tsconv_time::zone::Zone;

const ZONES: &[&str] = &["UTC", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago"];

fuzz_target!(|data: &[u8]| {
    let [z, flags, rest @ ..] = data else { return };
    let text = String::from_utf8_lossy(rest);
    let gap = if flags & 1 == 0 { Gap::Skip } else { Gap::Shift };
    let Ok(schedule) = Schedule::parse(&text, gap) else { return };
    let zone = Zone::parse(ZONES[*z as usize % ZONES.len()]).expect("a known zone");
    let from: jiff::Timestamp = "2026-10-25T00:30:00Z".parse().expect("an instant");
    let direction = if flags & 2 == 0 { Direction::Next } else { Direction::Previous };
    let Ok(runs) = schedule.runs(&zone, from, 20, direction) else { return };
    assert!(runs.len() <= 20);
    for pair in runs.windows(2) {
        match direction {
            Direction::Next => assert!(pair[0].instant < pair[1].instant, "{text:?}: {runs:?}"),
            Direction::Previous => assert!(pair[0].instant > pair[1].instant, "{text:?}: {runs:?}"),
        }
    }
    for run in &runs {
        match direction {
            Direction::Next => assert!(run.instant > from),
            Direction::Previous => assert!(run.instant < from),
        }
    }
    let _ = schedule.description();
    let _ = schedule.next_change(&zone, from);
});
