//! CORS: what lets a page on another origin call the API from a browser.
//! Every route answers it (the API, `/mcp`, the document); a preflight is
//! answered before the access layer, which would refuse it for want of the
//! key its real request will carry.

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
pub fn layer(origins: &CorsOrigins) -> CorsLayer {
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

/// The CORS layer for requests that carry an `Origin` (those a browser
/// makes across origins, and its preflights); the others, from every
/// program that is no browser, pass by it untouched: no CORS headers
/// written where no browser reads them.
#[derive(Clone)]
pub struct WhenAsked {
    cors: CorsLayer,
}

impl WhenAsked {
    pub fn new(origins: &CorsOrigins) -> WhenAsked {
        WhenAsked { cors: layer(origins) }
    }
}

impl<S: Clone> tower::Layer<S> for WhenAsked {
    type Service = WhenAskedService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        WhenAskedService { cors: self.cors.layer(inner.clone()), plain: inner }
    }
}

#[derive(Clone)]
pub struct WhenAskedService<S> {
    cors: tower_http::cors::Cors<S>,
    plain: S,
}

impl<S, B, R> tower::Service<axum::http::Request<B>> for WhenAskedService<S>
where
    S: tower::Service<axum::http::Request<B>, Response = axum::http::Response<R>> + Clone,
    R: Default,
{
    type Response = axum::http::Response<R>;
    type Error = S::Error;
    type Future = futures_util::future::Either<tower_http::cors::ResponseFuture<S::Future>, S::Future>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        // Both wrap the same router, which is always ready.
        match self.plain.poll_ready(cx) {
            std::task::Poll::Ready(Ok(())) => self.cors.poll_ready(cx),
            other => other,
        }
    }

    fn call(&mut self, request: axum::http::Request<B>) -> Self::Future {
        if request.headers().contains_key(header::ORIGIN) {
            futures_util::future::Either::Left(self.cors.call(request))
        } else {
            futures_util::future::Either::Right(self.plain.call(request))
        }
    }
}
