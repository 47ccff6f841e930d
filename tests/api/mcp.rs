//! Tools for AI agents (SPEC 12): the Model Context Protocol over stdio
//! (`tsconv mcp`) and over Streamable HTTP (`/mcp`), driven by the official
//! MCP Python SDK as a real client (tests/api/mcp_client.py), and `/mcp`'s
//! refusals in the API's envelope.

use std::path::{Path, PathBuf};
use std::process::Command;

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::helpers::{Server, send};
use tsconv::http::access::keys::generate;

const ACCEPT: &str = "application/json, text/event-stream";

/// A POST to /mcp, with the Host header every HTTP/1.1 client sends.
fn post() -> axum::http::request::Builder {
    Request::post("/mcp").header("host", "tsconv.test")
}

fn message(body: Value) -> Request<Body> {
    post()
        .header("content-type", "application/json")
        .header("accept", ACCEPT)
        .body(Body::from(body.to_string()))
        .unwrap()
}

#[tokio::test]
async fn the_nine_tools_are_listed_and_called_through_the_router() {
    let list = send(message(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    let names: Vec<&str> =
        list.body["result"]["tools"].as_array().unwrap().iter().map(|tool| tool["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["now", "convert", "validate", "format", "add", "diff", "round", "transitions", "zones"]);
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "format", "arguments": {"timestamp": 1700000000, "format": "rfc3339", "timezone": "Asia/Kolkata"}}});
    let answer = send(message(call)).await;
    let result = &answer.body["result"];
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["formatted"], "2023-11-15T03:43:20+05:30");
    assert_eq!(result["content"][0]["text"], "2023-11-15T03:43:20+05:30\n");
    let bad = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "round", "arguments": {"timestamp": 1700000000, "unit": "fortnight"}}});
    let refused = send(message(bad)).await;
    let result = &refused.body["result"];
    assert_eq!(result["isError"], true);
    assert_eq!(result["structuredContent"]["error"], "invalid_unit");
    assert_eq!(result["structuredContent"]["code"], 40013);
    assert_eq!(result["structuredContent"]["param"], "unit");
}

#[tokio::test]
async fn what_is_no_protocol_message_is_refused_in_the_envelope() {
    let get = Request::get("/mcp").header("host", "tsconv.test").body(Body::empty()).unwrap();
    let refused = send(get).await;
    refused.assert_error(405, 40500, "method_not_allowed");
    assert_eq!(refused.headers["allow"], "POST");
    let no_accept = post().header("content-type", "application/json").body(Body::from("{}")).unwrap();
    send(no_accept).await.assert_error(400, 40000, "bad_request");
    let not_json = post().header("content-type", "application/json").header("accept", ACCEPT);
    send(not_json.body(Body::from("{nope")).unwrap()).await.assert_error(400, 40000, "bad_request");
    let text = post().header("content-type", "text/plain").header("accept", ACCEPT);
    send(text.body(Body::from("hello")).unwrap()).await.assert_error(415, 41500, "unsupported_media_type");
    let large = post().header("content-type", "application/json").header("accept", ACCEPT);
    let body = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"{}\"}}", "x".repeat(70_000));
    send(large.body(Body::from(body)).unwrap()).await.assert_error(413, 41300, "payload_too_large");
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the MCP Python SDK: ./scripts/test installs it into target/venv-st and runs this"
)]
fn the_official_python_sdk_uses_every_tool_over_stdio_and_streamable_http() {
    let root = env!("CARGO_MANIFEST_DIR");
    let venv = std::env::var_os("TSCONV_VENV").map_or_else(|| Path::new(root).join("target/venv-st"), PathBuf::from);
    let folder = std::env::temp_dir().join(format!("tsconv-mcp-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (key, line) = generate(Some("agent")).unwrap();
    std::fs::write(folder.join("keys"), format!("{line}\n")).unwrap();
    let server = Server::start(&["--rate-limit", "0", "--api-keys-file", folder.join("keys").to_str().unwrap()]);
    let binary = std::env::var("TSCONV_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_tsconv").to_owned());
    let output = Command::new(venv.join("bin/python"))
        .arg(Path::new(root).join("tests/api/mcp_client.py"))
        .args([&binary, &format!("http://{}", server.addr), &key])
        .output()
        .expect("the test venv's python (./scripts/test makes it)");
    let _ = std::fs::remove_dir_all(&folder);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("stdio: 9 tools listed"), "{report}");
    assert!(report.contains("streamable HTTP: 9 tools listed"), "{report}");
    assert!(report.contains("401 unauthorized"), "{report}");
}
