//! The web layer: extract parameters, call [`tsconv_time`], wrap the answer
//! in the envelope. [`app`] builds the whole router in one place.

pub mod access;
pub mod batch;
pub mod cors;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod limits;
pub mod mcp;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod params;
pub mod routes;
pub mod schema;
pub mod state;
pub mod text;

pub use state::{AppState, Clock};

use axum::Router;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::IntoResponse;
use utoipa::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use error::ApiError;
use routes::{arithmetic, compat, fallback, health, locales, playground, schedule, timestamp, timezones};

/// The API routes under `prefix` (they are served both at `/api` and at
/// `/api/v1`), each behind the rate limit and the API key. (With neither
/// keys nor a limit, as behind a gateway that does both, the layer that
/// would check them is not attached at all: it would cost a boxed future
/// per request to do nothing.)
fn api(prefix: &str, state: &AppState) -> OpenApiRouter<AppState> {
    let routes = [
        routes!(timestamp::current),
        routes!(timestamp::convert_query, timestamp::convert_body),
        routes!(timestamp::validate_query, timestamp::validate_body),
        routes!(timestamp::format_query, timestamp::format_body),
        routes!(timestamp::extract_query, timestamp::extract_body),
        routes!(arithmetic::add_query, arithmetic::add_body),
        routes!(arithmetic::round_query, arithmetic::round_body),
        routes!(arithmetic::diff_query, arithmetic::diff_body),
        routes!(schedule::runs_query, schedule::runs_body),
        routes!(timezones::list),
        routes!(timezones::lookup),
        routes!(locales::list),
    ]
    .into_iter()
    .fold(OpenApiRouter::new(), |routes, route| with_text(routes, under(prefix, route)));
    // A feed is iCalendar text: it has no plain-text twin.
    let routes = routes.routes(under(prefix, routes!(schedule::feed)));
    // A zone is written with its slashes, which no OpenAPI path template can
    // state: documented as `{zone}`, routed as a catch-all.
    let mut routes =
        routed_at(routes, &format!("{prefix}/timezones/{{*rest}}"), under(prefix, routes!(timezones::transitions)));
    for (path, item) in timezones::TransitionsFeedDoc::openapi().paths.paths {
        routes.get_openapi_mut().paths.paths.insert(format!("{prefix}{path}"), item);
    }
    if state.keys.is_none() && state.limiter.is_none() {
        return routes;
    }
    routes.route_layer(from_fn_with_state(state.clone(), access::layer::api_access))
}

/// worldtimeapi.org's and timeapi.io's routes (their own answers, no
/// envelope), behind the same rate limit and key as the API. timeapi.io's
/// paths are ASP.NET's, which match in any case: each is also served in
/// lowercase, as its clients write them too.
fn compat(state: &AppState) -> OpenApiRouter<AppState> {
    let timeapi = [
        routes!(compat::time_zone),
        routes!(compat::time_coordinate),
        routes!(compat::time_ip),
        routes!(compat::zone_list),
        routes!(compat::zone_zone),
        routes!(compat::zone_coordinate),
        routes!(compat::zone_ip),
        routes!(compat::convert),
        routes!(compat::day_of_the_week),
        routes!(compat::current_increment),
        routes!(compat::current_decrement),
        routes!(compat::custom_increment),
        routes!(compat::custom_decrement),
    ];
    let routes = timeapi.into_iter().fold(OpenApiRouter::new(), |router, (schemas, paths, method_router)| {
        // `/api/timezone/...` in lowercase is worldtimeapi's: its area
        // route answers timeapi.io's four TimeZone routes.
        let lower: Vec<String> = paths
            .paths
            .keys()
            .map(|path| path.to_lowercase())
            .filter(|path| !path.starts_with("/api/timezone/") && !paths.paths.contains_key(path))
            .collect();
        let mut router = router.routes((schemas, paths, method_router.clone()));
        for path in lower {
            router = router.route(&path, method_router.clone());
        }
        router
    });
    let routes = routes
        .routes(routes!(compat::health))
        .routes(routes!(compat::world_list))
        .route("/api/timezone.txt", axum::routing::get(compat::world_list_text))
        // Clients written for worldtimeapi ask for the list and the
        // caller's time with a slash at the end, too.
        .route("/api/timezone/", axum::routing::get(compat::world_list))
        .route("/api/ip/", axum::routing::get(compat::world_client))
        .routes(routes!(compat::world_area))
        .routes(routes!(compat::world_location))
        .routes(routes!(compat::world_region))
        .routes(routes!(compat::world_client))
        .route("/api/ip.txt", axum::routing::get(compat::world_client_text))
        .routes(routes!(compat::world_address))
        // Their JSON bodies are read whole: no more than the API's.
        .route_layer(axum::extract::DefaultBodyLimit::max(limits::BODY_LIMIT));
    if state.keys.is_none() && state.limiter.is_none() {
        return routes;
    }
    routes.route_layer(from_fn_with_state(state.clone(), access::layer::api_access))
}

/// A route, and its plain-text twin at its path plus `.txt`,
/// which the document describes as the route's `text/plain` answers.
fn with_text(
    router: OpenApiRouter<AppState>,
    (schemas, paths, method_router): UtoipaMethodRouter<AppState>,
) -> OpenApiRouter<AppState> {
    let twins: Vec<String> = paths.paths.keys().map(|path| format!("{path}{}", text::SUFFIX)).collect();
    let mut router = router.routes((schemas, paths, method_router.clone()));
    for twin in twins {
        router = router.route(&twin, method_router.clone());
    }
    router
}

/// A route documented at its own path but routed at `axum_path`.
fn routed_at(
    mut router: OpenApiRouter<AppState>,
    axum_path: &str,
    (schemas, paths, method_router): UtoipaMethodRouter<AppState>,
) -> OpenApiRouter<AppState> {
    let doc = router.get_openapi_mut();
    doc.paths.paths.extend(paths.paths);
    doc.components.get_or_insert_with(Default::default).schemas.extend(schemas);
    router.route(axum_path, method_router)
}

/// A route registered at its full path under `prefix`. (Not `nest`, which
/// would rebuild every request's URI to strip the prefix that no handler
/// reads: about 2,000 instructions per request; see BENCHMARKS.md.)
fn under(prefix: &str, (schemas, paths, router): UtoipaMethodRouter<AppState>) -> UtoipaMethodRouter<AppState> {
    let mut prefixed = utoipa::openapi::path::Paths::new();
    for (path, item) in paths.paths {
        prefixed.paths.insert(format!("{prefix}{path}"), item);
    }
    (schemas, prefixed, router)
}

/// Every route, each with its description: the router and the OpenAPI
/// document come from the same registrations.
fn routes(state: &AppState) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let mut metrics = OpenApiRouter::new().routes(routes!(health::metrics));
    if state.keys.is_some() {
        metrics = metrics.route_layer(from_fn_with_state(state.clone(), access::layer::key_only));
    }
    let (router, doc) = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(api("/api", state))
        .merge(api("/api/v1", state))
        .merge(compat(state))
        .merge(metrics)
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(playground::page))
        .split_for_parts();
    (router, openapi::finish(doc))
}

/// Swagger UI at `/docs`, from the binary, and the document at
/// `/openapi.json`, kept as the bytes it is served as (about 900 KB; as
/// `utoipa`'s structures it held several times that, and was written anew
/// for every request). Paths under `/docs/` that are not its files get the
/// usual 404 envelope rather than Swagger UI's empty one.
fn docs(doc: &utoipa::openapi::OpenApi) -> Router<AppState> {
    let swagger = SwaggerUi::new("/docs")
        // No badge from validator.swagger.io: the page loads nothing from outside.
        .config(utoipa_swagger_ui::Config::from("/openapi.json").validator_url("none"));
    // Written once, and kept in an allocation of its own size (the
    // writer's buffer grows by doubling, to 2 MiB); a document that cannot
    // be written (a bug) is logged here and answered as one, never a panic.
    let written = serde_json::to_vec(doc)
        .map(|json| axum::body::Bytes::copy_from_slice(&json))
        .inspect_err(|error| tracing::error!(%error, "the OpenAPI document cannot be written as JSON"))
        .ok();
    let document = axum::routing::get(move || {
        let written = written.clone();
        async move {
            match written {
                Some(bytes) => ([(axum::http::header::CONTENT_TYPE, "application/json")], bytes).into_response(),
                None => ApiError::Internal { request_id: None }.into_response(),
            }
        }
    });
    Router::from(swagger).layer(from_fn(fallback::envelope_for_not_found)).route("/openapi.json", document)
}

/// The OpenAPI 3.1 document served at `/openapi.json`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes(&AppState::default()).1
}

/// The API's operations as tools of the Model Context Protocol, answered
/// by the API's routes under `/api` without keys or rate limits (those
/// guard `/mcp` itself; `tsconv mcp` is local).
fn tools(state: &AppState, doc: &utoipa::openapi::OpenApi) -> mcp::Tools {
    let open = AppState { keys: None, limiter: None, access_log: false, ..state.clone() };
    let (api, _) = api("/api", &open).split_for_parts();
    mcp::Tools::new(api.with_state(open), doc, state.default_zone.name())
}

/// The tools of `tsconv mcp`, on `state`'s clock.
pub fn mcp_tools(state: &AppState) -> mcp::Tools {
    let (_, doc) = routes(state);
    tools(state, &doc)
}

/// The whole application: every route, fallback and layer.
pub fn app(state: AppState) -> Router {
    crate::http::metrics::handle();
    let (router, doc) = routes(&state);
    // `/mcp` behind the rate limit and the key, as every API route.
    let agents = Router::new()
        .route_service(mcp::PATH, mcp::http(tools(&state, &doc)))
        .route_layer(from_fn(mcp::envelope_refusals))
        .route_layer(from_fn_with_state(state.clone(), access::layer::api_access));
    router
        .merge(agents)
        .merge(docs(&doc))
        .fallback(fallback::not_found)
        .method_not_allowed_fallback(fallback::method_not_allowed)
        .layer(middleware::RequestContextLayer::new(&state))
        .with_state(state)
}
