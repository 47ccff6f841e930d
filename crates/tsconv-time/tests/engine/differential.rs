//! Differential test against an independent implementation: Python's
//! `zoneinfo`, reading the system's compiled tz database.
//!
//! For random (instant, zone, unit) cases over 1990-2023, where tz history is
//! settled, the RFC 3339 text, the abbreviation and the DST flag must agree.

use std::collections::BTreeSet;

use jiff::Timestamp;
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

#[test]
fn agrees_with_python_zoneinfo_over_1990_to_2023() {
    let output = python(PYTHON).arg("zones").output().expect("python3 is needed for the differential test");
    assert!(output.status.success(), "python3 zoneinfo failed: {}", String::from_utf8_lossy(&output.stderr));
    let theirs: BTreeSet<String> = String::from_utf8_lossy(&output.stdout).lines().map(str::to_owned).collect();
    assert!(theirs.len() > 400, "python's zoneinfo found only {} zones: install the tzdata package", theirs.len());
    let zones: Vec<&str> = zone::names()
        .iter()
        .copied()
        .filter(|name| theirs.contains(*name) && *name != "UTC" && !SYSTEM_V_NAMES.contains(name))
        .collect();
    assert!(zones.len() > 400);

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
        let report = convert(Input::Number(&number), &options, None, instant).unwrap();
        let floored = in_unit(instant, unit) * unit.nanos();
        let seconds = floored.div_euclid(1_000_000_000);
        let fraction = format!("{:09}", floored.rem_euclid(1_000_000_000));
        let fraction = match unit.fraction_digits() {
            0 => "-".to_owned(),
            digits => fraction[..usize::from(digits)].to_owned(),
        };
        stdin_text.push_str(&format!("{name} {seconds} {fraction}\n"));
        ours.push(format!("{} {} {}", report.rfc3339, report.zone.abbreviation, report.zone.dst));
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
