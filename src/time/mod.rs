//! The time engine: no HTTP types anywhere in here.
//!
//! [`input`] turns what a caller typed into an instant, [`zone`] resolves
//! time zones, [`render`] turns an instant into every output form,
//! [`validate`] builds the validation report, and [`ops`] composes them into
//! the four operations that the HTTP layer and the CLI share. [`epoch`]
//! reads and writes counts of other epoch systems and Snowflake IDs (SPEC
//! 8.1; not yet offered by the API or the CLI: issue #13).

pub mod epoch;
mod error;
pub mod input;
mod iso;
mod mail;
pub mod ops;
mod precision;
pub mod render;
mod strftime;
pub mod validate;
pub mod zone;

pub use error::TimeError;
pub use input::{Disambiguation, Input, Kind, ReadOptions, Reading, read};
pub use ops::{Formatted, Report, convert, current, format};
pub use precision::{PRECISION_VALUES, Precision};
pub use render::{DiscordStyle, Format, Pattern, View};
pub use validate::Validation;
pub use zone::{Zone, ZoneInfo, tzdb_version};
