//! Request id and span, API version, the request timeout, panic safety,
//! plain text when asked (`crate::http::text`) and observation (metrics,
//! access log), for every response.
//!
//! The request id is echoed from `X-Request-Id` when the client sent a sane
//! one (1-128 visible ASCII characters) and generated otherwise. The request
//! is served inside a tracing span `request` with its `id`, `method`, matched
//! `route` and, once answered, `status`: every log line written while it is
//! served (by a handler, a layer or the access log) carries them, so the id
//! a client reports finds them all. A request (reading its body included)
//! that takes longer than the limit is answered with a 408 envelope. A panic
//! in a handler, or an answer that cannot be encoded, becomes a 500 envelope
//! carrying the request id; the detail goes to the log, never to the client.
//! Every answer, these included, is then counted and logged by
//! [`Observation`].
//!
//! One layer of our own for all of it, a concrete `tower::Service` with a
//! named future (no boxed `Next`, no boxed future, no clone of the state):
//! tower-http's `SetRequestId`, `PropagateRequestId`, `Trace` (with the same
//! span), `Timeout` and `CatchPanic` cost more instructions per request
//! while doing less (no metrics, no access log, and a 408 or 500 without
//! the envelope, which would need two more layers to add). See
//! benches/runs/2026-11-23-where-the-performance-round-starts.md ("The performance round, step by step").

use std::any::Any;
use std::convert::Infallible;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::future::{BoxFuture, Either};
use pin_project_lite::pin_project;
use tower::{Layer, Service};
use tracing::Span;

use super::observe::Observation;
use crate::http::{envelope::Unencodable, error::ApiError, state::AppState};

pub static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
pub static API_VERSION: HeaderName = HeaderName::from_static("api-version");

/// The layer: [`RequestContext`] around every route and fallback.
#[derive(Clone, Copy, Debug)]
pub struct RequestContextLayer {
    settings: Settings,
}

/// CORS, for the requests that carry an `Origin` (see [`crate::http::cors`]).
type Cors = &'static tower_http::cors::CorsLayer;

/// What the layer needs of the state: copied, not shared, so the per-request
/// clone of each route's service costs nothing for it.
#[derive(Clone, Copy, Debug)]
struct Settings {
    request_timeout: Duration,
    access_log: bool,
    cors: Cors,
}

impl RequestContextLayer {
    pub fn new(state: &AppState) -> Self {
        RequestContextLayer {
            settings: Settings {
                request_timeout: state.request_timeout,
                access_log: state.access_log,
                cors: crate::http::cors::shared(state.cors),
            },
        }
    }
}

impl<S> Layer<S> for RequestContextLayer {
    type Service = RequestContext<S>;

    fn layer(&self, inner: S) -> RequestContext<S> {
        RequestContext { inner, settings: self.settings }
    }
}

/// A service answering through `inner` inside the request's context.
#[derive(Clone, Debug)]
pub struct RequestContext<S> {
    inner: S,
    settings: Settings,
}

impl<S> Service<Request> for RequestContext<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = InContext<Either<BoxFuture<'static, Result<Response, Infallible>>, S::Future>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let observation = Observation::start(&request);
        let text = crate::http::text::wanted(&request);
        let id = request
            .headers()
            .get(&X_REQUEST_ID)
            .filter(|value| is_sane_id(value.as_bytes()))
            .cloned()
            .unwrap_or_else(new_id);
        // The fields are formatted as the span opens: see `crate::serve::logging`.
        // (Sane and generated ids are visible ASCII.)
        let span = tracing::info_span!(
            "request",
            id = id.to_str().unwrap_or("-"),
            method = observation.method().as_str(),
            route = observation.route(),
            status = tracing::field::Empty,
        );
        if crate::traces::on() {
            crate::traces::continue_trace(&span, request.headers(), observation.method().as_str(), observation.route());
        }
        // Only made here, not polled (nothing logs): the span is entered
        // once, when the answer is polled.
        let answer = if request.headers().contains_key(header::ORIGIN) {
            // A page on another origin: CORS around a clone of the route (always ready).
            let mut cors = Layer::layer(self.settings.cors, self.inner.clone());
            Either::Left(Box::pin(cors.call(request)) as BoxFuture<'static, _>)
        } else {
            Either::Right(self.inner.call(request))
        };
        InContext {
            answer: tokio::time::timeout(self.settings.request_timeout, answer),
            span,
            pending: Some(Pending { id, observation, settings: self.settings, text }),
        }
    }
}

/// What the answer still needs once the handler is done.
struct Pending {
    id: HeaderValue,
    observation: Observation,
    settings: Settings,
    /// The client asked for plain text.
    text: bool,
}

pin_project! {
    /// The future of [`RequestContext`]: the route's, polled inside the
    /// request's span, under the request timeout, with panics caught.
    pub struct InContext<F> {
        #[pin]
        answer: tokio::time::Timeout<F>,
        span: Span,
        pending: Option<Pending>,
    }
}

impl<F> Future for InContext<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        // Entered once for the whole poll: the route, the answer's last
        // touches and its observation.
        let _entered = this.span.enter();
        let polled = std::panic::catch_unwind(AssertUnwindSafe(|| this.answer.poll(cx)));
        let answered = match polled {
            Ok(Poll::Pending) => return Poll::Pending,
            Ok(Poll::Ready(Ok(Ok(response)))) => Ok(response),
            Ok(Poll::Ready(Ok(Err(never)))) => match never {},
            Ok(Poll::Ready(Err(_elapsed))) => Err(None),
            Err(panic) => Err(Some(panic)),
        };
        let Some(Pending { id, observation, settings, text }) = this.pending.take() else {
            // Polled again after it answered (hyper never does): a 500
            // envelope rather than a panic, the route's own panic caught above.
            return Poll::Ready(Ok(ApiError::Internal { request_id: None }.into_response()));
        };
        let span = &*this.span;
        // Sane and generated ids are visible ASCII.
        let id_text = || id.to_str().unwrap_or("-").to_owned();
        let mut response = match answered {
            Ok(response) => response,
            Err(None) => ApiError::RequestTimeout { limit: settings.request_timeout }.into_response(),
            Err(Some(panic)) => {
                tracing::error!(panic = panic_message(&*panic), "handler panicked");
                ApiError::Internal { request_id: Some(id_text()) }.into_response()
            }
        };
        if response.extensions().get::<Unencodable>().is_some() {
            // Logged, inside the span, where the encoding failed.
            response = ApiError::Internal { request_id: Some(id_text()) }.into_response();
        }
        if text {
            response = crate::http::text::answer(response, cx);
        }
        span.record("status", response.status().as_u16());
        if crate::traces::on() {
            crate::traces::finish(span, response.status().as_u16());
        }
        let headers = response.headers_mut();
        headers.insert(X_REQUEST_ID.clone(), id);
        headers.insert(API_VERSION.clone(), HeaderValue::from_static("1"));
        observation.finish(settings.access_log, &response);
        Poll::Ready(Ok(response))
    }
}

fn is_sane_id(bytes: &[u8]) -> bool {
    (1..=128).contains(&bytes.len()) && bytes.iter().all(|b| b.is_ascii_graphic())
}

/// A new id, shaped like a UUID: 64 random bits drawn once per process, then
/// a counter. Unique within the process and, with overwhelming likelihood,
/// across processes, at the cost of an atomic add (no syscall per request).
fn new_id() -> HeaderValue {
    static PREFIX: LazyLock<u64> = LazyLock::new(|| {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // No OS randomness: the clock still separates processes.
            bytes = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                .to_le_bytes();
        }
        u64::from_le_bytes(bytes)
    });
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let value = (u128::from(*PREFIX) << 64) | u128::from(COUNTER.fetch_add(1, Ordering::Relaxed));
    let mut buffer = uuid::Uuid::encode_buffer();
    let text = uuid::Uuid::from_u128(value).hyphenated().encode_lower(&mut buffer);
    HeaderValue::from_str(text).unwrap_or(HeaderValue::from_static("unknown"))
}

fn panic_message(panic: &(dyn Any + Send)) -> &str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(non-string panic payload)")
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use axum::body::Body;

    use super::*;

    /// A future polled after it answered gives a 500 envelope, not a panic.
    #[tokio::test]
    async fn polled_again_after_answering_is_a_500_not_a_panic() {
        let inner = tower::service_fn(|_request: Request| async { Ok::<_, Infallible>(Response::new(Body::empty())) });
        let mut service = RequestContextLayer::new(&AppState::default()).layer(inner);
        let mut future = pin!(service.call(Request::new(Body::empty())));
        let mut cx = Context::from_waker(Waker::noop());
        let Poll::Ready(Ok(first)) = future.as_mut().poll(&mut cx) else { panic!("the inner service answers at once") };
        assert_eq!(first.status(), 200);
        assert!(first.headers().contains_key(&X_REQUEST_ID));
        let Poll::Ready(Ok(again)) = future.as_mut().poll(&mut cx) else { panic!("an answer, not pending") };
        assert_eq!(again.status(), 500);
    }
}
