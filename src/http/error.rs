//! `ApiError`: every failure of the web layer, with its HTTP status and
//! envelope code in one place.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tsconv_time::error::TimeError;
use tsconv_time::input::MAX_INPUT_CHARS;
use tsconv_time::ops::{Failure, Operand};

use crate::places::PlaceError;

use super::envelope::{Envelope, json_response};
use super::limits::{MAX_BATCH, MAX_PARAMS};

/// A failed request, as data: its words are written once, in
/// [`ApiError::message`], and its status, code and parameter follow from
/// its variant. Converted to the envelope by `IntoResponse`.
#[derive(Clone, Debug)]
pub enum ApiError {
    /// Malformed JSON or form body, or a body that could not be read: the
    /// message is the reader's diagnosis.
    BadRequest {
        message: String,
    },
    /// A parameter of the wrong JSON type.
    WrongType {
        param: &'static str,
        expected: &'static str,
        given: &'static str,
    },
    /// A timestamp input that is neither a number nor a string.
    NotAnInput {
        param: &'static str,
        given: &'static str,
    },
    /// A timestamp string over [`MAX_INPUT_CHARS`] characters.
    InputTooLong {
        param: &'static str,
        chars: usize,
    },
    DuplicateParameter {
        name: String,
    },
    /// More than [`MAX_PARAMS`] parameters.
    TooManyParameters,
    /// `timestamp` (or another required parameter) is absent.
    MissingParameter {
        param: &'static str,
    },
    /// An engine error. `input` names the parameter whose value was being
    /// read or written when it arose; `None` for the settings (`timezone`,
    /// `precision`, `format`, ...), which the error's variant names.
    Time {
        error: TimeError,
        input: Option<&'static str>,
    },
    /// A pair of diff's `pairs` without `from` or `to`.
    IncompletePair {
        missing: &'static str,
    },
    /// A pair of diff's `pairs` with a key other than `from` and `to`.
    PairKey {
        name: String,
    },
    /// A name the endpoint's parameter struct has no field for.
    UnknownParameter {
        name: String,
        accepted: &'static [&'static str],
        /// Whether another endpoint takes a parameter of this name.
        elsewhere: bool,
    },
    /// Both one input (`timestamp`, or `from` and `to`) and a batch
    /// (`timestamps`, or `pairs`).
    BothInputAndBatch {
        one: &'static str,
        batch: &'static str,
    },
    /// A batch with no items.
    EmptyBatch {
        batch: &'static str,
    },
    /// A batch with more than [`MAX_BATCH`] items.
    BatchTooLarge {
        items: usize,
        batch: &'static str,
    },
    NotFound {
        path: String,
    },
    MethodNotAllowed {
        method: String,
        path: String,
    },
    /// A key is needed (keys are on) and none, or a wrong one, was sent.
    Unauthorized {
        missing: bool,
    },
    /// The request took longer than the server's limit.
    RequestTimeout {
        limit: std::time::Duration,
    },
    /// The client's budget is spent; it may retry after `retry_after` seconds.
    RateLimited {
        retry_after: u64,
    },
    /// Shutting down, or the shared limit store is down with fail-closed.
    Unavailable {
        message: String,
        /// Seconds after which a retry may succeed, where known (`Retry-After`).
        retry_after: Option<u64>,
    },
    PayloadTooLarge {
        limit: usize,
    },
    UnsupportedMediaType {
        content_type: String,
    },
    /// `/mcp` asked for an answer in none of the types it writes.
    NotAcceptable {
        accept: String,
    },
    /// A place whose zone cannot be found (`/api/timezones/lookup`).
    Place(crate::places::PlaceError),
    /// A bug: the detail is logged, never sent.
    Internal {
        request_id: Option<String>,
    },
}

/// `data` of an error envelope.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorData<'a> {
    /// The kind of error, in snake_case.
    #[schema(value_type = String, example = "invalid_timestamp")]
    error: &'static str,
    /// The parameter at fault, if any.
    #[schema(value_type = Option<String>)]
    param: Option<&'a str>,
    /// unknown_timezone: up to 3 close IANA names; invalid_place: close city names or country codes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<String>>)]
    suggestions: Option<&'a [&'static str]>,
    /// unknown_parameter, unknown_field, invalid_schedule: the name probably meant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    suggestion: Option<&'static str>,
    /// invalid_timestamp, invalid_duration, invalid_schedule: the character index at fault, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    /// invalid_schedule: the field of the expression at fault (`day-of-week`, `hour`), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    field: Option<&'static str>,
    /// internal_error: the request id the failure was logged with.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    request_id: Option<&'a str>,
}

impl ApiError {
    /// An error in one of the settings: the variant names the parameter.
    pub fn time(error: TimeError) -> ApiError {
        ApiError::Time { error, input: None }
    }

    /// An error of an operation with several operands, on the parameter
    /// that names the operand: the one place an operand meets its name.
    pub fn failed(Failure { operand, error }: Failure) -> ApiError {
        let param = match operand {
            Operand::Input => "timestamp",
            Operand::Duration => "duration",
            Operand::Unit => "unit",
            Operand::Format => "format",
            Operand::From => "from",
            Operand::To => "to",
        };
        ApiError::Time { error, input: Some(param) }
    }

    /// An error reading or writing the input sent as `param`.
    pub fn input(param: &'static str) -> impl Fn(TimeError) -> ApiError {
        move |error| ApiError::Time { error, input: Some(param) }
    }

    /// The HTTP status, envelope code and `data.error` of this error.
    pub fn status_code_kind(&self) -> (StatusCode, u32, &'static str) {
        const BAD_REQUEST: (StatusCode, u32, &str) = (StatusCode::BAD_REQUEST, 40000, "bad_request");
        const INVALID_TIMESTAMP: (StatusCode, u32, &str) = (StatusCode::BAD_REQUEST, 40002, "invalid_timestamp");
        const INVALID_PATTERN: (StatusCode, u32, &str) = (StatusCode::BAD_REQUEST, 40007, "invalid_pattern");
        const INVALID_STYLE: (StatusCode, u32, &str) = (StatusCode::BAD_REQUEST, 40008, "invalid_style");
        const BATCH_TOO_LARGE: (StatusCode, u32, &str) = (StatusCode::BAD_REQUEST, 40011, "batch_too_large");
        match self {
            ApiError::BadRequest { .. }
            | ApiError::WrongType { .. }
            | ApiError::NotAnInput { .. }
            | ApiError::DuplicateParameter { .. }
            | ApiError::TooManyParameters
            | ApiError::EmptyBatch { .. } => BAD_REQUEST,
            ApiError::InputTooLong { .. } => INVALID_TIMESTAMP,
            ApiError::MissingParameter { .. } | ApiError::IncompletePair { .. } => {
                (StatusCode::BAD_REQUEST, 40001, "missing_parameter")
            }
            ApiError::Time { error, .. } => match error {
                TimeError::InvalidTimestamp { .. } => INVALID_TIMESTAMP,
                TimeError::UnknownTimezone { .. } => (StatusCode::BAD_REQUEST, 40003, "unknown_timezone"),
                TimeError::InvalidFormat { .. } => (StatusCode::BAD_REQUEST, 40004, "invalid_format"),
                TimeError::InvalidPrecision { .. } => (StatusCode::BAD_REQUEST, 40005, "invalid_precision"),
                TimeError::OutOfRange { .. } => (StatusCode::BAD_REQUEST, 40006, "out_of_range"),
                TimeError::InvalidPattern { .. }
                | TimeError::EmptyPattern
                | TimeError::PatternTooLong { .. }
                | TimeError::PatternAndStyle
                | TimeError::PatternWithoutCustom { .. }
                | TimeError::MissingPattern
                | TimeError::InvalidInputFormat { .. } => INVALID_PATTERN,
                TimeError::InvalidEpoch { .. } | TimeError::NotInEpoch { .. } => {
                    (StatusCode::BAD_REQUEST, 40014, "invalid_epoch")
                }
                TimeError::InvalidStyle { .. } | TimeError::StyleWithoutDiscord { .. } => INVALID_STYLE,
                TimeError::InvalidDuration { .. } => (StatusCode::BAD_REQUEST, 40012, "invalid_duration"),
                TimeError::InvalidUnit { .. }
                | TimeError::InvalidRoundingMode { .. }
                | TimeError::InvalidIncrement { .. }
                | TimeError::UnitsOutOfOrder { .. }
                | TimeError::DoesNotFit { .. } => (StatusCode::BAD_REQUEST, 40013, "invalid_unit"),
                TimeError::AmbiguousLocalTime { .. } => (StatusCode::BAD_REQUEST, 40009, "ambiguous_local_time"),
                // the error table has no code of its own for these: each is a malformed parameter.
                TimeError::InvalidDisambiguation { .. }
                | TimeError::InvalidDirection { .. }
                | TimeError::InvalidCount { .. }
                | TimeError::WrongSide { .. }
                | TimeError::InvalidOverflow { .. }
                | TimeError::InvalidWeekStart { .. }
                | TimeError::UnknownField { .. } => BAD_REQUEST,
                TimeError::InvalidLocale { .. } => (StatusCode::BAD_REQUEST, 40015, "invalid_locale"),
                TimeError::InvalidSchedule { .. } => (StatusCode::BAD_REQUEST, 40016, "invalid_schedule"),
                TimeError::InvalidGap { .. } => BAD_REQUEST,
            },
            ApiError::UnknownParameter { .. } | ApiError::PairKey { .. } => {
                (StatusCode::BAD_REQUEST, 40010, "unknown_parameter")
            }
            ApiError::BothInputAndBatch { .. } | ApiError::BatchTooLarge { .. } => BATCH_TOO_LARGE,
            ApiError::NotFound { .. } => (StatusCode::NOT_FOUND, 40400, "not_found"),
            ApiError::MethodNotAllowed { .. } => (StatusCode::METHOD_NOT_ALLOWED, 40500, "method_not_allowed"),
            ApiError::Unauthorized { .. } => (StatusCode::UNAUTHORIZED, 40100, "unauthorized"),
            ApiError::RequestTimeout { .. } => (StatusCode::REQUEST_TIMEOUT, 40800, "request_timeout"),
            ApiError::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, 42900, "rate_limited"),
            ApiError::Unavailable { .. } => (StatusCode::SERVICE_UNAVAILABLE, 50300, "unavailable"),
            ApiError::PayloadTooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, 41300, "payload_too_large"),
            ApiError::UnsupportedMediaType { .. } => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, 41500, "unsupported_media_type")
            }
            ApiError::NotAcceptable { .. } => (StatusCode::NOT_ACCEPTABLE, 40600, "not_acceptable"),
            ApiError::Internal { .. } => (StatusCode::INTERNAL_SERVER_ERROR, 50000, "internal_error"),
            ApiError::Place(error) => match error {
                PlaceError::Invalid { .. } | PlaceError::NoSuchCity { .. } | PlaceError::NoSuchCountry { .. } => {
                    (StatusCode::BAD_REQUEST, 40017, "invalid_place")
                }
                PlaceError::NotLocated { .. }
                | PlaceError::NoZoneForIp { .. }
                | PlaceError::NoZoneForCountry { .. } => (StatusCode::NOT_FOUND, 40401, "place_not_found"),
                PlaceError::NoIpDatabase => (StatusCode::NOT_IMPLEMENTED, 50100, "not_configured"),
            },
        }
    }

    /// The message for the person who sent the request.
    pub fn message(&self) -> String {
        match self {
            ApiError::BadRequest { message } => message.clone(),
            ApiError::WrongType { param, expected, given } => format!("{param} must be {expected}, not {given}"),
            ApiError::NotAnInput { param, given } => {
                format!(
                    "{param} must hold a number or a string, not {given}: e.g. 1700000000 or \"2023-11-14T22:13:20Z\""
                )
            }
            ApiError::InputTooLong { param, chars } => {
                format!("{param} is {chars} characters long; at most {MAX_INPUT_CHARS} are accepted")
            }
            ApiError::DuplicateParameter { name } => format!("parameter {name} is given more than once: send it once"),
            ApiError::TooManyParameters => format!(
                "too many parameters: at most {MAX_PARAMS} are accepted; send a batch as one timestamps parameter \
                 (repeated, or a JSON array)"
            ),
            ApiError::MissingParameter { param } => {
                format!("missing parameter {param}: send it in the JSON body, the form body or the query string")
            }
            ApiError::Time { error, .. } => error.to_string(),
            ApiError::IncompletePair { missing } => {
                format!("a pair has no {missing}: each pair is an object with from and to")
            }
            ApiError::PairKey { name } => format!("a pair holds from and to, not {name:?}"),
            ApiError::UnknownParameter { name, accepted, elsewhere } => {
                let mut message = format!("unknown parameter {name:?}");
                if let Some(suggestion) = suggestion(name, accepted) {
                    message.push_str(&format!(": did you mean {suggestion}?"));
                } else if *elsewhere {
                    message.push_str(" for this endpoint");
                }
                message.push_str(&format!("; this endpoint accepts {}", accepted.join(", ")));
                message
            }
            ApiError::BothInputAndBatch { one, batch } => {
                format!("send either {one} (one input) or {batch} (a batch), not both")
            }
            ApiError::EmptyBatch { batch } => format!("{batch} is empty: send 1 to {MAX_BATCH} items"),
            ApiError::BatchTooLarge { items, batch } => {
                format!("{batch} has {items} items; at most {MAX_BATCH} are accepted in one request: split the batch")
            }
            ApiError::NotFound { path } => {
                format!("no such route {path:?}: see /openapi.json for the routes, e.g. /api/timestamp/convert")
            }
            ApiError::MethodNotAllowed { method, path } => {
                format!("{method} is not allowed on {path}: the Allow header lists the methods it answers")
            }
            ApiError::Unauthorized { missing: true } => {
                "an API key is required: send it as Authorization: Bearer <key> or X-API-Key: <key>".to_owned()
            }
            ApiError::Unauthorized { missing: false } => {
                "the API key is not valid: check it, or ask for a new one".to_owned()
            }
            ApiError::RequestTimeout { limit } => {
                format!(
                    "the request took longer than {} s: send the body promptly, or a smaller batch",
                    limit.as_secs()
                )
            }
            ApiError::RateLimited { retry_after } => {
                format!("too many requests: retry after {retry_after} s (see the RateLimit-* headers)")
            }
            ApiError::Unavailable { message, .. } => message.clone(),
            ApiError::PayloadTooLarge { limit } => {
                format!("request body is larger than {} KiB: send a smaller body", limit / 1024)
            }
            ApiError::UnsupportedMediaType { content_type } => format!(
                "unsupported content type {content_type:?}: send application/json (an object) or \
                 application/x-www-form-urlencoded"
            ),
            ApiError::NotAcceptable { accept } => format!(
                "Accept: {accept} admits none of the answers of /mcp, which are application/json: send \
                 Accept: application/json, text/event-stream (as MCP clients do), or none"
            ),
            ApiError::Place(error) => error.to_string(),
            ApiError::Internal { .. } => {
                "internal error: the failure was logged; please retry or report it with the X-Request-Id header"
                    .to_owned()
            }
        }
    }

    /// The parameter at fault, from the error's data.
    fn param(&self) -> Option<&str> {
        match self {
            ApiError::WrongType { param, .. }
            | ApiError::NotAnInput { param, .. }
            | ApiError::InputTooLong { param, .. }
            | ApiError::MissingParameter { param }
            | ApiError::IncompletePair { missing: param } => Some(param),
            ApiError::DuplicateParameter { name }
            | ApiError::UnknownParameter { name, .. }
            | ApiError::PairKey { name } => Some(name),
            ApiError::Time { error, input } => Some(match error {
                TimeError::InvalidPrecision { .. } => "precision",
                TimeError::InvalidDisambiguation { .. } => "disambiguation",
                TimeError::InvalidDirection { .. } => "direction",
                TimeError::InvalidCount { .. } => "count",
                TimeError::WrongSide { .. } => "to",
                TimeError::InvalidFormat { .. } | TimeError::MissingPattern => "format",
                TimeError::InvalidStyle { .. } | TimeError::StyleWithoutDiscord { .. } => "style",
                TimeError::InvalidPattern { .. }
                | TimeError::EmptyPattern
                | TimeError::PatternTooLong { .. }
                | TimeError::PatternAndStyle
                | TimeError::PatternWithoutCustom { .. } => "pattern",
                TimeError::InvalidInputFormat { .. } => "input_format",
                TimeError::InvalidEpoch { .. } => "epoch",
                TimeError::InvalidDuration { .. } => "duration",
                TimeError::InvalidUnit { setting, .. }
                | TimeError::InvalidRoundingMode { setting, .. }
                // Each parameter of round and diff is named as the docs name its setting.
                | TimeError::InvalidIncrement { setting, .. } => setting.name(),
                TimeError::UnitsOutOfOrder { .. } | TimeError::DoesNotFit { .. } => "largest_unit",
                TimeError::InvalidOverflow { .. } => "overflow",
                TimeError::InvalidWeekStart { .. } => "week_start",
                TimeError::InvalidLocale { .. } => "locale",
                TimeError::UnknownField { .. } => "fields",
                TimeError::InvalidSchedule { .. } => "schedule",
                TimeError::InvalidGap { .. } => "gap",
                // A zone named inside an input is that input's fault.
                TimeError::UnknownTimezone { .. } => input.unwrap_or("timezone"),
                TimeError::InvalidTimestamp { .. }
                | TimeError::OutOfRange { .. }
                | TimeError::AmbiguousLocalTime { .. }
                | TimeError::NotInEpoch { .. } => input.unwrap_or("timestamp"),
            }),
            ApiError::BothInputAndBatch { batch, .. }
            | ApiError::EmptyBatch { batch }
            | ApiError::BatchTooLarge { batch, .. } => Some(batch),
            ApiError::Place(error) => Some(error.param()),
            _ => None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, kind) = self.status_code_kind();
        let message = self.message();
        let data = ErrorData {
            error: kind,
            param: self.param(),
            suggestions: match &self {
                ApiError::Time {
                    error: TimeError::UnknownTimezone { suggestions, .. } | TimeError::InvalidLocale { suggestions, .. },
                    ..
                } => Some(suggestions),
                ApiError::Place(error) => error.suggestions(),
                _ => None,
            },
            suggestion: match &self {
                ApiError::UnknownParameter { name, accepted, .. } => suggestion(name, accepted),
                ApiError::Time {
                    error: TimeError::UnknownField { suggestion, .. } | TimeError::InvalidSchedule { suggestion, .. },
                    ..
                } => *suggestion,
                _ => None,
            },
            position: match &self {
                ApiError::Time { error, .. } => error.position(),
                _ => None,
            },
            field: match &self {
                ApiError::Time { error: TimeError::InvalidSchedule { field, .. }, .. } => *field,
                _ => None,
            },
            request_id: match &self {
                ApiError::Internal { request_id } => request_id.as_deref(),
                _ => None,
            },
        };
        let mut response = json_response(status, &Envelope { code, message: &message, data });
        match self {
            ApiError::Unauthorized { .. } => {
                response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            ApiError::RateLimited { retry_after } | ApiError::Unavailable { retry_after: Some(retry_after), .. } => {
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
            }
            _ => {}
        }
        response
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl ApiError {
    /// The error for a parameter name that no field of the endpoint's
    /// struct has (whether another endpoint takes it is filled in by the
    /// extractor, which knows them all).
    pub fn unknown_parameter(name: &str, accepted: &'static [&'static str]) -> ApiError {
        ApiError::UnknownParameter { name: name.chars().take(64).collect(), accepted, elsewhere: false }
    }
}

/// The parameter an unknown name probably meant, among `accepted`.
fn suggestion(name: &str, accepted: &[&'static str]) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    accepted
        .iter()
        .map(|candidate| (strsim::jaro_winkler(&lower, candidate), *candidate))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, candidate)| candidate)
}
