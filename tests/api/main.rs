//! Integration tests of the HTTP API: in-process through `app().oneshot`,
//! and over a real socket. The engine's own property, differential and
//! conformance tests are in `crates/tsconv-time/tests/engine`.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod arithmetic;
mod batch;
mod cli;
mod compat;
mod convert;
mod cors;
mod current;
mod date_math;
mod dates_in_text;
mod epochs;
mod errors;
mod fields;
mod format;
mod helpers;
mod hostile;
mod human;
mod locales;
mod mcp;
mod mmdb;
mod openapi;
#[path = "../../crates/tsconv-time/tests/engine/oracle.rs"]
mod oracle;
mod places;
mod plain_text;
mod playground;
mod production;
mod readme;
mod replicas;
mod rewrite;
mod schedule;
mod socket;
mod timezones;
mod traces;
mod transitions;
mod validate;

/// Every snapshot file is one a test asserts: a snapshot left behind by a
/// renamed or removed test would pin nothing and mislead a reviewer.
#[test]
fn every_snapshot_is_referenced() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api");
    let mut unreferenced = Vec::new();
    for entry in std::fs::read_dir(root.join("snapshots")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // api__{module}__{snapshot}.snap, asserted in {module}.rs.
        let parts: Vec<&str> = name.trim_end_matches(".snap").splitn(3, "__").collect();
        let [_, module, snapshot] = parts[..] else {
            unreferenced.push(name);
            continue;
        };
        let source = std::fs::read_to_string(root.join(format!("{module}.rs"))).unwrap_or_default();
        if !name.ends_with(".snap") || !source.contains(&format!("assert_snapshot!(\"{snapshot}\"")) {
            unreferenced.push(name);
        }
    }
    assert!(unreferenced.is_empty(), "snapshot files no test asserts (remove them): {unreferenced:?}");
}
