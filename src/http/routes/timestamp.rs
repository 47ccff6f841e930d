//! The four timestamp endpoints. Each one checks its parameters, calls the
//! engine once per input, and wraps the answer: no time logic lives here.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::http::AppState;
use crate::http::batch::Batch;
use crate::http::envelope::Success;
use crate::http::error::ApiError;
use crate::http::extract::RawParams;
use crate::http::params::{Inputs, Params, accepts};
use crate::time::{self, Input, Precision, TimeError};

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
pub async fn convert(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::CONVERT)?;
    let (inputs, reading, format) = (params.inputs()?, params.reading()?, params.format()?);
    let (options, now) = (reading.options(), state.clock.now());
    answer(inputs, |input| time::convert(input, &options, format.as_ref(), now))
}

/// `POST /api/timestamp/validate`: HTTP 200 whether or not the input is valid.
pub async fn validate(raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::VALIDATE)?;
    let (inputs, reading) = (params.inputs()?, params.reading()?);
    let options = reading.options();
    answer(inputs, |input| Ok(time::ops::validate(input, &options)))
}

/// `POST /api/timestamp/format`
pub async fn format(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::FORMAT)?;
    let (inputs, reading, format) = (params.inputs()?, params.reading()?, params.format()?);
    let (options, now) = (reading.options(), state.clock.now());
    answer(inputs, |input| time::format(input, &options, format.as_ref(), now))
}

/// One result for one input, a [`Batch`] for many.
fn answer<'a, T: Serialize>(
    inputs: Inputs<'a>,
    mut operation: impl FnMut(Input<'a>) -> Result<T, TimeError>,
) -> Result<Response, ApiError> {
    Ok(match inputs {
        Inputs::One(input) => Success(operation(input).map_err(ApiError::operation)?).into_response(),
        Inputs::Many(items) => Success(Batch::run(items, operation)).into_response(),
    })
}
