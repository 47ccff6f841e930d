use serde_json::json;

use crate::helpers::{get, post_json, post_raw};

#[tokio::test]
async fn spec_example_in_new_york() {
    let reply =
        post_json("/api/timestamp/convert", json!({"timestamp": 1700000000, "timezone": "America/New_York"})).await;
    let data = reply.assert_ok();
    assert_eq!(
        *data,
        json!({
            "timestamp": 1700000000,
            "precision": "seconds",
            "precision_detected": true,
            "iso": "2023-11-14T22:13:20.000Z",
            "timezone": "America/New_York",
            "locale": "en",
            "rfc3339": "2023-11-14T17:13:20-05:00",
            "utc": "Tue, 14 Nov 2023 22:13:20 GMT",
            "local": "2023-11-14 17:13:20",
            "units": {
                "seconds": 1700000000,
                "milliseconds": 1700000000000u64,
                "microseconds": 1700000000000000u64,
                "nanoseconds": 1700000000000000000u64
            },
            "units_text": {
                "seconds": "1700000000",
                "milliseconds": "1700000000000",
                "microseconds": "1700000000000000",
                "nanoseconds": "1700000000000000000"
            },
            "zone": {
                "name": "America/New_York",
                "long_name": "Eastern Standard Time",
                "abbreviation": "EST",
                "offset": "-05:00",
                "offset_seconds": -18000,
                "dst": false,
                "next_transition": "2024-03-10T07:00:00Z",
                "windows_id": "Eastern Standard Time"
            },
            "calendar": {
                "weekday": "Tuesday",
                "weekday_number": 2,
                "iso_week": "2023-W46",
                "day_of_year": 318,
                "quarter": 4,
                "days_in_month": 30,
                "leap_year": false
            },
            "input": {"kind": "unix", "text": "1700000000"}
        })
    );
    assert_eq!(reply.headers["content-type"], "application/json; charset=utf-8");
}

#[tokio::test]
async fn json_form_and_query_give_the_same_answer() {
    let json = post_json("/api/timestamp/convert", json!({"timestamp": "1700000000", "timezone": "Asia/Tokyo"})).await;
    let form = post_raw(
        "/api/timestamp/convert",
        "application/x-www-form-urlencoded",
        "timestamp=1700000000&timezone=Asia%2FTokyo",
    )
    .await;
    let query = get("/api/timestamp/convert?timestamp=1700000000&timezone=Asia/Tokyo").await;
    assert_eq!(json.assert_ok(), form.assert_ok());
    assert_eq!(json.assert_ok(), query.assert_ok());
    assert_eq!(json.data()["rfc3339"], "2023-11-15T07:13:20+09:00");
}

#[tokio::test]
async fn versioned_paths_serve_the_same_routes() {
    let plain = get("/api/timestamp/convert?timestamp=1700000000").await;
    let v1 = get("/api/v1/timestamp/convert?timestamp=1700000000").await;
    assert_eq!(plain.assert_ok(), v1.assert_ok());
    assert_eq!(v1.headers["api-version"], "1");
}

#[tokio::test]
async fn nanoseconds_keep_every_digit() {
    // Beyond 2^53: a JSON number that JavaScript would round.
    let reply =
        post_json("/api/timestamp/convert", serde_json::from_str(r#"{"timestamp": 1700000000123456789}"#).unwrap())
            .await;
    let data = reply.assert_ok();
    assert_eq!(data["precision"], "nanoseconds");
    assert_eq!(data["timestamp"].to_string(), "1700000000123456789");
    assert_eq!(data["units_text"]["nanoseconds"], "1700000000123456789");
    assert_eq!(data["rfc3339"], "2023-11-14T22:13:20.123456789Z");
    // Beyond i64: nanoseconds in year 9999.
    let reply = post_json("/api/timestamp/convert", json!({"timestamp": "253402128000123456789"})).await;
    assert_eq!(reply.assert_ok()["timestamp"].to_string(), "253402128000123456789");
}

#[tokio::test]
async fn decimal_fractions_are_read_exactly() {
    let raw = r#"{"timestamp": 1700000000.123456789}"#;
    let reply = post_raw("/api/timestamp/convert", "application/json", raw).await;
    let data = reply.assert_ok();
    assert_eq!(data["precision"], "nanoseconds");
    assert_eq!(data["timestamp"].to_string(), "1700000000123456789");
    let reply = post_raw("/api/timestamp/convert", "application/json", r#"{"timestamp": 1700000000.5}"#).await;
    assert_eq!(reply.assert_ok()["timestamp"].to_string(), "1700000000500");
    assert_eq!(reply.data()["precision"], "milliseconds");
}

#[tokio::test]
async fn milliseconds_are_not_read_as_seconds() {
    let data = get("/api/timestamp/convert?timestamp=1700000000000").await.assert_ok().clone();
    assert_eq!(data["precision"], "milliseconds");
    assert_eq!(data["iso"], "2023-11-14T22:13:20.000Z");
    let data = get("/api/timestamp/convert?timestamp=1700000000000000").await.assert_ok().clone();
    assert_eq!(data["precision"], "microseconds");
    let data = get("/api/timestamp/convert?timestamp=1700000000&precision=MS").await.assert_ok().clone();
    assert_eq!(
        (data["iso"].as_str(), data["precision_detected"].as_bool()),
        (Some("1970-01-20T16:13:20.000Z"), Some(false))
    );
}

#[tokio::test]
async fn negative_and_pre_1973_values() {
    let data = post_json("/api/timestamp/convert", json!({"timestamp": -86400})).await.assert_ok().clone();
    assert_eq!(data["iso"], "1969-12-31T00:00:00.000Z");
    assert_eq!(data["units"]["milliseconds"], -86400000);
    let data =
        post_json("/api/timestamp/convert", json!({"timestamp": "1960-06-01T12:00:00Z"})).await.assert_ok().clone();
    assert_eq!(data["timestamp"], -302443200);
}

#[tokio::test]
async fn date_strings_of_every_kind() {
    for (input, kind, precision) in [
        ("2023-11-14T22:13:20Z", "rfc3339", "seconds"),
        ("2023-11-14T17:13:20.5-05:00", "rfc3339", "milliseconds"),
        ("20231114T221320Z", "iso8601", "seconds"),
        ("2023-11-14T17:13:20-05:00[America/New_York]", "rfc9557", "seconds"),
        ("Tue, 14 Nov 2023 22:13:20 +0000", "rfc2822", "seconds"),
        ("Tue, 14 Nov 2023 22:13:20 GMT", "http_date", "seconds"),
        ("2023-11-14 22:13:20", "local_datetime", "seconds"),
    ] {
        let reply = post_json("/api/timestamp/convert", json!({"timestamp": input})).await;
        let data = reply.assert_ok();
        assert_eq!(data["input"], json!({"kind": kind, "text": input}), "{input}");
        assert_eq!(data["precision"], precision, "{input}");
        assert_eq!(data["units"]["seconds"], 1700000000, "{input}");
    }
    let data = post_json("/api/timestamp/convert", json!({"timestamp": "2023-11-14", "timezone": "America/New_York"}))
        .await
        .assert_ok()
        .clone();
    assert_eq!(
        (data["input"]["kind"].as_str(), data["rfc3339"].as_str()),
        (Some("date"), Some("2023-11-14T00:00:00-05:00"))
    );
}

#[tokio::test]
async fn time_zones_case_insensitive_three_level_and_fixed() {
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=AMERICA/ARGENTINA/BUENOS_AIRES")
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["timezone"], "America/Argentina/Buenos_Aires");
    assert_eq!(data["rfc3339"], "2023-11-14T19:13:20-03:00");
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=%2B05:30").await.assert_ok().clone();
    assert_eq!(
        (data["timezone"].as_str(), data["rfc3339"].as_str()),
        (Some("+05:30"), Some("2023-11-15T03:43:20+05:30"))
    );
    assert_eq!(data["zone"]["next_transition"], serde_json::Value::Null);
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=-0800").await.assert_ok().clone();
    assert_eq!(data["timezone"], "-08:00");
}

#[tokio::test]
async fn southern_hemisphere_dst_is_not_backwards() {
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=Australia/Sydney").await.assert_ok().clone();
    assert_eq!(data["zone"]["abbreviation"], "AEDT");
    assert_eq!(data["zone"]["dst"], true);
    assert_eq!(data["zone"]["offset"], "+11:00");
    assert_eq!(data["zone"]["next_transition"], "2024-04-06T16:00:00Z");
}

#[tokio::test]
async fn dst_gap_and_fold_over_http() {
    let gap = |d: &str| {
        format!("/api/timestamp/convert?timestamp=2024-03-10T02:30:00&timezone=America/New_York&disambiguation={d}")
    };
    assert_eq!(get(&gap("compatible")).await.assert_ok()["rfc3339"], "2024-03-10T03:30:00-04:00");
    assert_eq!(get(&gap("EARLIER")).await.assert_ok()["rfc3339"], "2024-03-10T01:30:00-05:00");
    assert_eq!(get(&gap("later")).await.assert_ok()["rfc3339"], "2024-03-10T03:30:00-04:00");
    let reply = get(&gap("reject")).await;
    reply.assert_error(400, 40009, "ambiguous_local_time");
    assert_eq!(reply.body["data"]["param"], "timestamp");
    let fold = "/api/timestamp/convert?timestamp=2024-11-03%2001:30:00&timezone=America/New_York&disambiguation=later";
    let data = get(fold).await.assert_ok().clone();
    assert_eq!(
        (data["rfc3339"].as_str(), data["zone"]["abbreviation"].as_str()),
        (Some("2024-11-03T01:30:00-05:00"), Some("EST"))
    );
}

#[tokio::test]
async fn formatted_is_added_when_format_is_given() {
    let data = get("/api/timestamp/convert?timestamp=1700000000&timezone=America/New_York&format=rfc2822")
        .await
        .assert_ok()
        .clone();
    assert_eq!(data["formatted"], "Tue, 14 Nov 2023 17:13:20 -0500");
    let data = get("/api/timestamp/convert?timestamp=1700000000&format=discord&style=R").await.assert_ok().clone();
    assert_eq!(data["formatted"], "<t:1700000000:R>");
    let data = get("/api/timestamp/convert?timestamp=1700000000&pattern=%25d.%25m.%25Y").await.assert_ok().clone();
    assert_eq!(data["formatted"], "14.11.2023");
    assert!(get("/api/timestamp/convert?timestamp=1700000000").await.data().get("formatted").is_none());
}

#[tokio::test]
async fn json_null_counts_as_absent() {
    let data = post_json("/api/timestamp/convert", json!({"timestamp": 0, "timezone": null, "precision": null}))
        .await
        .assert_ok()
        .clone();
    assert_eq!((data["timezone"].as_str(), data["iso"].as_str()), (Some("UTC"), Some("1970-01-01T00:00:00.000Z")));
}

#[tokio::test]
async fn rfc9557_offset_contradicting_its_zone_is_an_error() {
    let reply =
        post_json("/api/timestamp/convert", json!({"timestamp": "2023-11-14T17:13:20-04:00[America/New_York]"})).await;
    reply.assert_error(400, 40002, "invalid_timestamp");
    assert!(reply.body["message"].as_str().unwrap().contains("contradicts"));
}
