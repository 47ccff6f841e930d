//! The whole router: arbitrary method, path, query, headers and body through
//! `app().oneshot`. Invariants: no panic, no 5xx, and every answer from the
//! API is a JSON envelope with `code`, `message` and `data`.
#![no_main]

use std::sync::LazyLock;

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;
use tsconv::http::{AppState, app};

static RUNTIME: LazyLock<tokio::runtime::Runtime> =
    LazyLock::new(|| tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime"));
static ROUTER: LazyLock<axum::Router> = LazyLock::new(|| app(AppState::default()));

const METHODS: &[&str] = &["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"];
const PATHS: &[&str] = &[
    "/api/timestamp/convert",
    "/api/timestamp/format",
    "/api/timestamp/validate",
    "/api/timestamp/current",
    "/api/timezones",
    "/api/v1/timestamp/convert",
    "/healthz",
    "/readyz",
    "/nope",
];
const TYPES: &[&str] =
    &["application/json", "application/x-www-form-urlencoded", "text/plain", "", "application/vnd.x+json"];

fuzz_target!(|data: &[u8]| {
    let [m, p, t, split, rest @ ..] = data else { return };
    let split = (*split as usize).min(rest.len());
    let (query, body) = rest.split_at(split);
    let path = PATHS[*p as usize % PATHS.len()];
    let query: String =
        query.iter().map(|b| if b.is_ascii_graphic() && *b != b'#' { *b as char } else { '&' }).collect();
    let uri = if query.is_empty() { path.to_owned() } else { format!("{path}?{query}") };
    let mut builder = Request::builder().method(METHODS[*m as usize % METHODS.len()]).uri(&uri);
    let content_type = TYPES[*t as usize % TYPES.len()];
    if !content_type.is_empty() {
        builder = builder.header("content-type", content_type);
    }
    let Ok(request) = builder.body(Body::from(body.to_vec())) else { return };
    RUNTIME.block_on(async {
        let response = ROUTER.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        assert!(status.as_u16() < 500, "{status} for {uri}");
        let is_json =
            response.headers().get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        if path.starts_with("/api/") || path == "/nope" {
            assert!(is_json || bytes.is_empty(), "{uri}: not JSON");
            if !bytes.is_empty() {
                let envelope: serde_json::Value = serde_json::from_slice(&bytes).expect("a JSON body");
                assert!(
                    envelope["code"].is_u64() && envelope["message"].is_string() && envelope.get("data").is_some(),
                    "{uri}: {envelope}"
                );
            }
        }
    });
});
