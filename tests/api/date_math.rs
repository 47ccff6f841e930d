//! Elasticsearch's date math as an input of every endpoint, on
//! the fixed clock of the in-process tests (2026-11-18T11:06:40Z).

use serde_json::json;

use crate::helpers::{get, post_json};

#[tokio::test]
async fn date_math_from_now_is_read_in_the_zone_and_not_cached() {
    let reply = get("/api/timestamp/convert?timestamp=now-1d/d").await;
    assert_eq!(reply.headers["cache-control"], "no-store");
    let data = reply.assert_ok();
    assert_eq!(data["iso"], "2026-11-17T00:00:00.000Z");
    assert_eq!(data["input"]["kind"], "date_math");
    // The start of the day, week and month in New York, on its wall clock.
    for (math, iso) in [
        ("now/d", "2026-11-18T05:00:00.000Z"),
        ("now/w", "2026-11-16T05:00:00.000Z"),
        ("now/M", "2026-11-01T04:00:00.000Z"),
        ("now-1M/M", "2026-10-01T04:00:00.000Z"),
        ("now%2B1h/h", "2026-11-18T12:00:00.000Z"),
    ] {
        let data = get(&format!("/api/timestamp/convert?timestamp={math}&timezone=America/New_York")).await;
        assert_eq!(data.assert_ok()["iso"], iso, "{math}");
    }
}

#[tokio::test]
async fn an_anchored_expression_is_cacheable_and_works_everywhere() {
    let reply =
        post_json("/api/timestamp/format", json!({"timestamp": "2023-11-14T10:00:00Z||+1M/d", "format": "iso"})).await;
    assert!(reply.headers.get("cache-control").is_none());
    assert_eq!(reply.assert_ok()["formatted"], "2023-12-14T00:00:00.000Z");
    // A DST day: adding a day keeps the wall clock, 24 hours do not.
    let day = json!({"timestamp": "2024-03-09T12:00:00||+1d", "timezone": "America/New_York"});
    assert_eq!(post_json("/api/timestamp/convert", day).await.assert_ok()["rfc3339"], "2024-03-10T12:00:00-04:00");
    let hours = json!({"timestamp": "2024-03-09T12:00:00||+24h", "timezone": "America/New_York"});
    assert_eq!(post_json("/api/timestamp/convert", hours).await.assert_ok()["rfc3339"], "2024-03-10T13:00:00-04:00");
    // Validate names the kind; a batch with one input from now is not cached.
    let v = get("/api/timestamp/validate?timestamp=now/y").await.assert_ok().clone();
    assert_eq!((v["valid"].as_bool(), v["kind"].as_str()), (Some(true), Some("date_math")));
    let reply = post_json("/api/timestamp/convert", json!({"timestamps": [1700000000, "now"]})).await;
    assert_eq!(reply.headers["cache-control"], "no-store");
    assert_eq!(reply.assert_ok()["results"][1]["timestamp"], 1795000000);
}
