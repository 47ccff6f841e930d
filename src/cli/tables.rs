//! What the commands print: an answer as a table of `label value` rows, as
//! one line of a stream, or as JSON.

use std::io::{self, Write};

use serde::Serialize;
use tsconv_time::arithmetic::Difference;
use tsconv_time::epoch::Epoch;
use tsconv_time::fields::Fields;
use tsconv_time::ops::{Addition, Formatted, Report, Rounding};
use tsconv_time::render::Format;
use tsconv_time::validate::Validation;

/// What one input became, ready to print.
pub(super) enum Shown {
    /// A conversion, whether a format was asked for, and the fields asked for.
    Report(Box<Report>, bool, Fields),
    Formatted(Box<Formatted>),
    Validation(Box<Validation>),
    Addition(Box<Addition>, Fields),
    Rounding(Box<Rounding>, Fields),
    Difference(Box<Difference>),
}

impl Shown {
    pub(super) fn is_invalid(&self) -> bool {
        matches!(self, Shown::Validation(v) if !v.valid)
    }

    pub(super) fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, ..) => write_json(out, report),
            Shown::Formatted(formatted) => write_json(out, formatted),
            Shown::Validation(validation) => write_json(out, validation),
            Shown::Addition(addition, _) => write_json(out, addition),
            Shown::Rounding(rounding, _) => write_json(out, rounding),
            Shown::Difference(difference) => write_json(out, difference),
        }
    }

    pub(super) fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, _, fields) => write_report_table(out, report, true, *fields),
            Shown::Formatted(formatted) => write_formatted_table(out, formatted),
            Shown::Validation(validation) => write_validation_table(out, validation),
            Shown::Addition(addition, fields) => {
                optional_row(out, "from", addition.from.as_ref())?;
                optional_row(out, "duration", addition.duration.as_ref())?;
                write_report_table(out, &addition.result, false, *fields)
            }
            Shown::Rounding(rounding, fields) => {
                optional_row(out, "from", rounding.from.as_ref())?;
                if let Some(period) = &rounding.period {
                    row(out, "period", format_args!("{} to {}", period.start, period.end))?;
                }
                write_report_table(out, &rounding.result, false, *fields)
            }
            Shown::Difference(difference) => write_difference_table(out, difference),
        }
    }

    /// A computed instant's line: its `formatted` text when a format was
    /// asked for, else its RFC 3339 text.
    pub(super) fn result_line(out: &mut impl Write, report: &Report) -> io::Result<()> {
        writeln!(out, "{}", report.formatted.as_ref().or(report.rfc3339.as_ref()).map_or("", String::as_str))
    }

    /// One line per input in streaming mode: the value a log pipeline wants.
    pub(super) fn write_line(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, true, _) => writeln!(out, "{}", report.formatted.as_deref().unwrap_or_default()),
            Shown::Report(report, false, _) => writeln!(out, "{}", report.rfc3339.as_deref().unwrap_or_default()),
            Shown::Formatted(formatted) => {
                writeln!(out, "{}", formatted.formatted.as_ref().or(formatted.iso.as_ref()).map_or("", String::as_str))
            }
            Shown::Addition(addition, _) => Shown::result_line(out, &addition.result),
            Shown::Rounding(rounding, _) => Shown::result_line(out, &rounding.result),
            Shown::Difference(difference) => writeln!(out, "{}", difference.duration),
            Shown::Validation(v) => match (&v.kind, &v.error) {
                (Some(kind), _) => writeln!(out, "valid {}", kind.name()),
                (None, Some(error)) => writeln!(out, "invalid {}: {}", error.error, error.message),
                (None, None) => writeln!(out, "invalid"),
            },
        }
    }
}

pub(super) fn write_json(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

pub(super) fn row(out: &mut impl Write, label: &str, value: impl std::fmt::Display) -> io::Result<()> {
    writeln!(out, "{label:<11} {value}")
}

pub(super) fn detected(flag: Option<bool>) -> &'static str {
    match flag {
        Some(true) => ", detected",
        _ => "",
    }
}

pub(super) fn optional_row(out: &mut impl Write, label: &str, value: Option<impl std::fmt::Display>) -> io::Result<()> {
    value.map_or(Ok(()), |value| row(out, label, value))
}

/// The rows of the fields `report` has: every one but `units` and
/// `locale` (which --json writes), unless --fields named some (`fields`).
pub(super) fn write_report_table(
    out: &mut impl Write,
    report: &Report,
    with_input: bool,
    fields: Fields,
) -> io::Result<()> {
    match (report.timestamp, report.precision) {
        (Some(timestamp), Some(precision)) => {
            row(out, "timestamp", format_args!("{timestamp} ({precision}{})", detected(report.precision_detected)))?
        }
        (timestamp, precision) => {
            optional_row(out, "timestamp", timestamp)?;
            optional_row(out, "precision", precision)?;
        }
    }
    optional_row(out, "iso", report.iso.as_ref())?;
    optional_row(out, "rfc3339", report.rfc3339.as_ref())?;
    optional_row(out, "utc", report.utc.as_ref())?;
    optional_row(out, "local", report.local.as_ref())?;
    let asked = fields != Fields::ALL;
    optional_row(out, "locale", report.locale.filter(|_| asked))?;
    let units = match (&report.units, &report.units_text) {
        (_, Some(u)) => {
            Some([u.seconds.clone(), u.milliseconds.clone(), u.microseconds.clone(), u.nanoseconds.clone()])
        }
        (Some(u), None) => Some([u.seconds, u.milliseconds, u.microseconds, u.nanoseconds].map(|n| n.to_string())),
        (None, None) => None,
    };
    if let Some([s, ms, us, ns]) = units.filter(|_| asked) {
        row(out, "units", format_args!("{s} s, {ms} ms, {us} µs, {ns} ns"))?;
    }
    if let Some(calendar) = &report.calendar {
        let leap = if calendar.leap_year { "a leap year" } else { "not a leap year" };
        row(
            out,
            "calendar",
            format_args!(
                "{} (ISO {}), week {}, day {}, Q{}, {} days in the month, {leap}",
                calendar.weekday,
                calendar.weekday_number,
                calendar.iso_week,
                calendar.day_of_year,
                calendar.quarter,
                calendar.days_in_month
            ),
        )?;
    }
    match &report.zone {
        Some(zone) => {
            let dst = if zone.dst { "DST" } else { "no DST" };
            let next = zone.next_transition.as_deref().map(|t| format!("; next change {t}")).unwrap_or_default();
            let long_name = zone.long_name.as_deref().map(|name| format!("{name}, ")).unwrap_or_default();
            row(
                out,
                "timezone",
                format_args!("{} ({long_name}{}, {}, {dst}{next})", zone.name, zone.abbreviation, zone.offset),
            )?;
        }
        None => optional_row(out, "timezone", report.timezone.as_ref())?,
    }
    if with_input && let Some(input) = &report.input {
        let detail = input.epoch.as_deref().or(input.pattern.as_deref()).map(|d| format!(" {d}")).unwrap_or_default();
        row(out, "input", format_args!("{}{detail}", input.kind.name()))?;
        if let Some(read_as) = &input.read_as {
            row(out, "read as", read_as)?;
        }
        for warning in &input.warnings {
            row(out, "warning", warning)?;
        }
    }
    write_id_fields(out, report.id.as_ref())?;
    optional_row(out, "formatted", report.formatted.as_ref())
}

pub(super) fn write_formatted_table(out: &mut impl Write, formatted: &Formatted) -> io::Result<()> {
    if let Some(text) = &formatted.formatted {
        writeln!(out, "{text}")?;
        if let Some(preview) = &formatted.preview {
            row(out, "preview", preview)?;
        }
        return Ok(());
    }
    let Some(p) = &formatted.formats else { return Ok(()) };
    for (format, value) in Format::PRESETS.iter().zip(&p.values) {
        match format {
            // The length presets' names are longer than a row's label.
            Format::Length(_) => writeln!(out, "{:<16}{value}", format.name())?,
            _ => row(out, format.name(), value)?,
        }
    }
    for ((style, code), preview) in
        tsconv_time::discord::DiscordStyle::ALL.iter().zip(&p.discord.0).zip(&p.discord_preview.0)
    {
        row(out, &format!("discord {}", style.code()), format_args!("{code:<20}{preview}"))?;
    }
    let epochs = Epoch::WRITTEN.map(Epoch::preset_name).into_iter().zip(&p.epochs);
    let ids = tsconv_time::id::IdFormat::ALL.map(tsconv_time::id::IdFormat::name).into_iter().zip(&p.ids);
    for (name, value) in epochs.chain(ids) {
        // Written wider than a row's label: the ID names are long.
        writeln!(out, "{name:<18}{}", value.as_deref().unwrap_or("-"))?;
    }
    Ok(())
}

/// An ID's fields, one row each.
pub(super) fn write_id_fields(out: &mut impl Write, id: Option<&tsconv_time::id::IdFields>) -> io::Result<()> {
    for (name, value) in id.map(|id| id.0.as_slice()).unwrap_or_default() {
        row(out, name, value)?;
    }
    Ok(())
}

pub(super) fn write_difference_table(out: &mut impl Write, d: &Difference) -> io::Result<()> {
    row(out, "from", &d.from)?;
    row(out, "to", &d.to)?;
    row(out, "duration", &d.duration)?;
    row(out, "human", &d.human)?;
    let t = &d.totals;
    for (unit, total) in [
        ("weeks", &t.weeks),
        ("days", &t.days),
        ("hours", &t.hours),
        ("minutes", &t.minutes),
        ("seconds", &t.seconds),
        ("ms", &t.milliseconds),
        ("µs", &t.microseconds),
        ("ns", &t.nanoseconds),
    ] {
        row(out, &format!("in {unit}"), total)?;
    }
    Ok(())
}

pub(super) fn write_validation_table(out: &mut impl Write, v: &Validation) -> io::Result<()> {
    row(out, "valid", if v.valid { "yes" } else { "no" })?;
    if let (Some(kind), Some(precision)) = (v.kind, v.precision) {
        let detail = v.epoch.as_deref().or(v.pattern.as_deref()).map(|d| format!(" {d}")).unwrap_or_default();
        row(out, "kind", format_args!("{}{detail}", kind.name()))?;
        row(out, "precision", format_args!("{precision}{}", detected(v.precision_detected)))?;
    }
    if let Some(read_as) = &v.read_as {
        row(out, "read as", read_as)?;
    }
    write_id_fields(out, v.id.as_ref())?;
    let c = &v.conforms;
    let conforms: Vec<&str> = [
        (c.rfc3339, "rfc3339"),
        (c.iso8601, "iso8601"),
        (c.rfc9557, "rfc9557"),
        (c.rfc2822, "rfc2822"),
        (c.http_date, "http_date"),
    ]
    .into_iter()
    .filter_map(|(yes, name)| yes.then_some(name))
    .collect();
    row(out, "conforms", if conforms.is_empty() { "-".to_owned() } else { conforms.join(", ") })?;
    if let Some(n) = &v.normalized {
        row(out, "normalized", format_args!("{} ({})", n.rfc3339, n.timestamp))?;
    }
    for warning in &v.warnings {
        row(out, "warning", warning)?;
    }
    for alternative in v.alternatives.iter().flatten() {
        match (&alternative.epoch, &alternative.read_as) {
            (Some(epoch), _) => {
                let unit = alternative.precision.map(|p| format!(" {p}")).unwrap_or_default();
                row(out, "or", format_args!("{} as {epoch}{unit}", alternative.iso))?;
            }
            (None, Some(read_as)) => {
                let zone = alternative.zone.as_deref().map(|zone| format!(", {zone}")).unwrap_or_default();
                row(out, "or", format_args!("{} as {read_as}{zone}", alternative.iso))?;
            }
            (None, None) => row(out, "or", &alternative.iso)?,
        }
    }
    if let Some(error) = &v.error {
        row(out, "error", format_args!("{}: {}", error.error, error.message))?;
        if let Some(position) = error.position {
            row(out, "position", position)?;
        }
    }
    Ok(())
}
