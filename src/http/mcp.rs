//! The API's operations as tools of the Model Context Protocol,
//! through `rmcp`, the protocol's official Rust SDK: `tsconv mcp` over
//! standard input and output, and `/mcp` over Streamable HTTP (behind the
//! same keys and rate limits as the API: [`crate::http::app`] guards it).
//!
//! A tool is one of the API's routes, and nothing else: its input schema is
//! the route's parameters as the OpenAPI document gives them (the JSON
//! body's, or the query and path parameters), flattened into one object and
//! cut to what a model needs (types, few-valued enums, bounds, a few words
//! each: `PARAMETERS`); its description, what it does and one example
//! (`TOOLS`); and a call is a request to the route, answered in-process by the
//! API's own router (no socket, no second reading of parameters, no second
//! error mapping). The envelope's `data` is the tool's structured content,
//! and its plain-text answer ([`super::text`]) the text for the model; an
//! envelope with a non-zero code is a tool error whose structured content is
//! `{code, error, message}` (and `param` when a parameter is at fault).
//!
//! Over HTTP the server is stateless (no MCP session is kept between
//! requests), so a client's calls may land on any replica.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::response::IntoResponse;
use http_body_util::BodyExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, InitializeResult,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::never::NeverSessionManager,
};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value};
use tower::ServiceExt as _;

use super::{envelope::JSON, error::ApiError, limits::BODY_LIMIT, text};

/// The path of the Streamable HTTP endpoint.
pub const PATH: &str = "/mcp";

/// Each tool: its name, the route it calls, and what it tells a model
/// (what the tool does, and one example). The parameters' own words are in
/// `PARAMETERS`; which of them a call needs comes from the document.
const TOOLS: [(&str, Method, &str, &str); 12] = [
    (
        "now",
        Method::GET,
        "/api/timestamp/current",
        r#"The time now in a zone, with its weekday and calendar. Example: {"timezone": "Asia/Tokyo"}"#,
    ),
    (
        "convert",
        Method::POST,
        "/api/timestamp/convert",
        r#"An instant (Unix number, date, ID or people's words) in every form, in a zone, with its weekday. Example: {"timestamp": "next friday 3pm", "timezone": "Europe/Berlin"}"#,
    ),
    (
        "validate",
        Method::POST,
        "/api/timestamp/validate",
        r#"Whether an input is a valid timestamp, of which kind, and its other readings. Example: {"timestamp": "2023-02-30"}"#,
    ),
    (
        "format",
        Method::POST,
        "/api/timestamp/format",
        r#"An instant in one format (Discord code and preview, strftime, RFC 2822, epochs, IDs), or in every one. Example: {"timestamp": 1700000000, "format": "discord", "style": "R"}"#,
    ),
    (
        "add",
        Method::POST,
        "/api/timestamp/add",
        r#"An instant plus a duration on a zone's wall clock. Example: {"timestamp": "2024-03-09T12:00", "duration": "P1D", "timezone": "America/New_York"}"#,
    ),
    (
        "diff",
        Method::POST,
        "/api/timestamp/diff",
        r#"The duration between two instants, on a zone's wall clock. Example: {"from": "2024-01-01", "to": "2024-03-15T12:00Z"}"#,
    ),
    (
        "round",
        Method::POST,
        "/api/timestamp/round",
        r#"An instant rounded to a unit on a zone's wall clock. Example: {"timestamp": 1700000000, "unit": "week"}"#,
    ),
    (
        "transitions",
        Method::GET,
        "/api/timezones/{zone}/transitions",
        r#"A zone's clock changes, with the local times they skip or repeat. Example: {"zone": "Europe/Berlin", "count": 2}"#,
    ),
    (
        "zones",
        Method::GET,
        "/api/timezones",
        r#"The IANA zones, their offsets and DST now. Example: {"q": "new_york"}"#,
    ),
    (
        "extract",
        Method::POST,
        "/api/timestamp/extract",
        r#"The dates in a text, each with its span and Discord code. Example: {"text": "meet tomorrow at 8pm EST"}"#,
    ),
    (
        "schedule",
        Method::GET,
        "/api/schedule",
        r#"Runs of a cron, systemd or RRULE schedule in a zone, across DST. Example: {"schedule": "0 9 * * 1-5"}"#,
    ),
    (
        "where",
        Method::GET,
        "/api/timezones/lookup",
        r#"The zones of a point, country, city or IP. Example: {"city": "Lisbon"}"#,
    ),
];

/// Each parameter in a model's words: short, the long lists never spelled
/// out. A parameter of the document missing here, or a name here that no
/// tool takes, fails `every_parameter_has_words_for_a_model`.
const PARAMETERS: &[(&str, &str)] = &[
    ("timestamp", "Unix number or date text (`tomorrow 9am`)"),
    ("timestamps", "A batch"),
    ("timezone", "IANA, UTC or +05:30"),
    ("precision", "s, ms, us or ns"),
    ("format", "rfc3339, unix, discord, custom, ...; none: all"),
    ("pattern", "strftime (format=custom)"),
    ("style", "Discord: t T d D f F s S R"),
    ("disambiguation", "DST gap or fold"),
    ("epoch", "unix, filetime, excel, snowflake:MS, ..."),
    ("input_format", "strptime pattern(s)"),
    ("locale", "`de`, `pt-BR`"),
    ("duration", "`P1M`, `-PT90M`, `2h 30m`, `-3 days`"),
    ("overflow", "When the month lacks the day"),
    ("unit", "year, quarter, month, week, day, hour, ..."),
    ("mode", "floor, ceil, trunc, half_even, ..."),
    ("increment", "A multiple of the unit"),
    ("week_start", "Default monday"),
    ("from", "Any `timestamp` input"),
    ("to", "Any `timestamp` input"),
    ("pairs", "A batch of {from, to}"),
    ("largest_unit", "years, months, ..., nanoseconds"),
    ("smallest_unit", "years, ..., nanoseconds (default)"),
    ("rounding_mode", "trunc, floor, ceil, half_even, ..."),
    ("rounding_increment", "A multiple of `smallest_unit`"),
    ("zone", "IANA name (see `zones`)"),
    ("count", "How many"),
    ("direction", "Default next"),
    ("q", "Part of a name"),
    ("at", "Default now"),
    ("text", "A text of up to 16,384 characters"),
    ("fields", "Only these (`iso,zone`)"),
    ("schedule", "cron, systemd calendar or RRULE"),
    ("gap", "For an RRULE in a DST gap"),
    ("lat", "With lon"),
    ("lon", "Degrees east"),
    ("country", "ISO code or name"),
    ("city", "Any language"),
    ("ip", "IPv4 or IPv6"),
    ("limit", "Most cities"),
];

/// What the server says of itself when a client connects, with the zone
/// of a call that names none.
fn instructions(default_zone: &str) -> String {
    format!(
        "Exact timestamp conversion, validation, formatting (Discord, strftime, RFC 3339, HTTP dates, ...), \
         arithmetic on the wall clock of any IANA zone, zones' transitions, and schedules' runs. Every tool answers the same data as \
         tsconv's REST API, with the weekday and calendar of each instant in `calendar`; a bad input is a tool error \
         with its code, kind and message. A call without `timezone` is answered in {default_zone}, and every \
         answer names the zone it used."
    )
}

/// The tools, and the API router that answers them; cheap to clone.
#[derive(Clone)]
pub struct Tools {
    api: Router,
    tools: Arc<[Route]>,
    instructions: Arc<str>,
}

/// A tool and the route it calls.
struct Route {
    tool: Tool,
    method: Method,
    path: &'static str,
}

impl Tools {
    /// The tools of `doc` (the API's OpenAPI document), answered by `api`
    /// (the API's routes, without keys or rate limits: those guard `/mcp`
    /// itself), whose zone when a call names none is `default_zone`.
    ///
    /// # Panics
    /// When `doc` lacks a route of `TOOLS`: a test builds every tool.
    pub fn new(api: Router, doc: &utoipa::openapi::OpenApi, default_zone: &str) -> Tools {
        let doc = serde_json::to_value(doc).expect("the OpenAPI document is JSON");
        let tools = TOOLS
            .iter()
            .map(|(name, method, path, what)| {
                let operation = &doc["paths"][*path][method.as_str().to_ascii_lowercase()];
                assert!(operation.is_object(), "the OpenAPI document has no {method} {path}");
                // The default zone is said once, in `now` (and in the server's instructions).
                let default_zone = (*name == "now").then_some(default_zone);
                let (schema, choices) = input_schema(operation, &doc["components"]["schemas"], default_zone);
                let description = match choices {
                    Some(choices) => format!("{what}. {choices}"),
                    None => format!("{what}."),
                };
                let tool =
                    Tool::new(*name, description, schema).with_annotations(ToolAnnotations::new().read_only(true));
                Route { tool, method: method.clone(), path }
            })
            .collect();
        Tools { api, tools, instructions: instructions(default_zone).into() }
    }

    /// The tool named `name`, and its route.
    fn route(&self, name: &str) -> Option<&Route> {
        self.tools.iter().find(|route| route.tool.name == name)
    }

    /// Every tool.
    pub fn list(&self) -> Vec<Tool> {
        self.tools.iter().map(|route| route.tool.clone()).collect()
    }

    /// Calls the tool `name` with `arguments`: its route's answer as a
    /// tool result, or a protocol error for a tool that does not exist.
    pub async fn call(&self, name: &str, arguments: JsonObject) -> Result<CallToolResult, ErrorData> {
        let Some(route) = self.route(name) else {
            let known: Vec<&str> = TOOLS.iter().map(|(name, ..)| *name).collect();
            return Err(ErrorData::invalid_params(
                format!("no tool is named {name:?}: the tools are {}", known.join(", ")),
                None,
            ));
        };
        let response = match route.request(arguments) {
            Ok(request) => match self.api.clone().oneshot(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            },
            Err(error) => error.into_response(),
        };
        let bytes = match response.into_body().collect().await {
            Ok(body) => body.to_bytes(),
            Err(error) => {
                return Err(ErrorData::internal_error(format!("the answer could not be read: {error}"), None));
            }
        };
        let envelope: Value = serde_json::from_slice(&bytes)
            .map_err(|error| ErrorData::internal_error(format!("the answer is not JSON: {error}"), None))?;
        Ok(result(&envelope))
    }
}

impl Route {
    /// The request to this tool's route: `arguments` as the JSON body of a
    /// POST, or as the query string (and the path's `{zone}`) of a GET.
    fn request(&self, mut arguments: JsonObject) -> Result<Request<Body>, ApiError> {
        let mut path = self.path.to_owned();
        if path.contains("{zone}") {
            let zone = match arguments.remove("zone") {
                Some(Value::String(zone)) if !zone.is_empty() => zone,
                _ => return Err(ApiError::MissingParameter { param: "zone" }),
            };
            let zone: String = form_urlencoded::byte_serialize(zone.as_bytes()).collect();
            path = path.replace("{zone}", &zone);
        }
        let builder = Request::builder().method(self.method.clone());
        let request = if self.method == Method::POST {
            builder
                .uri(path)
                .header(header::CONTENT_TYPE, HeaderValue::from_static(JSON))
                .body(Body::from(Value::Object(arguments).to_string()))
        } else {
            let mut query = form_urlencoded::Serializer::new(String::new());
            for (name, value) in &arguments {
                match value {
                    Value::Null => {}
                    Value::String(text) => {
                        query.append_pair(name, text);
                    }
                    // Numbers and booleans as they are written; a list or an
                    // object as JSON, which the route refuses in its own words.
                    other => {
                        query.append_pair(name, &other.to_string());
                    }
                }
            }
            let query = query.finish();
            let uri = if query.is_empty() { path } else { format!("{path}?{query}") };
            builder.uri(uri).body(Body::empty())
        };
        request.map_err(|_| ApiError::Internal { request_id: None })
    }
}

/// An envelope as a tool result: `data` and its plain text, or a tool
/// error with the envelope's `code`, `error` and `message`.
fn result(envelope: &Value) -> CallToolResult {
    let text = vec![ContentBlock::text(text::text(envelope))];
    if envelope["code"].as_u64() == Some(0) {
        let mut result = CallToolResult::success(text);
        result.structured_content = Some(envelope["data"].clone());
        return result;
    }
    let mut error = Map::new();
    error.insert("code".to_owned(), envelope["code"].clone());
    error.insert("error".to_owned(), envelope["data"]["error"].clone());
    error.insert("message".to_owned(), envelope["message"].clone());
    if let Some(param) = envelope["data"].get("param") {
        error.insert("param".to_owned(), param.clone());
    }
    let mut result = CallToolResult::error(text);
    result.structured_content = Some(Value::Object(error));
    result
}

/// A tool's input schema, flat as every model API asks: an object whose
/// `properties` are the route's parameters (its JSON body's, merged from the
/// document's `allOf` parts, or its query and path parameters) and whose
/// `required` are those every call needs, with no composition keyword at the
/// root. What the document says with a `oneOf` of a body ("`timestamp`, or
/// `timestamps`") is said in words, returned beside the schema for the
/// tool's description; `timezone` names `default_zone`, the zone of a call
/// without one, when given.
fn input_schema(operation: &Value, components: &Value, default_zone: Option<&str>) -> (JsonObject, Option<String>) {
    let mut properties = Map::new();
    let mut required: Vec<String> = Vec::new();
    let mut choices = None;
    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
    if body.is_null() {
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            let Some(name) = parameter["name"].as_str() else { continue };
            properties.insert(name.to_owned(), inline(&parameter["schema"], components, 0));
            if parameter["required"] == Value::Bool(true) {
                required.push(name.to_owned());
            }
        }
    } else {
        let body = inline(body, components, 0);
        let mut parts = vec![&body];
        while let Some(part) = parts.pop() {
            for (name, schema) in part["properties"].as_object().into_iter().flatten() {
                properties.insert(name.clone(), schema.clone());
            }
            required.extend(names(&part["required"]).map(str::to_owned));
            parts.extend(part["allOf"].as_array().into_iter().flatten());
            if let Some(alternatives) = part["oneOf"].as_array() {
                let sets: Vec<Vec<&str>> = alternatives.iter().map(|set| names(&set["required"]).collect()).collect();
                // What every alternative needs is needed; the rest is a choice.
                let always: Vec<&str> = sets
                    .first()
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|name| sets.iter().all(|set| set.contains(name)))
                    .collect();
                required.extend(always.iter().map(|name| (*name).to_owned()));
                let options: Vec<String> = sets
                    .iter()
                    .map(|set| {
                        let set: Vec<String> =
                            set.iter().filter(|name| !always.contains(name)).map(|name| format!("`{name}`")).collect();
                        set.join(" and ")
                    })
                    .filter(|option| !option.is_empty())
                    .collect();
                if options.len() > 1 {
                    choices = Some(format!("Give {}.", options.join(", or ")));
                }
            }
        }
    }
    let properties: Map<String, Value> = properties
        .into_iter()
        .map(|(name, schema)| {
            let mut schema = match compact(&schema) {
                Value::Object(fields) => fields,
                _ => Map::new(),
            };
            let words = match (words(&name), name.as_str()) {
                (Some(words), "timezone") if let Some(zone) = default_zone => Some(format!("{words}; default {zone}")),
                (words, _) => words.map(str::to_owned),
            };
            if let Some(words) = words {
                schema.insert("description".to_owned(), words.into());
            }
            (name, Value::Object(schema))
        })
        .collect();
    required.sort_unstable();
    required.dedup();
    let mut schema = JsonObject::new();
    schema.insert("type".to_owned(), "object".into());
    schema.insert("properties".to_owned(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".to_owned(), required.into_iter().map(Value::String).collect());
    }
    schema.insert("additionalProperties".to_owned(), false.into());
    (schema, choices)
}

/// The strings of a JSON list (`required`).
fn names(list: &Value) -> impl Iterator<Item = &str> {
    list.as_array().into_iter().flatten().filter_map(Value::as_str)
}

/// A parameter's words for a model (`PARAMETERS`).
fn words(name: &str) -> Option<&'static str> {
    PARAMETERS.iter().find(|(known, _)| *known == name).map(|(_, words)| *words)
}

/// The longest list of allowed values a tool's schema spells out. Longer
/// ones (the ~600 zone names, the ~140 Windows zone IDs, the 44 formats,
/// and the units, whose lists are as long in words) would be read by the
/// model with every request: they become a plain string, which the
/// parameter's words describe, and the route still refuses what it does
/// not know, with a did-you-mean hint.
const MAX_ENUM: usize = 8;

/// A parameter's schema as a model needs it: its JSON types, its values
/// when they are few, and its bounds. `null` (which the API takes as
/// absent) is left out, alternatives of one type become that type, and the
/// document's descriptions, examples and patterns stay in the document.
fn compact(schema: &Value) -> Value {
    let Value::Object(fields) = schema else { return schema.clone() };
    if let Some(alternatives) = fields.get("oneOf").or_else(|| fields.get("anyOf")).and_then(Value::as_array) {
        let mut kept: Vec<Value> =
            alternatives.iter().filter(|alternative| alternative["type"] != "null").map(compact).collect();
        kept.dedup();
        if kept.len() == 1 {
            return kept.remove(0);
        }
        let kind = &kept[0]["type"];
        if !kind.is_null() && kept.iter().all(|alternative| alternative["type"] == *kind) {
            // One type: its values too, when every alternative lists them.
            let mut merged = Map::new();
            merged.insert("type".to_owned(), kind.clone());
            let values: Option<Vec<Value>> = kept
                .iter()
                .map(|alternative| alternative["enum"].as_array().cloned())
                .collect::<Option<Vec<_>>>()
                .map(|lists| lists.into_iter().flatten().collect());
            if let Some(values) = values.filter(|values| values.len() <= MAX_ENUM) {
                merged.insert("enum".to_owned(), values.into());
            }
            return Value::Object(merged);
        }
        let mut any = Map::new();
        any.insert("anyOf".to_owned(), kept.into());
        return Value::Object(any);
    }
    let mut kept = Map::new();
    for (key, value) in fields {
        let keep = match key.as_str() {
            "type" | "minimum" | "maximum" | "maxItems" => value.clone(),
            "enum" if value.as_array().is_some_and(|values| values.len() <= MAX_ENUM) => value.clone(),
            "items" => compact(value),
            _ => continue,
        };
        kept.insert(key.clone(), keep);
    }
    Value::Object(kept)
}

/// `schema` with each `{"$ref": "#/components/schemas/X"}` replaced by X.
/// (The parameters' schemas are not recursive; the depth bound keeps a
/// future recursive one from looping.)
fn inline(schema: &Value, components: &Value, depth: usize) -> Value {
    match schema {
        Value::Object(fields) => {
            if let Some(name) =
                fields.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
                && depth < 16
            {
                return inline(&components[name], components, depth + 1);
            }
            Value::Object(fields.iter().map(|(key, value)| (key.clone(), inline(value, components, depth))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| inline(item, components, depth)).collect()),
        other => other.clone(),
    }
}

impl ServerHandler for Tools {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("tsconv", env!("CARGO_PKG_VERSION")))
            .with_instructions(self.instructions.to_string())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(&request.name, request.arguments.unwrap_or_default()).await.map(CallToolResponse::from)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.route(name).map(|route| route.tool.clone())
    }
}

/// `/mcp`: Streamable HTTP, stateless, JSON answers (no event stream is
/// needed: a tool answers at once). Any `Host` is served, as the API is:
/// who may call is the keys' and rate limits' business.
pub fn http(tools: Tools) -> StreamableHttpService<Tools, NeverSessionManager> {
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(BODY_LIMIT)
        .disable_allowed_hosts();
    StreamableHttpService::new(move || Ok(tools.clone()), Arc::default(), config)
}

/// The `Accept` that rmcp asks of every request: both types it may answer.
const TRANSPORT_ACCEPT: &str = "application/json, text/event-stream";

/// Whether `accept` admits `application/json`, the only type `/mcp`
/// answers in (its answers are never streams): by name, as `application/*`
/// or `*/*`, with a weight above zero. No `Accept` at all admits any type
/// (RFC 9110, 12.5.1).
fn admits_json(accept: Option<&HeaderValue>) -> bool {
    let Some(accept) = accept else { return true };
    let Ok(accept) = accept.to_str() else { return false };
    accept.split(',').any(|range| {
        let mut parts = range.split(';');
        let kind = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|parameter| {
            let parameter = parameter.trim();
            parameter
                .strip_prefix("q=")
                .or_else(|| parameter.strip_prefix("Q="))
                .is_some_and(|weight| weight.trim().parse::<f32>().is_ok_and(|weight| weight <= 0.0))
        });
        !refused
            && ["application/json", "application/*", "*/*"].iter().any(|admitted| kind.eq_ignore_ascii_case(admitted))
    })
}

/// `request` with its body read once, when it is a JSON-RPC message whose
/// `params` is an object or absent: JSON-RPC 2.0 allows an array too, MCP's
/// methods take an object, and rmcp would take a JSON fraction there for
/// one (serde_json's exact numbers are maps inside). Anything else is
/// left to rmcp, which refuses it in its words.
async fn params_checked(request: axum::extract::Request) -> Result<axum::extract::Request, ApiError> {
    if request.method() != Method::POST {
        return Ok(request);
    }
    let (parts, body) = request.into_parts();
    let bytes =
        axum::body::to_bytes(body, BODY_LIMIT).await.map_err(|_| ApiError::PayloadTooLarge { limit: BODY_LIMIT })?;
    if let Ok(Value::Object(message)) = serde_json::from_slice::<Value>(&bytes) {
        let params = message.get("params");
        if params.is_some_and(|params| !params.is_object() && !params.is_null()) {
            return Err(ApiError::BadRequest {
                message: "not a message of the Model Context Protocol: params must be an object".to_owned(),
            });
        }
        // The protocol's `_meta` is an object (or null) wherever it stands.
        if params.and_then(|params| params.get("_meta")).is_some_and(|meta| !meta.is_object() && !meta.is_null()) {
            return Err(ApiError::BadRequest {
                message: "not a message of the Model Context Protocol: params._meta must be an object or null"
                    .to_owned(),
            });
        }
    }
    Ok(axum::extract::Request::from_parts(parts, Body::from(bytes)))
}

/// `/mcp`'s refusals in the API's envelope, and its `Accept` read as HTTP
/// reads it. rmcp answers a request that is no protocol message at all (a
/// GET, a wrong content type, a body over the limit, JSON that is no
/// JSON-RPC) with a status and a line of plain text; a client of this API
/// reads envelopes. JSON-RPC answers, errors among them, are the
/// protocol's and stay as they are.
///
/// The transport asks clients to accept both JSON and event streams; this
/// server answers JSON only, so a request whose `Accept` admits JSON (or
/// that sends none, as a client generated from the OpenAPI document may)
/// is served, and one that admits no JSON is refused with 406.
pub async fn envelope_refusals(
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let accept = request.headers().get(header::ACCEPT);
    if !admits_json(accept) {
        let accept = accept.map(|accept| String::from_utf8_lossy(accept.as_bytes()).into_owned()).unwrap_or_default();
        return ApiError::NotAcceptable { accept }.into_response();
    }
    request.headers_mut().insert(header::ACCEPT, HeaderValue::from_static(TRANSPORT_ACCEPT));
    let request = match params_checked(request).await {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    let (method, path) = (request.method().to_string(), request.uri().path().to_owned());
    let content_type =
        request.headers().get(header::CONTENT_TYPE).map(|kind| String::from_utf8_lossy(kind.as_bytes()).into_owned());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if !status.is_client_error() || is_json {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let words = match response.into_body().collect().await {
        Ok(body) => String::from_utf8_lossy(&body.to_bytes()).trim().to_owned(),
        Err(_) => String::new(),
    };
    let json = content_type.as_deref().is_some_and(|kind| kind.starts_with("application/json"));
    let error = match status {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed { method, path },
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge { limit: BODY_LIMIT },
        // (rmcp says 415 of a JSON body it cannot parse, too.)
        StatusCode::UNSUPPORTED_MEDIA_TYPE if !json => {
            ApiError::UnsupportedMediaType { content_type: content_type.unwrap_or_default() }
        }
        _ => ApiError::BadRequest { message: format!("not a message of the Model Context Protocol: {words}") },
    };
    let mut response = error.into_response();
    if let Some(allow) = allow {
        response.headers_mut().insert(header::ALLOW, allow);
    }
    response
}

/// `tsconv mcp`: the protocol over standard input and output, until the
/// client closes them.
pub async fn stdio(tools: Tools) -> std::io::Result<()> {
    let running = tools.serve(rmcp::transport::stdio()).await.map_err(std::io::Error::other)?;
    running.waiting().await.map_err(std::io::Error::other)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{PARAMETERS, TOOLS};

    /// Every parameter a tool takes has words for a model, and every
    /// entry of `PARAMETERS` is a parameter some tool takes.
    #[test]
    fn every_parameter_has_words_for_a_model() {
        let doc = serde_json::to_value(crate::http::openapi()).unwrap();
        let mut taken = std::collections::BTreeSet::new();
        for (name, method, path, _) in TOOLS {
            let operation = &doc["paths"][path][method.as_str().to_ascii_lowercase()];
            let (schema, _) = super::input_schema(operation, &doc["components"]["schemas"], Some("UTC"));
            for (parameter, schema) in schema["properties"].as_object().unwrap() {
                assert!(schema["description"].is_string(), "{name}: {parameter} has no words for a model");
                taken.insert(parameter.clone());
            }
        }
        for (parameter, _) in PARAMETERS {
            assert!(taken.contains(*parameter), "{parameter} is no parameter of any tool");
        }
        assert!(PARAMETERS.iter().all(|(_, words)| !words.is_empty()));
    }
}
