//! Plain-text answers, for shells, microcontrollers and status
//! bars: asked with `Accept: text/plain` or a path ending in `.txt`
//! (`/api/timestamp/current.txt`). The envelope's `data` becomes the one
//! value asked for (`formatted`, when a `format` was asked; one line per
//! item of a batch), else `key: value` lines of its fields in the order of
//! their names (nested fields as `zone.name`, list items as
//! `results.0.iso`); an error becomes
//! `error: <kind>: <message>`, with the same HTTP status.
//!
//! The answer is made as JSON, as always, then written anew as text by the
//! request context ([`super::middleware`]), which asks [`wanted`] of each
//! request: one path check and one header lookup. No handler knows of it.

use std::fmt::Write as _;
use std::future::Future;
use std::task::Context;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use http_body_util::BodyExt;
use serde_json::Value;

use super::envelope::JSON;

/// The media type of a plain-text answer.
pub const TEXT: &str = "text/plain; charset=utf-8";

/// The suffix of a path that asks for plain text.
pub const SUFFIX: &str = ".txt";

/// Whether `request` asks for plain text: its path ends in `.txt`, or the
/// first media type its `Accept` lists is `text/plain`.
pub fn wanted(request: &Request) -> bool {
    request.uri().path().ends_with(SUFFIX)
        || request.headers().get(header::ACCEPT).is_some_and(|accept| {
            let first = accept.as_bytes().split(|&b| b == b',').next().unwrap_or_default();
            let media = first.split(|&b| b == b';').next().unwrap_or_default().trim_ascii();
            media.eq_ignore_ascii_case(b"text/plain")
        })
}

/// `response` written as plain text, when it is one of the API's JSON
/// envelopes (other answers, such as the playground's page, are left as
/// they are). Every envelope's body is whole in memory: it is read here
/// without waiting.
pub fn answer(response: Response, cx: &mut Context<'_>) -> Response {
    if response.headers().get(header::CONTENT_TYPE).is_none_or(|kind| kind != JSON) {
        return response;
    }
    let (mut parts, mut body) = response.into_parts();
    let mut bytes = Vec::new();
    loop {
        match std::pin::pin!(body.frame()).poll(cx) {
            std::task::Poll::Ready(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data() {
                    bytes.extend_from_slice(&data);
                }
            }
            std::task::Poll::Ready(None) => break,
            // Never so for an envelope; the JSON read so far is sent as it was.
            _ => return Response::from_parts(parts, Body::from(bytes)),
        }
    }
    let Ok(envelope) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(TEXT));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(Bytes::from(text(&envelope))))
}

/// The plain text of an envelope.
pub(super) fn text(envelope: &Value) -> String {
    let data = &envelope["data"];
    let mut out = String::new();
    if envelope["code"].as_u64() != Some(0) {
        let message = envelope["message"].as_str().unwrap_or_default();
        let _ = writeln!(out, "error: {}: {message}", data["error"].as_str().unwrap_or("error"));
        return out;
    }
    match (&data["formatted"], &data["results"]) {
        (Value::String(formatted), _) => {
            let _ = writeln!(out, "{formatted}");
        }
        (_, Value::Array(results)) if results.iter().any(|item| item["formatted"].is_string()) => {
            for item in results {
                match (&item["formatted"], &item["error"]) {
                    (Value::String(formatted), _) => {
                        let _ = writeln!(out, "{formatted}");
                    }
                    (_, error) => {
                        let kind = error["error"].as_str().unwrap_or("error");
                        let _ = writeln!(out, "error: {kind}: {}", error["message"].as_str().unwrap_or_default());
                    }
                }
            }
        }
        _ => lines(&mut out, "", data),
    }
    out
}

/// `key: value` lines of `value`'s fields, nested ones under `prefix`.
fn lines(out: &mut String, prefix: &str, value: &Value) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                let key = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                lines(out, &key, field);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                lines(out, &format!("{prefix}.{index}"), item);
            }
        }
        scalar => {
            let _ = match scalar {
                Value::String(text) => writeln!(out, "{prefix}: {text}"),
                Value::Null => writeln!(out, "{prefix}:"),
                other => writeln!(out, "{prefix}: {other}"),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_envelope_becomes_lines_one_value_or_an_error() {
        let ok = serde_json::json!({"code": 0, "message": "ok", "data": {
            "timestamp": 1700000000, "zone": {"name": "UTC", "dst": false, "next_transition": null}, "list": [1, "a"]
        }});
        // Fields in the order of their names, as worldtimeapi's `.txt` answers.
        assert_eq!(
            text(&ok),
            "list.0: 1\nlist.1: a\ntimestamp: 1700000000\nzone.dst: false\nzone.name: UTC\nzone.next_transition:\n"
        );
        let formatted = serde_json::json!({"code": 0, "message": "ok", "data": {"iso": "x", "formatted": "<t:1:R>"}});
        assert_eq!(text(&formatted), "<t:1:R>\n");
        let batch = serde_json::json!({"code": 0, "message": "ok", "data": {"count": 2, "failed": 1, "results": [
            {"formatted": "2023-11-14T22:13:20Z"},
            {"error": {"code": 40002, "message": "no", "error": "invalid_timestamp"}}
        ]}});
        assert_eq!(text(&batch), "2023-11-14T22:13:20Z\nerror: invalid_timestamp: no\n");
        let error =
            serde_json::json!({"code": 40002, "message": "\"abc\" is not", "data": {"error": "invalid_timestamp"}});
        assert_eq!(text(&error), "error: invalid_timestamp: \"abc\" is not\n");
    }
}
