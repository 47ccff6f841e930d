//! `fields`: the top-level fields of `data` a caller asks for, on every
//! endpoint that answers an instant, one result or a batch, JSON or plain
//! text, through the API and the MCP tools; unknown names refused with the
//! one meant.

use serde_json::{Map, Value, json};
use tsconv_time::fields::Field;

use crate::helpers::{get, post_json, post_raw};
use crate::oracle::Rng;

/// Each endpoint that answers an instant: its path, a body that asks for
/// an answer with every optional field there (an ID for `id`, a Discord
/// format for `preview`, a day for `period`), and the answer's fields.
fn endpoints() -> [(&'static str, Value, &'static [Field]); 6] {
    let id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    [
        ("/api/timestamp/current", json!({"timezone": "Europe/Berlin", "locale": "de"}), Field::CURRENT),
        (
            "/api/timestamp/convert",
            json!({"timestamp": id, "timezone": "America/New_York", "format": "clf"}),
            Field::REPORT,
        ),
        ("/api/timestamp/format", json!({"timestamp": id, "format": "discord", "style": "R"}), Field::FORMATTED),
        ("/api/timestamp/format", json!({"timestamp": 1700000000, "locale": "ja"}), Field::FORMATTED),
        ("/api/timestamp/add", json!({"timestamp": id, "duration": "P1M", "format": "iso_week"}), Field::ADDITION),
        (
            "/api/timestamp/round",
            json!({"timestamp": id, "unit": "day", "timezone": "Australia/Sydney", "format": "rfc2822"}),
            Field::ROUNDING,
        ),
    ]
}

/// `body` as a query string.
fn query(body: &Value) -> String {
    body.as_object()
        .unwrap()
        .iter()
        .map(|(key, value)| {
            let value = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
            format!("{key}={}", form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>())
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// The answer of `path` to `body` (GET with a query for current, POST with JSON otherwise).
async fn answer(path: &str, body: &Value) -> Value {
    let reply = if path.ends_with("current") {
        get(&format!("{path}?{}", query(body))).await
    } else {
        post_json(path, body.clone()).await
    };
    reply.assert_ok().clone()
}

fn with_fields(body: &Value, fields: &str) -> Value {
    let mut body = body.clone();
    body["fields"] = json!(fields);
    body
}

/// `whole` cut to `names`.
fn cut(whole: &Value, names: &[&str]) -> Value {
    let object = whole.as_object().unwrap();
    Value::Object(
        object
            .iter()
            .filter(|(key, _)| names.contains(&key.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect::<Map<_, _>>(),
    )
}

/// Over seeded random sets of each answer's names (every name alone too),
/// the answer is the whole answer cut to exactly those names.
#[tokio::test]
async fn every_endpoint_answers_exactly_the_fields_asked_for() {
    let mut rng = Rng(0x_f1e1d5);
    for (path, body, list) in endpoints() {
        let whole = answer(path, &body).await;
        let names: Vec<&str> = list.iter().map(|field| field.name()).collect();
        // Every field the answer has is a name of its list, and the reverse
        // (but `formats` beside one format, and the reverse).
        for key in whole.as_object().unwrap().keys() {
            assert!(names.contains(&key.as_str()), "{path}: {key} is not in the list");
        }
        let mut sets: Vec<Vec<&str>> = names.iter().map(|name| vec![*name]).collect();
        for _ in 0..12 {
            sets.push(names.iter().copied().filter(|_| rng.below(3) == 0).collect());
        }
        for set in sets.into_iter().filter(|set| !set.is_empty()) {
            let cut_answer = answer(path, &with_fields(&body, &set.join(","))).await;
            assert_eq!(cut_answer, cut(&whole, &set), "{path} fields={}", set.join(","));
        }
    }
}

#[tokio::test]
async fn iso_and_timezone_are_a_small_answer_in_every_body() {
    let expected = json!({"iso": "2023-11-14T22:13:20.000Z", "timezone": "America/New_York"});
    let uri = "/api/timestamp/convert?timestamp=1700000000&timezone=America/New_York&fields=iso,timezone";
    assert_eq!(get(uri).await.assert_ok(), &expected);
    let form = "timestamp=1700000000&timezone=America%2FNew_York&fields=iso%2Ctimezone";
    let reply = post_raw("/api/timestamp/convert", "application/x-www-form-urlencoded", form).await;
    assert_eq!(reply.assert_ok(), &expected);
    let body = json!({"timestamp": 1700000000, "timezone": "America/New_York", "fields": " timezone , iso "});
    assert_eq!(post_json("/api/timestamp/convert", body).await.assert_ok(), &expected);
}

#[tokio::test]
async fn each_item_of_a_batch_has_the_fields_asked_for_and_errors_stay_whole() {
    let body = json!({"timestamps": [1700000000, "nope", "2024-03-10T02:30:00"], "timezone": "America/New_York", "fields": "rfc3339,calendar"});
    let data = post_json("/api/timestamp/convert", body).await.assert_ok().clone();
    assert_eq!((data["count"].as_u64(), data["failed"].as_u64()), (Some(3), Some(1)));
    let results = data["results"].as_array().unwrap();
    assert_eq!(results[0]["rfc3339"], "2023-11-14T17:13:20-05:00");
    assert_eq!(results[0]["calendar"]["weekday"], "Tuesday");
    assert_eq!(results[0].as_object().unwrap().len(), 2);
    assert_eq!(results[1]["error"]["error"], "invalid_timestamp");
    // A local time in the gap is read as every answer reads it (compatible: later).
    assert_eq!(results[2]["rfc3339"], "2024-03-10T03:30:00-04:00");
    assert_eq!(results[2].as_object().unwrap().len(), 2);
}

#[tokio::test]
async fn an_unknown_name_is_refused_with_the_one_meant_and_the_list() {
    let reply = get("/api/timestamp/convert?timestamp=1700000000&fields=iso,timezon").await;
    reply.assert_error(400, 40000, "bad_request");
    let data = reply.data();
    assert_eq!((data["param"].as_str(), data["suggestion"].as_str()), (Some("fields"), Some("timezone")));
    let message = reply.body["message"].as_str().unwrap();
    assert!(message.starts_with("unknown field \"timezon\" in fields: did you mean timezone?"), "{message}");
    assert!(message.contains("timestamp, precision, precision_detected, iso"), "{message}");
    // A name another answer has: current has no input.
    let reply = get("/api/timestamp/current?fields=input").await;
    reply.assert_error(400, 40000, "bad_request");
    assert!(reply.data().get("suggestion").is_none_or(Value::is_null));
    // An empty name, and an empty list.
    for fields in ["iso,,zone", ""] {
        let reply = post_json("/api/timestamp/format", json!({"timestamp": 0, "fields": fields})).await;
        reply.assert_error(400, 40000, "bad_request");
        assert!(reply.body["message"].as_str().unwrap().starts_with("fields has an empty name"));
    }
    // Not a string in a JSON body.
    post_json("/api/timestamp/add", json!({"timestamp": 0, "duration": "P1D", "fields": ["iso"]})).await.assert_error(
        400,
        40000,
        "bad_request",
    );
}

#[tokio::test]
async fn plain_text_has_the_lines_of_the_fields_asked_for() {
    let reply = get("/api/timestamp/current.txt?timezone=Asia/Tokyo&fields=timezone,calendar").await;
    assert_eq!(reply.status, 200);
    let text = reply.body.as_str().unwrap();
    let keys: Vec<&str> = text.lines().map(|line| line.split(':').next().unwrap()).collect();
    assert_eq!(
        keys,
        [
            "calendar.day_of_year",
            "calendar.days_in_month",
            "calendar.iso_week",
            "calendar.leap_year",
            "calendar.quarter",
            "calendar.weekday",
            "calendar.weekday_number",
            "timezone"
        ],
        "{text}"
    );
    let reply = get("/api/timestamp/convert.txt?timestamp=1700000000&fields=iso").await;
    assert_eq!(reply.body.as_str(), Some("iso: 2023-11-14T22:13:20.000Z\n"));
}
