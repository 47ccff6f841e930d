//! Integration tests of the HTTP API: in-process through `app().oneshot`,
//! and over a real socket. Also the engine's property and differential tests.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod arithmetic;
mod batch;
mod cli;
mod conformance;
mod convert;
mod current;
mod date_math;
mod differential;
mod epochs;
mod errors;
mod format;
mod helpers;
mod hostile;
mod locales;
mod openapi;
mod oracles;
mod playground;
mod production;
mod readme;
mod roundtrip;
mod socket;
mod timezones;
mod transitions;
mod validate;
