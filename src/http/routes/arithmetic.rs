//! Time arithmetic: add, round and diff. Each handler
//! checks its parameters, calls the engine once per input (or pair), and
//! wraps the answer; GET reads the query string, POST a JSON or form body.

use axum::extract::State;
use tsconv_time::arithmetic::Difference;
use tsconv_time::ops::{Addition, Rounding};

use super::timestamp::{Answer, answer, batch_turn};
use crate::http::{
    batch::OneOrBatch,
    envelope::Envelope,
    error::ApiError,
    openapi::{BodyErrors, QueryErrors},
    params::{AddForm, AddParams, Addend, Asked, DiffForm, DiffParams, Params, RoundForm, RoundParams},
    state::AppState,
};
use tsconv_time::input::FromNow;

/// An instant (or a batch) plus or minus a duration.
#[utoipa::path(
    get,
    path = "/timestamp/add",
    tag = "arithmetic",
    params(AddParams),
    responses(
        (status = 200, description = "The result in every representation, with `from` and the normalised `duration`; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Addition>>),
        QueryErrors
    )
)]
pub async fn add_query(state: State<AppState>, params: Params<AddParams>) -> Answer<Addition> {
    add(state, params).await
}

/// An instant (or a batch) plus or minus a duration.
#[utoipa::path(
    post,
    path = "/timestamp/add",
    tag = "arithmetic",
    request_body(content(
        (AddParams = "application/json", example = json!({"timestamp": "2024-01-31T12:00:00Z", "duration": "P1M", "timezone": "America/New_York"})),
        (AddForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The result in every representation, with `from` and the normalised `duration`; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Addition>>),
        BodyErrors
    )
)]
pub async fn add_body(state: State<AppState>, params: Params<AddParams>) -> Answer<Addition> {
    add(state, params).await
}

async fn add(State(state): State<AppState>, Params(params): Params<AddParams>) -> Answer<Addition> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading, Addend { duration, overflow }, Asked { format, fields }) =
        params.read(&state.default_zone)?;
    let now = state.clock.now();
    let from_now = FromNow::default();
    let options = reading.options(now).noting(&from_now);
    let operation = |input| {
        tsconv_time::ops::add(input, &options, duration, overflow, format.as_ref(), now, fields)
            .map_err(ApiError::failed)
    };
    answer(inputs, &from_now, operation).await
}

/// An instant (or a batch) rounded to a unit, or to the start or end of its day, week, month, quarter or year.
#[utoipa::path(
    get,
    path = "/timestamp/round",
    tag = "arithmetic",
    params(RoundParams),
    responses(
        (status = 200, description = "The rounded instant in every representation, with `from`, and `period` for a day or larger; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Rounding>>),
        QueryErrors
    )
)]
pub async fn round_query(state: State<AppState>, params: Params<RoundParams>) -> Answer<Rounding> {
    round(state, params).await
}

/// An instant (or a batch) rounded to a unit, or to the start or end of its day, week, month, quarter or year.
#[utoipa::path(
    post,
    path = "/timestamp/round",
    tag = "arithmetic",
    request_body(content(
        (RoundParams = "application/json", example = json!({"timestamp": "2024-03-10T15:30:00Z", "unit": "day", "timezone": "America/New_York"})),
        (RoundForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The rounded instant in every representation, with `from`, and `period` for a day or larger; with `timestamps`, one result or error per item", body = Envelope<OneOrBatch<Rounding>>),
        BodyErrors
    )
)]
pub async fn round_body(state: State<AppState>, params: Params<RoundParams>) -> Answer<Rounding> {
    round(state, params).await
}

async fn round(State(state): State<AppState>, Params(params): Params<RoundParams>) -> Answer<Rounding> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading, to, Asked { format, fields }) = params.read(&state.default_zone)?;
    let now = state.clock.now();
    let from_now = FromNow::default();
    let options = reading.options(now).noting(&from_now);
    let operation =
        |input| tsconv_time::ops::round(input, &options, &to, format.as_ref(), now, fields).map_err(ApiError::failed);
    answer(inputs, &from_now, operation).await
}

/// The duration between two instants (or each of a batch of pairs).
#[utoipa::path(
    get,
    path = "/timestamp/diff",
    tag = "arithmetic",
    params(DiffParams),
    responses(
        (status = 200, description = "The duration, its parts, its totals in each unit and in words; with `pairs`, one result or error per pair", body = Envelope<OneOrBatch<Difference>>),
        QueryErrors
    )
)]
pub async fn diff_query(state: State<AppState>, params: Params<DiffParams>) -> Answer<Difference> {
    diff(state, params).await
}

/// The duration between two instants (or each of a batch of pairs).
#[utoipa::path(
    post,
    path = "/timestamp/diff",
    tag = "arithmetic",
    request_body(content(
        (DiffParams = "application/json", example = json!({"from": "2023-01-01T00:00:00Z", "to": "2024-03-04T12:00:00Z"})),
        (DiffForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The duration, its parts, its totals in each unit and in words; with `pairs`, one result or error per pair", body = Envelope<OneOrBatch<Difference>>),
        BodyErrors
    )
)]
pub async fn diff_body(state: State<AppState>, params: Params<DiffParams>) -> Answer<Difference> {
    diff(state, params).await
}

async fn diff(State(state): State<AppState>, Params(params): Params<DiffParams>) -> Answer<Difference> {
    let _turn = batch_turn(&state, params.is_batch()).await;
    let (inputs, reading, settings) = params.read(&state.default_zone)?;
    let from_now = FromNow::default();
    let options = reading.options(state.clock.now()).noting(&from_now);
    let operation = |(from, to)| tsconv_time::ops::diff(from, to, &options, &settings).map_err(ApiError::failed);
    answer(inputs, &from_now, operation).await
}
