use serde_json::json;

use crate::helpers::{NOW, get};

#[tokio::test]
async fn now_in_every_representation() {
    let reply = get("/api/timestamp/current?timezone=europe/paris").await;
    let data = reply.assert_ok();
    assert_eq!(data["timestamp"], NOW);
    assert_eq!(data["precision"], "seconds");
    assert_eq!(data["timezone"], "Europe/Paris");
    assert_eq!(data["iso"], "2026-11-18T11:06:40.000Z");
    assert_eq!(data["rfc3339"], "2026-11-18T12:06:40+01:00");
    assert_eq!(data["zone"]["abbreviation"], "CET");
    assert!(data.get("input").is_none() && data.get("precision_detected").is_none());
    assert_eq!(reply.headers["cache-control"], "no-store");
}

#[tokio::test]
async fn precision_sets_the_unit_of_timestamp() {
    let data = get("/api/timestamp/current?precision=ns").await.assert_ok().clone();
    assert_eq!(data["timestamp"].to_string(), format!("{NOW}000000000"));
    assert_eq!(data["precision"], "nanoseconds");
    assert_eq!(data["rfc3339"], "2026-11-18T11:06:40.000000000Z");
}

#[tokio::test]
async fn the_real_clock_is_used_by_the_server() {
    let addr = crate::helpers::spawn_app().await;
    let answer = crate::helpers::raw_exchange(
        addr,
        b"GET /api/timestamp/current HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    let body: serde_json::Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    let served = body["data"]["timestamp"].as_i64().unwrap();
    let now = jiff::Timestamp::now().as_second();
    assert!((now - 5..=now).contains(&served), "{served} vs {now}");
    assert_eq!(body["code"], json!(0));
}

#[tokio::test]
async fn current_takes_no_timestamp() {
    let reply = get("/api/timestamp/current?timestamp=1").await;
    reply.assert_error(400, 40010, "unknown_parameter");
}
