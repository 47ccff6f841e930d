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
