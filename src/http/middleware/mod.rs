//! Layers every request passes through, outermost first: `observe`
//! (metrics, access log), `request_context` (request id, API version,
//! request timeout, panics), `access` (rate limit, API keys).

mod access;
mod observe;
mod request_context;

pub use access::access;
pub use observe::observe;
pub use request_context::{RequestId, request_context};
