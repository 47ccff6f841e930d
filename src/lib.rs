//! tsconv: a timestamp service and command-line tool, the faces of the time
//! engine [`tsconv_time`].
//!
//! Converts Unix timestamps (seconds, milliseconds, microseconds,
//! nanoseconds — stated or detected) and date strings to ISO 8601,
//! RFC 3339, HTTP dates and any IANA time zone, exactly to the nanosecond.
//!
//! - [`config`]: how the server runs (flags, environment, defaults) and the
//!   bounds of a request's head: a leaf every other module may read.
//! - [`http`]: the REST API; [`http::app`] builds its router and
//!   [`http::openapi()`] its OpenAPI document; [`http::access`] holds API
//!   keys and rate limits.
//! - [`serve`]: the socket, connections, graceful shutdown, logging, metrics.
//! - [`traces`]: OpenTelemetry traces over OTLP, when an endpoint is set: a
//!   leaf the request context and the logging read.
//! - [`cli`]: the command line.

pub mod cli;
pub mod compat;
pub mod config;
pub mod http;
pub mod places;
pub mod serve;
pub mod traces;
