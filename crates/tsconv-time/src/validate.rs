//! The validation report: is an input a valid timestamp, of which kind, to
//! which standards does it conform, and is its reading plausible.

use std::borrow::Cow;

use jiff::Timestamp;

use crate::epoch::Epoch;
use crate::error::TimeError;
use crate::id::{IdFields, Snowflake};
use crate::input::{Input, ReadOptions, Reading, civil_date, compact_date, looks_numeric, plausible, read};
use crate::iso;
use crate::kind::Kind;
use crate::mail;
use crate::precision::Precision;
use crate::render::View;
use crate::zone::Zone;

/// Validates one input. Never fails: an invalid input is the answer.
pub fn validate(input: Input<'_>, options: &ReadOptions<'_>) -> Validation {
    let conforms = conforms(input, options.now);
    match read(input, options) {
        Ok(reading) => {
            let view = View::new(reading.instant, options.zone, reading.precision);
            let mut warnings: Vec<String> = reading.local_time_note.clone().into_iter().collect();
            let compact = compact_date_of(input, &reading, options);
            if reading.kind == Kind::Unix {
                warnings.extend(compact.as_ref().map(|(_, warning)| warning.clone()));
                warnings.extend(implausible_unit_warning(input.text(), reading.instant, reading.precision));
            }
            if let Some(human) = &reading.human {
                warnings.extend(human.warnings.iter().cloned());
            }
            Validation {
                valid: true,
                kind: Some(reading.kind),
                epoch: reading.epoch.map(|epoch| epoch.name().into_owned()),
                alternatives: alternatives(input, &reading, options, compact.map(|(instant, _)| instant))
                    .or_else(|| other_readings(&reading)),
                read_as: reading.human.as_ref().map(|human| human.read_as.clone()),
                pattern: reading.pattern,
                id: reading.id,
                precision: Some(reading.precision),
                precision_detected: Some(reading.precision_detected),
                conforms,
                timezone: options.zone.name().to_owned(),
                normalized: Some(Normalized { timestamp: view.timestamp(), iso: view.iso(), rfc3339: view.rfc3339() }),
                warnings,
                error: None,
            }
        }
        Err(error) => Validation {
            valid: false,
            kind: None,
            read_as: None,
            epoch: None,
            pattern: None,
            id: None,
            alternatives: None,
            precision: None,
            precision_detected: None,
            conforms,
            timezone: options.zone.name().to_owned(),
            normalized: None,
            warnings: Vec::new(),
            error: Some(ValidationError::from(error)),
        },
    }
}

impl From<TimeError> for ValidationError {
    fn from(error: TimeError) -> Self {
        ValidationError { error: error.name(), position: error.position(), message: error.to_string() }
    }
}

/// The date a bare number of 8, 12 or 14 digits also writes, when no
/// unit, epoch or pattern says how to read it (see [`compact_date`]).
pub(crate) fn compact_date_of(
    input: Input<'_>,
    reading: &Reading,
    options: &ReadOptions<'_>,
) -> Option<(Timestamp, String)> {
    let stated = options.precision.is_some() || options.epoch.is_some() || !options.patterns.is_empty();
    if reading.kind != Kind::Unix || stated {
        return None;
    }
    compact_date(input.text(), options.zone, options.disambiguation)
}

/// Where a unit mix-up lands: outside 1900-2100 (milliseconds read as
/// seconds), or within a year of the epoch (seconds read as milliseconds).
fn suspicious(instant: Timestamp) -> bool {
    const YEAR: i64 = 366 * 86_400;
    !plausible(instant) || (-YEAR..YEAR).contains(&instant.as_second())
}

/// A number whose reading is suspicious while another unit would give an
/// unsuspicious date: the classic seconds/milliseconds mix-up.
fn implausible_unit_warning(text: &str, instant: Timestamp, unit: Precision) -> Option<String> {
    if !suspicious(instant) {
        return None;
    }
    let nanos = instant.as_nanosecond();
    Precision::ALL.into_iter().filter(|&other| other != unit).find_map(|other| {
        let alternative = nanos.checked_mul(other.nanos())? / unit.nanos();
        let alternative = Timestamp::from_nanosecond(alternative).ok().filter(|&t| !suspicious(t))?;
        Some(format!(
            "{text} read as {unit} lands at {}; as {other} it would be {} (pass precision={other} if that is meant)",
            View::new(instant, &Zone::utc(), unit).rfc3339(),
            View::new(alternative, &Zone::utc(), other).rfc3339(),
        ))
    })
}

/// Every other reading of a bare number under which it lands between 1970
/// and 2100, most likely first: as a Discord, then a Twitter
/// Snowflake (integers of 15 to 20 digits only), in each Unix unit, then in
/// each system of [`Epoch::WRITTEN`]. `None` for inputs that are not bare
/// numbers or are read by `input_format`.
fn alternatives(
    input: Input<'_>,
    reading: &Reading,
    options: &ReadOptions<'_>,
    compact: Option<Timestamp>,
) -> Option<Vec<Alternative>> {
    let text = input.text().trim();
    if !options.patterns.is_empty() || !looks_numeric(text) {
        return None;
    }
    // `20140601`: the date it writes, first.
    let date = compact.map(|instant| Alternative {
        epoch: None,
        precision: None,
        zone: None,
        offset: None,
        read_as: Some(format!(
            "{} in {} (the digits as a date)",
            instant.to_zoned(options.zone.tz().clone()).datetime(),
            options.zone.name()
        )),
        iso: View::new(instant, &Zone::utc(), Precision::Milliseconds).iso(),
    });
    let digits = text.strip_prefix('+').unwrap_or(text);
    let snowflakes: &[Epoch] = if (15..=20).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) {
        &[Epoch::Snowflake(Snowflake::DISCORD), Epoch::Snowflake(Snowflake::TWITTER)]
    } else {
        &[]
    };
    let unix = Precision::ALL.into_iter().filter_map(|unit| {
        let options = ReadOptions { precision: Some(unit), epoch: None, ..*options };
        let instant = read(Input::Text(text), &options).ok()?.instant;
        Some((None, Some(unit), instant))
    });
    let epochs = snowflakes.iter().chain(&Epoch::WRITTEN).filter_map(|epoch| {
        let instant = epoch.read(text, options.zone, options.disambiguation).ok()?.instant;
        Some((Some(*epoch), None, instant))
    });
    let (first, last) = epochs.partition::<Vec<_>, _>(|(epoch, _, _)| matches!(epoch, Some(Epoch::Snowflake(_))));
    let found = first
        .into_iter()
        .chain(unix)
        .chain(last)
        .filter(|(epoch, _, instant)| !(*epoch == reading.epoch && *instant == reading.instant))
        .filter(|(_, _, instant)| (0..4_102_444_800).contains(&instant.as_second()))
        .map(|(epoch, precision, instant)| Alternative {
            epoch: Some(epoch.map_or(Cow::Borrowed("unix"), Epoch::name).into_owned()),
            precision,
            zone: None,
            offset: None,
            read_as: None,
            iso: View::new(instant, &Zone::utc(), Precision::Milliseconds).iso(),
        });
    Some(date.into_iter().chain(found).collect())
}

/// The other readings of ambiguous people's text: the other
/// zones of an abbreviation, the other order of a numeric date. `None`
/// when the text has only one.
fn other_readings(reading: &Reading) -> Option<Vec<Alternative>> {
    let human = reading.human.as_ref().filter(|human| !human.alternatives.is_empty())?;
    let alternatives = human
        .alternatives
        .iter()
        .map(|other| Alternative {
            epoch: None,
            precision: None,
            zone: other.zone.map(str::to_owned),
            offset: other.offset.clone(),
            read_as: Some(other.read_as.clone()),
            iso: View::new(other.instant, &Zone::utc(), Precision::Milliseconds).iso(),
        })
        .collect();
    Some(alternatives)
}

/// Which standards `input` conforms to. Numbers and numeric strings are
/// Unix timestamps and conform to none of them.
pub fn conforms(input: Input<'_>, now: Timestamp) -> Conforms {
    let Input::Text(text) = input else {
        return Conforms::default();
    };
    if looks_numeric(text.trim()) {
        return Conforms::default();
    }
    if let Ok(parsed) = iso::parse(text) {
        // A date that does not exist conforms to nothing; one beyond ±9999
        // can still be ISO 8601's expanded form.
        let exists = civil_date(&parsed).is_ok() || !(-9999..=9999).contains(&parsed.year);
        return Conforms {
            rfc3339: exists && parsed.is_rfc3339(),
            iso8601: exists && parsed.is_iso8601(),
            rfc9557: exists && parsed.is_rfc9557(),
            rfc2822: false,
            http_date: false,
        };
    }
    let this_year = i32::from(now.to_zoned(jiff::tz::TimeZone::UTC).year());
    match mail::parse(text, this_year) {
        Ok(date) if date.weekday_matches() && date.form != mail::Form::Clf => Conforms {
            rfc2822: date.form == mail::Form::Rfc5322,
            http_date: date.is_http_date(text),
            ..Conforms::default()
        },
        _ => Conforms::default(),
    }
}

/// Another reading of an input (validate's `alternatives`): of a bare
/// number in another unit or epoch system, or of people's text
/// with another meaning of its zone abbreviation or the other order of its
/// numeric date.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Alternative {
    /// For a number: `unix`, or a system.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub epoch: Option<String>,
    /// The unit, for `epoch: unix`; `null` for the others.
    pub precision: Option<Precision>,
    /// For another meaning of a zone abbreviation: a zone that has it.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(example = "Asia/Shanghai"))]
    pub zone: Option<String>,
    /// For another meaning of a zone abbreviation: its offset.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "openapi", schema(example = "+08:00"))]
    pub offset: Option<String>,
    /// For people's text: this reading in canonical form.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub read_as: Option<String>,
    /// The instant under that reading, UTC with milliseconds (as `iso`).
    pub iso: String,
}

/// The answer of `validate`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Validation {
    pub valid: bool,
    pub kind: Option<Kind>,
    /// For `kind: human`: what was understood, in canonical form.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub read_as: Option<String>,
    /// For `kind: epoch`: the epoch system.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub epoch: Option<String>,
    /// For `kind: pattern`: the `input_format` pattern that read the input.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub pattern: Option<String>,
    pub precision: Option<Precision>,
    pub precision_detected: Option<bool>,
    pub conforms: Conforms,
    /// The zone wall-clock inputs are read in, and `normalized.rfc3339` written in.
    pub timezone: String,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub normalized: Option<Normalized>,
    pub warnings: Vec<String>,
    /// For an ID: its fields other than the time.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub id: Option<IdFields>,
    /// For a bare number: every other unit and epoch system under which it
    /// lands between 1970 and 2100, most likely first. For
    /// ambiguous people's text: its other readings.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub alternatives: Option<Vec<Alternative>>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub error: Option<ValidationError>,
}

/// Off the hot path: written by `serde_json`.
#[cfg(feature = "serde")]
impl crate::json::BySerde for Validation {}

/// Which standards the text satisfies, judged by each standard's grammar
/// and rules on the text exactly as sent (white space around it included),
/// whether or not tsconv can read it: an RFC 3339 string with more than nine
/// fraction digits conforms, although tsconv refuses to round it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Conforms {
    pub rfc3339: bool,
    pub iso8601: bool,
    pub rfc9557: bool,
    pub rfc2822: bool,
    pub http_date: bool,
}

/// The instant of a valid input, in three forms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Normalized {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::big_integer))]
    pub timestamp: i128,
    pub iso: String,
    pub rfc3339: String,
}

/// Why an input is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ValidationError {
    pub error: &'static str,
    pub message: String,
    pub position: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone::Zone;

    fn check(input: Input<'_>, zone: &str, precision: Option<Precision>) -> Validation {
        let zone = Zone::parse(zone).unwrap();
        validate(input, &ReadOptions { precision, ..ReadOptions::defaults(&zone, Timestamp::UNIX_EPOCH) })
    }

    #[test]
    fn a_valid_rfc3339_string() {
        let v = check(Input::Text("2023-11-14T22:13:20Z"), "UTC", None);
        assert!(v.valid);
        assert_eq!(v.kind, Some(Kind::Rfc3339));
        assert_eq!(
            v.conforms,
            Conforms { rfc3339: true, iso8601: true, rfc9557: true, rfc2822: false, http_date: false }
        );
        assert_eq!(v.normalized.unwrap().timestamp, 1_700_000_000);
        assert!(v.warnings.is_empty());
    }

    #[test]
    fn conformance_of_each_form() {
        let c = |t| conforms(Input::Text(t), Timestamp::UNIX_EPOCH);
        assert_eq!(
            c("Tue, 14 Nov 2023 22:13:20 GMT"),
            Conforms { rfc2822: true, http_date: true, ..Default::default() }
        );
        assert_eq!(c("Tue, 14 Nov 2023 22:13:20 +0000"), Conforms { rfc2822: true, ..Default::default() });
        assert_eq!(c("2023-11-14T17:13:20-05:00[America/New_York]"), Conforms { rfc9557: true, ..Default::default() });
        assert_eq!(c("20231114T221320Z"), Conforms { iso8601: true, ..Default::default() });
        assert_eq!(c("2023-11-14 22:13:20Z"), Conforms { rfc3339: true, rfc9557: true, ..Default::default() });
        assert_eq!(c("2023-11-14"), Conforms { iso8601: true, ..Default::default() });
        assert_eq!(c("1700000000"), Conforms::default());
        assert_eq!(conforms(Input::Number("1700000000"), Timestamp::UNIX_EPOCH), Conforms::default());
    }

    #[test]
    fn an_invalid_input_is_an_answer_with_the_reason() {
        let v = check(Input::Text("2023-02-30"), "UTC", None);
        assert!(!v.valid);
        let error = v.error.unwrap();
        assert_eq!(error.error, "invalid_timestamp");
        assert!(error.message.contains("day"), "{}", error.message);
        let v = check(Input::Text("1.5e9"), "UTC", None);
        assert_eq!(v.error.unwrap().position, Some(3));
    }

    #[test]
    fn warns_when_another_unit_is_plausible() {
        // 1973-01-01 in milliseconds is below 10^11 and so read as seconds.
        let v = check(Input::Number("94694400000"), "UTC", None);
        assert!(v.valid);
        assert_eq!(v.warnings.len(), 1);
        assert!(v.warnings[0].contains("as milliseconds it would be 1973-01-01T00:00:00.000Z"), "{}", v.warnings[0]);
        let v = check(Input::Number("1700000000"), "UTC", Some(Precision::Milliseconds));
        assert!(v.warnings[0].contains("lands at 1970-01-20T16:13:20.000Z"), "{}", v.warnings[0]);
        assert!(v.warnings[0].contains("as seconds it would be 2023-11-14T22:13:20Z"), "{}", v.warnings[0]);
        assert!(check(Input::Number("1700000000"), "UTC", None).warnings.is_empty());
        assert!(check(Input::Number("0"), "UTC", None).warnings.is_empty());
        assert!(check(Input::Number("-86400"), "UTC", None).warnings.is_empty());
    }

    /// `20140601`: a Unix number (every bare number is one), but the date it also writes
    /// is said, and is the first alternative; not when a unit is stated,
    /// nor for numbers that are no date.
    #[test]
    fn a_number_that_writes_a_date_says_so() {
        let v = check(Input::Number("20140601"), "Europe/Berlin", None);
        assert_eq!(v.kind, Some(Kind::Unix));
        assert!(v.warnings[0].contains("as a date written yyyymmdd it would be 2014-06-01T00:00:00 in Europe/Berlin"));
        let first = &v.alternatives.as_ref().unwrap()[0];
        assert_eq!(first.iso, "2014-05-31T22:00:00.000Z");
        assert_eq!(first.read_as.as_deref(), Some("2014-06-01T00:00:00 in Europe/Berlin (the digits as a date)"));
        let v = check(Input::Text("20140601123005"), "UTC", None);
        assert_eq!(v.alternatives.as_ref().unwrap()[0].iso, "2014-06-01T12:30:05.000Z");
        assert!(check(Input::Number("20140601"), "UTC", Some(Precision::Seconds)).warnings.is_empty());
        for not_a_date in ["20141301", "18991231", "21010101", "2014060", "201406011260"] {
            let v = check(Input::Text(not_a_date), "UTC", None);
            assert!(!v.warnings.iter().any(|w| w.contains("as a date written")), "{not_a_date}: {:?}", v.warnings);
        }
    }

    /// A number of two numbering systems is refused (UTS #39); each number
    /// in its own script is read.
    #[test]
    fn a_number_of_two_scripts_is_refused() {
        let v = check(Input::Text("1963-06-1\u{09EA}"), "UTC", None);
        let error = v.error.unwrap();
        assert!(error.message.contains("mixes the digits of two numbering systems"), "{}", error.message);
        assert_eq!(error.position, Some(8));
        assert!(check(Input::Text("\u{FF12}\u{FF10}\u{FF12}\u{FF13}-11-14"), "UTC", None).valid);
        assert!(check(Input::Text("\u{0967}\u{096F}\u{096C}\u{0969}-06-19"), "UTC", None).valid);
    }

    #[test]
    fn warns_about_dst_gaps() {
        let v = check(Input::Text("2024-03-10T02:30:00"), "America/New_York", None);
        assert!(v.valid);
        assert!(v.warnings[0].contains("does not exist"), "{:?}", v.warnings);
    }
}
