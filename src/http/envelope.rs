//! The `{code, message, data}` envelope every response is wrapped in.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The media type of every response body.
pub const JSON: &str = "application/json; charset=utf-8";

/// A response body: `code` 0 and `message` "ok" on success.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Envelope<'m, T> {
    /// 0 on success; otherwise the error code (SPEC 6).
    pub code: u32,
    /// "ok", or what went wrong and how to fix it.
    pub message: &'m str,
    pub data: T,
}

/// A successful answer: HTTP 200 with `{"code": 0, "message": "ok", "data": ...}`.
#[derive(Debug)]
pub struct Success<T>(pub T);

impl<T: Serialize> IntoResponse for Success<T> {
    fn into_response(self) -> Response {
        json_response(StatusCode::OK, &Envelope { code: 0, message: "ok", data: self.0 })
    }
}

/// Serializes `body` as the response at `status`.
pub fn json_response<T: Serialize>(status: StatusCode, body: &T) -> Response {
    // A convert answer is about 900 bytes: one allocation instead of four regrowths.
    let mut bytes = Vec::with_capacity(1024);
    match serde_json::to_writer(&mut bytes, body) {
        Ok(()) => {
            let mut response = Response::new(Body::from(bytes));
            *response.status_mut() = status;
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
            response
        }
        Err(error) => {
            tracing::error!(%error, "failed to serialize a response body");
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            response.extensions_mut().insert(Unencodable);
            response
        }
    }
}

/// Marks an answer whose body could not be encoded: the request context,
/// which knows the request id, replaces it with the 500 envelope.
#[derive(Clone, Copy, Debug)]
pub struct Unencodable;
