//! The top-level fields of an answer a caller asks for (`fields=iso,timezone`):
//! the others are neither computed nor written. A caller that needs two
//! values of a convert answer gets 100 bytes instead of 900, and the server
//! formats no zone name, calendar or locale text nobody reads.
//!
//! ```
//! use tsconv_time::fields::{Field, Fields};
//!
//! let fields = Fields::parse("iso, timezone", Field::REPORT).unwrap();
//! assert!(fields.has(Field::Iso) && fields.has(Field::Timezone) && !fields.has(Field::Zone));
//! // An unknown name is refused with the one it probably meant.
//! let error = Fields::parse("iso,timezne", Field::REPORT).unwrap_err();
//! assert_eq!(error.to_string(), "unknown field \"timezne\" in fields: did you mean timezone? This answer's fields are \
//!     timestamp, precision, precision_detected, iso, timezone, locale, rfc3339, utc, local, units, units_text, zone, \
//!     calendar, input, id, formatted");
//! ```

use crate::error::TimeError;

/// Convert's fields, in the order it writes them, then `extra`.
macro_rules! report_and {
    ($($extra:expr),*) => {
        [
            Field::Timestamp,
            Field::Precision,
            Field::PrecisionDetected,
            Field::Iso,
            Field::Timezone,
            Field::Locale,
            Field::Rfc3339,
            Field::Utc,
            Field::Local,
            Field::Units,
            Field::UnitsText,
            Field::Zone,
            Field::Calendar,
            Field::Input,
            Field::Id,
            Field::Formatted,
            $($extra),*
        ]
    };
}

/// A top-level field of one of the answers that name an instant: convert,
/// current, format, add and round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Timestamp,
    Precision,
    PrecisionDetected,
    Iso,
    Timezone,
    Locale,
    Rfc3339,
    Utc,
    Local,
    Units,
    UnitsText,
    Zone,
    Calendar,
    Input,
    Id,
    Formatted,
    Format,
    Preview,
    Formats,
    From,
    Duration,
    Period,
}

impl Field {
    /// The fields of convert's answer (an instant in every representation), in the order it writes them.
    pub const REPORT: &'static [Field] = &report_and![];

    /// The fields of current's answer: convert's, less those about an input.
    pub const CURRENT: &'static [Field] = &[
        Field::Timestamp,
        Field::Precision,
        Field::Iso,
        Field::Timezone,
        Field::Locale,
        Field::Rfc3339,
        Field::Utc,
        Field::Local,
        Field::Units,
        Field::UnitsText,
        Field::Zone,
        Field::Calendar,
    ];

    /// The fields of format's answer.
    pub const FORMATTED: &'static [Field] = &[
        Field::Timestamp,
        Field::Precision,
        Field::Iso,
        Field::Timezone,
        Field::Locale,
        Field::Calendar,
        Field::Format,
        Field::Formatted,
        Field::Preview,
        Field::Formats,
    ];

    /// The fields of add's answer: convert's for the sum, the instant it started from and the duration.
    pub const ADDITION: &'static [Field] = &report_and![Field::From, Field::Duration];

    /// The fields of round's answer: convert's for the rounded instant, the instant it started from and its period.
    pub const ROUNDING: &'static [Field] = &report_and![Field::From, Field::Period];

    /// The field's name in the answer's JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Field::Timestamp => "timestamp",
            Field::Precision => "precision",
            Field::PrecisionDetected => "precision_detected",
            Field::Iso => "iso",
            Field::Timezone => "timezone",
            Field::Locale => "locale",
            Field::Rfc3339 => "rfc3339",
            Field::Utc => "utc",
            Field::Local => "local",
            Field::Units => "units",
            Field::UnitsText => "units_text",
            Field::Zone => "zone",
            Field::Calendar => "calendar",
            Field::Input => "input",
            Field::Id => "id",
            Field::Formatted => "formatted",
            Field::Format => "format",
            Field::Preview => "preview",
            Field::Formats => "formats",
            Field::From => "from",
            Field::Duration => "duration",
            Field::Period => "period",
        }
    }

    const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The fields a caller asked for: [`Fields::ALL`] unless they named some.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields(u32);

impl Default for Fields {
    fn default() -> Self {
        Fields::ALL
    }
}

impl Fields {
    /// Every field (what an answer has when no `fields` is given).
    pub const ALL: Fields = Fields(u32::MAX);

    /// The comma-separated names of `list` (spaces around a name are
    /// ignored, a name given twice counts once), each one of `answer`'s
    /// fields: an unknown or empty name is refused with the answer's list
    /// and the name it probably meant.
    pub fn parse(list: &str, answer: &[Field]) -> Result<Fields, TimeError> {
        let mut bits = 0;
        for name in list.split(',').map(str::trim) {
            let field = answer.iter().find(|field| field.name() == name).ok_or_else(|| TimeError::UnknownField {
                given: name.chars().take(64).collect(),
                suggestion: suggestion(name, answer),
                allowed: answer.iter().map(|field| field.name()).collect::<Vec<_>>().join(", "),
            })?;
            bits |= field.bit();
        }
        Ok(Fields(bits))
    }

    /// Whether `field` was asked for.
    #[inline]
    pub const fn has(self, field: Field) -> bool {
        self.0 & field.bit() != 0
    }

    /// Whether any of `fields` was asked for.
    #[inline]
    pub fn any(self, fields: &[Field]) -> bool {
        fields.iter().any(|&field| self.has(field))
    }

    /// `value()` when `field` was asked for; nothing is computed otherwise.
    #[inline]
    pub fn then<T>(self, field: Field, value: impl FnOnce() -> T) -> Option<T> {
        self.has(field).then(value)
    }
}

/// The field of `answer` that `name` probably meant (a typo, another case).
fn suggestion(name: &str, answer: &[Field]) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    answer
        .iter()
        .map(|field| (strsim::jaro_winkler(&lower, field.name()), field.name()))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_lists_each_field_once_and_the_bits_are_distinct() {
        for answer in [Field::REPORT, Field::CURRENT, Field::FORMATTED, Field::ADDITION, Field::ROUNDING] {
            for (i, field) in answer.iter().enumerate() {
                assert!(!answer[..i].contains(field), "{field:?} twice");
                let only = Fields::parse(field.name(), answer).unwrap();
                assert!(answer.iter().all(|other| only.has(*other) == (other == field)), "{field:?}");
            }
        }
    }

    #[test]
    fn names_are_refused_with_a_suggestion_and_the_list() {
        let unknown = |list: &str, answer| match Fields::parse(list, answer) {
            Err(TimeError::UnknownField { given, suggestion, allowed }) => (given, suggestion, allowed),
            other => panic!("{list}: {other:?}"),
        };
        assert_eq!(unknown("ISO", Field::REPORT).1, Some("iso"));
        assert_eq!(unknown("units-text", Field::REPORT).1, Some("units_text"));
        assert_eq!(unknown("iso,,zone", Field::REPORT).0, "");
        assert_eq!(unknown("", Field::REPORT).0, "");
        // current has no input: the name is known elsewhere, not here.
        let (given, suggestion, allowed) = unknown("input", Field::CURRENT);
        assert_eq!((given.as_str(), suggestion), ("input", None));
        assert!(!allowed.contains("input") && allowed.starts_with("timestamp, precision, iso"));
        assert_eq!(unknown("xyzzy", Field::FORMATTED).1, None);
        assert_eq!(unknown(&"a".repeat(1000), Field::REPORT).0.len(), 64);
    }

    #[test]
    fn spaces_and_repeats_are_allowed() {
        let fields = Fields::parse(" iso , iso,zone ", Field::REPORT).unwrap();
        assert!(fields.has(Field::Iso) && fields.has(Field::Zone) && !fields.has(Field::Timezone));
        assert!(Fields::ALL.has(Field::Period) && Fields::default() == Fields::ALL);
    }
}
