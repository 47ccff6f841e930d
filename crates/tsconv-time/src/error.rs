//! The one error type of the time engine.
//!
//! A variant holds what went wrong as data (the value given, a count, the
//! close names); its words, written for the person who sent the input (what
//! was wrong and how to fix it), are written once, in `Display`. What an
//! error is about follows from its variant: a value that does not read as
//! an instant, or one of the settings (zone, unit, format, pattern, style,
//! disambiguation). The web layer maps each variant to an HTTP status and
//! envelope code; the CLI prints the words.

use thiserror::Error;

/// Why an input, parameter or pattern could not be turned into an answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TimeError {
    /// The input is not a number nor a date string we accept; the message is
    /// the reader's diagnosis.
    #[error("{message}")]
    InvalidTimestamp {
        message: String,
        /// Character index (0-based) of the offending character, where known.
        position: Option<usize>,
    },
    /// The input names an instant outside the supported years.
    #[error("{message}")]
    OutOfRange { message: String },
    /// A local time in a DST gap or fold, read with `disambiguation=reject`.
    #[error("{message}")]
    AmbiguousLocalTime { message: String },
    /// The zone is neither an IANA name, `UTC` nor a fixed offset.
    #[error("unknown time zone {given:?}: {}", zone_hint(*.offset, suggestions))]
    UnknownTimezone {
        given: String,
        /// Whether it was written as an offset (it starts with `+` or `-`).
        offset: bool,
        /// Up to 3 close IANA names.
        suggestions: Vec<&'static str>,
    },
    #[error("unknown precision {given:?}: use one of {allowed}")]
    InvalidPrecision { given: String, allowed: &'static str },
    #[error("unknown disambiguation {given:?}: use one of compatible, earlier, later, reject")]
    InvalidDisambiguation { given: String },
    #[error("unknown format {given:?}: use one of {allowed}")]
    InvalidFormat { given: String, allowed: String },
    #[error(
        "unknown Discord style {given:?}: use one of t T d D f F s S R (case matters: t is short time, T long time)"
    )]
    InvalidStyle { given: String },
    /// A `style` beside a format other than `discord`, where it would be ignored.
    #[error("style {style:?} only applies to format=discord, not format={format}")]
    StyleWithoutDiscord { style: String, format: String },
    /// A `pattern` beside a format other than `custom`, where it would be ignored.
    #[error("pattern {pattern:?} only applies to format=custom, not format={format}")]
    PatternWithoutCustom { pattern: String, format: String },
    #[error("pattern (for format=custom) and style (for format=discord) cannot be combined")]
    PatternAndStyle,
    #[error("format=custom needs a pattern, e.g. pattern=%Y-%m-%d %H:%M:%S %Z")]
    MissingPattern,
    #[error("pattern is empty: give a strftime pattern such as %Y-%m-%d %H:%M:%S")]
    EmptyPattern,
    #[error("pattern is {chars} characters long; at most {max} are accepted")]
    PatternTooLong { chars: usize, max: usize },
    #[error("unknown direction {given:?}: use next or previous")]
    InvalidDirection { given: String },
    /// A schedule (cron, systemd calendar, RRULE) that cannot be read, or
    /// that never fires: the field and character where known, the close
    /// name for a misspelt one.
    #[error("{message}")]
    InvalidSchedule {
        message: String,
        field: Option<&'static str>,
        position: Option<usize>,
        suggestion: Option<&'static str>,
    },
    #[error("unknown gap rule {given:?}: use skip (RFC 5545 3.3.10) or shift (3.3.5)")]
    InvalidGap { given: String },
    #[error("count must be a whole number from 1 to {max}, not {given:?}")]
    InvalidCount { given: String, max: usize },
    /// `to` on the wrong side of `from` for the direction of a search.
    #[error(
        "to ({to}) must be {} from ({from}) with direction={direction}",
        if *direction == "next" { "after" } else { "before" }
    )]
    WrongSide { from: jiff::Timestamp, to: jiff::Timestamp, direction: &'static str },
    #[error("unknown epoch {given:?}: use one of {allowed}")]
    InvalidEpoch { given: String, allowed: String },
    /// A value that the epoch system named by `epoch` cannot hold (a
    /// negative GPS time, Excel's 1900-02-29, an HFS+ count beyond 32 bits).
    #[error("{message}")]
    NotInEpoch { message: String },
    /// `input_format` is not 1 to 8 patterns of 1 to 256 characters.
    #[error("input_format {detail}")]
    InvalidInputFormat { detail: String },
    /// `duration` is neither ISO 8601 nor the friendly form; `detail` is
    /// the reader's diagnosis, which says where it stopped.
    #[error(
        "invalid duration {given:?}: {detail}; write ISO 8601 (P1Y2M3DT4H5M6.5S, -P1D, PT36H) or the friendly \
         form (1y 2mo 3w 4d 5h 6m 7s 8ms, -90m, 2 hours 30 minutes)"
    )]
    InvalidDuration {
        given: String,
        detail: String,
        /// Where the text stops reading as a duration (a character index).
        position: usize,
    },
    /// A unit that `setting` does not take.
    #[error("unknown {setting} {given:?}: use one of {allowed} (singular or plural, any case)")]
    InvalidUnit { setting: Setting, given: String, allowed: String },
    #[error("unknown {setting} {given:?}: use one of {allowed}")]
    InvalidRoundingMode { setting: Setting, given: String, allowed: String },
    /// An increment that is not a whole number, or does not fit its unit.
    #[error("{setting} {given:?} does not fit: {detail}")]
    InvalidIncrement { setting: Setting, given: String, detail: String },
    #[error("largest_unit={largest} is smaller than smallest_unit={smallest}: largest_unit must be at least as large")]
    UnitsOutOfOrder {
        /// The units' names, plural.
        largest: &'static str,
        smallest: &'static str,
    },
    /// A difference too long for `largest_unit` (nanoseconds hold about 292 years).
    #[error(
        "the difference from {from} to {to} does not fit in {largest} (at most 9223372036854775807, about 292 \
         years): use a larger largest_unit"
    )]
    DoesNotFit {
        from: jiff::Timestamp,
        to: jiff::Timestamp,
        /// The unit's name, plural.
        largest: &'static str,
    },
    #[error("unknown overflow {given:?}: use constrain (Jan 31 plus one month is the last day of February) or reject")]
    InvalidOverflow { given: String },
    #[error("unknown week_start {given:?}: use a weekday, such as monday or sunday (or mon, sun)")]
    InvalidWeekStart { given: String },
    /// A BCP 47 tag that is malformed or that no locale of the CLDR data serves.
    #[error("unknown locale {given:?}: {}", locale_hint(suggestions))]
    InvalidLocale { given: String, suggestions: Vec<&'static str> },
    /// A name in `fields` that is not one of the answer's top-level fields
    /// (or an empty one, between two commas).
    #[error(
        "{} This answer's fields are {allowed}",
        field_hint(given, *suggestion)
    )]
    UnknownField {
        given: String,
        /// The field it probably meant.
        suggestion: Option<&'static str>,
        /// The answer's fields, comma-separated.
        allowed: String,
    },
    /// A directive the strftime layer cannot write; `detail` is its reason.
    #[error("invalid pattern {pattern:?}: {detail}")]
    InvalidPattern { pattern: String, detail: String },
}

/// The setting of an operation on spans that a unit, a rounding
/// mode or an increment was given for. Its name, in messages, is the docs'
/// word for it; each face says which of its parameters or flags it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// What round rounds to.
    Unit,
    /// How round rounds.
    Mode,
    /// How many units round rounds to.
    Increment,
    /// The largest unit of a difference.
    LargestUnit,
    /// The smallest unit of a difference, which it is rounded to.
    SmallestUnit,
    /// How a difference is rounded.
    RoundingMode,
    /// How many smallest units a difference is rounded to.
    RoundingIncrement,
}

impl Setting {
    /// The docs' word for it.
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Unit => "unit",
            Setting::Mode => "mode",
            Setting::Increment => "increment",
            Setting::LargestUnit => "largest_unit",
            Setting::SmallestUnit => "smallest_unit",
            Setting::RoundingMode => "rounding_mode",
            Setting::RoundingIncrement => "rounding_increment",
        }
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn field_hint(given: &str, suggestion: Option<&str>) -> String {
    match (given, suggestion) {
        ("", _) => "fields has an empty name: separate names with one comma.".to_owned(),
        (given, Some(suggestion)) => format!("unknown field {given:?} in fields: did you mean {suggestion}?"),
        (given, None) => format!("unknown field {given:?} in fields."),
    }
}

fn zone_hint(offset: bool, suggestions: &[&str]) -> String {
    if offset {
        "a fixed offset is written ±HH:MM (for example +05:30 or -0800), at most ±25:59:59".to_owned()
    } else if suggestions.is_empty() {
        "use an IANA name such as America/New_York, UTC, or an offset such as +05:30".to_owned()
    } else {
        let named: Vec<String> = suggestions.iter().map(|name| with_its_offset(name)).collect();
        let posix = suggestions.iter().any(|name| name.starts_with("Etc/GMT+") || name.starts_with("Etc/GMT-"));
        let sign =
            if posix { " (an Etc/GMT±N name has POSIX's sign, the reverse of GMT+N as people write it)" } else { "" };
        format!("did you mean {}?{sign}", named.join(", "))
    }
}

/// An `Etc/GMT±N` name with the offset it means, since its sign is POSIX's
/// and the reverse of what people write (`Etc/GMT+5` is
/// UTC-05:00); any other name as it is.
fn with_its_offset(name: &str) -> String {
    let offset = name.strip_prefix("Etc/GMT").and_then(|rest| {
        let (sign, hours) = rest.split_at_checked(1)?;
        let hours: u8 = hours.parse().ok().filter(|_| hours.bytes().all(|b| b.is_ascii_digit()))?;
        match (sign, hours) {
            ("+" | "-", 0) => Some("UTC".to_owned()),
            ("+", hours) => Some(format!("UTC-{hours:02}:00")),
            ("-", hours) => Some(format!("UTC+{hours:02}:00")),
            _ => None,
        }
    });
    match offset {
        Some(offset) => format!("{name} ({offset})"),
        None => name.to_owned(),
    }
}

impl TimeError {
    /// The kind of failure, in snake_case: what a validation report calls it.
    pub const fn name(&self) -> &'static str {
        match self {
            TimeError::InvalidTimestamp { .. } => "invalid_timestamp",
            TimeError::OutOfRange { .. } => "out_of_range",
            TimeError::AmbiguousLocalTime { .. } => "ambiguous_local_time",
            TimeError::UnknownTimezone { .. } => "unknown_timezone",
            TimeError::InvalidPrecision { .. } => "invalid_precision",
            TimeError::InvalidDisambiguation { .. } => "invalid_disambiguation",
            TimeError::InvalidDirection { .. } => "invalid_direction",
            TimeError::InvalidCount { .. } => "invalid_count",
            TimeError::WrongSide { .. } => "wrong_side",
            TimeError::InvalidFormat { .. } => "invalid_format",
            TimeError::InvalidStyle { .. } | TimeError::StyleWithoutDiscord { .. } => "invalid_style",
            TimeError::PatternWithoutCustom { .. }
            | TimeError::PatternAndStyle
            | TimeError::MissingPattern
            | TimeError::EmptyPattern
            | TimeError::PatternTooLong { .. }
            | TimeError::InvalidPattern { .. }
            | TimeError::InvalidInputFormat { .. } => "invalid_pattern",
            TimeError::InvalidEpoch { .. } | TimeError::NotInEpoch { .. } => "invalid_epoch",
            TimeError::InvalidDuration { .. } => "invalid_duration",
            TimeError::InvalidUnit { .. }
            | TimeError::InvalidRoundingMode { .. }
            | TimeError::InvalidIncrement { .. }
            | TimeError::UnitsOutOfOrder { .. }
            | TimeError::DoesNotFit { .. } => "invalid_unit",
            TimeError::InvalidOverflow { .. } => "invalid_overflow",
            TimeError::InvalidWeekStart { .. } => "invalid_week_start",
            TimeError::InvalidLocale { .. } => "invalid_locale",
            TimeError::UnknownField { .. } => "unknown_field",
            TimeError::InvalidSchedule { .. } => "invalid_schedule",
            TimeError::InvalidGap { .. } => "invalid_gap",
        }
    }

    /// The character index the error points at, where one is known.
    pub const fn position(&self) -> Option<usize> {
        match self {
            TimeError::InvalidTimestamp { position, .. } => *position,
            TimeError::InvalidDuration { position, .. } => Some(*position),
            TimeError::InvalidSchedule { position, .. } => *position,
            _ => None,
        }
    }

    /// An `InvalidTimestamp` without a position.
    pub fn invalid(message: impl Into<String>) -> TimeError {
        TimeError::InvalidTimestamp { message: message.into(), position: None }
    }

    /// An `InvalidSchedule` about the whole expression.
    pub(crate) fn invalid_schedule(message: impl Into<String>) -> TimeError {
        TimeError::InvalidSchedule { message: message.into(), field: None, position: None, suggestion: None }
    }

    pub(crate) fn invalid_at(message: impl Into<String>, position: usize) -> TimeError {
        TimeError::InvalidTimestamp { message: message.into(), position: Some(position) }
    }
}

/// The advice of an unknown locale: the close ones, or where the list is.
fn locale_hint(suggestions: &[&str]) -> String {
    match suggestions {
        [] => "write a BCP 47 tag such as en-US, de or pt-BR (GET /api/locales lists them)".to_owned(),
        close => format!("did you mean {}?", close.join(", ")),
    }
}
