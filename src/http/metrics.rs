//! The process-wide Prometheus recorder behind `/metrics`.
//!
//! Metrics: `tsconv_http_requests_total{method,route,status}`,
//! `tsconv_http_request_duration_seconds{route}` (histogram),
//! `tsconv_rate_limited_total`, `tsconv_rate_limit_store_errors_total`.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Latency buckets, in seconds: 50 µs to 10 s.
const BUCKETS: &[f64] =
    &[0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 10.0];

/// The recorder's handle, installing the recorder on first use.
pub fn handle() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("duration_seconds".to_owned()), BUCKETS)
            .map(PrometheusBuilder::build_recorder);
        match recorder {
            Ok(recorder) => {
                let handle = recorder.handle();
                if metrics::set_global_recorder(recorder).is_err() {
                    tracing::warn!("another metrics recorder is installed: /metrics will stay empty");
                }
                describe();
                handle
            }
            Err(error) => {
                tracing::warn!(%error, "cannot build the metrics recorder: /metrics will stay empty");
                PrometheusBuilder::new().build_recorder().handle()
            }
        }
    })
}

/// HELP lines, and the counters that start at zero (so dashboards and
/// alerts see them before the first event).
fn describe() {
    metrics::describe_counter!("tsconv_http_requests_total", "HTTP requests answered, by method, route and status");
    metrics::describe_histogram!(
        "tsconv_http_request_duration_seconds",
        metrics::Unit::Seconds,
        "Time to answer an HTTP request, by route"
    );
    metrics::describe_counter!("tsconv_rate_limited_total", "Requests refused with 429 by the rate limit");
    metrics::describe_counter!(
        "tsconv_rate_limit_store_errors_total",
        "Rate-limit checks that could not reach the shared store (Redis)"
    );
    metrics::counter!("tsconv_rate_limited_total").increment(0);
    metrics::counter!("tsconv_rate_limit_store_errors_total").increment(0);
}

/// Periodic housekeeping of the recorder (histogram upkeep).
pub fn upkeep() {
    handle().run_upkeep();
}
