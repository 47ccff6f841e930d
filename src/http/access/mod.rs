//! Who may call the API, and how often: API keys ([`keys`]), rate limits
//! ([`ratelimit`]), and the layer that checks both on the routes they guard
//! ([`layer`]).

pub mod keys;
pub mod layer;
pub mod ratelimit;
