//! The operations of the API, as plain functions: `current`, `convert`,
//! `validate`, `format`, and the time arithmetic (`add`, `round`,
//! `diff`). The HTTP handlers and the CLI both call these,
//! so there is exactly one implementation of each. Their answers are here
//! too: [`Report`] (an instant in every representation), [`Formatted`],
//! [`Addition`], [`Rounding`]; the others are beside the modules that make
//! them ([`Validation`], [`Difference`]).

use jiff::{Span, Timestamp, Zoned};

use crate::arithmetic::{self, DiffSettings, Difference, Overflow, RoundTo};
use crate::calendar::Calendar;
use crate::error::TimeError;
use crate::fields::{Field, Fields};
use crate::id::IdFields;
use crate::input::{Input, ReadOptions, Reading, read};
#[cfg(feature = "serde")]
use crate::json::{Json, Object, WriteJson};
use crate::kind::Kind;
use crate::locale::Localizer;
use crate::precision::Precision;
use crate::render::{self, Format, Presets, Units, UnitsText, View};
use crate::validate::Validation;
use crate::zone::{Zone, ZoneInfo};

/// `now` in `zone`, with the `timestamp` field in `precision`, its texts in
/// `language`: the fields `fields` asks for.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::{fields::{Field, Fields}, locale, ops, precision::Precision, zone::Zone};
///
/// let now = Timestamp::from_second(1_700_000_000).unwrap();
/// let report = ops::current(now, &Zone::parse("Asia/Kolkata").unwrap(), Precision::Milliseconds, locale::english(), Fields::ALL);
/// assert_eq!((report.timestamp, report.local.as_deref()), (Some(1_700_000_000_000), Some("2023-11-15 03:43:20.000")));
/// // Only what is asked for is computed.
/// let two = ops::current(now, &Zone::utc(), Precision::Seconds, locale::english(), Fields::parse("iso,calendar", Field::CURRENT).unwrap());
/// assert_eq!((two.iso.as_deref(), two.calendar.unwrap().weekday), (Some("2023-11-14T22:13:20.000Z"), "Tuesday"));
/// assert!(two.timestamp.is_none() && two.zone.is_none() && two.local.is_none() && two.units.is_none());
/// ```
pub fn current(now: Timestamp, zone: &Zone, precision: Precision, language: &Localizer, fields: Fields) -> Report {
    Report::new(&View::new(now, zone, precision).speaking(language), fields)
}

/// One input in every representation, plus `formatted` when a format is
/// given: the fields `fields` asks for, no other computed.
///
/// `options.zone` is where wall-clock inputs are read and where the result is shown.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::input::{Input, ReadOptions};
/// use tsconv_time::{fields::Fields, ops, render::Format, zone::Zone};
///
/// let zone = Zone::parse("Europe/London").unwrap();
/// let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
/// let report = ops::convert(Input::Number("1700000000123456789"), &options, Some(&Format::Rfc2822), Timestamp::UNIX_EPOCH, Fields::ALL).unwrap();
/// assert_eq!(report.units_text.unwrap().nanoseconds, "1700000000123456789"); // every digit kept
/// assert_eq!(report.formatted.as_deref(), Some("Tue, 14 Nov 2023 22:13:20 +0000"));
/// ```
pub fn convert(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    format: Option<&Format>,
    now: Timestamp,
    fields: Fields,
) -> Result<Report, TimeError> {
    let reading = read(input, options)?;
    let view = View::new(reading.instant, options.zone, reading.precision).speaking(options.language);
    let formatted =
        format.filter(|_| fields.has(Field::Formatted)).map(|format| view.format(format, now)).transpose()?;
    let compact = fields
        .has(Field::Input)
        .then(|| crate::validate::compact_date_of(input, &reading, options).map(|(_, warning)| warning))
        .flatten();
    let mut report = Report::of_input(&view, input, reading, formatted, fields);
    if let (Some(warning), Some(info)) = (compact, report.input.as_mut()) {
        info.warnings.push(warning);
    }
    Ok(report)
}

/// The one line a stream writes for `input`: `format`'s text, or
/// `otherwise`'s when no format was asked for, exactly as [`convert`] and
/// [`format()`] give them in their answers, without writing the answers'
/// other fields.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::{input::{Input, ReadOptions}, ops, render::Format, zone::Zone};
///
/// let zone = Zone::parse("America/New_York").unwrap();
/// let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
/// let line = ops::line(Input::Text("1700000000"), &options, None, &Format::Rfc3339, Timestamp::UNIX_EPOCH);
/// assert_eq!(line.unwrap(), "2023-11-14T17:13:20-05:00");
/// ```
pub fn line(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    format: Option<&Format>,
    otherwise: &Format,
    now: Timestamp,
) -> Result<String, TimeError> {
    let reading = read(input, options)?;
    let view = View::new(reading.instant, options.zone, reading.precision).speaking(options.language);
    view.format(format.unwrap_or(otherwise), now)
}

/// Which operand of an operation a [`Failure`] concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// The input of add or round, which could not be read.
    Input,
    /// The duration of add, which could not be added.
    Duration,
    /// What round rounds to, which the instant could not be rounded to.
    Unit,
    /// The output format, which could not write the result.
    Format,
    /// The start of diff.
    From,
    /// The end of diff, or the difference itself.
    To,
}

/// An error of an operation with several operands, with the one it
/// concerns: the input that could not be read, or the setting whose result
/// could not be computed (the duration of add, the unit of round, the end
/// of diff). Each face names the operand in its own words (a parameter, a
/// flag).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct Failure {
    pub operand: Operand,
    pub error: TimeError,
}

impl Operand {
    /// This operand's failure: `error`.
    fn failed(self) -> impl FnOnce(TimeError) -> Failure {
        move |error| Failure { operand: self, error }
    }
}

/// One input plus a duration: the result in every
/// representation, in the input's unit or a finer one that holds it
/// exactly (unless `precision` is stated), plus `formatted` when a format
/// is given.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::arithmetic::{Overflow, parse_duration};
/// use tsconv_time::input::{Input, ReadOptions};
/// use tsconv_time::{fields::Fields, ops, zone::Zone};
///
/// let zone = Zone::parse("America/New_York").unwrap();
/// let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
/// let one_month = parse_duration("1 month").unwrap();
/// let sum = ops::add(Input::Text("2024-01-31T09:00:00"), &options, one_month, Overflow::Constrain, None, Timestamp::UNIX_EPOCH, Fields::ALL).unwrap();
/// assert_eq!(sum.result.local.as_deref(), Some("2024-02-29 09:00:00")); // the last day of February, not March 2
/// ```
pub fn add(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    duration: Span,
    overflow: Overflow,
    format: Option<&Format>,
    now: Timestamp,
    fields: Fields,
) -> Result<Addition, Failure> {
    let reading = read(input, options).map_err(Operand::Input.failed())?;
    let sum = arithmetic::add(reading.instant, duration, options.zone, overflow, options.disambiguation)
        .map_err(Operand::Duration.failed())?;
    let precision = options.precision.unwrap_or_else(|| reading.precision.max(Precision::exact_for(sum)));
    let view = View::new(sum, options.zone, precision).speaking(options.language);
    let formatted = format
        .filter(|_| fields.has(Field::Formatted))
        .map(|format| view.format(format, now))
        .transpose()
        .map_err(Operand::Format.failed())?;
    let from = fields.then(Field::From, || render::iso(reading.instant));
    let duration = fields.then(Field::Duration, || duration.to_string());
    Ok(Addition { result: Report::of_input(&view, input, reading, formatted, fields), from, duration })
}

/// One input rounded, in every representation, with its
/// period for days and larger.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::arithmetic::{RoundTo, RoundingMode};
/// use tsconv_time::input::{Input, ReadOptions};
/// use tsconv_time::{fields::Fields, ops, unit::TimeUnit, zone::Zone};
///
/// let zone = Zone::parse("Australia/Sydney").unwrap();
/// let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
/// let to = RoundTo::new(TimeUnit::Day).mode(RoundingMode::Floor);
/// let day = ops::round(Input::Number("1700000000"), &options, &to, None, Timestamp::UNIX_EPOCH, Fields::ALL).unwrap();
/// let period = day.period.unwrap();
/// assert_eq!((period.start.as_str(), period.end.as_str()), ("2023-11-15T00:00:00+11:00", "2023-11-16T00:00:00+11:00"));
/// ```
pub fn round(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    to: &RoundTo,
    format: Option<&Format>,
    now: Timestamp,
    fields: Fields,
) -> Result<Rounding, Failure> {
    let reading = read(input, options).map_err(Operand::Input.failed())?;
    let rounded = arithmetic::round(reading.instant, options.zone, to).map_err(Operand::Unit.failed())?;
    let view = View::new(rounded.instant, options.zone, reading.precision).speaking(options.language);
    let formatted = format
        .filter(|_| fields.has(Field::Formatted))
        .map(|format| view.format(format, now))
        .transpose()
        .map_err(Operand::Format.failed())?;
    let period = rounded.period.filter(|_| fields.has(Field::Period)).map(|(start, end)| {
        let rfc3339 = |zoned: Zoned| View::new(zoned.timestamp(), options.zone, reading.precision).rfc3339();
        Period { start: rfc3339(start), end: rfc3339(end) }
    });
    let from = fields.then(Field::From, || render::iso(reading.instant));
    Ok(Rounding { result: Report::of_input(&view, input, reading, formatted, fields), from, period })
}

/// The duration between two inputs, both read with `options`.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::arithmetic::DiffSettings;
/// use tsconv_time::input::{Input, ReadOptions};
/// use tsconv_time::ops::{self, Operand};
/// use tsconv_time::unit::TimeUnit;
/// use tsconv_time::zone::Zone;
///
/// let zone = Zone::parse("Europe/Berlin").unwrap();
/// let options = ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH);
/// let settings = DiffSettings::new().largest(TimeUnit::Day);
/// // The night the clocks went forward is one calendar day of 23 hours.
/// let span = ops::diff(Input::Text("2024-03-30T12:00:00"), Input::Text("2024-03-31T12:00:00"), &options, &settings).unwrap();
/// assert_eq!((span.duration.as_str(), span.totals.hours.to_string().as_str()), ("P1D", "23"));
/// // A failure names the operand it concerns.
/// let failure = ops::diff(Input::Text("2024-03-30"), Input::Text("soon"), &options, &settings).unwrap_err();
/// assert_eq!(failure.operand, Operand::To);
/// ```
pub fn diff(
    from: Input<'_>,
    to: Input<'_>,
    options: &ReadOptions<'_>,
    settings: &DiffSettings,
) -> Result<Difference, Failure> {
    let from = read(from, options).map_err(Operand::From.failed())?.instant;
    let to = read(to, options).map_err(Operand::To.failed())?.instant;
    arithmetic::diff(from, to, options.zone, settings, options.language).map_err(Operand::To.failed())
}

/// Whether the input is a valid timestamp, and what it means.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::input::{Input, ReadOptions};
/// use tsconv_time::{ops, zone::Zone};
///
/// let utc = Zone::utc();
/// let report = ops::validate(Input::Text("2023-02-30"), &ReadOptions::defaults(&utc, Timestamp::UNIX_EPOCH));
/// assert!(!report.valid); // February 30 is refused, not rolled over
/// assert_eq!(report.error.unwrap().error, "invalid_timestamp");
/// ```
pub fn validate(input: Input<'_>, options: &ReadOptions<'_>) -> Validation {
    crate::validate::validate(input, options)
}

/// Formats one input: with `format`, that one; without, every preset.
///
/// ```
/// use jiff::Timestamp;
/// use tsconv_time::discord::DiscordStyle;
/// use tsconv_time::input::{Input, ReadSettings};
/// use tsconv_time::{fields::Fields, locale::Localizer, local::Disambiguation, ops, render::Format, zone::Zone};
///
/// let settings = ReadSettings {
///     zone: Zone::parse("Europe/Paris").unwrap(),
///     precision: None,
///     disambiguation: Disambiguation::Compatible,
///     epoch: None,
///     patterns: Vec::new(),
///     language: Localizer::get("fr").unwrap(),
/// };
/// let now = Timestamp::from_second(1_700_000_000).unwrap();
/// let discord = Format::Discord(DiscordStyle::LongDateTime);
/// let answer = ops::format(Input::Number("1700000000"), &settings.options(now), Some(&discord), now, Fields::ALL).unwrap();
/// assert_eq!(answer.formatted.as_deref(), Some("<t:1700000000:F>"));
/// assert_eq!(answer.preview.as_deref(), Some("mardi 14 novembre 2023 à 23:13"));
/// ```
pub fn format(
    input: Input<'_>,
    options: &ReadOptions<'_>,
    format: Option<&Format>,
    now: Timestamp,
    fields: Fields,
) -> Result<Formatted, TimeError> {
    let reading = read(input, options)?;
    let view = View::new(reading.instant, options.zone, reading.precision).speaking(options.language);
    let (formatted, preview, formats) = match format {
        Some(format) => {
            let preview = match format {
                Format::Discord(style) => fields.then(Field::Preview, || view.discord_preview(*style, now)),
                _ => None,
            };
            (fields.then(Field::Formatted, || view.format(format, now)).transpose()?, preview, None)
        }
        None => (None, None, fields.then(Field::Formats, || Box::new(view.presets(now)))),
    };
    Ok(Formatted {
        timestamp: fields.then(Field::Timestamp, || view.timestamp()),
        precision: fields.then(Field::Precision, || view.precision),
        iso: fields.then(Field::Iso, || view.iso()),
        timezone: fields.then(Field::Timezone, || view.zone.name().to_owned()),
        locale: fields.then(Field::Locale, || view.language.used()),
        calendar: fields.then(Field::Calendar, || view.calendar()),
        format: format.filter(|_| fields.has(Field::Format)).map(Format::name),
        formatted,
        preview,
        formats,
    })
}

/// An instant in every representation (the `data` of current and
/// convert). Every field is there unless the caller names others in
/// `fields`: a field not asked for is absent (`None`), neither computed nor
/// written.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Report {
    /// The instant as an integer in `precision`, floored.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub timestamp: Option<i128>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub precision: Option<Precision>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub precision_detected: Option<bool>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub iso: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub timezone: Option<String>,
    /// The locale whose CLDR data wrote the human-readable texts:
    /// the supported one that serves the `locale` asked for, `en` by default.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, example = "en"))]
    pub locale: Option<&'static str>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub rfc3339: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub utc: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub local: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub units: Option<Units>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub units_text: Option<UnitsText>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub zone: Option<ZoneInfo>,
    /// The calendar facts of the wall-clock date in `timezone`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub calendar: Option<Calendar>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub input: Option<InputInfo>,
    /// For an ID: its fields other than the time.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub id: Option<IdFields>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub formatted: Option<String>,
}

impl Report {
    /// The fields of `view` that `fields` asks for.
    fn new(view: &View<'_>, fields: Fields) -> Report {
        let units = fields.any(&[Field::Units, Field::UnitsText]).then(|| Units::of(view.instant));
        Report {
            timestamp: fields.then(Field::Timestamp, || view.timestamp()),
            precision: fields.then(Field::Precision, || view.precision),
            precision_detected: None,
            iso: fields.then(Field::Iso, || view.iso()),
            timezone: fields.then(Field::Timezone, || view.zone.name().to_owned()),
            locale: fields.then(Field::Locale, || view.language.used()),
            rfc3339: fields.then(Field::Rfc3339, || view.rfc3339()),
            utc: fields.then(Field::Utc, || view.utc()),
            local: fields.then(Field::Local, || view.local()),
            units_text: units.as_ref().filter(|_| fields.has(Field::UnitsText)).map(Units::text),
            units: units.filter(|_| fields.has(Field::Units)),
            zone: fields.then(Field::Zone, || view.zone_info()),
            calendar: fields.then(Field::Calendar, || view.calendar()),
            input: None,
            id: None,
            formatted: None,
        }
    }

    /// The report of `view`, the instant computed from `input` as `reading`
    /// read it, with what the input was: the fields `fields` asks for.
    fn of_input(
        view: &View<'_>,
        input: Input<'_>,
        reading: Reading,
        formatted: Option<String>,
        fields: Fields,
    ) -> Report {
        let mut report = Report::new(view, fields);
        report.precision_detected = fields.then(Field::PrecisionDetected, || reading.precision_detected);
        report.input = fields.then(Field::Input, || {
            // A wall-clock time in a DST gap or fold, placed by
            // `disambiguation`, is said first, whatever the kind of input.
            let mut warnings: Vec<String> = reading.local_time_note.into_iter().collect();
            let read_as = reading.human.map(|human| {
                warnings.extend(human.warnings);
                human.read_as
            });
            InputInfo {
                kind: reading.kind,
                epoch: reading.epoch.map(|epoch| epoch.name().into_owned()),
                pattern: reading.pattern,
                read_as,
                warnings,
                text: input.text().to_owned(),
            }
        });
        report.id = reading.id.filter(|_| fields.has(Field::Id));
        report.formatted = formatted;
        report
    }
}

#[cfg(feature = "serde")]
impl Report {
    /// Every field of the object, not closing it: [`Addition`] and
    /// [`Rounding`] add theirs after them (serde's `flatten`).
    fn write_fields(&self, object: &mut Object<'_, '_>) {
        if let Some(timestamp) = self.timestamp {
            object.key("timestamp").big_integer(timestamp);
        }
        if let Some(precision) = self.precision {
            object.key("precision").string(precision.name());
        }
        if let Some(detected) = self.precision_detected {
            object.key("precision_detected").boolean(detected);
        }
        for (name, text) in [("iso", &self.iso), ("timezone", &self.timezone)] {
            if let Some(text) = text {
                object.key(name).string(text);
            }
        }
        if let Some(locale) = self.locale {
            object.key("locale").string(locale);
        }
        for (name, text) in [("rfc3339", &self.rfc3339), ("utc", &self.utc), ("local", &self.local)] {
            if let Some(text) = text {
                object.key(name).string(text);
            }
        }
        if let Some(units) = &self.units {
            units.write(object.key("units"));
        }
        if let Some(units_text) = &self.units_text {
            units_text.write(object.key("units_text"));
        }
        if let Some(zone) = &self.zone {
            zone.write(object.key("zone"));
        }
        if let Some(calendar) = &self.calendar {
            calendar.write(object.key("calendar"));
        }
        if let Some(input) = &self.input {
            input.write(object.key("input"));
        }
        if let Some(id) = &self.id {
            id.write(object.key("id"));
        }
        if let Some(formatted) = &self.formatted {
            object.key("formatted").string(formatted);
        }
    }
}

#[cfg(feature = "serde")]
impl WriteJson for Report {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        let mut object = json.object();
        self.write_fields(&mut object);
        object.end();
        Ok(())
    }
}

/// What the input was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InputInfo {
    pub kind: Kind,
    /// For `kind: epoch`: the epoch system (`filetime`, `excel`, `discord`, `snowflake:MS`, ...).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub epoch: Option<String>,
    /// For `kind: pattern`: the `input_format` pattern that read it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub pattern: Option<String>,
    /// For `kind: human`: what was understood, in canonical form
    /// (`2023-11-14T17:13:00 in America/New_York`, `2023-11-14T10:00:00-05:00 (EST)`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(example = "2023-11-14T17:13:00 in America/New_York"))]
    pub read_as: Option<String>,
    /// What the reading chose or is not sure of: for a wall-clock time of
    /// any kind, that it falls in a DST gap or fold and which instant
    /// `disambiguation` took; for `kind: human`, also a weekday the date
    /// contradicts, an abbreviation that names another offset than the one
    /// written, a day-first date in a month-first locale.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub warnings: Vec<String>,
    /// The input as given (for a JSON number, its text).
    pub text: String,
}

#[cfg(feature = "serde")]
impl InputInfo {
    pub(crate) fn write(&self, json: &mut Json<'_>) {
        json.open("kind").string(self.kind.name());
        if let Some(epoch) = &self.epoch {
            json.key("epoch").string(epoch);
        }
        if let Some(pattern) = &self.pattern {
            json.key("pattern").string(pattern);
        }
        if let Some(read_as) = &self.read_as {
            json.key("read_as").string(read_as);
        }
        if !self.warnings.is_empty() {
            json.key("warnings").raw(b"[");
            for (i, warning) in self.warnings.iter().enumerate() {
                if i > 0 {
                    json.raw(b",");
                }
                json.string(warning);
            }
            json.raw(b"]");
        }
        json.key("text").string(&self.text).close();
    }
}

/// The `data` of format: one format, or every preset. Every
/// field is there (`format`, `formatted` and `preview` with one format,
/// `formats` without) unless the caller names others in `fields`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Formatted {
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub timestamp: Option<i128>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub precision: Option<Precision>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub iso: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub timezone: Option<String>,
    /// The locale whose CLDR data wrote the human-readable texts.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, example = "en"))]
    pub locale: Option<&'static str>,
    /// The calendar facts of the wall-clock date in `timezone`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub calendar: Option<Calendar>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub format: Option<&'static str>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub formatted: Option<String>,
    /// For `format=discord`: what a client in `locale` shows.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub preview: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub formats: Option<Box<Presets>>,
}

#[cfg(feature = "serde")]
impl WriteJson for Formatted {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        let mut object = json.object();
        if let Some(timestamp) = self.timestamp {
            object.key("timestamp").big_integer(timestamp);
        }
        if let Some(precision) = self.precision {
            object.key("precision").string(precision.name());
        }
        for (name, text) in [("iso", &self.iso), ("timezone", &self.timezone)] {
            if let Some(text) = text {
                object.key(name).string(text);
            }
        }
        if let Some(locale) = self.locale {
            object.key("locale").string(locale);
        }
        if let Some(calendar) = &self.calendar {
            calendar.write(object.key("calendar"));
        }
        if let Some(format) = self.format {
            object.key("format").string(format);
        }
        for (name, text) in [("formatted", &self.formatted), ("preview", &self.preview)] {
            if let Some(text) = text {
                object.key(name).string(text);
            }
        }
        if let Some(formats) = &self.formats {
            formats.write(object.key("formats"));
        }
        object.end();
        Ok(())
    }

    fn size_hint(&self) -> usize {
        if self.formats.is_some() { 4096 } else { 512 }
    }
}

/// The `data` of add: the result in every representation (as convert
/// answers it), the instant it started from, and the duration added (each
/// unless the caller names others in `fields`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Addition {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub result: Report,
    /// The input instant, as `iso`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub from: Option<String>,
    /// The duration added, as normalised ISO 8601 (`P1M`, `-PT90M`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub duration: Option<String>,
}

#[cfg(feature = "serde")]
impl WriteJson for Addition {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        let mut object = json.object();
        self.result.write_fields(&mut object);
        for (name, text) in [("from", &self.from), ("duration", &self.duration)] {
            if let Some(text) = text {
                object.key(name).string(text);
            }
        }
        object.end();
        Ok(())
    }
}

/// The `data` of round: the rounded instant in every representation (as
/// convert answers it), the instant it started from, and for a day or
/// larger the period the input lies in (each unless the caller names
/// others in `fields`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Rounding {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub result: Report,
    /// The input instant, as `iso`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub from: Option<String>,
    /// For `unit` day and larger: the input's period, RFC 3339 in `timezone`, `end` exclusive.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub period: Option<Period>,
}

#[cfg(feature = "serde")]
impl WriteJson for Rounding {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        let mut object = json.object();
        self.result.write_fields(&mut object);
        if let Some(from) = &self.from {
            object.key("from").string(from);
        }
        if let Some(period) = &self.period {
            let json = object.key("period");
            json.open("start").string(&period.start);
            json.key("end").string(&period.end).close();
        }
        object.end();
        Ok(())
    }
}

/// A day, week, month, quarter or year: `start` inclusive, `end` exclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Period {
    pub start: String,
    pub end: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(zone: &Zone) -> ReadOptions<'_> {
        ReadOptions::defaults(zone, Timestamp::UNIX_EPOCH)
    }

    proptest::proptest! {
        /// A stream's line is what the whole answer says: `convert`'s
        /// `formatted` (or `rfc3339`), `format`'s (or `iso`), for Unix numbers
        /// of every length, dates with offsets and people's text, in zones
        /// with DST, in every kind of format.
        #[test]
        fn a_line_is_what_the_answer_says(
            seconds in -2_208_988_800i64..4_102_444_800,
            digits in 0usize..4,
            shape in 0usize..3,
            zone in proptest::sample::select(vec!["UTC", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "+05:45"]),
            format in proptest::sample::select(vec![
                None, Some("rfc3339"), Some("iso"), Some("unix"), Some("clf"), Some("rfc2822"), Some("relative"),
                Some("excel"), Some("ulid"),
            ]),
        ) {
            let text = match shape {
                0 => format!("{seconds}{}", "0".repeat(digits * 3)),
                1 => Timestamp::from_second(seconds).unwrap().to_string(),
                _ => Timestamp::from_second(seconds).unwrap().strftime("%b %d %Y %H:%M:%S UTC").to_string(),
            };
            let zone = Zone::parse(zone).unwrap();
            let now = Timestamp::from_second(1_795_000_000).unwrap();
            let options = ReadOptions::defaults(&zone, now);
            let format = Format::from_texts(format, None, None).unwrap();
            let input = Input::Text(&text);
            let report = convert(input, &options, format.as_ref(), now, Fields::ALL);
            let line = line(input, &options, format.as_ref(), &Format::Rfc3339, now);
            match (report, line) {
                (Ok(report), Ok(line)) => proptest::prop_assert_eq!(report.formatted.or(report.rfc3339).unwrap_or_default(), line),
                (Err(a), Err(b)) => proptest::prop_assert_eq!(a.to_string(), b.to_string()),
                (report, line) => proptest::prop_assert!(false, "{text}: {report:?} but {line:?}"),
            }
            let formatted = super::format(input, &options, format.as_ref(), now, Fields::ALL);
            let line = super::line(input, &options, format.as_ref(), &Format::Iso, now);
            match (formatted, line) {
                (Ok(formatted), Ok(line)) => proptest::prop_assert_eq!(formatted.formatted.or(formatted.iso).unwrap_or_default(), line),
                (Err(a), Err(b)) => proptest::prop_assert_eq!(a.to_string(), b.to_string()),
                (formatted, line) => proptest::prop_assert!(false, "{text}: {formatted:?} but {line:?}"),
            }
        }
    }

    #[test]
    fn convert_fills_every_field() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let ny = Zone::parse("America/New_York").unwrap();
        let report = convert(Input::Number("1700000000"), &options(&ny), Some(&Format::Clf), now, Fields::ALL).unwrap();
        assert_eq!(report.timestamp, Some(1_700_000_000));
        assert_eq!(report.precision_detected, Some(true));
        assert_eq!(
            report.input,
            Some(InputInfo {
                kind: Kind::Unix,
                epoch: None,
                pattern: None,
                read_as: None,
                warnings: Vec::new(),
                text: "1700000000".into()
            })
        );
        assert_eq!(report.formatted.as_deref(), Some("14/Nov/2023:17:13:20 -0500"));
        assert_eq!(report.units_text.unwrap().nanoseconds, "1700000000000000000");
        assert_eq!(report.zone.unwrap().abbreviation, "EST");
    }

    /// A wall-clock time in a DST gap or fold says which instant it was
    /// read as, in `input.warnings`, whatever the kind of input.
    #[test]
    fn a_time_in_a_gap_or_fold_is_said_in_the_answer() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let ny = Zone::parse("America/New_York").unwrap();
        for (text, warning) in [
            ("2024-03-10T02:30", "2024-03-10T02:30:00 does not exist in America/New_York"),
            ("2024-03-10 02:30", "2024-03-10T02:30:00 does not exist in America/New_York"),
            ("Mar 10 2024 2:30am", "2024-03-10T02:30:00 does not exist in America/New_York"),
            ("2024-11-03T01:30", "2024-11-03T01:30:00 happens twice in America/New_York"),
        ] {
            let report = convert(Input::Text(text), &options(&ny), None, now, Fields::ALL).unwrap();
            let warnings = report.input.unwrap().warnings;
            assert!(warnings.first().is_some_and(|first| first.starts_with(warning)), "{text}: {warnings:?}");
        }
        let report = convert(Input::Text("2024-03-09T02:30"), &options(&ny), None, now, Fields::ALL).unwrap();
        assert_eq!(report.input.unwrap().warnings, Vec::<String>::new());
    }

    #[test]
    fn format_gives_one_or_all() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let utc = Zone::utc();
        let input = Input::Text("1700000000");
        let all = format(input, &options(&utc), None, now, Fields::ALL).unwrap();
        assert!(all.formats.is_some() && all.formatted.is_none() && all.format.is_none());
        let discord = Format::from_texts(Some("discord"), None, Some("F")).unwrap();
        let one = format(input, &options(&utc), discord.as_ref(), now, Fields::ALL).unwrap();
        assert_eq!(one.formatted.as_deref(), Some("<t:1700000000:F>"));
        assert_eq!(one.preview.as_deref(), Some("Tuesday, November 14, 2023 at 10:13 PM"));
        assert_eq!(one.format, Some("discord"));
    }

    #[test]
    fn current_uses_the_given_clock() {
        let now = Timestamp::new(1_700_000_000, 123_000_000).unwrap();
        let report = current(now, &Zone::utc(), Precision::Milliseconds, crate::locale::english(), Fields::ALL);
        assert_eq!(report.timestamp, Some(1_700_000_000_123));
        assert_eq!(report.rfc3339.as_deref(), Some("2023-11-14T22:13:20.123Z"));
        assert!(report.input.is_none() && report.precision_detected.is_none());
    }

    /// The top-level names of an answer's JSON.
    fn names(answer: &impl serde::Serialize) -> Vec<String> {
        match serde_json::to_value(answer).unwrap() {
            serde_json::Value::Object(object) => object.keys().cloned().collect(),
            other => panic!("{other}"),
        }
    }

    #[test]
    fn each_answer_has_the_fields_asked_for_and_no_other() {
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let zone = Zone::parse("Europe/Berlin").unwrap();
        let options = options(&zone);
        let discord = Format::from_texts(Some("discord"), None, Some("R")).unwrap();
        let format = discord.as_ref();
        // An ID, so that `id` is there; a Discord code, so that `preview` is.
        let input = Input::Text("01ARZ3NDEKTSV4RRFFQ69G5FAV");
        let duration = crate::arithmetic::parse_duration("P1D").unwrap();
        let day = RoundTo::new(crate::unit::TimeUnit::Day);
        let english = crate::locale::english();
        type Answer<'a> = Box<dyn Fn(Fields) -> Vec<String> + 'a>;
        let answers: [(&[Field], Answer<'_>); 6] = [
            (Field::CURRENT, Box::new(|fields| names(&current(now, &zone, Precision::Seconds, english, fields)))),
            (Field::REPORT, Box::new(|fields| names(&convert(input, &options, format, now, fields).unwrap()))),
            (Field::FORMATTED, Box::new(|fields| names(&super::format(input, &options, format, now, fields).unwrap()))),
            (Field::FORMATTED, Box::new(|fields| names(&super::format(input, &options, None, now, fields).unwrap()))),
            (
                Field::ADDITION,
                Box::new(|fields| {
                    names(&add(input, &options, duration, Overflow::Constrain, format, now, fields).unwrap())
                }),
            ),
            (Field::ROUNDING, Box::new(|fields| names(&round(input, &options, &day, format, now, fields).unwrap()))),
        ];
        for (list, answer) in answers {
            let all = answer(Fields::ALL);
            let mut every: Vec<&str> = list.iter().map(|field| field.name()).collect();
            every.sort_unstable();
            // Without `fields`, every field of the list (but `formats` beside one format, and the reverse).
            let expected: Vec<&str> = every
                .iter()
                .copied()
                .filter(|name| {
                    !matches!(*name, "formats" | "format" | "formatted" | "preview") || all.iter().any(|n| n == name)
                })
                .collect();
            assert_eq!(all, expected);
            // One field, and every pair: exactly those the full answer has.
            for (i, a) in list.iter().enumerate() {
                for b in &list[i..] {
                    let asked = Fields::parse(&format!("{},{}", a.name(), b.name()), list).unwrap();
                    let wanted: Vec<&String> =
                        all.iter().filter(|name| *name == a.name() || *name == b.name()).collect();
                    assert_eq!(answer(asked).iter().collect::<Vec<_>>(), wanted, "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn what_is_not_asked_is_not_computed() {
        // A format that cannot write this instant fails only when its text is asked for.
        let now = Timestamp::from_second(1_795_000_000).unwrap();
        let utc = Zone::utc();
        let early = Input::Text("1601-01-01T00:00:00Z");
        let snowflake = Format::from_texts(Some("discord_snowflake"), None, None).unwrap();
        assert!(convert(early, &options(&utc), snowflake.as_ref(), now, Fields::ALL).is_err());
        let iso = Fields::parse("iso", Field::REPORT).unwrap();
        let report = convert(early, &options(&utc), snowflake.as_ref(), now, iso).unwrap();
        assert_eq!(report.iso.as_deref(), Some("1601-01-01T00:00:00.000Z"));
        assert!(
            super::format(
                early,
                &options(&utc),
                snowflake.as_ref(),
                now,
                Fields::parse("iso", Field::FORMATTED).unwrap()
            )
            .is_ok()
        );
    }
}
