//! The request bounds the web layer shares: what the extractor
//! enforces, what the errors quote and what the OpenAPI document says, from
//! one place. A leaf: it imports nothing of the crate.

/// The most parameters a request may carry, counted across the query string
/// and the body (a batch is one parameter). Every endpoint takes far fewer;
/// the cap keeps the duplicate checks, which compare each name with those
/// before it, bounded whatever the request's size.
pub const MAX_PARAMS: usize = 64;

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The most items one batch may hold.
pub const MAX_BATCH: usize = 1000;
