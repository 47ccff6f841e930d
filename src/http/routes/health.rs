//! Liveness, readiness and metrics.

use std::sync::atomic::Ordering;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::http::{
    envelope::{Envelope, Success},
    error::{ApiError, ErrorData},
    state::AppState,
};

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok` (healthz) or `ready` (readyz).
    #[schema(value_type = String)]
    status: &'static str,
}

impl tsconv_time::json::BySerde for Health {}

/// Liveness: 200 while the process serves requests.
#[utoipa::path(get, path = "/healthz", tag = "operations", responses((status = 200, description = "The process is up", body = Envelope<Health>)))]
pub async fn healthz() -> Success<Health> {
    Success(Health { status: "ok" })
}

/// Readiness: 200 when this replica should get traffic; 503 from the
/// moment shutdown is asked (through `--shutdown-delay`, while requests are
/// still served, and the drain), or when its configured Redis is
/// unreachable.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    responses(
        (status = 200, description = "Ready for traffic", body = Envelope<Health>),
        (status = 503, description = "Shutting down (from the signal on, through --shutdown-delay and the drain), or the rate-limit store is unreachable. Envelope code 50300 unavailable", body = Envelope<ErrorData>)
    )
)]
pub async fn readyz(State(state): State<AppState>) -> Result<Success<Health>, ApiError> {
    if state.unready.load(Ordering::Relaxed) || state.draining.load(Ordering::Relaxed) {
        return Err(ApiError::Unavailable {
            message: "shutting down: serving the requests that still come, then finishing those in flight".to_owned(),
            retry_after: None,
        });
    }
    if let Some(limiter) = &state.limiter
        && !limiter.store_ready().await
    {
        return Err(ApiError::Unavailable {
            message: "the shared rate-limit store (Redis) is unreachable".to_owned(),
            retry_after: Some(crate::http::access::ratelimit::whole_seconds(
                crate::http::access::ratelimit::RECONNECT_INTERVAL,
            )),
        });
    }
    Ok(Success(Health { status: "ready" }))
}

/// Prometheus metrics, in the text exposition format.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    responses(
        (status = 200, description = "Metrics (needs a key when API keys are on)", content_type = "text/plain", body = String),
        (status = 401, description = "API keys are on and the key is missing or wrong. Envelope code 40100 unauthorized", body = Envelope<ErrorData>)
    )
)]
pub async fn metrics() -> Response {
    let mut response = crate::http::metrics::handle().render().into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response
}
