//! Each endpoint's parameters, as one struct that both reads them and
//! documents them.
//!
//! A struct's fields are the parameters its endpoint accepts: serde reads a
//! request into it ([`RawParams::parse`] refuses any other name with a
//! did-you-mean hint), and utoipa's `IntoParams` and `ToSchema` describe its
//! query string and JSON body from the same fields, with every limit taken
//! from the constant the code enforces. After this module, handlers deal
//! only in `Zone`, `Precision`, `Format` and `Input`, never in strings.

use std::sync::{Arc, LazyLock};

use axum::extract::{FromRequest, Request};
use jiff::civil::Weekday;
use jiff::{Span, Timestamp};
use serde::Deserialize;
use serde::de::{self, Deserializer};
use serde_json::Value;
use tsconv_time::arithmetic::{self, DiffSettings, Overflow, RoundTo, RoundingMode};
use tsconv_time::epoch::Epoch;
use tsconv_time::error::Setting;
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::{FromNow, Input, MAX_INPUT_CHARS, ReadOptions, ReadSettings, check_input_formats};
use tsconv_time::local::Disambiguation;
use tsconv_time::locale::{self, Localizer};
use tsconv_time::precision::Precision;
use tsconv_time::render::Format;
use tsconv_time::schedule::{self, Gap, Schedule};
use tsconv_time::transitions;
use tsconv_time::unit::TimeUnit;
use tsconv_time::zone::Zone;
use utoipa::{IntoParams, ToSchema};

use super::error::ApiError;
use super::extract::{RawParams, fields_of, json_type};
use super::limits::MAX_BATCH;
use super::schema;

/// Parameters of current.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CurrentParams {
    #[param(schema_with = schema::timezone)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    pub precision: Option<String>,
    #[param(schema_with = schema::fields_current)]
    pub fields: Option<String>,
}

// The parameters of convert and format. `IntoParams` describes their query
// string, `ToSchema` their JSON body, and `TimestampForm` their form body.
/// The JSON body of convert and format (POST); a form body is described by `TimestampForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = TimestampBody)]
pub struct TimestampParams {
    /// The instant: a Unix timestamp (s, ms, µs or ns; detected unless `precision` is given) or a date string.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::format)]
    #[schema(schema_with = schema::format_or_null)]
    pub format: Option<String>,
    #[param(schema_with = schema::pattern)]
    #[schema(schema_with = schema::pattern_or_null)]
    pub pattern: Option<String>,
    #[param(schema_with = schema::style)]
    #[schema(schema_with = schema::style_or_null)]
    pub style: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
    #[param(schema_with = schema::fields_timestamp)]
    #[schema(schema_with = schema::fields_timestamp_or_null)]
    pub fields: Option<String>,
}

// The parameters of validate, described as those of convert are.
/// The JSON body of validate (POST); a form body is described by `ValidateForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = ValidateBody)]
pub struct ValidateParams {
    /// The input to check: a Unix timestamp or a date string.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
    /// How people's text is read: the order of a numeric date's
    /// day and month (`03/04/2023` is 3 April in `en-GB`), and the region
    /// that breaks an abbreviation's tie (`IST` is Irish time in `en-IE`).
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
}

// The parameters of add, described as those of convert are.
/// The JSON body of add (POST); a form body is described by `AddForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = AddBody)]
pub struct AddParams {
    /// The instant to add to: any timestamp input.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::duration)]
    #[schema(schema_with = schema::duration)]
    pub duration: Option<String>,
    #[param(schema_with = schema::overflow)]
    #[schema(schema_with = schema::overflow_or_null)]
    pub overflow: Option<String>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::format)]
    #[schema(schema_with = schema::format_or_null)]
    pub format: Option<String>,
    #[param(schema_with = schema::pattern)]
    #[schema(schema_with = schema::pattern_or_null)]
    pub pattern: Option<String>,
    #[param(schema_with = schema::style)]
    #[schema(schema_with = schema::style_or_null)]
    pub style: Option<String>,
    /// For a wall-clock input, and for a result that lands in a DST gap or fold.
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
    #[param(schema_with = schema::fields_add)]
    #[schema(schema_with = schema::fields_add_or_null)]
    pub fields: Option<String>,
}

// The parameters of round, described as those of convert are.
/// The JSON body of round (POST); a form body is described by `RoundForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = RoundBody)]
pub struct RoundParams {
    /// The instant to round: any timestamp input.
    #[serde(default)]
    #[param(schema_with = schema::query_timestamp, required = false)]
    #[schema(schema_with = schema::timestamp)]
    pub timestamp: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_timestamps, required = false)]
    #[schema(schema_with = schema::timestamps)]
    pub timestamps: Sent<Vec<Value>>,
    #[param(schema_with = schema::unit)]
    #[schema(schema_with = schema::unit)]
    pub unit: Option<String>,
    #[param(schema_with = schema::mode)]
    #[schema(schema_with = schema::mode_or_null)]
    pub mode: Option<String>,
    #[param(schema_with = schema::query_increment)]
    #[schema(schema_with = schema::increment)]
    pub increment: Option<Value>,
    #[param(schema_with = schema::week_start)]
    #[schema(schema_with = schema::week_start_or_null)]
    pub week_start: Option<String>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::format)]
    #[schema(schema_with = schema::format_or_null)]
    pub format: Option<String>,
    #[param(schema_with = schema::pattern)]
    #[schema(schema_with = schema::pattern_or_null)]
    pub pattern: Option<String>,
    #[param(schema_with = schema::style)]
    #[schema(schema_with = schema::style_or_null)]
    pub style: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
    #[param(schema_with = schema::fields_round)]
    #[schema(schema_with = schema::fields_round_or_null)]
    pub fields: Option<String>,
}

// The parameters of diff, described as those of convert are.
/// The JSON body of diff (POST); a form body is described by `DiffForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = DiffBody)]
pub struct DiffParams {
    /// Where the duration starts: any timestamp input.
    #[serde(default)]
    #[param(schema_with = schema::query_instant, required = false)]
    #[schema(schema_with = schema::diff_instant)]
    pub from: Sent<Value>,
    /// Where it ends: any timestamp input (before `from` gives a negative duration).
    #[serde(default)]
    #[param(schema_with = schema::query_instant, required = false)]
    #[schema(schema_with = schema::diff_instant)]
    pub to: Sent<Value>,
    #[serde(default)]
    #[param(style = Form, explode, schema_with = schema::query_pairs, required = false)]
    #[schema(schema_with = schema::pairs)]
    pub pairs: Sent<Vec<PairItem>>,
    #[param(schema_with = schema::largest_unit)]
    #[schema(schema_with = schema::largest_unit_or_null)]
    pub largest_unit: Option<String>,
    #[param(schema_with = schema::smallest_unit)]
    #[schema(schema_with = schema::smallest_unit_or_null)]
    pub smallest_unit: Option<String>,
    #[param(schema_with = schema::rounding_mode)]
    #[schema(schema_with = schema::rounding_mode_or_null)]
    pub rounding_mode: Option<String>,
    #[param(schema_with = schema::query_increment)]
    #[schema(schema_with = schema::increment)]
    pub rounding_increment: Option<Value>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::disambiguation)]
    #[schema(schema_with = schema::disambiguation_or_null)]
    pub disambiguation: Option<String>,
    #[param(schema_with = schema::epoch)]
    #[schema(schema_with = schema::epoch_or_null)]
    pub epoch: Option<String>,
    #[param(style = Form, explode, schema_with = schema::query_input_format)]
    #[schema(schema_with = schema::input_format)]
    pub input_format: Option<Value>,
}

/// One item of `pairs`: `{"from", "to"}` (in a query string or form, its
/// JSON text), or why it is not one. A bad item fails only itself.
#[derive(Debug)]
pub struct PairItem(Result<(Value, Value), ApiError>);

impl<'de> Deserialize<'de> for PairItem {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(PairItem(pair_of(Value::deserialize(deserializer)?)))
    }
}

/// The two inputs of a difference: `from` and `to`.
pub type Pair<'a> = (Input<'a>, Input<'a>);

/// What add adds: the duration, and what to do with a day the month lacks.
#[derive(Clone, Copy, Debug)]
pub struct Addend {
    pub duration: Span,
    pub overflow: Overflow,
}

fn pair_of(value: Value) -> Result<(Value, Value), ApiError> {
    let value = match value {
        Value::String(text) => serde_json::from_str(&text).map_err(|error| ApiError::BadRequest {
            message: format!(
                "a pair is an object such as {{\"from\":\"2024-01-01\",\"to\":\"2024-03-01\"}} \
                 (in a query string or form, its JSON text): {error}"
            ),
        })?,
        value => value,
    };
    let Value::Object(mut object) = value else {
        return Err(ApiError::WrongType {
            param: "pairs",
            expected: "an object with from and to",
            given: json_type(&value),
        });
    };
    if let Some(name) = object.keys().find(|key| !matches!(key.as_str(), "from" | "to")) {
        return Err(ApiError::PairKey { name: name.chars().take(64).collect() });
    }
    let from = object.remove("from").ok_or(ApiError::IncompletePair { missing: "from" })?;
    let to = object.remove("to").ok_or(ApiError::IncompletePair { missing: "to" })?;
    Ok((from, to))
}

/// Parameters of the zone list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TimezonesParams {
    /// Keep the zones whose name contains this, ignoring case.
    #[param(example = "america")]
    pub q: Option<String>,
    #[param(schema_with = schema::query_at)]
    pub at: Option<String>,
}

/// Parameters of a zone lookup: one place, as a point, a country, a city
/// (optionally in a country) or an IP address.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupParams {
    /// Latitude in degrees, -90 to 90 (with `lon`).
    #[param(value_type = Option<f64>, minimum = -90, maximum = 90, example = 38.72)]
    pub lat: Option<String>,
    /// Longitude in degrees, -180 to 180 (with `lat`).
    #[param(value_type = Option<f64>, minimum = -180, maximum = 180, example = -9.14)]
    pub lon: Option<String>,
    /// An ISO 3166 code or a country's English name: its zones; with `city`, only that country's cities.
    #[param(example = "PT")]
    pub country: Option<String>,
    /// A city's name, any case, in English or its own language (cities of over 15,000 people).
    #[param(example = "Lisbon")]
    pub city: Option<String>,
    /// An IPv4 or IPv6 address (needs the server's `--geoip-db`).
    #[param(example = "81.2.69.160")]
    pub ip: Option<String>,
    /// The most cities answered, 1-100 (default 10).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100, example = 10)]
    pub limit: Option<String>,
}

/// Parameters of the locale list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocalesParams {
    /// Keep the locales whose tag, own name or English name contains this, ignoring case.
    #[param(example = "deutsch")]
    pub q: Option<String>,
}

/// Parameters of extract: the text, and how to read the dates in it.
/// The JSON body of extract (POST); a form body is described by `ExtractForm`.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = ExtractBody)]
pub struct ExtractParams {
    /// The text to find dates in: a chat message, a log line, an e-mail (at most 16 KiB).
    #[param(schema_with = schema::extract_text, required = true)]
    #[schema(schema_with = schema::extract_text, required = true)]
    pub text: Option<String>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
}

impl ExtractParams {
    /// The text, the zone its dates are read in, and the language of its words.
    pub fn read(&self, default_zone: &Zone) -> Result<(&str, Zone, Arc<Localizer>), ApiError> {
        let text = self.text.as_deref().ok_or(ApiError::MissingParameter { param: "text" })?;
        Ok((text, zone(self.timezone.as_deref(), default_zone)?, language(self.locale.as_deref())?))
    }
}

/// Parameters of a schedule's runs: the JSON body of `POST /api/schedule`
/// (a form body is described by `ScheduleForm`), or its query string.
#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
#[schema(as = ScheduleBody)]
pub struct ScheduleParams {
    #[param(schema_with = schema::schedule, required = true)]
    #[schema(schema_with = schema::schedule, required = true)]
    pub schedule: Option<String>,
    #[param(schema_with = schema::timezone)]
    #[schema(schema_with = schema::timezone_or_null)]
    pub timezone: Option<String>,
    /// Where the search starts, excluded: any timestamp input (a date or local time is read in the zone). Default now.
    #[param(schema_with = schema::query_instant)]
    #[schema(schema_with = schema::schedule_from)]
    pub from: Option<Value>,
    #[param(schema_with = schema::schedule_count)]
    #[schema(schema_with = schema::schedule_count_or_null)]
    pub count: Option<Value>,
    #[param(schema_with = schema::schedule_direction)]
    #[schema(schema_with = schema::schedule_direction_or_null)]
    pub direction: Option<String>,
    #[param(schema_with = schema::gap)]
    #[schema(schema_with = schema::gap_or_null)]
    pub gap: Option<String>,
    #[param(schema_with = schema::locale)]
    #[schema(schema_with = schema::locale_or_null)]
    pub locale: Option<String>,
    #[param(schema_with = schema::precision)]
    #[schema(schema_with = schema::precision_or_null)]
    pub precision: Option<String>,
    #[param(schema_with = schema::fields_current)]
    #[schema(schema_with = schema::fields_current_or_null)]
    pub fields: Option<String>,
}

/// Parameters of a schedule's feed: the runs after now, so neither `from`
/// nor `direction`; each run is an event, so no answer fields.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ScheduleFeedParams {
    #[param(schema_with = schema::schedule, required = true)]
    pub schedule: Option<String>,
    #[param(schema_with = schema::timezone)]
    pub timezone: Option<String>,
    #[param(schema_with = schema::schedule_count)]
    pub count: Option<String>,
    #[param(schema_with = schema::gap)]
    pub gap: Option<String>,
    /// The language of each event's description.
    #[param(schema_with = schema::locale)]
    pub locale: Option<String>,
}

impl ScheduleFeedParams {
    /// The same request as the runs', from now.
    pub fn read(self, default_zone: &Zone, now: Timestamp) -> Result<ScheduleRequest, ApiError> {
        let runs = ScheduleParams {
            schedule: self.schedule,
            timezone: self.timezone,
            from: None,
            count: self.count.map(Value::String),
            direction: None,
            gap: self.gap,
            locale: self.locale,
            precision: None,
            fields: None,
        };
        runs.read(default_zone, now)
    }
}

/// The `count` of a zone's transitions feed (its other parameters are the
/// transitions', refused there: a feed starts now).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransitionsFeedParams {
    #[param(schema_with = schema::transition_count)]
    pub count: Option<String>,
}

/// What a schedule request asks: the expression read, its zones, the
/// search, and how each run is written.
pub struct ScheduleRequest {
    pub schedule: Schedule,
    pub timezone: Option<Zone>,
    pub query: schedule::Query,
    pub precision: Precision,
    pub language: Arc<Localizer>,
    pub fields: Fields,
    /// Whether the answer depends on the clock (`from` absent, or counted from now).
    pub counts_from_now: bool,
}

impl ScheduleParams {
    pub fn read(&self, default_zone: &Zone, now: Timestamp) -> Result<ScheduleRequest, ApiError> {
        let text = self.schedule.as_deref().ok_or(ApiError::MissingParameter { param: "schedule" })?;
        let gap = self.gap.as_deref().map_or(Ok(Gap::default()), str::parse).map_err(ApiError::time)?;
        let schedule = Schedule::parse(text, gap).map_err(ApiError::time)?;
        let timezone = self.timezone.as_deref().map(Zone::parse).transpose().map_err(ApiError::time)?;
        let reading_zone = schedule.zone.as_ref().or(timezone.as_ref()).unwrap_or(default_zone);
        let from_now = FromNow::default();
        let from = match self.from.as_ref().filter(|value| !value.is_null()) {
            None => now,
            Some(value) => {
                let options = ReadOptions::defaults(reading_zone, now).noting(&from_now);
                let input = input_of(value, "from")?;
                tsconv_time::input::read(input, &options).map_err(ApiError::input("from"))?.instant
            }
        };
        let direction: transitions::Direction =
            self.direction.as_deref().map_or(Ok(Default::default()), str::parse).map_err(ApiError::time)?;
        // JSON's 5.0 is the integer 5, as JSON Schema's `integer` says.
        let integral =
            self.count.as_ref().and_then(Value::as_f64).filter(|n| n.fract() == 0.0).map(|n| format!("{n:.0}"));
        let count = match &integral {
            Some(text) => Some(text.as_str()),
            None => whole_number(self.count.as_ref(), "count")?,
        };
        let query = schedule::Query::from_texts(from, count, direction).map_err(ApiError::time)?;
        Ok(ScheduleRequest {
            schedule,
            timezone,
            query,
            precision: precision(self.precision.as_deref())?.unwrap_or(Precision::Seconds),
            language: language(self.locale.as_deref())?,
            fields: fields(self.fields.as_deref(), Field::CURRENT)?,
            counts_from_now: self.from.as_ref().is_none_or(Value::is_null) || from_now.seen(),
        })
    }
}

/// The zone in the path of its transitions: written with its slashes
/// (`America/New_York`) or percent-encoded (`America%2FNew_York`). Only
/// documented: the handler takes the path after `/timezones/` itself.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ZonePath {
    #[param(schema_with = schema::timezone)]
    pub zone: String,
}

/// Parameters of a zone's transitions.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransitionsParams {
    /// Where the search starts: any timestamp input (a date or local time is read in the zone). Default now.
    #[param(schema_with = schema::query_instant)]
    pub from: Option<String>,
    /// Where it stops, exclusive: any timestamp input, later than `from` for `next`, earlier for `previous`.
    #[param(schema_with = schema::query_instant)]
    pub to: Option<String>,
    #[param(schema_with = schema::transition_count)]
    pub count: Option<String>,
    #[param(schema_with = schema::direction)]
    pub direction: Option<String>,
}

impl TransitionsParams {
    /// The zone named in the path, the query in it, and whether the answer
    /// depends on the clock: `from` absent (now), or a `from` or `to` that
    /// counts from now (`now-1d`, `tomorrow`).
    pub fn read(&self, zone: &str, now: Timestamp) -> Result<(Zone, transitions::Query, bool), ApiError> {
        let zone = Zone::parse(zone).map_err(ApiError::input("zone"))?;
        let from_now = FromNow::default();
        let options = ReadOptions::defaults(&zone, now).noting(&from_now);
        let instant = |text: &Option<String>, param: &'static str| -> Result<Option<Timestamp>, ApiError> {
            let Some(text) = text else { return Ok(None) };
            let input = text_input(text, param)?;
            let reading = tsconv_time::input::read(input, &options).map_err(ApiError::input(param))?;
            Ok(Some(reading.instant))
        };
        let from = instant(&self.from, "from")?;
        let to = instant(&self.to, "to")?;
        let direction: transitions::Direction =
            self.direction.as_deref().map_or(Ok(Default::default()), str::parse).map_err(ApiError::time)?;
        let query = transitions::Query::from_texts(from.unwrap_or(now), to, self.count.as_deref(), direction)
            .map_err(ApiError::time)?;
        let counts_from_now = from.is_none() || from_now.seen();
        Ok((zone, query, counts_from_now))
    }
}

/// Declares the form body of an endpoint, described from its parameter struct.
macro_rules! form_body {
    ($(#[$doc:meta])* $form:ident of $params:ty) => {
        $(#[$doc])*
        pub struct $form;

        impl utoipa::PartialSchema for $form {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                schema::form::<$params>()
            }
        }

        impl ToSchema for $form {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($form))
            }
        }
    };
}

form_body!(
    /// The form body of convert and format.
    TimestampForm of TimestampParams
);
form_body!(
    /// The form body of validate.
    ValidateForm of ValidateParams
);

form_body!(
    /// The form body of add.
    AddForm of AddParams
);
form_body!(
    /// The form body of round.
    RoundForm of RoundParams
);
form_body!(
    /// The form body of diff.
    DiffForm of DiffParams
);
form_body!(
    /// The form body of extract.
    ExtractForm of ExtractParams
);
form_body!(
    /// The form body of a schedule.
    ScheduleForm of ScheduleParams
);

/// The names every endpoint accepts: an unknown name that one of them
/// takes is refused "for this endpoint".
static ALL_PARAMS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut names: Vec<&'static str> = [
        fields_of::<CurrentParams>(),
        fields_of::<TimestampParams>(),
        fields_of::<ValidateParams>(),
        fields_of::<TimezonesParams>(),
        fields_of::<LocalesParams>(),
        fields_of::<LookupParams>(),
        fields_of::<TransitionsParams>(),
        fields_of::<AddParams>(),
        fields_of::<RoundParams>(),
        fields_of::<DiffParams>(),
        fields_of::<ExtractParams>(),
        fields_of::<ScheduleParams>(),
        fields_of::<ScheduleFeedParams>(),
    ]
    .concat();
    names.sort_unstable();
    names.dedup();
    names
});

/// Whether some endpoint accepts a parameter of this (lowercase) name.
fn is_known_elsewhere(name: &str) -> bool {
    ALL_PARAMS.binary_search(&name).is_ok()
}

/// The extractor: the request's parameters read into `T`.
#[derive(Debug)]
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: de::DeserializeOwned> FromRequest<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        RawParams::from_request(request, state).await?.parse().map(Params).map_err(|error| match error {
            ApiError::UnknownParameter { name, accepted, .. } => {
                let elsewhere = is_known_elsewhere(&name.to_ascii_lowercase());
                ApiError::UnknownParameter { name, accepted, elsewhere }
            }
            other => other,
        })
    }
}

/// A parameter that may be absent, sent as `null`, or sent with a value.
/// `null` counts as absent, except where sending a name at all matters.
#[derive(Debug, Default)]
pub enum Sent<T> {
    #[default]
    Absent,
    Null,
    Value(T),
}

impl<T> Sent<T> {
    fn is_sent(&self) -> bool {
        !matches!(self, Sent::Absent)
    }

    fn value(&self) -> Option<&T> {
        match self {
            Sent::Value(value) => Some(value),
            _ => None,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sent<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<T>::deserialize(deserializer)? {
            Some(value) => Sent::Value(value),
            None => Sent::Null,
        })
    }
}

/// One input, or a batch whose items are each an input or the reason it is
/// not one (a wrong JSON type). An input is an [`Input`], or for diff a pair
/// of them.
#[derive(Debug)]
pub enum Inputs<I> {
    One(I),
    Many(Vec<Result<I, ApiError>>),
}

/// The parameters that say how inputs are read, as sent.
struct HowToRead<'a> {
    timezone: Option<&'a str>,
    precision: Option<&'a str>,
    disambiguation: Option<&'a str>,
    epoch: Option<&'a str>,
    input_format: Option<&'a Value>,
    /// `locale`, on the endpoints that write human-readable texts.
    locale: Option<&'a str>,
}

/// An endpoint's parameters that say how its inputs are read: each
/// parameter struct that reads inputs implements it, and so reads them the
/// same way.
trait ReadsInputs {
    /// The parameters, as sent.
    fn how_to_read(&self) -> HowToRead<'_>;

    /// How to read the inputs: each sent value read, the rest at its
    /// default (English where no `locale` is sent).
    fn read_settings(&self, default_zone: &Zone) -> Result<ReadSettings, ApiError> {
        let sent = self.how_to_read();
        Ok(ReadSettings {
            zone: zone(sent.timezone, default_zone)?,
            precision: precision(sent.precision)?,
            disambiguation: sent
                .disambiguation
                .map_or(Ok(Disambiguation::default()), str::parse)
                .map_err(ApiError::time)?,
            epoch: sent.epoch.map_or(Ok(None), Epoch::parse).map_err(ApiError::time)?,
            patterns: sent.input_format.map_or(Ok(Vec::new()), input_formats)?,
            language: language(sent.locale)?,
        })
    }
}

/// What a caller asked an answer to hold: a format's text, and which of
/// the answer's fields.
#[derive(Debug)]
pub struct Asked {
    pub format: Option<Format>,
    pub fields: Fields,
}

/// An endpoint's parameters that shape its answer: an output format
/// (`format`, `pattern`, `style`) and `fields`.
trait ShapesAnswer {
    /// `format`, `pattern` and `style`, as sent.
    fn format_sent(&self) -> [Option<&str>; 3];

    /// `fields`, as sent.
    fn fields_sent(&self) -> Option<&str>;

    /// The format asked for, if any, and the fields of `answer` asked for
    /// (every one unless `fields` names some).
    fn asked(&self, answer: &[Field]) -> Result<Asked, ApiError> {
        let [format, pattern, style] = self.format_sent();
        let format = Format::from_texts(format, pattern, style).map_err(ApiError::time)?;
        Ok(Asked { format, fields: fields(self.fields_sent(), answer)? })
    }
}

impl ReadsInputs for TimestampParams {
    fn how_to_read(&self) -> HowToRead<'_> {
        HowToRead {
            timezone: self.timezone.as_deref(),
            precision: self.precision.as_deref(),
            disambiguation: self.disambiguation.as_deref(),
            epoch: self.epoch.as_deref(),
            input_format: self.input_format.as_ref(),
            locale: self.locale.as_deref(),
        }
    }
}

impl ReadsInputs for ValidateParams {
    /// Validate writes no human-readable text: its `locale` says how
    /// people's text is read.
    fn how_to_read(&self) -> HowToRead<'_> {
        HowToRead {
            timezone: self.timezone.as_deref(),
            precision: self.precision.as_deref(),
            disambiguation: self.disambiguation.as_deref(),
            epoch: self.epoch.as_deref(),
            input_format: self.input_format.as_ref(),
            locale: self.locale.as_deref(),
        }
    }
}

impl ReadsInputs for AddParams {
    fn how_to_read(&self) -> HowToRead<'_> {
        HowToRead {
            timezone: self.timezone.as_deref(),
            precision: self.precision.as_deref(),
            disambiguation: self.disambiguation.as_deref(),
            epoch: self.epoch.as_deref(),
            input_format: self.input_format.as_ref(),
            locale: self.locale.as_deref(),
        }
    }
}

impl ReadsInputs for RoundParams {
    fn how_to_read(&self) -> HowToRead<'_> {
        HowToRead {
            timezone: self.timezone.as_deref(),
            precision: self.precision.as_deref(),
            disambiguation: self.disambiguation.as_deref(),
            epoch: self.epoch.as_deref(),
            input_format: self.input_format.as_ref(),
            locale: self.locale.as_deref(),
        }
    }
}

impl ReadsInputs for DiffParams {
    fn how_to_read(&self) -> HowToRead<'_> {
        HowToRead {
            timezone: self.timezone.as_deref(),
            precision: self.precision.as_deref(),
            disambiguation: self.disambiguation.as_deref(),
            epoch: self.epoch.as_deref(),
            input_format: self.input_format.as_ref(),
            locale: self.locale.as_deref(),
        }
    }
}

impl ShapesAnswer for TimestampParams {
    fn format_sent(&self) -> [Option<&str>; 3] {
        [self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref()]
    }

    fn fields_sent(&self) -> Option<&str> {
        self.fields.as_deref()
    }
}

impl ShapesAnswer for AddParams {
    fn format_sent(&self) -> [Option<&str>; 3] {
        [self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref()]
    }

    fn fields_sent(&self) -> Option<&str> {
        self.fields.as_deref()
    }
}

impl ShapesAnswer for RoundParams {
    fn format_sent(&self) -> [Option<&str>; 3] {
        [self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref()]
    }

    fn fields_sent(&self) -> Option<&str> {
        self.fields.as_deref()
    }
}

/// `input_format`: one pattern (a string), or a list of them (a JSON array,
/// or the name repeated in a query string or form).
fn input_formats(value: &Value) -> Result<Vec<String>, ApiError> {
    let wrong = |given: &Value| ApiError::WrongType {
        param: "input_format",
        expected: "a string or an array of strings",
        given: json_type(given),
    };
    let patterns = match value {
        Value::String(pattern) => vec![pattern.clone()],
        Value::Array(items) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned).ok_or_else(|| wrong(item)))
            .collect::<Result<_, _>>()?,
        other => return Err(wrong(other)),
    };
    check_input_formats(&patterns).map_err(ApiError::time)?;
    Ok(patterns)
}

impl CurrentParams {
    /// The zone, unit, language and fields of the answer; `default_zone`,
    /// seconds, English and every field unless stated.
    pub fn read(&self, default_zone: &Zone) -> Result<(Zone, Precision, Arc<Localizer>, Fields), ApiError> {
        Ok((
            zone(self.timezone.as_deref(), default_zone)?,
            precision(self.precision.as_deref())?.unwrap_or(Precision::Seconds),
            language(self.locale.as_deref())?,
            fields(self.fields.as_deref(), Field::CURRENT)?,
        ))
    }
}

/// The fields of `answer` that `list` names (`fields`); every one when absent.
fn fields(list: Option<&str>, answer: &[Field]) -> Result<Fields, ApiError> {
    list.map_or(Ok(Fields::ALL), |list| Fields::parse(list, answer)).map_err(ApiError::time)
}

/// The language of `locale` (English when none is sent).
fn language(locale: Option<&str>) -> Result<Arc<Localizer>, ApiError> {
    match locale {
        None => Ok(Arc::clone(locale::english_shared())),
        Some(tag) => Localizer::get(tag).map_err(ApiError::time),
    }
}

impl TimestampParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs, how to read them, and what the answer (convert's or
    /// format's: `answer`) is asked to hold.
    pub fn read(
        &self,
        default_zone: &Zone,
        answer: &[Field],
    ) -> Result<(Inputs<Input<'_>>, ReadSettings, Asked), ApiError> {
        let inputs = inputs(&self.timestamp, &self.timestamps)?;
        let reading = self.read_settings(default_zone)?;
        Ok((inputs, reading, self.asked(answer)?))
    }
}

impl ValidateParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs and how to read them.
    pub fn read(&self, default_zone: &Zone) -> Result<(Inputs<Input<'_>>, ReadSettings), ApiError> {
        let inputs = inputs(&self.timestamp, &self.timestamps)?;
        let reading = self.read_settings(default_zone)?;
        Ok((inputs, reading))
    }
}

impl AddParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs, how to read them, the duration and overflow rule, and
    /// what the answer is asked to hold.
    pub fn read(&self, default_zone: &Zone) -> Result<(Inputs<Input<'_>>, ReadSettings, Addend, Asked), ApiError> {
        let duration = self.duration.as_deref().ok_or(ApiError::MissingParameter { param: "duration" })?;
        let duration = arithmetic::parse_duration(duration).map_err(ApiError::time)?;
        let overflow = self.overflow.as_deref().map_or(Ok(Overflow::default()), str::parse).map_err(ApiError::time)?;
        let asked = self.asked(Field::ADDITION)?;
        let reading = self.read_settings(default_zone)?;
        Ok((inputs(&self.timestamp, &self.timestamps)?, reading, Addend { duration, overflow }, asked))
    }
}

impl RoundParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.timestamps.value().is_some()
    }

    /// The inputs, how to read them, what to round to, and what the answer
    /// is asked to hold.
    pub fn read(&self, default_zone: &Zone) -> Result<(Inputs<Input<'_>>, ReadSettings, RoundTo, Asked), ApiError> {
        let unit = self.unit.as_deref().ok_or(ApiError::MissingParameter { param: "unit" })?;
        let unit = TimeUnit::parse(unit, &TimeUnit::ALL, Setting::Unit).map_err(ApiError::time)?;
        let mode =
            self.mode.as_deref().map_or(Ok(RoundingMode::Floor), |mode| RoundingMode::parse(mode, Setting::Mode));
        let week_start = self.week_start.as_deref().map_or(Ok(Weekday::Monday), arithmetic::parse_weekday);
        let increment = whole_number(self.increment.as_ref(), "increment")?;
        let to =
            RoundTo::from_texts(unit, mode.map_err(ApiError::time)?, increment, week_start.map_err(ApiError::time)?)
                .map_err(ApiError::time)?;
        let asked = self.asked(Field::ROUNDING)?;
        let reading = self.read_settings(default_zone)?;
        Ok((inputs(&self.timestamp, &self.timestamps)?, reading, to, asked))
    }
}

impl DiffParams {
    /// Whether the request sends a batch (see [`crate::http::batch::BATCHES_AT_ONCE`]).
    pub fn is_batch(&self) -> bool {
        self.pairs.value().is_some()
    }

    /// The pairs of inputs, how to read them, and how to balance and round.
    pub fn read(&self, default_zone: &Zone) -> Result<(Inputs<Pair<'_>>, ReadSettings, DiffSettings), ApiError> {
        let increment = whole_number(self.rounding_increment.as_ref(), "rounding_increment")?;
        let settings = DiffSettings::from_texts(
            self.largest_unit.as_deref(),
            self.smallest_unit.as_deref(),
            self.rounding_mode.as_deref(),
            increment,
        )
        .map_err(ApiError::time)?;
        let reading = self.read_settings(default_zone)?;
        let sent = self.from.is_sent() || self.to.is_sent();
        let one = match (self.from.value(), self.to.value()) {
            (None, None) => None,
            (from, to) => Some((from, to)),
        };
        let inputs = match one_or_batch(sent, one, &self.pairs, ("from and to", "pairs"))? {
            Some(Ok((from, to))) => {
                let from = from.ok_or(ApiError::MissingParameter { param: "from" })?;
                let to = to.ok_or(ApiError::MissingParameter { param: "to" })?;
                Inputs::One((input_of(from, "from")?, input_of(to, "to")?))
            }
            Some(Err(pairs)) => Inputs::Many(
                pairs
                    .iter()
                    .map(|PairItem(pair)| match pair {
                        Ok((from, to)) => Ok((input_of(from, "from")?, input_of(to, "to")?)),
                        Err(error) => Err(error.clone()),
                    })
                    .collect(),
            ),
            None => return Err(ApiError::MissingParameter { param: "from" }),
        };
        Ok((inputs, reading, settings))
    }
}

/// An increment: a JSON number or its text, as text for the engine to
/// check (a whole number that fits its unit).
fn whole_number<'a>(value: Option<&'a Value>, param: &'static str) -> Result<Option<&'a str>, ApiError> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(number)) => Ok(Some(number.as_str())),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => Err(ApiError::WrongType { param, expected: "a whole number", given: json_type(other) }),
    }
}

/// `timezone`, else the server's default zone (UTC unless it was given one).
fn zone(name: Option<&str>, default: &Zone) -> Result<Zone, ApiError> {
    name.map_or_else(|| Ok(default.clone()), Zone::parse).map_err(ApiError::time)
}

/// `precision`, `None` when it is to be detected.
fn precision(text: Option<&str>) -> Result<Option<Precision>, ApiError> {
    text.map(str::parse).transpose().map_err(ApiError::time)
}

/// `timestamp`, or the batch `timestamps` (1 to [`MAX_BATCH`] items).
/// Sending both names is an error even when one of them is `null`.
fn inputs<'a>(timestamp: &'a Sent<Value>, timestamps: &'a Sent<Vec<Value>>) -> Result<Inputs<Input<'a>>, ApiError> {
    let batch = one_or_batch(timestamp.is_sent(), timestamp.value(), timestamps, ("timestamp", "timestamps"))?;
    match batch {
        Some(Ok(value)) => input_of(value, "timestamp").map(Inputs::One),
        Some(Err(items)) => Ok(Inputs::Many(items.iter().map(|item| input_of(item, "timestamps")).collect())),
        None => Err(ApiError::MissingParameter { param: "timestamp" }),
    }
}

/// One input or a batch of 1 to [`MAX_BATCH`] items, not both: `Ok` the
/// one, `Err` the batch, `None` neither. `names` are the one's and the
/// batch's, for errors.
fn one_or_batch<'a, T, B>(
    one_sent: bool,
    one: Option<T>,
    batch: &'a Sent<Vec<B>>,
    (one_name, batch_name): (&'static str, &'static str),
) -> Result<Option<Result<T, &'a [B]>>, ApiError> {
    if one_sent && batch.is_sent() {
        return Err(ApiError::BothInputAndBatch { one: one_name, batch: batch_name });
    }
    match (one, batch.value()) {
        (Some(one), _) => Ok(Some(Ok(one))),
        (None, Some(items)) if items.is_empty() => Err(ApiError::EmptyBatch { batch: batch_name }),
        (None, Some(items)) if items.len() > MAX_BATCH => {
            Err(ApiError::BatchTooLarge { items: items.len(), batch: batch_name })
        }
        (None, Some(items)) => Ok(Some(Err(items.as_slice()))),
        (None, None) => Ok(None),
    }
}

/// A JSON number (its exact text) or a string of at most
/// [`MAX_INPUT_CHARS`] characters (a request bound, so validate
/// refuses it too); anything else is refused.
pub fn input_of<'a>(value: &'a Value, param: &'static str) -> Result<Input<'a>, ApiError> {
    match value {
        Value::Number(number) => Ok(Input::Number(number.as_str())),
        Value::String(text) => text_input(text, param),
        other => Err(ApiError::NotAnInput { param, given: json_type(other) }),
    }
}

/// A timestamp input sent as text.
pub fn text_input<'a>(text: &'a str, param: &'static str) -> Result<Input<'a>, ApiError> {
    let chars = text.chars().count();
    if chars > MAX_INPUT_CHARS {
        return Err(ApiError::InputTooLong { param, chars });
    }
    Ok(Input::Text(text))
}
