//! The answers' shapes: the `data` of current, convert, format, validate
//! and the zone list, as the API sends them and the CLI's `--json` prints
//! them, each with its OpenAPI schema.
//!
//! The engine ([`crate::time`]) fills these in; the schemas live here, so
//! the engine itself knows nothing of OpenAPI.

use std::borrow::Cow;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::time::render::DiscordStyles;
use crate::time::{DiscordStyle, Format, Kind, Precision};

/// An instant in every representation of SPEC 3 (the `data` of current and
/// convert).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Report {
    /// The instant as an integer in `precision`, floored.
    #[schema(schema_with = big_integer)]
    pub timestamp: i128,
    pub precision: Precision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision_detected: Option<bool>,
    pub iso: String,
    pub timezone: String,
    pub rfc3339: String,
    pub utc: String,
    pub local: String,
    pub units: Units,
    pub units_text: UnitsText,
    pub zone: ZoneInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<InputInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formatted: Option<String>,
}

/// What the input was read as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct InputInfo {
    pub kind: Kind,
    /// The input as given (for a JSON number, its text).
    pub text: String,
}

/// The instant in every unit, floored and exact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Units {
    #[schema(schema_with = big_integer)]
    pub seconds: i128,
    #[schema(schema_with = big_integer)]
    pub milliseconds: i128,
    #[schema(schema_with = big_integer)]
    pub microseconds: i128,
    #[schema(schema_with = big_integer)]
    pub nanoseconds: i128,
}

/// [`Units`] as decimal strings, for clients whose numbers are doubles
/// (JavaScript loses digits past 2^53).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct UnitsText {
    pub seconds: String,
    pub milliseconds: String,
    pub microseconds: String,
    pub nanoseconds: String,
}

/// Metadata of a zone at one instant (the `zone` field of SPEC 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ZoneInfo {
    pub name: String,
    pub abbreviation: String,
    /// `±HH:MM`, with `:SS` only for historical offsets that have seconds.
    pub offset: String,
    pub offset_seconds: i32,
    pub dst: bool,
    /// The next instant at which the offset or abbreviation changes, as
    /// `YYYY-MM-DDTHH:MM:SSZ`; `null` for zones without transitions.
    pub next_transition: Option<String>,
}

/// The answer of `GET /api/timezones`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ZoneList {
    pub tzdb_version: &'static str,
    /// The instant the offsets are given for, in UTC, whole seconds.
    pub at: String,
    pub count: usize,
    pub zones: Vec<ZoneInfo>,
}

/// The `data` of format (SPEC 4.4): one format, or every preset.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Formatted {
    #[schema(schema_with = big_integer)]
    pub timestamp: i128,
    pub precision: Precision,
    pub iso: String,
    pub timezone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub format: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formatted: Option<String>,
    /// For `format=discord`: what an en-US client shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formats: Option<Box<Presets>>,
}

/// Every preset of SPEC 4.4, as `data.formats`: one string per format of
/// [`Format::PRESETS`], named and ordered as it is, then the Discord codes
/// and what an en-US Discord client shows for each.
#[derive(Clone, Debug)]
pub struct Presets {
    pub values: [String; Format::PRESETS.len()],
    pub discord: DiscordStyles,
    pub discord_preview: DiscordStyles,
}

impl Presets {
    /// Each preset's name and value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        Format::PRESETS.into_iter().map(|format| format.name()).zip(self.values.iter().map(String::as_str))
    }
}

impl Serialize for Presets {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_struct("Presets", self.values.len() + 2)?;
        for (name, value) in self.iter() {
            map.serialize_field(name, value)?;
        }
        map.serialize_field("discord", &self.discord)?;
        map.serialize_field("discord_preview", &self.discord_preview)?;
        map.end()
    }
}

impl PartialSchema for Presets {
    fn schema() -> RefOr<Schema> {
        let mut object = ObjectBuilder::new().schema_type(Type::Object);
        for format in Format::PRESETS {
            object =
                object.property(format.name(), ObjectBuilder::new().schema_type(Type::String)).required(format.name());
        }
        object
            .property("discord", discord_styles("The `<t:…:X>` code of each style"))
            .required("discord")
            .property(
                "discord_preview",
                discord_styles("What an en-US Discord client shows for each style, in `timezone`"),
            )
            .required("discord_preview")
            .description(Some("Every preset of SPEC 4.4"))
            .into()
    }
}

impl ToSchema for Presets {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Presets")
    }
}

/// The answer of `validate` (SPEC 4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Validation {
    pub valid: bool,
    pub kind: Option<Kind>,
    pub precision: Option<Precision>,
    pub precision_detected: Option<bool>,
    pub conforms: Conforms,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<Normalized>,
    pub warnings: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ValidationError>,
}

/// Which standards the text satisfies, judged by each standard's grammar
/// and rules on the text exactly as sent (white space around it included),
/// whether or not tsconv can read it: an RFC 3339 string with more than nine
/// fraction digits conforms, although tsconv refuses to round it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Conforms {
    pub rfc3339: bool,
    pub iso8601: bool,
    pub rfc9557: bool,
    pub rfc2822: bool,
    pub http_date: bool,
}

/// The instant of a valid input, in three forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Normalized {
    #[schema(schema_with = big_integer)]
    pub timestamp: i128,
    pub iso: String,
    pub rfc3339: String,
}

/// Why an input is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ValidationError {
    pub error: &'static str,
    pub message: String,
    pub position: Option<usize>,
}

/// `precision` in an answer: the unit's name.
impl PartialSchema for Precision {
    fn schema() -> RefOr<Schema> {
        names(Precision::ALL.map(Precision::name), "The unit of `timestamp`")
    }
}

impl ToSchema for Precision {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Precision")
    }
}

/// `kind` in an answer: what the input was read as.
impl PartialSchema for Kind {
    fn schema() -> RefOr<Schema> {
        names(Kind::ALL.map(Kind::name), "What the input was read as")
    }
}

impl ToSchema for Kind {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Kind")
    }
}

fn names(values: impl IntoIterator<Item = &'static str>, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(values)).description(Some(description)).into()
}

/// An integer that may exceed 64 bits (nanoseconds before 1677 or after
/// 2262): written exactly in the JSON text, so JavaScript clients should
/// read the `units_text` strings instead.
fn big_integer() -> impl Into<RefOr<Schema>> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .description(Some(
            "Exact integer; nanosecond values exceed 2^53 (and sometimes 2^63): \
             JavaScript clients should read the matching `units_text` string",
        ))
        .examples([serde_json::json!(1700000000)])
}

/// The nine Discord styles as an object with one string per style letter.
fn discord_styles(what: &str) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(false)));
    let codes = DiscordStyle::ALL.map(DiscordStyle::code);
    for code in codes {
        object = object.property(code, ObjectBuilder::new().schema_type(Type::String)).required(code);
    }
    object.description(Some(format!("{what}: one value per Discord style, {}", codes.join(" "))))
}
