//! The one error type of the time engine.
//!
//! Every variant carries a message written for the person who sent the input:
//! what was wrong and how to fix it. The web layer maps each variant to an
//! HTTP status and envelope code; the CLI prints the message.

use thiserror::Error;

/// Why an input, parameter or pattern could not be turned into an answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TimeError {
    /// Not a number nor a date string we accept.
    #[error("{message}")]
    InvalidTimestamp {
        message: String,
        /// Character index (0-based) of the offending character, where known.
        position: Option<usize>,
    },
    /// The instant falls outside the supported years.
    #[error("{message}")]
    OutOfRange { message: String },
    /// The time zone name is neither an IANA name, `UTC` nor a fixed offset.
    #[error("{message}")]
    UnknownTimezone { message: String, suggestions: Vec<&'static str> },
    #[error("{message}")]
    InvalidFormat { message: String },
    #[error("{message}")]
    InvalidPrecision { message: String },
    #[error("{message}")]
    InvalidPattern { message: String },
    #[error("{message}")]
    InvalidStyle { message: String },
    #[error("{message}")]
    InvalidDisambiguation { message: String },
    /// A local time in a DST gap or fold, read with `disambiguation=reject`.
    #[error("{message}")]
    AmbiguousLocalTime { message: String },
}

impl TimeError {
    /// The machine-readable kind, as in `data.error` of the API envelope.
    pub const fn kind(&self) -> &'static str {
        match self {
            TimeError::InvalidTimestamp { .. } => "invalid_timestamp",
            TimeError::OutOfRange { .. } => "out_of_range",
            TimeError::UnknownTimezone { .. } => "unknown_timezone",
            TimeError::InvalidFormat { .. } => "invalid_format",
            TimeError::InvalidPrecision { .. } => "invalid_precision",
            TimeError::InvalidPattern { .. } => "invalid_pattern",
            TimeError::InvalidStyle { .. } => "invalid_style",
            // SPEC 6 has no code of its own for this: it is a malformed parameter.
            TimeError::InvalidDisambiguation { .. } => "bad_request",
            TimeError::AmbiguousLocalTime { .. } => "ambiguous_local_time",
        }
    }

    /// The character index the error points at, where one is known.
    pub const fn position(&self) -> Option<usize> {
        match self {
            TimeError::InvalidTimestamp { position, .. } => *position,
            _ => None,
        }
    }

    /// An `InvalidTimestamp` without a position.
    pub fn invalid(message: impl Into<String>) -> TimeError {
        TimeError::InvalidTimestamp { message: message.into(), position: None }
    }

    pub(crate) fn invalid_at(message: impl Into<String>, position: usize) -> TimeError {
        TimeError::InvalidTimestamp { message: message.into(), position: Some(position) }
    }
}
