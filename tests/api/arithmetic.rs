//! Add, round and diff. A differential test against
//! Python's `zoneinfo` for add and round, whose expected answers the test
//! computes from the arithmetic's rules (wall-clock arithmetic, then `compatible`
//! resolution; rounding on the wall clock, periods from the first instant
//! of their first day); then the endpoints and their batches (the CLI's
//! commands are in `cli.rs`).

use jiff::Timestamp;
use serde_json::{Value, json};
use tsconv_time::arithmetic::{self, Overflow, RoundTo, RoundingMode};
use tsconv_time::unit::TimeUnit;
use tsconv_time::zone::Zone;

use crate::helpers::{get, post_json, post_raw};
use crate::oracle::{Rng, python, stream};

// Eight zones with rich DST history: northern and southern DST, half-hour
// DST (Lord Howe), DST that began at midnight (Sao Paulo), +12:45 (Chatham).
use crate::transitions::ZONES;

/// the arithmetic's rules, written with Python's `datetime` and `zoneinfo`. Each
/// line of input is a case; each line of output its answer.
///
/// `add ZONE T SIGN Y MO W D H MI S`: the date moves by years and months
/// (a day the month lacks is its last), then weeks and days; the wall clock
/// is resolved `compatible` (a gap's time as if the clock had not jumped, a
/// fold's earlier instant: `fold=0` in Python); then hours, minutes and
/// seconds are added as elapsed time.
///
/// `round ZONE T UNIT INCREMENT MODE WEEKDAY`: up to hours, the wall clock's
/// time of day is rounded to the increment, then resolved keeping the
/// original offset where it is still valid, else `compatible`; days and
/// larger round to the start of their period or the next one's, by the
/// elapsed time against the period's length. Prints the instant, and for
/// periods their start and end.
const RULES: &str = r#"
import sys, calendar
from datetime import datetime, date, timedelta, timezone
from zoneinfo import ZoneInfo

EPOCH = datetime(1970, 1, 1)
SECOND = timedelta(seconds=1)
zones = {}

def wall(t, zone):
    return datetime.fromtimestamp(t, zone).replace(tzinfo=None)

def valid(naive, zone):
    """The instants whose wall clock is `naive`, earliest first (none in a gap)."""
    found = []
    for fold in (0, 1):
        offset = naive.replace(tzinfo=zone, fold=fold).utcoffset()
        t = (naive - offset - EPOCH) // SECOND
        if wall(t, zone) == naive and t not in found:
            found.append(t)
    return sorted(found)

def compatible(naive, zone):
    found = valid(naive, zone)
    if found:
        return found[0]
    # In a gap: the offset before it (Python's fold=0), which lands later.
    offset = naive.replace(tzinfo=zone, fold=0).utcoffset()
    return (naive - offset - EPOCH) // SECOND

def start_of_day(day, zone):
    midnight = datetime(day.year, day.month, day.day)
    found = valid(midnight, zone)
    if found:
        return found[0]
    # Midnight is skipped: the day starts at the transition, the first
    # instant whose wall clock is past midnight.
    low = compatible(midnight, zone) - 6 * 3600
    high = compatible(midnight, zone)
    while high - low > 1:
        middle = (low + high) // 2
        if wall(middle, zone) >= midnight:
            high = middle
        else:
            low = middle
    return high

def add_months(day, months):
    total = day.year * 12 + day.month - 1 + months
    year, month = divmod(total, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))

def rounds_up(mode, progress, length, odd):
    if mode in ("floor", "trunc"):
        return False
    if mode in ("ceil", "expand"):
        return progress > 0
    if mode in ("half_expand", "half_ceil"):
        return 2 * progress >= length
    if mode == "half_even":
        return 2 * progress > length or (2 * progress == length and odd)
    return 2 * progress > length  # half_trunc, half_floor

UNIT_SECONDS = {"second": 1, "minute": 60, "hour": 3600}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

for line in sys.stdin:
    fields = line.split()
    zone = zones.setdefault(fields[1], ZoneInfo(fields[1]))
    t = int(fields[2])
    here = wall(t, zone)
    if fields[0] == "add":
        sign, y, mo, w, d, h, mi, s = map(int, fields[3:])
        if y or mo or w or d:
            day = add_months(here.date(), sign * (12 * y + mo)) + timedelta(days=sign * (7 * w + d))
            t = compatible(datetime.combine(day, here.time()), zone)
        print(t + sign * (3600 * h + 60 * mi + s))
        continue
    unit, increment, mode, week_start = fields[3], int(fields[4]), fields[5], fields[6]
    if unit in UNIT_SECONDS:
        step = UNIT_SECONDS[unit] * increment
        midnight = datetime(here.year, here.month, here.day)
        into = (here - midnight) // SECOND
        whole, rest = divmod(into, step)
        up = rounds_up(mode, rest, step, whole % 2 == 1)
        naive = midnight + timedelta(seconds=(whole + up) * step)
        offset = datetime.fromtimestamp(t, zone).utcoffset()
        keep = (naive - offset - EPOCH) // SECOND
        print(keep if keep in valid(naive, zone) else compatible(naive, zone))
        continue
    day = here.date()
    if unit == "day":
        first, following = day, day + timedelta(days=1)
    elif unit == "week":
        first = day - timedelta(days=(day.weekday() - WEEKDAYS.index(week_start)) % 7)
        following = first + timedelta(days=7)
    elif unit == "month":
        first = day.replace(day=1)
        following = add_months(first, 1)
    elif unit == "quarter":
        first = date(day.year, (day.month - 1) // 3 * 3 + 1, 1)
        following = add_months(first, 3)
    else:
        first = date(day.year, 1, 1)
        following = date(day.year + 1, 1, 1)
    start, end = start_of_day(first, zone), start_of_day(following, zone)
    print(end if rounds_up(mode, t - start, end - start, False) else start, start, end)
"#;

/// Runs the cases through the rules in Python and compares each answer
/// with ours: (the case in words, tsconv's answer), in the same order.
#[track_caller]
fn agree(cases: &str, ours: &[(String, String)]) {
    let theirs = stream(python(RULES), cases);
    assert_eq!(theirs.len(), ours.len());
    let wrong: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .filter(|((_, ours), theirs)| ours != *theirs)
        .map(|((case, ours), theirs)| format!("{case}: tsconv {ours}, python {theirs}"))
        .collect();
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), ours.len(), wrong[..wrong.len().min(20)].join("\n"));
}

/// A random instant in 1970-2037, a third of them near a transition of the
/// zone (where gaps and folds are).
fn instant(rng: &mut Rng, zone: &Zone) -> i64 {
    let t = rng.below(2_145_916_800) as i64;
    if rng.below(3) > 0 {
        return t;
    }
    let from = Timestamp::from_second(t).unwrap();
    match zone.next_transition(from) {
        Some(next) if next.as_second() < 2_145_916_800 => next.as_second() + rng.below(7200) as i64 - 3600,
        _ => t,
    }
}

#[test]
fn add_agrees_with_spec_rules_in_python_zoneinfo() {
    let mut rng = Rng(0x0add_0add);
    let mut cases = String::new();
    let mut ours = Vec::new();
    for i in 0..6000 {
        let name = ZONES[i % ZONES.len()];
        let zone = Zone::parse(name).unwrap();
        let t = instant(&mut rng, &zone);
        let sign: i64 = if rng.below(2) == 0 { 1 } else { -1 };
        // Some durations are calendar-only, some exact-only, most mixed.
        let calendar = rng.below(5) > 0;
        let exact = rng.below(5) > 0 || !calendar;
        let mut field = |bound: u64, on: bool| if on && rng.below(3) > 0 { rng.below(bound) as i64 } else { 0 };
        let (y, mo, w, d) = (field(4, calendar), field(30, calendar), field(4, calendar), field(60, calendar));
        let (h, mi, s) = (field(50, exact), field(200, exact), field(5000, exact));
        let iso = format!("{}P{y}Y{mo}M{w}W{d}DT{h}H{mi}M{s}S", if sign < 0 { "-" } else { "" });
        // Every other duration in the friendly form: the same span.
        let text = if i % 2 == 0 {
            iso
        } else {
            format!("{}{y}y {mo}mo {w}w {d}d {h}h {mi}m {s}s", if sign < 0 { "-" } else { "" })
        };
        let span = arithmetic::parse_duration(&text).unwrap();
        let start = Timestamp::from_second(t).unwrap();
        let sum = arithmetic::add(start, span, &zone, Overflow::Constrain, Default::default()).unwrap();
        cases.push_str(&format!("add {name} {t} {sign} {y} {mo} {w} {d} {h} {mi} {s}\n"));
        ours.push((format!("{name} {t} {text}"), sum.as_second().to_string()));
    }
    agree(&cases, &ours);
}

#[test]
fn round_agrees_with_spec_rules_in_python_zoneinfo() {
    const UNITS: [(TimeUnit, &[i64]); 8] = [
        (TimeUnit::Second, &[1, 5, 15, 30]),
        (TimeUnit::Minute, &[1, 5, 15, 30]),
        (TimeUnit::Hour, &[1, 2, 3, 6, 12]),
        (TimeUnit::Day, &[1]),
        (TimeUnit::Week, &[1]),
        (TimeUnit::Month, &[1]),
        (TimeUnit::Quarter, &[1]),
        (TimeUnit::Year, &[1]),
    ];
    const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    let mut rng = Rng(0x0120_0d0d);
    let mut cases = String::new();
    let mut ours = Vec::new();
    for i in 0..6000 {
        let name = ZONES[i % ZONES.len()];
        let zone = Zone::parse(name).unwrap();
        let mut t = instant(&mut rng, &zone);
        let (unit, increments) = UNITS[rng.below(UNITS.len() as u64) as usize];
        let increment = increments[rng.below(increments.len() as u64) as usize];
        // A quarter of the instants sit exactly on a half of a minute or an hour.
        if rng.below(4) == 0 {
            t = t - t.rem_euclid(60) + 30;
        }
        let mode = RoundingMode::ALL[rng.below(9) as usize];
        let week_start = WEEKDAYS[rng.below(7) as usize];
        let weekday = arithmetic::parse_weekday(week_start).unwrap();
        let to = RoundTo::new(unit).mode(mode).increment(increment).week_start(weekday).check().unwrap();
        let rounded = arithmetic::round(Timestamp::from_second(t).unwrap(), &zone, &to).unwrap();
        let mut answer = rounded.instant.as_second().to_string();
        if let Some((start, end)) = &rounded.period {
            answer.push_str(&format!(" {} {}", start.timestamp().as_second(), end.timestamp().as_second()));
        }
        let unit = unit.singular();
        cases.push_str(&format!("round {name} {t} {unit} {increment} {} {week_start}\n", mode.name()));
        ours.push((format!("{name} {t} {unit}/{increment} {mode} {week_start}"), answer));
    }
    agree(&cases, &ours);
}

async fn add(body: Value) -> Value {
    post_json("/api/timestamp/add", body).await.assert_ok().clone()
}

async fn round(body: Value) -> Value {
    post_json("/api/timestamp/round", body).await.assert_ok().clone()
}

async fn diff(body: Value) -> Value {
    post_json("/api/timestamp/diff", body).await.assert_ok().clone()
}

#[tokio::test]
async fn calendar_units_move_the_wall_clock_and_exact_units_elapse() {
    // New York's 23-hour day: a day later is 12:00 again, 24 hours later is 13:00.
    let ny = |duration: &str| json!({"timestamp": "2024-03-09T12:00:00-05:00", "duration": duration, "timezone": "America/New_York"});
    assert_eq!(add(ny("P1D")).await["rfc3339"], "2024-03-10T12:00:00-04:00");
    let data = add(ny("24h")).await;
    assert_eq!((&data["rfc3339"], &data["duration"]), (&json!("2024-03-10T13:00:00-04:00"), &json!("PT24H")));
    assert_eq!(data["from"], "2024-03-09T17:00:00.000Z");
    // Southern hemisphere: Sydney's clocks go back on 2024-04-07, a 25-hour day.
    let sydney = |duration: &str| json!({"timestamp": "2024-04-06T12:00:00+11:00", "duration": duration, "timezone": "Australia/Sydney"});
    assert_eq!(add(sydney("P1D")).await["rfc3339"], "2024-04-07T12:00:00+10:00");
    assert_eq!(add(sydney("PT24H")).await["rfc3339"], "2024-04-07T11:00:00+10:00");
    // The friendly form, negative, and its normalised ISO text.
    let data = add(json!({"timestamp": "2024-01-01T00:00:00Z", "duration": "-90m"})).await;
    assert_eq!((&data["iso"], &data["duration"]), (&json!("2023-12-31T22:30:00.000Z"), &json!("-PT90M")));
    let data = add(json!({"timestamp": "2024-01-01T00:00:00Z", "duration": "2 hours 30 minutes"})).await;
    assert_eq!((&data["iso"], &data["duration"]), (&json!("2024-01-01T02:30:00.000Z"), &json!("PT2H30M")));
    // Pre-1970 and negative timestamps are instants like any other.
    assert_eq!(add(json!({"timestamp": -86400, "duration": "P1Y"})).await["timestamp"], 31_449_600);
}

#[tokio::test]
async fn month_end_is_constrained_or_rejected() {
    let jan31 = |overflow: &str| json!({"timestamp": "2024-01-31T10:00:00Z", "duration": "P1M", "timezone": "Europe/Berlin", "overflow": overflow});
    assert_eq!(add(jan31("constrain")).await["rfc3339"], "2024-02-29T11:00:00+01:00");
    post_json("/api/timestamp/add", jan31("reject")).await.assert_error(400, 40006, "out_of_range");
    // A day every month has is no overflow.
    let data = add(json!({"timestamp": "2023-01-28", "duration": "P1M", "overflow": "reject"})).await;
    assert_eq!(data["iso"], "2023-02-28T00:00:00.000Z");
    // Mar 31 back a month in a common year: Feb 28.
    assert_eq!(add(json!({"timestamp": "2023-03-31", "duration": "-P1M"})).await["iso"], "2023-02-28T00:00:00.000Z");
}

#[tokio::test]
async fn a_sum_in_a_gap_or_fold_follows_disambiguation() {
    let gap = |how: &str| json!({"timestamp": "2024-03-09T02:30:00-05:00", "duration": "P1D", "timezone": "America/New_York", "disambiguation": how});
    assert_eq!(add(gap("compatible")).await["rfc3339"], "2024-03-10T03:30:00-04:00");
    assert_eq!(add(gap("later")).await["rfc3339"], "2024-03-10T03:30:00-04:00");
    assert_eq!(add(gap("earlier")).await["rfc3339"], "2024-03-10T01:30:00-05:00");
    let reply = post_json("/api/timestamp/add", gap("reject")).await;
    reply.assert_error(400, 40009, "ambiguous_local_time");
    assert_eq!(reply.body["data"]["param"], "duration");
    let fold = |how: &str| json!({"timestamp": "2024-11-02T01:30:00-04:00", "duration": "P1D", "timezone": "America/New_York", "disambiguation": how});
    assert_eq!(add(fold("compatible")).await["rfc3339"], "2024-11-03T01:30:00-04:00");
    assert_eq!(add(fold("later")).await["rfc3339"], "2024-11-03T01:30:00-05:00");
}

#[tokio::test]
async fn add_keeps_every_digit_and_takes_get_forms_and_batches() {
    // Milliseconds in, a half second added: milliseconds out, nothing rounded.
    let data = add(json!({"timestamp": 1_700_000_000_000u64, "duration": "PT0.5S"})).await;
    assert_eq!((&data["timestamp"], &data["precision"]), (&json!(1_700_000_000_500u64), &json!("milliseconds")));
    // Seconds in, nanoseconds added: the precision grows to keep them.
    let data = add(json!({"timestamp": 1_700_000_000, "duration": "PT0.000000001S"})).await;
    assert_eq!(
        (&data["precision"], &data["units_text"]["nanoseconds"]),
        (&json!("nanoseconds"), &json!("1700000000000000001"))
    );
    let data = get("/api/timestamp/add?timestamp=2023-11-14T22:13:20Z&duration=P1W&format=discord&style=R").await;
    assert_eq!(data.assert_ok()["formatted"], "<t:1700604800:R>");
    let data = add(json!({"timestamps": [0, "nope", "2024-02-29"], "duration": "P1Y"})).await;
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(3), Some(1)));
    assert_eq!(data["results"][0]["iso"], "1971-01-01T00:00:00.000Z");
    assert_eq!(data["results"][1]["error"]["error"], "invalid_timestamp");
    assert_eq!(data["results"][2]["iso"], "2025-02-28T00:00:00.000Z");
    let reply = post_json("/api/timestamp/add", json!({"timestamp": "now", "duration": "P1D"})).await;
    assert_eq!(reply.assert_ok()["timestamp"], crate::helpers::NOW + 86_400);
    assert_eq!(reply.headers["cache-control"], "no-store");
}

#[tokio::test]
async fn round_on_the_wall_clock_and_to_periods_dst_makes_odd() {
    let kathmandu =
        round(json!({"timestamp": "2024-01-01T10:20:00+05:45", "unit": "hour", "timezone": "Asia/Kathmandu"})).await;
    assert_eq!(kathmandu["rfc3339"], "2024-01-01T10:00:00+05:45");
    assert!(kathmandu.get("period").is_none());
    // New York's 23-hour day: 12:30 EDT is 11.5 hours in, its exact middle.
    let ny = |mode: &str| json!({"timestamp": "2024-03-10T16:30:00Z", "unit": "day", "mode": mode, "timezone": "America/New_York"});
    let data = round(ny("half_expand")).await;
    assert_eq!(data["rfc3339"], "2024-03-11T00:00:00-04:00");
    assert_eq!(data["period"], json!({"start": "2024-03-10T00:00:00-05:00", "end": "2024-03-11T00:00:00-04:00"}));
    assert_eq!(round(ny("half_trunc")).await["rfc3339"], "2024-03-10T00:00:00-05:00");
    assert_eq!(round(ny("half_even")).await["rfc3339"], "2024-03-10T00:00:00-05:00");
    // Sao Paulo's 2018-11-04 began at 01:00: midnight never happened.
    let data =
        round(json!({"timestamp": "2018-11-04T12:00:00-02:00", "unit": "day", "timezone": "America/Sao_Paulo"})).await;
    assert_eq!(data["rfc3339"], "2018-11-04T01:00:00-02:00");
    assert_eq!(data["period"]["start"], "2018-11-04T01:00:00-02:00");
    // Weeks from any day; quarters; ceil is the next period's start.
    let data = round(json!({"timestamp": "2024-03-27T12:00:00Z", "unit": "week", "week_start": "sunday", "mode": "ceil", "timezone": "Europe/Berlin"})).await;
    assert_eq!(data["period"], json!({"start": "2024-03-24T00:00:00+01:00", "end": "2024-03-31T00:00:00+01:00"}));
    assert_eq!(data["rfc3339"], "2024-03-31T00:00:00+01:00");
    let data = round(json!({"timestamp": "2024-05-15", "unit": "quarter", "mode": "ceil"})).await;
    assert_eq!(data["iso"], "2024-07-01T00:00:00.000Z");
    // In the fold, the second 01:50 keeps its offset.
    let fold = |mode: &str| json!({"timestamp": "2024-11-03T01:50:00-05:00", "unit": "hour", "mode": mode, "timezone": "America/New_York"});
    assert_eq!(round(fold("floor")).await["rfc3339"], "2024-11-03T01:00:00-05:00");
    assert_eq!(round(fold("ceil")).await["rfc3339"], "2024-11-03T02:00:00-05:00");
}

#[tokio::test]
async fn round_increments_and_modes_at_an_exact_half() {
    // 10:22:30 is halfway between 10:15 and 10:30.
    let at = |mode: &str| {
        format!("/api/timestamp/round?timestamp=2024-01-01T10:22:30Z&unit=minute&increment=15&mode={mode}")
    };
    for (mode, expected) in [
        ("floor", "10:15"),
        ("trunc", "10:15"),
        ("ceil", "10:30"),
        ("expand", "10:30"),
        ("half_expand", "10:30"),
        ("half_ceil", "10:30"),
        ("half_trunc", "10:15"),
        ("half_floor", "10:15"),
        // 10:15 is the 41st quarter hour of the day, 10:30 the 42nd.
        ("half_even", "10:30"),
    ] {
        let data = get(&at(mode)).await;
        assert_eq!(data.assert_ok()["iso"], format!("2024-01-01T{expected}:00.000Z"), "{mode}");
    }
    let data = round(json!({"timestamps": ["2024-01-01T10:22:30Z", "x"], "unit": "hours", "increment": "6"})).await;
    assert_eq!(data["results"][0]["iso"], "2024-01-01T06:00:00.000Z");
    assert_eq!(data["results"][1]["error"]["code"], 40002);
}

#[tokio::test]
async fn diff_balances_rounds_and_totals_exactly() {
    let ny =
        json!({"from": "2024-03-09T12:00:00-05:00", "to": "2024-03-11T00:00:00-04:00", "timezone": "America/New_York"});
    let data = diff(ny.clone()).await;
    assert_eq!(
        (&data["duration"], &data["sign"], &data["human"]),
        (&json!("P1DT12H"), &json!(1), &json!("1 day, 12 hours"))
    );
    assert_eq!((&data["parts"]["days"], &data["parts"]["hours"]), (&json!(1), &json!(12)));
    // The 23-hour day counts as one day; hours are elapsed time. The week
    // after `from` is 167 hours long, so 35 hours are 35/167 of it.
    let totals = &data["totals"];
    assert_eq!((&totals["days"], &totals["hours"], &totals["weeks"]), (&json!(1.5), &json!(35), &json!(0.209580838)));
    let mut hours = ny.clone();
    hours["largest_unit"] = json!("hours");
    assert_eq!(diff(hours).await["duration"], "PT35H");
    let mut days = ny.clone();
    days["smallest_unit"] = json!("days");
    assert_eq!(diff(days.clone()).await["duration"], "P1D");
    days["rounding_mode"] = json!("half_expand");
    assert_eq!(diff(days).await["duration"], "P2D");
    // Nanoseconds survive, and totals are exact decimals.
    let data = diff(json!({"from": 1_700_000_000_000u64, "to": "1700000000123456789"})).await;
    assert_eq!(data["duration"], "PT0.123456789S");
    assert_eq!(data["totals"]["hours"].to_string(), "0.0000342935525");
    assert_eq!(data["totals"]["milliseconds"].to_string(), "123.456789");
}

#[tokio::test]
async fn a_negative_diff_carries_its_sign_everywhere() {
    let data = diff(json!({"from": "2024-03-01", "to": "2024-01-31"})).await;
    assert_eq!((&data["duration"], &data["sign"]), (&json!("-P1M1D"), &json!(-1)));
    assert_eq!((&data["parts"]["months"], &data["parts"]["days"]), (&json!(-1), &json!(-1)));
    assert_eq!((&data["totals"]["days"], &data["totals"]["hours"]), (&json!(-30), &json!(-720)));
    assert_eq!(data["human"], "-1 month, 1 day");
    let zero = diff(json!({"from": "2024-01-01", "to": 1_704_067_200})).await;
    assert_eq!((&zero["duration"], &zero["sign"], &zero["human"]), (&json!("PT0S"), &json!(0), &json!("0 seconds")));
}

#[tokio::test]
async fn diff_pairs_in_bodies_queries_and_forms() {
    let data = diff(json!({"pairs": [{"from": 0, "to": 86400}, {"from": 0}, {"from": "now", "to": "now+90m"}]})).await;
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(3), Some(1)));
    assert_eq!(data["results"][0]["duration"], "P1D");
    assert_eq!(data["results"][1]["error"]["error"], "missing_parameter");
    assert_eq!(data["results"][2]["duration"], "PT1H30M");
    let reply =
        get("/api/timestamp/diff?pairs=%7B%22from%22:0,%22to%22:60%7D&pairs=%7B%22from%22:60,%22to%22:0%7D").await;
    let durations: Vec<&Value> =
        reply.assert_ok()["results"].as_array().unwrap().iter().map(|r| &r["duration"]).collect();
    assert_eq!(durations, [&json!("PT1M"), &json!("-PT1M")]);
    let form = "from=2024-01-01&to=2024-12-25&largest_unit=weeks";
    let data = post_raw("/api/timestamp/diff", "application/x-www-form-urlencoded", form).await;
    assert_eq!(data.assert_ok()["duration"], "P51W2D");
    let reply = post_json("/api/timestamp/diff", json!({"from": "now-7d/d", "to": "now"})).await;
    assert_eq!(reply.assert_ok()["duration"], "P7DT11H6M40S");
    assert_eq!(reply.headers["cache-control"], "no-store");
}
