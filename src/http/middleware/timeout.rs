//! The request timeout: a request (reading its body included) that takes
//! longer than the limit is answered with a 408 envelope.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::AppState;
use crate::http::error::ApiError;

pub async fn timeout(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(state.request_timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::RequestTimeout { limit: state.request_timeout }.into_response(),
    }
}
