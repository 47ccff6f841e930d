//! Units of a Unix timestamp and how the unit of a number is detected.
//!
//! A number is read in the coarsest unit under which it lies within
//! ±10^11 seconds of the epoch; a decimal fraction can only make the unit finer,
//! never drop digits; an explicit `precision` always wins.

use std::fmt;
use std::str::FromStr;

use crate::error::TimeError;

/// The unit of a numeric timestamp, and of the `timestamp` output field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Precision {
    Seconds,
    Milliseconds,
    Microseconds,
    Nanoseconds,
}

/// The accepted spellings, for error messages.
pub const PRECISION_VALUES: &str = "seconds, milliseconds, microseconds, nanoseconds (or s, ms, us, µs, ns)";

impl Precision {
    /// The documented spellings: the names, then the short aliases.
    pub const SPELLINGS: [&'static str; 9] =
        ["seconds", "milliseconds", "microseconds", "nanoseconds", "s", "ms", "us", "µs", "ns"];

    /// Every unit, coarsest first.
    pub const ALL: [Precision; 4] =
        [Precision::Seconds, Precision::Milliseconds, Precision::Microseconds, Precision::Nanoseconds];

    /// The lowercase name used in JSON and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Precision::Seconds => "seconds",
            Precision::Milliseconds => "milliseconds",
            Precision::Microseconds => "microseconds",
            Precision::Nanoseconds => "nanoseconds",
        }
    }

    /// How many nanoseconds one unit holds.
    pub const fn nanos(self) -> i128 {
        match self {
            Precision::Seconds => 1_000_000_000,
            Precision::Milliseconds => 1_000_000,
            Precision::Microseconds => 1_000,
            Precision::Nanoseconds => 1,
        }
    }

    /// Fraction digits a second needs to show this unit (0, 3, 6 or 9).
    pub const fn fraction_digits(self) -> u8 {
        match self {
            Precision::Seconds => 0,
            Precision::Milliseconds => 3,
            Precision::Microseconds => 6,
            Precision::Nanoseconds => 9,
        }
    }

    /// The coarsest unit able to hold a second's fraction of `digits` digits.
    ///
    /// `None` when the fraction is finer than a nanosecond.
    pub const fn for_fraction_digits(digits: usize) -> Option<Precision> {
        match digits {
            0 => Some(Precision::Seconds),
            1..=3 => Some(Precision::Milliseconds),
            4..=6 => Some(Precision::Microseconds),
            7..=9 => Some(Precision::Nanoseconds),
            _ => None,
        }
    }

    /// The coarsest unit that holds `instant` exactly: the unit of the
    /// `timestamp` field for inputs that are not Unix numbers (other epochs,
    /// IDs, patterns), so that no digit is lost.
    pub fn exact_for(instant: jiff::Timestamp) -> Precision {
        let nanos = instant.as_nanosecond();
        Precision::ALL.into_iter().find(|unit| nanos % unit.nanos() == 0).unwrap_or(Precision::Nanoseconds)
    }

    /// Detects the unit of an integer from its absolute value:
    /// below 10^11 seconds, below 10^14 milliseconds, below 10^17
    /// microseconds, otherwise nanoseconds.
    ///
    /// ```
    /// use tsconv_time::precision::Precision;
    /// assert_eq!(Precision::detect(1_700_000_000), Precision::Seconds);
    /// assert_eq!(Precision::detect(1_700_000_000_000), Precision::Milliseconds);
    /// ```
    pub const fn detect(abs_integer: u128) -> Precision {
        if abs_integer < 100_000_000_000 {
            Precision::Seconds
        } else if abs_integer < 100_000_000_000_000 {
            Precision::Milliseconds
        } else if abs_integer < 100_000_000_000_000_000 {
            Precision::Microseconds
        } else {
            Precision::Nanoseconds
        }
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Precision {
    type Err = TimeError;

    /// Reads a unit name or alias, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unit = match s.to_ascii_lowercase().as_str() {
            "s" | "sec" | "second" | "seconds" => Precision::Seconds,
            "ms" | "millisecond" | "milliseconds" => Precision::Milliseconds,
            "us" | "µs" | "μs" | "microsecond" | "microseconds" => Precision::Microseconds,
            "ns" | "nanosecond" | "nanoseconds" => Precision::Nanoseconds,
            _ => {
                return Err(TimeError::InvalidPrecision { given: s.to_owned(), allowed: PRECISION_VALUES });
            }
        };
        Ok(unit)
    }
}

/// `precision` in an answer: the unit's name.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Precision {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        crate::schema::names(Precision::ALL.map(Precision::name), "The unit of `timestamp`")
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Precision {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Precision")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_thresholds_are_exclusive_powers_of_ten() {
        assert_eq!(Precision::detect(0), Precision::Seconds);
        assert_eq!(Precision::detect(99_999_999_999), Precision::Seconds);
        assert_eq!(Precision::detect(100_000_000_000), Precision::Milliseconds);
        assert_eq!(Precision::detect(99_999_999_999_999), Precision::Milliseconds);
        assert_eq!(Precision::detect(100_000_000_000_000), Precision::Microseconds);
        assert_eq!(Precision::detect(99_999_999_999_999_999), Precision::Microseconds);
        assert_eq!(Precision::detect(100_000_000_000_000_000), Precision::Nanoseconds);
        assert_eq!(Precision::detect(u128::MAX), Precision::Nanoseconds);
    }

    #[test]
    fn every_documented_spelling_parses() {
        for spelling in Precision::SPELLINGS {
            assert!(spelling.parse::<Precision>().is_ok(), "{spelling}");
            assert!(PRECISION_VALUES.contains(spelling), "{spelling}");
        }
    }

    #[test]
    fn names_and_aliases_parse_case_insensitively() {
        for (text, unit) in [
            ("Seconds", Precision::Seconds),
            ("S", Precision::Seconds),
            ("MS", Precision::Milliseconds),
            ("milliseconds", Precision::Milliseconds),
            ("us", Precision::Microseconds),
            ("µs", Precision::Microseconds),
            ("NS", Precision::Nanoseconds),
        ] {
            assert_eq!(text.parse::<Precision>().ok(), Some(unit), "{text}");
        }
        let err = "minutes".parse::<Precision>().unwrap_err();
        assert!(err.to_string().contains("seconds, milliseconds"), "{err}");
    }

    #[test]
    fn fraction_digits_map_to_the_coarsest_unit_that_holds_them() {
        assert_eq!(Precision::for_fraction_digits(0), Some(Precision::Seconds));
        assert_eq!(Precision::for_fraction_digits(1), Some(Precision::Milliseconds));
        assert_eq!(Precision::for_fraction_digits(3), Some(Precision::Milliseconds));
        assert_eq!(Precision::for_fraction_digits(4), Some(Precision::Microseconds));
        assert_eq!(Precision::for_fraction_digits(9), Some(Precision::Nanoseconds));
        assert_eq!(Precision::for_fraction_digits(10), None);
    }
}
