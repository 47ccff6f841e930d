//! Layers: `request_context` around every request (request id and its
//! tracing span, API version, request timeout, panics, and the metrics and
//! access log of `observe`); `access` around the routes it guards (rate
//! limit, API keys).

mod access;
mod observe;
mod request_context;

pub use access::{api_access, key_only};
pub use request_context::{RequestContext, RequestContextLayer};
