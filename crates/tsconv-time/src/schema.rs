//! The OpenAPI schemas that the answer types share (the `openapi`
//! feature): an enum of names, an integer wider than 64 bits, an object of
//! nullable strings. Each answer's own schema is beside it.

use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// A string that is one of `values`.
pub(crate) fn names(values: impl IntoIterator<Item = &'static str>, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(values)).description(Some(description)).into()
}

/// An integer that may exceed 64 bits (nanoseconds before 1677 or after
/// 2262): written exactly in the JSON text, so JavaScript clients should
/// read the `units_text` strings instead.
pub(crate) fn big_integer() -> impl Into<RefOr<Schema>> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .description(Some(
            "Exact integer; nanosecond values exceed 2^53 (and sometimes 2^63): \
             JavaScript clients should read the matching `units_text` string",
        ))
        .examples([serde_json::json!(1700000000)])
}

/// An object with one string or `null` per name.
pub(crate) fn nullable_strings<const N: usize>(names: [&'static str; N], what: &str) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)));
    for name in names {
        object = object
            .property(
                name,
                ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null])),
            )
            .required(name);
    }
    object.description(Some(what))
}
