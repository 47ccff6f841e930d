//! Schedules through the API: the runs of cron, systemd and RRULE
//! expressions (the engine's differential tests hold them to croniter,
//! `systemd-analyze` and dateutil), their errors, and the calendar feeds,
//! read back by Python's `icalendar`.

use std::process::Command;

use serde_json::{Value, json};

use crate::helpers::{get, post_json, post_raw};

fn iso(runs: &Value) -> Vec<&str> {
    runs.as_array().unwrap().iter().map(|run| run["iso"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_fixed_time_job_runs_as_the_clock_jumps_and_the_answer_says_so() {
    let reply =
        get("/api/schedule?schedule=30%202%20*%20*%20*&timezone=Europe/Berlin&from=2027-03-27T12:00:00Z&count=3").await;
    let data = reply.assert_ok();
    assert_eq!(data["notation"], "cron");
    assert_eq!(data["description"], "At 02:30.");
    assert_eq!(
        iso(&data["runs"]),
        ["2027-03-28T01:00:00.000Z", "2027-03-29T00:30:00.000Z", "2027-03-30T00:30:00.000Z"]
    );
    assert_eq!(data["runs"][0]["clock_change"], json!({"kind": "gap", "scheduled": "2027-03-28T02:30:00"}));
    assert_eq!(data["runs"][0]["rfc3339"], "2027-03-28T03:00:00+02:00");
    assert_eq!(data["runs"][0]["calendar"]["weekday"], "Sunday");
    assert!(data["runs"][1].get("clock_change").is_none());
    assert_eq!(data["dst"]["kind"], "gap");
    assert_eq!(data["dst"]["effect"], "run_at_jump");
    assert_eq!(data["dst"]["rule"], "cron_fixed");
    assert_eq!(data["dst"]["affected"], json!(["2027-03-28T02:30:00"]));
    // From a fixed `from`, the answer may be cached; from now, it may not.
    assert!(reply.headers.get("cache-control").is_none());
    let now = get("/api/schedule?schedule=@hourly").await;
    assert_eq!(now.headers["cache-control"], "no-store");
}

#[tokio::test]
async fn an_interval_job_runs_in_both_passes_of_a_repeated_hour() {
    let data =
        get("/api/schedule?schedule=*/30%20*%20*%20*%20*&timezone=Europe/Berlin&from=2026-10-24T23:40:00Z&count=4")
            .await
            .assert_ok()
            .clone();
    let local: Vec<&str> =
        data["runs"].as_array().unwrap().iter().map(|run| run["rfc3339"].as_str().unwrap()).collect();
    assert_eq!(
        local,
        [
            "2026-10-25T02:00:00+02:00",
            "2026-10-25T02:30:00+02:00",
            "2026-10-25T02:00:00+01:00",
            "2026-10-25T02:30:00+01:00"
        ]
    );
    assert_eq!(data["runs"][2]["clock_change"], json!({"kind": "fold"}));
    assert_eq!(data["dst"]["effect"], "twice");
}

#[tokio::test]
async fn get_json_and_form_answer_alike_in_each_notation() {
    for (schedule, notation) in [
        ("0 9 * * MON-FRI", "cron"),
        ("CRON_TZ=Asia/Tokyo 0 0 9 * * *", "cron"),
        ("Mon..Fri 09:00 Europe/Berlin", "systemd"),
        ("weekly", "systemd"),
        ("DTSTART;TZID=Australia/Sydney:20260101T093000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR", "rrule"),
        ("FREQ=DAILY;BYHOUR=9;BYMINUTE=0;BYSECOND=0", "rrule"),
    ] {
        let body =
            json!({"schedule": schedule, "timezone": "America/New_York", "from": "2026-11-27T00:00:00Z", "count": 4});
        let by_json = post_json("/api/schedule", body).await;
        let data = by_json.assert_ok();
        assert_eq!(data["notation"], notation, "{schedule}");
        assert_eq!(data["count"], 4, "{schedule}");
        let query = serde_urlencoded::to_string([
            ("schedule", schedule),
            ("timezone", "America/New_York"),
            ("from", "2026-11-27T00:00:00Z"),
            ("count", "4"),
        ])
        .unwrap();
        let by_get = get(&format!("/api/schedule?{query}")).await;
        assert_eq!(by_get.assert_ok(), data, "{schedule}");
        let by_form = post_raw("/api/schedule", "application/x-www-form-urlencoded", query).await;
        assert_eq!(by_form.assert_ok(), data, "{schedule}");
        // Each run is shown in `timezone`; a zone in the expression is the one it runs in.
        for run in data["runs"].as_array().unwrap() {
            assert!(
                run["timezone"]["name"] == "America/New_York" || run["zone"]["name"] == "America/New_York",
                "{run}"
            );
        }
    }
    let tokyo =
        get("/api/schedule?schedule=CRON_TZ%3DAsia/Tokyo%200%209%20*%20*%20*&from=2026-11-27T00:00:00Z&count=1").await;
    let data = tokyo.assert_ok();
    assert_eq!(data["timezone"], "Asia/Tokyo");
    assert_eq!(data["runs"][0]["iso"], "2026-11-28T00:00:00.000Z");
}

#[tokio::test]
async fn previous_lists_the_latest_first_and_fields_cut_each_run() {
    let data = get(
        "/api/schedule?schedule=0%2012%20*%20*%20*&from=2026-11-27T00:00:00Z&count=2&direction=previous&fields=iso,timestamp",
    )
    .await
    .assert_ok()
    .clone();
    assert_eq!(
        data["runs"],
        json!([
            {"timestamp": 1_795_694_400, "iso": "2026-11-26T12:00:00.000Z"},
            {"timestamp": 1_795_608_000, "iso": "2026-11-25T12:00:00.000Z"}
        ])
    );
}

#[tokio::test]
async fn bad_schedules_name_the_field_position_and_close_name() {
    let reply = get("/api/schedule?schedule=0%209%20*%20*%20MNO").await;
    reply.assert_error(400, 40016, "invalid_schedule");
    assert_eq!(reply.data()["param"], "schedule");
    assert_eq!(reply.data()["field"], "day-of-week");
    assert_eq!(reply.data()["position"], 8);
    assert_eq!(reply.data()["suggestion"], "MON");
    for (schedule, words) in [
        ("0 0 30 2 *", "never fires"),
        ("61 * * * *", "minute field (character 1): 61 is out of range"),
        ("* * * *", "has 4"),
        ("@reboot", "runs when cron starts"),
        ("Mon..Fri 25:00", "hour"),
        ("FREQ=SOMETIMES", "not valid"),
        ("", "empty"),
    ] {
        let reply = post_json("/api/schedule", json!({"schedule": schedule})).await;
        reply.assert_error(400, 40016, "invalid_schedule");
        let message = reply.body["message"].as_str().unwrap();
        assert!(message.contains(words), "{schedule:?}: {message}");
    }
    get("/api/schedule").await.assert_error(400, 40001, "missing_parameter");
    let gap = get("/api/schedule?schedule=@daily&gap=shift").await;
    gap.assert_error(400, 40016, "invalid_schedule");
    get("/api/schedule?schedule=FREQ=DAILY&gap=sometimes").await.assert_error(400, 40000, "bad_request");
    get("/api/schedule?schedule=@daily&count=0").await.assert_error(400, 40000, "bad_request");
    get("/api/schedule?schedule=@daily&count=101").await.assert_error(400, 40000, "bad_request");
    get("/api/schedule?schedule=@daily&timezone=Mars/Olympus").await.assert_error(400, 40003, "unknown_timezone");
}

#[tokio::test]
async fn an_expression_that_fires_once_in_centuries_is_answered_at_once() {
    let started = std::time::Instant::now();
    let data =
        get("/api/schedule?schedule=0%200%200%2029%202%20*%202196&from=2026-01-01T00:00:00Z").await.assert_ok().clone();
    assert_eq!(iso(&data["runs"]), ["2196-02-29T00:00:00.000Z"]);
    // A per-second rule started decades ago begins a whole number of seconds
    // before `from` (the same runs); counted from its start, it is refused.
    let old =
        get("/api/schedule?schedule=DTSTART:19700101T000000Z%20RRULE:FREQ=SECONDLY&from=2026-01-01T00:00:00Z&count=2")
            .await;
    assert_eq!(iso(&old.assert_ok()["runs"]), ["2026-01-01T00:00:01.000Z", "2026-01-01T00:00:02.000Z"]);
    let counted = "DTSTART:19700101T000000Z%20RRULE:FREQ=SECONDLY;COUNT=999999999&from=2026-01-01T00:00:00Z";
    let counted = get(&format!("/api/schedule?schedule={counted}")).await;
    counted.assert_error(400, 40016, "invalid_schedule");
    assert!(counted.body["message"].as_str().unwrap().contains("move DTSTART closer"));
    assert!(started.elapsed().as_secs() < 30);
}

#[tokio::test]
async fn plain_text_lists_the_runs() {
    let reply = get("/api/schedule.txt?schedule=0%209%20*%20*%20*&from=2026-11-27T00:00:00Z&count=2&fields=iso").await;
    assert_eq!(reply.status, 200);
    let text = reply.body.as_str().unwrap().to_owned();
    assert!(text.contains("runs.0.iso: 2026-11-27T09:00:00.000Z"), "{text}");
    assert!(text.contains("runs.1.iso: 2026-11-28T09:00:00.000Z"), "{text}");
}

/// A feed read back by Python's `icalendar`: its events' starts, UIDs, summaries and descriptions.
fn parse_feed(feed: &str) -> Value {
    let script = r#"
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.read())
events = [{"start": e.decoded("dtstart").isoformat(), "uid": str(e["uid"]), "summary": str(e["summary"]), "description": str(e.get("description", ""))} for e in calendar.walk("VEVENT")]
print(json.dumps({"version": str(calendar["version"]), "events": events}))
"#;
    let venv = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/venv-st/bin/python");
    assert!(venv.exists(), "target/venv-st is missing: run ./scripts/test, which installs icalendar there");
    let mut child = Command::new(venv)
        .arg("-c")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), feed.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "icalendar refused the feed:\n{feed}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[tokio::test]
#[cfg_attr(not(feature = "components"), ignore = "needs icalendar (PyPI): ./scripts/test installs it and runs this")]
async fn feeds_are_calendars_icalendar_reads() {
    let feed = get("/api/schedule.ics?schedule=0%209%20*%20*%20MON-FRI&timezone=Europe/Berlin&count=3").await;
    assert_eq!(feed.status, 200);
    assert_eq!(feed.headers["content-type"], "text/calendar; charset=utf-8");
    let max_age: i64 =
        feed.headers["cache-control"].to_str().unwrap().trim_start_matches("public, max-age=").parse().unwrap();
    let text = feed.body.as_str().unwrap().to_owned();
    let read = parse_feed(&text);
    assert_eq!(read["version"], "2.0");
    let events = read["events"].as_array().unwrap();
    assert_eq!(events.len(), 3);
    // The same runs as the JSON answer from now; cached until the first.
    let runs = get("/api/schedule?schedule=0%209%20*%20*%20MON-FRI&timezone=Europe/Berlin&count=3&fields=iso").await;
    let runs = runs.assert_ok();
    for (event, run) in events.iter().zip(runs["runs"].as_array().unwrap()) {
        let start: jiff::Timestamp = event["start"].as_str().unwrap().parse().unwrap();
        let run: jiff::Timestamp = run["iso"].as_str().unwrap().parse().unwrap();
        assert_eq!(start, run);
        assert_eq!(event["summary"], "0 9 * * MON-FRI");
    }
    let first: jiff::Timestamp = events[0]["start"].as_str().unwrap().parse().unwrap();
    let now = get("/api/timestamp/current?fields=timestamp").await;
    let now = now.assert_ok()["timestamp"].as_i64().unwrap();
    // Cached until the first run, at most a day.
    let until_first = (first.as_second() - now).min(86_400);
    assert!((until_first - max_age).abs() <= 2, "{first} {now} {max_age}");
    // A run keeps its UID from one fetch to the next.
    let again = parse_feed(
        get("/api/schedule.ics?schedule=0%209%20*%20*%20MON-FRI&timezone=Europe/Berlin&count=3")
            .await
            .body
            .as_str()
            .unwrap(),
    );
    assert_eq!(again["events"][0]["uid"], events[0]["uid"]);
    // Each event is described in the feed's `locale`.
    let german =
        get("/api/schedule.ics?schedule=0%209%20*%20*%20MON-FRI&timezone=Europe/Berlin&count=1&locale=de").await;
    let german = parse_feed(german.body.as_str().unwrap());
    let described = german["events"][0]["description"].as_str().unwrap();
    assert!(described.starts_with("Um 09:00, am Montag, Dienstag, Mittwoch, Donnerstag und Freitag. ("), "{described}");

    let changes = get("/api/timezones/Australia/Sydney/transitions.ics?count=2").await;
    assert_eq!(changes.status, 200);
    let read = parse_feed(changes.body.as_str().unwrap());
    let list = get("/api/timezones/Australia/Sydney/transitions?count=2").await;
    let list = list.assert_ok();
    for (event, change) in read["events"].as_array().unwrap().iter().zip(list["transitions"].as_array().unwrap()) {
        let start: jiff::Timestamp = event["start"].as_str().unwrap().parse().unwrap();
        assert_eq!(start.as_second(), change["unix"].as_i64().unwrap());
        assert!(event["summary"].as_str().unwrap().starts_with("Australia/Sydney: clocks go"));
    }
    get("/api/schedule.ics?schedule=@daily&from=2026-01-01").await.assert_error(400, 40010, "unknown_parameter");
    get("/api/schedule.ics?schedule=0%209%20*%20*%20MNO").await.assert_error(400, 40016, "invalid_schedule");
}

#[tokio::test]
async fn the_description_is_in_the_language_asked_for_and_names_it() {
    let cases = [
        ("de", "0%209%20*%20*%201-5", "Um 09:00, am Montag, Dienstag, Mittwoch, Donnerstag und Freitag.", "de"),
        ("ja", "FREQ%3DMONTHLY%3BBYDAY%3D-1FR", "毎月、最終金曜日", "ja"),
        ("zh-TW", "*%2F15%20*%20*%20*%20*", "每15 分鐘。", "zh-Hant"),
        // A language tsconv has no schedule phrases for: English, and the answer says so.
        ("cy", "0%209%20*%20*%201-5", "At 09:00, on Monday, Tuesday, Wednesday, Thursday, and Friday.", "en"),
    ];
    for (locale, schedule, description, written_in) in cases {
        let reply = get(&format!("/api/schedule?schedule={schedule}&locale={locale}&count=1")).await;
        let data = reply.assert_ok();
        assert_eq!(
            (data["description"].as_str(), data["description_locale"].as_str()),
            (Some(description), Some(written_in)),
            "{locale}"
        );
    }
    let reply = post_json("/api/schedule", json!({"schedule": "Mon..Fri 09:00", "locale": "fr", "count": 1})).await;
    assert_eq!(reply.assert_ok()["description"], "À 09:00, le lundi, mardi, mercredi, jeudi et vendredi.");
}
