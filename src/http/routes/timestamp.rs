//! The four timestamp endpoints. Each one checks its parameters, calls the
//! engine, and wraps the answer: no time logic lives here.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::http::AppState;
use crate::http::envelope::Success;
use crate::http::error::ApiError;
use crate::http::extract::RawParams;
use crate::http::params::{Params, accepts};
use crate::time::{self, Precision, Validation};

/// `GET /api/timestamp/current`
pub async fn current(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::CURRENT)?;
    let zone = params.zone()?;
    let precision = params.precision()?.unwrap_or(Precision::Seconds);
    let mut response = Success(time::current(state.clock.now(), &zone, precision)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// `POST /api/timestamp/convert` (and GET with a query string)
pub async fn convert(State(state): State<AppState>, raw: RawParams) -> Result<Success<time::Report>, ApiError> {
    let params = Params::check(raw, accepts::CONVERT)?;
    let request = params.request()?;
    let format = params.format()?;
    let report = time::convert(&request, format.as_ref(), state.clock.now()).map_err(ApiError::operation)?;
    Ok(Success(report))
}

/// `POST /api/timestamp/validate`: HTTP 200 whether or not the input is valid.
pub async fn validate(raw: RawParams) -> Result<Success<Validation>, ApiError> {
    let params = Params::check(raw, accepts::VALIDATE)?;
    let request = params.request()?;
    Ok(Success(time::ops::validate(&request)))
}

/// `POST /api/timestamp/format`
pub async fn format(State(state): State<AppState>, raw: RawParams) -> Result<Success<time::Formatted>, ApiError> {
    let params = Params::check(raw, accepts::FORMAT)?;
    let request = params.request()?;
    let format = params.format()?;
    let formatted = time::format(&request, format.as_ref(), state.clock.now()).map_err(ApiError::operation)?;
    Ok(Success(formatted))
}
