//! Other epochs and time-bearing IDs, read and written.
//!
//! The differential tests compare tsconv with code written here in Python
//! from each format's definition: exact integer arithmetic for the epoch
//! systems (and `zoneinfo` for Excel's wall clock), Python's `uuid` module
//! for version 1 UUIDs, and a small generator for UUID v6 and v7, ULID,
//! ObjectId and KSUID built from a known time with random other bits. The
//! published values come from each system's documentation.

use jiff::Timestamp;
use serde_json::{Value, json};
use tsconv_time::epoch::Epoch;
use tsconv_time::id::IdFormat;
use tsconv_time::input::{Input, ReadOptions, read};
use tsconv_time::local::Disambiguation;
use tsconv_time::zone::Zone;

use crate::helpers::{get, post_json};
use crate::oracle::{Rng, python, stream};

const PYTHON: &str = r#"
import json, random, sys, uuid
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

S = 10**9
DAY = 86400 * S
# (first Unix second, TAI - UTC) of each leap second since 1980, from IERS Bulletin C.
LEAPS = [(315532800, 19), (362793600, 20), (394329600, 21), (425865600, 22), (489024000, 23), (567993600, 24),
         (631152000, 25), (662688000, 26), (709948800, 27), (741484800, 28), (773020800, 29), (820454400, 30),
         (867715200, 31), (915148800, 32), (1136073600, 33), (1230768000, 34), (1341100800, 35),
         (1435708800, 36), (1483228800, 37)]
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
NY = ZoneInfo("America/New_York")

def whole(since, unit):
    return str(since // unit)

def seconds(since):
    sign = "-" if since < 0 else ""
    q, r = divmod(abs(since), S)
    return sign + str(q) + (("." + ("%09d" % r).rstrip("0")) if r else "")

def days(since):
    scaled = (since * 10**11) // DAY
    sign = "-" if scaled < 0 else ""
    q, r = divmod(abs(scaled), 10**11)
    return "%s%d.%011d" % (sign, q, r)

def excel(wall):
    since = wall + 25569 * DAY
    if since < 61 * DAY:
        since -= DAY
    return days(since) if since >= DAY else None

def gps(ns):
    if ns < 315964800 * S:
        return None
    ahead = max(n for (start, n) in LEAPS if start * S <= ns) - 19
    return seconds(ns - 315964800 * S + ahead * S)

def base(value, digits, alphabet, width):
    out = ""
    for _ in range(width):
        value, d = divmod(value, len(alphabet))
        out = alphabet[d] + out
    return out

rng = random.Random(8)
for line in sys.stdin:
    ns = int(line)
    sec, ms = ns // S, ns // 10**6
    hfs = (ns + 2082844800 * S) // S
    wall_ny = None
    if 631152000 <= sec < 1704067200:
        offset = datetime.fromtimestamp(sec, NY).utcoffset()
        wall_ny = ns + int(offset.total_seconds()) * S
    e1904 = ns + 2082844800 * S
    epochs = {
        "filetime": whole(ns + 11644473600 * S, 100),
        "webkit": whole(ns + 11644473600 * S, 1000),
        "dotnet": whole(ns + 62135596800 * S, 100),
        "cocoa": seconds(ns - 978307200 * S),
        "hfs": str(hfs) if 0 <= hfs < 2**32 else None,
        "ntp": seconds(ns + 2208988800 * S),
        "gps": gps(ns),
        "excel": excel(ns),
        "excel1904": days(e1904) if e1904 >= 0 else None,
        "julian_day": days(ns + 2440587 * DAY + DAY // 2),
        "mjd": days(ns + 40587 * DAY),
    }
    ids = {}
    ticks = (ns + 12219292800 * S) // 100
    if 0 <= ticks < 2**60:
        clock_seq, node = rng.getrandbits(14), rng.getrandbits(48)
        v1 = uuid.UUID(fields=(ticks & 0xffffffff, (ticks >> 32) & 0xffff, ((ticks >> 48) & 0x0fff) | 0x1000,
                               0x80 | (clock_seq >> 8), clock_seq & 0xff, node))
        assert v1.version == 1 and v1.time == ticks and v1.clock_seq == clock_seq
        ids["uuid_v1"] = [str(v1), ticks * 100 - 12219292800 * S, {"version": 1, "variant": "rfc9562",
                          "clock_sequence": clock_seq, "node": "%012x" % node}]
        v6 = (ticks >> 12) << 80 | 0x6 << 76 | (ticks & 0xfff) << 64 | 0b10 << 62 | clock_seq << 48 | node
        ids["uuid_v6"] = [str(uuid.UUID(int=v6)).upper(), ticks * 100 - 12219292800 * S, None]
    if 0 <= ms < 2**48:
        rand_a, rand_b = rng.getrandbits(12), rng.getrandbits(62)
        v7 = ms << 80 | 0x7 << 76 | rand_a << 64 | 0b10 << 62 | rand_b
        ids["uuid_v7"] = ["{%s}" % uuid.UUID(int=v7), ms * 10**6, {"version": 7, "variant": "rfc9562",
                          "random": "%03x%016x" % (rand_a, rand_b)}]
        random80 = rng.getrandbits(80)
        ulid = base(ms << 80 | random80, 26, CROCKFORD, 26)
        ids["ulid"] = [ulid.lower() if random80 % 2 else ulid, ms * 10**6, {"random": "%020x" % random80}]
    if 0 <= sec < 2**32:
        random40, counter = rng.getrandbits(40), rng.getrandbits(24)
        ids["objectid"] = ["%08x%010x%06x" % (sec, random40, counter), sec * S,
                           {"random": "%010x" % random40, "counter": counter}]
    if 0 <= sec - 1400000000 < 2**32:
        payload = rng.getrandbits(128)
        ids["ksuid"] = [base((sec - 1400000000) << 128 | payload, 27, BASE62, 27), sec * S,
                        {"payload": "%032x" % payload}]
    print(json.dumps({"epochs": epochs, "excel_new_york": excel(wall_ny) if wall_ny is not None else "-",
                      "ids": ids}))
"#;

/// Random instants: half over every supported year from 1601, half over
/// 1970 to 2150, where the IDs live.
fn instants(count: usize) -> Vec<Timestamp> {
    let mut rng = Rng(0x0008_e90c);
    let span = |from: i64, to: i64, rng: &mut Rng| {
        let (from, to) = (i128::from(from) * 1_000_000_000, i128::from(to) * 1_000_000_000);
        let draw = u128::from(rng.next()) << 64 | u128::from(rng.next());
        Timestamp::from_nanosecond(from + (draw % (to - from) as u128) as i128).unwrap()
    };
    (0..count)
        .map(|i| {
            if i % 2 == 0 { span(-11_644_473_600, 253_402_300_799, &mut rng) } else { span(0, 5_680_281_600, &mut rng) }
        })
        .collect()
}

fn python_answers(instants: &[Timestamp]) -> Vec<Value> {
    let input: String = instants.iter().map(|t| format!("{}\n", t.as_nanosecond())).collect();
    let lines: Vec<Value> =
        stream(python(PYTHON), &input).iter().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), instants.len());
    lines
}

/// Every epoch system writes what Python computes from its definition, and
/// reads Python's value back to the instant floored to what it writes.
#[test]
fn every_epoch_system_agrees_with_python() {
    let instants = instants(3000);
    let answers = python_answers(&instants);
    let (utc, ny) = (Zone::utc(), Zone::parse("America/New_York").unwrap());
    let mut compared = 0;
    for (instant, answer) in instants.iter().zip(&answers) {
        for epoch in Epoch::WRITTEN {
            let theirs = &answer["epochs"][epoch.preset_name()];
            let ours = epoch.write(*instant, &utc).ok();
            assert_eq!(ours.as_deref(), theirs.as_str(), "{} at {instant}", epoch.name());
            if let Some(text) = theirs.as_str() {
                let back = epoch.read(text, &utc, Disambiguation::Compatible).unwrap().instant;
                // What the system writes: its unit, or 864 ns for days.
                let step = match epoch.preset_name() {
                    "hfs" => 1_000_000_000,
                    "webkit" => 1_000,
                    "filetime" | "dotnet" => 100,
                    _ => 864,
                };
                let lag = instant.as_nanosecond() - back.as_nanosecond();
                assert!((0..step).contains(&lag), "{} {text} reads as {back}, not {instant}", epoch.name());
                compared += 1;
            }
        }
        if let Some(theirs) = answer["excel_new_york"].as_str().filter(|text| *text != "-") {
            let excel = Epoch::parse("excel").unwrap().unwrap();
            assert_eq!(excel.write(*instant, &ny).unwrap(), theirs, "excel in New York at {instant}");
            compared += 1;
        }
    }
    assert!(compared > 25_000, "{compared}");
}

/// IDs built by Python (the `uuid` module for v1) decode to the time they
/// were built with, as the kind they are, with their other fields; the
/// first ID tsconv writes for that time decodes back to it.
#[test]
fn ids_built_by_python_decode_to_their_time() {
    let instants = instants(2000);
    let answers = python_answers(&instants);
    let utc = Zone::utc();
    let options = ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH);
    let mut decoded = std::collections::BTreeMap::<String, usize>::new();
    for (instant, answer) in instants.iter().zip(&answers) {
        for (kind, built) in answer["ids"].as_object().unwrap() {
            let (text, nanos) = (built[0].as_str().unwrap(), built[1].to_string().parse::<i128>().unwrap());
            let reading = read(Input::Text(text), &options).unwrap_or_else(|e| panic!("{kind} {text}: {e}"));
            assert_eq!(reading.kind.name(), kind, "{text}");
            assert_eq!(reading.instant.as_nanosecond(), nanos, "{kind} {text} built at {instant}");
            if !built[2].is_null() {
                assert_eq!(serde_json::to_value(reading.id.unwrap()).unwrap(), built[2], "{kind} {text}");
            }
            let format = IdFormat::ALL.into_iter().find(|format| format.name() == kind).unwrap();
            let first = format.write(*instant).unwrap();
            assert_eq!(read(Input::Text(&first), &options).unwrap().instant, reading.instant, "{kind} {first}");
            *decoded.entry(kind.clone()).or_default() += 1;
        }
    }
    for kind in ["uuid_v1", "uuid_v6", "uuid_v7", "ulid", "objectid", "ksuid"] {
        assert!(decoded.get(kind).copied().unwrap_or(0) > 200, "{kind}: {decoded:?}");
    }
}

/// The published values of the issue: each system's value at
/// the Unix epoch (or its own), through the API both ways.
#[tokio::test]
async fn published_values_convert_both_ways_through_the_api() {
    for (epoch, value, iso) in [
        ("filetime", "116444736000000000", "1970-01-01T00:00:00.000Z"),
        ("webkit", "11644473600000000", "1970-01-01T00:00:00.000Z"),
        ("dotnet", "621355968000000000", "1970-01-01T00:00:00.000Z"),
        ("cocoa", "-978307200", "1970-01-01T00:00:00.000Z"),
        ("hfs", "2082844800", "1970-01-01T00:00:00.000Z"),
        ("ntp", "2208988800", "1970-01-01T00:00:00.000Z"),
        ("gps", "0", "1980-01-06T00:00:00.000Z"),
        ("excel", "25569", "1970-01-01T00:00:00.000Z"),
        ("excel1904", "24107", "1970-01-01T00:00:00.000Z"),
        ("julian_day", "2440587.5", "1970-01-01T00:00:00.000Z"),
        ("mjd", "40587", "1970-01-01T00:00:00.000Z"),
        ("discord", "175928847299117063", "2016-04-30T11:18:25.796Z"),
        // Twitter's documentation: a Tweet created Wed Oct 10 20:19:24 +0000 2018.
        ("twitter", "1050118621198921728", "2018-10-10T20:19:24.211Z"),
        ("snowflake:1288834974657", "0", "2010-11-04T01:42:54.657Z"),
    ] {
        let data =
            post_json("/api/timestamp/convert", json!({"timestamp": value, "epoch": epoch})).await.assert_ok().clone();
        assert_eq!(data["iso"], iso, "{epoch} {value}");
        assert_eq!(data["input"], json!({"kind": "epoch", "epoch": epoch, "text": value}), "{epoch}");
        // Back: the format preset of the same system writes the value.
        let preset = match epoch {
            "discord" | "twitter" | "snowflake:1288834974657" => continue,
            other => other,
        };
        let written = get(&format!("/api/timestamp/format?timestamp={iso}&format={preset}")).await.assert_ok().clone();
        let written = written["formatted"].as_str().unwrap().to_owned();
        let reread =
            get(&format!("/api/timestamp/convert?timestamp={written}&epoch={epoch}")).await.assert_ok().clone();
        assert_eq!(reread["iso"], iso, "{epoch}: {written}");
    }
}

#[tokio::test]
async fn a_pasted_snowflake_shows_its_discord_date_and_fields() {
    let data = get("/api/timestamp/convert?timestamp=175928847299117063&epoch=discord").await.assert_ok().clone();
    assert_eq!(data["id"], json!({"worker_id": 1, "process_id": 0, "increment": 7}));
    assert_eq!(data["precision"], "milliseconds");
    // Without epoch it is a nanosecond count; validate lists the other readings.
    let v = get("/api/timestamp/validate?timestamp=175928847299117063").await.assert_ok().clone();
    assert_eq!(v["kind"], "unix");
    assert_eq!(
        v["alternatives"],
        json!([
            {"epoch": "discord", "precision": null, "iso": "2016-04-30T11:18:25.796Z"},
            {"epoch": "twitter", "precision": null, "iso": "2012-03-03T13:01:20.453Z"}
        ])
    );
    // A pasted millisecond count shows its other units; an ID has none.
    let v = get("/api/timestamp/validate?timestamp=1700000000000").await.assert_ok().clone();
    let alternatives = v["alternatives"].as_array().unwrap();
    assert!(alternatives.iter().all(|a| a["epoch"] != "discord"), "13 digits are no Snowflake");
    assert!(
        alternatives
            .contains(&json!({"epoch": "unix", "precision": "microseconds", "iso": "1970-01-20T16:13:20.000Z"}))
    );
    let v = get("/api/timestamp/validate?timestamp=2023-11-14").await.assert_ok().clone();
    assert!(v.get("alternatives").is_none());
}

#[tokio::test]
async fn ids_are_recognised_by_shape_with_their_fields() {
    let data = get("/api/timestamp/convert?timestamp=507f1f77bcf86cd799439011").await.assert_ok().clone();
    assert_eq!(data["input"]["kind"], "objectid");
    assert_eq!(data["iso"], "2012-10-17T21:13:27.000Z");
    assert_eq!(data["id"], json!({"random": "bcf86cd799", "counter": 4427793}));
    // RFC 9562's v7 example, as a JSON string in a batch with a v4, whose error is its own.
    let data = post_json(
        "/api/timestamp/convert",
        json!({"timestamps": ["017F22E2-79B0-7CC3-98C4-DC0C0C07398F", "9b2c4e0a-3f1d-4c8e-9a7b-2d5e6f708192"]}),
    )
    .await
    .assert_ok()
    .clone();
    assert_eq!(data["results"][0]["iso"], "2022-02-22T19:22:22.000Z");
    assert_eq!(data["results"][0]["id"]["version"], 7);
    assert_eq!(data["results"][1]["error"]["error"], "invalid_timestamp");
    // A stated unit makes an all-digit text a Unix number, not an ObjectId.
    let reply = get("/api/timestamp/convert?timestamp=100000000000000000000000&precision=ns").await;
    assert_eq!(reply.body["data"]["error"], "out_of_range");
}

#[tokio::test]
async fn input_formats_are_tried_in_order() {
    let data = post_json(
        "/api/timestamp/convert",
        json!({"timestamp": "14/11/2023 17:13", "input_format": ["%Y-%m-%d", "%d/%m/%Y %H:%M"], "timezone": "America/New_York"}),
    )
    .await
    .assert_ok()
    .clone();
    assert_eq!(data["input"], json!({"kind": "pattern", "pattern": "%d/%m/%Y %H:%M", "text": "14/11/2023 17:13"}));
    assert_eq!(data["iso"], "2023-11-14T22:13:00.000Z");
    // An offset in the pattern wins over the zone; %s is Unix seconds.
    let data = get("/api/timestamp/convert?timestamp=2023-11-14%2017:13%20-0500&input_format=%25Y-%25m-%25d%20%25H:%25M%20%25z&timezone=Asia/Tokyo")
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["iso"], "2023-11-14T22:13:00.000Z");
    // A zone name read by %Q places the wall clock in that zone.
    let body = json!({"timestamp": "2023-11-14 17:13 America/New_York", "input_format": "%Y-%m-%d %H:%M %Q"});
    let data = post_json("/api/timestamp/convert", body).await.assert_ok().clone();
    assert_eq!(data["iso"], "2023-11-14T22:13:00.000Z");
    let v = get("/api/timestamp/validate?timestamp=1700000000&input_format=%25s").await.assert_ok().clone();
    assert_eq!((v["kind"].as_str(), v["pattern"].as_str()), (Some("pattern"), Some("%s")));
}

#[tokio::test]
async fn the_zone_list_reports_the_leap_second_table() {
    let data = get("/api/timezones?q=utc").await.assert_ok().clone();
    let expire = data["leap_seconds_expire"].as_str().unwrap();
    assert!(expire.len() == 10 && expire > "2025-01-01", "{expire}");
}
