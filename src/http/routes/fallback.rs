//! Answers for requests that match no route or no method: envelopes too.

use axum::http::{Method, Uri};

use crate::http::error::ApiError;

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
