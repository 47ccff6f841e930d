//! tsconv: a timestamp service and command-line tool.
//!
//! Converts Unix timestamps (seconds, milliseconds, microseconds,
//! nanoseconds — stated or detected) and date strings to ISO 8601,
//! RFC 3339, HTTP dates and any IANA time zone, exactly to the nanosecond.
//!
//! - [`time`]: the engine, with no HTTP types (used by both faces).
//! - [`http`]: the REST API, [`http::app`] builds its router.
//! - [`server`]: binding, serving, graceful shutdown.
//! - [`cli`]: the command line.

pub mod cli;
pub mod http;
pub mod keys;
pub mod metrics;
pub mod ratelimit;
pub mod schema;
pub mod server;
pub mod time;
