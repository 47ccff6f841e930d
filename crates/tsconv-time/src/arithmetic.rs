//! Time arithmetic: a duration added to an instant, the
//! duration between two instants, and an instant rounded to a unit.
//!
//! The semantics are Temporal's `ZonedDateTime`, which jiff's `Zoned` and
//! `Span` implement: calendar units (years, months, weeks, days) move the
//! wall-clock date in the zone, hours and smaller are elapsed time. jiff does
//! the calendar work; this module adds what the API offers beyond it:
//! `overflow=reject`, `disambiguation` for a result in a gap or fold, the
//! periods of a week (any start day), month, quarter and year, and totals
//! written as exact decimals.

#[cfg(feature = "openapi")]
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use jiff::civil::{Date, Weekday};
use jiff::{RoundMode, Span, Timestamp, Unit, Zoned, ZonedDifference, ZonedRound};
#[cfg(feature = "openapi")]
use utoipa::openapi::schema::{ObjectBuilder, Type};
#[cfg(feature = "openapi")]
use utoipa::openapi::{RefOr, Schema};
#[cfg(feature = "openapi")]
use utoipa::{PartialSchema, ToSchema};

use crate::calendar::Calendar;
use crate::error::{Setting, TimeError};
use crate::local::{Disambiguation, resolve_local};
use crate::locale::Localizer;
use crate::render;
use crate::unit::TimeUnit;
use crate::zone::Zone;

/// The longest `duration` text accepted, in characters.
pub const MAX_DURATION_CHARS: usize = 256;

/// How a value between two multiples of a unit is rounded (Temporal's
/// nine rounding modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundingMode {
    /// Towards negative infinity.
    Floor,
    /// Towards positive infinity.
    Ceil,
    /// Towards zero.
    Trunc,
    /// Away from zero.
    Expand,
    /// To the nearest; a half away from zero.
    HalfExpand,
    /// To the nearest; a half towards zero.
    HalfTrunc,
    /// To the nearest; a half to the even multiple.
    HalfEven,
    /// To the nearest; a half towards negative infinity.
    HalfFloor,
    /// To the nearest; a half towards positive infinity.
    HalfCeil,
}

impl RoundingMode {
    pub const ALL: [RoundingMode; 9] = [
        RoundingMode::Floor,
        RoundingMode::Ceil,
        RoundingMode::Trunc,
        RoundingMode::Expand,
        RoundingMode::HalfExpand,
        RoundingMode::HalfTrunc,
        RoundingMode::HalfEven,
        RoundingMode::HalfFloor,
        RoundingMode::HalfCeil,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            RoundingMode::Floor => "floor",
            RoundingMode::Ceil => "ceil",
            RoundingMode::Trunc => "trunc",
            RoundingMode::Expand => "expand",
            RoundingMode::HalfExpand => "half_expand",
            RoundingMode::HalfTrunc => "half_trunc",
            RoundingMode::HalfEven => "half_even",
            RoundingMode::HalfFloor => "half_floor",
            RoundingMode::HalfCeil => "half_ceil",
        }
    }

    /// Reads a mode in any case (`halfExpand` and `half-expand` too);
    /// `setting` is what it is for, named in the error.
    pub fn parse(text: &str, setting: Setting) -> Result<RoundingMode, TimeError> {
        let plain = |name: &str| name.chars().filter(|c| !matches!(c, '_' | '-')).collect::<String>();
        let given = plain(text);
        RoundingMode::ALL.into_iter().find(|mode| plain(mode.name()).eq_ignore_ascii_case(&given)).ok_or_else(|| {
            TimeError::InvalidRoundingMode {
                setting,
                given: text.to_owned(),
                allowed: RoundingMode::ALL.map(RoundingMode::name).join(", "),
            }
        })
    }

    const fn jiff(self) -> RoundMode {
        match self {
            RoundingMode::Floor => RoundMode::Floor,
            RoundingMode::Ceil => RoundMode::Ceil,
            RoundingMode::Trunc => RoundMode::Trunc,
            RoundingMode::Expand => RoundMode::Expand,
            RoundingMode::HalfExpand => RoundMode::HalfExpand,
            RoundingMode::HalfTrunc => RoundMode::HalfTrunc,
            RoundingMode::HalfEven => RoundMode::HalfEven,
            RoundingMode::HalfFloor => RoundMode::HalfFloor,
            RoundingMode::HalfCeil => RoundMode::HalfCeil,
        }
    }

    /// Whether `progress` nanoseconds into a period of `length` (0 ≤
    /// progress < length, an instant after the period's start) rounds up
    /// to the period's end. A half is even at the start (Temporal rounds a
    /// day this way: the count of whole periods from the start, 0, is even).
    fn rounds_up(self, progress: i128, length: i128) -> bool {
        match self {
            RoundingMode::Floor | RoundingMode::Trunc => false,
            RoundingMode::Ceil | RoundingMode::Expand => progress > 0,
            RoundingMode::HalfExpand | RoundingMode::HalfCeil => 2 * progress >= length,
            RoundingMode::HalfTrunc | RoundingMode::HalfFloor | RoundingMode::HalfEven => 2 * progress > length,
        }
    }
}

impl fmt::Display for RoundingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What `add` does when years or months land on a day the month lacks
/// (Jan 31 plus one month).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overflow {
    /// The last day of the month.
    #[default]
    Constrain,
    /// An `out_of_range` error saying the day does not exist.
    Reject,
}

impl Overflow {
    pub const ALL: [Overflow; 2] = [Overflow::Constrain, Overflow::Reject];

    pub const fn name(self) -> &'static str {
        match self {
            Overflow::Constrain => "constrain",
            Overflow::Reject => "reject",
        }
    }
}

impl FromStr for Overflow {
    type Err = TimeError;

    fn from_str(text: &str) -> Result<Overflow, TimeError> {
        Overflow::ALL
            .into_iter()
            .find(|overflow| overflow.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| TimeError::InvalidOverflow { given: text.to_owned() })
    }
}

/// The weekdays as `week_start` names them, Monday first.
pub const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// Reads `week_start`: a weekday's name or its first three letters, any case.
pub fn parse_weekday(text: &str) -> Result<Weekday, TimeError> {
    let lower = text.to_ascii_lowercase();
    WEEKDAYS
        .iter()
        .position(|name| *name == lower || (lower.len() == 3 && name.starts_with(&lower)))
        .and_then(|index| Weekday::from_monday_zero_offset(index as i8).ok())
        .ok_or_else(|| TimeError::InvalidWeekStart { given: text.to_owned() })
}

/// Reads `duration`: ISO 8601 (`P1Y2M3W4DT5H6M7.5S`, `-P1D`, `PT36H`) or
/// the friendly form (`1y 2mo 3w 4d 5h 6m 7s 8ms`, `-90m`, `2 hours 30
/// minutes`), both as jiff reads them.
///
/// An error says where the text stops being a duration: `position` is the
/// character after the longest beginning that reads as one (0 when none does).
pub fn parse_duration(text: &str) -> Result<Span, TimeError> {
    let invalid = |detail: String, position| TimeError::InvalidDuration { given: text.to_owned(), detail, position };
    let chars = text.chars().count();
    if chars > MAX_DURATION_CHARS {
        return Err(invalid(format!("it is {chars} characters long; at most {MAX_DURATION_CHARS} are accepted"), 0));
    }
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(invalid("it is empty".to_owned(), 0));
    }
    trimmed.parse::<Span>().map_err(|error| {
        let read = trimmed
            .char_indices()
            .map(|(i, _)| i)
            .rev()
            .find(|&end| end > 0 && trimmed[..end].trim_end().parse::<Span>().is_ok())
            .map_or(0, |end| trimmed[..end].trim_end().len());
        let position = text[..lead + read].chars().count();
        invalid(error.to_string(), position)
    })
}

/// The text of an out-of-range result.
fn out_of_range(what: fmt::Arguments<'_>) -> TimeError {
    TimeError::OutOfRange {
        message: format!(
            "{what} lands outside the supported range, years -9999 to 9999 ({} to {})",
            Timestamp::MIN,
            Timestamp::MAX
        ),
    }
}

/// `start` plus `duration`, as Temporal adds to a
/// `ZonedDateTime`: years and months move the wall-clock date (a day the
/// month lacks is the month's last with `constrain`, an error with
/// `reject`), then weeks and days; the wall-clock result is resolved in
/// `zone` by `disambiguation`; then hours and smaller units are added as
/// elapsed time.
pub fn add(
    start: Timestamp,
    duration: Span,
    zone: &Zone,
    overflow: Overflow,
    disambiguation: Disambiguation,
) -> Result<Timestamp, TimeError> {
    let beyond = |_| out_of_range(format_args!("{start} plus {duration}"));
    let time = Span::new()
        .hours(duration.get_hours())
        .minutes(duration.get_minutes())
        .seconds(duration.get_seconds())
        .milliseconds(duration.get_milliseconds())
        .microseconds(duration.get_microseconds())
        .nanoseconds(duration.get_nanoseconds());
    let (years, months) = (duration.get_years(), duration.get_months());
    let (weeks, days) = (duration.get_weeks(), duration.get_days());
    if years == 0 && months == 0 && weeks == 0 && days == 0 {
        return start.checked_add(time).map_err(beyond);
    }
    let wall = start.to_zoned(zone.tz().clone()).datetime();
    let moved = wall.date().checked_add(Span::new().years(years).months(months)).map_err(beyond)?;
    if overflow == Overflow::Reject && moved.day() != wall.day() {
        return Err(TimeError::OutOfRange {
            message: format!(
                "{} plus {duration} would be {:04}-{:02}-{:02}, a day that does not exist ({} has {} days): \
                 pass overflow=constrain for the last day of the month",
                wall.date(),
                moved.year(),
                moved.month(),
                wall.day(),
                moved.strftime("%B %Y"),
                moved.days_in_month()
            ),
        });
    }
    let date = moved.checked_add(Span::new().weeks(weeks).days(days)).map_err(beyond)?;
    let text = format!("{start} plus {duration}");
    let (instant, _) = resolve_local(&text, date.to_datetime(wall.time()), zone, disambiguation)?;
    instant.checked_add(time).map_err(beyond)
}

/// What to round to: a unit, a mode, an increment (units up to hours; 1
/// above) and the first day of a week, set by type from the defaults
/// (floored, by 1, weeks from Monday) and checked by [`RoundTo::check`]
/// (and by [`round`]).
///
/// ```
/// use jiff::civil::Weekday;
/// use tsconv_time::arithmetic::{RoundTo, RoundingMode};
/// use tsconv_time::error::{Setting, TimeError};
/// use tsconv_time::unit::TimeUnit;
///
/// let quarter_hour = RoundTo::new(TimeUnit::Minute).mode(RoundingMode::HalfExpand).increment(15);
/// assert!(quarter_hour.check().is_ok());
/// let refusal = RoundTo::new(TimeUnit::Day).increment(2).check().unwrap_err();
/// assert!(matches!(refusal, TimeError::InvalidIncrement { setting: Setting::Increment, .. }));
/// // From the texts a face was sent.
/// assert!(RoundTo::from_texts(TimeUnit::Week, RoundingMode::Floor, Some("1"), Weekday::Sunday).is_ok());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RoundTo {
    unit: TimeUnit,
    mode: RoundingMode,
    increment: i64,
    week_start: Weekday,
}

impl RoundTo {
    /// To `unit`, floored, by 1, weeks from Monday.
    pub const fn new(unit: TimeUnit) -> RoundTo {
        RoundTo { unit, mode: RoundingMode::Floor, increment: 1, week_start: Weekday::Monday }
    }

    /// Which way an instant between two marks goes.
    #[must_use]
    pub const fn mode(self, mode: RoundingMode) -> RoundTo {
        RoundTo { mode, ..self }
    }

    /// How many of the unit the instant is rounded to a multiple of.
    #[must_use]
    pub const fn increment(self, increment: i64) -> RoundTo {
        RoundTo { increment, ..self }
    }

    /// The first day of a week, for rounding to weeks.
    #[must_use]
    pub const fn week_start(self, week_start: Weekday) -> RoundTo {
        RoundTo { week_start, ..self }
    }

    /// The increment against the unit: it must divide the next larger
    /// unit, and days and larger take none but 1. A refusal names the
    /// setting.
    pub fn check(self) -> Result<RoundTo, TimeError> {
        check_increment(self.increment, &self.increment.to_string(), self.unit, Setting::Increment, false)?;
        Ok(self)
    }

    /// From what a face was sent: the increment as text (it may come from
    /// a query string, and a refusal quotes it as sent), `None` for 1.
    pub fn from_texts(
        unit: TimeUnit,
        mode: RoundingMode,
        increment: Option<&str>,
        week_start: Weekday,
    ) -> Result<RoundTo, TimeError> {
        let increment = match increment {
            None => 1,
            Some(text) => {
                check_increment(whole_increment(text, Setting::Increment)?, text, unit, Setting::Increment, false)?
            }
        };
        RoundTo { unit, mode, increment, week_start }.check()
    }
}

/// Reads an increment and checks it fits `unit`: from 1 to 10^9; for units
/// of a day and finer, a divisor of the next larger unit, below it; for
/// larger units, 1 when rounding an instant (`any_above_days` for a
/// difference, which may round to 2 weeks).
/// An increment as sent: a whole number from 1 to 1,000,000,000.
fn whole_increment(text: &str, setting: Setting) -> Result<i64, TimeError> {
    text.trim().parse().ok().filter(|n| (1..=1_000_000_000).contains(n)).ok_or_else(|| TimeError::InvalidIncrement {
        setting,
        given: text.to_owned(),
        detail: "it must be a whole number from 1 to 1000000000".to_owned(),
    })
}

/// `increment` (sent as `given`) of `unit`: within its range, and dividing
/// the unit's next larger one (any, above days, where `any_above_days`).
fn check_increment(
    increment: i64,
    given: &str,
    unit: TimeUnit,
    setting: Setting,
    any_above_days: bool,
) -> Result<i64, TimeError> {
    let invalid = |detail: String| TimeError::InvalidIncrement { setting, given: given.to_owned(), detail };
    if !(1..=1_000_000_000).contains(&increment) {
        return Err(invalid("it must be a whole number from 1 to 1000000000".to_owned()));
    }
    match unit.per_next() {
        Some(per) if increment >= per || per % increment != 0 => Err(invalid(format!(
            "an increment of {} must divide {per} and be less than it (the {} in the next larger unit)",
            unit.plural(),
            unit.plural()
        ))),
        None if increment != 1 && !any_above_days => {
            Err(invalid(format!("rounding to {} takes no increment but 1", unit.plural())))
        }
        _ => Ok(increment),
    }
}

/// An instant rounded, with the period it lies in for days and larger.
#[derive(Clone, Debug)]
pub struct Rounded {
    pub instant: Timestamp,
    /// The input's period, `[start, end)`, for units of a day and larger.
    pub period: Option<(Zoned, Zoned)>,
}

/// Rounds `instant` on the wall clock in `zone`: up to hours as
/// Temporal's `ZonedDateTime.round` (the wall clock is rounded, then the
/// original offset is kept where it still applies); days and larger to the
/// start of their period or of the next one.
pub fn round(instant: Timestamp, zone: &Zone, to: &RoundTo) -> Result<Rounded, TimeError> {
    let to = &to.check()?;
    let zoned = instant.to_zoned(zone.tz().clone());
    let beyond = |_| out_of_range(format_args!("{instant} rounded to a {}", to.unit.singular()));
    if let Some(unit) = to.unit.jiff().filter(|_| to.unit < TimeUnit::Day) {
        let how = ZonedRound::new().smallest(unit).mode(to.mode.jiff()).increment(to.increment);
        let rounded = zoned.round(how).map_err(beyond)?;
        return Ok(Rounded { instant: rounded.timestamp(), period: None });
    }
    let (start, end) = period(&zoned, to.unit, to.week_start).map_err(beyond)?;
    let progress = instant.as_nanosecond() - start.timestamp().as_nanosecond();
    let length = end.timestamp().as_nanosecond() - start.timestamp().as_nanosecond();
    let rounded = if to.mode.rounds_up(progress, length) { end.timestamp() } else { start.timestamp() };
    Ok(Rounded { instant: rounded, period: Some((start, end)) })
}

/// The day, week (from `week_start`), month, quarter or year that holds
/// `zoned`, on its wall clock: from the first instant of its first day to
/// the first instant of the next period's first day.
pub fn period(zoned: &Zoned, unit: TimeUnit, week_start: Weekday) -> Result<(Zoned, Zoned), jiff::Error> {
    let date = zoned.date();
    let (first, next): (Date, Span) = match unit {
        TimeUnit::Week => {
            let back = (date.weekday().to_monday_zero_offset() - week_start.to_monday_zero_offset()).rem_euclid(7);
            (date.checked_sub(Span::new().days(back))?, Span::new().weeks(1))
        }
        TimeUnit::Month => (date.first_of_month(), Span::new().months(1)),
        TimeUnit::Quarter => {
            let month = (date.month() - 1) / 3 * 3 + 1;
            (Date::new(date.year(), month, 1)?, Span::new().months(3))
        }
        TimeUnit::Year => (date.first_of_year(), Span::new().years(1)),
        _ => (date, Span::new().days(1)),
    };
    let start_of = |day: Date| day.to_zoned(zoned.time_zone().clone())?.start_of_day();
    Ok((start_of(first)?, start_of(first.checked_add(next)?)?))
}

/// How a difference is balanced and rounded, set as jiff's
/// `ZonedDifference` is: from the defaults (years down to nanoseconds,
/// truncated, by 1), each setting that differs, checked as a whole by
/// [`DiffSettings::check`] (and by [`diff`]).
///
/// ```
/// use tsconv_time::arithmetic::{DiffSettings, RoundingMode};
/// use tsconv_time::error::{Setting, TimeError};
/// use tsconv_time::unit::TimeUnit;
///
/// let days = DiffSettings::new().largest(TimeUnit::Day).smallest(TimeUnit::Hour).mode(RoundingMode::HalfExpand);
/// assert!(days.increment(6).check().is_ok());
/// // Each refusal names the setting; each face spells it its own way.
/// let refusal = days.increment(5).check().unwrap_err();
/// assert!(matches!(refusal, TimeError::InvalidIncrement { setting: Setting::RoundingIncrement, .. }));
/// let refusal = DiffSettings::new().largest(TimeUnit::Hour).smallest(TimeUnit::Day).check().unwrap_err();
/// assert!(matches!(refusal, TimeError::UnitsOutOfOrder { .. }));
/// // From the texts a face was sent.
/// assert!(DiffSettings::from_texts(Some("days"), Some("hours"), Some("halfExpand"), Some("6")).is_ok());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DiffSettings {
    largest: TimeUnit,
    smallest: TimeUnit,
    mode: RoundingMode,
    increment: i64,
}

impl Default for DiffSettings {
    fn default() -> DiffSettings {
        DiffSettings::new()
    }
}

impl DiffSettings {
    /// Years down to nanoseconds, truncated, by 1.
    pub const fn new() -> DiffSettings {
        DiffSettings {
            largest: TimeUnit::Year,
            smallest: TimeUnit::Nanosecond,
            mode: RoundingMode::Trunc,
            increment: 1,
        }
    }

    /// The largest unit the span is balanced up to.
    #[must_use]
    pub const fn largest(self, unit: TimeUnit) -> DiffSettings {
        DiffSettings { largest: unit, ..self }
    }

    /// The smallest unit, the one the span is rounded to.
    #[must_use]
    pub const fn smallest(self, unit: TimeUnit) -> DiffSettings {
        DiffSettings { smallest: unit, ..self }
    }

    /// How the span is rounded to the smallest unit.
    #[must_use]
    pub const fn mode(self, mode: RoundingMode) -> DiffSettings {
        DiffSettings { mode, ..self }
    }

    /// How many of the smallest unit the span is rounded to a multiple of.
    #[must_use]
    pub const fn increment(self, increment: i64) -> DiffSettings {
        DiffSettings { increment, ..self }
    }

    /// The settings as a whole: units a difference has, the largest not
    /// below the smallest, an increment that divides the smallest unit's
    /// next larger one (any above days). An error names the setting.
    pub fn check(self) -> Result<DiffSettings, TimeError> {
        for (unit, setting) in [(self.largest, Setting::LargestUnit), (self.smallest, Setting::SmallestUnit)] {
            TimeUnit::parse(unit.plural(), &TimeUnit::OF_DIFFERENCE, setting)?;
        }
        if self.largest < self.smallest {
            return Err(TimeError::UnitsOutOfOrder {
                largest: self.largest.plural(),
                smallest: self.smallest.plural(),
            });
        }
        check_increment(self.increment, &self.increment.to_string(), self.smallest, Setting::RoundingIncrement, true)?;
        Ok(self)
    }

    /// The settings from the texts a face was sent, each `None` for its
    /// default: units by name (`days`), the mode in Temporal's spelling
    /// (`halfExpand`), the increment in digits; checked.
    pub fn from_texts(
        largest: Option<&str>,
        smallest: Option<&str>,
        mode: Option<&str>,
        increment: Option<&str>,
    ) -> Result<DiffSettings, TimeError> {
        let mut settings = DiffSettings::new();
        if let Some(text) = largest {
            settings.largest = TimeUnit::parse(text, &TimeUnit::OF_DIFFERENCE, Setting::LargestUnit)?;
        }
        if let Some(text) = smallest {
            settings.smallest = TimeUnit::parse(text, &TimeUnit::OF_DIFFERENCE, Setting::SmallestUnit)?;
        }
        if settings.largest < settings.smallest {
            return Err(TimeError::UnitsOutOfOrder {
                largest: settings.largest.plural(),
                smallest: settings.smallest.plural(),
            });
        }
        if let Some(text) = mode {
            settings.mode = RoundingMode::parse(text, Setting::RoundingMode)?;
        }
        if let Some(text) = increment {
            // Checked here, so that a refusal quotes the text as it was sent.
            let whole = whole_increment(text, Setting::RoundingIncrement)?;
            settings.increment = check_increment(whole, text, settings.smallest, Setting::RoundingIncrement, true)?;
        }
        settings.check()
    }
}

/// The duration from `from` to `to` on the wall clock in `zone`,
/// as Temporal's `ZonedDateTime.until`: balanced up to the largest unit,
/// rounded to the smallest; with `totals` of the whole, unrounded span.
/// `iso` writes an instant as the answer's `from` and `to`.
pub fn diff(
    from: Timestamp,
    to: Timestamp,
    zone: &Zone,
    settings: &DiffSettings,
    language: &Localizer,
) -> Result<Difference, TimeError> {
    let settings = &settings.check()?;
    let (from_zoned, to_zoned) = (from.to_zoned(zone.tz().clone()), to.to_zoned(zone.tz().clone()));
    let units = |unit: TimeUnit| unit.jiff().unwrap_or(Unit::Year);
    let how = ZonedDifference::new(&to_zoned)
        .largest(units(settings.largest))
        .smallest(units(settings.smallest))
        .mode(settings.mode.jiff())
        .increment(settings.increment);
    let span = from_zoned.until(how).map_err(|error| {
        if settings.largest == TimeUnit::Nanosecond {
            TimeError::DoesNotFit { from, to, largest: settings.largest.plural() }
        } else {
            out_of_range(format_args!("the difference from {from} to {to}, rounded ({error}),"))
        }
    })?;
    let parts = Parts {
        years: span.get_years().into(),
        months: span.get_months().into(),
        weeks: span.get_weeks().into(),
        days: span.get_days().into(),
        hours: span.get_hours().into(),
        minutes: span.get_minutes(),
        seconds: span.get_seconds(),
        milliseconds: span.get_milliseconds(),
        microseconds: span.get_microseconds(),
        nanoseconds: span.get_nanoseconds(),
    };
    let human = language.duration(&parts.values());
    let totals = totals(&from_zoned, &to_zoned);
    Ok(Difference {
        from: render::iso(from),
        to: render::iso(to),
        timezone: zone.name().to_owned(),
        from_calendar: Calendar::of(from_zoned.date()),
        to_calendar: Calendar::of(to_zoned.date()),
        duration: span.to_string(),
        sign: span.signum(),
        parts,
        totals_text: totals.text(),
        totals,
        human,
        locale: language.used(),
    })
}

/// The whole span from `from` to `to` in each unit from weeks down: hours
/// and smaller as elapsed time; days and weeks in calendar days on the
/// wall clock, the last one counted as the fraction of its own length
/// (Temporal's `Duration.total` with `relativeTo`: a 23-hour day is one).
fn totals(from: &Zoned, to: &Zoned) -> Totals {
    let elapsed = to.timestamp().as_nanosecond() - from.timestamp().as_nanosecond();
    let exact = |unit: TimeUnit| Decimal::ratio(elapsed, unit.nanos().unwrap_or(1));
    Totals {
        weeks: calendar_total(from, to, 7).unwrap_or_else(|| Decimal::ratio(elapsed, 7 * 86_400_000_000_000)),
        days: calendar_total(from, to, 1).unwrap_or_else(|| Decimal::ratio(elapsed, 86_400_000_000_000)),
        hours: exact(TimeUnit::Hour),
        minutes: exact(TimeUnit::Minute),
        seconds: exact(TimeUnit::Second),
        milliseconds: exact(TimeUnit::Millisecond),
        microseconds: exact(TimeUnit::Microsecond),
        nanoseconds: exact(TimeUnit::Nanosecond),
    }
}

/// The span in steps of `step` calendar days: the whole steps from `from`
/// (towards `to`), plus the part of the next step that is covered, measured
/// against that step's own length. `None` only when the next step would
/// leave the supported years (then the caller counts 24-hour days).
fn calendar_total(from: &Zoned, to: &Zoned, step: i64) -> Option<Decimal> {
    let unit = if step == 7 { Unit::Week } else { Unit::Day };
    let whole = from.until(ZonedDifference::new(to).largest(unit).smallest(unit).mode(RoundMode::Trunc)).ok()?;
    let n = i64::from(if step == 7 { whole.get_weeks() } else { whole.get_days() });
    let sign = i64::from(to.timestamp().cmp(&from.timestamp()) as i8);
    let at = |steps: i64| from.checked_add(Span::new().try_days(steps * step).ok()?).ok().map(|z| z.timestamp());
    let start = at(n)?;
    let next = at(n + sign)?;
    let length = (next.as_nanosecond() - start.as_nanosecond()).abs();
    if length == 0 {
        return Some(Decimal::ratio(0, 1));
    }
    let covered = to.timestamp().as_nanosecond() - start.as_nanosecond();
    Some(Decimal::ratio(i128::from(n) * length + covered, length))
}

impl Parts {
    /// Each part with its unit, largest first.
    pub fn values(&self) -> [(TimeUnit, i64); 10] {
        [
            (TimeUnit::Year, self.years),
            (TimeUnit::Month, self.months),
            (TimeUnit::Week, self.weeks),
            (TimeUnit::Day, self.days),
            (TimeUnit::Hour, self.hours),
            (TimeUnit::Minute, self.minutes),
            (TimeUnit::Second, self.seconds),
            (TimeUnit::Millisecond, self.milliseconds),
            (TimeUnit::Microsecond, self.microseconds),
            (TimeUnit::Nanosecond, self.nanoseconds),
        ]
    }
}

impl Decimal {
    /// `numerator / denominator` (`denominator` > 0) as a decimal: every
    /// digit where the decimal ends, else rounded half-even to 9 fraction
    /// digits; no trailing zeros.
    pub fn ratio(numerator: i128, denominator: i128) -> Decimal {
        debug_assert!(denominator > 0);
        let negative = numerator < 0;
        let (n, d) = (numerator.unsigned_abs(), denominator.unsigned_abs());
        let g = gcd(n, d);
        let (n, d) = (n / g, d / g);
        let mut rest = d;
        while rest % 2 == 0 {
            rest /= 2;
        }
        while rest % 5 == 0 {
            rest /= 5;
        }
        let mut text = String::new();
        if negative && n != 0 {
            text.push('-');
        }
        if rest == 1 {
            // The decimal ends: write every digit.
            text.push_str(itoa::Buffer::new().format(n / d));
            let mut remainder = n % d;
            if remainder != 0 {
                text.push('.');
            }
            while remainder != 0 {
                remainder *= 10;
                text.push(char::from(b'0' + (remainder / d) as u8));
                remainder %= d;
            }
            return Decimal(text);
        }
        // Rounded half-even to 9 fraction digits, then trailing zeros dropped.
        const SCALE: u128 = 1_000_000_000;
        let scaled = n * SCALE;
        let (mut q, r) = (scaled / d, scaled % d);
        if 2 * r > d || (2 * r == d && q % 2 == 1) {
            q += 1;
        }
        text.push_str(itoa::Buffer::new().format(q / SCALE));
        let fraction = format!("{:09}", q % SCALE);
        let fraction = fraction.trim_end_matches('0');
        if !fraction.is_empty() {
            text.push('.');
            text.push_str(fraction);
        }
        Decimal(text)
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The `data` of diff.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Difference {
    /// `from` as `iso`.
    pub from: String,
    /// `to` as `iso`.
    pub to: String,
    /// The zone whose wall clock measures days and longer units.
    pub timezone: String,
    /// The calendar facts of `from`'s wall-clock date in `timezone`.
    pub from_calendar: Calendar,
    /// The calendar facts of `to`'s wall-clock date in `timezone`.
    pub to_calendar: Calendar,
    /// ISO 8601, balanced up to `largest_unit` and rounded to `smallest_unit`;
    /// `-P...` when `to` is before `from`.
    #[cfg_attr(feature = "openapi", schema(example = "P1Y2M3DT12H"))]
    pub duration: String,
    /// 1, 0 or -1: whether `to` is after, at or before `from`.
    pub sign: i8,
    /// The parts, each carrying the sign. With `largest_unit` of
    /// milliseconds or smaller a part can pass 2^53: `duration` holds it as text.
    pub parts: Parts,
    pub totals: Totals,
    /// `totals` as strings, for clients (JavaScript's) whose numbers lose
    /// digits past 2^53 or in long fractions.
    pub totals_text: Totals<String>,
    /// The parts in words, in `locale`, as `Intl.DurationFormat` writes
    /// them with `style: "long"`: `1 year, 2 months, 3 days`.
    pub human: String,
    /// The locale whose CLDR data wrote `human`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "en"))]
    pub locale: &'static str,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for Difference {}

/// The duration's parts, each carrying the sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Parts {
    pub years: i64,
    pub months: i64,
    pub weeks: i64,
    pub days: i64,
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
    pub milliseconds: i64,
    pub microseconds: i64,
    pub nanoseconds: i64,
}

/// The whole span in each unit, unrounded: hours and smaller are elapsed
/// time, days and weeks calendar days in `timezone` (a 23-hour DST day is one).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Totals<D = Decimal> {
    pub weeks: D,
    pub days: D,
    pub hours: D,
    pub minutes: D,
    pub seconds: D,
    pub milliseconds: D,
    pub microseconds: D,
    pub nanoseconds: D,
}

impl Totals {
    /// The same decimals as strings (`totals_text`).
    pub fn text(&self) -> Totals<String> {
        let text = |decimal: &Decimal| decimal.0.clone();
        Totals {
            weeks: text(&self.weeks),
            days: text(&self.days),
            hours: text(&self.hours),
            minutes: text(&self.minutes),
            seconds: text(&self.seconds),
            milliseconds: text(&self.milliseconds),
            microseconds: text(&self.microseconds),
            nanoseconds: text(&self.nanoseconds),
        }
    }
}

/// A decimal number written exactly in the JSON text (`1.5`,
/// `0.333333333`): every digit where the decimal ends, else rounded
/// half-even to 9 fraction digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decimal(pub String);

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let number: serde_json::Number = self.0.parse().map_err(serde::ser::Error::custom)?;
        number.serialize(serializer)
    }
}

#[cfg(feature = "openapi")]
impl PartialSchema for Decimal {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some(
                "Exact decimal: every digit where the decimal ends, else rounded half-even to 9 fraction digits",
            ))
            .examples([serde_json::json!(1.5)])
            .into()
    }
}

#[cfg(feature = "openapi")]
impl ToSchema for Decimal {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Decimal")
    }
}

/// Random answers, for the tests that the hand-written writers write what
/// `serde_json` writes (strings of any Unicode, control characters
/// included; every optional field present or absent).
#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;

    fn zone(name: &str) -> Zone {
        Zone::parse(name).unwrap()
    }

    /// Rounding set by type and read from a face's texts is one: every
    /// unit and mode, some increments, accepted or refused alike.
    #[test]
    fn typed_rounding_and_texts_agree() {
        for unit in TimeUnit::ALL {
            for mode in RoundingMode::ALL {
                for increment in [1, 2, 5, 15, 24, 1000] {
                    let typed = RoundTo::new(unit).mode(mode).increment(increment).week_start(Weekday::Sunday).check();
                    let texts = RoundTo::from_texts(unit, mode, Some(&increment.to_string()), Weekday::Sunday);
                    match (typed, texts) {
                        (Ok(a), Ok(b)) => assert_eq!(
                            (a.unit, a.mode, a.increment, a.week_start),
                            (b.unit, b.mode, b.increment, b.week_start)
                        ),
                        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                        (a, b) => panic!("{unit:?} {mode:?} {increment}: {a:?} / {b:?}"),
                    }
                }
            }
        }
    }

    /// The settings built by type and read from the faces' texts are one:
    /// every pair of units, every mode and some increments, accepted or
    /// refused alike, and equal when accepted.
    #[test]
    fn typed_settings_and_texts_agree() {
        for largest in TimeUnit::OF_DIFFERENCE {
            for smallest in TimeUnit::OF_DIFFERENCE {
                for mode in RoundingMode::ALL {
                    for increment in [1, 2, 5, 6, 15, 1000] {
                        let typed = DiffSettings::new()
                            .largest(largest)
                            .smallest(smallest)
                            .mode(mode)
                            .increment(increment)
                            .check();
                        let texts = DiffSettings::from_texts(
                            Some(largest.plural()),
                            Some(smallest.plural()),
                            Some(mode.name()),
                            Some(&increment.to_string()),
                        );
                        match (typed, texts) {
                            (Ok(a), Ok(b)) => assert_eq!(
                                (a.largest, a.smallest, a.mode, a.increment),
                                (b.largest, b.smallest, b.mode, b.increment)
                            ),
                            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                            (a, b) => panic!("{largest:?} {smallest:?} {mode:?} {increment}: {a:?} / {b:?}"),
                        }
                    }
                }
            }
        }
    }

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn shown(instant: Timestamp, zone: &Zone) -> String {
        instant.to_zoned(zone.tz().clone()).strftime("%Y-%m-%dT%H:%M:%S%.f%:z").to_string()
    }

    fn plus(start: &str, duration: &str, zone_name: &str) -> Result<String, TimeError> {
        let zone = zone(zone_name);
        let span = parse_duration(duration)?;
        add(at(start), span, &zone, Overflow::Constrain, Disambiguation::Compatible).map(|t| shown(t, &zone))
    }

    #[test]
    fn durations_in_both_forms() {
        for (text, iso) in [
            ("P1Y2M3W4DT5H6M7.5S", "P1Y2M3W4DT5H6M7.5S"),
            ("-P1D", "-P1D"),
            ("PT36H", "PT36H"),
            ("1y 2mo 3w 4d 5h 6m 7s 8ms", "P1Y2M3W4DT5H6M7.008S"),
            ("-90m", "-PT90M"),
            ("2 hours 30 minutes", "PT2H30M"),
            ("p1d", "P1D"),
        ] {
            assert_eq!(parse_duration(text).unwrap().to_string(), iso, "{text}");
        }
        for (text, position) in [
            ("", 0),
            ("P", 0),
            ("1 fortnight", 0),
            ("P1.5Y", 0),
            ("PT1.5H30M", 6),
            (" 1h 2x", 3),
            ("2 hours 30 minutes and", 18),
            (&"1d ".repeat(100), 0),
        ] {
            let error = parse_duration(text).unwrap_err();
            assert_eq!((error.name(), error.position()), ("invalid_duration", Some(position)), "{text}");
        }
    }

    #[test]
    fn calendar_units_move_the_wall_clock() {
        // New York springs forward on 2024-03-10: one day is 23 hours.
        assert_eq!(plus("2024-03-09T17:00:00Z", "P1D", "America/New_York").unwrap(), "2024-03-10T12:00:00-04:00");
        assert_eq!(plus("2024-03-09T17:00:00Z", "PT24H", "America/New_York").unwrap(), "2024-03-10T13:00:00-04:00");
        // Month-end overflow constrains to the last day.
        assert_eq!(plus("2024-01-31T12:00:00Z", "P1M", "UTC").unwrap(), "2024-02-29T12:00:00+00:00");
        assert_eq!(plus("2023-01-31T12:00:00Z", "P1M", "UTC").unwrap(), "2023-02-28T12:00:00+00:00");
        assert_eq!(plus("2024-02-29T12:00:00Z", "P1Y", "UTC").unwrap(), "2025-02-28T12:00:00+00:00");
        assert_eq!(plus("2024-03-31T12:00:00Z", "-P1M", "UTC").unwrap(), "2024-02-29T12:00:00+00:00");
        // Years and months first, then days: Jan 31 + P1M1D is Mar 1 (2023).
        assert_eq!(plus("2023-01-31T00:00:00Z", "P1M1D", "UTC").unwrap(), "2023-03-01T00:00:00+00:00");
        // A result in the gap moves forward (compatible).
        assert_eq!(plus("2024-03-09T07:30:00Z", "P1D", "America/New_York").unwrap(), "2024-03-10T03:30:00-04:00");
        // Sydney's DST ends on 2024-04-07 (southern hemisphere: April).
        assert_eq!(plus("2024-04-06T02:00:00Z", "P1D", "Australia/Sydney").unwrap(), "2024-04-07T13:00:00+10:00");
        assert!(matches!(plus("9999-06-01T00:00:00Z", "P1Y", "UTC"), Err(TimeError::OutOfRange { .. })));
    }

    #[test]
    fn overflow_reject_and_disambiguation() {
        let utc = Zone::utc();
        let reject =
            add(at("2023-01-31T12:00:00Z"), "P1M".parse().unwrap(), &utc, Overflow::Reject, Default::default());
        let message = reject.unwrap_err().to_string();
        assert!(message.contains("2023-02-31") && message.contains("February 2023 has 28 days"), "{message}");
        // Day 31 + 2 months is fine in March.
        let fine = add(at("2023-01-31T12:00:00Z"), "P2M".parse().unwrap(), &utc, Overflow::Reject, Default::default());
        assert_eq!(fine.unwrap(), at("2023-03-31T12:00:00Z"));
        // 01:30 on 2024-11-03 happens twice in New York.
        let ny = zone("America/New_York");
        let start = at("2024-11-02T05:30:00Z"); // 01:30 EDT the day before
        let span: Span = "P1D".parse().unwrap();
        let earlier = add(start, span, &ny, Overflow::Constrain, Disambiguation::Earlier).unwrap();
        let later = add(start, span, &ny, Overflow::Constrain, Disambiguation::Later).unwrap();
        assert_eq!(
            (shown(earlier, &ny), shown(later, &ny)),
            ("2024-11-03T01:30:00-04:00".to_owned(), "2024-11-03T01:30:00-05:00".to_owned())
        );
        let refused = add(start, span, &ny, Overflow::Constrain, Disambiguation::Reject).unwrap_err();
        assert_eq!(refused.name(), "ambiguous_local_time");
    }

    /// With `compatible`, adding is what jiff's `Zoned::checked_add` does.
    #[test]
    fn compatible_addition_is_jiffs() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |bound: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound.unsigned_abs()) as i64
        };
        for name in ["America/New_York", "Australia/Lord_Howe", "Europe/London", "America/Havana", "UTC"] {
            let zone = zone(name);
            for _ in 0..300 {
                let start = Timestamp::from_second(next(4_000_000_000) - 1_000_000_000).unwrap();
                let sign = if next(2) == 0 { -1 } else { 1 };
                let span = Span::new()
                    .years(sign * next(3))
                    .months(sign * next(15))
                    .days(sign * next(40))
                    .hours(sign * next(30))
                    .minutes(sign * next(100));
                let ours = add(start, span, &zone, Overflow::Constrain, Disambiguation::Compatible);
                let jiffs = start.to_zoned(zone.tz().clone()).checked_add(span).map(|z| z.timestamp());
                assert_eq!(ours.ok(), jiffs.ok(), "{start} + {span} in {name}");
            }
        }
    }

    fn rounded(instant: &str, zone_name: &str, unit: TimeUnit, mode: RoundingMode) -> String {
        let zone = zone(zone_name);
        let to = RoundTo::new(unit).mode(mode);
        shown(round(at(instant), &zone, &to).unwrap().instant, &zone)
    }

    #[test]
    fn every_rounding_mode_at_a_half_and_either_side() {
        use RoundingMode::*;
        // 10:30 is a half hour: (below, half, above) for each mode.
        let expected = [
            (Floor, ["10", "10", "10"]),
            (Ceil, ["11", "11", "11"]),
            (Trunc, ["10", "10", "10"]),
            (Expand, ["11", "11", "11"]),
            (HalfExpand, ["10", "11", "11"]),
            (HalfTrunc, ["10", "10", "11"]),
            (HalfEven, ["10", "10", "11"]),
            (HalfFloor, ["10", "10", "11"]),
            (HalfCeil, ["10", "11", "11"]),
        ];
        for (mode, hours) in expected {
            for (instant, hour) in
                ["2024-01-01T10:29:59Z", "2024-01-01T10:30:00Z", "2024-01-01T10:30:01Z"].iter().zip(hours)
            {
                let got = rounded(instant, "UTC", TimeUnit::Hour, mode);
                assert_eq!(&got[11..13], hour, "{mode} {instant}");
            }
        }
        // Half-even goes up from an odd hour: 11:30 -> 12:00.
        assert_eq!(rounded("2024-01-01T11:30:00Z", "UTC", TimeUnit::Hour, HalfEven), "2024-01-01T12:00:00+00:00");
        // A day: noon is the half of a 24-hour day.
        assert_eq!(rounded("2024-01-01T12:00:00Z", "UTC", TimeUnit::Day, HalfExpand), "2024-01-02T00:00:00+00:00");
        assert_eq!(rounded("2024-01-01T12:00:00Z", "UTC", TimeUnit::Day, HalfEven), "2024-01-01T00:00:00+00:00");
        assert_eq!(rounded("2024-01-01T12:00:00Z", "UTC", TimeUnit::Day, HalfTrunc), "2024-01-01T00:00:00+00:00");
        assert_eq!(rounded("2024-01-01T00:00:00Z", "UTC", TimeUnit::Day, Ceil), "2024-01-01T00:00:00+00:00");
    }

    #[test]
    fn periods_follow_the_wall_clock() {
        use RoundingMode::*;
        // The wall clock of +05:45 is rounded, not UTC's.
        assert_eq!(
            rounded("2024-01-01T04:35:00Z", "Asia/Kathmandu", TimeUnit::Hour, Floor),
            "2024-01-01T10:00:00+05:45"
        );
        // New York's 23-hour day: its half is 11.5 hours after midnight, 12:30 EDT.
        assert_eq!(
            rounded("2024-03-10T16:30:00Z", "America/New_York", TimeUnit::Day, HalfExpand),
            "2024-03-11T00:00:00-04:00"
        );
        assert_eq!(
            rounded("2024-03-10T16:29:59Z", "America/New_York", TimeUnit::Day, HalfExpand),
            "2024-03-10T00:00:00-05:00"
        );
        // Havana's day before a DST day ends at that day's start, 00:00 EDT... which is 01:00 CDT.
        assert_eq!(rounded("2025-03-09T10:20:06Z", "America/Havana", TimeUnit::Day, Ceil), "2025-03-10T00:00:00-04:00");
        // Havana's DST day starts at 01:00.
        assert_eq!(
            rounded("2024-03-10T12:00:00Z", "America/Havana", TimeUnit::Day, Floor),
            "2024-03-10T01:00:00-04:00"
        );
        assert_eq!(rounded("2024-11-14T12:00:00Z", "UTC", TimeUnit::Week, Floor), "2024-11-11T00:00:00+00:00");
        assert_eq!(rounded("2024-11-14T12:00:00Z", "UTC", TimeUnit::Month, Ceil), "2024-12-01T00:00:00+00:00");
        assert_eq!(rounded("2024-11-14T12:00:00Z", "UTC", TimeUnit::Quarter, Floor), "2024-10-01T00:00:00+00:00");
        assert_eq!(rounded("2024-11-14T12:00:00Z", "UTC", TimeUnit::Year, HalfExpand), "2025-01-01T00:00:00+00:00");
        let sunday = RoundTo::new(TimeUnit::Week).mode(Floor).week_start(Weekday::Sunday);
        let week = round(at("2024-11-14T12:00:00Z"), &Zone::utc(), &sunday).unwrap();
        let (start, end) = week.period.unwrap();
        assert_eq!((start.date().to_string(), end.date().to_string()), ("2024-11-10".into(), "2024-11-17".into()));
    }

    /// Our day rounding is jiff's (Temporal's), in every mode, except where
    /// the next day does not start at midnight: jiff 0.2 ends the day at
    /// the same wall-clock time as its start (Havana's day before DST then
    /// ends at 01:00 CDT), where Temporal ends it at the next day's start.
    #[test]
    fn day_rounding_is_jiffs() {
        for name in ["America/New_York", "Australia/Lord_Howe", "America/Havana", "Asia/Kathmandu"] {
            let zone = zone(name);
            for step in 0..400_i64 {
                let instant = Timestamp::from_second(1_700_000_000 + step * 86_400 * 3 + step * 3_557).unwrap();
                let zoned = instant.to_zoned(zone.tz().clone());
                let tomorrow = zoned.start_of_day().unwrap().tomorrow().unwrap();
                if tomorrow.start_of_day().unwrap() != tomorrow {
                    continue;
                }
                for mode in RoundingMode::ALL {
                    let to = RoundTo::new(TimeUnit::Day).mode(mode);
                    let ours = round(instant, &zone, &to).unwrap().instant;
                    let how = ZonedRound::new().smallest(Unit::Day).mode(mode.jiff());
                    let jiffs = instant.to_zoned(zone.tz().clone()).round(how).unwrap().timestamp();
                    assert_eq!(ours, jiffs, "{instant} {mode} {name}");
                }
            }
        }
    }

    #[test]
    fn increments_must_fit_their_unit() {
        let mode = RoundingMode::Floor;
        for (unit, increment) in [(TimeUnit::Minute, "15"), (TimeUnit::Hour, "6"), (TimeUnit::Nanosecond, "500")] {
            assert!(RoundTo::from_texts(unit, mode, Some(increment), Weekday::Monday).is_ok(), "{unit} {increment}");
        }
        for (unit, increment) in [
            (TimeUnit::Minute, "7"),
            (TimeUnit::Hour, "24"),
            (TimeUnit::Day, "2"),
            (TimeUnit::Second, "0"),
            (TimeUnit::Second, "x"),
        ] {
            let error = RoundTo::from_texts(unit, mode, Some(increment), Weekday::Monday).unwrap_err();
            assert_eq!(error.name(), "invalid_unit", "{unit} {increment}");
        }
        let zone = Zone::utc();
        let quarter_hour = RoundTo::new(TimeUnit::Minute).mode(RoundingMode::HalfExpand).increment(15);
        assert_eq!(
            shown(round(at("2024-01-01T10:22:30Z"), &zone, &quarter_hour).unwrap().instant, &zone),
            "2024-01-01T10:30:00+00:00"
        );
    }

    fn difference(from: &str, to: &str, zone_name: &str, settings: [Option<&str>; 4]) -> Difference {
        let [largest, smallest, mode, increment] = settings;
        let settings = DiffSettings::from_texts(largest, smallest, mode, increment).unwrap();
        diff(at(from), at(to), &zone(zone_name), &settings, crate::locale::english()).unwrap()
    }

    #[test]
    fn differences_balance_round_and_total() {
        let d = difference("2023-01-01T00:00:00Z", "2024-03-04T12:00:00Z", "UTC", [None; 4]);
        assert_eq!(d.duration, "P1Y2M3DT12H");
        assert_eq!(d.human, "1 year, 2 months, 3 days, 12 hours");
        assert_eq!(d.sign, 1);
        assert_eq!(d.totals.days.0, "428.5");
        assert_eq!(d.totals.hours.0, "10284");
        assert_eq!(d.totals.weeks.0, "61.214285714");
        // Negative: to before from.
        let d = difference("2024-03-04T12:00:00Z", "2023-01-01T00:00:00Z", "UTC", [None; 4]);
        assert_eq!((d.duration.as_str(), d.sign, d.parts.years, d.parts.hours), ("-P1Y2M3DT12H", -1, -1, -12));
        assert_eq!(d.human, "-1 year, 2 months, 3 days, 12 hours");
        assert_eq!(d.totals.days.0, "-428.5");
        // Balanced up to hours.
        let d = difference("2024-01-01T00:00:00Z", "2024-01-02T01:00:00Z", "UTC", [Some("hours"), None, None, None]);
        assert_eq!((d.duration.as_str(), d.human.as_str()), ("PT25H", "25 hours"));
        // New York's 23-hour day is one day; 36 elapsed hours from its start are 1.52 days.
        let d = difference("2024-03-10T05:00:00Z", "2024-03-11T16:00:00Z", "America/New_York", [None; 4]);
        assert_eq!(
            (d.duration.as_str(), d.totals.hours.0.as_str(), d.totals.days.0.as_str()),
            ("P1DT12H", "35", "1.5")
        );
        // Rounding: 1 h 30 min to hours, half-even.
        let settings = [Some("hours"), Some("hours"), Some("half_even"), None];
        assert_eq!(difference("2024-01-01T00:00:00Z", "2024-01-01T01:30:00Z", "UTC", settings).duration, "PT2H");
        assert_eq!(difference("2024-01-01T00:00:00Z", "2024-01-01T00:30:00Z", "UTC", settings).duration, "PT0S");
        let settings = [Some("minutes"), Some("minutes"), Some("ceil"), Some("15")];
        assert_eq!(difference("2024-01-01T00:00:00Z", "2024-01-01T00:01:00Z", "UTC", settings).duration, "PT15M");
        // Nothing between them.
        let d = difference("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "UTC", [None; 4]);
        assert_eq!(
            (d.duration.as_str(), d.sign, d.human.as_str(), d.totals.days.0.as_str()),
            ("PT0S", 0, "0 seconds", "0")
        );
        // Month-end: Jan 31 to Feb 29 is 29 days, not a month.
        let d = difference("2024-01-31T00:00:00Z", "2024-02-29T00:00:00Z", "UTC", [None; 4]);
        assert_eq!(d.duration, "P29D");
        let d = difference("2024-01-31T00:00:00Z", "2024-03-01T00:00:00Z", "UTC", [None; 4]);
        assert_eq!(d.duration, "P1M1D");
    }

    #[test]
    fn difference_settings_are_checked() {
        let name = |settings: [Option<&str>; 4]| {
            let [a, b, c, d] = settings;
            DiffSettings::from_texts(a, b, c, d).unwrap_err().name()
        };
        assert_eq!(name([Some("hours"), Some("days"), None, None]), "invalid_unit");
        assert_eq!(name([Some("fortnights"), None, None, None]), "invalid_unit");
        assert_eq!(name([None, Some("quarters"), None, None]), "invalid_unit");
        assert_eq!(name([None, None, Some("nearest"), None]), "invalid_unit");
        assert_eq!(name([None, Some("minutes"), None, Some("7")]), "invalid_unit");
        assert!(DiffSettings::from_texts(None, Some("weeks"), Some("halfExpand"), Some("2")).is_ok());
        let settings = DiffSettings::from_texts(Some("nanoseconds"), None, None, None).unwrap();
        let error = diff(
            at("1700-01-01T00:00:00Z"),
            at("2024-01-01T00:00:00Z"),
            &Zone::utc(),
            &settings,
            crate::locale::english(),
        );
        assert_eq!(error.unwrap_err().name(), "invalid_unit");
    }

    #[test]
    fn decimals_are_exact_where_they_end() {
        for (n, d, text) in [
            (1, 2, "0.5"),
            (-3, 2, "-1.5"),
            (1, 3, "0.333333333"),
            (2, 3, "0.666666667"),
            (-2, 3, "-0.666666667"),
            (1, 1 << 20, "0.00000095367431640625"),
            (7, 1, "7"),
            (0, 5, "0"),
            (5, 10, "0.5"),
            (29_999_999_999, 30_000_000_000, "1"),
        ] {
            assert_eq!(Decimal::ratio(n, d).0, text, "{n}/{d}");
        }
    }
}
