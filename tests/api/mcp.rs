//! Tools for AI agents: the Model Context Protocol over stdio (`tsconv mcp`)
//! and over Streamable HTTP (`/mcp`), driven by the official MCP Python SDK
//! (tests/api/mcp_client.py) and the official TypeScript SDK
//! (tests/api/mcp_client.mjs) as real clients; the tool list as model APIs
//! take it; the zone of a call that names none; and `/mcp`'s refusals in
//! the API's envelope.

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
async fn the_tools_are_listed_and_called_through_the_router() {
    let list = send(message(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    let names: Vec<&str> =
        list.body["result"]["tools"].as_array().unwrap().iter().map(|tool| tool["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "now",
            "convert",
            "validate",
            "format",
            "add",
            "diff",
            "round",
            "transitions",
            "zones",
            "extract",
            "schedule",
            "where"
        ]
    );
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "format", "arguments": {"timestamp": 1700000000, "format": "rfc3339", "timezone": "Asia/Kolkata"}}});
    let answer = send(message(call)).await;
    let result = &answer.body["result"];
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["formatted"], "2023-11-15T03:43:20+05:30");
    assert_eq!(result["content"][0]["text"], "2023-11-15T03:43:20+05:30\n");
    // `fields`: only those, in the structured content and the text.
    let call = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "convert", "arguments": {"timestamp": 1700000000, "timezone": "Asia/Kolkata", "fields": "iso,calendar"}}});
    let result = &send(message(call)).await.body["result"];
    let content = result["structuredContent"].as_object().unwrap();
    assert_eq!(content.keys().collect::<Vec<_>>(), ["calendar", "iso"]);
    assert_eq!(content["calendar"]["weekday"], "Wednesday");
    assert!(result["content"][0]["text"].as_str().unwrap().ends_with("iso: 2023-11-14T22:13:20.000Z\n"));
    let bad = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "round", "arguments": {"timestamp": 1700000000, "unit": "fortnight"}}});
    let refused = send(message(bad)).await;
    let result = &refused.body["result"];
    assert_eq!(result["isError"], true);
    assert_eq!(result["structuredContent"]["error"], "invalid_unit");
    assert_eq!(result["structuredContent"]["code"], 40013);
    assert_eq!(result["structuredContent"]["param"], "unit");
}

const LIST: &str = r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#;

/// HTTP's rule for `Accept` (RFC 9110): none at all admits any type, and
/// so do `*/*` and `application/*`; every one of these is answered in JSON,
/// as a client generated from the OpenAPI document sends them.
#[tokio::test]
async fn an_accept_that_admits_json_is_served() {
    for accept in [None, Some("*/*"), Some("application/json"), Some("application/*;q=0.5"), Some(ACCEPT)] {
        let mut request = post().header("content-type", "application/json");
        if let Some(accept) = accept {
            request = request.header("accept", accept);
        }
        let answer = send(request.body(Body::from(LIST)).unwrap()).await;
        assert_eq!(answer.status, 200, "{accept:?}: {:#}", answer.body);
        assert_eq!(answer.body["result"]["tools"].as_array().map(Vec::len), Some(12), "{accept:?}");
    }
}

/// What model APIs take (Anthropic's, OpenAI's, Bedrock's, Vertex's): each
/// tool's input schema an object with `properties` at its root and no
/// composition keyword there, and the whole list small enough to send with
/// every turn. The document's own bodies are compositions at the root
/// (`allOf` of the fields and a `oneOf` of what is needed), so a list that
/// passed them through would fail here.
#[tokio::test]
async fn every_tool_schema_is_flat_and_the_list_is_small() {
    let list = send(message(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))).await;
    let result = &list.body["result"];
    let bytes = result.to_string().len();
    assert!(bytes < 12 * 1024, "tools/list is {bytes} bytes");
    let doc = send(Request::get("/openapi.json").body(Body::empty()).unwrap()).await.body;
    let body = &doc["paths"]["/api/timestamp/convert"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    let name = body["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
    assert!(doc["components"]["schemas"][name]["allOf"].is_array(), "the document's body is no longer composed");
    for tool in result["tools"].as_array().unwrap() {
        let schema = tool["inputSchema"].as_object().unwrap();
        let name = &tool["name"];
        assert_eq!(schema["type"], "object", "{name}");
        let properties = schema["properties"].as_object().unwrap_or_else(|| panic!("{name}: no root properties"));
        for keyword in ["oneOf", "anyOf", "allOf", "not", "$ref", "if"] {
            assert!(!schema.contains_key(keyword), "{name}: {keyword} at the root");
        }
        for needed in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
            assert!(properties.contains_key(needed.as_str().unwrap()), "{name} needs {needed}");
        }
        for (parameter, schema) in properties {
            let words = schema["description"].as_str().unwrap_or_else(|| panic!("{name}.{parameter}: no words"));
            assert!(words.len() <= 100, "{name}.{parameter}: {words}");
            // The long lists are named, never spelled out.
            assert!(
                schema.get("enum").and_then(Value::as_array).is_none_or(|values| values.len() <= 8),
                "{name}.{parameter}"
            );
        }
        assert!(tool["description"].as_str().unwrap().contains("Example: {"), "{name}");
    }
    let round = &result["tools"][6];
    assert_eq!(round["inputSchema"]["required"], json!(["unit"]));
    assert!(round["description"].as_str().unwrap().ends_with("Give `timestamp`, or `timestamps`."));
}

#[tokio::test]
async fn what_is_no_protocol_message_is_refused_in_the_envelope() {
    let get = Request::get("/mcp").header("host", "tsconv.test").body(Body::empty()).unwrap();
    let refused = send(get).await;
    refused.assert_error(405, 40500, "method_not_allowed");
    assert_eq!(refused.headers["allow"], "POST");
    let no_message = post().header("content-type", "application/json").body(Body::from("{}")).unwrap();
    send(no_message).await.assert_error(400, 40000, "bad_request");
    for accept in ["text/event-stream", "text/html", "application/json;q=0, */*;q=0"] {
        let refused = post().header("content-type", "application/json").header("accept", accept);
        let refused = send(refused.body(Body::from(LIST)).unwrap()).await;
        refused.assert_error(406, 40600, "not_acceptable");
        assert!(refused.body["message"].as_str().unwrap().contains(accept), "{:#}", refused.body);
    }
    // Params that are no object, a fraction among them (rmcp would take one).
    for params in ["0.0", "5", "[]", "\"s\""] {
        let body = format!(r#"{{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {params}}}"#);
        let request = post().header("content-type", "application/json").header("accept", ACCEPT);
        send(request.body(Body::from(body)).unwrap()).await.assert_error(400, 40000, "bad_request");
    }
    // A `_meta` that is no object, in a request or a notification (which would get 202).
    for message in [
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": 5}}"#,
        r#"{"jsonrpc": "2.0", "method": "notifications/initialized", "params": {"_meta": []}}"#,
    ] {
        let request = post().header("content-type", "application/json").header("accept", ACCEPT);
        send(request.body(Body::from(message)).unwrap()).await.assert_error(400, 40000, "bad_request");
    }
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
    assert!(report.contains("stdio: 12 tools listed"), "{report}");
    assert!(report.contains("streamable HTTP: 12 tools listed"), "{report}");
    assert!(report.contains("401 unauthorized"), "{report}");
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs Node and the MCP TypeScript SDK: ./scripts/test installs it into target/mcp-ts and runs this"
)]
fn the_official_typescript_sdk_uses_every_tool_over_stdio_and_streamable_http() {
    let root = env!("CARGO_MANIFEST_DIR");
    let sdk = std::env::var_os("TSCONV_MCP_SDK")
        .map_or_else(|| Path::new(root).join("target/mcp-ts/node_modules/@modelcontextprotocol/sdk"), PathBuf::from);
    assert!(sdk.join("package.json").exists(), "no MCP TypeScript SDK at {}: run ./scripts/test", sdk.display());
    // A zone given as people name it (an abbreviation), read as the zone it stands for.
    let server = Server::start(&["--rate-limit", "0", "--default-timezone", "CEST"]);
    let binary = std::env::var("TSCONV_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_tsconv").to_owned());
    let output = Command::new("node")
        .arg(Path::new(root).join("tests/api/mcp_client.mjs"))
        .args([sdk.as_os_str(), binary.as_ref(), format!("http://{}", server.addr).as_ref(), "Europe/Paris".as_ref()])
        .env_remove("TSCONV_DEFAULT_TIMEZONE")
        .output()
        .expect("node (./scripts/test installs it)");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(report.contains("stdio: 12 tools listed"), "{report}");
    assert!(report.contains("now named the weekday in Asia/Kolkata"), "{report}");
    assert!(report.contains("streamable HTTP: 12 tools listed"), "{report}");
    assert!(report.contains("now named the weekday in Europe/Paris"), "{report}");
}

/// `tsconv mcp` answers a call without a zone in the machine's zone (`TZ`,
/// also as an abbreviation or a POSIX rule), or in `--default-timezone`.
#[test]
fn tsconv_mcp_answers_in_the_machines_zone() {
    let binary = std::env::var("TSCONV_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_tsconv").to_owned());
    let session = [
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
            "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "now", "arguments": {}}}),
    ];
    let input: String = session.iter().map(|message| format!("{message}\n")).collect();
    for (tz, flag, expected) in [
        (Some("Asia/Kolkata"), None, "Asia/Kolkata"),
        (Some(":America/Sao_Paulo"), None, "America/Sao_Paulo"),
        (Some("EDT"), None, "America/New_York"),
        (Some("CET-1CEST,M3.5.0,M10.5.0/3"), None, "CET"),
        (Some("Asia/Kolkata"), Some("Tokyo Standard Time"), "Asia/Tokyo"),
    ] {
        let mut command = Command::new(&binary);
        command.arg("mcp").env_remove("TSCONV_DEFAULT_TIMEZONE");
        if let Some(zone) = flag {
            command.args(["--default-timezone", zone]);
        }
        if let Some(tz) = tz {
            command.env("TZ", tz);
        }
        let mut child =
            command.stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().unwrap();
        use std::io::{BufRead, Write};
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let answer = lines
            .by_ref()
            .map(Result::unwrap)
            .map(|line| serde_json::from_str::<Value>(&line).unwrap())
            .find(|message| message["id"] == 1)
            .unwrap();
        drop(stdin);
        child.wait().unwrap();
        let data = &answer["result"]["structuredContent"];
        assert_eq!(data["timezone"], expected, "TZ={tz:?} --default-timezone {flag:?}: {answer}");
        assert!(data["calendar"]["weekday"].is_string(), "{answer}");
    }
}
