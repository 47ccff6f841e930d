//! The OpenAPI 3.1 document, generated from the handlers and types.
//!
//! Routes are registered through `utoipa_axum::routes!`, which takes each
//! handler's `#[utoipa::path]` with it, so a route cannot exist without its
//! description. This module holds what the handlers share: the parameter
//! and body schemas, the error responses, and the document's frame.

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::response::{Response as DocResponse, ResponseBuilder, ResponsesBuilder};
use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder, OneOfBuilder};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, HeaderBuilder, OpenApi as Document, RefOr, Schema};
use utoipa::{IntoResponses, Modify, OpenApi, PartialSchema};

use super::envelope::Envelope;
use super::limits::BODY_LIMIT;
use crate::config::{MAX_HEAD_BYTES, MAX_HEADERS, MAX_URI_BYTES};

/// The document's frame: info, tags, security schemes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "tsconv",
        description = "Timestamps converted, validated and formatted, exact to the nanosecond, in every IANA time zone.\n\n\
            Every response is JSON with the envelope `{code, message, data}`: `code` 0 and `message` \"ok\" on success; \
            on failure a non-zero code, a message that says what to fix, and `data.error`/`data.param`.\n\n\
            Plain text instead: `Accept: text/plain`, or the path plus `.txt` (`/api/timestamp/current.txt`): the one \
            value asked for (a `format`), else `key: value` lines of `data`'s fields (nested as `zone.name`), in the \
            order of their names; an error is `error: <kind>: <message>`, with the same status.\n\n\
            Every POST endpoint also answers GET with the same parameters in the query string. Every `/api/...` route \
            is also served under `/api/v1/...`. Keyword values (`precision`, `format`, `disambiguation`) are \
            case-insensitive.\n\n\
            Integers beyond 2^53 (nanoseconds) are written exactly: JavaScript clients should read `units_text`.\n\n\
            The same operations are tools for AI agents at `/mcp` (the Model Context Protocol over Streamable HTTP).\n\n\
            When the server runs with API keys, every API route (under `/api` and `/api/v1`), `/mcp` and `/metrics` need `Authorization: Bearer <key>` or \
            `X-API-Key: <key>`.",
        license(name = "MIT OR Apache-2.0")
    ),
    tags(
        (name = "timestamp", description = "Convert, validate and format timestamps"),
        (name = "arithmetic", description = "Add durations, round, and measure the time between instants, on the wall clock of any zone"),
        (name = "timezones", description = "The IANA time zone database, and the zone of a place"),
        (name = "schedules", description = "The runs of a cron expression, a systemd calendar event or an RRULE in a zone, across its clock changes; and calendar feeds"),
        (name = "locales", description = "The languages of the compiled CLDR data"),
        (name = "agents", description = "The same operations as tools of the Model Context Protocol"),
        (name = "worldtimeapi", description = "worldtimeapi.org's routes and answers, field for field (its own JSON and text, no envelope): a device written for it changes only the host"),
        (name = "timeapi.io", description = "timeapi.io's routes and answers, with its names and casing (no envelope); its paths match in any case"),
        (name = "operations", description = "Health, readiness, metrics and this document")
    ),
    modifiers(&Frame)
)]
pub struct ApiDoc;

struct Frame;

impl Modify for Frame {
    fn modify(&self, doc: &mut Document) {
        doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("tsk_...").build()),
        );
        components
            .add_security_scheme("api_key", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-API-Key"))));
    }
}

/// Which parameters each body needs: one of the alternatives (an input or
/// a batch), and always the rest.
const NEEDS: [BodyNeeds; 14] = {
    const ONE_OR_BATCH: &[&[&str]] = &[&["timestamp"], &["timestamps"]];
    const PAIRS: &[&[&str]] = &[&["from", "to"], &["pairs"]];
    [
        ("TimestampBody", ONE_OR_BATCH, &[]),
        ("TimestampForm", ONE_OR_BATCH, &[]),
        ("ValidateBody", ONE_OR_BATCH, &[]),
        ("ValidateForm", ONE_OR_BATCH, &[]),
        ("AddBody", ONE_OR_BATCH, &["duration"]),
        ("AddForm", ONE_OR_BATCH, &["duration"]),
        ("RoundBody", ONE_OR_BATCH, &["unit"]),
        ("RoundForm", ONE_OR_BATCH, &["unit"]),
        ("DiffBody", PAIRS, &[]),
        ("DiffForm", PAIRS, &[]),
        ("ExtractBody", &[&[]], &["text"]),
        ("ExtractForm", &[&[]], &["text"]),
        ("ScheduleBody", &[&[]], &["schedule"]),
        ("ScheduleForm", &[&[]], &["schedule"]),
    ]
};

/// Finishes the document built by the router: `/api/v1` copies get their
/// own operation ids, and the document and docs page describe themselves.
pub fn finish(mut doc: Document) -> Document {
    for (path, item) in doc.paths.paths.iter_mut() {
        for operation in operations(item) {
            if path.starts_with("/api/v1/")
                && let Some(id) = &operation.operation_id
            {
                operation.operation_id = Some(format!("{id}_v1"));
            }
            // Plain text: every API answer, errors included, also
            // as `text/plain` (`Accept: text/plain`, or the path plus `.txt`).
            if path.starts_with("/api/") {
                // (Not the answers hyper writes itself, such as 414: no body.)
                for response in operation.responses.responses.values_mut() {
                    if let RefOr::T(response) = response
                        && response.content.contains_key("application/json")
                    {
                        response.content.insert("text/plain".to_owned(), plain_text());
                    }
                }
            }
            // A path parameter is always required (OpenAPI 3.1), and so is
            // a query parameter that a body always needs (add's `duration`,
            // round's `unit`: no other endpoint has one of that name); utoipa
            // cannot infer either for one described by `schema_with`.
            for parameter in operation.parameters.iter_mut().flatten() {
                let always = NEEDS.iter().any(|(_, _, always)| always.contains(&parameter.name.as_str()));
                if parameter.parameter_in == utoipa::openapi::path::ParameterIn::Path
                    || (parameter.parameter_in == utoipa::openapi::path::ParameterIn::Query && always)
                {
                    parameter.required = utoipa::openapi::Required::True;
                }
            }
        }
    }
    if let Some(components) = doc.components.as_mut() {
        // `Totals<D>` is generic (numbers in `totals`, strings in
        // `totals_text`), and utoipa does not collect the schema of a type
        // argument: the decimals' schema is registered here.
        components.schemas.entry("Decimal".to_owned()).or_insert_with(tsconv_time::arithmetic::Decimal::schema);
        for (name, alternatives, always) in NEEDS {
            if let Some(body) = components.schemas.remove(name) {
                components.schemas.insert(name.to_owned(), requiring(body, alternatives, always));
            }
        }
        // An answer cut by `fields` has no field it must have, so a batch
        // (`{count, failed, results}`) or a failed item (`{error}`) is also a
        // valid one-result object: the data is any of these, not exactly one.
        for (name, schema) in components.schemas.iter_mut() {
            if name.starts_with("Item_") {
                any_of(schema);
            } else if name.starts_with("Envelope_OneOrBatch_")
                && let RefOr::T(Schema::Object(envelope)) = schema
                && let Some(data) = envelope.properties.get_mut("data")
            {
                any_of(data);
            }
        }
    }
    doc.paths.paths.insert("/openapi.json".to_owned(), self_description());
    doc.paths.paths.insert("/docs".to_owned(), docs_redirect());
    doc.paths.paths.insert("/docs/".to_owned(), docs_page());
    doc.paths.paths.insert(super::mcp::PATH.to_owned(), mcp_endpoint());
    doc
}

/// `schema`'s `oneOf` as `anyOf`, with its description.
fn any_of(schema: &mut RefOr<Schema>) {
    if let RefOr::T(Schema::OneOf(one)) = schema {
        let items = std::mem::take(&mut one.items);
        *schema =
            items.into_iter().fold(AnyOfBuilder::new().description(one.description.take()), AnyOfBuilder::item).into();
    }
}

/// `/mcp`: JSON-RPC messages of the Model Context Protocol, whose
/// own specification (not this document) states their schemas; its tools
/// are this document's operations, with these operations' parameters as
/// their input schemas.
fn mcp_endpoint() -> PathItem {
    let message = |schema: RefOr<Schema>, example: serde_json::Value| {
        let mut content = ContentBuilder::new().schema(Some(schema)).build();
        content.example = Some(example);
        content
    };
    let call = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "convert", "arguments": {"timestamp": 1700000000, "timezone": "Europe/Berlin"}}});
    let answer = serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "..."}],
        "structuredContent": {"iso": "2023-11-14T22:13:20.000Z", "...": "the `data` of /api/timestamp/convert"},
        "isError": false}});
    let mut operation = Operation::new();
    operation.operation_id = Some("mcp".to_owned());
    operation.summary =
        Some("The Model Context Protocol over Streamable HTTP: the API's operations as tools".to_owned());
    operation.description = Some(
        "Tools: now, convert, validate, format, add, diff, round, transitions, zones, extract. Each takes the parameters of \
         its route, as a flat object schema (`tools/list`), and answers that route's `data` as structured content, \
         with the plain-text answer as its text; a bad input is a tool error (`isError`) whose structured content \
         is `{code, error, message}`. Stateless: no session is kept, so any replica answers.\n\n\
         Answers are `application/json` (never an event stream): MCP clients send \
         `Accept: application/json, text/event-stream`, and a request with no `Accept`, or one that admits \
         `application/json` (`*/*`, `application/*`), is served too; an `Accept` that admits no JSON is 406."
            .to_owned(),
    );
    operation.tags = Some(vec!["agents".to_owned()]);
    operation.request_body = Some(
        utoipa::openapi::request_body::RequestBodyBuilder::new()
            .content("application/json", message(jsonrpc_message(), call))
            .required(Some(utoipa::openapi::Required::True))
            .build(),
    );
    let any = || -> RefOr<Schema> { ObjectBuilder::new().into() };
    operation.responses = common_errors(
        ResponsesBuilder::new()
            .response(
                "200",
                ResponseBuilder::new()
                    .description("The JSON-RPC answer: a `result`, or an `error` of the protocol (an unknown method)")
                    .content("application/json", message(any(), answer)),
            )
            .response("202", ResponseBuilder::new().description("A notification, accepted; no body"))
            .response(
                "400",
                error_response("No message of the protocol: JSON that is no JSON-RPC message", "40000 bad_request"),
            )
            .response(
                "406",
                error_response(
                    "`Accept` admits no `application/json` (`text/event-stream` alone, `text/html`, a weight of 0)",
                    "40600 not_acceptable",
                ),
            )
            .response(
                "413",
                error_response(
                    &format!("The body is larger than {} KiB", BODY_LIMIT / 1024),
                    "41300 payload_too_large",
                ),
            )
            .response("415", error_response("The body is not application/json", "41500 unsupported_media_type")),
    )
    .build();
    PathItem::new(utoipa::openapi::HttpMethod::Post, operation)
}

/// A JSON-RPC 2.0 request or notification, as MCP sends them: a `method`,
/// its `params` (an object), and an `id` (a string or an integer) unless it
/// is a notification. Which methods and params MCP defines is the
/// protocol's own schema; an unknown method is answered with a JSON-RPC
/// error (200), not refused.
fn jsonrpc_message() -> RefOr<Schema> {
    use utoipa::openapi::schema::Type;
    // An id is a string or a 64-bit integer (rmcp's, as most SDKs read one).
    let id = OneOfBuilder::new().item(ObjectBuilder::new().schema_type(Type::String)).item(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(utoipa::Number::Int(i64::MIN as isize)))
            .maximum(Some(utoipa::Number::Int(i64::MAX as isize))),
    );
    let params = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property(
            "_meta",
            OneOfBuilder::new()
                .item(ObjectBuilder::new().schema_type(Type::Object))
                .item(ObjectBuilder::new().schema_type(Type::Null)),
        )
        .description(Some("The method's parameters (`null` counts as absent, and so does a `null` `_meta`)"));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("jsonrpc", ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["2.0"])))
        .required("jsonrpc")
        .property("id", id)
        .property("method", ObjectBuilder::new().schema_type(Type::String))
        .required("method")
        .property("params", OneOfBuilder::new().item(params).item(ObjectBuilder::new().schema_type(Type::Null)))
        .description(Some("A JSON-RPC 2.0 request (with `id`) or notification (without) of the Model Context Protocol"))
        .into()
}

/// The `text/plain` answer of an API route.
fn plain_text() -> utoipa::openapi::Content {
    let mut content = ContentBuilder::new().schema(Some(String::schema())).build();
    content.example = Some(serde_json::Value::String(
        "iso: 2023-11-14T22:13:20.000Z\nrfc3339: 2023-11-14T17:13:20-05:00\n...\n(or the one value of `format`; \
         an error: `error: invalid_timestamp: ...`)"
            .to_owned(),
    ));
    content
}

fn docs_redirect() -> PathItem {
    let location = HeaderBuilder::new().schema(String::schema()).build();
    get_operation(
        "docs_redirect",
        "Redirects to the interactive docs page",
        "303",
        ResponseBuilder::new().description("See /docs/").header("Location", location),
    )
}

fn docs_page() -> PathItem {
    let page = ContentBuilder::new().schema(Some(String::schema())).build();
    get_operation(
        "docs",
        "Interactive docs (Swagger UI, served from the binary: no outside host)",
        "200",
        ResponseBuilder::new().description("The Swagger UI page").content("text/html", page),
    )
}

/// A body's name, the sets of parameters of which it needs one (an input
/// or a batch), and those it always needs.
type BodyNeeds = (&'static str, &'static [&'static [&'static str]], &'static [&'static str]);

/// `body`, needing all the names of one of `alternatives`, and `always`.
fn requiring(body: RefOr<Schema>, alternatives: &[&[&str]], always: &[&str]) -> RefOr<Schema> {
    let required = |names: &[&str]| {
        let mut object = ObjectBuilder::new();
        for name in names.iter().chain(always) {
            object = object.required(*name);
        }
        object
    };
    let mut one_of = OneOfBuilder::new();
    for names in alternatives {
        one_of = one_of.item(required(names));
    }
    AllOfBuilder::new().item(body).item(one_of).into()
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.post, &mut item.put, &mut item.delete, &mut item.patch, &mut item.head]
        .into_iter()
        .filter_map(Option::as_mut)
}

/// A GET operation of the "operations" tag, for routes that are not
/// handlers of ours (the document itself, the Swagger UI pages).
fn get_operation(id: &str, summary: &str, status: &str, response: ResponseBuilder) -> PathItem {
    let mut operation = Operation::new();
    operation.operation_id = Some(id.to_owned());
    operation.summary = Some(summary.to_owned());
    operation.tags = Some(vec!["operations".to_owned()]);
    operation.responses = ResponsesBuilder::new().response(status, response).build();
    PathItem::new(utoipa::openapi::HttpMethod::Get, operation)
}

fn self_description() -> PathItem {
    let body = ContentBuilder::new().schema(Some(ObjectBuilder::new())).build();
    get_operation(
        "openapi",
        "This OpenAPI 3.1 document",
        "200",
        ResponseBuilder::new().description("The document").content("application/json", body),
    )
}

/// What every error response holds.
fn error_response(description: &str, codes: &str) -> DocResponse {
    ResponseBuilder::new()
        .description(format!("{description}. Envelope codes: {codes}"))
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(Envelope::<super::error::ErrorData>::schema())).build(),
        )
        .header(
            "X-Request-Id",
            HeaderBuilder::new().schema(String::schema()).description(Some("Echoed or generated")).build(),
        )
        .header("API-Version", HeaderBuilder::new().schema(String::schema()).build())
        .build()
}

/// The failures every API route can answer with.
fn common_errors(builder: ResponsesBuilder) -> ResponsesBuilder {
    builder
        .response(
            "401",
            error_response(
                "API keys are on and the key is missing or wrong (with `WWW-Authenticate: Bearer`)",
                "40100 unauthorized",
            ),
        )
        .response(
            "408",
            error_response(
                &format!(
                    "The request took longer than the server's limit (`--request-timeout`, default {} s)",
                    crate::config::Config::default().request_timeout.as_secs()
                ),
                "40800 request_timeout",
            ),
        )
        .response(
            "429",
            error_response("The client's rate budget is spent (with `Retry-After`, seconds)", "42900 rate_limited"),
        )
        .response(
            "431",
            ResponseBuilder::new().description(format!(
                "The request line and headers exceed {} KiB, or there are more than {MAX_HEADERS} headers. Refused \
                 by the HTTP layer before any route runs, with an empty body",
                MAX_HEAD_BYTES / 1024
            )),
        )
        .response("500", error_response("A bug; logged with the request id", "50000 internal_error"))
        .response(
            "503",
            error_response(
                "The shared rate-limit store is down and the server fails closed, the client's address holds too \
                 many connections, or large answers being written are over the server's budget; with `Retry-After`",
                "50300 unavailable",
            ),
        )
}

const BAD_REQUEST_CODES: &str = "40000 bad_request, 40001 missing_parameter, 40002 invalid_timestamp, \
    40003 unknown_timezone, 40004 invalid_format, 40005 invalid_precision, 40006 out_of_range, \
    40007 invalid_pattern, 40008 invalid_style, 40009 ambiguous_local_time, 40010 unknown_parameter, \
    40011 batch_too_large, 40012 invalid_duration, 40013 invalid_unit, 40014 invalid_epoch";

/// Error responses of a GET with query parameters.
pub struct QueryErrors;

impl IntoResponses for QueryErrors {
    fn responses() -> std::collections::BTreeMap<String, RefOr<DocResponse>> {
        common_errors(
            ResponsesBuilder::new()
                .response("400", error_response("A parameter is wrong", BAD_REQUEST_CODES))
                .response(
                    "414",
                    ResponseBuilder::new().description(format!(
                        "The URI is longer than {MAX_URI_BYTES} bytes. Refused by the HTTP layer before any route \
                         runs, with an empty body: send large batches with POST"
                    )),
                ),
        )
        .build()
        .into()
    }
}

/// Error responses of a POST with a body.
pub struct BodyErrors;

impl IntoResponses for BodyErrors {
    fn responses() -> std::collections::BTreeMap<String, RefOr<DocResponse>> {
        common_errors(
            ResponsesBuilder::new()
                .response("400", error_response("The body or a parameter is wrong", BAD_REQUEST_CODES))
                .response(
                    "413",
                    error_response(
                        &format!("The body is larger than {} KiB", BODY_LIMIT / 1024),
                        "41300 payload_too_large",
                    ),
                )
                .response(
                    "415",
                    error_response(
                        "The body is neither application/json nor application/x-www-form-urlencoded",
                        "41500 unsupported_media_type",
                    ),
                ),
        )
        .build()
        .into()
    }
}
