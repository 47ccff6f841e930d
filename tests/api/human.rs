//! What people type, through the API, on the fixed clock of the
//! in-process tests (2026-11-18T11:06:40Z, a Wednesday). The reader's own
//! cases and its differential test against GNU `date -d` are in the engine
//! (`human` module, `tests/engine/human.rs`).

use serde_json::json;

use crate::helpers::{get, post_json};

#[tokio::test]
async fn people_text_is_read_with_what_was_understood() {
    let reply =
        post_json("/api/timestamp/convert", json!({"timestamp": "Nov 14 2023 5:13pm", "timezone": "America/New_York"}))
            .await;
    assert!(reply.headers.get("cache-control").is_none(), "an absolute date is cacheable");
    let data = reply.assert_ok();
    assert_eq!(data["iso"], "2023-11-14T22:13:00.000Z");
    assert_eq!(data["input"]["kind"], "human");
    assert_eq!(data["input"]["read_as"], "2023-11-14T17:13:00 in America/New_York");
    for (text, iso) in [
        ("2023-11-14 10:00 EST", "2023-11-14T15:00:00.000Z"),
        ("14 Nov 2023", "2023-11-14T05:00:00.000Z"),
        ("Tuesday, November 14, 2023", "2023-11-14T05:00:00.000Z"),
        ("03/04/2023", "2023-03-04T05:00:00.000Z"),
        ("2023年11月14日", "2023-11-14T05:00:00.000Z"),
        ("2023-11-14 10:00 GMT+5", "2023-11-14T05:00:00.000Z"),
        ("2023-11-14 10:00 Europe/Berlin", "2023-11-14T09:00:00.000Z"),
        ("２０２３-１１-１４T２２:１３:２０Z", "2023-11-14T22:13:20.000Z"),
        ("@1700000000", "2023-11-14T22:13:20.000Z"),
    ] {
        let reply =
            post_json("/api/timestamp/convert", json!({"timestamp": text, "timezone": "America/New_York"})).await;
        assert_eq!(reply.assert_ok()["iso"], iso, "{text}");
    }
}

#[tokio::test]
async fn relative_text_counts_from_now_in_the_zone_and_is_not_cached() {
    for (text, iso) in [
        ("tomorrow 9am", "2026-11-19T14:00:00.000Z"),
        ("next friday 3pm", "2026-11-20T20:00:00.000Z"),
        ("3 days ago", "2026-11-15T11:06:40.000Z"),
        ("in 2 hours", "2026-11-18T13:06:40.000Z"),
        ("yesterday", "2026-11-17T11:06:40.000Z"),
        ("Nov 14", "2026-11-14T05:00:00.000Z"),
    ] {
        let reply =
            get(&format!("/api/timestamp/convert?timestamp={}&timezone=America/New_York", text.replace(' ', "%20")))
                .await;
        assert_eq!(reply.headers["cache-control"], "no-store", "{text}");
        assert_eq!(reply.assert_ok()["iso"], iso, "{text}");
    }
    // Transitions from a relative instant depend on the clock too; from a date, not.
    let reply = get("/api/timezones/America/New_York/transitions?from=tomorrow&count=1").await;
    assert_eq!(reply.headers["cache-control"], "no-store");
    reply.assert_ok();
    let reply = get("/api/timezones/America/New_York/transitions?from=Nov%2014%202023&count=1").await;
    assert!(reply.headers.get("cache-control").is_none());
    assert_eq!(reply.assert_ok()["transitions"][0]["at"], "2024-03-10T07:00:00Z");
    // In a batch, one relative item makes the whole answer uncacheable.
    let reply =
        post_json("/api/timestamp/format", json!({"timestamps": ["2023-11-14", "tomorrow"], "format": "iso"})).await;
    assert_eq!(reply.headers["cache-control"], "no-store");
}

/// Every endpoint that reads an instant learns from the reading itself
/// whether its answer counts from now: a relative text anywhere (the second
/// of a pair, a date-math anchor, a batch's last item) makes it
/// uncacheable, the same endpoint with a date does not.
#[tokio::test]
async fn every_endpoint_learns_from_its_reading_whether_it_may_be_cached() {
    for (path, relative, absolute) in [
        ("/api/timestamp/convert", json!({"timestamp": "in 2 hours"}), json!({"timestamp": "Nov 14 2023"})),
        ("/api/timestamp/format", json!({"timestamp": "tomorrow||+1h"}), json!({"timestamp": "2023-11-14||+1h"})),
        (
            "/api/timestamp/validate",
            json!({"timestamps": [1, "3 days ago"]}),
            json!({"timestamps": [1, "Nov 14 2023"]}),
        ),
        (
            "/api/timestamp/add",
            json!({"timestamp": "next friday", "duration": "P1D"}),
            json!({"timestamp": "Nov 14 2023", "duration": "P1D"}),
        ),
        (
            "/api/timestamp/round",
            json!({"timestamp": "yesterday 5pm", "unit": "day"}),
            json!({"timestamp": "Nov 14 2023 5pm", "unit": "day"}),
        ),
        (
            "/api/timestamp/diff",
            json!({"from": "2023-11-14", "to": "tomorrow"}),
            json!({"from": "2023-11-14", "to": "Nov 20 2023"}),
        ),
    ] {
        let reply = post_json(path, relative).await;
        reply.assert_ok();
        assert_eq!(reply.headers["cache-control"], "no-store", "{path}");
        let reply = post_json(path, absolute).await;
        reply.assert_ok();
        assert!(reply.headers.get("cache-control").is_none(), "{path}");
    }
}

#[tokio::test]
async fn validate_says_what_is_ambiguous_and_lists_the_other_readings() {
    let data = get("/api/timestamp/validate?timestamp=2023-11-14%2010:00%20CST").await.assert_ok().clone();
    assert_eq!(data["kind"], "human");
    assert_eq!(data["read_as"], "2023-11-14T10:00:00-06:00 (CST)");
    assert!(data["warnings"][0].as_str().unwrap().contains("China Standard Time"), "{data:#}");
    let alternatives = data["alternatives"].as_array().unwrap();
    assert_eq!(alternatives.len(), 2);
    assert_eq!(
        alternatives[0],
        json!({"zone": "Asia/Shanghai", "offset": "+08:00", "precision": null,
        "read_as": "2023-11-14T10:00:00+08:00 (CST)", "iso": "2023-11-14T02:00:00.000Z"})
    );
    // The locale's region breaks the tie: in Ireland, IST is Irish Standard Time.
    let data = get("/api/timestamp/validate?timestamp=2023-06-01%2010:00%20IST&locale=en-IE").await.assert_ok().clone();
    assert_eq!(data["normalized"]["iso"], "2023-06-01T09:00:00.000Z");
    // The locale's order of numeric dates, and the other order when valid.
    let data = get("/api/timestamp/validate?timestamp=03/04/2023&locale=en-GB").await.assert_ok().clone();
    assert_eq!(data["normalized"]["iso"], "2023-04-03T00:00:00.000Z");
    assert_eq!(data["alternatives"][0]["iso"], "2023-03-04T00:00:00.000Z");
    assert!(data["warnings"][0].as_str().unwrap().contains("day first"), "{data:#}");
    let data = get("/api/timestamp/validate?timestamp=03.04.2023&locale=de").await.assert_ok().clone();
    assert_eq!(data["normalized"]["iso"], "2023-04-03T00:00:00.000Z");
    let data = get("/api/timestamp/validate?timestamp=13/04/2023&locale=fr").await.assert_ok().clone();
    assert!(data.get("alternatives").is_none() && data["warnings"].as_array().unwrap().is_empty(), "{data:#}");
}

#[tokio::test]
async fn near_misses_are_refused_at_their_word_with_a_did_you_mean() {
    let reply = get("/api/timestamp/convert?timestamp=tomorow%209am").await;
    reply.assert_error(400, 40002, "invalid_timestamp");
    assert_eq!(reply.body["data"]["position"], 0);
    assert!(reply.body["message"].as_str().unwrap().contains("did you mean \"tomorrow\""), "{}", reply.body);
    let reply = get("/api/timestamp/convert?timestamp=14%20Novmber%202023").await;
    assert_eq!(reply.body["data"]["position"], 3);
    assert!(reply.body["message"].as_str().unwrap().contains("\"November\""), "{}", reply.body);
    let reply = get("/api/timestamp/convert?timestamp=Feb%2030%202023").await;
    reply.assert_error(400, 40002, "invalid_timestamp");
    assert!(reply.body["message"].as_str().unwrap().contains("no February 30"), "{}", reply.body);
}

#[tokio::test]
async fn windows_zone_ids_are_zones() {
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=Eastern%20Standard%20Time").await;
    let data = data.assert_ok();
    assert_eq!(data["timezone"], "America/New_York");
    assert_eq!(data["rfc3339"], "2023-11-14T17:13:20-05:00");
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=w.%20europe%20standard%20time").await;
    assert_eq!(data.assert_ok()["timezone"], "Europe/Berlin");
}
