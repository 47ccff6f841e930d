//! From raw request parameters to the engine's domain values.
//!
//! Each endpoint names the parameters it takes; anything else is rejected
//! with a did-you-mean hint. After this module, handlers deal only in
//! `Zone`, `Precision`, `Format` and `Input`, never in strings.

use jiff::Timestamp;
use serde_json::Value;

use super::error::ApiError;
use super::extract::RawParams;
use crate::time::input::MAX_INPUT_CHARS;
use crate::time::{Disambiguation, Format, Input, Precision, ReadOptions, TimeError, Zone};

/// Every parameter name of SPEC 2 and of the zone list.
pub const ALL_PARAMS: &[&str] =
    &["timestamp", "timestamps", "timezone", "precision", "format", "pattern", "style", "disambiguation", "q", "at"];

/// The most items one batch may hold (SPEC 4.5).
pub const MAX_BATCH: usize = 1000;

/// What each endpoint accepts.
pub mod accepts {
    pub const CURRENT: &[&str] = &["timezone", "precision"];
    pub const CONVERT: &[&str] =
        &["timestamp", "timestamps", "timezone", "precision", "format", "pattern", "style", "disambiguation"];
    pub const VALIDATE: &[&str] = &["timestamp", "timestamps", "timezone", "precision", "disambiguation"];
    pub const FORMAT: &[&str] = CONVERT;
    pub const TIMEZONES: &[&str] = &["q", "at"];
}

/// The parameters of one request, checked against what its endpoint accepts.
#[derive(Debug)]
pub struct Params(RawParams);

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
}

impl Reading {
    pub fn options(&self, now: Timestamp) -> ReadOptions<'_> {
        ReadOptions { zone: &self.zone, precision: self.precision, disambiguation: self.disambiguation, now }
    }
}

impl Params {
    /// Rejects parameters that `accepted` does not list.
    pub fn check(raw: RawParams, accepted: &[&'static str]) -> Result<Params, ApiError> {
        if let Some((name, _)) = raw.0.iter().find(|(name, _)| !accepted.contains(&name.as_str())) {
            return Err(unknown_parameter(name, accepted));
        }
        Ok(Params(raw))
    }

    /// The value of `name`; JSON `null` counts as absent.
    fn get(&self, name: &str) -> Option<&Value> {
        self.0.0.iter().find(|(n, _)| n == name).map(|(_, v)| v).filter(|v| !v.is_null())
    }

    /// The string value of `name`, or a `bad_request` for another JSON type.
    pub fn string(&self, name: &'static str) -> Result<Option<&str>, ApiError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(ApiError::BadRequest {
                message: format!("{name} must be a string, not {}", json_type(other)),
                param: Some(name.to_owned()),
            }),
        }
    }

    /// `timezone`, default UTC.
    pub fn zone(&self) -> Result<Zone, ApiError> {
        match self.string("timezone")? {
            None => Ok(Zone::utc()),
            Some(name) => Zone::parse(name).map_err(|error| ApiError::Time { error, param: "timezone" }),
        }
    }

    /// `precision`, `None` when it is to be detected.
    pub fn precision(&self) -> Result<Option<Precision>, ApiError> {
        self.string("precision")?
            .map(|text| text.parse().map_err(|error| ApiError::Time { error, param: "precision" }))
            .transpose()
    }

    pub fn disambiguation(&self) -> Result<Disambiguation, ApiError> {
        self.string("disambiguation")?
            .map_or(Ok(Disambiguation::default()), str::parse)
            .map_err(|error| ApiError::Time { error, param: "disambiguation" })
    }

    /// Everything that says how to read the inputs.
    pub fn reading(&self) -> Result<Reading, ApiError> {
        Ok(Reading { zone: self.zone()?, precision: self.precision()?, disambiguation: self.disambiguation()? })
    }

    /// `format` with its `pattern` or `style`.
    pub fn format(&self) -> Result<Option<Format>, ApiError> {
        let (format, pattern, style) = (self.string("format")?, self.string("pattern")?, self.string("style")?);
        Format::parse(format, pattern, style).map_err(|error| {
            let param = match error {
                TimeError::InvalidPattern { .. } if pattern.is_some() => "pattern",
                TimeError::InvalidStyle { .. } if style.is_some() => "style",
                _ => "format",
            };
            ApiError::Time { error, param }
        })
    }

    /// Whether the request sends a batch (`timestamps`), valid or not.
    pub fn is_batch(&self) -> bool {
        self.get("timestamps").is_some()
    }

    /// `timestamp`, or the batch `timestamps` (1 to 1000 items). Sending
    /// both names is an error even when one of them is `null`.
    pub fn inputs(&self) -> Result<Inputs<'_>, ApiError> {
        let given = |name: &str| self.0.0.iter().any(|(n, _)| n == name);
        if given("timestamp") && given("timestamps") {
            return Err(ApiError::BatchTooLarge {
                message: "send either timestamp (one input) or timestamps (a batch), not both".to_owned(),
            });
        }
        match (self.get("timestamp"), self.get("timestamps")) {
            (Some(value), _) => input_of(value, "timestamp").map(Inputs::One),
            (None, Some(Value::Array(items))) => {
                if items.is_empty() {
                    return Err(ApiError::BadRequest {
                        message: format!("timestamps is empty: send 1 to {MAX_BATCH} items"),
                        param: Some("timestamps".to_owned()),
                    });
                }
                if items.len() > MAX_BATCH {
                    return Err(ApiError::BatchTooLarge {
                        message: format!(
                            "timestamps has {} items; at most {MAX_BATCH} are accepted in one request: split the batch",
                            items.len()
                        ),
                    });
                }
                Ok(Inputs::Many(items.iter().map(|item| input_of(item, "timestamps")).collect()))
            }
            (None, Some(other)) => Err(ApiError::BadRequest {
                message: format!("timestamps must be an array, not {}", json_type(other)),
                param: Some("timestamps".to_owned()),
            }),
            (None, None) => Err(ApiError::MissingParameter { param: "timestamp" }),
        }
    }

    /// An optional instant given as any timestamp input, read in UTC.
    pub fn input(&self, name: &'static str) -> Result<Option<Input<'_>>, ApiError> {
        self.get(name).map(|value| input_of(value, name)).transpose()
    }
}

/// A JSON number (its exact text) or a string of at most 256 characters
/// (SPEC 5: a request bound, so validate refuses it too); anything else is
/// refused.
fn input_of<'a>(value: &'a Value, param: &'static str) -> Result<Input<'a>, ApiError> {
    match value {
        Value::Number(number) => Ok(Input::Number(number.as_str())),
        Value::String(text) if text.chars().count() > MAX_INPUT_CHARS => Err(ApiError::Time {
            error: TimeError::invalid(format!(
                "{param} is {} characters long; at most {MAX_INPUT_CHARS} are accepted",
                text.chars().count()
            )),
            param,
        }),
        Value::String(text) => Ok(Input::Text(text)),
        other => Err(ApiError::BadRequest {
            message: format!(
                "{param} must hold a number or a string, not {}: e.g. 1700000000 or \"2023-11-14T22:13:20Z\"",
                json_type(other)
            ),
            param: Some(param.to_owned()),
        }),
    }
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn unknown_parameter(name: &str, accepted: &[&'static str]) -> ApiError {
    let lower = name.to_ascii_lowercase();
    let suggestion = accepted
        .iter()
        .map(|candidate| (strsim::jaro_winkler(&lower, candidate), *candidate))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate);
    let shown: String = name.chars().take(64).collect();
    let mut message = format!("unknown parameter {shown:?}");
    if let Some(suggestion) = suggestion {
        message.push_str(&format!(": did you mean {suggestion}?"));
    } else if ALL_PARAMS.contains(&lower.as_str()) {
        message.push_str(" for this endpoint");
    }
    message.push_str(&format!("; this endpoint accepts {}", accepted.join(", ")));
    ApiError::UnknownParameter { name: shown, suggestion, message }
}
