//! Liveness, readiness and metrics.

use std::sync::atomic::Ordering;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::http::AppState;
use crate::http::envelope::Success;
use crate::http::error::ApiError;

#[derive(Serialize)]
pub struct Health {
    status: &'static str,
}

/// `GET /healthz`: 200 while the process serves requests.
pub async fn healthz() -> Success<Health> {
    Success(Health { status: "ok" })
}

/// `GET /readyz`: 200 when this replica should get traffic; 503 while it
/// drains for shutdown, or when its configured Redis is unreachable.
pub async fn readyz(State(state): State<AppState>) -> Result<Success<Health>, ApiError> {
    if state.draining.load(Ordering::Relaxed) {
        return Err(ApiError::Unavailable { message: "shutting down: finishing the requests in flight".to_owned() });
    }
    if let Some(limiter) = &state.limiter
        && !limiter.store_ready().await
    {
        return Err(ApiError::Unavailable { message: "the shared rate-limit store (Redis) is unreachable".to_owned() });
    }
    Ok(Success(Health { status: "ready" }))
}

/// `GET /metrics`: Prometheus text format.
pub async fn metrics() -> Response {
    let mut response = crate::metrics::handle().render().into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response
}
