//! Plain text: every endpoint, asked both ways (`Accept:
//! text/plain` and the path plus `.txt`), under `/api` and `/api/v1`; the
//! text held to the JSON answer of the same request (its `data` flattened
//! here, on its own), errors included, with the same status.

use axum::body::Body;
use axum::http::Request;
use serde_json::Value;

use crate::helpers::send;

/// The plain-text lines, written here from the JSON `data`:
/// `key: value`, nested keys joined with `.`, in the order of their names.
fn flattened(prefix: &str, value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            let mut keys: Vec<&String> = fields.keys().collect();
            keys.sort();
            for key in keys {
                let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                flattened(&path, &fields[key], out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                flattened(&format!("{prefix}.{i}"), item, out);
            }
        }
        Value::String(text) => out.push(format!("{prefix}: {text}")),
        Value::Null => out.push(format!("{prefix}:")),
        other => out.push(format!("{prefix}: {other}")),
    }
}

/// The JSON answer and the text answers (by `Accept` and by `.txt`) of one
/// request: (status, JSON body), then each text's (status, content type, body).
async fn both(method: &str, path: &str, query: &str, body: Option<&Value>) -> (u16, Value, Vec<(u16, String, String)>) {
    let request = |path: String, accept: Option<&str>| {
        let mut builder = Request::builder().method(method).uri(format!("{path}{query}"));
        if let Some(accept) = accept {
            builder = builder.header("accept", accept);
        }
        match body {
            Some(body) => {
                builder.header("content-type", "application/json").body(Body::from(body.to_string())).unwrap()
            }
            None => builder.body(Body::empty()).unwrap(),
        }
    };
    let json = send(request(path.to_owned(), None)).await;
    let mut texts = Vec::new();
    for (path, accept) in [(path.to_owned(), Some("text/plain")), (format!("{path}.txt"), None)] {
        let reply = send(request(path, accept)).await;
        let kind = reply.headers.get("content-type").map(|t| t.to_str().unwrap().to_owned()).unwrap_or_default();
        texts.push((reply.status.as_u16(), kind, reply.body.as_str().unwrap_or_default().to_owned()));
    }
    (json.status.as_u16(), json.body, texts)
}

#[tokio::test]
async fn every_endpoint_answers_in_plain_text_both_ways() {
    let cases: Vec<(&str, &str, &str, Option<Value>)> = vec![
        ("GET", "/api/timestamp/current", "?timezone=Europe/Berlin", None),
        ("GET", "/api/timestamp/convert", "?timestamp=1700000000&timezone=America/New_York", None),
        ("POST", "/api/timestamp/convert", "", Some(serde_json::json!({"timestamp": "1700000000123456789"}))),
        ("GET", "/api/timestamp/validate", "?timestamp=2023-11-14T22:13:20Z", None),
        ("GET", "/api/timestamp/format", "?timestamp=1700000000&locale=de", None),
        ("GET", "/api/timestamp/add", "?timestamp=1700000000&duration=P1M", None),
        ("GET", "/api/timestamp/round", "?timestamp=1700000000&unit=day&timezone=Asia/Tokyo", None),
        ("GET", "/api/timestamp/diff", "?from=1700000000&to=1800000000", None),
        ("GET", "/api/timezones", "?q=berlin", None),
        ("GET", "/api/timezones/Europe/Berlin/transitions", "?count=2&from=2024-01-01T00:00:00Z", None),
        ("GET", "/api/locales", "", None),
        ("GET", "/api/v1/timestamp/convert", "?timestamp=1700000000", None),
        (
            "POST",
            "/api/timestamp/convert",
            "",
            Some(serde_json::json!({"timestamps": [1700000000, "2023-11-14T22:13:20Z"]})),
        ),
    ];
    for (method, path, query, body) in cases {
        let (status, json, texts) = both(method, path, query, body.as_ref()).await;
        assert_eq!(status, 200, "{method} {path}{query}: {json}");
        let mut expected = Vec::new();
        flattened("", &json["data"], &mut expected);
        let expected = expected.iter().map(|line| format!("{line}\n")).collect::<String>();
        for (text_status, kind, text) in texts {
            assert_eq!((text_status, kind.as_str()), (200, "text/plain; charset=utf-8"), "{method} {path}{query}");
            assert_eq!(text, expected, "{method} {path}{query}");
        }
    }
}

#[tokio::test]
async fn a_format_is_the_one_value_and_a_batch_one_line_an_item() {
    let (_, json, texts) =
        both("GET", "/api/timestamp/format", "?timestamp=1700000000&format=discord&style=R", None).await;
    for (_, _, text) in &texts {
        assert_eq!(text, &format!("{}\n", json["data"]["formatted"].as_str().unwrap()));
    }
    let (_, json, texts) =
        both("GET", "/api/timestamp/add", "?timestamp=1700000000&duration=PT1H&format=unix", None).await;
    assert_eq!(texts[1].2, format!("{}\n", json["data"]["formatted"].as_str().unwrap()));
    let batch = serde_json::json!({"timestamps": [1700000000, "nope", 1700000000123u64], "format": "rfc3339", "timezone": "Europe/Berlin"});
    let (_, json, texts) = both("POST", "/api/timestamp/format", "", Some(&batch)).await;
    let message = json["data"]["results"][1]["error"]["message"].as_str().unwrap();
    for (status, _, text) in texts {
        assert_eq!(status, 200);
        assert_eq!(
            text,
            format!("2023-11-14T23:13:20+01:00\nerror: invalid_timestamp: {message}\n2023-11-14T23:13:20.123+01:00\n")
        );
    }
}

#[tokio::test]
async fn errors_are_one_line_with_the_same_status() {
    for (method, path, query, status) in [
        ("GET", "/api/timestamp/convert", "?timestamp=abc", 400),
        ("GET", "/api/timestamp/convert", "", 400),
        ("GET", "/api/timestamp/convert", "?timestamp=1&timezone=Mars/Base", 400),
        ("GET", "/api/timezones/Mars/Base/transitions", "", 400),
        ("GET", "/api/timezones/Europe/Berlin/nothing", "", 404),
        ("GET", "/api/nothing/here", "", 404),
        ("DELETE", "/api/timestamp/convert", "", 405),
    ] {
        let (json_status, json, texts) = both(method, path, query, None).await;
        assert_eq!(json_status, status, "{path}{query}: {json}");
        let line =
            format!("error: {}: {}\n", json["data"]["error"].as_str().unwrap(), json["message"].as_str().unwrap());
        // A message that names the path names the one asked for, `.txt` too.
        let lines = [line.clone(), line.replacen(path, &format!("{path}.txt"), 1)];
        for ((text_status, kind, text), line) in texts.into_iter().zip(lines) {
            assert_eq!((text_status, kind.as_str()), (status, "text/plain; charset=utf-8"), "{method} {path}{query}");
            assert_eq!(text, line, "{method} {path}{query}");
        }
    }
}

#[tokio::test]
async fn other_accept_headers_get_json() {
    for accept in
        ["*/*", "application/json", "text/html,application/xhtml+xml,*/*;q=0.8", "application/json, text/plain"]
    {
        let request = Request::get("/api/timestamp/convert?timestamp=1700000000").header("accept", accept);
        let reply = send(request.body(Body::empty()).unwrap()).await;
        assert_eq!(reply.headers["content-type"], "application/json; charset=utf-8", "{accept}");
    }
    let reply = send(
        Request::get("/api/timestamp/convert?timestamp=1")
            .header("accept", "Text/Plain; q=1")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(reply.headers["content-type"], "text/plain; charset=utf-8");
}
