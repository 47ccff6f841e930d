//! The web layer: extract parameters, call [`crate::time`], wrap the answer
//! in the envelope. [`app`] builds the whole router in one place.

pub mod batch;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod middleware;
pub mod params;
pub mod routes;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::Router;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::get;
use jiff::Timestamp;

use crate::keys::Keys;
use crate::ratelimit::Limiter;

use routes::{fallback, health, timestamp, timezones};

/// Where "now" comes from: the system clock, or a fixed instant in tests.
#[derive(Clone, Copy, Debug, Default)]
pub enum Clock {
    #[default]
    System,
    Fixed(Timestamp),
}

impl Clock {
    pub fn now(self) -> Timestamp {
        match self {
            Clock::System => Timestamp::now(),
            Clock::Fixed(instant) => instant,
        }
    }
}

/// What the handlers and layers share; cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    pub clock: Clock,
    /// API keys, when they are on.
    pub keys: Option<Arc<Keys>>,
    /// The rate limiter, unless limits are off.
    pub limiter: Option<Arc<Limiter>>,
    /// Take the client from `X-Forwarded-For` (behind a trusted proxy).
    pub trust_proxy: bool,
    /// One log line per request (`--access-log`).
    pub access_log: bool,
    pub request_timeout: Duration,
    /// Set when shutdown begins: `/readyz` answers 503.
    pub draining: Arc<AtomicBool>,
}

/// The default request timeout (SPEC 5).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

impl Default for AppState {
    /// No keys, no rate limit, the system clock.
    fn default() -> Self {
        AppState {
            clock: Clock::System,
            keys: None,
            limiter: None,
            trust_proxy: false,
            access_log: false,
            request_timeout: REQUEST_TIMEOUT,
            draining: Arc::default(),
        }
    }
}

/// The API routes, served both unversioned and under `/api/v1`.
fn api() -> Router<AppState> {
    Router::new()
        .route("/timestamp/current", get(timestamp::current))
        .route("/timestamp/convert", get(timestamp::convert).post(timestamp::convert))
        .route("/timestamp/validate", get(timestamp::validate).post(timestamp::validate))
        .route("/timestamp/format", get(timestamp::format).post(timestamp::format))
        .route("/timezones", get(timezones::list))
}

/// The whole application: every route, fallback and layer.
pub fn app(state: AppState) -> Router {
    crate::metrics::handle();
    Router::new()
        .nest("/api", api())
        .nest("/api/v1", api())
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(from_fn_with_state(state.clone(), middleware::access))
        .layer(from_fn_with_state(state.clone(), middleware::timeout))
        .layer(from_fn(middleware::request_context))
        .layer(from_fn_with_state(state.clone(), middleware::observe))
        .with_state(state)
}
