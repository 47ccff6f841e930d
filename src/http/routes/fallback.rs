//! Answers for requests that match no route or no method: envelopes too.

use axum::extract::Request;
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;

/// Replaces a 404 from a router that is not ours (Swagger UI's) with the
/// envelope.
pub async fn envelope_for_not_found(request: Request, next: Next) -> Response {
    let uri = request.uri().clone();
    let response = next.run(request).await;
    if response.status() == StatusCode::NOT_FOUND {
        return not_found(uri).await.into_response();
    }
    response
}

pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::NotFound { path: shown_path(&uri) }
}

/// The router adds the `Allow` header to this response.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed { method: method.to_string(), path: shown_path(&uri) }
}

fn shown_path(uri: &Uri) -> String {
    uri.path().chars().take(200).collect()
}
