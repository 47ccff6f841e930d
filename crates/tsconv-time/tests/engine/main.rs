//! The engine's tests against independent implementations and corpora:
//! Python's `zoneinfo` (`differential`), GNU `date` and Node's `Intl`
//! (`oracles`), test262 and the JSON-Schema suite (`conformance`), and
//! property round trips (`roundtrip`).

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod conformance;
mod differential;
mod english;
mod extract_corpus;
mod human;
mod intl;
mod languages;
mod oracle;
mod oracles;
mod other_parsers;
mod published;
mod rewritten;
mod roundtrip;
mod schedules;
