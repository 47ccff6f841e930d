//! Layers: `request_context` around every request (request id and its
//! tracing span, API version, request timeout, panics, and the metrics and
//! access log of `observe`). The layer around the routes that need a key or
//! a rate check is in [`crate::http::access`].

mod observe;
mod request_context;

pub use request_context::{RequestContext, RequestContextLayer};
