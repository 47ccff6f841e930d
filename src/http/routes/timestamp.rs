//! The four timestamp endpoints. Each one checks its parameters, calls the
//! engine once per input, and wraps the answer: no time logic lives here.
//!
//! Convert, validate and format have a GET entry point (query string) and a
//! POST one (JSON or form body, plus the query string); both run the same
//! function and are documented separately.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::http::AppState;
use crate::http::batch::Batch;
use crate::http::envelope::{Envelope, Success};
use crate::http::error::ApiError;
use crate::http::extract::RawParams;
use crate::http::openapi::{
    BodyErrors, CurrentQuery, OneOrBatch, QueryErrors, TimestampBody, TimestampForm, TimestampQuery, ValidateBody,
    ValidateForm, ValidateQuery,
};
use crate::http::params::{Inputs, Params, accepts};
use crate::time::{self, Formatted, Input, Precision, Report, TimeError, Validation};

/// Now, in every representation.
#[utoipa::path(
    get,
    path = "/timestamp/current",
    tag = "timestamp",
    params(CurrentQuery),
    responses(
        (status = 200, description = "The server's clock now (sent with `Cache-Control: no-store`)", body = Envelope<Report>),
        QueryErrors
    )
)]
pub async fn current(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::CURRENT)?;
    let zone = params.zone()?;
    let precision = params.precision()?.unwrap_or(Precision::Seconds);
    let mut response = Success(time::current(state.clock.now(), &zone, precision)).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// One instant (or a batch) in every representation.
#[utoipa::path(
    get,
    path = "/timestamp/convert",
    tag = "timestamp",
    params(TimestampQuery),
    responses(
        (status = 200, description = "The instant in every representation; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Report>>),
        QueryErrors
    )
)]
pub async fn convert_query(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    convert(state, raw).await
}

/// One instant (or a batch) in every representation.
#[utoipa::path(
    post,
    path = "/timestamp/convert",
    tag = "timestamp",
    request_body(content(
        (TimestampBody = "application/json", example = json!({"timestamp": 1700000000, "timezone": "America/New_York"})),
        (TimestampForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The instant in every representation; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Report>>),
        BodyErrors
    )
)]
pub async fn convert_body(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    convert(state, raw).await
}

async fn convert(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::CONVERT)?;
    let _turn = batch_turn(&state, &params).await;
    let (inputs, reading, format) = (params.inputs()?, params.reading()?, params.format()?);
    let now = state.clock.now();
    let options = reading.options(now);
    answer(inputs, |input| time::convert(input, &options, format.as_ref(), now)).await
}

/// Is this a valid timestamp, of which kind: HTTP 200 either way.
#[utoipa::path(
    get,
    path = "/timestamp/validate",
    tag = "timestamp",
    params(ValidateQuery),
    responses(
        (status = 200, description = "The validation report (`valid` false with the reason when invalid)", body = Envelope<OneOrBatch<Validation>>),
        QueryErrors
    )
)]
pub async fn validate_query(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    validate(state, raw).await
}

/// Is this a valid timestamp, of which kind: HTTP 200 either way.
#[utoipa::path(
    post,
    path = "/timestamp/validate",
    tag = "timestamp",
    request_body(content(
        (ValidateBody = "application/json", example = json!({"timestamp": "2023-02-30"})),
        (ValidateForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The validation report (`valid` false with the reason when invalid)", body = Envelope<OneOrBatch<Validation>>),
        BodyErrors
    )
)]
pub async fn validate_body(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    validate(state, raw).await
}

async fn validate(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::VALIDATE)?;
    let _turn = batch_turn(&state, &params).await;
    let (inputs, reading) = (params.inputs()?, params.reading()?);
    let options = reading.options(state.clock.now());
    answer(inputs, |input| Ok(time::ops::validate(input, &options))).await
}

/// One format, or every preset (with the nine Discord codes).
#[utoipa::path(
    get,
    path = "/timestamp/format",
    tag = "timestamp",
    params(TimestampQuery),
    responses(
        (status = 200, description = "`formatted` for one format, or `formats` with every preset", body = Envelope<OneOrBatch<Formatted>>),
        QueryErrors
    )
)]
pub async fn format_query(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    format(state, raw).await
}

/// One format, or every preset (with the nine Discord codes).
#[utoipa::path(
    post,
    path = "/timestamp/format",
    tag = "timestamp",
    request_body(content(
        (TimestampBody = "application/json", example = json!({"timestamp": 1700000000, "timezone": "America/New_York", "format": "discord", "style": "R"})),
        (TimestampForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "`formatted` for one format, or `formats` with every preset", body = Envelope<OneOrBatch<Formatted>>),
        BodyErrors
    )
)]
pub async fn format_body(state: State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    format(state, raw).await
}

async fn format(State(state): State<AppState>, raw: RawParams) -> Result<Response, ApiError> {
    let params = Params::check(raw, accepts::FORMAT)?;
    let _turn = batch_turn(&state, &params).await;
    let (inputs, reading, format) = (params.inputs()?, params.reading()?, params.format()?);
    let now = state.clock.now();
    let options = reading.options(now);
    answer(inputs, |input| time::format(input, &options, format.as_ref(), now)).await
}

/// A turn to compute a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]),
/// taken before its items are read, held until its answer is encoded;
/// `None` for one input. The semaphore is never closed (were it, the batch
/// would run without a turn).
async fn batch_turn<'s>(state: &'s AppState, params: &Params) -> Option<tokio::sync::SemaphorePermit<'s>> {
    if params.is_batch() { state.batches.acquire().await.ok() } else { None }
}

/// One result for one input, a [`Batch`] for many.
async fn answer<'a, T: Serialize>(
    inputs: Inputs<'a>,
    mut operation: impl FnMut(Input<'a>) -> Result<T, TimeError>,
) -> Result<Response, ApiError> {
    Ok(match inputs {
        Inputs::One(input) => Success(operation(input).map_err(ApiError::operation)?).into_response(),
        Inputs::Many(items) => Success(Batch::run(items, operation).await).into_response(),
    })
}
