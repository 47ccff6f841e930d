//! CORS: pages on other origins may call the API from a browser (any origin
//! by default: the API uses no cookies; `--cors-origins` restricts), and a
//! request without `Origin` (every program that is no browser) gets no
//! CORS headers.

use axum::body::Body;
use axum::http::{Method, Request};
use tsconv::config::CorsOrigins;
use tsconv::http::AppState;
use tsconv::http::access::keys::generate;

use crate::helpers::{Server, run_e2e, state};

async fn send(state: AppState, request: Request<Body>) -> axum::http::Response<Body> {
    use tower::ServiceExt as _;
    tsconv::http::app(state).oneshot(request).await.unwrap()
}

fn header<'a>(response: &'a axum::http::Response<Body>, name: &str) -> Option<&'a str> {
    response.headers().get(name).map(|value| value.to_str().unwrap())
}

fn preflight(path: &str, origin: &str) -> Request<Body> {
    Request::builder()
        .method(Method::OPTIONS)
        .uri(path)
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type,x-api-key")
        .body(Body::empty())
        .unwrap()
}

#[tokio::test]
async fn any_origin_may_call_every_api_route() {
    for path in ["/api/timestamp/convert", "/api/v1/schedule", "/mcp", "/openapi.json"] {
        let answer = send(state(), preflight(path, "https://app.example.com")).await;
        assert!(answer.status().is_success(), "{path}: {}", answer.status());
        assert_eq!(header(&answer, "access-control-allow-origin"), Some("*"), "{path}");
        let methods = header(&answer, "access-control-allow-methods").unwrap();
        assert!(methods.contains("POST") && methods.contains("GET"), "{methods}");
        let headers = header(&answer, "access-control-allow-headers").unwrap();
        assert!(headers.contains("x-api-key") && headers.contains("content-type"), "{headers}");
        assert_eq!(header(&answer, "access-control-max-age"), Some("86400"));
    }
    let get = Request::get("/api/timestamp/current").header("origin", "https://app.example.com").body(Body::empty());
    let answer = send(state(), get.unwrap()).await;
    assert_eq!(answer.status(), 200);
    assert_eq!(header(&answer, "access-control-allow-origin"), Some("*"));
    let exposed = header(&answer, "access-control-expose-headers").unwrap();
    assert!(exposed.contains("x-request-id") && exposed.contains("ratelimit-remaining"), "{exposed}");
    // No Origin, no CORS headers: programs that are no browser pay nothing.
    let plain = send(state(), Request::get("/api/timestamp/current").body(Body::empty()).unwrap()).await;
    assert!(plain.headers().keys().all(|name| !name.as_str().starts_with("access-control-")));
}

#[tokio::test]
async fn a_preflight_needs_no_key_and_a_refusal_carries_cors_headers() {
    let folder = std::env::temp_dir().join(format!("tsconv-cors-keys-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (_, line) = generate(Some("page")).unwrap();
    std::fs::write(folder.join("keys"), format!("{line}\n")).unwrap();
    let keys = tsconv::http::access::keys::Keys::open(&folder.join("keys")).unwrap();
    let keyed = AppState { keys: Some(std::sync::Arc::new(keys)), ..state() };
    let answer = send(keyed.clone(), preflight("/api/timestamp/convert", "https://app.example.com")).await;
    assert!(answer.status().is_success(), "{}", answer.status());
    let get = Request::get("/api/timestamp/current").header("origin", "https://app.example.com").body(Body::empty());
    let refused = send(keyed, get.unwrap()).await;
    assert_eq!(refused.status(), 401);
    assert_eq!(header(&refused, "access-control-allow-origin"), Some("*"));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[tokio::test]
async fn listed_origins_are_answered_with_themselves_and_others_not_at_all() {
    let origins = CorsOrigins::parse("https://app.example.com, http://localhost:3000").unwrap();
    let restricted = AppState { cors: Box::leak(Box::new(origins)), ..state() };
    let allowed = send(restricted.clone(), preflight("/api/timestamp/convert", "http://localhost:3000")).await;
    assert_eq!(header(&allowed, "access-control-allow-origin"), Some("http://localhost:3000"));
    assert!(header(&allowed, "vary").is_some_and(|vary| vary.contains("origin")));
    let other = send(restricted, preflight("/api/timestamp/convert", "https://evil.example")).await;
    assert_eq!(header(&other, "access-control-allow-origin"), None);
}

#[test]
fn the_origins_option_reads_any_or_a_list_and_refuses_the_rest() {
    assert_eq!(CorsOrigins::parse("*"), Ok(CorsOrigins::Any));
    assert_eq!(
        CorsOrigins::parse("https://A.example.com,http://localhost:3000"),
        Ok(CorsOrigins::List(vec!["https://a.example.com".into(), "http://localhost:3000".into()]))
    );
    for bad in ["", "ftp://a.example", "https://a.example/path", "a.example.com", "https://", "http://x:port"] {
        assert!(CorsOrigins::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs Chromium and playwright-core: ./scripts/test installs it and runs this"
)]
fn a_page_on_another_origin_calls_the_api_in_chromium() {
    let folder = std::env::temp_dir().join(format!("tsconv-cors-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (key, line) = generate(Some("page")).unwrap();
    std::fs::write(folder.join("keys"), format!("{line}\n")).unwrap();
    let keys = folder.join("keys");
    let open = Server::start(&["--rate-limit", "0", "--api-keys-file", keys.to_str().unwrap()]);
    let restricted = Server::start(&["--rate-limit", "0", "--cors-origins", "https://app.example.com"]);
    let args = [format!("http://{}", open.addr), format!("http://{}", restricted.addr), key];
    run_e2e("cors.cjs", &args, vec![open, restricted]);
    std::fs::remove_dir_all(&folder).unwrap();
}
