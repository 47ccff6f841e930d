//! API keys, rate limits (in memory and shared through a real Redis),
//! timeouts, slow clients, metrics, logs, reload and graceful shutdown.

use std::num::NonZeroU32;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use axum::routing::get as get_route;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;
use tsconv::config::Config;
use tsconv::http::access::keys::{KeySet, Keys, generate};
use tsconv::http::access::ratelimit::{Limiter, Limits};
use tsconv::http::{AppState, app};

use crate::helpers::{Redis, Reply, Server, free_port, raw_exchange, spawn_app_with};

fn limits(rate: u32, burst: u32) -> Limits {
    Limits { rate: NonZeroU32::new(rate).unwrap(), burst: NonZeroU32::new(burst).unwrap() }
}

async fn call(state: &AppState, request: Request<Body>) -> Reply {
    send(app(state.clone()), request).await
}

/// `request` answered by `router` (built once by a test that sends many:
/// building the whole router takes about a quarter of a second in a test build).
async fn send(router: Router, request: Request<Body>) -> Reply {
    let response = router.oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    // API answers are JSON; /metrics is text.
    let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    Reply { status, headers, body }
}

fn get(uri: &str) -> Request<Body> {
    Request::get(uri).body(Body::empty()).unwrap()
}

fn from_client(uri: &str, client: &str) -> Request<Body> {
    Request::get(uri).header("x-forwarded-for", client).body(Body::empty()).unwrap()
}

const CONVERT: &str = "/api/timestamp/convert?timestamp=1700000000";

fn keyed_state() -> (AppState, String) {
    let (key, line) = generate(Some("tests")).unwrap();
    let keys = Keys::fixed(KeySet::parse(&line).unwrap());
    (AppState { keys: Some(Arc::new(keys)), ..AppState::default() }, key)
}

#[tokio::test]
async fn api_keys_guard_the_api_and_metrics_only() {
    let (state, key) = keyed_state();
    let missing = call(&state, get(CONVERT)).await;
    missing.assert_error(401, 40100, "unauthorized");
    assert_eq!(missing.headers["www-authenticate"], "Bearer");
    assert!(missing.body["message"].as_str().unwrap().contains("Authorization: Bearer"));
    let wrong =
        call(&state, Request::get(CONVERT).header("authorization", "Bearer tsk_nope").body(Body::empty()).unwrap())
            .await;
    wrong.assert_error(401, 40100, "unauthorized");
    let bearer = Request::get(CONVERT).header("authorization", format!("bearer {key}")).body(Body::empty()).unwrap();
    call(&state, bearer).await.assert_ok();
    let header = Request::get(CONVERT).header("x-api-key", key.as_str()).body(Body::empty()).unwrap();
    call(&state, header).await.assert_ok();
    for public in ["/healthz", "/readyz"] {
        call(&state, get(public)).await.assert_ok();
    }
    assert_eq!(call(&state, get("/metrics")).await.status, 401);
    let metrics = Request::get("/metrics").header("x-api-key", key.as_str()).body(Body::empty()).unwrap();
    assert_eq!(call(&state, metrics).await.status, 200);
}

/// Keys guard exactly the routes they are attached to: every operation of
/// the document under `/api` and `/metrics`, whatever its path; everything
/// else is open, and a path that matches no route is a 404 with or without
/// a key.
#[tokio::test]
async fn keys_guard_every_api_operation_and_nothing_else() {
    let (state, key) = keyed_state();
    let router = app(state.clone());
    let doc = serde_json::to_value(tsconv::http::openapi()).unwrap();
    let mut guarded = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let request = |key: Option<&str>| {
                let mut builder = Request::builder().method(method.to_uppercase().as_str()).uri(path.as_str());
                if let Some(key) = key {
                    builder = builder.header("x-api-key", key);
                }
                builder.header("content-type", "application/json").body(Body::from("{}")).unwrap()
            };
            let without = send(router.clone(), request(None)).await;
            if path.starts_with("/api/") || path == "/metrics" || path == "/mcp" {
                without.assert_error(401, 40100, "unauthorized");
                assert_ne!(send(router.clone(), request(Some(&key))).await.status, 401, "{method} {path}");
                guarded += 1;
            } else {
                assert_ne!(without.status, 401, "{method} {path} is open");
            }
        }
    }
    assert_eq!(
        guarded,
        2 * 23 + 2 + 20,
        "the API's operations, unversioned and under /api/v1, /mcp and /metrics, and the other APIs' 20 routes"
    );
    for unknown in ["/api/nope", "/api/v1/timestamp/nope", "/nope"] {
        send(router.clone(), get(unknown)).await.assert_error(404, 40400, "not_found");
    }
}

/// The bodies of the refusals of the access layer, pinned exactly.
#[tokio::test]
async fn access_error_bodies_are_pinned() {
    let mut pinned = Vec::new();
    let mut pin = |what: &str, reply: Reply| {
        let headers: serde_json::Map<String, Value> = ["www-authenticate", "retry-after", "ratelimit-remaining"]
            .into_iter()
            .filter_map(|name| Some((name.to_owned(), Value::from(reply.headers.get(name)?.to_str().ok()?))))
            .collect();
        pinned.push(
            serde_json::json!({"what": what, "status": reply.status.as_u16(), "headers": headers, "body": reply.body}),
        );
    };
    let (keyed, _) = keyed_state();
    pin("no key", call(&keyed, get(CONVERT)).await);
    let wrong = Request::get(CONVERT).header("x-api-key", "tsk_nope").body(Body::empty()).unwrap();
    pin("a wrong key", call(&keyed, wrong).await);
    let limited = AppState { limiter: Some(Arc::new(Limiter::in_memory(limits(1, 1)))), ..AppState::default() };
    call(&limited, get(CONVERT)).await.assert_ok();
    pin("over the rate limit", call(&limited, get(CONVERT)).await);
    let nowhere = format!("redis://127.0.0.1:{}/", free_port());
    let closed = redis_state(&nowhere, limits(1, 1), true).await;
    pin("the shared store down, failing closed", call(&closed, get(CONVERT)).await);
    insta::assert_snapshot!("access_error_bodies", serde_json::to_string_pretty(&pinned).unwrap());
}

#[tokio::test]
async fn memory_rate_limit_headers_and_429() {
    let state = AppState {
        limiter: Some(Arc::new(Limiter::in_memory(limits(1, 2)))),
        trust_proxy: true,
        ..AppState::default()
    };
    for remaining in ["1", "0"] {
        let reply = call(&state, from_client(CONVERT, "203.0.113.7")).await;
        reply.assert_ok();
        assert_eq!(reply.headers["ratelimit-limit"], "2");
        assert_eq!(reply.headers["ratelimit-remaining"], remaining);
        assert!(reply.headers["ratelimit-reset"].to_str().unwrap().parse::<u64>().unwrap() <= 2);
    }
    let limited = call(&state, from_client(CONVERT, "203.0.113.7")).await;
    limited.assert_error(429, 42900, "rate_limited");
    assert_eq!(limited.headers["retry-after"], "1");
    assert_eq!(limited.headers["ratelimit-remaining"], "0");
    // Another client has its own budget; the last X-Forwarded-For hop counts.
    call(&state, from_client(CONVERT, "198.51.100.1, 203.0.113.9")).await.assert_ok();
    // Health and metrics are not limited.
    for _ in 0..5 {
        assert_eq!(call(&state, from_client("/healthz", "203.0.113.7")).await.status, 200);
    }
}

#[tokio::test]
async fn x_forwarded_for_is_ignored_unless_trusted() {
    let state = AppState { limiter: Some(Arc::new(Limiter::in_memory(limits(1, 1)))), ..AppState::default() };
    call(&state, from_client(CONVERT, "203.0.113.1")).await.assert_ok();
    // Same peer (no proxy trusted), another claimed client: still limited.
    call(&state, from_client(CONVERT, "203.0.113.2")).await.assert_error(429, 42900, "rate_limited");
}

#[tokio::test]
async fn each_api_key_has_its_own_budget() {
    let (first, first_line) = generate(None).unwrap();
    let (second, second_line) = generate(None).unwrap();
    let keys = Keys::fixed(KeySet::parse(&format!("{first_line}\n{second_line}")).unwrap());
    let state = AppState {
        keys: Some(Arc::new(keys)),
        limiter: Some(Arc::new(Limiter::in_memory(limits(1, 1)))),
        ..AppState::default()
    };
    let with = |key: &str| Request::get(CONVERT).header("x-api-key", key).body(Body::empty()).unwrap();
    call(&state, with(&first)).await.assert_ok();
    call(&state, with(&first)).await.assert_error(429, 42900, "rate_limited");
    call(&state, with(&second)).await.assert_ok();
}

/// A replica's state, connected to Redis (where it is up) as `serve` does
/// before it takes its first request.
async fn redis_state(url: &str, limits: Limits, fail_closed: bool) -> AppState {
    let limiter = Limiter::redis(limits, url, fail_closed).unwrap();
    limiter.connect().await;
    AppState { limiter: Some(Arc::new(limiter)), trust_proxy: true, ..AppState::default() }
}

#[tokio::test]
#[cfg_attr(not(feature = "components"), ignore = "needs redis-server: ./scripts/test installs it and runs this")]
async fn two_replicas_share_one_budget_through_redis() {
    let redis = Redis::start();
    let replicas =
        [redis_state(&redis.url(), limits(1, 5), false).await, redis_state(&redis.url(), limits(1, 5), false).await];
    let mut allowed = 0;
    let started = std::time::Instant::now();
    for i in 0..12 {
        let reply = call(&replicas[i % 2], from_client(CONVERT, "192.0.2.10")).await;
        match reply.status.as_u16() {
            200 => allowed += 1,
            429 => assert!(reply.headers.contains_key("retry-after")),
            other => panic!("unexpected {other}: {}", reply.body),
        }
    }
    // One budget of 5, not two, plus the refills (one a second) of the time
    // the requests took: on a loaded machine that can be more than a second.
    let refills = started.elapsed().as_secs_f64().ceil() as usize;
    assert!(
        (5..=5 + refills).contains(&allowed),
        "{allowed} requests allowed in {:?}: one budget of 5, refilled once a second",
        started.elapsed()
    );
    call(&replicas[0], get("/readyz")).await.assert_ok();
}

#[tokio::test]
async fn redis_down_fails_open_or_closed() {
    let nowhere = format!("redis://127.0.0.1:{}/", free_port());
    let open = redis_state(&nowhere, limits(1, 1), false).await;
    for _ in 0..3 {
        call(&open, from_client(CONVERT, "192.0.2.20")).await.assert_ok();
    }
    call(&open, get("/readyz")).await.assert_error(503, 50300, "unavailable");
    let metrics = call(&open, get("/metrics")).await;
    assert_eq!(metrics.status, 200);
    let errors = metrics
        .body
        .as_str()
        .unwrap()
        .lines()
        .find_map(|line| line.strip_prefix("tsconv_rate_limit_store_errors_total ")?.parse::<f64>().ok());
    assert!(errors.is_some_and(|count| count >= 1.0), "store errors are counted: {errors:?}");
    let closed = redis_state(&nowhere, limits(1, 1), true).await;
    let reply = call(&closed, from_client(CONVERT, "192.0.2.21")).await;
    reply.assert_error(503, 50300, "unavailable");
    assert_eq!(reply.headers["retry-after"], "1", "a fail-closed 503 says when to retry");
    assert!(reply.body["message"].as_str().unwrap().contains("fails closed"));
}

#[tokio::test]
#[cfg_attr(not(feature = "components"), ignore = "needs redis-server: ./scripts/test installs it and runs this")]
async fn limits_resume_when_redis_comes_back() {
    let mut redis = Redis::start();
    let state = redis_state(&redis.url(), limits(1, 2), false).await;
    let client = "192.0.2.30";
    for _ in 0..2 {
        call(&state, from_client(CONVERT, client)).await.assert_ok();
    }
    call(&state, from_client(CONVERT, client)).await.assert_error(429, 42900, "rate_limited");
    redis.stop();
    for _ in 0..5 {
        // Fail open: never a 5xx while Redis is away.
        call(&state, from_client(CONVERT, client)).await.assert_ok();
    }
    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let reply = call(&state, from_client(CONVERT, client)).await;
        match reply.status.as_u16() {
            429 => break,
            200 => {}
            other => panic!("unexpected {other}: {}", reply.body),
        }
        assert!(Instant::now() < deadline, "limits did not resume after Redis came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn slow_handler() -> &'static str {
    tokio::time::sleep(Duration::from_secs(5)).await;
    "late"
}

#[tokio::test]
async fn a_slow_request_gets_a_408_envelope() {
    let state = AppState { request_timeout: Duration::from_millis(100), ..AppState::default() };
    let router = Router::new()
        .route("/slow", get_route(slow_handler))
        .layer(tsconv::http::middleware::RequestContextLayer::new(&state))
        .with_state(state);
    let response = router.oneshot(get("/slow")).await.unwrap();
    assert_eq!(response.status(), 408);
    assert!(response.headers().contains_key("x-request-id"));
    let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!((body["code"].as_u64(), body["data"]["error"].as_str()), (Some(40800), Some("request_timeout")));
}

#[tokio::test]
async fn a_client_that_never_finishes_its_headers_is_dropped() {
    let config = Config { header_timeout: Duration::from_millis(500), ..Config::default() };
    let addr = spawn_app_with(AppState::default(), config).await;
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Wait: ").await.unwrap();
    // Others are served meanwhile.
    let answer = raw_exchange(addr, b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(10), slow.read_to_end(&mut rest)).await;
    assert!(closed.is_ok(), "the slow client was not dropped");
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let state = AppState::default();
    call(&state, get(CONVERT)).await.assert_ok();
    call(&state, get("/api/v1/timestamp/convert?timestamp=x")).await.assert_error(400, 40002, "invalid_timestamp");
    let response = app(state).oneshot(get("/metrics")).await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/plain; version=0.0.4; charset=utf-8");
    let text =
        String::from_utf8(http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes().to_vec())
            .unwrap();
    assert!(
        text.lines().any(|l| l.starts_with("tsconv_http_requests_total{")
            && l.contains("route=\"/api/timestamp/convert\"")
            && l.contains("status=\"200\"")),
        "{text}"
    );
    assert!(text.contains("route=\"/api/v1/timestamp/convert\""), "{text}");
    assert!(text.contains("tsconv_http_request_duration_seconds_bucket{"), "{text}");
}

async fn status_with_key(addr: std::net::SocketAddr, key: &str) -> String {
    let request =
        format!("GET /api/timestamp/current HTTP/1.1\r\nHost: t\r\nX-API-Key: {key}\r\nConnection: close\r\n\r\n");
    let answer = raw_exchange(addr, request.as_bytes()).await;
    answer.get(9..12).unwrap_or_default().to_owned()
}

#[tokio::test]
async fn sighup_reloads_the_keys_and_keys_never_reach_the_logs() {
    let folder = std::env::temp_dir().join(format!("tsconv-keys-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("keys");
    let (first, first_line) = generate(Some("first")).unwrap();
    let (second, second_line) = generate(Some("second")).unwrap();
    std::fs::write(&file, format!("{first_line}\n")).unwrap();
    let server = Server::start(&["--api-keys-file", file.to_str().unwrap(), "--access-log", "--log-format", "json"]);
    assert_eq!(status_with_key(server.addr, &first).await, "200");
    assert_eq!(status_with_key(server.addr, &second).await, "401");
    std::fs::write(&file, format!("{first_line}\n{second_line}\n")).unwrap();
    server.signal("HUP");
    let deadline = Instant::now() + Duration::from_secs(10);
    while status_with_key(server.addr, &second).await != "200" {
        assert!(Instant::now() < deadline, "the new key was not loaded after SIGHUP");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A broken file keeps the keys in force; a raw key pasted into it by
    // mistake is not quoted in the log.
    std::fs::write(&file, format!("{first_line}\n{second}\n")).unwrap();
    server.signal("HUP");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(status_with_key(server.addr, &first).await, "200");
    server.signal("TERM");
    let (status, logs) = server.wait();
    assert!(status.success(), "{status}");
    let all = logs.join("\n");
    assert!(all.contains("API keys reloaded") && all.contains("not reloaded"), "{all}");
    assert!(all.contains("looks like a raw API key"), "{all}");
    for key in [&first, &second] {
        assert!(!all.contains(key.as_str()), "a key reached the logs");
        assert!(!all.contains(&key[4..20]), "part of a key reached the logs");
    }
    // JSON access lines: latency, with the request's id, route and status from its span.
    let access: Vec<Value> = logs
        .iter()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|line| line["target"] == "tsconv::access")
        .collect();
    assert!(
        access.iter().any(|line| line["span"]["status"] == 401 && line["span"]["route"] == "/api/timestamp/current"),
        "{all}"
    );
    assert!(access.iter().all(|line| line["span"]["id"].is_string() && line["latency_ms"].is_number()), "{all}");
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Keys never appear in logs, also when one is pasted into the keys
/// file by mistake and the server refuses to start, in either log format.
#[test]
fn a_raw_key_in_the_keys_file_is_not_quoted_at_start() {
    let folder = std::env::temp_dir().join(format!("tsconv-rawkey-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("keys");
    let (key, _) = generate(None).unwrap();
    std::fs::write(&file, format!("# pasted by mistake\n{key} billing\n")).unwrap();
    for format in ["text", "json"] {
        let output = Command::new(env!("CARGO_BIN_EXE_tsconv"))
            .args(["serve", "--addr", "127.0.0.1:0", "--log-format", format, "--api-keys-file"])
            .arg(&file)
            .env("RUST_LOG", "debug")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{format}");
        let all = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(all.contains(":2:") && all.contains("looks like a raw API key"), "{format}: {all}");
        assert!(!all.contains(&key[4..20]), "{format}: part of the key reached the log: {all}");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

#[tokio::test]
async fn sigterm_under_load_loses_no_request() {
    let server = Server::start(&["--rate-limit", "0"]);
    let addr = server.addr;
    let items: Vec<String> = (0..1000).map(|i| (1_700_000_000 + i).to_string()).collect();
    let body = format!(r#"{{"timestamps": [{}], "timezone": "Europe/Paris"}}"#, items.join(","));
    let request = Arc::new(format!(
        "POST /api/timestamp/format HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut clients = Vec::new();
    for _ in 0..8 {
        let (request, stop) = (Arc::clone(&request), Arc::clone(&stop));
        clients.push(tokio::spawn(async move {
            let (mut completed, mut lost) = (0u32, Vec::new());
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else { break };
                if stream.write_all(request.as_bytes()).await.is_err() {
                    lost.push("write failed".to_owned());
                    continue;
                }
                let mut answer = Vec::new();
                match stream.read_to_end(&mut answer).await {
                    Ok(_) if answer.starts_with(b"HTTP/1.1 200") && answer.ends_with(b"}}") => completed += 1,
                    Ok(_) => lost.push(String::from_utf8_lossy(&answer[..answer.len().min(200)]).into_owned()),
                    Err(error) => lost.push(error.to_string()),
                }
            }
            (completed, lost)
        }));
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    server.signal("TERM");
    let (status, logs) = tokio::task::spawn_blocking(move || server.wait()).await.unwrap();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut completed, mut lost) = (0, Vec::new());
    for client in clients {
        let (done, failed) = client.await.unwrap();
        completed += done;
        lost.extend(failed);
    }
    assert!(status.success(), "exit status {status}; logs: {logs:?}");
    assert!(completed > 0);
    assert!(
        lost.is_empty(),
        "{} of {} requests lost: {:?}; logs: {logs:?}",
        lost.len(),
        completed as usize + lost.len(),
        &lost[..lost.len().min(3)]
    );
}

/// On SIGTERM a connection that has answered and sits idle is closed at
/// once, while a new connection whose request is slow to come still gets
/// its answer, with `Connection: close`.
#[tokio::test]
async fn sigterm_closes_idle_connections_and_waits_for_late_requests() {
    // A header timeout well beyond the test's own waits, on a loaded machine too.
    let server = Server::start(&["--rate-limit", "0", "--header-timeout", "30"]);
    let request = "GET /api/timestamp/convert?timestamp=1700000000 HTTP/1.1\r\nHost: t\r\n\r\n";
    // Idle keep-alive connection: one answer read, nothing more sent.
    let mut idle = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    idle.write_all(request.as_bytes()).await.unwrap();
    let mut first = vec![0; 64 * 1024];
    let read = idle.read(&mut first).await.unwrap();
    assert!(first[..read].starts_with(b"HTTP/1.1 200"));
    // New connection: accepted, request not sent yet.
    let mut late = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;

    server.signal("TERM");
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(2), idle.read_to_end(&mut rest)).await;
    assert!(matches!(closed, Ok(Ok(_))), "the idle connection was not closed: {closed:?}");

    tokio::time::sleep(Duration::from_millis(1500)).await;
    late.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    late.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.to_ascii_lowercase().contains("\r\nconnection: close\r\n"), "{answer}");

    let (status, logs) = tokio::task::spawn_blocking(move || server.wait()).await.unwrap();
    assert!(status.success(), "exit status {status}; logs: {logs:?}");
}

#[test]
fn keys_new_prints_a_key_and_its_line() {
    let output =
        Command::new(env!("CARGO_BIN_EXE_tsconv")).args(["keys", "new", "--label", "billing"]).output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let key = text.lines().find(|l| l.starts_with("tsk_")).unwrap();
    let line = text.lines().find(|l| l.starts_with("sha256:")).unwrap();
    assert!(line.ends_with(" billing"));
    assert_eq!(KeySet::parse(line).unwrap().verify(key).unwrap().label.as_deref(), Some("billing"));
}

#[tokio::test]
#[cfg_attr(not(feature = "components"), ignore = "needs redis-server: ./scripts/test installs it and runs this")]
async fn redis_killed_and_restarted_under_load() {
    let mut redis = Redis::start();
    let server =
        Server::start(&["--redis-url", &redis.url(), "--rate-limit", "20", "--rate-burst", "20", "--trust-proxy"]);
    let addr = server.addr;
    let phase = Arc::new(std::sync::atomic::AtomicU8::new(0)); // 0 up, 1 down, 2 back
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut clients = Vec::new();
    for client in 0..4 {
        let (phase, stop) = (Arc::clone(&phase), Arc::clone(&stop));
        clients.push(tokio::spawn(async move {
            // Per phase: [200s, 429s]; plus anything else seen.
            let (mut seen, mut other) = ([[0u32; 2]; 3], Vec::new());
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let request = format!(
                    "GET /api/timestamp/convert?timestamp=1700000000 HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 192.0.2.{client}\r\nConnection: close\r\n\r\n"
                );
                let sent_in = phase.load(std::sync::atomic::Ordering::Relaxed) as usize;
                let answer = raw_exchange(addr, request.as_bytes()).await;
                let current = phase.load(std::sync::atomic::Ordering::Relaxed) as usize;
                match answer.get(9..12) {
                    // A request that straddles a change of phase counts for neither.
                    Some("200" | "429") if sent_in != current => {}
                    Some("200") => seen[current][0] += 1,
                    Some("429") => seen[current][1] += 1,
                    _ => other.push(answer.chars().take(120).collect::<String>()),
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            (seen, other)
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    redis.stop();
    phase.store(1, std::sync::atomic::Ordering::Relaxed);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    phase.store(2, std::sync::atomic::Ordering::Relaxed);
    redis.restart();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut totals = [[0u32; 2]; 3];
    for client in clients {
        let (seen, other) = client.await.unwrap();
        assert!(other.is_empty(), "answers other than 200/429 (a 5xx or a dropped connection): {other:?}");
        for phase in 0..3 {
            totals[phase][0] += seen[phase][0];
            totals[phase][1] += seen[phase][1];
        }
    }
    assert!(totals[0][1] > 0, "limits applied while Redis was up: {totals:?}");
    assert_eq!(totals[1][1], 0, "fail open while Redis was down: {totals:?}");
    assert!(totals[1][0] > 0, "requests were served while Redis was down: {totals:?}");
    assert!(totals[2][1] > 0, "limits resumed after Redis came back: {totals:?}");
    server.signal("TERM");
    assert!(server.wait().0.success());
}

/// A SIGTERM (or SIGINT) the moment the address is logged, before any
/// request: caught, not the default action that ends the process at once;
/// the server says so and exits 0.
#[test]
fn a_signal_right_after_start_is_a_clean_stop() {
    for signal in ["TERM", "INT"] {
        let server = Server::start(&["--rate-limit", "0"]);
        server.signal(signal);
        let (status, logs) = server.wait();
        assert!(status.success(), "SIG{signal}: exit status {status}; logs: {logs:?}");
        assert!(logs.iter().any(|line| line.contains("shutdown signal received")), "SIG{signal}: {logs:?}");
    }
}

/// `--shutdown-delay`: on SIGTERM `/readyz` answers 503 at once,
/// while every other request is served as before (no `Connection: close`)
/// until the delay is over; then the replica drains and exits 0.
#[tokio::test]
async fn with_a_shutdown_delay_readyz_turns_unready_at_once_and_requests_are_still_served() {
    let server = Server::start(&["--rate-limit", "0", "--shutdown-delay", "3"]);
    let ask = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    assert!(raw_exchange(server.addr, ask("/readyz").as_bytes()).await.starts_with("HTTP/1.1 200"));
    let signalled = std::time::Instant::now();
    server.signal("TERM");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut served = 0;
    while signalled.elapsed() < Duration::from_millis(2500) {
        let ready = raw_exchange(server.addr, ask("/readyz").as_bytes()).await;
        assert!(ready.starts_with("HTTP/1.1 503"), "{ready}");
        // A keep-alive request: answered, and the connection kept.
        let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        stream.write_all(b"GET /api/timestamp/convert?timestamp=1700000000 HTTP/1.1\r\nHost: t\r\n\r\n").await.unwrap();
        let mut answer = vec![0; 64 * 1024];
        let read = stream.read(&mut answer).await.unwrap();
        let answer = String::from_utf8_lossy(&answer[..read]).to_ascii_lowercase();
        assert!(answer.starts_with("http/1.1 200") && !answer.contains("connection: close"), "{answer}");
        served += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(served >= 5, "{served} requests served during the delay");
    let (status, logs) = tokio::task::spawn_blocking(move || server.wait()).await.unwrap();
    assert!(status.success(), "exit status {status}; logs: {logs:?}");
    assert!(signalled.elapsed() >= Duration::from_secs(3), "stopped before the delay was over: {logs:?}");
}
