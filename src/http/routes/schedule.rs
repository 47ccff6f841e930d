//! Schedules: the runs of a cron expression, a systemd calendar event or
//! an RRULE, and the same runs as a calendar feed.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use tsconv_time::schedule::{self, ScheduleAnswer, Zones};

use crate::http::{
    envelope::{Envelope, Success},
    error::ApiError,
    openapi::{BodyErrors, QueryErrors},
    params::{Params, ScheduleFeedParams, ScheduleParams},
    state::AppState,
};

/// The next (or previous) runs of a schedule in a zone, with what its clock changes do to them.
#[utoipa::path(
    get,
    path = "/schedule",
    tag = "schedules",
    params(ScheduleParams),
    responses(
        (status = 200, description = "The runs, the notation read, the schedule in words and the zone's next clock change (sent with `Cache-Control: no-store` when `from` is now or counts from now)", body = Envelope<ScheduleAnswer>),
        QueryErrors
    )
)]
pub async fn runs_query(state: State<AppState>, params: Params<ScheduleParams>) -> Result<Response, ApiError> {
    runs(state, params)
}

/// The next (or previous) runs of a schedule in a zone, with what its clock changes do to them.
#[utoipa::path(
    post,
    path = "/schedule",
    tag = "schedules",
    request_body(content(
        (ScheduleParams = "application/json", example = json!({"schedule": "30 2 * * *", "timezone": "Europe/Berlin", "from": "2027-03-27T12:00:00Z", "count": 3})),
        (crate::http::params::ScheduleForm = "application/x-www-form-urlencoded")
    )),
    responses(
        (status = 200, description = "The runs, the notation read, the schedule in words and the zone's next clock change", body = Envelope<ScheduleAnswer>),
        BodyErrors
    )
)]
pub async fn runs_body(state: State<AppState>, params: Params<ScheduleParams>) -> Result<Response, ApiError> {
    runs(state, params)
}

fn runs(State(state): State<AppState>, Params(params): Params<ScheduleParams>) -> Result<Response, ApiError> {
    let request = params.read(&state.default_zone, state.clock.now())?;
    let zones = Zones { timezone: request.timezone.as_ref(), default: &state.default_zone };
    let answer = schedule::answer(
        &request.schedule,
        &zones,
        &request.query,
        request.precision,
        &request.language,
        request.fields,
    )
    .map_err(ApiError::time)?;
    let answer = Success(answer);
    Ok(if request.counts_from_now {
        ([(header::CACHE_CONTROL, "no-store")], answer).into_response()
    } else {
        answer.into_response()
    })
}

/// The media type of a feed.
const CALENDAR: &str = "text/calendar; charset=utf-8";

/// The next runs of a schedule as an iCalendar feed (RFC 5545) a calendar app subscribes to.
#[utoipa::path(
    get,
    path = "/schedule.ics",
    tag = "schedules",
    params(ScheduleFeedParams),
    responses(
        (status = 200, description = "The next `count` runs after now, one event each; `Cache-Control: max-age` is the time until the first of them, when the feed changes", content_type = "text/calendar", body = String),
        QueryErrors
    )
)]
pub async fn feed(
    State(state): State<AppState>,
    Params(params): Params<ScheduleFeedParams>,
) -> Result<Response, ApiError> {
    let now = state.clock.now();
    let request = params.read(&state.default_zone, now)?;
    let zones = Zones { timezone: request.timezone.as_ref(), default: &state.default_zone };
    let feed = schedule::feed(&request.schedule, &zones, request.query.count, now, &request.language)
        .map_err(ApiError::time)?;
    Ok(calendar(feed, now))
}

/// A feed's answer, cached until it next changes.
pub fn calendar(feed: tsconv_time::ics::Feed, now: jiff::Timestamp) -> Response {
    let seconds = feed.changes_at.map_or(86_400, |at| (at.as_second() - now.as_second()).clamp(1, 86_400));
    let cache =
        HeaderValue::from_str(&format!("public, max-age={seconds}")).unwrap_or(HeaderValue::from_static("no-store"));
    ([(header::CONTENT_TYPE, HeaderValue::from_static(CALENDAR)), (header::CACHE_CONTROL, cache)], feed.text)
        .into_response()
}
