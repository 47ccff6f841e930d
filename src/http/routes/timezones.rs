//! The list of IANA time zones.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use tsconv_time::input::{ReadOptions, read};
use tsconv_time::transitions::Transitions;
use tsconv_time::zone::{self, Zone, ZoneList};
use utoipa::OpenApi;

use crate::http::{
    envelope::{Envelope, Success},
    error::ApiError,
    openapi::QueryErrors,
    params::{LookupParams, Params, TimezonesParams, TransitionsFeedParams, TransitionsParams, ZonePath, text_input},
    state::AppState,
};
use crate::places::{self, Lookup};

/// Every IANA zone of the bundled database, with its offset, abbreviation and DST flag.
#[utoipa::path(
    get,
    path = "/timezones",
    tag = "timezones",
    params(TimezonesParams),
    responses(
        (status = 200, description = "The zones, sorted by name, as they are at `at` (default now)", body = Envelope<ZoneList>),
        QueryErrors
    )
)]
pub async fn list(
    State(state): State<AppState>,
    Params(params): Params<TimezonesParams>,
) -> Result<Success<ZoneList>, ApiError> {
    let now = state.clock.now();
    let at = match params.at {
        None => now,
        Some(text) => {
            let input = text_input(&text, "at")?;
            let utc = Zone::utc();
            let options = ReadOptions::defaults(&utc, now);
            read(input, &options).map_err(ApiError::input("at"))?.instant
        }
    };
    Ok(Success(zone::list(at, params.q.as_deref())))
}

/// The zone of a place: a point (`lat`, `lon`), a country, a city (in a
/// country) or an IP address; every zone found, best first, as it is now.
#[utoipa::path(
    get,
    path = "/timezones/lookup",
    tag = "timezones",
    params(LookupParams),
    responses(
        (status = 200, description = "The zones of the place, best first", body = Envelope<Lookup>),
        (status = 404, description = "`place_not_found`: the IP database does not locate the address", body = Envelope<crate::http::error::ErrorData>),
        (status = 501, description = "`not_configured`: an IP lookup on a server started without `--geoip-db`", body = Envelope<crate::http::error::ErrorData>),
        QueryErrors
    )
)]
pub async fn lookup(
    State(state): State<AppState>,
    Params(params): Params<LookupParams>,
) -> Result<Success<Lookup>, ApiError> {
    let place = places::place_of(
        params.lat.as_deref(),
        params.lon.as_deref(),
        params.country.as_deref(),
        params.city.as_deref(),
        params.ip.as_deref(),
    )
    .map_err(ApiError::Place)?;
    let limit = places::limit(params.limit.as_deref()).map_err(ApiError::Place)?;
    places::lookup(&place, state.geoip, limit, state.clock.now()).map(Success).map_err(ApiError::Place)
}

/// A zone's transitions: when its clocks change, and which local times a
/// change skips or repeats.
///
/// The zone is written with its slashes (`/api/timezones/America/New_York/transitions`)
/// or percent-encoded (`America%2FNew_York`).
#[utoipa::path(
    get,
    path = "/timezones/{zone}/transitions",
    tag = "timezones",
    params(ZonePath, TransitionsParams),
    responses(
        (status = 200, description = "The transitions (sent with `Cache-Control: no-store` when `from` is now, or `from` or `to` counts from now)", body = Envelope<Transitions>),
        QueryErrors
    )
)]
///
/// Routed as `/timezones/{*rest}` (see `http::api`): the path after
/// `/timezones/` is the zone, then `/transitions`; anything else is a 404.
pub async fn transitions(
    State(state): State<AppState>,
    Path(rest): Path<String>,
    uri: axum::http::Uri,
    Params(params): Params<TransitionsParams>,
) -> Result<Response, ApiError> {
    // `.../transitions.ics` is the calendar feed of the next changes.
    if let Some(zone) = rest.strip_suffix("/transitions.ics").filter(|zone| !zone.is_empty()) {
        return transitions_feed(&state, zone, &params);
    }
    // `.../transitions.txt` asks for plain text: the context writes it.
    let rest = rest.strip_suffix(crate::http::text::SUFFIX).unwrap_or(&rest);
    let zone = match rest.strip_suffix("/transitions") {
        Some(zone) if !zone.is_empty() => zone,
        _ => return Err(ApiError::NotFound { path: uri.path().to_owned() }),
    };
    let (zone, query, from_now) = params.read(zone, state.clock.now())?;
    let answer = Success(tsconv_time::transitions::transitions(&zone, &query));
    Ok(if from_now { ([(header::CACHE_CONTROL, "no-store")], answer).into_response() } else { answer.into_response() })
}

/// A zone's next clock changes as an iCalendar feed (RFC 5545) a calendar app subscribes to.
///
/// Served by the same catch-all route as the transitions (see `http::api`).
#[utoipa::path(
    get,
    path = "/timezones/{zone}/transitions.ics",
    tag = "timezones",
    params(ZonePath, TransitionsFeedParams),
    responses(
        (status = 200, description = "The next `count` clock changes after now, one event each; `Cache-Control: max-age` is the time until the first (at most a day)", content_type = "text/calendar", body = String),
        QueryErrors
    )
)]
pub fn transitions_feed(state: &AppState, zone: &str, params: &TransitionsParams) -> Result<Response, ApiError> {
    if params.from.is_some() || params.to.is_some() || params.direction.is_some() {
        return Err(ApiError::BadRequest {
            message: "a feed lists the changes after now: from, to and direction are not read here (the transitions \
                      route takes them)"
                .to_owned(),
        });
    }
    let now = state.clock.now();
    let (zone, query, _) = params.read(zone, now)?;
    let feed = tsconv_time::transitions::feed(&zone, query.count, now);
    Ok(crate::http::routes::schedule::calendar(feed, now))
}

/// The feed's description, which the router adds to the document under
/// each prefix (the catch-all route serves it).
#[derive(OpenApi)]
#[openapi(paths(transitions_feed))]
pub struct TransitionsFeedDoc;
