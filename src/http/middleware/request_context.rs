//! Request id and span, API version, the request timeout, panic safety and
//! observation (metrics, access log), for every response.
//!
//! The request id is echoed from `X-Request-Id` when the client sent a sane
//! one (1-128 visible ASCII characters) and generated otherwise. The request
//! is served inside a tracing span `request` with its `id`, `method`, matched
//! `route` and, once answered, `status`: every log line written while it is
//! served (by a handler, a layer or the access log) carries them, so the id
//! a client reports finds them all. A request (reading its body included)
//! that takes longer than the limit is answered with a 408 envelope. A panic
//! in a handler, or an answer that cannot be encoded, becomes a 500 envelope
//! carrying the request id; the detail goes to the log, never to the client.
//! Every answer, these included, is then counted and logged by
//! [`Observation`].
//!
//! One `from_fn` layer for all of it, rather than tower-http's
//! `SetRequestId`, `PropagateRequestId`, `Trace` (with the same span),
//! `Timeout` and `CatchPanic`: measured with `scripts/bench-instructions`,
//! that stack cost 51,806 instructions per GET convert against this layer's
//! 51,695, while doing less (no metrics, no access log, and a 408 or 500
//! without the envelope, which would need two more layers to add). See
//! BENCHMARKS.md, "Instructions per request".

use std::any::Any;
use std::panic::AssertUnwindSafe;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::FutureExt;
use tracing::Instrument;

use super::observe::Observation;
use crate::http::AppState;
use crate::http::envelope::Unencodable;
use crate::http::error::ApiError;

pub static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
pub static API_VERSION: HeaderName = HeaderName::from_static("api-version");

pub async fn request_context(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let observation = Observation::start(&request);
    let id = request
        .headers()
        .get(&X_REQUEST_ID)
        .filter(|value| is_sane_id(value.as_bytes()))
        .cloned()
        .unwrap_or_else(new_id);
    // Sane and generated ids are visible ASCII.
    let id_text = id.to_str().unwrap_or("-");
    // The fields are formatted as the span opens: see `crate::logging`.
    let span = tracing::info_span!(
        "request",
        id = id_text,
        method = observation.method().as_str(),
        route = observation.route(),
        status = tracing::field::Empty,
    );
    let answer = tokio::time::timeout(state.request_timeout, next.run(request)).instrument(span.clone());
    let mut response = match AssertUnwindSafe(answer).catch_unwind().await {
        Ok(Ok(response)) => response,
        Ok(Err(_elapsed)) => ApiError::RequestTimeout { limit: state.request_timeout }.into_response(),
        Err(panic) => {
            span.in_scope(|| tracing::error!(panic = panic_message(&*panic), "handler panicked"));
            ApiError::Internal { request_id: Some(id_text.to_owned()) }.into_response()
        }
    };
    if response.extensions().get::<Unencodable>().is_some() {
        // Logged, inside the span, where the encoding failed.
        response = ApiError::Internal { request_id: Some(id_text.to_owned()) }.into_response();
    }
    span.record("status", response.status().as_u16());
    let headers = response.headers_mut();
    headers.insert(X_REQUEST_ID.clone(), id);
    headers.insert(API_VERSION.clone(), HeaderValue::from_static("1"));
    span.in_scope(|| observation.finish(&state, &response));
    response
}

fn is_sane_id(bytes: &[u8]) -> bool {
    (1..=128).contains(&bytes.len()) && bytes.iter().all(|b| b.is_ascii_graphic())
}

/// A new id, shaped like a UUID: 64 random bits drawn once per process, then
/// a counter. Unique within the process and, with overwhelming likelihood,
/// across processes, at the cost of an atomic add (no syscall per request).
fn new_id() -> HeaderValue {
    static PREFIX: LazyLock<u64> = LazyLock::new(|| {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // No OS randomness: the clock still separates processes.
            bytes = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                .to_le_bytes();
        }
        u64::from_le_bytes(bytes)
    });
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let value = (u128::from(*PREFIX) << 64) | u128::from(COUNTER.fetch_add(1, Ordering::Relaxed));
    let mut buffer = uuid::Uuid::encode_buffer();
    let text = uuid::Uuid::from_u128(value).hyphenated().encode_lower(&mut buffer);
    HeaderValue::from_str(text).unwrap_or(HeaderValue::from_static("unknown"))
}

fn panic_message(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(non-string panic payload)")
}
