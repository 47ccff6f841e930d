//! Differential test against an independent implementation: Python's
//! `zoneinfo`, reading the system's compiled tz database.
//!
//! For random (instant, zone, unit) cases over 1990-2023, where tz history is
//! settled, the RFC 3339 text, the abbreviation and the DST flag must agree.

use std::collections::BTreeSet;

use jiff::Timestamp;
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::{Input, ReadOptions};
use tsconv_time::ops::convert;
use tsconv_time::precision::Precision;
use tsconv_time::render::in_unit;
use tsconv_time::zone;
use tsconv_time::zone::Zone;

use crate::oracle::{Rng, python, stream};

/// Zones whose DST flag differs by design: the bundled database is built
/// from tzdb's "rearguard" data (summer time is DST, as people live it),
/// while system copies use the "main" data, where these zones have negative
/// DST (Ireland's winter GMT is its "daylight saving" time, and so on).
/// Their offsets and abbreviations are still compared.
const NEGATIVE_DST: &[&str] = &["Europe/Dublin", "Eire", "Africa/Windhoek", "Africa/Casablanca", "Africa/El_Aaiun"];

/// System V names that tzdb 2024b turned into links (`MET` -> Europe/Brussels,
/// `WET` -> Europe/Lisbon, ...). The bundled 2026 database has the links;
/// older system copies (Debian's, for one) still have the old rules and
/// abbreviations such as MEST. They are not compared.
const SYSTEM_V_NAMES: &[&str] =
    &["CET", "CST6CDT", "EET", "EST", "EST5EDT", "HST", "MET", "MST", "MST7MDT", "PST8PDT", "WET"];

const PYTHON: &str = r#"
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo, available_timezones

if sys.argv[1:] == ["zones"]:
    print("\n".join(sorted(available_timezones())))
    sys.exit(0)

for line in sys.stdin:
    name, seconds, fraction = line.split()
    local = datetime.fromtimestamp(int(seconds), ZoneInfo(name))
    offset = int(local.utcoffset().total_seconds())
    sign = "-" if offset < 0 else "+"
    offset = abs(offset)
    text = local.strftime("%Y-%m-%dT%H:%M:%S") + (("." + fraction) if fraction != "-" else "")
    text += "%s%02d:%02d" % (sign, offset // 3600, offset // 60 % 60)
    print(text, local.tzname(), "true" if local.dst() else "false")
"#;

/// The zones of the bundled database that Python's `zoneinfo` has too,
/// but the System V names.
fn zones_python_has() -> Vec<&'static str> {
    let output = python(PYTHON).arg("zones").output().expect("python3 is needed for the differential test");
    assert!(output.status.success(), "python3 zoneinfo failed: {}", String::from_utf8_lossy(&output.stderr));
    let theirs: BTreeSet<String> = String::from_utf8_lossy(&output.stdout).lines().map(str::to_owned).collect();
    assert!(theirs.len() > 400, "python's zoneinfo found only {} zones: install the tzdata package", theirs.len());
    let zones: Vec<&str> =
        zone::names().iter().copied().filter(|name| theirs.contains(*name) && !SYSTEM_V_NAMES.contains(name)).collect();
    assert!(zones.len() > 400);
    zones
}

#[test]
fn agrees_with_python_zoneinfo_over_1990_to_2023() {
    let zones: Vec<&str> = zones_python_has().into_iter().filter(|name| *name != "UTC").collect();

    let start = Timestamp::from_second(631_152_000).unwrap().as_nanosecond(); // 1990-01-01
    let end = Timestamp::from_second(1_704_067_200).unwrap().as_nanosecond(); // 2024-01-01
    let mut rng = Rng(0x7473_636f_6e76);
    let mut cases = Vec::new();
    for _ in 0..3000 {
        let nanos = start + i128::from(rng.below((end - start) as u64));
        let zone = zones[rng.below(zones.len() as u64) as usize];
        let unit = Precision::ALL[rng.below(4) as usize];
        cases.push((nanos, zone, unit));
    }

    let mut stdin_text = String::new();
    let mut ours = Vec::new();
    for &(nanos, name, unit) in &cases {
        let instant = Timestamp::from_nanosecond(nanos).unwrap();
        let number = in_unit(instant, unit).to_string();
        let zone = Zone::parse(name).unwrap();
        let options = ReadOptions { precision: Some(unit), ..ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH) };
        // Only the fields compared: the oracle also checks that a cut answer computes them as the whole one.
        let fields = Fields::parse("rfc3339,zone", Field::REPORT).unwrap();
        let report = convert(Input::Number(&number), &options, None, instant, fields).unwrap();
        let (rfc3339, zone) = (report.rfc3339.unwrap(), report.zone.unwrap());
        let floored = in_unit(instant, unit) * unit.nanos();
        let seconds = floored.div_euclid(1_000_000_000);
        let fraction = format!("{:09}", floored.rem_euclid(1_000_000_000));
        let fraction = match unit.fraction_digits() {
            0 => "-".to_owned(),
            digits => fraction[..usize::from(digits)].to_owned(),
        };
        stdin_text.push_str(&format!("{name} {seconds} {fraction}\n"));
        ours.push(format!("{rfc3339} {} {}", zone.abbreviation, zone.dst));
    }

    let theirs = stream(python(PYTHON), &stdin_text);
    assert_eq!(theirs.len(), cases.len());

    let mut mismatches = Vec::new();
    for ((case, ours), theirs) in cases.iter().zip(&ours).zip(&theirs) {
        let (ours_text, theirs_text) = if NEGATIVE_DST.contains(&case.1) {
            (ours.rsplit_once(' ').unwrap().0, theirs.rsplit_once(' ').unwrap().0)
        } else {
            (ours.as_str(), theirs.as_str())
        };
        if ours_text != theirs_text {
            mismatches.push(format!("{} {:?}: ours {ours_text:?}, python {theirs_text:?}", case.1, case.2));
        }
    }
    assert!(mismatches.is_empty(), "{} of {} cases differ:\n{}", mismatches.len(), cases.len(), mismatches.join("\n"));
}

/// The calendar facts of a wall-clock date, by Python's `datetime`:
/// `isocalendar()` (the ISO weekday, week and week-year), `timetuple()`'s
/// day of the year, `calendar.monthrange` and `calendar.isleap`. Each line
/// in: a zone, Unix seconds, and tsconv's wall-clock date there; out: the
/// wall clock by `zoneinfo`, the facts of its date, and the facts of
/// tsconv's date.
const PYTHON_CALENDAR: &str = r#"
import calendar, sys
from datetime import date, datetime
from zoneinfo import ZoneInfo

def facts(day):
    year, week, weekday = day.isocalendar()
    return "%s %d %04d-W%02d %d %d %d %s" % (
        day.strftime("%A"), weekday, year, week, day.timetuple().tm_yday, (day.month - 1) // 3 + 1,
        calendar.monthrange(day.year, day.month)[1], "true" if calendar.isleap(day.year) else "false")

for line in sys.stdin:
    name, seconds, ours = line.split()
    local = datetime.fromtimestamp(int(seconds), ZoneInfo(name))
    print(local.strftime("%Y-%m-%d"), facts(local.date()), "|", facts(date.fromisoformat(ours)))
"#;

/// `calendar` of convert (and so of every answer that carries it) is
/// Python's, over seeded instants of 1900-2100 in every zone both have, the
/// seconds on both sides of zones' clock changes, and the days around year
/// ends, where an ISO week belongs to the other year.
///
/// Where the system's tz data (Debian's, read by `zoneinfo`) puts the
/// instant on another date than the bundled database does, the facts are
/// compared for tsconv's date: the bundled data is another tzdb release,
/// whose history before 1970 differs for zones that releases since 2022
/// merged into others, as do a few predictions decades ahead (Morocco's
/// Ramadan changes). `agrees_with_python_zoneinfo_over_1990_to_2023` holds
/// the zones themselves; here such cases must stay under one in twenty.
#[test]
fn calendar_agrees_with_python_over_1900_to_2100() {
    let zones = zones_python_has();

    let (start, end) = (-2_208_988_800i64, 4_102_444_800i64); // 1900-01-01, 2100-01-01
    let mut rng = Rng(0x00ca_1e9d_a125);
    let mut cases: Vec<(&str, i64)> = Vec::new();
    let pick = |rng: &mut Rng| zones[rng.below(zones.len() as u64) as usize];
    for _ in 0..2000 {
        let zone = pick(&mut rng);
        cases.push((zone, start + rng.below((end - start) as u64) as i64));
    }
    // Both sides of a clock change: the last second before it and the first after.
    for _ in 0..400 {
        let zone = pick(&mut rng);
        let from = Timestamp::from_second(start + rng.below((end - start) as u64) as i64).unwrap();
        if let Some(change) = Zone::parse(zone).unwrap().next_transition(from)
            && change.as_second() < end
        {
            cases.extend([(zone, change.as_second() - 1), (zone, change.as_second())]);
        }
    }
    // From four days before a new year to five after, at any hour.
    for _ in 0..1000 {
        let zone = pick(&mut rng);
        let year = 1900 + rng.below(200) as i16;
        let new_year = jiff::civil::date(year, 12, 31).to_zoned(jiff::tz::TimeZone::UTC).unwrap().timestamp();
        cases.push((zone, new_year.as_second() - 4 * 86_400 + rng.below(9 * 86_400) as i64));
    }

    let mut stdin_text = String::new();
    let mut ours = Vec::new();
    for &(name, seconds) in &cases {
        let zone = Zone::parse(name).unwrap();
        let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
        let fields = Fields::parse("calendar,local", Field::REPORT).unwrap();
        let report =
            convert(Input::Number(&seconds.to_string()), &options, None, Timestamp::UNIX_EPOCH, fields).unwrap();
        let (c, local) = (report.calendar.unwrap(), report.local.unwrap());
        let day = &local[..10];
        stdin_text.push_str(&format!("{name} {seconds} {day}\n"));
        let facts = format!(
            "{} {} {} {} {} {} {}",
            c.weekday, c.weekday_number, c.iso_week, c.day_of_year, c.quarter, c.days_in_month, c.leap_year
        );
        ours.push((day.to_owned(), facts));
    }
    let theirs = stream(python(PYTHON_CALENDAR), &stdin_text);
    assert_eq!(theirs.len(), cases.len());
    assert!(cases.len() > 3300, "{} cases", cases.len());
    let (mut mismatches, mut other_dates) = (Vec::new(), 0);
    for ((zone, seconds), ((day, facts), theirs)) in cases.iter().zip(ours.iter().zip(&theirs)) {
        let (their_day, rest) = theirs.split_once(' ').unwrap();
        let (of_their_day, of_our_day) = rest.split_once(" | ").unwrap();
        let expected = if their_day == day {
            of_their_day
        } else {
            other_dates += 1;
            of_our_day
        };
        if facts != expected {
            mismatches.push(format!("{zone} {seconds} ({day}): ours {facts:?}, python {expected:?}"));
        }
    }
    assert!(other_dates < cases.len() / 20, "{other_dates} dates differ");
    assert!(mismatches.is_empty(), "{} of {} cases differ:\n{}", mismatches.len(), cases.len(), mismatches.join("\n"));
}
