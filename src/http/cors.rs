//! CORS: what lets a page on another origin call the API from a browser.
//! Every route answers it (the API, `/mcp`, the document); a preflight is
//! answered before the access layer, which would refuse it for want of the
//! key its real request will carry. The request context applies it to the
//! requests that carry an `Origin` only (see `middleware::request_context`):
//! the others, from every program that is no browser, get no CORS headers
//! and pay nothing for them.

use std::sync::LazyLock;
use std::time::Duration;

use axum::http::{HeaderName, HeaderValue, Method, header};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::CorsOrigins;

/// The headers a page may send: its body's type, the API key either way,
/// its own request id and trace context.
const ALLOWED: [HeaderName; 6] = [
    header::CONTENT_TYPE,
    header::AUTHORIZATION,
    header::ACCEPT,
    HeaderName::from_static("x-api-key"),
    HeaderName::from_static("x-request-id"),
    HeaderName::from_static("traceparent"),
];

/// The headers a page may read besides the safelisted ones.
const EXPOSED: [HeaderName; 6] = [
    HeaderName::from_static("x-request-id"),
    HeaderName::from_static("api-version"),
    HeaderName::from_static("ratelimit-limit"),
    HeaderName::from_static("ratelimit-remaining"),
    HeaderName::from_static("ratelimit-reset"),
    header::RETRY_AFTER,
];

/// The layer for `origins`: any origin, or those listed (each answered
/// with itself, and `Vary: Origin`). No credentials: keys travel in headers.
fn layer(origins: &CorsOrigins) -> CorsLayer {
    let allow = match origins {
        CorsOrigins::Any => AllowOrigin::any(),
        CorsOrigins::List(list) => {
            AllowOrigin::list(list.iter().filter_map(|origin| HeaderValue::from_str(origin).ok()))
        }
    };
    CorsLayer::new()
        .allow_origin(allow)
        .allow_methods([Method::GET, Method::POST, Method::OPTIONS])
        .allow_headers(ALLOWED)
        .expose_headers(EXPOSED)
        .max_age(Duration::from_secs(86_400))
}

/// The layer of `origins`, built once: any origin's is one for the process;
/// a list's is built when the router is (once a process, but for tests).
pub fn shared(origins: &CorsOrigins) -> &'static CorsLayer {
    static ANY: LazyLock<CorsLayer> = LazyLock::new(|| layer(&CorsOrigins::Any));
    match origins {
        CorsOrigins::Any => &ANY,
        CorsOrigins::List(_) => Box::leak(Box::new(layer(origins))),
    }
}
