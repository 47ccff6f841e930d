//! The `{code, message, data}` envelope every response is wrapped in.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tsconv_time::json::{Json, WriteJson};

/// The media type of every response body.
pub const JSON: &str = "application/json; charset=utf-8";

/// A response body: `code` 0 and `message` "ok" on success.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Envelope<'m, T> {
    /// 0 on success; otherwise the error code.
    pub code: u32,
    /// "ok", or what went wrong and how to fix it.
    pub message: &'m str,
    pub data: T,
}

/// A successful answer: HTTP 200 with `{"code": 0, "message": "ok", "data": ...}`.
#[derive(Debug)]
pub struct Success<T>(pub T);

impl<T: WriteJson> IntoResponse for Success<T> {
    fn into_response(self) -> Response {
        // What serde_json writes for `Envelope { code: 0, message: "ok", data }`.
        const HEAD: &[u8] = br#"{"code":0,"message":"ok","data":"#;
        let mut bytes = Vec::with_capacity(HEAD.len() + self.0.size_hint() + 1);
        bytes.extend_from_slice(HEAD);
        let mut json = Json::new(&mut bytes);
        let written = self.0.write_json(&mut json);
        json.close();
        respond(StatusCode::OK, written.map(|()| bytes))
    }
}

/// Serializes `body` as the response at `status`.
pub fn json_response<T: Serialize>(status: StatusCode, body: &T) -> Response {
    // A convert answer is about 900 bytes: one allocation instead of four regrowths.
    let mut bytes = Vec::with_capacity(1024);
    let written = serde_json::to_writer(&mut bytes, body);
    respond(status, written.map(|()| bytes))
}

/// The response with these JSON bytes, or the mark of one whose body could
/// not be encoded.
fn respond(status: StatusCode, body: Result<Vec<u8>, serde_json::Error>) -> Response {
    match body {
        Ok(bytes) => {
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

#[cfg(test)]
mod tests {
    use axum::body::to_bytes;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::*;
    use tsconv_time::arbitrary;

    #[tokio::test]
    async fn a_success_is_the_envelope_serde_json_writes() {
        let mut runner = TestRunner::default();
        for _ in 0..64 {
            let report = arbitrary::report().new_tree(&mut runner).expect("a report").current();
            let expected =
                serde_json::to_vec(&Envelope { code: 0, message: "ok", data: &report }).expect("serializable");
            let response = Success(report).into_response();
            assert_eq!(response.status(), StatusCode::OK);
            assert_eq!(response.headers()[header::CONTENT_TYPE], JSON);
            let body = to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            assert_eq!(body, expected);
        }
    }
}
