//! Metrics for every request (count by route and status, latency), and
//! the per-request log line when `--access-log` is on.
//!
//! The route label is the matched route pattern, never the raw path, so
//! the number of series stays bounded whatever clients send.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::response::Response;
use metrics::{Counter, Histogram};

/// The metric handles of one (method, route, status), looked up in the
/// registry once per thread instead of once per request.
struct Handles {
    requests: Counter,
    duration: Histogram,
}

impl Handles {
    fn count(&self, elapsed: std::time::Duration) {
        self.requests.increment(1);
        self.duration.record(elapsed.as_secs_f64());
    }
}

/// A map found by foldhash (seeded per process), about a fifth of SipHash's
/// cost on these short keys: this lookup is on every request's path.
type Fast<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

thread_local! {
    /// By (method, status), then by route: found by the route's `&str`,
    /// with no allocation once a thread has seen the combination.
    static HANDLES: RefCell<Fast<(Method, u16), Fast<String, Handles>>> = RefCell::new(Fast::default());
}

/// What is known of a request before it is served, for its metrics and
/// its access-log line once it is answered.
pub struct Observation {
    started: Instant,
    method: Method,
    route: Option<MatchedPath>,
}

impl Observation {
    pub fn start(request: &Request) -> Self {
        Observation {
            started: Instant::now(),
            method: request.method().clone(),
            route: request.extensions().get::<MatchedPath>().cloned(),
        }
    }

    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The matched route pattern, or `unmatched`.
    pub fn route(&self) -> &str {
        self.route.as_ref().map_or("unmatched", MatchedPath::as_str)
    }

    /// Counts the answer and, with `--access-log`, logs it (inside the
    /// request's span, which carries its id, method and route).
    pub fn finish(self, access_log: bool, response: &Response) {
        let elapsed = self.started.elapsed();
        let (method, status) = (self.method, response.status().as_u16());
        let route = self.route.as_ref().map_or("unmatched", MatchedPath::as_str);
        HANDLES.with_borrow_mut(|handles| {
            let by_route = handles.entry((method.clone(), status)).or_default();
            if let Some(handles) = by_route.get(route) {
                handles.count(elapsed);
            } else {
                let made = Handles {
                    requests: metrics::counter!(
                        "tsconv_http_requests_total",
                        "method" => method.as_str().to_owned(),
                        "route" => route.to_owned(),
                        "status" => status.to_string()
                    ),
                    duration: metrics::histogram!("tsconv_http_request_duration_seconds", "route" => route.to_owned()),
                };
                made.count(elapsed);
                by_route.insert(route.to_owned(), made);
            }
        });
        if access_log {
            // The request's id, method, route and status are its span's.
            tracing::info!(target: "tsconv::access", latency_ms = elapsed.as_secs_f64() * 1000.0, "request");
        }
    }
}
