//! tsconv: a timestamp service and command-line tool.
//!
//! Converts Unix timestamps (seconds, milliseconds, microseconds,
//! nanoseconds — stated or detected) and date strings to ISO 8601,
//! RFC 3339, HTTP dates and any IANA time zone, exactly to the nanosecond.
//!
//! - [`time`]: the engine, with no HTTP types (used by both faces).
//! - [`answer`]: the shapes of its answers, with their OpenAPI schemas.
//! - [`http`]: the REST API; [`http::app`] builds its router and
//!   [`http::openapi()`] its OpenAPI document.
//! - [`server`]: configuration, the accept loop, graceful shutdown.
//! - [`cli`]: the command line.
//! - [`keys`], [`ratelimit`], [`metrics`]: API keys, rate limits, Prometheus.

pub mod answer;
pub mod cli;
pub mod connection;
pub mod http;
pub mod json;
pub mod keys;
pub mod logging;
pub mod metrics;
pub mod ratelimit;
pub mod server;
pub mod time;
