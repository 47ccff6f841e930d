//! Schema pieces of the OpenAPI document, for what derive macros cannot say
//! on their own; every limit comes from the constant the code enforces.

use utoipa::IntoParams;
use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ArrayItems, ObjectBuilder, OneOfBuilder, SchemaType, Type,
};
use utoipa::openapi::{RefOr, Schema};

use super::params::MAX_BATCH;
use crate::time::MAX_INPUT_FORMATS;
use crate::time::input::MAX_INPUT_CHARS;
use crate::time::render::MAX_PATTERN_CHARS;

/// A time zone: a name of the bundled IANA database (matched ignoring
/// case), `UTC`/`Z`, or a fixed offset `±HH`, `±HH:MM`, `±HHMM`,
/// `±HH:MM:SS` of at most ±25:59:59: exactly what `Zone::parse` accepts.
pub fn timezone() -> RefOr<Schema> {
    let mut names: Vec<&str> = vec!["UTC", "Z"];
    names.extend(crate::time::zone::names().iter().filter(|name| **name != "UTC"));
    utoipa::openapi::schema::AnyOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(names))
                .description(Some("An IANA name (any case is accepted; this list is the canonical spelling)")),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(OFFSET_PATTERN))
                .description(Some("A fixed offset from UTC")),
        )
        .description(Some(
            "IANA name (any case; answered canonical), `UTC`, or a fixed offset such as `+05:30`. Default `UTC`",
        ))
        .examples([serde_json::json!("America/New_York")])
        .into()
}

/// `±HH`, `±HH:MM`, `±HH:MM:SS`, `±HHMM` or `±HHMMSS`, hours at most 25.
const OFFSET_PATTERN: &str = "^[+-]([01][0-9]|2[0-5])((:[0-5][0-9](:[0-5][0-9])?)|([0-5][0-9]([0-5][0-9])?))?$";

/// [`timezone`], or JSON `null` (which counts as absent).
pub fn timezone_or_null() -> RefOr<Schema> {
    or_null(timezone())
}

/// A string with one of `values`.
fn one_of(values: impl IntoIterator<Item = &'static str>, description: &'static str) -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(values)).description(Some(description)).into()
}

/// `schema`, or JSON `null` (which counts as absent).
fn or_null(schema: RefOr<Schema>) -> RefOr<Schema> {
    utoipa::openapi::schema::OneOfBuilder::new().item(schema).item(ObjectBuilder::new().schema_type(Type::Null)).into()
}

/// The `precision` parameter.
pub fn precision() -> RefOr<Schema> {
    one_of(
        crate::time::Precision::SPELLINGS,
        "Unit of numeric inputs and of `timestamp` in the answer (any case). Default: detected; `seconds` for current",
    )
}

pub fn precision_or_null() -> RefOr<Schema> {
    or_null(precision())
}

/// The `format` parameter.
pub fn format() -> RefOr<Schema> {
    one_of(crate::time::Format::names(), "An output format (any case)")
}

pub fn format_or_null() -> RefOr<Schema> {
    or_null(format())
}

/// The `style` parameter.
pub fn style() -> RefOr<Schema> {
    one_of(
        crate::time::DiscordStyle::ALL.map(crate::time::DiscordStyle::code),
        "Discord style for `format=discord` (implies it); case matters. Default `f`",
    )
}

pub fn style_or_null() -> RefOr<Schema> {
    or_null(style())
}

/// The `disambiguation` parameter.
pub fn disambiguation() -> RefOr<Schema> {
    one_of(
        crate::time::Disambiguation::ALL.map(crate::time::Disambiguation::name),
        "For a wall-clock time in a DST gap or fold (any case): `compatible` (default) takes the time after a gap \
         and the earlier of a fold, `earlier`, `later`, or `reject` (an `ambiguous_local_time` error)",
    )
}

pub fn disambiguation_or_null() -> RefOr<Schema> {
    or_null(disambiguation())
}

/// The `epoch` parameter.
pub fn epoch() -> RefOr<Schema> {
    let names: Vec<&str> = crate::time::Epoch::names().filter(|name| *name != "snowflake:MS").collect();
    utoipa::openapi::schema::AnyOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(names))
                .description(Some("A named system (any case is accepted; this list is the canonical spelling)")),
        )
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some("^snowflake:-?[0-9]{1,14}$")).description(
            Some(
                "A Snowflake scheme with its epoch in Unix milliseconds (any epoch from years -9999 to 9999 \
                     is accepted; 14 digits always fit)",
            ),
        ))
        .description(Some(format!(
            "The epoch system of numeric inputs (SPEC 8.1; any case): {}. `snowflake:MS` is any Snowflake scheme \
             whose epoch is MS Unix milliseconds. Default `unix`",
            crate::time::Epoch::names().collect::<Vec<_>>().join(", ")
        )))
        .examples([serde_json::json!("filetime"), serde_json::json!("discord")])
        .into()
}

pub fn epoch_or_null() -> RefOr<Schema> {
    or_null(epoch())
}

/// One `input_format` pattern.
fn input_pattern() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_PATTERN_CHARS))
        .examples([serde_json::json!("%d/%m/%Y %H:%M")])
}

const INPUT_FORMAT: &str = "strptime patterns to read the input with instead of the built-in readers, tried in \
    order; the first that reads the whole input wins. A pattern without an offset is a wall-clock time in `timezone`";

/// `input_format` in a JSON body: a pattern, or a list of them.
pub fn input_format() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(input_pattern())
        .item(ArrayBuilder::new().items(input_pattern()).min_items(Some(1)).max_items(Some(MAX_INPUT_FORMATS)))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(format!("{INPUT_FORMAT}: one, or a list of 1 to {MAX_INPUT_FORMATS}")))
        .into()
}

/// `input_format` in a query string or form body: the name repeated for a list.
pub fn query_input_format() -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(input_pattern())
        .min_items(Some(1))
        .max_items(Some(MAX_INPUT_FORMATS))
        .description(Some(format!("{INPUT_FORMAT}: repeat the name for a list of up to {MAX_INPUT_FORMATS}")))
        .into()
}

/// The `pattern` parameter.
pub fn pattern() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_PATTERN_CHARS))
        .description(Some("strftime pattern for `format=custom` (implies it)"))
        .examples([serde_json::json!("%Y-%m-%d %H:%M:%S %Z")])
        .into()
}

pub fn pattern_or_null() -> RefOr<Schema> {
    or_null(pattern())
}

/// A timestamp input in a JSON body: a number (read from its exact decimal
/// text) or a string (a numeric string or a date string).
pub fn timestamp() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Number).description(Some(
            "Unix timestamp; unit detected (below 10^11 seconds, 10^14 ms, 10^17 µs, else ns) unless `precision` is given",
        )))
        .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_INPUT_CHARS)).description(Some(
            "A numeric string, or RFC 3339 / ISO 8601 / RFC 9557 / RFC 2822 / HTTP date / date / date-time in `timezone`, \
             an ID (UUID v1/v6/v7, ULID, ObjectId, KSUID), or date math (`now-1d/d`, `2023-11-14T10:00:00Z||+1M/d`)",
        )))
        .description(Some("The instant (exclusive with `timestamps`)"))
        .examples([serde_json::json!(1700000000), serde_json::json!("2023-11-14T22:13:20Z")])
        .into()
}

/// A timestamp input in the query string or a form body: text.
pub fn query_timestamp() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(MAX_INPUT_CHARS))
        .description(Some(
            "The instant: a Unix timestamp (s, ms, µs or ns; detected unless `precision` is given), a date string, \
             an ID, or date math such as `now-1d/d`",
        ))
        .examples([serde_json::json!("1700000000")])
        .into()
}

/// `from` and `to` of a zone's transitions: any timestamp input, as text.
pub fn query_instant() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(MAX_INPUT_CHARS))
        .examples([serde_json::json!("2024-01-01")])
        .into()
}

/// `count` of a zone's transitions.
pub fn transition_count() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(crate::time::transitions::MAX_TRANSITIONS))
        .description(Some(format!(
            "How many transitions to list, at most {} (default {})",
            crate::time::transitions::MAX_TRANSITIONS,
            crate::time::transitions::DEFAULT_TRANSITIONS
        )))
        .into()
}

/// `direction` of a zone's transitions.
pub fn direction() -> RefOr<Schema> {
    one_of(
        crate::time::transitions::Direction::ALL.map(crate::time::transitions::Direction::name),
        "`next` (default): transitions after `from`, oldest first; `previous`: before it, newest first (any case)",
    )
}

/// `at` of the zone list: any timestamp input, as text.
pub fn query_at() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(MAX_INPUT_CHARS))
        .description(Some("The instant to describe the zones at (any timestamp input, read in UTC). Default now"))
        .examples([serde_json::json!("2023-11-14T22:13:20Z")])
        .into()
}

/// Batch items in a JSON body: any JSON value is answered, since one bad
/// item never fails the batch; a number or a short string is read, and
/// anything else becomes that item's error.
pub fn timestamps() -> RefOr<Schema> {
    batch_of(ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some(format!(
        "A timestamp input (a number, or a string of at most {MAX_INPUT_CHARS} characters). Anything else is \
         reported as this item's error in `results`; the batch still answers 200"
    ))))
}

/// Batch items in a query string or form body, where every value is text.
pub fn query_timestamps() -> RefOr<Schema> {
    batch_of(ObjectBuilder::new().schema_type(Type::String).description(Some(format!(
        "A timestamp input. One that is not a timestamp, or is over {MAX_INPUT_CHARS} characters, is reported as \
         this item's error in `results`; the batch still answers 200"
    ))))
}

fn batch_of(item: ObjectBuilder) -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(item)
        .min_items(Some(1))
        .max_items(Some(MAX_BATCH))
        .description(Some(format!("A batch of 1 to {MAX_BATCH} inputs, instead of `timestamp`")))
        .into()
}

/// The form body (`application/x-www-form-urlencoded`) of an endpoint whose
/// parameter struct is `T`: the same names as its query string, every value
/// text. A name that may repeat (a batch) may also be sent once.
pub fn form<T: IntoParams>() -> RefOr<Schema> {
    let mut object =
        ObjectBuilder::new().additional_properties(Some(AdditionalProperties::FreeForm(false))).description(Some(
            "A form body: the parameters of the query string, every value text. A batch repeats the name, \
             `timestamps=0&timestamps=1700000000`",
        ));
    for Parameter { name, schema, description, .. } in T::into_params(|| Some(ParameterIn::Query)) {
        let Some(schema) = schema else { continue };
        let schema = match schema {
            RefOr::T(Schema::Array(array)) => match &array.items {
                ArrayItems::RefOrSchema(item) => {
                    let once = item.as_ref().clone();
                    OneOfBuilder::new().item(Schema::Array(array)).item(once).into()
                }
                ArrayItems::False => RefOr::T(Schema::Array(array)),
            },
            RefOr::T(Schema::Object(mut property)) if property.description.is_none() => {
                property.description = description;
                RefOr::T(Schema::Object(property))
            }
            other => other,
        };
        object = object.property(name, schema);
    }
    object.into()
}

#[cfg(test)]
mod tests {
    use super::OFFSET_PATTERN;

    /// The documented offset pattern accepts exactly what the parser does.
    #[test]
    fn offset_pattern_matches_the_parser() {
        let pattern = regex::Regex::new(OFFSET_PATTERN).unwrap();
        for text in ["+05", "-05:30", "+0530", "+05:30:15", "+053015", "-25:59:59", "+00", "+19:00"] {
            assert!(pattern.is_match(text), "{text}");
            assert!(crate::time::Zone::parse(text).is_ok(), "{text}");
        }
        for text in ["+5", "+26", "+05:60", "+0530:00", "+05:3", "05:00", "+05:30:00:00", "+05:", "+053"] {
            assert!(!pattern.is_match(text), "{text}");
            assert!(crate::time::Zone::parse(text).is_err(), "{text}");
        }
    }
}
