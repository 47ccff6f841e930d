//! Schema pieces shared by the engine's result types and the web layer's
//! OpenAPI document, for what derive macros cannot say on their own.

use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// An integer that may exceed 64 bits (nanoseconds before 1677 or after
/// 2262): written exactly in the JSON text, so JavaScript clients should
/// read the `units_text` strings instead.
pub fn big_integer() -> impl Into<RefOr<Schema>> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .description(Some(
            "Exact integer; nanosecond values exceed 2^53 (and sometimes 2^63): \
             JavaScript clients should read the matching `units_text` string",
        ))
        .examples([serde_json::json!(1700000000)])
}

/// The nine Discord styles as an object with one string per style letter.
pub fn discord_styles() -> impl Into<RefOr<Schema>> {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)));
    for style in ["t", "T", "d", "D", "f", "F", "s", "S", "R"] {
        object = object.property(style, ObjectBuilder::new().schema_type(Type::String)).required(style);
    }
    object.description(Some("One value per Discord style: t T d D f F s S R"))
}

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
    one_of(crate::time::Format::NAMES, "An output format (any case)")
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
