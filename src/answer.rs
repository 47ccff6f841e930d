//! The answers' shapes: the `data` of current, convert, format, validate
//! and the zone list, as the API sends them and the CLI's `--json` prints
//! them, each with its OpenAPI schema.
//!
//! The engine ([`crate::time`]) fills these in; the schemas live here, so
//! the engine itself knows nothing of OpenAPI.

use std::borrow::Cow;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::json::{Json, WriteJson};
use crate::time::epoch::Epoch;
use crate::time::id::IdFormat;
use crate::time::render::DiscordStyles;
use crate::time::{DiscordStyle, Format, Kind, Precision};

// Answers off the hot path, written by serde_json; the others below have
// hand-written writers (see `crate::json`).
crate::by_serde!(ZoneList, LocaleList, Transitions, Validation, Difference);

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
    /// The locale whose CLDR data wrote the human-readable texts (SPEC 10):
    /// the supported one that serves the `locale` asked for, `en` by default.
    #[schema(value_type = String, example = "en")]
    pub locale: &'static str,
    pub rfc3339: String,
    pub utc: String,
    pub local: String,
    pub units: Units,
    pub units_text: UnitsText,
    pub zone: ZoneInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<InputInfo>,
    /// For an ID (SPEC 8.2): its fields other than the time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<IdFields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formatted: Option<String>,
}

impl Report {
    /// Every field of the object but its closing brace: [`Addition`] and
    /// [`Rounding`] add theirs after them (serde's `flatten`).
    fn write_fields(&self, json: &mut Json<'_>) {
        json.open("timestamp").big_integer(self.timestamp);
        json.key("precision").string(self.precision.name());
        if let Some(detected) = self.precision_detected {
            json.key("precision_detected").boolean(detected);
        }
        json.key("iso").string(&self.iso);
        json.key("timezone").string(&self.timezone);
        json.key("locale").string(self.locale);
        json.key("rfc3339").string(&self.rfc3339);
        json.key("utc").string(&self.utc);
        json.key("local").string(&self.local);
        json.key("units");
        self.units.write(json);
        json.key("units_text");
        self.units_text.write(json);
        json.key("zone");
        self.zone.write(json);
        if let Some(input) = &self.input {
            json.key("input");
            input.write(json);
        }
        if let Some(id) = &self.id {
            json.key("id");
            id.write(json);
        }
        if let Some(formatted) = &self.formatted {
            json.key("formatted").string(formatted);
        }
    }
}

impl WriteJson for Report {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        self.write_fields(json);
        json.close();
        Ok(())
    }
}

/// What the input was read as.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct InputInfo {
    pub kind: Kind,
    /// For `kind: epoch`: the epoch system (`filetime`, `excel`, `discord`, `snowflake:MS`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub epoch: Option<String>,
    /// For `kind: pattern`: the `input_format` pattern that read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// The input as given (for a JSON number, its text).
    pub text: String,
}

impl InputInfo {
    fn write(&self, json: &mut Json<'_>) {
        json.open("kind").string(self.kind.name());
        if let Some(epoch) = &self.epoch {
            json.key("epoch").string(epoch);
        }
        if let Some(pattern) = &self.pattern {
            json.key("pattern").string(pattern);
        }
        json.key("text").string(&self.text).close();
    }
}

/// The fields of an ID other than its time (SPEC 8.2), in the ID's order:
/// UUID `version`, `variant`, and `clock_sequence` + `node` (v1, v6) or
/// `random` (v7); Discord Snowflake `worker_id`, `process_id`, `increment`;
/// Twitter Snowflake `datacenter_id`, `worker_id`, `sequence`; other
/// Snowflakes `machine_id`, `sequence`; ObjectId `random` and `counter`;
/// ULID `random`; KSUID `payload`. Bit fields are hex strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdFields(pub Vec<(&'static str, IdField)>);

/// One field of an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdField {
    Integer(u64),
    /// Bits written in lowercase hex, zero-padded to the field's width.
    Hex(String),
    /// A name (a UUID's variant).
    Text(&'static str),
}

impl std::fmt::Display for IdField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdField::Integer(n) => n.fmt(f),
            IdField::Hex(text) => f.write_str(text),
            IdField::Text(text) => f.write_str(text),
        }
    }
}

impl From<u64> for IdField {
    fn from(value: u64) -> Self {
        IdField::Integer(value)
    }
}

impl Serialize for IdFields {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            match value {
                IdField::Integer(n) => map.serialize_entry(name, n)?,
                IdField::Hex(text) => map.serialize_entry(name, text)?,
                IdField::Text(text) => map.serialize_entry(name, text)?,
            }
        }
        map.end()
    }
}

impl IdFields {
    fn write(&self, json: &mut Json<'_>) {
        if self.0.is_empty() {
            json.raw(b"{}");
            return;
        }
        for (i, (name, value)) in self.0.iter().enumerate() {
            // Names are the ID formats' own field names: nothing to escape.
            json.field(i, name);
            match value {
                IdField::Integer(n) => json.integer(*n),
                IdField::Hex(text) => json.string(text),
                IdField::Text(text) => json.string(text),
            };
        }
        json.close();
    }
}

impl PartialSchema for IdFields {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::RefOr(
                utoipa::openapi::schema::OneOfBuilder::new()
                    .item(ObjectBuilder::new().schema_type(Type::Integer))
                    .item(ObjectBuilder::new().schema_type(Type::String))
                    .into(),
            )))
            .description(Some(
                "The ID's fields other than its time: UUID `version`, `variant`, and `clock_sequence` + `node` \
                 (v1, v6) or `random` (v7); Discord Snowflake `worker_id`, `process_id`, `increment`; Twitter \
                 Snowflake `datacenter_id`, `worker_id`, `sequence`; other Snowflakes `machine_id`, `sequence`; \
                 ObjectId `random` and `counter`; ULID `random`; KSUID `payload`. Bit fields are lowercase hex",
            ))
            .examples([serde_json::json!({"worker_id": 1, "process_id": 0, "increment": 7})])
            .into()
    }
}

impl ToSchema for IdFields {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("IdFields")
    }
}

/// Another reading of a bare number (validate's `alternatives`, SPEC 8.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Alternative {
    /// `unix`, or a system of SPEC 8.1.
    pub epoch: String,
    /// The unit, for `epoch: unix`; `null` for the others.
    pub precision: Option<Precision>,
    /// The instant under that reading, UTC with milliseconds (as `iso`).
    pub iso: String,
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

impl Units {
    fn write(&self, json: &mut Json<'_>) {
        json.open("seconds").big_integer(self.seconds);
        json.key("milliseconds").big_integer(self.milliseconds);
        json.key("microseconds").big_integer(self.microseconds);
        json.key("nanoseconds").big_integer(self.nanoseconds).close();
    }
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

impl UnitsText {
    fn write(&self, json: &mut Json<'_>) {
        json.open("seconds").string(&self.seconds);
        json.key("milliseconds").string(&self.milliseconds);
        json.key("microseconds").string(&self.microseconds);
        json.key("nanoseconds").string(&self.nanoseconds).close();
    }
}

/// Metadata of a zone at one instant (the `zone` field of SPEC 3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ZoneInfo {
    pub name: String,
    /// The zone's name at this instant in `locale` (SPEC 10): `Eastern
    /// Standard Time`, or a `GMT-05:00` form where CLDR has no name for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Eastern Standard Time")]
    pub long_name: Option<String>,
    pub abbreviation: String,
    /// `±HH:MM`, with `:SS` only for historical offsets that have seconds.
    pub offset: String,
    pub offset_seconds: i32,
    pub dst: bool,
    /// The next instant at which the offset or abbreviation changes, as
    /// `YYYY-MM-DDTHH:MM:SSZ`; `null` for zones without transitions.
    pub next_transition: Option<String>,
}

impl ZoneInfo {
    fn write(&self, json: &mut Json<'_>) {
        json.open("name").string(&self.name);
        if let Some(long_name) = &self.long_name {
            json.key("long_name").string(long_name);
        }
        json.key("abbreviation").string(&self.abbreviation);
        json.key("offset").string(&self.offset);
        json.key("offset_seconds").integer(self.offset_seconds);
        json.key("dst").boolean(self.dst);
        json.key("next_transition").optional_string(self.next_transition.as_deref()).close();
    }
}

/// The answer of `GET /api/timezones`.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ZoneList {
    pub tzdb_version: &'static str,
    /// The expiry date (`YYYY-MM-DD`) of the bundled leap-second table, which
    /// GPS time uses: after it, leap seconds announced since are unknown.
    pub leap_seconds_expire: String,
    /// The instant the offsets are given for, in UTC, whole seconds.
    pub at: String,
    pub count: usize,
    pub zones: Vec<ZoneInfo>,
}

/// The answer of `GET /api/locales` (SPEC 10).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LocaleList {
    /// The CLDR release of the compiled data (`49.0.0`).
    pub cldr_version: &'static str,
    pub count: usize,
    pub locales: Vec<LocaleEntry>,
}

/// One locale the compiled CLDR data holds.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LocaleEntry {
    /// The BCP 47 tag, as `data.locale` names it (`de`, `de-AT`, `zh-Hant`).
    #[schema(value_type = String, example = "de")]
    pub tag: &'static str,
    /// Its name in its own language (`Deutsch`).
    pub name: String,
    /// Its name in English (`German`).
    pub english_name: String,
    /// Whether Discord's client offers this language (as one of its tags).
    pub discord: bool,
}

/// The answer of `GET /api/timezones/{zone}/transitions` (SPEC 9.4).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Transitions {
    /// The canonical zone name.
    pub zone: String,
    /// `next` (oldest first) or `previous` (newest first).
    #[schema(value_type = String)]
    pub direction: &'static str,
    /// Where the search starts (RFC 3339, UTC).
    pub from: String,
    /// Where it stops, exclusive, when `to` was given.
    pub to: Option<String>,
    pub count: usize,
    pub transitions: Vec<Transition>,
}

/// One change of a zone's offset, abbreviation or DST flag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Transition {
    /// The instant of the change, RFC 3339 in UTC.
    pub at: String,
    /// The same instant in Unix seconds.
    pub unix: i64,
    pub before: ZoneState,
    pub after: ZoneState,
    pub kind: TransitionKind,
    /// The wall-clock window that does not exist (`gap`) or happens twice
    /// (`fold`), `end` exclusive; `null` for `names_only`.
    pub local: Option<LocalWindow>,
}

/// A zone's offset, abbreviation and DST flag on one side of a transition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ZoneState {
    pub offset: String,
    pub offset_seconds: i32,
    pub abbreviation: String,
    pub dst: bool,
}

/// What a transition does to the wall clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransitionKind {
    /// The clock jumps forward: a window of wall-clock times does not exist.
    Gap,
    /// The clock goes back: a window of wall-clock times happens twice.
    Fold,
    /// The offset stays; only the abbreviation or the DST flag changes.
    NamesOnly,
}

impl TransitionKind {
    /// The name in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            TransitionKind::Gap => "gap",
            TransitionKind::Fold => "fold",
            TransitionKind::NamesOnly => "names_only",
        }
    }
}

/// A window of wall-clock times, `start` inclusive, `end` exclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LocalWindow {
    pub start: String,
    pub end: String,
}

/// The `data` of format (SPEC 4.4): one format, or every preset.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Formatted {
    #[schema(schema_with = big_integer)]
    pub timestamp: i128,
    pub precision: Precision,
    pub iso: String,
    pub timezone: String,
    /// The locale whose CLDR data wrote the human-readable texts (SPEC 10).
    #[schema(value_type = String, example = "en")]
    pub locale: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub format: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formatted: Option<String>,
    /// For `format=discord`: what a client in `locale` shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formats: Option<Box<Presets>>,
}

impl WriteJson for Formatted {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        json.open("timestamp").big_integer(self.timestamp);
        json.key("precision").string(self.precision.name());
        json.key("iso").string(&self.iso);
        json.key("timezone").string(&self.timezone);
        json.key("locale").string(self.locale);
        if let Some(format) = self.format {
            json.key("format").string(format);
        }
        if let Some(formatted) = &self.formatted {
            json.key("formatted").string(formatted);
        }
        if let Some(preview) = &self.preview {
            json.key("preview").string(preview);
        }
        if let Some(formats) = &self.formats {
            json.key("formats");
            formats.write(json);
        }
        json.close();
        Ok(())
    }

    fn size_hint(&self) -> usize {
        if self.formats.is_some() { 4096 } else { 512 }
    }
}

/// Every preset of SPEC 4.4, as `data.formats`: one string per format of
/// [`Format::PRESETS`], named and ordered as it is, then the Discord codes
/// and what a Discord client in the answer's locale shows for each.
#[derive(Clone, Debug)]
pub struct Presets {
    pub values: [String; Format::PRESETS.len()],
    pub discord: DiscordStyles,
    pub discord_preview: DiscordStyles,
    /// [`Epoch::WRITTEN`] in order; `None` where the system cannot hold the instant.
    pub epochs: [Option<String>; Epoch::WRITTEN.len()],
    /// [`IdFormat::ALL`] in order; `None` where the ID cannot hold the instant.
    pub ids: [Option<String>; IdFormat::ALL.len()],
}

/// Names and values serialized as one JSON object.
struct Named<'a, const N: usize>([&'static str; N], &'a [Option<String>; N]);

impl<const N: usize> Serialize for Named<'_, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(N))?;
        for (name, value) in self.0.iter().zip(self.1) {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<const N: usize> Named<'_, N> {
    fn write(&self, json: &mut Json<'_>) {
        for (i, (name, value)) in self.0.iter().zip(self.1).enumerate() {
            json.field(i, name).optional_string(value.as_deref());
        }
        json.close();
    }
}

impl Presets {
    /// Each preset's name and value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        Format::PRESETS.into_iter().map(|format| format.name()).zip(self.values.iter().map(String::as_str))
    }
}

impl Serialize for Presets {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_struct("Presets", self.values.len() + 4)?;
        for (name, value) in self.iter() {
            map.serialize_field(name, value)?;
        }
        map.serialize_field("discord", &self.discord)?;
        map.serialize_field("discord_preview", &self.discord_preview)?;
        map.serialize_field("epochs", &Named(Epoch::WRITTEN.map(Epoch::preset_name), &self.epochs))?;
        map.serialize_field("ids", &Named(IdFormat::ALL.map(IdFormat::name), &self.ids))?;
        map.end()
    }
}

impl Presets {
    fn write(&self, json: &mut Json<'_>) {
        for (i, (name, value)) in self.iter().enumerate() {
            json.field(i, name).string(value);
        }
        json.key("discord");
        self.discord.write_json(json);
        json.key("discord_preview");
        self.discord_preview.write_json(json);
        json.key("epochs");
        Named(Epoch::WRITTEN.map(Epoch::preset_name), &self.epochs).write(json);
        json.key("ids");
        Named(IdFormat::ALL.map(IdFormat::name), &self.ids).write(json);
        json.close();
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
                discord_styles("What a Discord client in `locale` shows for each style, in `timezone`"),
            )
            .required("discord_preview")
            .property(
                "epochs",
                nullable_strings(
                    Epoch::WRITTEN.map(Epoch::preset_name),
                    "The instant in each epoch system of SPEC 8.1 (`null` where the system cannot hold it)",
                ),
            )
            .required("epochs")
            .property(
                "ids",
                nullable_strings(
                    IdFormat::ALL.map(IdFormat::name),
                    "The smallest ID of each kind whose time is the instant (`null` where the ID cannot hold it)",
                ),
            )
            .required("ids")
            .description(Some("Every preset of SPEC 4.4 and 8.3"))
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
    /// For `kind: epoch`: the epoch system.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub epoch: Option<String>,
    /// For `kind: pattern`: the `input_format` pattern that read the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    pub precision: Option<Precision>,
    pub precision_detected: Option<bool>,
    pub conforms: Conforms,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normalized: Option<Normalized>,
    pub warnings: Vec<String>,
    /// For an ID: its fields other than the time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<IdFields>,
    /// For a bare number: every other unit and epoch system under which it
    /// lands between 1970 and 2100, most likely first (SPEC 8.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternatives: Option<Vec<Alternative>>,
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

/// An object with one string or `null` per name.
fn nullable_strings<const N: usize>(names: [&'static str; N], what: &str) -> ObjectBuilder {
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

/// The `data` of add (SPEC 9.1): the result in every representation of
/// SPEC 3, the instant it started from, and the duration added.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Addition {
    #[serde(flatten)]
    pub result: Report,
    /// The input instant, as `iso`.
    pub from: String,
    /// The duration added, as normalised ISO 8601 (`P1M`, `-PT90M`).
    pub duration: String,
}

impl WriteJson for Addition {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        self.result.write_fields(json);
        json.key("from").string(&self.from);
        json.key("duration").string(&self.duration).close();
        Ok(())
    }
}

/// The `data` of round (SPEC 9.3): the rounded instant in every
/// representation of SPEC 3, the instant it started from, and for a day or
/// larger the period the input lies in.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Rounding {
    #[serde(flatten)]
    pub result: Report,
    /// The input instant, as `iso`.
    pub from: String,
    /// For `unit` day and larger: the input's period, RFC 3339 in `timezone`, `end` exclusive.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<Period>,
}

impl WriteJson for Rounding {
    fn write_json(&self, json: &mut Json<'_>) -> Result<(), serde_json::Error> {
        self.result.write_fields(json);
        json.key("from").string(&self.from);
        if let Some(period) = &self.period {
            json.key("period").open("start").string(&period.start);
            json.key("end").string(&period.end).close();
        }
        json.close();
        Ok(())
    }
}

/// A day, week, month, quarter or year: `start` inclusive, `end` exclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Period {
    pub start: String,
    pub end: String,
}

/// The `data` of diff (SPEC 9.2).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Difference {
    /// `from` as `iso`.
    pub from: String,
    /// `to` as `iso`.
    pub to: String,
    /// ISO 8601, balanced up to `largest_unit` and rounded to `smallest_unit`;
    /// `-P...` when `to` is before `from`.
    #[schema(example = "P1Y2M3DT12H")]
    pub duration: String,
    /// 1, 0 or -1: whether `to` is after, at or before `from`.
    pub sign: i8,
    /// The parts, each carrying the sign. With `largest_unit` of
    /// milliseconds or smaller a part can pass 2^53: `duration` holds it as text.
    pub parts: Parts,
    pub totals: Totals,
    /// `totals` as strings, for clients (JavaScript's) whose numbers lose
    /// digits past 2^53 or in long fractions.
    pub totals_text: Totals<String>,
    /// The parts in words, in `locale`, as `Intl.DurationFormat` writes
    /// them with `style: "long"`: `1 year, 2 months, 3 days`.
    pub human: String,
    /// The locale whose CLDR data wrote `human` (SPEC 10).
    #[schema(value_type = String, example = "en")]
    pub locale: &'static str,
}

/// The duration's parts, each carrying the sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Parts {
    pub years: i64,
    pub months: i64,
    pub weeks: i64,
    pub days: i64,
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
    pub milliseconds: i64,
    pub microseconds: i64,
    pub nanoseconds: i64,
}

/// The whole span in each unit, unrounded: hours and smaller are elapsed
/// time, days and weeks calendar days in `timezone` (a 23-hour DST day is one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Totals<D = Decimal> {
    pub weeks: D,
    pub days: D,
    pub hours: D,
    pub minutes: D,
    pub seconds: D,
    pub milliseconds: D,
    pub microseconds: D,
    pub nanoseconds: D,
}

impl Totals {
    /// The same decimals as strings (`totals_text`).
    pub fn text(&self) -> Totals<String> {
        let text = |decimal: &Decimal| decimal.0.clone();
        Totals {
            weeks: text(&self.weeks),
            days: text(&self.days),
            hours: text(&self.hours),
            minutes: text(&self.minutes),
            seconds: text(&self.seconds),
            milliseconds: text(&self.milliseconds),
            microseconds: text(&self.microseconds),
            nanoseconds: text(&self.nanoseconds),
        }
    }
}

/// A decimal number written exactly in the JSON text (`1.5`,
/// `0.333333333`): every digit where the decimal ends, else rounded
/// half-even to 9 fraction digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decimal(pub String);

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Decimal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let number: serde_json::Number = self.0.parse().map_err(serde::ser::Error::custom)?;
        number.serialize(serializer)
    }
}

impl PartialSchema for Decimal {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some(
                "Exact decimal: every digit where the decimal ends, else rounded half-even to 9 fraction digits",
            ))
            .examples([serde_json::json!(1.5)])
            .into()
    }
}

impl ToSchema for Decimal {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Decimal")
    }
}

/// Random answers, for the tests that the hand-written writers write what
/// `serde_json` writes (strings of any Unicode, control characters
/// included; every optional field present or absent).
#[cfg(test)]
pub(crate) mod arbitrary {
    use proptest::collection::vec;
    use proptest::prelude::*;
    use proptest::sample::select;

    use super::*;

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![any::<String>(), "[ -~]{0,40}"]
    }

    fn texts<const N: usize>() -> impl Strategy<Value = [String; N]> {
        vec(text(), N).prop_map(|texts| texts.try_into().expect("N texts"))
    }

    fn optional_texts<const N: usize>() -> impl Strategy<Value = [Option<String>; N]> {
        vec(proptest::option::of(text()), N).prop_map(|texts| texts.try_into().expect("N texts"))
    }

    /// Integers past `i64` and within it (written by different paths).
    fn wide() -> impl Strategy<Value = i128> {
        prop_oneof![any::<i128>(), any::<i64>().prop_map(i128::from)]
    }

    fn precision() -> impl Strategy<Value = Precision> {
        select(Precision::ALL.to_vec())
    }

    fn id_fields() -> impl Strategy<Value = IdFields> {
        let field = prop_oneof![
            any::<u64>().prop_map(IdField::Integer),
            text().prop_map(IdField::Hex),
            select(vec!["DCE 1.1, ISO/IEC 11578:1996", "Microsoft"]).prop_map(IdField::Text),
        ];
        vec((select(vec!["version", "variant", "node", "random", "worker_id"]), field), 0..5).prop_map(IdFields)
    }

    pub(crate) fn report() -> impl Strategy<Value = Report> {
        let units = (wide(), wide(), wide(), wide()).prop_map(|(seconds, milliseconds, microseconds, nanoseconds)| {
            Units { seconds, milliseconds, microseconds, nanoseconds }
        });
        let zone = (
            text(),
            proptest::option::of(text()),
            text(),
            text(),
            any::<i32>(),
            any::<bool>(),
            proptest::option::of(text()),
        )
            .prop_map(|(name, long_name, abbreviation, offset, offset_seconds, dst, next_transition)| {
                ZoneInfo { name, long_name, abbreviation, offset, offset_seconds, dst, next_transition }
            });
        let input = (select(Kind::ALL.to_vec()), proptest::option::of(text()), proptest::option::of(text()), text())
            .prop_map(|(kind, epoch, pattern, text)| InputInfo { kind, epoch, pattern, text });
        (
            (
                wide(),
                precision(),
                proptest::option::of(any::<bool>()),
                texts::<6>(),
                select(vec!["en", "de", "zh-Hant"]),
            ),
            (units, texts::<4>(), zone),
            (proptest::option::of(input), proptest::option::of(id_fields()), proptest::option::of(text())),
        )
            .prop_map(
                |(
                    (timestamp, precision, precision_detected, strings, locale),
                    (units, text, zone),
                    (input, id, formatted),
                )| {
                    let [iso, timezone, rfc3339, utc, local, _] = strings;
                    let [seconds, milliseconds, microseconds, nanoseconds] = text;
                    Report {
                        timestamp,
                        precision,
                        precision_detected,
                        iso,
                        timezone,
                        locale,
                        rfc3339,
                        utc,
                        local,
                        units,
                        units_text: UnitsText { seconds, milliseconds, microseconds, nanoseconds },
                        zone,
                        input,
                        id,
                        formatted,
                    }
                },
            )
    }

    pub(crate) fn formatted() -> impl Strategy<Value = Formatted> {
        let presets =
            (texts::<{ Format::PRESETS.len() }>(), texts::<9>(), texts::<9>(), optional_texts(), optional_texts())
                .prop_map(|(values, discord, preview, epochs, ids)| Presets {
                    values,
                    discord: DiscordStyles(discord),
                    discord_preview: DiscordStyles(preview),
                    epochs,
                    ids,
                });
        (
            (wide(), precision(), text(), text(), select(vec!["en", "ja"])),
            (
                proptest::option::of(select(vec!["rfc3339", "discord"])),
                proptest::option::of(text()),
                proptest::option::of(text()),
            ),
            proptest::option::of(presets.prop_map(Box::new)),
        )
            .prop_map(
                |((timestamp, precision, iso, timezone, locale), (format, formatted, preview), formats)| Formatted {
                    timestamp,
                    precision,
                    iso,
                    timezone,
                    locale,
                    format,
                    formatted,
                    preview,
                    formats,
                },
            )
    }

    pub(crate) fn addition() -> impl Strategy<Value = Addition> {
        (report(), text(), text()).prop_map(|(result, from, duration)| Addition { result, from, duration })
    }

    pub(crate) fn rounding() -> impl Strategy<Value = Rounding> {
        (report(), text(), proptest::option::of((text(), text()))).prop_map(|(result, from, period)| Rounding {
            result,
            from,
            period: period.map(|(start, end)| Period { start, end }),
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::arbitrary;

    /// The hand-written JSON and serde_json's, as text (to show the difference).
    fn both<T: crate::json::WriteJson + Serialize>(value: &T) -> (String, String) {
        let written = crate::json::to_vec(value).expect("hand-written JSON cannot fail");
        let serde = serde_json::to_vec(value).expect("serializable");
        (String::from_utf8(written).expect("UTF-8"), String::from_utf8(serde).expect("UTF-8"))
    }

    use serde::Serialize;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn a_report_is_written_as_serde_json_writes_it(report in arbitrary::report()) {
            let (written, serde) = both(&report);
            prop_assert_eq!(written, serde);
        }

        #[test]
        fn a_format_answer_is_written_as_serde_json_writes_it(formatted in arbitrary::formatted()) {
            let (written, serde) = both(&formatted);
            prop_assert_eq!(written, serde);
        }

        #[test]
        fn add_and_round_answers_are_written_as_serde_json_writes_them(
            addition in arbitrary::addition(),
            rounding in arbitrary::rounding(),
        ) {
            let (written, serde) = both(&addition);
            prop_assert_eq!(written, serde);
            let (written, serde) = both(&rounding);
            prop_assert_eq!(written, serde);
        }
    }
}
