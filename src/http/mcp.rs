//! The API's operations as tools of the Model Context Protocol (SPEC 12),
//! through `rmcp`, the protocol's official Rust SDK: `tsconv mcp` over
//! standard input and output, and `/mcp` over Streamable HTTP (behind the
//! same keys and rate limits as the API: [`crate::http::app`] guards it).
//!
//! A tool is one of the API's routes, and nothing else: its input schema is
//! taken from the route's entry in the OpenAPI document (the JSON body's
//! schema, or the query and path parameters), its description from the
//! route's, and a call is a request to the route, answered in-process by the
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

/// Each tool: its name, and the route it calls.
const TOOLS: [(&str, Method, &str); 9] = [
    ("now", Method::GET, "/api/timestamp/current"),
    ("convert", Method::POST, "/api/timestamp/convert"),
    ("validate", Method::POST, "/api/timestamp/validate"),
    ("format", Method::POST, "/api/timestamp/format"),
    ("add", Method::POST, "/api/timestamp/add"),
    ("diff", Method::POST, "/api/timestamp/diff"),
    ("round", Method::POST, "/api/timestamp/round"),
    ("transitions", Method::GET, "/api/timezones/{zone}/transitions"),
    ("zones", Method::GET, "/api/timezones"),
];

/// What the server says of itself when a client connects.
const INSTRUCTIONS: &str = "Exact timestamp conversion, validation, formatting (Discord, strftime, RFC 3339, \
    HTTP dates, ...), arithmetic on the wall clock of any IANA zone, and zones' transitions. Every tool answers \
    the same data as tsconv's REST API; a bad input is a tool error with its code, kind and message.";

/// The tools, and the API router that answers them; cheap to clone.
#[derive(Clone)]
pub struct Tools {
    api: Router,
    tools: Arc<[Route]>,
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
    /// itself).
    ///
    /// # Panics
    /// When `doc` lacks a route of [`TOOLS`]: a test builds every tool.
    pub fn new(api: Router, doc: &utoipa::openapi::OpenApi) -> Tools {
        let doc = serde_json::to_value(doc).expect("the OpenAPI document is JSON");
        let tools = TOOLS
            .iter()
            .map(|(name, method, path)| {
                let operation = &doc["paths"][*path][method.as_str().to_ascii_lowercase()];
                assert!(operation.is_object(), "the OpenAPI document has no {method} {path}");
                let schema = input_schema(operation, &doc["components"]["schemas"]);
                let description = [&operation["summary"], &operation["description"]]
                    .into_iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join("\n\n");
                let tool = Tool::new(*name, description, schema)
                    .with_annotations(ToolAnnotations::new().read_only(true).idempotent(true).open_world(false));
                Route { tool, method: method.clone(), path }
            })
            .collect();
        Tools { api, tools }
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

/// A tool's input schema: the route's JSON body schema (a POST), or an
/// object of its query and path parameters (a GET), every `$ref` written
/// out so that the schema stands alone.
fn input_schema(operation: &Value, components: &Value) -> JsonObject {
    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
    if !body.is_null() {
        let mut schema = match inline(body, components, 0) {
            Value::Object(schema) => schema,
            _ => JsonObject::new(),
        };
        // A body is an object, whose properties and needs the document
        // states as `allOf` parts; MCP asks the root to say so itself.
        schema.entry("type").or_insert_with(|| "object".into());
        return schema;
    }
    let mut properties = Map::new();
    let mut required = Vec::new();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let Some(name) = parameter["name"].as_str() else { continue };
        let mut schema = inline(&parameter["schema"], components, 0);
        if let (Value::Object(fields), Some(description)) = (&mut schema, parameter.get("description")) {
            fields.insert("description".to_owned(), description.clone());
        }
        properties.insert(name.to_owned(), schema);
        if parameter["required"] == Value::Bool(true) {
            required.push(Value::String(name.to_owned()));
        }
    }
    let mut schema = JsonObject::new();
    schema.insert("type".to_owned(), "object".into());
    schema.insert("properties".to_owned(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".to_owned(), Value::Array(required));
    }
    schema.insert("additionalProperties".to_owned(), false.into());
    schema
}

/// The longest list of allowed values a tool's schema spells out. Longer
/// ones (the ~600 zone names, the ~140 Windows zone IDs) would make each
/// tool's definition some 15 KB, read by the model every time: they become
/// a string with the list's description, and the route still refuses what
/// it does not know, with a did-you-mean hint.
const MAX_ENUM: usize = 64;

/// `schema` with each `{"$ref": "#/components/schemas/X"}` replaced by X,
/// and each list of more than [`MAX_ENUM`] values left unwritten. (The
/// parameters' schemas are not recursive; the depth bound keeps a future
/// recursive one from looping.)
fn inline(schema: &Value, components: &Value, depth: usize) -> Value {
    match schema {
        Value::Object(fields) => {
            if let Some(name) =
                fields.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
                && depth < 16
            {
                return inline(&components[name], components, depth + 1);
            }
            let mut fields: Map<String, Value> =
                fields.iter().map(|(key, value)| (key.clone(), inline(value, components, depth))).collect();
            if let Some(Value::Array(values)) = fields.get("enum")
                && values.len() > MAX_ENUM
            {
                let count = values.len();
                fields.remove("enum");
                let described = fields.get("description").and_then(Value::as_str).unwrap_or("One of a list");
                let description = format!("{described}: one of {count} values, not listed here");
                fields.insert("description".to_owned(), description.into());
            }
            Value::Object(fields)
        }
        Value::Array(items) => Value::Array(items.iter().map(|item| inline(item, components, depth)).collect()),
        other => other.clone(),
    }
}

impl ServerHandler for Tools {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("tsconv", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
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

/// `/mcp`'s refusals in the API's envelope. rmcp answers a request that is
/// no protocol message at all (a GET, a wrong `Accept` or content type, a
/// body over the limit, JSON that is no JSON-RPC) with a status and a line
/// of plain text; a client of this API reads envelopes. JSON-RPC answers,
/// errors among them, are the protocol's and stay as they are.
pub async fn envelope_refusals(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
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
