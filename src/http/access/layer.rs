//! Who may call the API, and how often: the rate limit, then the API key.
//!
//! Both are attached to the routes that need them (`route_layer`, in
//! [`crate::http::app`]): [`api_access`] to every API route, [`key_only`] to
//! `/metrics`. A route added elsewhere is open, and one added to the API
//! router is guarded, whatever its path. Requests that match no route get
//! their 404 (or 405) without a key or a rate check.
//!
//! The client is the API key's id when a valid key is sent, else the peer
//! address (the `X-Forwarded-For` client only with `--trust-proxy`). Every
//! limited response carries `RateLimit-Limit`, `RateLimit-Remaining` and
//! `RateLimit-Reset` (seconds until the budget is whole again).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::{
    access::ratelimit::{Budget, Decision, whole_seconds},
    error::ApiError,
    state::AppState,
};

static RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
static RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
static RATELIMIT_RESET: HeaderName = HeaderName::from_static("ratelimit-reset");
static X_API_KEY: HeaderName = HeaderName::from_static("x-api-key");

/// The API routes: the rate limit, then the key (when keys are on).
pub async fn api_access(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let presented = presented_key(request.headers());
    let identity = match (&state.keys, presented) {
        (Some(keys), Some(key)) => keys.current().verify(key),
        _ => None,
    };
    let mut budget = None;
    if let Some(limiter) = &state.limiter {
        let client = match &identity {
            Some(id) => format!("key:{}", id.id),
            None => format!("ip:{}", client_address(&request, state.trust_proxy)),
        };
        match limiter.check(&client).await {
            Decision::Allowed(allowed) => budget = Some(allowed),
            Decision::Limited { budget, retry_after } => {
                metrics::counter!("tsconv_rate_limited_total").increment(1);
                let error = ApiError::RateLimited { retry_after: whole_seconds(retry_after).max(1) };
                return with_budget(error.into_response(), Some(budget));
            }
            Decision::Unavailable => {
                let message = "the shared rate-limit store is unreachable and this server fails closed: retry shortly";
                let retry_after = Some(whole_seconds(crate::http::access::ratelimit::RECONNECT_INTERVAL));
                return ApiError::Unavailable { message: message.to_owned(), retry_after }.into_response();
            }
        }
    }
    if state.keys.is_some() && identity.is_none() {
        return with_budget(ApiError::Unauthorized { missing: presented.is_none() }.into_response(), budget);
    }
    with_budget(next.run(request).await, budget)
}

/// `/metrics`: the key (when keys are on), no rate limit.
pub async fn key_only(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(keys) = &state.keys else { return next.run(request).await };
    let presented = presented_key(request.headers());
    if presented.and_then(|key| keys.current().verify(key)).is_none() {
        return ApiError::Unauthorized { missing: presented.is_none() }.into_response();
    }
    next.run(request).await
}

/// The key from `Authorization: Bearer <key>` or `X-API-Key: <key>`.
fn presented_key(headers: &HeaderMap) -> Option<&str> {
    let bearer = headers.get(header::AUTHORIZATION).and_then(|value| {
        let value = value.to_str().ok()?;
        let (scheme, key) = value.split_once(' ')?;
        scheme.eq_ignore_ascii_case("bearer").then(|| key.trim())
    });
    bearer
        .or_else(|| headers.get(&X_API_KEY).and_then(|value| value.to_str().ok()).map(str::trim))
        .filter(|k| !k.is_empty())
}

/// The peer address, or with `trust_proxy` the client that the proxy in
/// front of us saw: the last address of `X-Forwarded-For`.
fn client_address(request: &Request, trust_proxy: bool) -> String {
    client_ip(request, trust_proxy).map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
}

/// The client's address, as `client_address` finds it; `None` when the
/// server was not told the peer (a router called without a socket).
pub fn client_ip(request: &Request, trust_proxy: bool) -> Option<IpAddr> {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
    let forwarded = trust_proxy
        .then(|| {
            request
                .headers()
                .get_all("x-forwarded-for")
                .iter()
                .next_back()?
                .to_str()
                .ok()?
                .rsplit(',')
                .next()?
                .trim()
                .parse::<IpAddr>()
                .ok()
        })
        .flatten();
    forwarded.or(peer)
}

fn with_budget(mut response: Response, budget: Option<Budget>) -> Response {
    if let Some(budget) = budget {
        let headers = response.headers_mut();
        headers.insert(RATELIMIT_LIMIT.clone(), HeaderValue::from(budget.limit));
        headers.insert(RATELIMIT_REMAINING.clone(), HeaderValue::from(budget.remaining));
        headers.insert(RATELIMIT_RESET.clone(), HeaderValue::from(whole_seconds(budget.reset)));
    }
    response
}
