//! Each endpoint's parameters, as one struct that both reads them and
//! documents them.
//!
//! A struct's fields are the parameters its endpoint accepts: serde reads a
//! request into it ([`RawParams::parse`] refuses any other name with a
//! did-you-mean hint), and utoipa's `IntoParams` and `ToSchema` describe its
//! query string and JSON body from the same fields, with every limit taken
//! from the constant the code enforces. After this module, handlers deal
//! only in `Zone`, `Precision`, `Format` and `Input`, never in strings.

use std::sync::LazyLock;

use axum::extract::{FromRequest, Request};
use jiff::Timestamp;
use serde::Deserialize;
use serde::de::{self, Deserializer};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::error::ApiError;
use super::extract::{RawParams, fields_of, json_type};
use super::schema;
use crate::time::input::{MAX_INPUT_CHARS, check_input_formats};
use crate::time::{Disambiguation, Epoch, Format, Input, Precision, ReadOptions, Zone, transitions};

/// The most items one batch may hold (SPEC 4.5).
pub const MAX_BATCH: usize = 1000;

/// Parameters of current.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CurrentParams {
    #[param(schema_with = schema::timezone)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::precision)]
    pub precision: Option<String>,
}

// The parameters of convert and format. `IntoParams` describes their query
// string, `ToSchema` their JSON body, and `TimestampForm` their form body.
/// The JSON body of convert and format (POST); a form body is described by `TimestampForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = TimestampBody)]
pub struct TimestampParams {
    /// The instant: a Unix timestamp (s, ms, µs or ns; detected unless `precision` is given) or a date string.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::format)]
    #[schema(schema_with = schema::format_or_null)]
    pub format: Option<String>,
    #[param(schema_with = schema::pattern)]
    #[schema(schema_with = schema::pattern_or_null)]
    pub pattern: Option<String>,
    #[param(schema_with = schema::style)]
    #[schema(schema_with = schema::style_or_null)]
    pub style: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
}

// The parameters of validate, described as those of convert are.
/// The JSON body of validate (POST); a form body is described by `ValidateForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = ValidateBody)]
pub struct ValidateParams {
    /// The input to check: a Unix timestamp or a date string.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
}

/// Parameters of the zone list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TimezonesParams {
    /// Keep the zones whose name contains this, ignoring case.
    #[param(example = "america")]
    pub q: Option<String>,
    #[param(schema_with = schema::query_at)]
    pub at: Option<String>,
}

/// The zone in the path of its transitions: written with its slashes
/// (`America/New_York`) or percent-encoded (`America%2FNew_York`). Only
/// documented: the handler takes the path after `/timezones/` itself.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ZonePath {
    #[param(schema_with = schema::timezone)]
    pub zone: String,
}

/// Parameters of a zone's transitions (SPEC 9.4).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransitionsParams {
    /// Where the search starts: any timestamp input (a date or local time is read in the zone). Default now.
    #[param(schema_with = schema::query_instant)]
    pub from: Option<String>,
    /// Where it stops, exclusive: any timestamp input, later than `from` for `next`, earlier for `previous`.
    #[param(schema_with = schema::query_instant)]
    pub to: Option<String>,
    #[param(schema_with = schema::transition_count)]
    pub count: Option<String>,
    #[param(schema_with = schema::direction)]
    pub direction: Option<String>,
}

impl TransitionsParams {
    /// The zone named in the path, and the query in it. `Ok(None)` for
    /// `from` means now (the answer then depends on the clock).
    pub fn read(&self, zone: &str, now: Timestamp) -> Result<(Zone, transitions::Query, bool), ApiError> {
        let zone = Zone::parse(zone).map_err(ApiError::input("zone"))?;
        let instant = |text: &Option<String>, param: &'static str| -> Result<Option<Timestamp>, ApiError> {
            let Some(text) = text else { return Ok(None) };
            let input = text_input(text, param)?;
            let reading = crate::time::read(input, &ReadOptions::new(&zone, now)).map_err(ApiError::input(param))?;
            Ok(Some(reading.instant))
        };
        let from = instant(&self.from, "from")?;
        let to = instant(&self.to, "to")?;
        let direction: transitions::Direction =
            self.direction.as_deref().map_or(Ok(Default::default()), str::parse).map_err(ApiError::time)?;
        let query = transitions::Query::new(from, to, self.count.as_deref(), direction, now).map_err(ApiError::time)?;
        Ok((zone, query, from.is_none()))
    }
}

/// Declares the form body of an endpoint, described from its parameter struct.
macro_rules! form_body {
    ($(#[$doc:meta])* $form:ident of $params:ty) => {
        $(#[$doc])*
        pub struct $form;

        impl utoipa::PartialSchema for $form {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                schema::form::<$params>()
            }
        }

        impl ToSchema for $form {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($form))
            }
        }
    };
}

form_body!(
    /// The form body of convert and format.
    TimestampForm of TimestampParams
);
form_body!(
    /// The form body of validate.
    ValidateForm of ValidateParams
);

/// The names every endpoint accepts: an unknown name that one of them
/// takes is refused "for this endpoint".
static ALL_PARAMS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut names: Vec<&'static str> = [
        fields_of::<CurrentParams>(),
        fields_of::<TimestampParams>(),
        fields_of::<ValidateParams>(),
        fields_of::<TimezonesParams>(),
        fields_of::<TransitionsParams>(),
    ]
    .concat();
    names.sort_unstable();
    names.dedup();
    names
});

/// Whether some endpoint accepts a parameter of this (lowercase) name.
pub fn is_known_elsewhere(name: &str) -> bool {
    ALL_PARAMS.binary_search(&name).is_ok()
}

/// The extractor: the request's parameters read into `T`.
#[derive(Debug)]
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: de::DeserializeOwned> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        RawParams::from_request(request, state).await?.parse().map(Params)
    }
}

/// A parameter that may be absent, sent as `null`, or sent with a value.
/// `null` counts as absent, except where sending a name at all matters.
#[derive(Debug, Default)]
pub enum Sent<T> {
    #[default]
    Absent,
    Null,
    Value(T),
}

impl<T> Sent<T> {
    fn is_sent(&self) -> bool {
        !matches!(self, Sent::Absent)
    }

    fn value(&self) -> Option<&T> {
        match self {
            Sent::Value(value) => Some(value),
            _ => None,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sent<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<T>::deserialize(deserializer)? {
            Some(value) => Sent::Value(value),
            None => Sent::Null,
        })
    }
}

/// One input, or a batch whose items are each an input or the reason it is
/// not one (a wrong JSON type).
#[derive(Debug)]
pub enum Inputs<'a> {
    One(Input<'a>),
    Many(Vec<Result<Input<'a>, ApiError>>),
}

/// How inputs are read: the owned parts of [`ReadOptions`].
#[derive(Debug)]
pub struct Reading {
    pub zone: Zone,
    pub precision: Option<Precision>,
    pub disambiguation: Disambiguation,
    pub epoch: Option<Epoch>,
    pub patterns: Vec<String>,
}

/// The [`HowToRead`] of a parameter struct that has its five fields.
macro_rules! how_to_read {
    ($params:expr) => {
        HowToRead {
            timezone: $params.timezone.as_deref(),
            precision: $params.precision.as_deref(),
            disambiguation: $params.disambiguation.as_deref(),
            epoch: $params.epoch.as_deref(),
            input_format: $params.input_format.as_ref(),
        }
    };
}

/// The parameters that say how inputs are read, as sent.
struct HowToRead<'a> {
    timezone: Option<&'a str>,
    precision: Option<&'a str>,
    disambiguation: Option<&'a str>,
    epoch: Option<&'a str>,
    input_format: Option<&'a Value>,
}

impl Reading {
    fn new(sent: HowToRead<'_>) -> Result<Self, ApiError> {
        Ok(Reading {
            zone: zone(sent.timezone)?,
            precision: self::precision(sent.precision)?,
            disambiguation: sent
                .disambiguation
                .map_or(Ok(Disambiguation::default()), str::parse)
                .map_err(ApiError::time)?,
            epoch: sent.epoch.map_or(Ok(None), Epoch::parse).map_err(ApiError::time)?,
            patterns: sent.input_format.map_or(Ok(Vec::new()), input_formats)?,
        })
    }

    pub fn options(&self, now: Timestamp) -> ReadOptions<'_> {
        ReadOptions {
            precision: self.precision,
            disambiguation: self.disambiguation,
            epoch: self.epoch,
            patterns: &self.patterns,
            ..ReadOptions::new(&self.zone, now)
        }
    }
}

/// `input_format`: one pattern (a string), or a list of them (a JSON array,
/// or the name repeated in a query string or form).
fn input_formats(value: &Value) -> Result<Vec<String>, ApiError> {
    let wrong = |given: &Value| ApiError::WrongType {
        param: "input_format",
        expected: "a string or an array of strings",
        given: json_type(given),
    };
    let patterns = match value {
        Value::String(pattern) => vec![pattern.clone()],
        Value::Array(items) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned).ok_or_else(|| wrong(item)))
            .collect::<Result<_, _>>()?,
        other => return Err(wrong(other)),
    };
    check_input_formats(&patterns).map_err(ApiError::time)?;
    Ok(patterns)
}

impl CurrentParams {
    /// The zone and unit of the answer; seconds unless stated.
    pub fn read(&self) -> Result<(Zone, Precision), ApiError> {
        Ok((zone(self.timezone.as_deref())?, precision(self.precision.as_deref())?.unwrap_or(Precision::Seconds)))
    }
}

impl TimestampParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs, how to read them, and the format asked for.
    pub fn read(&self) -> Result<(Inputs<'_>, Reading, Option<Format>), ApiError> {
        let inputs = inputs(&self.timestamp, &self.timestamps)?;
        let reading = Reading::new(how_to_read!(self))?;
        let format = Format::parse(self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref())
            .map_err(ApiError::time)?;
        Ok((inputs, reading, format))
    }
}

impl ValidateParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs and how to read them.
    pub fn read(&self) -> Result<(Inputs<'_>, Reading), ApiError> {
        let inputs = inputs(&self.timestamp, &self.timestamps)?;
        let reading = Reading::new(how_to_read!(self))?;
        Ok((inputs, reading))
    }
}

/// `timezone`, default UTC.
fn zone(name: Option<&str>) -> Result<Zone, ApiError> {
    name.map_or(Ok(Zone::utc()), Zone::parse).map_err(ApiError::time)
}

/// `precision`, `None` when it is to be detected.
fn precision(text: Option<&str>) -> Result<Option<Precision>, ApiError> {
    text.map(str::parse).transpose().map_err(ApiError::time)
}

/// `timestamp`, or the batch `timestamps` (1 to [`MAX_BATCH`] items).
/// Sending both names is an error even when one of them is `null`.
fn inputs<'a>(timestamp: &'a Sent<Value>, timestamps: &'a Sent<Vec<Value>>) -> Result<Inputs<'a>, ApiError> {
    if timestamp.is_sent() && timestamps.is_sent() {
        return Err(ApiError::BothInputAndBatch);
    }
    match (timestamp.value(), timestamps.value()) {
        (Some(value), _) => input_of(value, "timestamp").map(Inputs::One),
        (None, Some(items)) if items.is_empty() => Err(ApiError::EmptyBatch),
        (None, Some(items)) if items.len() > MAX_BATCH => Err(ApiError::BatchTooLarge { items: items.len() }),
        (None, Some(items)) => Ok(Inputs::Many(items.iter().map(|item| input_of(item, "timestamps")).collect())),
        (None, None) => Err(ApiError::MissingParameter { param: "timestamp" }),
    }
}

/// A JSON number (its exact text) or a string of at most
/// [`MAX_INPUT_CHARS`] characters (SPEC 5: a request bound, so validate
/// refuses it too); anything else is refused.
pub fn input_of<'a>(value: &'a Value, param: &'static str) -> Result<Input<'a>, ApiError> {
    match value {
        Value::Number(number) => Ok(Input::Number(number.as_str())),
        Value::String(text) => text_input(text, param),
        other => Err(ApiError::NotAnInput { param, given: json_type(other) }),
    }
}

/// A timestamp input sent as text.
pub fn text_input<'a>(text: &'a str, param: &'static str) -> Result<Input<'a>, ApiError> {
    let chars = text.chars().count();
    if chars > MAX_INPUT_CHARS {
        return Err(ApiError::InputTooLong { param, chars });
    }
    Ok(Input::Text(text))
}

/// The parameter an unknown name probably meant, among `accepted`.
pub fn suggestion(name: &str, accepted: &[&'static str]) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    accepted
        .iter()
        .map(|candidate| (strsim::jaro_winkler(&lower, candidate), *candidate))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}

/// The error for a parameter name that no field of the endpoint's struct has.
pub fn unknown_parameter(name: &str, accepted: &'static [&'static str]) -> ApiError {
    ApiError::UnknownParameter { name: name.chars().take(64).collect(), accepted }
}
