//! The OpenAPI document: valid 3.1, describes every route the router
//! serves (and nothing else), the docs page works offline, and schemathesis
//! finds nothing against the running server.
//!
//! The Python tools come from the virtualenv that `./scripts/test` makes
//! under `target/venv-st` (override with `TSCONV_VENV`).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use axum::http::Method;
use serde_json::Value;

use crate::helpers::{Server, get, method};

/// Every route of the API (and the docs page), as the router serves them.
const SPEC_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/timestamp/current"),
    ("GET", "/api/timestamp/convert"),
    ("POST", "/api/timestamp/convert"),
    ("GET", "/api/timestamp/validate"),
    ("POST", "/api/timestamp/validate"),
    ("GET", "/api/timestamp/format"),
    ("POST", "/api/timestamp/format"),
    ("GET", "/api/timestamp/add"),
    ("POST", "/api/timestamp/add"),
    ("GET", "/api/timestamp/round"),
    ("POST", "/api/timestamp/round"),
    ("GET", "/api/timestamp/extract"),
    ("POST", "/api/timestamp/extract"),
    ("GET", "/api/timestamp/diff"),
    ("POST", "/api/timestamp/diff"),
    ("GET", "/api/timezones"),
    ("GET", "/api/timezones/lookup"),
    ("GET", "/api/locales"),
    ("GET", "/api/timezones/{zone}/transitions"),
    ("GET", "/api/timezones/{zone}/transitions.ics"),
    ("GET", "/api/schedule"),
    ("POST", "/api/schedule"),
    ("GET", "/api/schedule.ics"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/metrics"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
    ("GET", "/docs/"),
    ("POST", "/mcp"),
    ("GET", "/"),
];

/// worldtimeapi.org's and timeapi.io's routes, served at their own paths
/// only (no `/api/v1` twin: they are those services' contracts).
const OTHER_APIS: &[(&str, &str)] = &[
    ("GET", "/api/timezone"),
    ("GET", "/api/timezone/{area}"),
    ("GET", "/api/timezone/{area}/{location}"),
    ("GET", "/api/timezone/{area}/{location}/{region}"),
    ("GET", "/api/ip"),
    ("GET", "/api/ip/{address}"),
    ("GET", "/api/Time/current/zone"),
    ("GET", "/api/Time/current/coordinate"),
    ("GET", "/api/Time/current/ip"),
    ("GET", "/api/TimeZone/AvailableTimeZones"),
    ("GET", "/api/TimeZone/zone"),
    ("GET", "/api/TimeZone/coordinate"),
    ("GET", "/api/TimeZone/ip"),
    ("POST", "/api/Conversion/ConvertTimeZone"),
    ("GET", "/api/Conversion/DayOfTheWeek/{date}"),
    ("POST", "/api/Calculation/current/increment"),
    ("POST", "/api/Calculation/current/decrement"),
    ("POST", "/api/Calculation/custom/increment"),
    ("POST", "/api/Calculation/custom/decrement"),
    ("GET", "/api/health/check"),
];

async fn document() -> Value {
    let reply = get("/openapi.json").await;
    assert_eq!(reply.status, 200);
    reply.body
}

fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            routes.insert((method.to_ascii_uppercase(), path.clone()));
        }
    }
    routes
}

#[tokio::test]
async fn the_document_describes_every_route_and_only_those() {
    let doc = document().await;
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    let documented = documented(&doc);
    let mut expected = BTreeSet::new();
    for (method, path) in SPEC_ROUTES {
        expected.insert((method.to_string(), path.to_string()));
        if let Some(rest) = path.strip_prefix("/api/") {
            expected.insert((method.to_string(), format!("/api/v1/{rest}")));
        }
    }
    for (method, path) in OTHER_APIS {
        expected.insert((method.to_string(), path.to_string()));
    }
    assert_eq!(documented, expected);
    // Each documented operation is routed: never the 404 of no route (a
    // zone or an address worldtimeapi does not know is its own 404), nor a 405.
    for (verb, path) in &documented {
        let reply = method(Method::from_bytes(verb.as_bytes()).unwrap(), path).await;
        let no_route = reply.status == 404 && reply.body["data"]["error"] == "not_found";
        assert!(!no_route && reply.status != 405, "{verb} {path}: {}", reply.status);
    }
    // Operation ids are unique (the /api/v1 copies have their own).
    let ids: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|operation| operation["operationId"].as_str())
        .collect();
    assert_eq!(ids.len(), ids.iter().collect::<BTreeSet<_>>().len());
    // Every reference names a schema of the document.
    let text = doc.to_string();
    for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &reference[..reference.find('"').unwrap()];
        assert!(doc["components"]["schemas"].get(name).is_some(), "{name} is referenced but not defined");
    }
}

/// The whole document, pinned: a change to any parameter, schema, limit or
/// response shows in review as a diff of `snapshots/api__openapi__openapi.snap`
/// (after an intended change, `INSTA_UPDATE=always cargo test --test api
/// the_document_is_pinned` rewrites it). The ~600 zone names, which each
/// endpoint's `timezone` lists, are checked against the bundled database
/// and pinned as one mark, so a tzdb update does not rewrite the file; each
/// `/api/v1` operation is checked to be its `/api` twin (but for its
/// `operationId`) and left out.
#[tokio::test]
async fn the_document_is_pinned() {
    let mut doc = document().await;
    let paths = doc["paths"].as_object_mut().unwrap();
    let versioned: Vec<String> = paths.keys().filter(|path| path.starts_with("/api/v1/")).cloned().collect();
    for path in versioned {
        let mut twin = paths.remove(&path).unwrap();
        for operation in twin.as_object_mut().unwrap().values_mut() {
            let id = operation["operationId"].as_str().unwrap().strip_suffix("_v1").unwrap().to_owned();
            operation["operationId"] = Value::String(id);
        }
        assert_eq!(twin, paths[&path.replacen("/api/v1/", "/api/", 1)], "{path}");
    }
    let mut zones = vec!["UTC", "Z"];
    zones.extend(tsconv_time::zone::names().iter().filter(|name| **name != "UTC"));
    let mut marked = 0;
    mark_zone_lists(&mut doc, &zones, &mut marked);
    assert!(marked >= 9, "each endpoint that reads a zone lists the zones: {marked}");
    insta::assert_snapshot!("openapi", serde_json::to_string_pretty(&doc).unwrap());
}

/// Replaces every enum that lists exactly `zones` with a mark.
fn mark_zone_lists(value: &mut Value, zones: &[&str], marked: &mut usize) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Array(values)) = object.get("enum")
                && values.len() == zones.len()
                && values.iter().zip(zones).all(|(value, zone)| value == zone)
            {
                object.insert("enum".to_owned(), Value::String("[the zones of the bundled tzdb]".to_owned()));
                *marked += 1;
            }
            object.values_mut().for_each(|value| mark_zone_lists(value, zones, marked));
        }
        Value::Array(items) => items.iter_mut().for_each(|value| mark_zone_lists(value, zones, marked)),
        _ => {}
    }
}

#[tokio::test]
async fn the_docs_page_loads_nothing_from_outside() {
    let page = crate::helpers::send(axum::http::Request::get("/docs/").body(axum::body::Body::empty()).unwrap()).await;
    assert_eq!(page.status, 200);
    let raw = |path: &'static str| async move {
        let response = tower::ServiceExt::oneshot(
            tsconv::http::app(crate::helpers::state()),
            axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap(),
        )
        .await
        .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    for path in ["/docs/index.html", "/docs/swagger-initializer.js"] {
        let text = raw(path).await;
        assert!(!text.contains("http://") && !text.contains("https://"), "{path} names an outside host");
    }
    let initializer = raw("/docs/swagger-initializer.js").await;
    assert!(initializer.contains("\"url\": \"/openapi.json\"") && initializer.contains("\"validatorUrl\": \"none\""));
    assert!(raw("/docs/swagger-ui-bundle.js").await.len() > 100_000);
}

fn venv_tool(name: &str) -> PathBuf {
    let venv = std::env::var_os("TSCONV_VENV")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/venv-st"), PathBuf::from);
    let tool = venv.join("bin").join(name);
    assert!(
        tool.exists(),
        "{} is missing: run ./scripts/test, which installs schemathesis and openapi-spec-validator",
        tool.display()
    );
    tool
}

#[tokio::test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the schemathesis venv: ./scripts/test installs it and runs this"
)]
async fn the_document_is_valid_openapi_3_1() {
    let doc = document().await;
    let file = std::env::temp_dir().join(format!("tsconv-openapi-{}.json", std::process::id()));
    std::fs::write(&file, doc.to_string()).unwrap();
    let output = Command::new(venv_tool("python"))
        .args(["-c", "import sys; from openapi_spec_validator import validate; from openapi_spec_validator.readers import read_from_filename; validate(read_from_filename(sys.argv[1])[0])"])
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// The custom check of tests/schemathesis/hooks.py, which narrows what
/// schemathesis.toml lets `positive_data_acceptance` accept, has unit tests
/// of its own.
#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the schemathesis venv: ./scripts/test installs it and runs this"
)]
fn the_schemathesis_hook_allows_only_semantic_refusals() {
    let output = Command::new(venv_tool("python"))
        .arg("tests/schemathesis/test_hooks.py")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && report.contains("OK"), "{report}");
}

#[test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs the schemathesis venv: ./scripts/test installs it and runs this"
)]
fn schemathesis_finds_nothing() {
    let st = venv_tool("st");
    // With an IP database (one the tests write), the IP routes answer.
    let database = std::env::temp_dir().join(format!("tsconv-st-{}.mmdb", std::process::id()));
    let record = crate::mmdb::city(Some("London"), Some("GB"), Some((51.5, -0.09, Some("Europe/London"))));
    std::fs::write(&database, crate::mmdb::write(&[(std::net::Ipv4Addr::new(81, 2, 69, 0), 24, record)])).unwrap();
    let server = Server::start(&["--rate-limit", "0", "--geoip-db", database.to_str().unwrap()]);
    // A fixed seed keeps CI reproducible; TSCONV_ST_SEED explores others.
    let seed = std::env::var("TSCONV_ST_SEED").unwrap_or_else(|_| "149402518353885767815628698284851643426".to_owned());
    // Two runs at once over halves of the document, each using a core
    // (schemathesis computes in one Python thread whatever its workers).
    // The `/api/v1` operations are left out: the same routes (`http::api`),
    // each checked above to be its `/api` twin in the document.
    let halves = [
        ["--include-path-regex", "^/api/(timestamp|schedule)"],
        ["--exclude-path-regex", "^/api/(v1/|timestamp|schedule)"],
    ];
    let runs: Vec<_> = halves
        .iter()
        .map(|half| {
            Command::new(&st)
                .args(["run", &format!("http://{}/openapi.json", server.addr), "--checks", "all", "--no-color"])
                .args(["--seed", &seed])
                .args(half)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = runs.into_iter().map(|run| run.wait_with_output().unwrap()).collect();
    server.signal("TERM");
    let (status, _) = server.wait();
    let _ = std::fs::remove_file(&database);
    for (half, output) in halves.iter().zip(&outputs) {
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "schemathesis found problems ({half:?}):\n{report}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        // The last line is "No issues found in …", or "N warnings in …" when an
        // operation mostly refused its generated data (a warning, not a finding:
        // most random strings are not timestamps). Failures and errors fail.
        let summary = report.lines().rev().find(|line| line.contains(" in ")).unwrap_or_default();
        assert!(summary.contains("No issues found") || summary.contains("warning"), "{report}");
        assert!(!summary.contains("failure") && !summary.contains("error"), "{report}");
        // Each half tested operations: a regex that matched none would pass vacuously.
        assert!(report.contains("Tested:") && !report.contains("Tested: 0"), "{report}");
    }
    assert!(status.success());
}
