//! `extract`: the dates inside a text, through the API and the CLI (the
//! engine's corpus of sentences is `tsconv_time::extract`'s tests).

use serde_json::json;

use crate::cli::tsconv;
use crate::helpers::{get, post_json};

#[tokio::test]
async fn every_date_of_a_message_with_its_span_and_code() {
    let text = "Release on 2023-11-14T22:13:20Z; retro Nov 17, 2023 at 3pm. It costs $20.99, call 555-1234.";
    let reply = post_json("/api/timestamp/extract", json!({"text": text, "timezone": "Europe/Berlin"})).await;
    let data = reply.assert_ok();
    assert_eq!(data["timezone"], "Europe/Berlin");
    assert_eq!(data["count"], 2);
    let found = data["found"].as_array().unwrap();
    assert_eq!(found[0]["text"], "2023-11-14T22:13:20Z");
    assert_eq!((found[0]["start"].as_u64(), found[0]["end"].as_u64()), (Some(11), Some(31)));
    assert_eq!(found[0]["discord"], "<t:1700000000:F>");
    assert_eq!(found[1]["text"], "Nov 17, 2023 at 3pm");
    assert_eq!(found[1]["rfc3339"], "2023-11-17T15:00:00+01:00");
    assert_eq!(found[1]["date_only"], false);
    // Dates that count from now are not cached; the others may be.
    assert!(!reply.headers.contains_key("cache-control"));
    let relative = get("/api/timestamp/extract?text=see+you+tomorrow").await;
    assert_eq!(relative.assert_ok()["found"][0]["date_only"], true);
    assert_eq!(relative.headers["cache-control"], "no-store");
}

#[tokio::test]
async fn a_missing_or_too_long_text_is_refused() {
    get("/api/timestamp/extract").await.assert_error(400, 40001, "missing_parameter");
    let long = "x".repeat(tsconv_time::extract::MAX_TEXT_CHARS + 1);
    let reply = post_json("/api/timestamp/extract", json!({"text": long})).await;
    reply.assert_error(400, 40002, "invalid_timestamp");
    assert_eq!(reply.body["data"]["param"], "text");
    post_json("/api/timestamp/extract", json!({"text": "x", "tz": "UTC"})).await.assert_error(
        400,
        40010,
        "unknown_parameter",
    );
    let none = get("/api/timestamp/extract?text=nothing+here").await;
    assert_eq!(none.assert_ok()["found"], json!([]));
}

#[test]
fn the_cli_prints_each_date_or_the_text_with_codes() {
    let text = "Standup moved to 2026-12-01 10:00 CET; the fix is in v1.2.3.\n";
    let output = tsconv(&["extract", "--tz", "Europe/Berlin"], Some(text));
    assert_eq!(output.status.code(), Some(0));
    let line: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(line["text"], "2026-12-01 10:00 CET");
    assert_eq!(line["timestamp"], 1796115600);
    let output = tsconv(&["extract", "--discord", "-"], Some(text));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "Standup moved to <t:1796115600:F>; the fix is in v1.2.3.\n");
}

#[tokio::test]
async fn a_sentence_around_one_date_converts_to_it_with_a_warning() {
    let reply = get("/api/timestamp/convert?timestamp=I+have+a+meeting+on+March+1%2C+1974.&timezone=UTC").await;
    let data = reply.assert_ok();
    assert_eq!(data["iso"], "1974-03-01T00:00:00.000Z");
    assert_eq!(data["input"]["kind"], "human");
    let warning = data["input"]["warnings"][0].as_str().unwrap();
    assert!(warning.starts_with("read the date inside the text, \"March 1, 1974\" (characters 20 to 33)"), "{warning}");
    // Two dates, or another number beside the date: no guess.
    get("/api/timestamp/convert?timestamp=meet+at+5pm+and+6pm").await.assert_error(400, 40002, "invalid_timestamp");
    get("/api/timestamp/convert?timestamp=Feb+30+2023+5pm").await.assert_error(400, 40002, "invalid_timestamp");
    let validated = get("/api/timestamp/validate?timestamp=The+deadline+is+tomorrow").await;
    assert!(validated.assert_ok()["warnings"][0].as_str().unwrap().contains("\"tomorrow\""));
}
