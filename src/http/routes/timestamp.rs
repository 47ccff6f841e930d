//! The four timestamp endpoints. Each one checks its parameters, calls the
//! engine once per input, and wraps the answer: no time logic lives here.
//!
//! Convert, validate and format have a GET entry point (query string) and a
//! POST one (JSON or form body, plus the query string); both run the same
//! function and are documented separately.

use axum::extract::State;
use axum::http::{HeaderName, header};
use axum::response::AppendHeaders;

use crate::http::{
    batch::{Batch, OneOrBatch},
    envelope::{Envelope, Success},
    error::ApiError,
    openapi::{BodyErrors, QueryErrors},
};

use crate::http::params::{
    Asked, CurrentParams, ExtractForm, ExtractParams, Inputs, Params, TimestampForm, TimestampParams, ValidateForm,
    ValidateParams,
};
use crate::http::state::AppState;
use tsconv_time::extract::Extraction;
use tsconv_time::fields::Field;
use tsconv_time::input::{FromNow, ReadOptions};
use tsconv_time::ops::Formatted;
use tsconv_time::ops::Report;
use tsconv_time::validate::Validation;

/// The answer of convert, validate and format: one result, or a batch,
/// with `Cache-Control: no-store` when an input is date math from `now`.
pub(super) type Answer<T> =
    Result<(AppendHeaders<Option<(HeaderName, &'static str)>>, Success<OneOrBatch<T>>), ApiError>;

/// Now, in every representation.
#[utoipa::path(
    get,
    path = "/timestamp/current",
    tag = "timestamp",
    params(CurrentParams),
    responses(
        (status = 200, description = "The server's clock now (sent with `Cache-Control: no-store`)", body = Envelope<Report>),
        QueryErrors
    )
)]
pub async fn current(
    State(state): State<AppState>,
    Params(params): Params<CurrentParams>,
) -> Result<([(header::HeaderName, &'static str); 1], Success<Report>), ApiError> {
    let (zone, precision, language, fields) = params.read(&state.default_zone)?;
    let report = tsconv_time::ops::current(state.clock.now(), &zone, precision, &language, fields);
    Ok(([(header::CACHE_CONTROL, "no-store")], Success(report)))
}

/// One instant (or a batch) in every representation.
#[utoipa::path(
    get,
    path = "/timestamp/convert",
    tag = "timestamp",
    params(TimestampParams),
    responses(
        (status = 200, description = "The instant in every representation; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Report>>),
        QueryErrors
    )
)]
pub async fn convert_query(state: State<AppState>, params: Params<TimestampParams>) -> Answer<Report> {
    convert(state, params).await
}

/// One instant (or a batch) in every representation.
#[utoipa::path(
    post,
    path = "/timestamp/convert",
    tag = "timestamp",
    request_body(content(
        (TimestampParams = "application/json", example = json!({"timestamp": 1700000000, "timezone": "America/New_York"})),
        (TimestampForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The instant in every representation; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Report>>),
        BodyErrors
    )
)]
pub async fn convert_body(state: State<AppState>, params: Params<TimestampParams>) -> Answer<Report> {
    convert(state, params).await
}

async fn convert(State(state): State<AppState>, Params(params): Params<TimestampParams>) -> Answer<Report> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading, Asked { format, fields }) = params.read(&state.default_zone, Field::REPORT)?;
    let now = state.clock.now();
    let from_now = FromNow::default();
    let options = reading.options(now).noting(&from_now);
    let operation = |input| {
        tsconv_time::ops::convert(input, &options, format.as_ref(), now, fields).map_err(ApiError::input("timestamp"))
    };
    answer(inputs, &from_now, operation).await
}

/// Is this a valid timestamp, of which kind: HTTP 200 either way.
#[utoipa::path(
    get,
    path = "/timestamp/validate",
    tag = "timestamp",
    params(ValidateParams),
    responses(
        (status = 200, description = "The validation report (`valid` false with the reason when invalid)", body = Envelope<OneOrBatch<Validation>>),
        QueryErrors
    )
)]
pub async fn validate_query(state: State<AppState>, params: Params<ValidateParams>) -> Answer<Validation> {
    validate(state, params).await
}

/// Is this a valid timestamp, of which kind: HTTP 200 either way.
#[utoipa::path(
    post,
    path = "/timestamp/validate",
    tag = "timestamp",
    request_body(content(
        (ValidateParams = "application/json", example = json!({"timestamp": "2023-02-30"})),
        (ValidateForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The validation report (`valid` false with the reason when invalid)", body = Envelope<OneOrBatch<Validation>>),
        BodyErrors
    )
)]
pub async fn validate_body(state: State<AppState>, params: Params<ValidateParams>) -> Answer<Validation> {
    validate(state, params).await
}

async fn validate(State(state): State<AppState>, Params(params): Params<ValidateParams>) -> Answer<Validation> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading) = params.read(&state.default_zone)?;
    let from_now = FromNow::default();
    let options = reading.options(state.clock.now()).noting(&from_now);
    answer(inputs, &from_now, |input| Ok(tsconv_time::ops::validate(input, &options))).await
}

/// One format, or every preset (with the nine Discord codes).
#[utoipa::path(
    get,
    path = "/timestamp/format",
    tag = "timestamp",
    params(TimestampParams),
    responses(
        (status = 200, description = "`formatted` for one format, or `formats` with every preset", body = Envelope<OneOrBatch<Formatted>>),
        QueryErrors
    )
)]
pub async fn format_query(state: State<AppState>, params: Params<TimestampParams>) -> Answer<Formatted> {
    format(state, params).await
}

/// One format, or every preset (with the nine Discord codes).
#[utoipa::path(
    post,
    path = "/timestamp/format",
    tag = "timestamp",
    request_body(content(
        (TimestampParams = "application/json", example = json!({"timestamp": 1700000000, "timezone": "America/New_York", "format": "discord", "style": "R"})),
        (TimestampForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "`formatted` for one format, or `formats` with every preset", body = Envelope<OneOrBatch<Formatted>>),
        BodyErrors
    )
)]
pub async fn format_body(state: State<AppState>, params: Params<TimestampParams>) -> Answer<Formatted> {
    format(state, params).await
}

async fn format(State(state): State<AppState>, Params(params): Params<TimestampParams>) -> Answer<Formatted> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading, Asked { format, fields }) = params.read(&state.default_zone, Field::FORMATTED)?;
    let now = state.clock.now();
    let from_now = FromNow::default();
    let options = reading.options(now).noting(&from_now);
    let operation = |input| {
        tsconv_time::ops::format(input, &options, format.as_ref(), now, fields).map_err(ApiError::input("timestamp"))
    };
    answer(inputs, &from_now, operation).await
}

/// A turn to compute a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]),
/// taken before its items are read, held until its answer is encoded;
/// `None` for one input. The semaphore is never closed (were it, the batch
/// would run without a turn).
pub(super) async fn batch_turn(state: &AppState, is_batch: bool) -> Option<tokio::sync::SemaphorePermit<'_>> {
    if is_batch { state.batches.acquire().await.ok() } else { None }
}

/// One result for one input, a [`Batch`] for many; sent with
/// `Cache-Control: no-store` when a reading counted from the clock (noted
/// in `from_now` by the options the operation reads with).
pub(super) async fn answer<I, T>(
    inputs: Inputs<I>,
    from_now: &FromNow,
    mut operation: impl FnMut(I) -> Result<T, ApiError>,
) -> Answer<T> {
    let answer = Success(match inputs {
        Inputs::One(input) => OneOrBatch::One(operation(input)?),
        Inputs::Many(items) => OneOrBatch::Batch(Batch::run(items, operation).await),
    });
    let no_store = from_now.seen().then_some((header::CACHE_CONTROL, "no-store"));
    Ok((AppendHeaders(no_store), answer))
}

/// The dates in a text.
type Extracted = Result<(AppendHeaders<Option<(HeaderName, &'static str)>>, Success<Extraction>), ApiError>;

/// Every date, time and relative phrase in a text, with its span and Discord code.
#[utoipa::path(
    get,
    path = "/timestamp/extract",
    tag = "timestamp",
    params(ExtractParams),
    responses(
        (status = 200, description = "The dates found, in order (none is an empty list); with `Cache-Control: no-store` when one counted from now", body = Envelope<Extraction>),
        QueryErrors
    )
)]
pub async fn extract_query(state: State<AppState>, params: Params<ExtractParams>) -> Extracted {
    extract(state, params).await
}

/// Every date, time and relative phrase in a text, with its span and Discord code.
#[utoipa::path(
    post,
    path = "/timestamp/extract",
    tag = "timestamp",
    request_body(content(
        (ExtractParams = "application/json", example = json!({"text": "let's meet tomorrow at 8pm EST", "timezone": "Europe/Berlin"})),
        (ExtractForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The dates found, in order (none is an empty list); with `Cache-Control: no-store` when one counted from now", body = Envelope<Extraction>),
        BodyErrors
    )
)]
pub async fn extract_body(state: State<AppState>, params: Params<ExtractParams>) -> Extracted {
    extract(state, params).await
}

async fn extract(State(state): State<AppState>, Params(params): Params<ExtractParams>) -> Extracted {
    let (text, zone, language) = params.read(&state.default_zone)?;
    let from_now = FromNow::default();
    let options = ReadOptions { language: &language, ..ReadOptions::defaults(&zone, state.clock.now()) };
    let options = options.noting(&from_now);
    let extraction = tsconv_time::extract::extract(text, &options).map_err(ApiError::input("text"))?;
    let no_store = from_now.seen().then_some((header::CACHE_CONTROL, "no-store"));
    Ok((AppendHeaders(no_store), Success(extraction)))
}
