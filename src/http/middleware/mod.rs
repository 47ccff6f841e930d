//! Layers every request passes through, outermost first: `request_context`
//! (request id, API version, request timeout, panics, and the metrics and
//! access log of `observe`), then `access` (rate limit, API keys).

mod access;
mod observe;
mod request_context;

pub use access::access;
pub use request_context::{RequestId, request_context};
