//! The web layer: extract parameters, call [`crate::time`], wrap the answer
//! in the envelope. [`app`] builds the whole router in one place.

pub mod batch;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod middleware;
pub mod params;
pub mod routes;

use axum::Router;
use axum::routing::get;
use jiff::Timestamp;

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

/// What the handlers share.
#[derive(Clone, Debug, Default)]
pub struct AppState {
    pub clock: Clock,
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
    Router::new()
        .nest("/api", api())
        .nest("/api/v1", api())
        .route("/healthz", get(health::healthz))
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(axum::middleware::from_fn(middleware::request_context))
        .with_state(state)
}
