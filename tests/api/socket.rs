//! A few exchanges over a real socket, and the binary itself.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::helpers::{raw_exchange, spawn_app};

#[tokio::test]
async fn convert_over_a_real_socket() {
    let addr = spawn_app().await;
    let body = r#"{"timestamp": 1700000000, "timezone": "America/New_York"}"#;
    let request = format!(
        "POST /api/timestamp/convert HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = raw_exchange(addr, request.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(answer.contains("\"rfc3339\":\"2023-11-14T17:13:20-05:00\""), "{answer}");
    assert!(answer.to_ascii_lowercase().contains("api-version: 1\r\n"), "{answer}");
}

#[tokio::test]
async fn errors_over_a_real_socket_are_envelopes() {
    let addr = spawn_app().await;
    let answer =
        raw_exchange(addr, b"DELETE /api/timestamp/format HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    assert!(answer.contains("\"code\":40500"), "{answer}");
    // A declared length over the limit is refused; the body is read and
    // dropped, so the client gets the 413, not a reset while still sending.
    let padding = "x".repeat(70 * 1024);
    let request = format!(
        "POST /api/timestamp/convert HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{padding}",
        padding.len()
    );
    let answer = raw_exchange(addr, request.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"code\":41300"), "{answer}");
}

#[test]
fn the_binary_logs_its_address_first_and_serves_it() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsconv"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut first).unwrap();
    let addr =
        first.split("http://").nth(1).map(str::trim).unwrap_or_else(|| panic!("no address in {first:?}")).to_owned();
    assert!(!addr.ends_with(":0"), "{first}");
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let answer = runtime.block_on(raw_exchange(
        addr.parse().unwrap(),
        b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    ));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[test]
fn the_address_can_come_from_the_environment() {
    let output =
        Command::new(env!("CARGO_BIN_EXE_tsconv")).arg("serve").env("TSCONV_ADDR", "not-an-address").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not-an-address"));
}
