//! Schema pieces of the OpenAPI document, for what derive macros cannot say
//! on their own; every limit comes from the constant the code enforces.

use utoipa::IntoParams;
use utoipa::openapi::path::{Parameter, ParameterIn};

use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ArrayItems, ObjectBuilder, OneOfBuilder, SchemaType, Type,
};
use utoipa::openapi::{RefOr, Schema};

use super::limits::MAX_BATCH;
use tsconv_time::arithmetic::{MAX_DURATION_CHARS, Overflow, RoundingMode, WEEKDAYS};
use tsconv_time::fields::Field;
use tsconv_time::input::MAX_INPUT_CHARS;
use tsconv_time::input::MAX_INPUT_FORMATS;
use tsconv_time::render::MAX_PATTERN_CHARS;
use tsconv_time::unit::TimeUnit;

/// A time zone: a name of the bundled IANA database (matched ignoring
/// case), `UTC`/`Z`, or a fixed offset `±HH`, `±HH:MM`, `±HHMM`,
/// `±HH:MM:SS` of at most ±25:59:59: exactly what `Zone::parse` accepts.
pub fn timezone() -> RefOr<Schema> {
    let mut names: Vec<&str> = vec!["UTC", "Z"];
    names.extend(tsconv_time::zone::names().iter().filter(|name| **name != "UTC"));
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
                .pattern(Some("^([Uu][Tt][Cc]|[Zz])$"))
                .description(Some("`UTC` or `Z`, any case (the enum above has the canonical spelling)")),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(OFFSET_PATTERN))
                .description(Some("A fixed offset from UTC")),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(windows_ids()))
                .description(Some("A Windows time zone ID (any case), mapped by CLDR's windowsZones to its main IANA zone")),
        )
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(PEOPLE_OFFSET_PATTERN)).description(Some(
            "A fixed offset as people write it, `GMT+5` or `UTC+05:30` (any case): east of Greenwich, \
                 +05:00 and +05:30. The IANA names `Etc/GMT±N` keep their POSIX sign: `Etc/GMT+5` is -05:00",
        )))
        .description(Some(
            "IANA name (any case; answered canonical), `UTC`, or a fixed offset such as `+05:30` (also as people write it: \
             `GMT+5`, `UTC+05:30`, east of Greenwich), or a Windows ID (`Eastern Standard Time`). Default `UTC`",
        ))
        .examples([serde_json::json!("America/New_York")])
        .into()
}

/// Every Windows ID of CLDR's table, sorted, once each.
fn windows_ids() -> Vec<&'static str> {
    let mut ids: Vec<&str> = tsconv_time::windows::table().iter().map(|row| row.windows_id).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// `±HH`, `±HH:MM`, `±HH:MM:SS`, `±HHMM` or `±HHMMSS`, hours at most 25.
const OFFSET_PATTERN: &str = "^[+-]([01][0-9]|2[0-5])((:[0-5][0-9](:[0-5][0-9])?)|([0-5][0-9]([0-5][0-9])?))?$";

/// `GMT+5`, `UTC+05:30`: exactly the people's offsets `Zone::parse` accepts.
const PEOPLE_OFFSET_PATTERN: &str = "^([Gg][Mm][Tt]|[Uu][Tt][Cc])[+-](([0-9]|[01][0-9]|2[0-5])(:[0-5][0-9](:[0-5][0-9])?)?|([01][0-9]|2[0-5])[0-5][0-9]([0-5][0-9])?)$";

/// [`timezone`], or JSON `null` (which counts as absent).
pub fn timezone_or_null() -> RefOr<Schema> {
    or_null(timezone())
}

/// The `locale` parameter: a free BCP 47 tag (the served locales are
/// listed by `GET /api/locales`; any tag that falls back to one is served).
pub fn locale() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(tsconv_time::locale::MAX_TAG_CHARS))
        .examples(["de", "en-GB", "pt-BR", "zh-TW"])
        .description(Some(
            "The language of the human-readable texts, and of people's text read (its month \
             and weekday names, day periods, relative words, the order of numeric dates): a BCP 47 tag, any \
             case, with CLDR fallback \
             (`de-XX` is served by `de`; `data.locale` names the locale used); `GET /api/locales` lists them. \
             Default `en` (US English)",
        ))
        .into()
}

pub fn locale_or_null() -> RefOr<Schema> {
    or_null(locale())
}

/// `fields`: which top-level fields of `data` to answer, among the names of
/// `answers` (convert and format share their parameters, and so the names
/// of both answers).
fn fields_among(answers: &[&[Field]]) -> RefOr<Schema> {
    let mut names: Vec<&str> = answers.iter().flat_map(|answer| answer.iter().map(|field| field.name())).collect();
    names.sort_unstable();
    names.dedup();
    let name = format!("({})", names.join("|"));
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(format!("^ *{name}( *, *{name})* *$")))
        .examples(["iso,timezone", "timestamp,calendar"])
        .description(Some(
            "Comma-separated top-level fields of `data` to answer (`iso,timezone,calendar`); the others are \
             neither computed nor sent. A name the answer does not have is refused (400) with the one it \
             probably meant and the answer's list. Default: every field.",
        ))
        .into()
}

pub fn fields_current() -> RefOr<Schema> {
    fields_among(&[Field::CURRENT])
}

pub fn fields_current_or_null() -> RefOr<Schema> {
    or_null(fields_current())
}

pub fn fields_timestamp() -> RefOr<Schema> {
    fields_among(&[Field::REPORT, Field::FORMATTED])
}

pub fn fields_timestamp_or_null() -> RefOr<Schema> {
    or_null(fields_timestamp())
}

pub fn fields_add() -> RefOr<Schema> {
    fields_among(&[Field::ADDITION])
}

pub fn fields_add_or_null() -> RefOr<Schema> {
    or_null(fields_add())
}

pub fn fields_round() -> RefOr<Schema> {
    fields_among(&[Field::ROUNDING])
}

pub fn fields_round_or_null() -> RefOr<Schema> {
    or_null(fields_round())
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
        tsconv_time::precision::Precision::SPELLINGS,
        "Unit of numeric inputs and of `timestamp` in the answer (any case). Default: detected; `seconds` for current",
    )
}

pub fn precision_or_null() -> RefOr<Schema> {
    or_null(precision())
}

/// The `format` parameter.
pub fn format() -> RefOr<Schema> {
    one_of(tsconv_time::render::Format::names(), "An output format (any case)")
}

pub fn format_or_null() -> RefOr<Schema> {
    or_null(format())
}

/// The `style` parameter.
pub fn style() -> RefOr<Schema> {
    one_of(
        tsconv_time::discord::DiscordStyle::ALL.map(tsconv_time::discord::DiscordStyle::code),
        "Discord style for `format=discord` (implies it); case matters. Default `f`",
    )
}

pub fn style_or_null() -> RefOr<Schema> {
    or_null(style())
}

/// The `disambiguation` parameter.
pub fn disambiguation() -> RefOr<Schema> {
    one_of(
        tsconv_time::local::Disambiguation::ALL.map(tsconv_time::local::Disambiguation::name),
        "For a wall-clock time in a DST gap or fold (any case): `compatible` (default) takes the time after a gap \
         and the earlier of a fold, `earlier`, `later`, or `reject` (an `ambiguous_local_time` error)",
    )
}

pub fn disambiguation_or_null() -> RefOr<Schema> {
    or_null(disambiguation())
}

/// The `epoch` parameter.
pub fn epoch() -> RefOr<Schema> {
    let names: Vec<&str> = tsconv_time::epoch::Epoch::names().filter(|name| *name != "snowflake:MS").collect();
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
            "The epoch system of numeric inputs (any case): {}. `snowflake:MS` is any Snowflake scheme \
             whose epoch is MS Unix milliseconds. Default `unix`",
            tsconv_time::epoch::Epoch::names().collect::<Vec<_>>().join(", ")
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

/// `duration` of add.
pub fn duration() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_DURATION_CHARS))
        .description(Some(
            "Required. ISO 8601 (`P1Y2M3W4DT5H6M7.5S`, `-P1D`, `PT36H`; a fraction only on the last unit, hours or \
             smaller) or the friendly form (`1y 2mo 3w 4d 5h 6m 7s 8ms`, `-90m`, `2 hours 30 minutes`). Years to \
             days move the wall clock in `timezone`; hours and smaller are elapsed time",
        ))
        .examples([serde_json::json!("P1M"), serde_json::json!("-90m")])
        .into()
}

/// `overflow` of add.
pub fn overflow() -> RefOr<Schema> {
    one_of(
        Overflow::ALL.map(Overflow::name),
        "When years or months land on a day the month lacks (Jan 31 plus one month): `constrain` (default) takes \
         the month's last day, `reject` answers `out_of_range`",
    )
}

pub fn overflow_or_null() -> RefOr<Schema> {
    or_null(overflow())
}

/// `unit` of round.
pub fn unit() -> RefOr<Schema> {
    one_of(
        TimeUnit::ALL.map(TimeUnit::singular),
        "Required. The unit to round to, on the wall clock in `timezone` (singular or plural, any case). For `day` \
         and larger, `floor` is the period's start and `ceil` the next period's start",
    )
}

/// `mode` of round, and `rounding_mode` of diff.
fn rounding_mode_of(default: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(RoundingMode::ALL.map(RoundingMode::name)))
        .description(Some(format!(
            "How to round (any case): `floor`, `ceil`, `trunc` (towards zero), `expand` (away from zero), or to the \
             nearest with a half going `half_expand` (away from zero), `half_trunc`, `half_even`, `half_floor`, \
             `half_ceil`. Default `{default}`"
        )))
        .into()
}

pub fn mode() -> RefOr<Schema> {
    rounding_mode_of("floor")
}

pub fn mode_or_null() -> RefOr<Schema> {
    or_null(mode())
}

pub fn rounding_mode() -> RefOr<Schema> {
    rounding_mode_of("trunc")
}

pub fn rounding_mode_or_null() -> RefOr<Schema> {
    or_null(rounding_mode())
}

const INCREMENT: &str = "Round to a multiple of this many units (default 1). For nanoseconds to hours it must divide \
    the next larger unit and be less than it (15 minutes, 6 hours, 500 milliseconds); rounding an instant to a day or \
    larger takes only 1, a difference any whole number up to 1000000000";

/// `increment` of round, `rounding_increment` of diff, in a query string.
pub fn query_increment() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(1_000_000_000))
        .description(Some(INCREMENT))
        .into()
}

/// The same in a JSON body: a number, or its text.
pub fn increment() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(1_000_000_000)))
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[0-9]{1,10}$")))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(INCREMENT))
        .into()
}

/// `week_start` of round.
pub fn week_start() -> RefOr<Schema> {
    one_of(WEEKDAYS, "The first day of a week for `unit=week` (any case; `mon` ... `sun` too). Default `monday`")
}

pub fn week_start_or_null() -> RefOr<Schema> {
    or_null(week_start())
}

/// `largest_unit` and `smallest_unit` of diff.
fn difference_unit(description: &'static str) -> RefOr<Schema> {
    one_of(TimeUnit::OF_DIFFERENCE.map(TimeUnit::plural), description)
}

pub fn largest_unit() -> RefOr<Schema> {
    difference_unit(
        "The largest unit of `duration` (plural or singular, any case). Default `years`; `hours` gives `PT25H`",
    )
}

pub fn largest_unit_or_null() -> RefOr<Schema> {
    or_null(largest_unit())
}

pub fn smallest_unit() -> RefOr<Schema> {
    difference_unit(
        "The smallest unit of `duration`, rounded by `rounding_mode` (plural or singular, any case). Default \
         `nanoseconds`",
    )
}

pub fn smallest_unit_or_null() -> RefOr<Schema> {
    or_null(smallest_unit())
}

/// `from` and `to` of diff in a JSON body.
pub fn diff_instant() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Number))
        .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_INPUT_CHARS)))
        .description(Some("Any timestamp input, as `timestamp` takes it (exclusive with `pairs`)"))
        .examples([serde_json::json!("2023-01-01T00:00:00Z")])
        .into()
}

const PAIR: &str = "An object `{\"from\": ..., \"to\": ...}`, each any timestamp input";

/// `pairs` of diff in a JSON body.
pub fn pairs() -> RefOr<Schema> {
    batch_of(
        ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some(format!(
            "{PAIR}. Anything else is reported as this item's error in `results`; the batch still answers 200"
        ))),
        "pairs, instead of `from` and `to`",
    )
}

/// `pairs` in a query string or form body: each the JSON text of a pair.
pub fn query_pairs() -> RefOr<Schema> {
    batch_of(
        ObjectBuilder::new().schema_type(Type::String).description(Some(format!(
            "{PAIR}, as JSON text (`{{\"from\":\"2024-01-01\",\"to\":\"2024-03-01\"}}`); repeat the name for each pair"
        ))),
        "pairs, instead of `from` and `to`",
    )
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
             an ID (UUID v1/v6/v7, ULID, ObjectId, KSUID), date math (`now-1d/d`, `2023-11-14T10:00:00Z||+1M/d`), \
             or what people type, read when no machine format reads it (`Nov 14 2023 5:13pm`, `2023-11-14 10:00 EST`, \
             `tomorrow 9am`, `3 days ago`, `2023年11月14日`): `input.kind` is then `human`, with `input.read_as`",
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
             an ID, date math such as `now-1d/d`, or what people type (`Nov 14 2023 5:13pm`, `tomorrow 9am`)",
        ))
        .examples([serde_json::json!("1700000000")])
        .into()
}

/// `text` of extract: prose of at most `MAX_TEXT_CHARS` characters.
pub fn extract_text() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(tsconv_time::extract::MAX_TEXT_CHARS))
        .description(Some(format!(
            "The text to find dates in: a chat message, a log line, an e-mail; at most {} characters",
            tsconv_time::extract::MAX_TEXT_CHARS
        )))
        .examples([serde_json::json!("let's meet tomorrow at 8pm EST")])
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

/// A `count` of `what`, 1 to `max`, `default` when not given.
fn count_of(what: &str, max: usize, default: usize) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(1))
        .maximum(Some(max))
        .description(Some(format!("How many {what} to list, at most {max} (default {default})")))
        .into()
}

/// `count` of a zone's transitions.
pub fn transition_count() -> RefOr<Schema> {
    count_of("transitions", tsconv_time::transitions::MAX_TRANSITIONS, tsconv_time::transitions::DEFAULT_TRANSITIONS)
}

/// `direction` of a zone's transitions.
pub fn direction() -> RefOr<Schema> {
    one_of(
        tsconv_time::transitions::Direction::ALL.map(tsconv_time::transitions::Direction::name),
        "`next` (default): transitions after `from`, oldest first; `previous`: before it, newest first (any case)",
    )
}

/// `schedule`: a cron expression, a systemd calendar event or an RRULE.
pub fn schedule() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(tsconv_time::schedule::MAX_SCHEDULE_BYTES))
        .description(Some(
            "The schedule, in whichever notation it is written: cron (`0 9 * * 1-5`; six fields with seconds \
             first, seven with a year; `@daily`; Quartz's `L`, `W`, `#`, `?`; a `CRON_TZ=Zone` prefix), a systemd \
             calendar event (`Mon..Fri 09:00`, `*-*-01 00:00:00`, `weekly`, a zone last), or an RFC 5545 RRULE \
             (`FREQ=MONTHLY;BYDAY=-1FR`, with `DTSTART;TZID=Zone:20260101T090000` before it on its own line or \
             after a space)",
        ))
        .examples([serde_json::json!("0 9 * * 1-5"), serde_json::json!("Mon..Fri 09:00")])
        .into()
}

/// `from` of a schedule in a JSON body: any timestamp input, or null (now).
pub fn schedule_from() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Number))
        .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_INPUT_CHARS)))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "Where the search starts, excluded: any timestamp input, as `timestamp` takes it. Default now",
        ))
        .examples([serde_json::json!("2027-03-27T12:00:00Z")])
        .into()
}

/// `count` of a schedule's runs.
pub fn schedule_count() -> RefOr<Schema> {
    count_of("runs", tsconv_time::schedule::MAX_RUNS, tsconv_time::schedule::DEFAULT_RUNS)
}

pub fn schedule_count_or_null() -> RefOr<Schema> {
    or_null(schedule_count())
}

/// `direction` of a schedule's runs.
pub fn schedule_direction() -> RefOr<Schema> {
    one_of(
        tsconv_time::transitions::Direction::ALL.map(tsconv_time::transitions::Direction::name),
        "`next` (default): runs after `from`, soonest first; `previous`: before it, latest first (any case)",
    )
}

pub fn schedule_direction_or_null() -> RefOr<Schema> {
    or_null(schedule_direction())
}

/// `gap`: what an RRULE's instance in a skipped hour does.
pub fn gap() -> RefOr<Schema> {
    one_of(
        ["skip", "shift"],
        "For an RRULE: `skip` (default) ignores an instance whose local time a clock change skips (RFC 5545 \
         3.3.10); `shift` reads it with the offset before the gap (3.3.5: 02:30 becomes 03:30). Cron and \
         systemd follow their own rules",
    )
}

pub fn gap_or_null() -> RefOr<Schema> {
    or_null(gap())
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
    batch_of(
        ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some(format!(
            "A timestamp input (a number, or a string of at most {MAX_INPUT_CHARS} characters). Anything else is \
         reported as this item's error in `results`; the batch still answers 200"
        ))),
        "inputs, instead of `timestamp`",
    )
}

/// Batch items in a query string or form body, where every value is text.
pub fn query_timestamps() -> RefOr<Schema> {
    batch_of(
        ObjectBuilder::new().schema_type(Type::String).description(Some(format!(
            "A timestamp input. One that is not a timestamp, or is over {MAX_INPUT_CHARS} characters, is reported as \
         this item's error in `results`; the batch still answers 200"
        ))),
        "inputs, instead of `timestamp`",
    )
}

/// A batch of 1 to [`MAX_BATCH`] `item`s; `what` says of what, instead of what.
fn batch_of(item: ObjectBuilder, what: &str) -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(item)
        .min_items(Some(1))
        .max_items(Some(MAX_BATCH))
        .description(Some(format!("A batch of 1 to {MAX_BATCH} {what}")))
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
    use super::{OFFSET_PATTERN, PEOPLE_OFFSET_PATTERN};

    /// The documented offset pattern accepts exactly what the parser does.
    #[test]
    fn offset_pattern_matches_the_parser() {
        let pattern = regex::Regex::new(OFFSET_PATTERN).unwrap();
        for text in ["+05", "-05:30", "+0530", "+05:30:15", "+053015", "-25:59:59", "+00", "+19:00"] {
            assert!(pattern.is_match(text), "{text}");
            assert!(tsconv_time::zone::Zone::parse(text).is_ok(), "{text}");
        }
        for text in ["+5", "+26", "+05:60", "+0530:00", "+05:3", "05:00", "+05:30:00:00", "+05:", "+053"] {
            assert!(!pattern.is_match(text), "{text}");
            assert!(tsconv_time::zone::Zone::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn people_offset_pattern_matches_the_parser() {
        let pattern = regex::Regex::new(PEOPLE_OFFSET_PATTERN).unwrap();
        let zone = |text: &str| tsconv_time::zone::Zone::parse(text).map(|zone| zone.name().to_owned());
        for (text, name) in [
            ("GMT+5", "+05:00"),
            ("utc-5", "-05:00"),
            ("UTC+5:30", "+05:30"),
            ("GMT+05:30:15", "+05:30:15"),
            ("Gmt-0930", "-09:30"),
            ("UTC+25:59:59", "+25:59:59"),
            ("GMT-00", "+00:00"),
        ] {
            assert!(pattern.is_match(text), "{text}");
            assert_eq!(zone(text), Ok(name.to_owned()), "{text}");
        }
        for text in ["GMT+26", "UTC+5:3", "GMT+530", "UTC+", "GMT5", "UTC+05:60", "GMT+05:30:00:00", "EST+5"] {
            assert!(!pattern.is_match(text), "{text}");
            assert!(zone(text).is_err(), "{text}");
        }
    }
}
