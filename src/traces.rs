//! Traces: with `OTEL_EXPORTER_OTLP_ENDPOINT` (or
//! `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) set, each request's span is
//! exported over OTLP/HTTP (protobuf) by `opentelemetry-otlp`, continuing
//! the caller's W3C `traceparent`; the other standard variables
//! (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`,
//! `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_EXPORTER_OTLP_TIMEOUT`, `OTEL_BSP_*`,
//! `OTEL_SDK_DISABLED`) are read by the SDK as it defines them.
//!
//! Without an endpoint nothing is set up: no exporter, no layer, and the
//! request context asks [`on`] (one atomic load) before reading any header.
//! A leaf: it imports nothing of the crate.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::http::HeaderMap;
use opentelemetry::propagation::TextMapPropagator as _;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{SdkTracerProvider, Tracer};
use tracing_opentelemetry::{OpenTelemetryLayer, OpenTelemetrySpanExt as _};
use tracing_subscriber::registry::LookupSpan;

/// Whether spans are exported.
static ON: AtomicBool = AtomicBool::new(false);

/// The provider, kept to flush and stop it at exit ([`shutdown`]).
static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();

/// Whether traces are exported: an endpoint is set and the SDK is not
/// disabled.
pub fn wanted() -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
    let disabled = std::env::var("OTEL_SDK_DISABLED").is_ok_and(|value| value.trim().eq_ignore_ascii_case("true"));
    (set("OTEL_EXPORTER_OTLP_ENDPOINT") || set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")) && !disabled
}

/// The layer that turns the request spans into exported spans, when
/// [`wanted`]; `Err` with the exporter's words when its settings are wrong.
/// Call it once, outside an async runtime (the exporter's HTTP client has a
/// thread of its own).
pub fn layer<S>() -> Result<Option<OpenTelemetryLayer<S, Tracer>>, String>
where
    S: tracing::Subscriber + for<'span> LookupSpan<'span>,
{
    if !wanted() {
        return Ok(None);
    }
    // This build's HTTP client has no TLS (no TLS stack is linked in):
    // a collector beside the replica holds it.
    let endpoint = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"]
        .into_iter()
        .find_map(|name| std::env::var(name).ok().filter(|value| !value.is_empty()))
        .unwrap_or_default();
    if endpoint.trim().to_ascii_lowercase().starts_with("https://") {
        return Err(format!(
            "the OTLP endpoint {endpoint:?} is https: this build exports over plain HTTP, to a collector beside it"
        ));
    }
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .build()
        .map_err(|error| format!("the OTLP exporter cannot be built: {error}"))?;
    let mut resource = opentelemetry_sdk::Resource::builder();
    // `tsconv` unless the standard variables name the service.
    let named = std::env::var_os("OTEL_SERVICE_NAME").is_some()
        || std::env::var("OTEL_RESOURCE_ATTRIBUTES").is_ok_and(|attributes| {
            attributes.split(',').any(|pair| pair.split('=').next().is_some_and(|key| key.trim() == "service.name"))
        });
    if !named {
        resource = resource.with_service_name("tsconv");
    }
    let provider = SdkTracerProvider::builder().with_batch_exporter(exporter).with_resource(resource.build()).build();
    let tracer = provider.tracer(env!("CARGO_PKG_NAME"));
    let _ = PROVIDER.set(provider);
    ON.store(true, Ordering::Release);
    Ok(Some(tracing_opentelemetry::layer().with_tracer(tracer)))
}

/// Whether spans are exported (set by [`layer`]).
#[inline]
pub fn on() -> bool {
    ON.load(Ordering::Relaxed)
}

/// Makes the request's `span` a child of the caller's span, named in
/// `headers`' `traceparent` (and `tracestate`; without one the request
/// starts a trace), and gives it OpenTelemetry's names of its method and
/// route (beside the span's own fields: `id`, `method`, `route`, `status`).
pub fn continue_trace(span: &tracing::Span, headers: &HeaderMap, method: &str, route: &str) {
    let parent = TraceContextPropagator::new().extract(&opentelemetry_http::HeaderExtractor(headers));
    // Only `LayerNotFound` can come back, and `on` says the layer is there.
    let _ = span.set_parent(parent);
    span.set_attribute("http.request.method", method.to_owned());
    span.set_attribute("http.route", route.to_owned());
}

/// The answer's status on the request's `span`: a server error marks the
/// span as failed.
pub fn finish(span: &tracing::Span, status: u16) {
    span.set_attribute("http.response.status_code", i64::from(status));
    if status >= 500 {
        span.set_status(opentelemetry::trace::Status::error(format!("HTTP {status}")));
    }
}

/// Exports the spans still buffered, then stops the exporter: call it as
/// the process ends, outside the async runtime.
pub fn shutdown() {
    if let Some(provider) = PROVIDER.get()
        && let Err(error) = provider.shutdown()
    {
        eprintln!("tsconv: the last spans could not be exported: {error}");
    }
}
