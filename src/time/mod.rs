//! The time engine: no HTTP types anywhere in here.
//!
//! [`input`] turns what a caller typed into an instant, [`zone`] resolves
//! time zones, [`render`] turns an instant into every output form,
//! [`validate`] builds the validation report, and [`ops`] composes them into
//! the operations that the HTTP layer and the CLI share. [`epoch`]
//! reads and writes the other epoch systems of SPEC 8.1 (with [`leap`] for
//! GPS time), and [`id`] the time-bearing IDs of SPEC 8.2. [`date_math`]
//! reads Elasticsearch's date math (SPEC 9.5), [`transitions`] lists a
//! zone's clock changes (SPEC 9.4), and [`arithmetic`] adds, rounds and
//! measures spans on the wall clock (SPEC 9.1 to 9.3).

pub mod arithmetic;
pub mod date_math;
pub mod epoch;
mod error;
pub mod id;
pub mod input;
mod iso;
pub mod leap;
pub mod locale;
mod mail;
pub mod ops;
mod precision;
pub mod render;
mod strftime;
pub mod transitions;
pub mod validate;
pub mod zone;

pub use epoch::Epoch;
pub use error::TimeError;
pub use input::{Disambiguation, Input, Kind, MAX_INPUT_FORMATS, ReadOptions, Reading, read};
pub use ops::{Addition, Difference, Formatted, Report, Rounding, convert, current, format};
pub use precision::{PRECISION_VALUES, Precision};
pub use render::{DiscordStyle, Format, Pattern, View};
pub use transitions::Transitions;
pub use validate::Validation;
pub use zone::{Zone, ZoneInfo, tzdb_version};
