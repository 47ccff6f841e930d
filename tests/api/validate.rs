use serde_json::json;

use crate::helpers::{get, post_json};

#[tokio::test]
async fn a_valid_input_with_its_kind_and_conformance() {
    let data = post_json("/api/timestamp/validate", json!({"timestamp": "Tue, 14 Nov 2023 22:13:20 GMT"}))
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        data,
        json!({
            "valid": true,
            "kind": "http_date",
            "precision": "seconds",
            "precision_detected": true,
            "conforms": {"rfc3339": false, "iso8601": false, "rfc9557": false, "rfc2822": true, "http_date": true},
            "timezone": "UTC",
            "normalized": {"timestamp": 1700000000, "iso": "2023-11-14T22:13:20.000Z", "rfc3339": "2023-11-14T22:13:20Z"},
            "warnings": []
        })
    );
}

#[tokio::test]
async fn an_invalid_input_is_http_200_with_the_reason() {
    let reply = post_json("/api/timestamp/validate", json!({"timestamp": "2023-02-30T10:00:00Z"})).await;
    let data = reply.assert_ok();
    assert_eq!(data["valid"], false);
    assert_eq!(data["kind"], serde_json::Value::Null);
    assert_eq!(data["error"]["error"], "invalid_timestamp");
    assert!(data["error"]["message"].as_str().unwrap().contains("day"));
    let data = get("/api/timestamp/validate?timestamp=17000x").await.assert_ok().clone();
    assert_eq!(data["valid"], false);
    let data = get("/api/timestamp/validate?timestamp=1.7e9").await.assert_ok().clone();
    assert_eq!(data["error"]["position"], 3);
    let data = get("/api/timestamp/validate?timestamp=99999999999999999999999999999").await.assert_ok().clone();
    assert_eq!(data["error"]["error"], "out_of_range");
}

#[tokio::test]
async fn warns_about_likely_unit_mix_ups_and_dst_gaps() {
    let data = get("/api/timestamp/validate?timestamp=1700000000&precision=ms").await.assert_ok().clone();
    assert_eq!(data["valid"], true);
    assert!(data["warnings"][0].as_str().unwrap().contains("as seconds it would be 2023-11-14T22:13:20Z"));
    let data = get("/api/timestamp/validate?timestamp=2024-03-10T02:30:00&timezone=America/New_York")
        .await
        .assert_ok()
        .clone();
    assert!(data["warnings"][0].as_str().unwrap().contains("does not exist in America/New_York"));
}

#[tokio::test]
async fn a_rejected_dst_gap_is_an_invalid_answer_not_an_error() {
    let url = "/api/timestamp/validate?timestamp=2024-03-10T02:30:00&timezone=America/New_York&disambiguation=reject";
    let data = get(url).await.assert_ok().clone();
    assert_eq!((data["valid"].as_bool(), data["error"]["error"].as_str()), (Some(false), Some("ambiguous_local_time")));
}

#[tokio::test]
async fn parameters_are_still_checked() {
    get("/api/timestamp/validate").await.assert_error(400, 40001, "missing_parameter");
    get("/api/timestamp/validate?timestamp=1&timezone=Nowhere/City").await.assert_error(400, 40003, "unknown_timezone");
    get("/api/timestamp/validate?timestamp=1&format=iso").await.assert_error(400, 40010, "unknown_parameter");
}
