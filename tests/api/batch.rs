use serde_json::{Value, json};

use crate::helpers::{get, post_json, post_raw};

#[tokio::test]
async fn good_and_bad_items_in_one_convert_batch() {
    let body = json!({"timestamps": [1700000000, "2023-11-14T22:13:20Z", "nope", true, 1700000000000u64, "2023-02-30"], "timezone": "America/New_York"});
    let data = post_json("/api/timestamp/convert", body).await.assert_ok().clone();
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(6), Some(3)));
    let results = data["results"].as_array().unwrap();
    assert_eq!(results[0]["rfc3339"], "2023-11-14T17:13:20-05:00");
    assert_eq!(results[1]["input"]["kind"], "rfc3339");
    assert_eq!(results[2]["error"]["code"], 40002);
    assert_eq!(results[2]["error"]["error"], "invalid_timestamp");
    assert!(results[2]["error"]["message"].as_str().unwrap().contains("nope"));
    assert_eq!(results[3]["error"]["code"], 40000);
    assert_eq!(results[3]["error"]["error"], "bad_request");
    assert_eq!(results[4]["precision"], "milliseconds");
    assert_eq!(results[5]["error"]["error"], "invalid_timestamp");
}

#[tokio::test]
async fn validate_and_format_batches() {
    let data = post_json("/api/timestamp/validate", json!({"timestamps": ["2023-11-14", "2023-02-30", 5]}))
        .await
        .assert_ok()
        .clone();
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(3), Some(0)));
    assert_eq!(data["results"][0]["valid"], true);
    assert_eq!(data["results"][1]["valid"], false);
    let data = post_json("/api/timestamp/format", json!({"timestamps": [0, 1700000000], "format": "iso_week"}))
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["results"][0]["formatted"], "1970-W01-4");
    assert_eq!(data["results"][1]["formatted"], "2023-W46-2");
    let data = post_json("/api/timestamp/format", json!({"timestamps": [0], "format": "custom", "pattern": "%Y"}))
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["results"][0]["formatted"], "1970");
}

#[tokio::test]
async fn batches_in_query_strings_and_forms_repeat_the_name() {
    let data = get("/api/timestamp/convert?timestamps=0&timestamps=1700000000").await.assert_ok().clone();
    assert_eq!(data["count"], 2);
    assert_eq!(data["results"][1]["iso"], "2023-11-14T22:13:20.000Z");
    let form = "timestamps=0&timezone=Asia%2FTokyo&timestamps=Tue%2C%2014%20Nov%202023%2022%3A13%3A20%20GMT";
    let data = post_raw("/api/timestamp/convert", "application/x-www-form-urlencoded", form).await.assert_ok().clone();
    assert_eq!(data["results"][1]["input"]["kind"], "http_date");
    assert_eq!(data["results"][1]["timezone"], "Asia/Tokyo");
}

#[tokio::test]
async fn a_thousand_items_answer_in_one_request() {
    let items: Vec<Value> = (0..1000).map(|i| json!(1_700_000_000 + i)).collect();
    let data = post_json("/api/timestamp/convert", json!({"timestamps": items})).await.assert_ok().clone();
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(1000), Some(0)));
    assert_eq!(data["results"][999]["timestamp"], 1_700_000_999);
}

#[tokio::test]
async fn batch_limits() {
    let items: Vec<Value> = (0..1001).map(|i| json!(i)).collect();
    let reply = post_json("/api/timestamp/convert", json!({"timestamps": items})).await;
    reply.assert_error(400, 40011, "batch_too_large");
    assert!(reply.body["message"].as_str().unwrap().contains("1001 items"));
    let reply = post_json("/api/timestamp/convert", json!({"timestamp": 1, "timestamps": [1]})).await;
    reply.assert_error(400, 40011, "batch_too_large");
    post_json("/api/timestamp/convert", json!({"timestamps": []})).await.assert_error(400, 40000, "bad_request");
    post_json("/api/timestamp/convert", json!({"timestamps": "1,2"})).await.assert_error(400, 40000, "bad_request");
}

#[tokio::test]
async fn request_wide_errors_still_fail_the_request() {
    let reply = post_json("/api/timestamp/convert", json!({"timestamps": [1], "timezone": "Nowhere"})).await;
    reply.assert_error(400, 40003, "unknown_timezone");
    let reply = post_json("/api/timestamp/format", json!({"timestamps": [1], "format": "custom"})).await;
    reply.assert_error(400, 40007, "invalid_pattern");
}
