//! The operations of the API, as plain functions: `current`, `convert`,
//! `validate` and `format`. The HTTP handlers and the CLI both call these,
//! so there is exactly one implementation of each.

use jiff::Timestamp;

use super::input::{Input, ReadOptions, read};
use super::render::{Format, Units, View};
use super::validate::Validation;
use super::{Precision, TimeError, Zone};

pub use crate::answer::{Formatted, InputInfo, Report};

impl Report {
    fn new(view: &View<'_>) -> Report {
        let units = Units::of(view.instant);
        Report {
            timestamp: view.timestamp(),
            precision: view.precision,
            precision_detected: None,
            iso: view.iso(),
            timezone: view.zone.name().to_owned(),
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
}

/// `now` in `zone`, with the `timestamp` field in `precision`.
pub fn current(now: Timestamp, zone: &Zone, precision: Precision) -> Report {
    Report::new(&View::new(now, zone, precision))
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
    let view = View::new(reading.instant, options.zone, reading.precision);
    let mut report = Report::new(&view);
    report.precision_detected = Some(reading.precision_detected);
    report.input = Some(InputInfo {
        kind: reading.kind,
        epoch: reading.epoch.map(|epoch| epoch.name().into_owned()),
        pattern: reading.pattern,
        text: input.text().to_owned(),
    });
    report.id = reading.id;
    report.formatted = format.map(|format| view.format(format, now)).transpose()?;
    Ok(report)
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
    let view = View::new(reading.instant, options.zone, reading.precision);
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
        let report = current(now, &Zone::utc(), Precision::Milliseconds);
        assert_eq!(report.timestamp, 1_700_000_000_123);
        assert_eq!(report.rfc3339, "2023-11-14T22:13:20.123Z");
        assert!(report.input.is_none() && report.precision_detected.is_none());
    }
}
