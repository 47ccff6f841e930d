//! Metrics for every request (count by route and status, latency), and
//! the per-request log line when `--access-log` is on.
//!
//! The route label is the matched route pattern, never the raw path, so
//! the number of series stays bounded whatever clients send.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::http::AppState;

pub async fn observe(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_owned();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    metrics::counter!(
        "tsconv_http_requests_total",
        "method" => method.as_str().to_owned(),
        "route" => route.clone(),
        "status" => status.to_string()
    )
    .increment(1);
    metrics::histogram!("tsconv_http_request_duration_seconds", "route" => route.clone()).record(elapsed.as_secs_f64());
    if state.access_log {
        let request_id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
        tracing::info!(
            target: "tsconv::access",
            request_id,
            method = %method,
            route,
            status,
            latency_ms = elapsed.as_secs_f64() * 1000.0,
            "request"
        );
    }
    response
}
