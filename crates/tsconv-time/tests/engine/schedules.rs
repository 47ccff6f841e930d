//! Schedules against three independent implementations, over seeded
//! expressions of every form, in zones with DST on both hemispheres (and a
//! half-hour one), from instants placed just before clock changes:
//! Python's croniter (cron, with seconds first, `L` and `#`),
//! `systemd-analyze calendar --iterations` under `TZ=` (systemd calendar
//! events), and python-dateutil's `rrulestr` (RRULE). Each deliberate
//! difference is named in `DIFFERENCES` (and in the README); one no case
//! shows any more fails the test.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use jiff::tz::AmbiguousOffset;
use jiff::{SignedDuration, Timestamp};
use tsconv_time::schedule::{DstRule, Gap, Schedule};
use tsconv_time::transitions::Direction;
use tsconv_time::zone::Zone;

use crate::oracle::{Rng, stream};

const ZONES: [&str; 7] = [
    "Europe/Berlin",
    "America/New_York",
    "Australia/Sydney",
    "Australia/Lord_Howe",
    "America/Santiago",
    "Asia/Kolkata",
    "UTC",
];
const RUNS: usize = 6;

/// The differences from the oracles, each on purpose.
const DIFFERENCES: [(&str, &str); 7] = [
    (
        "systemd_skips_runs_after_a_carry",
        "systemd-analyze 252 skips runs after a repetition's next value passes its field's end and carries into \
         the next day, month or year (its normalisation keeps the overflow: `*:0/45` after 23:45 goes to 00:45, \
         not 00:00; `*-*-03/19` after December 22 goes to January 22, not January 3); tsconv lists them",
    ),
    (
        "croniter_reads_a_range_of_one_value_as_every_value",
        "croniter reads a range from a value to itself (2-2) as every value of the field (*); tsconv, Vixie cron \
         and croner read it as that one value",
    ),
    (
        "croniter_moves_an_interval_job_out_of_a_skipped_hour",
        "croniter runs some interval jobs (a * in the second, minute or hour field) whose time a gap skips at \
         the end of the gap; Vixie cron, and tsconv, run an interval job by the clock, not in a skipped hour",
    ),
    (
        "dateutil_lists_a_shifted_run_twice",
        "with gap=shift, a run in a skipped hour can land on the instant of the next run (an hourly rule at \
         02:00 and 03:00 across a 02:00-03:00 gap); dateutil lists that instant twice, tsconv once",
    ),
    (
        "croniter_fixed_job_twice_in_a_repeated_hour",
        "croniter runs a fixed-time job (no * in its second, minute and hour) in both passes of a repeated hour; \
         Vixie cron, and tsconv, run it once",
    ),
    (
        "dateutil_shifts_a_gap",
        "dateutil reads a time in a skipped hour with the offset before the gap (RFC 5545 3.3.5); tsconv ignores \
         such an instance (3.3.10) unless asked gap=shift, which is what this test compares",
    ),
    (
        "systemd_gives_up_near_a_clock_change",
        "systemd-analyze 252 answers \"Infinite loop in calendar calculation\" for some calendars with \
         repetitions near a clock change (`*-*-* 02/15:*`, hours 2 and 17, in Berlin the evening before the clocks \
         go forward); tsconv lists their runs",
    ),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn venv_python(script: &str) -> Command {
    let venv = root().join("target/venv-st/bin/python");
    assert!(venv.exists(), "target/venv-st is missing: run ./scripts/test, which installs croniter and dateutil there");
    let mut command = Command::new(venv);
    command.arg("-c").arg(script).env("TZ", "UTC");
    command
}

/// A `from` for `zone`: anywhere in 2000-2035, or half of the time within
/// three hours before one of its clock changes.
fn from(rng: &mut Rng, zone: &Zone) -> Timestamp {
    let anywhere = Timestamp::from_second(946_684_800 + rng.below(1_100_000_000) as i64).unwrap();
    if rng.below(2) == 0 {
        return anywhere;
    }
    match zone.tz().following(anywhere).next() {
        Some(change) => change.timestamp() - SignedDuration::from_secs(rng.below(3 * 3600) as i64 + 1),
        None => anywhere,
    }
}

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

/// One field of cron: `*`, a step, a value, a list, a range, a stepped range.
fn cron_field(rng: &mut Rng, min: u64, max: u64, near: Option<u64>) -> String {
    let value = |rng: &mut Rng| match near {
        Some(near) if rng.below(2) == 0 => (near + rng.below(3)).min(max),
        _ => min + rng.below(max - min + 1),
    };
    match rng.below(8) {
        0 | 1 => "*".to_owned(),
        2 => format!("*/{}", 2 + rng.below(max.min(20) - 1)),
        3 | 4 => value(rng).to_string(),
        5 => {
            let (a, b) = (value(rng), value(rng));
            if a == b { a.to_string() } else { format!("{},{}", a.min(b), a.max(b)) }
        }
        6 => {
            let (a, b) = (value(rng), value(rng));
            format!("{}-{}", a.min(b), a.max(b))
        }
        _ => {
            let (a, b) = (value(rng), value(rng));
            format!("{}-{}/{}", a.min(b), a.max(b), 1 + rng.below(4))
        }
    }
}

/// Whether a field of `expression` holds a range from a value to itself.
fn one_value_range(expression: &str) -> bool {
    expression.split([' ', ',', '/']).any(|item| item.split_once('-').is_some_and(|(a, b)| a == b))
}

fn cron_expression(rng: &mut Rng) -> String {
    let seconds = rng.below(4) == 0;
    let second = if seconds { format!("{} ", cron_field(rng, 0, 59, Some(0))) } else { String::new() };
    let minute = cron_field(rng, 0, 59, Some(0));
    let hour = cron_field(rng, 0, 23, Some(1));
    let (day, weekday) = match rng.below(10) {
        0 => ("L".to_owned(), "*".to_owned()),
        1 => ("*".to_owned(), format!("{}#{}", rng.below(7), 1 + rng.below(4))),
        2 => ("*".to_owned(), pick(rng, &["MON-FRI", "SAT,SUN", "TUE", "sun"]).to_owned()),
        8 if rng.below(2) == 0 => (format!("{}W", 1 + rng.below(28)), "?".to_owned()),
        3 => (cron_field(rng, 1, 28, None), cron_field(rng, 0, 6, None)),
        4..=6 => ("*".to_owned(), cron_field(rng, 0, 6, None)),
        _ => (cron_field(rng, 1, 28, None), "*".to_owned()),
    };
    let month = if rng.below(4) == 0 { cron_field(rng, 1, 12, Some(3)) } else { "*".to_owned() };
    format!("{second}{minute} {hour} {day} {month} {weekday}")
}

/// Whether `at` is the second pass of a repeated hour in `zone`.
fn second_pass(zone: &Zone, at: Timestamp) -> bool {
    let wall = zone.tz().to_datetime(at);
    matches!(zone.tz().to_ambiguous_timestamp(wall).offset(), AmbiguousOffset::Fold { before, .. }
        if before.to_timestamp(wall).is_ok_and(|first| first < at))
}

struct Tally {
    compared: usize,
    seen: BTreeMap<&'static str, usize>,
    mismatches: Vec<String>,
}

impl Tally {
    fn new() -> Tally {
        Tally { compared: 0, seen: BTreeMap::new(), mismatches: Vec::new() }
    }

    fn finish(self, oracle: &str, names: &[&str]) {
        assert!(
            self.mismatches.is_empty(),
            "{} of {} cases differ from {oracle}:\n{}",
            self.mismatches.len(),
            self.compared,
            self.mismatches.join("\n")
        );
        for name in names {
            assert!(
                self.seen.contains_key(name),
                "the difference {name} was seen in no case against {oracle}: remove it from the list and the README"
            );
        }
        eprintln!("{oracle}: {} cases agree; named differences {:?}", self.compared, self.seen);
    }
}

fn ours(expression: &str, gap: Gap, zone: &Zone, from: Timestamp) -> Result<(Vec<Timestamp>, DstRule), String> {
    let schedule = Schedule::parse(expression, gap).map_err(|e| e.to_string())?;
    let runs = schedule.runs(zone, from, RUNS, Direction::Next).map_err(|e| e.to_string())?;
    Ok((runs.iter().map(|run| run.instant).collect(), schedule.rule))
}

#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs croniter (PyPI): ./scripts/test installs it and runs this")]
fn cron_agrees_with_croniter() {
    let mut rng = Rng(0x63_726f_6e69);
    let mut cases = Vec::new();
    for i in 0..420 {
        let zone = Zone::parse(ZONES[i % ZONES.len()]).unwrap();
        let from = from(&mut rng, &zone);
        cases.push((cron_expression(&mut rng), zone, from));
    }
    let script = r#"
import json, sys, datetime
from zoneinfo import ZoneInfo
from croniter import croniter
for line in sys.stdin:
    c = json.loads(line)
    start = datetime.datetime.fromtimestamp(c["from"], ZoneInfo(c["zone"]))
    try:
        it = croniter(c["expression"], start, second_at_beginning=True)
        print(json.dumps([int(it.get_next(float)) for _ in range(c["count"])]))
    except Exception as e:
        print(json.dumps(str(e)))
"#;
    let input: String = cases
        .iter()
        .map(|(expression, zone, from)| {
            format!("{}\n", serde_json::json!({"expression": expression, "zone": zone.name(), "from": from.as_second(), "count": RUNS + 2}))
        })
        .collect();
    let answers = stream(venv_python(script), &input);
    let mut tally = Tally::new();
    for ((expression, zone, from), answer) in cases.iter().zip(answers) {
        let theirs: Result<Vec<i64>, String> = serde_json::from_str::<serde_json::Value>(&answer)
            .map(|value| match value {
                serde_json::Value::Array(list) => Ok(list.iter().filter_map(serde_json::Value::as_i64).collect()),
                other => Err(other.to_string()),
            })
            .unwrap();
        tally.compared += 1;
        let (mine, rule) = match ours(expression, Gap::Skip, zone, *from) {
            Ok(found) => found,
            Err(error) => {
                tally
                    .mismatches
                    .push(format!("{expression:?} in {}: refused ({error}), croniter {theirs:?}", zone.name()));
                continue;
            }
        };
        let Ok(theirs) = theirs else {
            tally.mismatches.push(format!("{expression:?}: croniter refused {theirs:?}, tsconv read it"));
            continue;
        };
        let mut theirs: Vec<Timestamp> = theirs.into_iter().map(|s| Timestamp::from_second(s).unwrap()).collect();
        if one_value_range(expression) {
            *tally.seen.entry("croniter_reads_a_range_of_one_value_as_every_value").or_default() += 1;
            continue;
        }
        if rule == DstRule::CronInterval {
            let moved = |at: &Timestamp| {
                !mine.contains(at)
                    && zone
                        .tz()
                        .preceding(*at + SignedDuration::from_nanos(1))
                        .next()
                        // At the jump, or on the job's second in the minute after it.
                        .is_some_and(|t| at.duration_since(t.timestamp()) < SignedDuration::from_mins(1))
            };
            if theirs.iter().take(RUNS).any(moved) {
                theirs.retain(|at| !moved(at));
                *tally.seen.entry("croniter_moves_an_interval_job_out_of_a_skipped_hour").or_default() += 1;
            }
        }
        if rule == DstRule::CronFixed && theirs.iter().any(|&at| second_pass(zone, at)) {
            theirs.retain(|&at| !second_pass(zone, at));
            *tally.seen.entry("croniter_fixed_job_twice_in_a_repeated_hour").or_default() += 1;
        }
        theirs.truncate(RUNS);
        if mine != theirs {
            tally
                .mismatches
                .push(format!("{expression:?} in {} from {from}: tsconv {mine:?}, croniter {theirs:?}", zone.name()));
        }
    }
    tally.finish("croniter", &[DIFFERENCES[1].0, DIFFERENCES[2].0, DIFFERENCES[4].0]);
}

fn systemd_component(rng: &mut Rng, min: u64, max: u64) -> String {
    match rng.below(6) {
        0 => "*".to_owned(),
        1 => format!("{:02}/{}", min + rng.below(3), 1 + rng.below(max.min(30))),
        2 => {
            let a = min + rng.below(max - min + 1);
            let b = min + rng.below(max - min + 1);
            format!("{:02}..{:02}", a.min(b), a.max(b))
        }
        3 => format!("{:02},{:02}", min + rng.below(2), min + 2 + rng.below(max - min - 1)),
        _ => format!("{:02}", min + rng.below(max - min + 1)),
    }
}

fn systemd_expression(rng: &mut Rng) -> String {
    if rng.below(8) == 0 {
        return pick(rng, &["minutely", "hourly", "daily", "weekly", "monthly", "yearly", "quarterly", "semiannually"])
            .to_owned();
    }
    let weekdays = match rng.below(4) {
        0 => pick(rng, &["Mon..Fri ", "Sat,Sun ", "Tue ", "Fri..Sun ", "Wed,Fri "]),
        _ => "",
    };
    let date = match rng.below(5) {
        0 => String::new(),
        1 => "*-*-* ".to_owned(),
        2 => format!("*-{}-{} ", systemd_component(rng, 1, 12), systemd_component(rng, 1, 28)),
        3 => format!("*-{}~{} ", pick(rng, &["*", "02", "05", "02,03", "10..12"]), days_from_end(rng)),
        _ => format!("*-*-{} ", systemd_component(rng, 1, 28)),
    };
    let hour = if rng.below(2) == 0 { format!("{:02}", 1 + rng.below(3)) } else { systemd_component(rng, 0, 23) };
    let time = match rng.below(3) {
        0 => format!("{hour}:{}", systemd_component(rng, 0, 59)),
        _ => format!("{hour}:{}:{}", systemd_component(rng, 0, 59), systemd_component(rng, 0, 59)),
    };
    format!("{weekdays}{date}{time}")
}

/// Days counted back from a month's end, after systemd's `~`: a value, a
/// range, a range with a step, a count down with a step, a list.
fn days_from_end(rng: &mut Rng) -> String {
    let low = 1 + rng.below(10);
    let high = low + rng.below(28 - low + 1);
    match rng.below(5) {
        0 => format!("{high:02}"),
        1 => format!("{low:02}..{high:02}"),
        2 => format!("{low:02}..{high:02}/{}", 1 + rng.below(5)),
        3 => format!("{high:02}/{}", 1 + rng.below(high.clamp(2, 8) - 1)),
        _ => format!("{low:02},{high:02}"),
    }
}

/// Whether systemd's runs are tsconv's with some left out, each left out
/// at the start of a day (the first run of its day in tsconv's list, or
/// following one left out): what systemd 252's carry past a field's end
/// skips.
fn skipped_after_a_carry(mine: &[Timestamp], theirs: &[i64], zone: &Zone) -> bool {
    let day = |at: Timestamp| zone.tz().to_datetime(at).date();
    let mut kept = Vec::new();
    let mut left_out_before = false;
    for (k, &at) in mine.iter().enumerate() {
        if theirs.contains(&at.as_second()) {
            kept.push(at.as_second());
            left_out_before = false;
            continue;
        }
        let starts_a_day = k == 0 || day(mine[k - 1]) < day(at) || left_out_before;
        if !starts_a_day {
            return false;
        }
        left_out_before = true;
    }
    // Beyond the runs both list, systemd's only lie after tsconv's last.
    let last = mine.last().map_or(i64::MIN, |at| at.as_second());
    kept.len() < mine.len() && theirs.starts_with(&kept) && theirs[kept.len()..].iter().all(|&at| at > last)
}

/// `systemd-analyze calendar`'s next runs (Unix seconds) after `from`, under `TZ=zone`.
fn systemd_runs(expression: &str, zone: &str, from: Timestamp) -> Result<Vec<i64>, String> {
    let output = Command::new("systemd-analyze")
        .env("TZ", zone)
        .env("SYSTEMD_COLORS", "0")
        .args(["calendar", &format!("--iterations={RUNS}"), &format!("--base-time=@{}", from.as_second()), expression])
        .output()
        .unwrap_or_else(|e| panic!("systemd-analyze is needed by this test ({e})"));
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_owned());
    }
    // "(in UTC): Sun 2026-10-25 00:30:00 UTC" after each run, or under
    // TZ=UTC the run itself ("Next elapse: ...", "Iter. #2: ...").
    let utc_lines: Vec<&str> = text.lines().filter_map(|line| line.trim().strip_prefix("(in UTC): ")).collect();
    let lines: Vec<&str> = if utc_lines.is_empty() {
        text.lines()
            .filter_map(|line| {
                let line = line.trim();
                (line.starts_with("Next elapse:") || line.starts_with("Iter. #"))
                    .then(|| line.split_once(": ").map(|(_, v)| v))?
            })
            .collect()
    } else {
        utc_lines
    };
    Ok(lines
        .iter()
        .filter_map(|line| {
            let parts: Vec<&str> = line.split_whitespace().collect();
            let civil: jiff::civil::DateTime = format!("{}T{}", parts.get(1)?, parts.get(2)?).parse().ok()?;
            Some(civil.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp().as_second())
        })
        .collect())
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs systemd-analyze: ./scripts/test runs this on a machine with systemd"
)]
fn systemd_calendars_agree_with_systemd_analyze() {
    let mut rng = Rng(0x73_7973_7465_6d64);
    let mut tally = Tally::new();
    // Besides the seeded ones, a repetition across midnight (the named difference).
    // and a repetition near a clock change that systemd gives up on.
    let fixed = [
        ("*:0/45", "America/New_York", 1_795_754_400),
        ("*-*-* *:0/40:0", "Europe/Berlin", 1_795_741_800),
        ("*-*-* 02/15:*", "Europe/Berlin", 1_269_730_046),
    ];
    let mut cases = Vec::new();
    for (expression, zone, from) in fixed {
        cases.push((expression.to_owned(), Zone::parse(zone).unwrap(), Timestamp::from_second(from).unwrap()));
    }
    for i in 0..240 {
        let zone = Zone::parse(ZONES[i % ZONES.len()]).unwrap();
        let from = from(&mut rng, &zone);
        cases.push((systemd_expression(&mut rng), zone, from));
    }
    for (expression, zone, from) in cases {
        tally.compared += 1;
        let theirs = systemd_runs(&expression, zone.name(), from);
        let mine = ours(&expression, Gap::Skip, &zone, from);
        match (mine, theirs) {
            (Ok((mine, _)), Ok(theirs)) => {
                let all: Vec<i64> = mine.iter().map(|t| t.as_second()).collect();
                let mine = if all != theirs && expression.contains('/') && skipped_after_a_carry(&mine, &theirs, &zone)
                {
                    *tally.seen.entry("systemd_skips_runs_after_a_carry").or_default() += 1;
                    theirs.clone()
                } else {
                    all
                };
                if mine != theirs {
                    tally.mismatches.push(format!(
                        "{expression:?} in {} from {from}: tsconv {mine:?}, systemd {theirs:?}",
                        zone.name()
                    ));
                }
            }
            (Err(error), Ok(theirs)) => {
                tally.mismatches.push(format!("{expression:?}: tsconv refused ({error}), systemd {theirs:?}"));
            }
            (Ok(_), Err(error)) if error.contains("Infinite loop in calendar calculation") => {
                *tally.seen.entry("systemd_gives_up_near_a_clock_change").or_default() += 1;
            }
            (Ok(_), Err(error)) => {
                tally.mismatches.push(format!("{expression:?}: systemd refused ({error}), tsconv read it"))
            }
            (Err(_), Err(_)) => {}
        }
    }
    tally.finish("systemd-analyze", &[DIFFERENCES[0].0, DIFFERENCES[6].0]);
}

fn rrule_text(rng: &mut Rng, zone: &str, start: jiff::civil::DateTime) -> String {
    let freq = pick(rng, &["YEARLY", "MONTHLY", "MONTHLY", "WEEKLY", "WEEKLY", "DAILY", "DAILY", "HOURLY", "MINUTELY"]);
    let mut parts = vec![format!("FREQ={freq}")];
    if freq == "MINUTELY" {
        // Intervals that do and do not divide the hour, limited to some hours and minutes.
        parts.push(format!("INTERVAL={}", pick(rng, &["7", "45", "90", "150"])));
        parts.push(format!("BYHOUR={}", pick(rng, &["2", "1,2,3", "9,17"])));
        if rng.below(2) == 0 {
            parts.push(format!("BYMINUTE={}", pick(rng, &["0", "30,45", "15"])));
        }
        return format!(
            "DTSTART;TZID={zone}:{:04}{:02}{:02}T{:02}{:02}00\nRRULE:{}",
            start.year(),
            start.month(),
            start.day(),
            start.hour(),
            start.minute(),
            parts.join(";")
        );
    }
    if rng.below(3) == 0 {
        parts.push(format!("INTERVAL={}", 2 + rng.below(3)));
    }
    let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
    match (freq, rng.below(5)) {
        ("MONTHLY" | "YEARLY", 0) => {
            parts.push(format!("BYDAY={}{}", pick(rng, &["1", "2", "-1", "3"]), pick(rng, &days)))
        }
        ("MONTHLY", 1) => parts.push(format!("BYMONTHDAY={}", pick(rng, &["1", "15", "-1", "28", "1,15"]))),
        ("MONTHLY", 2) => parts.push(format!("BYDAY={};BYSETPOS={}", "MO,TU,WE,TH,FR", pick(rng, &["1", "-1"]))),
        ("YEARLY", 1) => parts.push(format!("BYMONTH={};BYMONTHDAY={}", 1 + rng.below(12), 1 + rng.below(28))),
        ("WEEKLY" | "DAILY", 0 | 1) => parts.push(format!("BYDAY={},{}", pick(rng, &days), pick(rng, &days))),
        _ => {}
    }
    if freq != "HOURLY" && rng.below(3) == 0 {
        parts.push(format!("BYHOUR={}", pick(rng, &["1", "2", "3", "9", "1,2,3", "0,12"])));
        parts.push(format!("BYMINUTE={}", pick(rng, &["0", "30", "0,30"])));
    }
    if rng.below(4) == 0 {
        parts.push(format!("COUNT={}", 3 + rng.below(40)));
    }
    format!(
        "DTSTART;TZID={zone}:{:04}{:02}{:02}T{:02}{:02}{:02}\nRRULE:{}",
        start.year(),
        start.month(),
        start.day(),
        start.hour(),
        start.minute(),
        start.second(),
        parts.join(";")
    )
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs python-dateutil (PyPI): ./scripts/test installs it and runs this"
)]
fn rrules_agree_with_dateutil() {
    let mut rng = Rng(0x72_7275_6c65);
    let mut cases = Vec::new();
    for i in 0..360 {
        let zone = Zone::parse(ZONES[i % ZONES.len()]).unwrap();
        let from = from(&mut rng, &zone);
        // DTSTART up to two years before `from`, at an hour near the clock changes.
        let back = SignedDuration::from_hours(rng.below(2 * 365 * 24) as i64);
        let start = zone.tz().to_datetime(from - back);
        let start = start
            .with()
            .hour(rng.below(4) as i8)
            .minute([0, 30][rng.below(2) as usize])
            .second(0)
            .subsec_nanosecond(0)
            .build()
            .unwrap();
        cases.push((rrule_text(&mut rng, zone.name(), start), zone, from));
    }
    let script = r#"
import json, sys, datetime
from zoneinfo import ZoneInfo
from dateutil.rrule import rrulestr
for line in sys.stdin:
    c = json.loads(line)
    zone = ZoneInfo(c["zone"])
    try:
        rule = rrulestr(c["rule"], tzids={c["zone"]: zone})
        start = datetime.datetime.fromtimestamp(c["from"], zone)
        print(json.dumps([int(d.timestamp()) for d in rule.xafter(start, count=c["count"], inc=False)]))
    except Exception as e:
        print(json.dumps(str(e)))
"#;
    let input: String = cases
        .iter()
        .map(|(rule, zone, from)| {
            format!(
                "{}\n",
                serde_json::json!({"rule": rule, "zone": zone.name(), "from": from.as_second(), "count": RUNS})
            )
        })
        .collect();
    let answers = stream(venv_python(script), &input);
    let mut tally = Tally::new();
    for ((rule, zone, from), answer) in cases.iter().zip(answers) {
        tally.compared += 1;
        let theirs = match serde_json::from_str::<serde_json::Value>(&answer).unwrap() {
            serde_json::Value::Array(list) => list.iter().filter_map(serde_json::Value::as_i64).collect::<Vec<i64>>(),
            other => {
                // Refused by both (a rule whose steps never reach its hours) is agreement.
                if ours(rule, Gap::Shift, zone, *from).is_ok() {
                    tally.mismatches.push(format!("{rule:?}: dateutil refused ({other}), tsconv read it"));
                }
                continue;
            }
        };
        let mut theirs = theirs;
        let listed = theirs.len();
        theirs.dedup();
        if theirs.len() < listed {
            *tally.seen.entry("dateutil_lists_a_shifted_run_twice").or_default() += 1;
        }
        let shifted = match ours(rule, Gap::Shift, zone, *from) {
            Ok((mine, _)) => mine.iter().map(|t| t.as_second()).take(theirs.len()).collect::<Vec<i64>>(),
            Err(error) => {
                tally.mismatches.push(format!("{rule:?}: tsconv refused ({error}), dateutil {theirs:?}"));
                continue;
            }
        };
        if shifted != theirs {
            tally.mismatches.push(format!("{rule:?} from {from}: tsconv {shifted:?}, dateutil {theirs:?}"));
            continue;
        }
        // Backwards from just after the last run, the same runs (the
        // expansion begins again further back when it must).
        if let Some(&last) = shifted.last() {
            let schedule = Schedule::parse(rule, Gap::Shift).unwrap();
            let after_last = Timestamp::from_second(last + 1).unwrap();
            let mut back: Vec<i64> = schedule
                .runs(zone, after_last, shifted.len(), Direction::Previous)
                .unwrap()
                .iter()
                .map(|run| run.instant.as_second())
                .collect();
            back.reverse();
            if back != shifted {
                tally.mismatches.push(format!("{rule:?}: previous from {after_last} {back:?}, next {shifted:?}"));
            }
        }
        // The default (gap=skip) is gap=shift less the runs a gap moved.
        let schedule = Schedule::parse(rule, Gap::Shift).unwrap();
        let kept: Vec<i64> = schedule
            .runs(zone, *from, RUNS, Direction::Next)
            .unwrap()
            .iter()
            .filter(|run| run.moved.is_none())
            .map(|run| run.instant.as_second())
            .collect();
        let (skipped, _) = ours(rule, Gap::Skip, zone, *from).unwrap();
        let skipped: Vec<i64> = skipped.iter().map(|t| t.as_second()).collect();
        if kept.len() < shifted.len() {
            *tally.seen.entry("dateutil_shifts_a_gap").or_default() += 1;
        }
        if skipped.get(..kept.len()) != Some(&kept[..]) {
            tally.mismatches.push(format!(
                "{rule:?} from {from}: gap=skip {skipped:?} is not gap=shift {shifted:?} less its gap runs"
            ));
        }
    }
    tally.finish("dateutil", &[DIFFERENCES[3].0, DIFFERENCES[5].0]);
}

#[test]
fn the_differences_are_named_in_the_readme() {
    let readme = crate::oracle::documentation();
    for (name, _) in DIFFERENCES {
        assert!(readme.contains(name), "the documentation does not name the difference {name}");
    }
}
