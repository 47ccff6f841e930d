//! Layers every request passes through, outermost first: `observe`
//! (metrics, access log), `request_context` (request id, API version,
//! panics), `timeout`, `access` (rate limit, API keys).

mod access;
mod observe;
mod request_context;
mod timeout;

pub use access::access;
pub use observe::observe;
pub use request_context::{RequestId, request_context};
pub use timeout::timeout;
