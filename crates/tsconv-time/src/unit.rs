//! Units of time, from nanoseconds to years.

use std::fmt;

use jiff::Unit;

use crate::error::{Setting, TimeError};

/// A unit of time, finest first (so that `largest >= smallest` compares them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TimeUnit {
    Nanosecond,
    Microsecond,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    /// Only for rounding: three months from January, April, July, October.
    Quarter,
    Year,
}

impl TimeUnit {
    /// Every unit, coarsest first.
    pub const ALL: [TimeUnit; 11] = [
        TimeUnit::Year,
        TimeUnit::Quarter,
        TimeUnit::Month,
        TimeUnit::Week,
        TimeUnit::Day,
        TimeUnit::Hour,
        TimeUnit::Minute,
        TimeUnit::Second,
        TimeUnit::Millisecond,
        TimeUnit::Microsecond,
        TimeUnit::Nanosecond,
    ];

    /// The units of a difference: all but quarters.
    pub const OF_DIFFERENCE: [TimeUnit; 10] = [
        TimeUnit::Year,
        TimeUnit::Month,
        TimeUnit::Week,
        TimeUnit::Day,
        TimeUnit::Hour,
        TimeUnit::Minute,
        TimeUnit::Second,
        TimeUnit::Millisecond,
        TimeUnit::Microsecond,
        TimeUnit::Nanosecond,
    ];

    pub const fn singular(self) -> &'static str {
        match self {
            TimeUnit::Nanosecond => "nanosecond",
            TimeUnit::Microsecond => "microsecond",
            TimeUnit::Millisecond => "millisecond",
            TimeUnit::Second => "second",
            TimeUnit::Minute => "minute",
            TimeUnit::Hour => "hour",
            TimeUnit::Day => "day",
            TimeUnit::Week => "week",
            TimeUnit::Month => "month",
            TimeUnit::Quarter => "quarter",
            TimeUnit::Year => "year",
        }
    }

    pub const fn plural(self) -> &'static str {
        match self {
            TimeUnit::Nanosecond => "nanoseconds",
            TimeUnit::Microsecond => "microseconds",
            TimeUnit::Millisecond => "milliseconds",
            TimeUnit::Second => "seconds",
            TimeUnit::Minute => "minutes",
            TimeUnit::Hour => "hours",
            TimeUnit::Day => "days",
            TimeUnit::Week => "weeks",
            TimeUnit::Month => "months",
            TimeUnit::Quarter => "quarters",
            TimeUnit::Year => "years",
        }
    }

    /// Reads a unit of `units` named singular or plural, in any case;
    /// `setting` is what it is for, named in the error.
    pub fn parse(text: &str, units: &[TimeUnit], setting: Setting) -> Result<TimeUnit, TimeError> {
        units
            .iter()
            .copied()
            .find(|unit| unit.singular().eq_ignore_ascii_case(text) || unit.plural().eq_ignore_ascii_case(text))
            .ok_or_else(|| TimeError::InvalidUnit {
                setting,
                given: text.to_owned(),
                allowed: units.iter().map(|unit| unit.plural()).collect::<Vec<_>>().join(", "),
            })
    }

    /// The jiff unit; `None` for quarters, which jiff does not have.
    pub(crate) const fn jiff(self) -> Option<Unit> {
        Some(match self {
            TimeUnit::Nanosecond => Unit::Nanosecond,
            TimeUnit::Microsecond => Unit::Microsecond,
            TimeUnit::Millisecond => Unit::Millisecond,
            TimeUnit::Second => Unit::Second,
            TimeUnit::Minute => Unit::Minute,
            TimeUnit::Hour => Unit::Hour,
            TimeUnit::Day => Unit::Day,
            TimeUnit::Week => Unit::Week,
            TimeUnit::Month => Unit::Month,
            TimeUnit::Quarter => return None,
            TimeUnit::Year => Unit::Year,
        })
    }

    /// For the units of a day and finer: how many make the next larger unit
    /// (an increment must divide it). `None` from days up.
    pub(crate) const fn per_next(self) -> Option<i64> {
        match self {
            TimeUnit::Nanosecond | TimeUnit::Microsecond | TimeUnit::Millisecond => Some(1000),
            TimeUnit::Second | TimeUnit::Minute => Some(60),
            TimeUnit::Hour => Some(24),
            _ => None,
        }
    }

    /// The unit's length in nanoseconds, for those of fixed length.
    pub(crate) const fn nanos(self) -> Option<i128> {
        match self {
            TimeUnit::Nanosecond => Some(1),
            TimeUnit::Microsecond => Some(1_000),
            TimeUnit::Millisecond => Some(1_000_000),
            TimeUnit::Second => Some(1_000_000_000),
            TimeUnit::Minute => Some(60_000_000_000),
            TimeUnit::Hour => Some(3_600_000_000_000),
            _ => None,
        }
    }
}

impl fmt::Display for TimeUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plural())
    }
}
