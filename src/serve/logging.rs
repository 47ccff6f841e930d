//! Log output: text or JSON lines on standard error, filtered by
//! `RUST_LOG` (default `info`).
//!
//! Every request opens a span (see `http::middleware::request_context`),
//! whether or not anything is logged in it, so what a span costs is paid by
//! every request (BENCHMARKS.md, step 8):
//! - text lines write their fields with [`PlainFields`] instead of
//!   tracing-subscriber's default, which writes each field through
//!   `core::fmt` with styling (about 3,000 instructions per request);
//! - `RUST_LOG` is read as a [`Targets`] filter (`info`, `tsconv=debug`,
//!   `warn,tsconv::access=info`): `EnvFilter` would also take span-field
//!   directives, but tracks every span it sees behind a lock, on every
//!   enter and exit.

use std::fmt;
use std::io::IsTerminal;

use tracing::Level;
use tracing::field::{Field, Visit};
use tracing_subscriber::field::RecordFields;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::FormatFields;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt as _;

use crate::config::LogFormat;

/// Installs the global subscriber.
pub fn init(format: LogFormat) {
    let (filter, unread) = match std::env::var("RUST_LOG") {
        Ok(text) => match text.parse::<Targets>() {
            Ok(filter) => (filter, None),
            Err(error) => (Targets::new().with_default(Level::INFO), Some((text, error))),
        },
        Err(_) => (Targets::new().with_default(Level::INFO), None),
    };
    // Traces only with an OTLP endpoint; a wrong setting is
    // logged below and the server runs without them. Without them the
    // subscriber is built without the layer (not with an empty one, which
    // every span event would still visit).
    let logs = tracing_subscriber::registry().with(filter);
    let untraced = match crate::traces::layer() {
        Ok(Some(traces)) => {
            install(logs.with(traces), format);
            None
        }
        Ok(None) => {
            install(logs, format);
            None
        }
        Err(error) => {
            install(logs, format);
            Some(error)
        }
    };
    if let Some(error) = untraced {
        tracing::error!(%error, "traces are off");
    }
    if let Some((text, error)) = unread {
        tracing::warn!(rust_log = %text, %error, "RUST_LOG not understood: logging at info");
    }
}

/// Sets `logs`, with the log lines in `format` on standard error, as the
/// process's subscriber.
fn install<S>(logs: S, format: LogFormat)
where
    S: tracing::Subscriber + for<'span> LookupSpan<'span> + Send + Sync + 'static,
{
    let layer = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    match format {
        LogFormat::Text => {
            logs.with(layer.fmt_fields(PlainFields).with_ansi(std::io::stderr().is_terminal())).init();
        }
        LogFormat::Json => {
            logs.with(layer.json().flatten_event(true).with_current_span(true).with_span_list(false)).init();
        }
    }
}

/// Writes fields as `name=value`, separated by spaces; the message alone,
/// without its name. Strings are written as they are, numbers through
/// `itoa`; anything else through `Debug`.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainFields;

impl<'writer> FormatFields<'writer> for PlainFields {
    fn format_fields<R: RecordFields>(&self, writer: Writer<'writer>, fields: R) -> fmt::Result {
        let mut visitor = Plain { writer, first: true, result: Ok(()) };
        fields.record(&mut visitor);
        visitor.result
    }
}

struct Plain<'writer> {
    writer: Writer<'writer>,
    first: bool,
    result: fmt::Result,
}

impl Plain<'_> {
    /// Writes the separator and `name=`, or nothing for the message; false
    /// for a field not to be written.
    fn name(&mut self, field: &Field) -> bool {
        let name = field.name();
        if name.starts_with("log.") {
            return false;
        }
        if !self.first {
            self.result = self.result.and(self.writer.write_char(' '));
        }
        self.first = false;
        if name != "message" {
            let name = name.strip_prefix("r#").unwrap_or(name);
            self.result = self.result.and(self.writer.write_str(name)).and(self.writer.write_char('='));
        }
        true
    }
}

impl Visit for Plain<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        if self.name(field) {
            self.result = self.result.and(self.writer.write_str(value));
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        if self.name(field) {
            self.result = self.result.and(self.writer.write_str(itoa::Buffer::new().format(value)));
        }
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        if self.name(field) {
            self.result = self.result.and(self.writer.write_str(itoa::Buffer::new().format(value)));
        }
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        if self.name(field) {
            self.result = self.result.and(self.writer.write_str(if value { "true" } else { "false" }));
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if self.name(field) {
            self.result = self.result.and(write!(self.writer, "{value:?}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_written_plainly() {
        let mut text = String::new();
        let subscriber = tracing_subscriber::fmt()
            .fmt_fields(PlainFields)
            .with_ansi(false)
            .without_time()
            .with_target(false)
            .with_level(false)
            .with_writer(move || Capture)
            .finish();
        struct Capture;
        impl std::io::Write for Capture {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                LINES.with_borrow_mut(|lines| lines.extend_from_slice(bytes));
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        thread_local!(static LINES: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) });
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("request", id = "abc-1", route = %"/r", status = tracing::field::Empty);
            span.record("status", 200u16);
            span.in_scope(|| tracing::info!(latency_ms = 0.5, ok = true, delta = -3i64, "done {}", 7));
        });
        LINES.with_borrow(|lines| text.push_str(std::str::from_utf8(lines).unwrap()));
        assert_eq!(text, "request{id=abc-1 route=/r status=200}: done 7 latency_ms=0.5 ok=true delta=-3\n");
    }
}
