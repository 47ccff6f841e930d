//! From raw request parameters to the engine's domain values.
//!
//! Each endpoint names the parameters it takes; anything else is rejected
//! with a did-you-mean hint. After this module, handlers deal only in
//! `Zone`, `Precision`, `Format` and `Input`, never in strings.

use serde_json::Value;

use super::error::ApiError;
use super::extract::RawParams;
use crate::time::{Disambiguation, Format, Input, Precision, Request, TimeError, Zone};

/// Every parameter name of SPEC 2.
pub const ALL_PARAMS: &[&str] =
    &["timestamp", "timestamps", "timezone", "precision", "format", "pattern", "style", "disambiguation"];

/// What each endpoint accepts.
pub mod accepts {
    pub const CURRENT: &[&str] = &["timezone", "precision"];
    pub const CONVERT: &[&str] =
        &["timestamp", "timezone", "precision", "format", "pattern", "style", "disambiguation"];
    pub const VALIDATE: &[&str] = &["timestamp", "timezone", "precision", "disambiguation"];
    pub const FORMAT: &[&str] = CONVERT;
}

/// The parameters of one request, checked against what its endpoint accepts.
#[derive(Debug)]
pub struct Params(RawParams);

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
    fn string(&self, name: &'static str) -> Result<Option<&str>, ApiError> {
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

    /// `timestamp`: a JSON number (its exact text) or a string.
    pub fn input(&self) -> Result<Input<'_>, ApiError> {
        match self.get("timestamp") {
            None => Err(ApiError::MissingParameter { param: "timestamp" }),
            Some(Value::Number(number)) => Ok(Input::Number(number.as_str())),
            Some(Value::String(text)) => Ok(Input::Text(text)),
            Some(other) => Err(ApiError::BadRequest {
                message: format!(
                    "timestamp must be a number or a string, not {}: e.g. 1700000000 or \"2023-11-14T22:13:20Z\"",
                    json_type(other)
                ),
                param: Some("timestamp".to_owned()),
            }),
        }
    }

    /// Everything convert, validate and format need to read the input.
    pub fn request(&self) -> Result<Request<'_>, ApiError> {
        Ok(Request {
            input: self.input()?,
            zone: self.zone()?,
            precision: self.precision()?,
            disambiguation: self.disambiguation()?,
        })
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
