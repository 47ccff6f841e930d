//! worldtimeapi.org's and timeapi.io's routes, served beside the API with
//! their own answers and errors (no envelope): a device written for either
//! changes the host and nothing else. The answers are computed in
//! [`crate::compat`]; this file reads the requests and writes the bodies.

use std::net::IpAddr;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tsconv_time::zone::Zone;

use crate::compat::timeapi::{
    self, ConversionRequest, CurrentCalculationRequest, CustomCalculationRequest, DstAmbiguity,
};
use crate::compat::worldtimeapi::{self, WorldTime, WorldTimeError};
use crate::http::access::layer::client_ip;
use crate::http::state::AppState;
use crate::places::{self, Place, PlaceError};

const JSON: &str = "application/json; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

fn body(status: StatusCode, content_type: &'static str, bytes: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// A compact JSON body, as both services write theirs.
fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_vec(value) {
        Ok(bytes) => body(status, JSON, bytes),
        Err(_) => body(StatusCode::INTERNAL_SERVER_ERROR, TEXT, b"internal error".to_vec()),
    }
}

// ---------------------------------------------------------------- worldtimeapi

/// A worldtimeapi answer, as JSON or (`.txt`) text.
enum World {
    Time(Box<WorldTime>),
    List(Vec<&'static str>),
    Error(StatusCode, String),
}

impl World {
    fn respond(self, text: bool) -> Response {
        match (self, text) {
            (World::Time(time), false) => json(StatusCode::OK, &time),
            (World::Time(time), true) => body(StatusCode::OK, TEXT, worldtimeapi::text(&time).into_bytes()),
            (World::List(zones), false) => json(StatusCode::OK, &zones),
            (World::List(zones), true) => body(StatusCode::OK, TEXT, zones.join("\n").into_bytes()),
            (World::Error(status, error), false) => json(status, &WorldTimeError { error }),
            (World::Error(status, error), true) => body(status, TEXT, format!("Error: {error}").into_bytes()),
        }
    }
}

/// `name.txt` -> (`name`, true).
fn text_suffix(name: &str) -> (&str, bool) {
    match name.strip_suffix(".txt") {
        Some(stem) => (stem, true),
        None => (name, false),
    }
}

fn unknown_location() -> World {
    World::Error(StatusCode::NOT_FOUND, "unknown location".to_owned())
}

/// The client's address as worldtimeapi's `client_ip` states it.
fn client_text(request: &Request, state: &AppState) -> String {
    client_ip(request, state.trust_proxy).map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
}

/// Every zone worldtimeapi lists, as a JSON array (or `.txt`, one per line).
#[utoipa::path(
    get,
    path = "/api/timezone",
    tag = "worldtimeapi",
    responses((status = 200, description = "Every zone name, sorted (`/api/timezone.txt`: one per line)", body = Vec<String>))
)]
pub async fn world_list() -> Response {
    World::List(worldtimeapi::zone_names().collect()).respond(false)
}

pub async fn world_list_text() -> Response {
    World::List(worldtimeapi::zone_names().collect()).respond(true)
}

/// A zone's time when `area` is a zone (`EST`, `UTC`), else the zones of
/// the area (`Europe`). The all-lowercase spellings of timeapi.io's
/// `/api/timezone/zone`, `/coordinate`, `/ip` and `/availabletimezones`
/// share this path and are answered as timeapi.io's (no zone area has
/// those names).
#[utoipa::path(
    get,
    path = "/api/timezone/{area}",
    tag = "worldtimeapi",
    params(("area" = String, Path, description = "An area (`Europe`), or a zone without a slash (`EST`); `.txt` for text", example = "Europe")),
    responses(
        (status = 200, description = "The zones of the area, or the zone's time", body = AreaAnswer),
        (status = 404, description = "`{\"error\":\"unknown location\"}`", body = WorldTimeError)
    )
)]
pub async fn world_area(State(state): State<AppState>, Path(area): Path<String>, request: Request) -> Response {
    if let Some(route) = timeapi_zone_route(&area) {
        return timeapi_zone(&state, route, &request);
    }
    world_zone(&state, &area, &request)
}

/// A zone's time.
#[utoipa::path(
    get,
    path = "/api/timezone/{area}/{location}",
    tag = "worldtimeapi",
    params(
        ("area" = String, Path, example = "Europe"),
        ("location" = String, Path, description = "`.txt` at its end for the text form", example = "London"),
    ),
    responses(
        (status = 200, description = "The zone's time now (`.txt`: `key: value` lines)", body = WorldTime),
        (status = 404, description = "`{\"error\":\"unknown location\"}`", body = WorldTimeError)
    )
)]
pub async fn world_location(
    State(state): State<AppState>,
    Path((area, location)): Path<(String, String)>,
    request: Request,
) -> Response {
    world_zone(&state, &format!("{area}/{location}"), &request)
}

/// A zone's time, for zones of three parts (`America/Argentina/Salta`).
#[utoipa::path(
    get,
    path = "/api/timezone/{area}/{location}/{region}",
    tag = "worldtimeapi",
    params(
        ("area" = String, Path, example = "America"),
        ("location" = String, Path, example = "Argentina"),
        ("region" = String, Path, description = "`.txt` at its end for the text form", example = "Salta"),
    ),
    responses(
        (status = 200, description = "The zone's time now", body = WorldTime),
        (status = 404, description = "`{\"error\":\"unknown location\"}`", body = WorldTimeError)
    )
)]
pub async fn world_region(
    State(state): State<AppState>,
    Path((area, location, region)): Path<(String, String, String)>,
    request: Request,
) -> Response {
    world_zone(&state, &format!("{area}/{location}/{region}"), &request)
}

fn world_zone(state: &AppState, path: &str, request: &Request) -> Response {
    let (path, text) = text_suffix(path);
    let answer = match worldtimeapi::path(path) {
        Some(worldtimeapi::Path::Zone(zone)) => {
            World::Time(Box::new(worldtimeapi::time_in(&zone, state.clock.now(), &client_text(request, state))))
        }
        Some(worldtimeapi::Path::Area(zones)) => World::List(zones),
        None => unknown_location(),
    };
    answer.respond(text)
}

/// The time where the caller is: the zone of the client's address.
#[utoipa::path(
    get,
    path = "/api/ip",
    tag = "worldtimeapi",
    responses(
        (status = 200, description = "The time in the zone of the caller's address (`/api/ip.txt`: text); an address of a private network is in the server's `--default-timezone`", body = WorldTime),
        (status = 404, description = "The address is not located", body = WorldTimeError),
        (status = 501, description = "A public address, and the server has no `--geoip-db`", body = WorldTimeError)
    )
)]
pub async fn world_client(State(state): State<AppState>, request: Request) -> Response {
    world_ip(&state, client_ip(&request, state.trust_proxy), &request, false)
}

pub async fn world_client_text(State(state): State<AppState>, request: Request) -> Response {
    world_ip(&state, client_ip(&request, state.trust_proxy), &request, true)
}

/// The time in the zone of an address.
#[utoipa::path(
    get,
    path = "/api/ip/{address}",
    tag = "worldtimeapi",
    params(("address" = String, Path, description = "An IPv4 or IPv6 address; `.txt` at its end for the text form", example = "81.2.69.160")),
    responses(
        (status = 200, description = "The time in the zone of the address", body = WorldTime),
        (status = 404, description = "`malformed ip`, or the address is not located", body = WorldTimeError),
        (status = 501, description = "A public address, and the server has no `--geoip-db`", body = WorldTimeError)
    )
)]
pub async fn world_address(State(state): State<AppState>, Path(address): Path<String>, request: Request) -> Response {
    let (address, text) = text_suffix(&address);
    match address.parse::<IpAddr>() {
        Ok(ip) => world_ip(&state, Some(ip), &request, text),
        Err(_) => World::Error(StatusCode::NOT_FOUND, "malformed ip".to_owned()).respond(text),
    }
}

fn world_ip(state: &AppState, ip: Option<IpAddr>, request: &Request, text: bool) -> Response {
    let answer = match ip.map(|ip| places::zone_of_address(ip, state.geoip, &state.default_zone, state.clock.now())) {
        None => unknown_location(),
        Some(Ok(zone)) => {
            World::Time(Box::new(worldtimeapi::time_in(&zone, state.clock.now(), &client_text(request, state))))
        }
        Some(Err(PlaceError::NoIpDatabase)) => {
            World::Error(StatusCode::NOT_IMPLEMENTED, PlaceError::NoIpDatabase.to_string())
        }
        Some(Err(_)) => unknown_location(),
    };
    answer.respond(text)
}

// ------------------------------------------------------------------ timeapi.io

/// A refusal, as timeapi.io sends one: the reason as text.
struct Refusal {
    status: StatusCode,
    reason: String,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        body(self.status, TEXT, self.reason.into_bytes())
    }
}

/// A 400 with the reason.
fn refused(reason: impl Into<String>) -> Refusal {
    Refusal { status: StatusCode::BAD_REQUEST, reason: reason.into() }
}

/// What `/api/timezone/{area}` answers: the area's zones, or the zone's time.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // the document's description of two answers
pub enum AreaAnswer {
    Zones(Vec<String>),
    Time(WorldTime),
}

/// A JSON body, as ASP.NET binds one: 415 without a JSON content type,
/// 400 with the reason when it is not the object the route takes.
fn read_json<T: DeserializeOwned>(headers: &HeaderMap, body: &Bytes) -> Result<T, Refusal> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(str::trim)
        .is_some_and(|kind| {
            kind.eq_ignore_ascii_case("application/json") || kind.to_ascii_lowercase().ends_with("+json")
        });
    if !json {
        return Err(Refusal {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            reason: "send the body as JSON, with Content-Type: application/json".to_owned(),
        });
    }
    serde_json::from_slice(body)
        .map_err(|error| refused(format!("the body is not the JSON object this route takes: {error}")))
}

/// A query parameter, by name in any case (ASP.NET binds them so).
fn query_value(request: &Request, name: &str) -> Option<String> {
    let query = request.uri().query()?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.into_owned())
}

fn zone_param(request: &Request) -> Result<Zone, Refusal> {
    let name =
        query_value(request, "timeZone").ok_or_else(|| refused("timeZone is required, e.g. Europe/Amsterdam"))?;
    zone_named(&name, "timeZone")
}

fn zone_named(name: &str, param: &str) -> Result<Zone, Refusal> {
    match worldtimeapi::path(name.trim()) {
        Some(worldtimeapi::Path::Zone(zone)) => Ok(zone),
        _ => Err(refused(format!("Invalid {param}: {name:?} is not an IANA time zone"))),
    }
}

/// The zone of `latitude` and `longitude`.
fn zone_at_coordinates(state: &AppState, request: &Request) -> Result<Zone, Refusal> {
    let latitude = query_value(request, "latitude");
    let longitude = query_value(request, "longitude");
    let place = places::place_of(latitude.as_deref(), longitude.as_deref(), None, None, None)
        .map_err(|error| refused(error.to_string().replace("lat ", "latitude ").replace("lon ", "longitude ")))?;
    zone_of_place(state, &place)
}

fn zone_of_ip(state: &AppState, request: &Request) -> Result<Zone, Refusal> {
    let address = query_value(request, "ipAddress").ok_or_else(|| refused("ipAddress is required"))?;
    let ip: IpAddr = address.trim().parse().map_err(|_| refused(format!("Invalid ipAddress: {address:?}")))?;
    places::zone_of_address(ip, state.geoip, &state.default_zone, state.clock.now()).map_err(|error| Refusal {
        status: match error {
            PlaceError::NoIpDatabase => StatusCode::NOT_IMPLEMENTED,
            _ => StatusCode::NOT_FOUND,
        },
        reason: error.to_string(),
    })
}

fn zone_of_place(state: &AppState, place: &Place) -> Result<Zone, Refusal> {
    let found = places::lookup(place, state.geoip, 1, state.clock.now()).map_err(|error| refused(error.to_string()))?;
    Zone::parse_without_suggestions(&found.timezone).map_err(|_| refused("no zone for this place"))
}

fn either(result: Result<Response, Refusal>) -> Response {
    result.unwrap_or_else(IntoResponse::into_response)
}

/// The current time in a zone.
#[utoipa::path(
    get,
    path = "/api/Time/current/zone",
    tag = "timeapi.io",
    params(("timeZone" = String, Query, example = "Europe/Amsterdam")),
    responses(
        (status = 200, description = "The local time now", body = timeapi::CurrentTime),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain")
    )
)]
pub async fn time_zone(State(state): State<AppState>, request: Request) -> Response {
    either(zone_param(&request).map(|zone| json(StatusCode::OK, &timeapi::current(&zone, state.clock.now()))))
}

/// The current time at a point.
#[utoipa::path(
    get,
    path = "/api/Time/current/coordinate",
    tag = "timeapi.io",
    params(
        ("latitude" = f64, Query, minimum = -90, maximum = 90, example = 38.9),
        ("longitude" = f64, Query, minimum = -180, maximum = 180, example = -77.03)
    ),
    responses(
        (status = 200, description = "The local time now at the point", body = timeapi::CurrentTime),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain")
    )
)]
pub async fn time_coordinate(State(state): State<AppState>, request: Request) -> Response {
    either(
        zone_at_coordinates(&state, &request)
            .map(|zone| json(StatusCode::OK, &timeapi::current(&zone, state.clock.now()))),
    )
}

/// The current time where an address is.
#[utoipa::path(
    get,
    path = "/api/Time/current/ip",
    tag = "timeapi.io",
    params(("ipAddress" = String, Query, example = "81.2.69.160")),
    responses(
        (status = 200, description = "The local time now where the address is", body = timeapi::CurrentTime),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 501, description = "A public address, and the server has no `--geoip-db`", body = String, content_type = "text/plain")
    )
)]
pub async fn time_ip(State(state): State<AppState>, request: Request) -> Response {
    either(zone_of_ip(&state, &request).map(|zone| json(StatusCode::OK, &timeapi::current(&zone, state.clock.now()))))
}

/// Every zone name.
#[utoipa::path(
    get,
    path = "/api/TimeZone/AvailableTimeZones",
    tag = "timeapi.io",
    responses((status = 200, description = "Every zone name, sorted", body = Vec<String>))
)]
pub async fn zone_list() -> Response {
    json(StatusCode::OK, &worldtimeapi::zone_names().collect::<Vec<_>>())
}

/// A zone's offsets and daylight saving period.
#[utoipa::path(
    get,
    path = "/api/TimeZone/zone",
    tag = "timeapi.io",
    params(("timeZone" = String, Query, example = "America/New_York")),
    responses(
        (status = 200, description = "The zone now", body = timeapi::TimeZoneInfo),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain")
    )
)]
pub async fn zone_zone(State(state): State<AppState>, request: Request) -> Response {
    timeapi_zone(&state, ZoneRoute::Zone, &request)
}

/// The zone of a point, its offsets and daylight saving period.
#[utoipa::path(
    get,
    path = "/api/TimeZone/coordinate",
    tag = "timeapi.io",
    params(
        ("latitude" = f64, Query, minimum = -90, maximum = 90, example = 38.9),
        ("longitude" = f64, Query, minimum = -180, maximum = 180, example = -77.03)
    ),
    responses(
        (status = 200, description = "The zone of the point now", body = timeapi::TimeZoneInfo),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain")
    )
)]
pub async fn zone_coordinate(State(state): State<AppState>, request: Request) -> Response {
    timeapi_zone(&state, ZoneRoute::Coordinate, &request)
}

/// The zone of an address, its offsets and daylight saving period.
#[utoipa::path(
    get,
    path = "/api/TimeZone/ip",
    tag = "timeapi.io",
    params(("ipAddress" = String, Query, example = "81.2.69.160")),
    responses(
        (status = 200, description = "The zone of the address now", body = timeapi::TimeZoneInfo),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 501, description = "A public address, and the server has no `--geoip-db`", body = String, content_type = "text/plain")
    )
)]
pub async fn zone_ip(State(state): State<AppState>, request: Request) -> Response {
    timeapi_zone(&state, ZoneRoute::Ip, &request)
}

#[derive(Clone, Copy)]
enum ZoneRoute {
    Zone,
    Coordinate,
    Ip,
    Available,
}

/// timeapi.io's `TimeZone` route this path segment names, in any case.
fn timeapi_zone_route(segment: &str) -> Option<ZoneRoute> {
    [
        ("zone", ZoneRoute::Zone),
        ("coordinate", ZoneRoute::Coordinate),
        ("ip", ZoneRoute::Ip),
        ("availabletimezones", ZoneRoute::Available),
    ]
    .into_iter()
    .find(|(name, _)| segment.eq_ignore_ascii_case(name))
    .map(|(_, route)| route)
}

fn timeapi_zone(state: &AppState, route: ZoneRoute, request: &Request) -> Response {
    let zone = match route {
        ZoneRoute::Zone => zone_param(request),
        ZoneRoute::Coordinate => zone_at_coordinates(state, request),
        ZoneRoute::Ip => zone_of_ip(state, request),
        ZoneRoute::Available => return json(StatusCode::OK, &worldtimeapi::zone_names().collect::<Vec<_>>()),
    };
    either(zone.map(|zone| json(StatusCode::OK, &timeapi::zone_info(&zone, state.clock.now()))))
}

/// A local time in one zone, in another.
#[utoipa::path(
    post,
    path = "/api/Conversion/ConvertTimeZone",
    tag = "timeapi.io",
    request_body = ConversionRequest,
    responses(
        (status = 200, description = "The same instant in `toTimeZone`", body = timeapi::Conversion),
        (status = 400, description = "The reason, as text (a local time a clock change skips or repeats needs `dstAmbiguity`)", body = String, content_type = "text/plain"),
        (status = 415, description = "The body is not sent as JSON", body = String, content_type = "text/plain")
    )
)]
pub async fn convert(headers: HeaderMap, body: Bytes) -> Response {
    let answer = (|| {
        let request: ConversionRequest = read_json(&headers, &body)?;
        let from = zone_named(&request.from_time_zone, "fromTimeZone")?;
        let to = zone_named(&request.to_time_zone, "toTimeZone")?;
        let local = timeapi::local_time(&request.date_time).map_err(refused)?;
        let ambiguity = DstAmbiguity::parse(request.dst_ambiguity.as_deref()).map_err(refused)?;
        timeapi::convert(&from, local, &to, ambiguity).map(|answer| json(StatusCode::OK, &answer)).map_err(refused)
    })();
    either(answer)
}

/// The weekday of a date.
#[utoipa::path(
    get,
    path = "/api/Conversion/DayOfTheWeek/{date}",
    tag = "timeapi.io",
    params(("date" = String, Path, example = "2021-03-14")),
    responses(
        (status = 200, description = "The weekday's English name", body = timeapi::DayOfTheWeek),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain")
    )
)]
pub async fn day_of_the_week(Path(date): Path<String>) -> Response {
    match timeapi::day_of_the_week(&date) {
        Ok(answer) => json(StatusCode::OK, &answer),
        Err(message) => refused(message).into_response(),
    }
}

/// Now plus a time span on the zone's wall clock.
#[utoipa::path(
    post,
    path = "/api/Calculation/current/increment",
    tag = "timeapi.io",
    request_body = CurrentCalculationRequest,
    responses(
        (status = 200, description = "The local time now plus the span", body = timeapi::Calculation),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 415, description = "The body is not sent as JSON", body = String, content_type = "text/plain")
    )
)]
pub async fn current_increment(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    current_calculation(&state, &headers, &body, false)
}

/// Now minus a time span on the zone's wall clock.
#[utoipa::path(
    post,
    path = "/api/Calculation/current/decrement",
    tag = "timeapi.io",
    request_body = CurrentCalculationRequest,
    responses(
        (status = 200, description = "The local time now minus the span", body = timeapi::Calculation),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 415, description = "The body is not sent as JSON", body = String, content_type = "text/plain")
    )
)]
pub async fn current_decrement(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    current_calculation(&state, &headers, &body, true)
}

/// A local time plus a time span on the zone's wall clock.
#[utoipa::path(
    post,
    path = "/api/Calculation/custom/increment",
    tag = "timeapi.io",
    request_body = CustomCalculationRequest,
    responses(
        (status = 200, description = "`dateTime` plus the span", body = timeapi::Calculation),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 415, description = "The body is not sent as JSON", body = String, content_type = "text/plain")
    )
)]
pub async fn custom_increment(headers: HeaderMap, body: Bytes) -> Response {
    custom_calculation(&headers, &body, false)
}

/// A local time minus a time span on the zone's wall clock.
#[utoipa::path(
    post,
    path = "/api/Calculation/custom/decrement",
    tag = "timeapi.io",
    request_body = CustomCalculationRequest,
    responses(
        (status = 200, description = "`dateTime` minus the span", body = timeapi::Calculation),
        (status = 400, description = "The reason, as text", body = String, content_type = "text/plain"),
        (status = 415, description = "The body is not sent as JSON", body = String, content_type = "text/plain")
    )
)]
pub async fn custom_decrement(headers: HeaderMap, body: Bytes) -> Response {
    custom_calculation(&headers, &body, true)
}

fn current_calculation(state: &AppState, headers: &HeaderMap, body: &Bytes, decrement: bool) -> Response {
    let answer = (|| {
        let request: CurrentCalculationRequest = read_json(headers, body)?;
        let zone = zone_named(&request.time_zone, "timeZone")?;
        let now = state.clock.now().to_zoned(zone.tz().clone()).datetime();
        calculate(&zone, now, &request.time_span, request.dst_ambiguity.as_deref(), decrement)
    })();
    either(answer)
}

fn custom_calculation(headers: &HeaderMap, body: &Bytes, decrement: bool) -> Response {
    let answer = (|| {
        let request: CustomCalculationRequest = read_json(headers, body)?;
        let zone = zone_named(&request.time_zone, "timeZone")?;
        let from = timeapi::local_time(&request.date_time).map_err(refused)?;
        calculate(&zone, from, &request.time_span, request.dst_ambiguity.as_deref(), decrement)
    })();
    either(answer)
}

fn calculate(
    zone: &Zone,
    from: jiff::civil::DateTime,
    span: &str,
    ambiguity: Option<&str>,
    decrement: bool,
) -> Result<Response, Refusal> {
    let span = timeapi::time_span(span).map_err(refused)?;
    let ambiguity = DstAmbiguity::parse(ambiguity).map_err(refused)?;
    timeapi::calculate(zone, from, span, decrement, ambiguity)
        .map(|answer| json(StatusCode::OK, &answer))
        .map_err(refused)
}

/// timeapi.io's health check.
#[utoipa::path(
    get,
    path = "/api/health/check",
    tag = "timeapi.io",
    responses((status = 200, description = "`Healthy`", body = String, content_type = "text/plain"))
)]
pub async fn health() -> impl IntoResponse {
    body(StatusCode::OK, TEXT, b"Healthy".to_vec())
}
