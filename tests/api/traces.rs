//! Traces: a server started with `OTEL_EXPORTER_OTLP_ENDPOINT`
//! exports each request's span over OTLP/HTTP to a local receiver (this
//! test's, decoding the protobuf as a collector would), continuing the
//! caller's W3C `traceparent`, with the request id, route and status.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::common::v1::any_value::Value as Any;
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message as _;

use crate::helpers::{Server, raw_exchange};

/// A local OTLP/HTTP receiver: each POST is answered 200 (an empty
/// protobuf answer) and handed over as its path and body.
fn receiver() -> (String, mpsc::Receiver<(String, Vec<u8>)>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let (sender, received) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming().map_while(Result::ok) {
            let sender = sender.clone();
            std::thread::spawn(move || serve(stream, &sender));
        }
    });
    (url, received)
}

/// The requests of one connection (the exporter keeps it alive).
fn serve(mut stream: std::net::TcpStream, sender: &mpsc::Sender<(String, Vec<u8>)>) {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") else {
            match stream.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            }
            continue;
        };
        let head = String::from_utf8_lossy(&buffer[..end]).into_owned();
        let path = head.split(' ').nth(1).unwrap_or_default().to_owned();
        let length: usize = head
            .lines()
            .find_map(|line| {
                line.to_ascii_lowercase().strip_prefix("content-length:").map(|n| n.trim().parse().unwrap())
            })
            .unwrap_or(0);
        while buffer.len() < end + 4 + length {
            match stream.read(&mut chunk) {
                Ok(0) | Err(_) => return,
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
            }
        }
        let body = buffer[end + 4..end + 4 + length].to_vec();
        buffer.drain(..end + 4 + length);
        let answer = b"HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n";
        if stream.write_all(answer).is_err() {
            return;
        }
        let _ = sender.send((path, body));
    }
}

fn attributes(attributes: &[KeyValue]) -> HashMap<String, String> {
    attributes
        .iter()
        .map(|kv| {
            let value = match kv.value.as_ref().and_then(|v| v.value.as_ref()) {
                Some(Any::StringValue(text)) => text.clone(),
                Some(Any::IntValue(n)) => n.to_string(),
                Some(Any::BoolValue(b)) => b.to_string(),
                other => format!("{other:?}"),
            };
            (kv.key.clone(), value)
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn a_request_is_a_span_continuing_the_callers_trace_with_its_id_route_and_status() {
    let (url, received) = receiver();
    let env = [
        ("OTEL_EXPORTER_OTLP_ENDPOINT", url.as_str()),
        ("OTEL_BSP_SCHEDULE_DELAY", "50"),
        ("OTEL_RESOURCE_ATTRIBUTES", "service.name=tsconv-test,deployment.environment=ci"),
    ];
    let server = Server::start_with_env(&["--rate-limit", "0"], &env);
    let (trace, parent) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let child = format!(
        "GET /api/timestamp/convert?timestamp=1700000000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\
         X-Request-Id: traced-1\r\ntraceparent: 00-{trace}-{parent}-01\r\n\r\n"
    );
    assert!(raw_exchange(server.addr, child.as_bytes()).await.starts_with("HTTP/1.1 200"));
    let root = "GET /api/timezones/Mars/transitions HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Request-Id: traced-2\r\n\r\n";
    assert!(raw_exchange(server.addr, root.as_bytes()).await.starts_with("HTTP/1.1 400"));

    let mut spans: HashMap<String, (Span, HashMap<String, String>)> = HashMap::new();
    let mut services = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while spans.len() < 2 {
        let wait = deadline.saturating_duration_since(Instant::now());
        let (path, body) = received.recv_timeout(wait).expect("the receiver got no span within 20 s");
        assert_eq!(path, "/v1/traces");
        let request = ExportTraceServiceRequest::decode(body.as_slice()).unwrap();
        for resource in request.resource_spans {
            services.extend(attributes(&resource.resource.unwrap_or_default().attributes).remove("service.name"));
            for span in resource.scope_spans.into_iter().flat_map(|scope| scope.spans) {
                let fields = attributes(&span.attributes);
                if let Some(id) = fields.get("id") {
                    spans.insert(id.clone(), (span, fields));
                }
            }
        }
    }
    assert!(services.iter().all(|name| name == "tsconv-test"), "{services:?}");

    // The caller's trace, continued: same trace id, its span as parent.
    let (span, fields) = &spans["traced-1"];
    assert_eq!(hex(&span.trace_id), trace);
    assert_eq!(hex(&span.parent_span_id), parent);
    assert_eq!(fields["route"], "/api/timestamp/convert");
    assert_eq!(fields["http.route"], "/api/timestamp/convert");
    assert_eq!(fields["method"], "GET");
    assert_eq!(fields["status"], "200");
    assert_eq!(fields["http.response.status_code"], "200");
    assert!(span.end_time_unix_nano > span.start_time_unix_nano);

    // Without a traceparent, a trace of its own.
    let (span, fields) = &spans["traced-2"];
    assert!(span.parent_span_id.is_empty(), "{:?}", span.parent_span_id);
    assert_ne!(hex(&span.trace_id), trace);
    assert_eq!(fields["route"], "/api/timezones/{*rest}");
    assert_eq!(fields["status"], "400");

    server.signal("TERM");
    let (status, logs) = server.wait();
    assert!(status.success(), "{logs:?}");
}

#[tokio::test]
async fn an_https_endpoint_is_refused_in_the_log_and_the_server_serves_without_traces() {
    let env = [("OTEL_EXPORTER_OTLP_ENDPOINT", "https://127.0.0.1:4318")];
    let server = Server::start_with_env(&["--rate-limit", "0"], &env);
    let ask = "GET /api/timestamp/convert?timestamp=1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    assert!(raw_exchange(server.addr, ask.as_bytes()).await.starts_with("HTTP/1.1 200"));
    server.signal("TERM");
    let (status, logs) = server.wait();
    assert!(status.success(), "{logs:?}");
    assert!(
        logs.iter().any(|line| line.contains("traces are off") && line.contains("is https")),
        "no refusal logged: {logs:?}"
    );
}
