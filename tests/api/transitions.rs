//! A zone's transitions, through the API and against a scan of
//! Python's `zoneinfo` (the system's compiled tz database).

use std::process::Command;

use serde_json::{Value, json};
use tsconv_time::transitions::{Direction, Query, transitions};
use tsconv_time::zone::Zone;

use crate::helpers::get;

/// Zones with a rich history since 1970 whose rules both the bundled and
/// Debian's tz database agree on (no negative DST, no rule changed since
/// 2024): northern and southern DST, half-hour DST, DST abolished (Sao
/// Paulo 2019, Mexico City 2022). Asia/Tehran is left out: the bundled
/// database and Debian's (2025b) put its 1979 transition a day apart
/// (1979-05-26 vs 1979-05-27), a difference of data, not of reading.
pub const ZONES: [&str; 8] = [
    "America/New_York",
    "Europe/Berlin",
    "Europe/London",
    "Australia/Sydney",
    "Australia/Lord_Howe",
    "America/Sao_Paulo",
    "Pacific/Chatham",
    "America/Mexico_City",
];

/// Every change of (offset, abbreviation, DST flag) in 1970-2037, found by
/// stepping three hours at a time and bisecting each change to the second.
const SCAN: &str = r#"
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

START, END, STEP = 0, 2145916800, 3 * 3600  # 1970-01-01 to 2038-01-01

def state(zone, t):
    local = datetime.fromtimestamp(t, zone)
    return (int(local.utcoffset().total_seconds()), local.tzname(), bool(local.dst()))

for name in sys.argv[1:]:
    zone = ZoneInfo(name)
    t, before = START, state(zone, START)
    while t < END:
        after = state(zone, t + STEP)
        if after != before:
            low, high = t, t + STEP  # state(low) == before, state(high) != before
            while high - low > 1:
                middle = (low + high) // 2
                if state(zone, middle) == before:
                    low = middle
                else:
                    high = middle
            changed = state(zone, high)
            print(name, high, *before, *changed)
            t, before = high, changed
            continue
        t += STEP
"#;

fn line(zone: &str, unix: i64, before: &Value, after: &Value) -> String {
    let side = |s: &Value| format!("{} {} {}", s["offset_seconds"], s["abbreviation"].as_str().unwrap(), s["dst"]);
    format!(
        "{zone} {unix} {} {}",
        side(before).replace("true", "True").replace("false", "False"),
        side(after).replace("true", "True").replace("false", "False")
    )
}

#[test]
fn transitions_agree_with_a_scan_of_python_zoneinfo_over_1970_to_2037() {
    let output = Command::new(std::env::var("TSCONV_PYTHON").unwrap_or_else(|_| "python3".to_owned()))
        .arg("-c")
        .arg(SCAN)
        .args(ZONES)
        .output()
        .expect("python3 is needed for the differential test");
    assert!(output.status.success(), "python failed: {}", String::from_utf8_lossy(&output.stderr));
    let theirs: Vec<String> = String::from_utf8_lossy(&output.stdout).lines().map(str::to_owned).collect();
    let mut ours = Vec::new();
    for name in ZONES {
        let zone = Zone::parse(name).unwrap();
        let query = Query {
            from: "1970-01-01T00:00:00Z".parse().unwrap(),
            to: Some("2038-01-01T00:00:00Z".parse().unwrap()),
            count: 1000,
            direction: Direction::Next,
        };
        for t in transitions(&zone, &query).transitions {
            let t = serde_json::to_value(t).unwrap();
            ours.push(line(name, t["unix"].as_i64().unwrap(), &t["before"], &t["after"]));
        }
    }
    assert!(theirs.len() > 500, "python found only {} transitions", theirs.len());
    let only_ours: Vec<&String> = ours.iter().filter(|line| !theirs.contains(line)).collect();
    let only_theirs: Vec<&String> = theirs.iter().filter(|line| !ours.contains(line)).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "{} of ours not in python's, {} of python's not in ours; first: {:?} / {:?}",
        only_ours.len(),
        only_theirs.len(),
        &only_ours[..only_ours.len().min(5)],
        &only_theirs[..only_theirs.len().min(5)]
    );
    assert_eq!(ours, theirs, "same transitions, same order");
}

#[tokio::test]
async fn the_zone_is_written_with_its_slashes_or_percent_encoded() {
    for path in [
        "/api/timezones/America/New_York/transitions?from=2024-01-01&count=2",
        "/api/v1/timezones/america%2Fnew_york/transitions?from=2024-01-01&count=2",
    ] {
        let reply = get(path).await;
        let data = reply.assert_ok();
        assert_eq!(data["zone"], "America/New_York", "{path}");
        // A date is read in the zone: midnight in New York.
        assert_eq!(data["from"], "2024-01-01T05:00:00Z");
        assert_eq!(
            data["transitions"][0]["local"],
            json!({"start": "2024-03-10T02:00:00", "end": "2024-03-10T03:00:00"})
        );
        assert_eq!(data["transitions"][1]["kind"], "fold");
        assert!(reply.headers.get("cache-control").is_none(), "a fixed from can be cached");
    }
    // From now: not cacheable.
    let reply = get("/api/timezones/Europe/Berlin/transitions?count=1").await;
    assert_eq!(reply.headers["cache-control"], "no-store");
    assert_eq!(reply.assert_ok()["count"], 1);
    // Previous, newest first, bounded by `to`; a zone without transitions.
    let data = get("/api/timezones/Australia/Sydney/transitions?from=2024-06-01&to=2023-06-01&direction=previous")
        .await
        .assert_ok()
        .clone();
    let ats: Vec<&str> = data["transitions"].as_array().unwrap().iter().map(|t| t["at"].as_str().unwrap()).collect();
    assert_eq!(ats, ["2024-04-06T16:00:00Z", "2023-09-30T16:00:00Z"]);
    let data = get("/api/timezones/+05:30/transitions?from=2024-01-01").await.assert_ok().clone();
    assert_eq!((data["zone"].as_str(), data["count"].as_u64()), (Some("+05:30"), Some(0)));
}
