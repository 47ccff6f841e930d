//! The operations of the API, as plain functions: `current`, `convert`,
//! `validate`, `format`, and the arithmetic of SPEC 9 (`add`, `round`,
//! `diff`). The HTTP handlers and the CLI both call these,
//! so there is exactly one implementation of each.

use jiff::{Span, Timestamp, Zoned};

use super::arithmetic::{self, DiffSettings, Overflow, RoundTo};
use super::input::{Input, ReadOptions, Reading, read};
use super::locale::Localizer;
use super::render::{self, Format, Units, View};
use super::validate::Validation;
use super::{Precision, TimeError, Zone};

pub use crate::answer::{Addition, Difference, Formatted, InputInfo, Period, Report, Rounding};

impl Report {
    fn new(view: &View<'_>) -> Report {
        let units = Units::of(view.instant);
        Report {
            timestamp: view.timestamp(),
            precision: view.precision,
            precision_detected: None,
            iso: view.iso(),
            timezone: view.zone.name().to_owned(),
            locale: view.language.used(),
            rfc3339: view.rfc3339(),
            utc: view.utc(),
            local: view.local(),
            units_text: units.text(),
            units,
            zone: view.zone_info(),
            input: None,
            id: None,
            formatted: None,
        }
    }

    /// The report of `view`, the instant computed from `input` as `reading`
    /// read it, with what the input was.
    fn of_input(view: &View<'_>, input: Input<'_>, reading: Reading, formatted: Option<String>) -> Report {
        let mut report = Report::new(view);
        report.precision_detected = Some(reading.precision_detected);
        report.input = Some(InputInfo {
            kind: reading.kind,
            epoch: reading.epoch.map(|epoch| epoch.name().into_owned()),
            pattern: reading.pattern,
            text: input.text().to_owned(),
        });
        report.id = reading.id;
        report.formatted = formatted;
        report
    }
}

/// `now` in `zone`, with the `timestamp` field in `precision`, its texts in `language`.
pub fn current(now: Timestamp, zone: &Zone, precision: Precision, language: &Localizer) -> Report {
    Report::new(&View::new(now, zone, precision).speaking(language))
}

/// One input in every representation, plus `formatted` when a format is given.
///
/// `options.zone` is where wall-clock inputs are read and where the result is shown.
pub fn convert(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    format: Option<&Format>,
    now: Timestamp,
) -> Result<Report, TimeError> {
    let reading = read(input, options)?;
    let view = View::new(reading.instant, options.zone, reading.precision).speaking(options.language);
    let formatted = format.map(|format| view.format(format, now)).transpose()?;
    Ok(Report::of_input(&view, input, reading, formatted))
}

/// An error of an operation with several parameters, with the one it
/// concerns: the input that could not be read, or the setting whose result
/// could not be computed (`duration` of add, `unit` of round, `to` of diff).
pub type Failure = (&'static str, TimeError);

/// One input plus a duration (SPEC 9.1): the result in every
/// representation, in the input's unit or a finer one that holds it
/// exactly (unless `precision` is stated), plus `formatted` when a format
/// is given.
pub fn add(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    duration: Span,
    overflow: Overflow,
    format: Option<&Format>,
    now: Timestamp,
) -> Result<Addition, Failure> {
    let reading = read(input, options).map_err(|error| ("timestamp", error))?;
    let sum = arithmetic::add(reading.instant, duration, options.zone, overflow, options.disambiguation)
        .map_err(|error| ("duration", error))?;
    let precision = options.precision.unwrap_or_else(|| reading.precision.max(Precision::exact_for(sum)));
    let view = View::new(sum, options.zone, precision).speaking(options.language);
    let formatted = format.map(|format| view.format(format, now)).transpose().map_err(|error| ("format", error))?;
    let from = render::iso(reading.instant);
    Ok(Addition { result: Report::of_input(&view, input, reading, formatted), from, duration: duration.to_string() })
}

/// One input rounded (SPEC 9.3), in every representation, with its
/// period for days and larger.
pub fn round(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    to: &RoundTo,
    format: Option<&Format>,
    now: Timestamp,
) -> Result<Rounding, Failure> {
    let reading = read(input, options).map_err(|error| ("timestamp", error))?;
    let rounded = arithmetic::round(reading.instant, options.zone, to).map_err(|error| ("unit", error))?;
    let view = View::new(rounded.instant, options.zone, reading.precision).speaking(options.language);
    let formatted = format.map(|format| view.format(format, now)).transpose().map_err(|error| ("format", error))?;
    let period = rounded.period.map(|(start, end)| {
        let rfc3339 = |zoned: Zoned| View::new(zoned.timestamp(), options.zone, reading.precision).rfc3339();
        Period { start: rfc3339(start), end: rfc3339(end) }
    });
    let from = render::iso(reading.instant);
    Ok(Rounding { result: Report::of_input(&view, input, reading, formatted), from, period })
}

/// The duration between two inputs (SPEC 9.2), both read with `options`.
pub fn diff(
    from: Input<'_>,
    to: Input<'_>,
    options: &ReadOptions<'_>,
    settings: &DiffSettings,
) -> Result<Difference, Failure> {
    let from = read(from, options).map_err(|error| ("from", error))?.instant;
    let to = read(to, options).map_err(|error| ("to", error))?.instant;
    arithmetic::diff(from, to, options.zone, settings, options.language).map_err(|error| ("to", error))
}

/// Whether the input is a valid timestamp, and what it means.
pub fn validate(input: Input<'_>, options: &ReadOptions<'_>) -> Validation {
    super::validate::validate(input, options)
}

/// Formats one input: with `format`, that one; without, every preset.
pub fn format(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    format: Option<&Format>,
    now: Timestamp,
) -> Result<Formatted, TimeError> {
    let reading = read(input, options)?;
    let view = View::new(reading.instant, options.zone, reading.precision).speaking(options.language);
    let (formatted, preview, formats) = match format {
        Some(format) => {
            let preview = match format {
                Format::Discord(style) => Some(view.discord_preview(*style, now)),
                _ => None,
            };
            (Some(view.format(format, now)?), preview, None)
        }
        None => (None, None, Some(Box::new(view.presets(now)))),
    };
    Ok(Formatted {
        timestamp: view.timestamp(),
        precision: view.precision,
        iso: view.iso(),
        timezone: view.zone.name().to_owned(),
        locale: view.language.used(),
        format: format.map(Format::name),
        formatted,
        preview,
        formats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(zone: &Zone) -> ReadOptions<'_> {
        ReadOptions::new(zone, Timestamp::UNIX_EPOCH)
    }

    #[test]
    fn convert_fills_every_field() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let ny = Zone::parse("America/New_York").unwrap();
        let report = convert(Input::Number("1700000000"), &options(&ny), Some(&Format::Clf), now).unwrap();
        assert_eq!(report.timestamp, 1_700_000_000);
        assert_eq!(report.precision_detected, Some(true));
        assert_eq!(
            report.input,
            Some(InputInfo { kind: crate::time::Kind::Unix, epoch: None, pattern: None, text: "1700000000".into() })
        );
        assert_eq!(report.formatted.as_deref(), Some("14/Nov/2023:17:13:20 -0500"));
        assert_eq!(report.units_text.nanoseconds, "1700000000000000000");
        assert_eq!(report.zone.abbreviation, "EST");
    }

    #[test]
    fn format_gives_one_or_all() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let utc = Zone::utc();
        let input = Input::Text("1700000000");
        let all = format(input, &options(&utc), None, now).unwrap();
        assert!(all.formats.is_some() && all.formatted.is_none() && all.format.is_none());
        let discord = Format::parse(Some("discord"), None, Some("F")).unwrap();
        let one = format(input, &options(&utc), discord.as_ref(), now).unwrap();
        assert_eq!(one.formatted.as_deref(), Some("<t:1700000000:F>"));
        assert_eq!(one.preview.as_deref(), Some("Tuesday, November 14, 2023 at 10:13 PM"));
        assert_eq!(one.format, Some("discord"));
    }

    #[test]
    fn current_uses_the_given_clock() {
        let now = Timestamp::new(1_700_000_000, 123_000_000).unwrap();
        let report = current(now, &Zone::utc(), Precision::Milliseconds, crate::time::locale::english());
        assert_eq!(report.timestamp, 1_700_000_000_123);
        assert_eq!(report.rfc3339, "2023-11-14T22:13:20.123Z");
        assert!(report.input.is_none() && report.precision_detected.is_none());
    }
}
