//! worldtimeapi.org's and timeapi.io's routes: the bodies those services
//! sent (`data/compat.json`), answered again at the same instant, zone and
//! client address; their errors; their paths in any case.

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use jiff::Timestamp;
use serde_json::Value;
use tower::ServiceExt;
use tsconv::http::{AppState, Clock, app};

use crate::helpers::state;

const FIXTURES: &str = include_str!("data/compat.json");

fn at(instant: &str) -> AppState {
    let instant: Timestamp = instant.parse().unwrap();
    AppState { clock: Clock::Fixed(instant), trust_proxy: true, ..AppState::default() }
}

/// Status, content type and body of one request.
async fn call(state: AppState, request: Request<Body>) -> (u16, String, String) {
    let response = app(state).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").map(|value| value.to_str().unwrap().to_owned()).unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, content_type, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn get(state: AppState, path: &str) -> (u16, String, String) {
    call(state, Request::get(path).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn worldtimeapi_answers_what_it_sent() {
    let fixtures: Value = serde_json::from_str(FIXTURES).unwrap();
    for case in fixtures["worldtimeapi"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let request = Request::get(path)
            .header("x-forwarded-for", case["client_ip"].as_str().unwrap())
            .body(Body::empty())
            .unwrap();
        let (status, content_type, body) = call(at(case["instant"].as_str().unwrap()), request).await;
        assert_eq!(u64::from(status), case["status"].as_u64().unwrap_or(200), "{path}");
        assert_eq!(content_type, case["content_type"].as_str().unwrap(), "{path}");
        assert_eq!(body, case["body"].as_str().unwrap(), "{path}: {}", case["source"]);
    }
}

#[tokio::test]
async fn timeapi_answers_what_it_sent() {
    let fixtures: Value = serde_json::from_str(FIXTURES).unwrap();
    for case in fixtures["timeapi"].as_array().unwrap() {
        let path = case["path"].as_str().unwrap();
        let request = match case.get("post") {
            Some(body) => Request::post(path)
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
            None => Request::get(path).body(Body::empty()).unwrap(),
        };
        let (status, content_type, body) = call(at(case["instant"].as_str().unwrap()), request).await;
        assert_eq!((status, content_type.as_str()), (200, "application/json; charset=utf-8"), "{path}: {body}");
        let answer: Value = serde_json::from_str(&body).unwrap();
        // The same bytes: the same keys in the same order, numbers as .NET writes them.
        if let Some(expected) = case["body"].as_str() {
            assert_eq!(body, expected, "{path}: {}", case["source"]);
        }
        for (key, expected) in case.get("fields").and_then(Value::as_object).into_iter().flatten() {
            assert_eq!(&answer[key], expected, "{path}: {key}");
        }
        for (key, expected) in case.get("result").and_then(Value::as_object).into_iter().flatten() {
            assert_eq!(&answer["conversionResult"][key], expected, "{path}: conversionResult.{key}");
        }
    }
}

#[tokio::test]
async fn worldtimeapi_lists_zones_and_areas_and_says_what_it_does_not_know() {
    let (status, _, body) = get(state(), "/api/timezone").await;
    let zones: Vec<String> = serde_json::from_str(&body).unwrap();
    assert_eq!(status, 200);
    assert!(zones.contains(&"Europe/London".to_owned()) && zones.contains(&"EST".to_owned()));
    assert!(zones.is_sorted() && zones.iter().all(|zone| !zone.starts_with("posix/")));
    let (_, content_type, text) = get(state(), "/api/timezone.txt").await;
    assert_eq!(content_type, "text/plain; charset=utf-8");
    assert_eq!(text.lines().collect::<Vec<_>>(), zones);
    assert!(!text.ends_with('\n'));
    // An area lists its zones; an area that is a zone answers its time.
    let (_, _, body) = get(state(), "/api/timezone/Europe").await;
    let europe: Vec<String> = serde_json::from_str(&body).unwrap();
    assert!(europe.contains(&"Europe/Lisbon".to_owned()) && europe.iter().all(|zone| zone.starts_with("Europe/")));
    let (_, _, body) = get(state(), "/api/timezone/America/Argentina/Salta").await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["timezone"], "America/Argentina/Salta");
    let (_, _, body) = get(state(), "/api/timezone/UTC").await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["utc_offset"], "+00:00");
    for unknown in ["/api/timezone/Mars", "/api/timezone/Europe/Atlantis", "/api/timezone/Europe/Atlantis.txt"] {
        let (status, content_type, body) = get(state(), unknown).await;
        assert_eq!(status, 404, "{unknown}");
        if unknown.ends_with(".txt") {
            assert_eq!(
                (content_type.as_str(), body.as_str()),
                ("text/plain; charset=utf-8", "Error: unknown location")
            );
        } else {
            assert_eq!(body, r#"{"error":"unknown location"}"#);
        }
    }
}

#[tokio::test]
async fn worldtimeapi_fields_have_its_types_in_every_zone() {
    // worldtimeapi's DateTimeJsonResponse (its OpenAPI document, 20210108):
    // each field's JSON type; dst_from and dst_until a string or null.
    let types = [
        ("abbreviation", "string"),
        ("client_ip", "string"),
        ("datetime", "string"),
        ("day_of_week", "integer"),
        ("day_of_year", "integer"),
        ("dst", "boolean"),
        ("dst_from", "string|null"),
        ("dst_offset", "integer"),
        ("dst_until", "string|null"),
        ("raw_offset", "integer"),
        ("timezone", "string"),
        ("unixtime", "integer"),
        ("utc_datetime", "string"),
        ("utc_offset", "string"),
        ("week_number", "integer"),
    ];
    let kind = |value: &Value| match value {
        Value::String(_) => "string",
        Value::Number(n) if n.is_i64() => "integer",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
        _ => "other",
    };
    for zone in [
        "Europe/Berlin",
        "Australia/Lord_Howe",
        "America/Santiago",
        "Asia/Kathmandu",
        "Etc/GMT-14",
        "Africa/Casablanca",
    ] {
        for instant in ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"] {
            let (_, _, body) = get(at(instant), &format!("/api/timezone/{zone}")).await;
            let answer: Value = serde_json::from_str(&body).unwrap();
            let keys: Vec<&String> = answer.as_object().unwrap().keys().collect();
            assert_eq!(keys, types.iter().map(|(key, _)| key).collect::<Vec<_>>(), "{zone}");
            for (key, expected) in types {
                assert!(
                    expected.split('|').any(|t| t == kind(&answer[key])),
                    "{zone} {instant}: {key} = {}",
                    answer[key]
                );
            }
            // The offsets add up, and dst's fields agree with dst.
            let offset = answer["raw_offset"].as_i64().unwrap() + answer["dst_offset"].as_i64().unwrap();
            let utc_offset = answer["utc_offset"].as_str().unwrap();
            let sign = if utc_offset.starts_with('-') { -1 } else { 1 };
            let (hours, minutes) = (&utc_offset[1..3], &utc_offset[4..6]);
            assert_eq!(
                offset,
                sign * (hours.parse::<i64>().unwrap() * 3600 + minutes.parse::<i64>().unwrap() * 60),
                "{zone}"
            );
            assert_eq!(answer["dst"].as_bool().unwrap(), answer["dst_from"].is_string(), "{zone} {instant}");
        }
    }
}

#[tokio::test]
async fn the_client_address_is_the_peer_or_behind_a_trusted_proxy_the_forwarded_one() {
    let forwarded = |state| {
        let request =
            Request::get("/api/timezone/UTC").header("x-forwarded-for", "203.0.113.9").body(Body::empty()).unwrap();
        call(state, request)
    };
    let (_, _, body) = forwarded(at("2026-01-01T00:00:00Z")).await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["client_ip"], "203.0.113.9");
    // Without --trust-proxy the header is not believed; in-process there is
    // no peer to state.
    let (_, _, body) = forwarded(state()).await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["client_ip"], "unknown");
}

#[tokio::test]
async fn timeapi_paths_match_in_any_case_and_refusals_are_400_with_the_reason() {
    for path in [
        "/api/Time/current/zone?timeZone=Europe/Amsterdam",
        "/api/time/current/zone?timezone=europe/amsterdam",
        "/api/TimeZone/zone?timeZone=Europe/Amsterdam",
        "/api/timezone/zone?timeZone=Europe/Amsterdam",
        "/api/TimeZone/AvailableTimeZones",
        "/api/timezone/availabletimezones",
        "/api/Conversion/DayOfTheWeek/2021-03-14",
        "/api/conversion/dayoftheweek/2021-03-14",
    ] {
        let (status, _, body) = get(state(), path).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    for (path, words) in [
        ("/api/Time/current/zone?timeZone=Mars/Olympus", "Invalid timeZone"),
        ("/api/Time/current/zone", "timeZone is required"),
        ("/api/Time/current/coordinate?latitude=91&longitude=0", "latitude must be between -90 and 90"),
        ("/api/Time/current/coordinate?latitude=north&longitude=0", "latitude must be a number"),
        ("/api/TimeZone/coordinate?latitude=10", "longitude is missing"),
        ("/api/Time/current/ip?ipAddress=999.1.1.1", "Invalid ipAddress"),
        ("/api/Conversion/DayOfTheWeek/2021-02-30", "yyyy-MM-dd"),
    ] {
        let (status, content_type, body) = get(state(), path).await;
        assert_eq!((status, content_type.as_str()), (400, "text/plain; charset=utf-8"), "{path}");
        assert!(body.contains(words), "{path}: {body}");
    }
}

#[tokio::test]
async fn timeapi_calculations_count_on_the_wall_clock_and_ask_about_ambiguous_times() {
    let post = |path: &str, body: Value| {
        let request = Request::post(path).header("content-type", "application/json").body(Body::from(body.to_string()));
        call(at("2021-10-22T19:00:00Z"), request.unwrap())
    };
    let (status, _, body) = post(
        "/api/Calculation/custom/increment",
        serde_json::json!({"timeZone": "Europe/Amsterdam", "dateTime": "2021-10-22 21:00:00", "timeSpan": "16:03:45:17", "dstAmbiguity": ""}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["calculationResult"]["dateTime"], "2021-11-08T00:45:17");
    assert_eq!(answer["originalDateTime"], "2021-10-22T21:00:00");
    // Now (21:00 in Amsterdam) less ten days.
    let (_, _, body) = post(
        "/api/calculation/current/decrement",
        serde_json::json!({"timeZone": "Europe/Amsterdam", "timeSpan": "10:00:00:00"}),
    )
    .await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["calculationResult"]["dateTime"], "2021-10-12T21:00:00");
    // 02:30 on 31 October happens twice in Amsterdam.
    let fold = serde_json::json!({"timeZone": "Europe/Amsterdam", "dateTime": "2021-10-30 02:30:00", "timeSpan": "1:00:00:00", "dstAmbiguity": ""});
    let (status, _, body) = post("/api/Calculation/custom/increment", fold.clone()).await;
    assert_eq!(status, 400);
    assert!(body.contains("dstAmbiguity"), "{body}");
    let mut later = fold;
    later["dstAmbiguity"] = "later".into();
    let (status, _, body) = post("/api/Calculation/custom/increment", later).await;
    assert_eq!(status, 200);
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["calculationResult"]["dstActive"], false);
    let (status, _, body) = post(
        "/api/Calculation/custom/increment",
        serde_json::json!({"timeZone": "Europe/Amsterdam", "timeSpan": "1:00:00:00"}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn timeapi_health_check_is_healthy() {
    assert_eq!(
        get(state(), "/api/health/check").await,
        (200, "text/plain; charset=utf-8".to_owned(), "Healthy".to_owned())
    );
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the worldtimeapi clients from PyPI: ./scripts/test installs them into target/venv-st and runs this"
)]
fn clients_written_for_worldtimeapi_read_every_field_from_tsconv() {
    use std::path::{Path, PathBuf};
    let root = env!("CARGO_MANIFEST_DIR");
    let venv = std::env::var_os("TSCONV_VENV").map_or_else(|| Path::new(root).join("target/venv-st"), PathBuf::from);
    let server = crate::helpers::Server::start(&["--rate-limit", "0"]);
    let output = std::process::Command::new(venv.join("bin/python"))
        .arg(Path::new(root).join("tests/api/worldtimeapi_clients.py"))
        .arg(format!("http://{}", server.addr))
        .output()
        .expect("the test venv's python (./scripts/test makes it)");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("world-time-api: Europe/London, 15 fields read"), "{report}");
    assert!(report.contains("worldtimepy: Asia/Tokyo parsed, +09:00"), "{report}");
    assert!(report.contains("worldtimepy: /api/ip/ answers UTC"), "{report}");
}
