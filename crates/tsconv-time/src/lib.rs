//! tsconv's time engine: it reads every timestamp people paste or type and
//! writes every form they need, exact to the nanosecond, in any IANA zone
//! and any CLDR locale. It knows nothing of HTTP: the `tsconv` crate serves
//! it over HTTP and the shell.
//!
//! Reading: [`input`] turns what a caller typed into an instant ([`input::read`]),
//! with `iso` (ISO 8601, RFC 3339, RFC 9557), `mail` (RFC 5322, HTTP
//! dates), [`epoch`] (the other epoch systems, with [`leap`] for
//! GPS time), [`id`] (the time-bearing IDs), [`date_math`]
//! (Elasticsearch's date math), [`human`] (what people type,
//! read when no machine format reads the text), [`digits`] (digits
//! of every script) and [`local`] (wall-clock times in DST gaps and folds).
//! Zones: [`zone`], [`windows`] (Windows zone IDs), [`transitions`].
//! Writing: [`render`] (every output form, `strftime` patterns),
//! [`discord`] (the Discord styles), [`locale`] (CLDR texts in any
//! language). Arithmetic: [`arithmetic`] adds, rounds and measures
//! spans on the wall clock, in the units of [`mod@unit`].
//! [`validate`] builds the validation report, and [`ops`] composes all of
//! it into the operations every face shares: [`ops::current`],
//! [`ops::convert`], [`ops::format`], [`ops::add`], [`ops::round`],
//! [`ops::diff`], [`ops::validate`].
//!
//! Each answer type lives beside the module that makes it; the answers that
//! name an instant hold only the [`fields`] a caller asked for. With the
//! `serde` feature every answer is `Serialize` and `json` writes the
//! answers most requests send straight into a buffer; with `openapi` each
//! has its OpenAPI schema.
//!
//! ```
//! use jiff::Timestamp;
//! use tsconv_time::fields::Fields;
//! use tsconv_time::input::{Input, ReadOptions};
//! use tsconv_time::zone::Zone;
//!
//! let zone = Zone::parse("America/New_York").unwrap();
//! let now = Timestamp::UNIX_EPOCH;
//! let options = ReadOptions::defaults(&zone, now);
//! let report = tsconv_time::ops::convert(Input::Text("1700000000"), &options, None, now, Fields::ALL).unwrap();
//! assert_eq!(report.rfc3339.as_deref(), Some("2023-11-14T17:13:20-05:00"));
//! ```

pub mod arithmetic;
pub mod bulk;
pub mod calendar;
pub mod date_math;
pub mod digits;
pub mod discord;
pub mod epoch;
pub mod error;
pub mod extract;
pub mod fields;
pub mod human;
pub mod ics;
pub mod id;
pub mod input;
mod iso;
#[cfg(feature = "serde")]
pub mod json;
pub mod kind;
pub mod leap;
pub mod local;
pub mod locale;
mod mail;
pub mod ops;
pub mod precision;
pub mod render;
pub mod rewrite;
pub mod schedule;
#[cfg(feature = "openapi")]
mod schema;
mod strftime;
pub mod transitions;
pub mod unit;
pub mod validate;
pub mod windows;
pub mod zone;

#[cfg(any(test, feature = "arbitrary"))]
pub mod arbitrary;
