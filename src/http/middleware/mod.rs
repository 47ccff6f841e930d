//! Layers every request passes through.

mod request_context;

pub use request_context::{RequestId, request_context};
