//! `ApiError`: every failure of the web layer, with its HTTP status and
//! envelope code in one place (SPEC 6).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::envelope::{Envelope, json_response};
use crate::time::TimeError;

/// A failed request. Converted to the envelope by `IntoResponse`.
#[derive(Debug)]
pub enum ApiError {
    /// Malformed JSON or form body, wrong JSON type, a parameter given twice.
    BadRequest {
        message: String,
        param: Option<String>,
    },
    /// `timestamp` (or another required parameter) is absent.
    MissingParameter {
        param: &'static str,
    },
    /// An engine error about the value of `param`.
    Time {
        error: TimeError,
        param: &'static str,
    },
    UnknownParameter {
        name: String,
        suggestion: Option<&'static str>,
        message: String,
    },
    /// More than 1000 batch items, or both `timestamp` and `timestamps`.
    BatchTooLarge {
        message: String,
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
    /// A bug: the detail is logged, never sent.
    Internal {
        request_id: Option<String>,
    },
}

/// `data` of an error envelope.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorData<'a> {
    /// The kind of error, in snake_case (SPEC 6).
    #[schema(value_type = String, example = "invalid_timestamp")]
    error: &'static str,
    /// The parameter at fault, if any.
    #[schema(value_type = Option<String>)]
    param: Option<&'a str>,
    /// unknown_timezone: up to 3 close IANA names.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<String>>)]
    suggestions: Option<&'a [&'static str]>,
    /// unknown_parameter: the parameter probably meant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    suggestion: Option<&'static str>,
    /// invalid_timestamp: the character index at fault, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    /// internal_error: the request id the failure was logged with.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    request_id: Option<&'a str>,
}

impl ApiError {
    /// The HTTP status, envelope code and `data.error` of this error.
    pub fn status_code_kind(&self) -> (StatusCode, u32, &'static str) {
        match self {
            ApiError::BadRequest { .. } => (StatusCode::BAD_REQUEST, 40000, "bad_request"),
            ApiError::MissingParameter { .. } => (StatusCode::BAD_REQUEST, 40001, "missing_parameter"),
            ApiError::Time { error, .. } => {
                let code = match error {
                    TimeError::InvalidTimestamp { .. } => 40002,
                    TimeError::UnknownTimezone { .. } => 40003,
                    TimeError::InvalidFormat { .. } => 40004,
                    TimeError::InvalidPrecision { .. } => 40005,
                    TimeError::OutOfRange { .. } => 40006,
                    TimeError::InvalidPattern { .. } => 40007,
                    TimeError::InvalidStyle { .. } => 40008,
                    TimeError::AmbiguousLocalTime { .. } => 40009,
                    TimeError::InvalidDisambiguation { .. } => 40000,
                };
                (StatusCode::BAD_REQUEST, code, error.kind())
            }
            ApiError::UnknownParameter { .. } => (StatusCode::BAD_REQUEST, 40010, "unknown_parameter"),
            ApiError::BatchTooLarge { .. } => (StatusCode::BAD_REQUEST, 40011, "batch_too_large"),
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
            ApiError::Internal { .. } => (StatusCode::INTERNAL_SERVER_ERROR, 50000, "internal_error"),
        }
    }

    /// The message for the person who sent the request.
    pub fn message(&self) -> String {
        match self {
            ApiError::BadRequest { message, .. }
            | ApiError::UnknownParameter { message, .. }
            | ApiError::BatchTooLarge { message } => message.clone(),
            ApiError::MissingParameter { param } => {
                format!("missing parameter {param}: send it in the JSON body, the form body or the query string")
            }
            ApiError::Time { error, .. } => error.to_string(),
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
            ApiError::Internal { .. } => {
                "internal error: the failure was logged; please retry or report it with the X-Request-Id header"
                    .to_owned()
            }
        }
    }

    fn param(&self) -> Option<&str> {
        match self {
            ApiError::BadRequest { param, .. } => param.as_deref(),
            ApiError::MissingParameter { param } | ApiError::Time { param, .. } => Some(param),
            ApiError::UnknownParameter { name, .. } => Some(name),
            ApiError::BatchTooLarge { .. } => Some("timestamps"),
            _ => None,
        }
    }

    /// An error from an operation of the engine: reading the timestamp, or
    /// rendering a custom pattern.
    pub fn operation(error: TimeError) -> ApiError {
        let param = match error {
            TimeError::InvalidPattern { .. } => "pattern",
            _ => "timestamp",
        };
        ApiError::Time { error, param }
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
                ApiError::Time { error: TimeError::UnknownTimezone { suggestions, .. }, .. } => Some(suggestions),
                _ => None,
            },
            suggestion: match &self {
                ApiError::UnknownParameter { suggestion, .. } => *suggestion,
                _ => None,
            },
            position: match &self {
                ApiError::Time { error, .. } => error.position(),
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
