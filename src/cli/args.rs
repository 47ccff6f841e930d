//! The command line's arguments: each command and its flags (clap), and how
//! they become the engine's options.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use jiff::Timestamp;
use tsconv_time::arithmetic;
use tsconv_time::epoch::Epoch;
use tsconv_time::error::{Setting, TimeError};
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::{Input, ReadOptions};
use tsconv_time::local::Disambiguation;
use tsconv_time::locale::{self, Localizer};
use tsconv_time::precision::Precision;
use tsconv_time::render::Format;
use tsconv_time::unit::TimeUnit;
use tsconv_time::zone::Zone;

use crate::config::{Config, LogFormat};

/// Timestamp conversion: Unix timestamps and date strings to every format
/// and time zone, exact to the nanosecond.
#[derive(Debug, Parser)]
#[command(name = "tsconv", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service.
    Serve(ServeArgs),
    /// Manage API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Serve the operations as tools for AI agents: the Model Context Protocol over standard input and output.
    Mcp(McpArgs),
    #[command(flatten)]
    Tool(Tool),
}

/// The options of `tsconv mcp`.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// The zone of a tool call that names none: an IANA name, an offset, a Windows ID or an abbreviation
    /// (CEST). Default: this machine's zone (TZ, else /etc/timezone, else /etc/localtime; UTC without them).
    #[arg(long, env = "TSCONV_DEFAULT_TIMEZONE", value_name = "ZONE", value_parser = tsconv_time::human::abbreviations::configured_zone)]
    pub default_timezone: Option<Zone>,
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Print a new random API key (once) and the line that allows it in the keys file.
    New {
        /// A name for the key's owner, kept in the keys file and the logs.
        #[arg(long)]
        label: Option<String>,
    },
}

/// The operations of the API, from a shell.
#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Show the current time.
    Now(NowArgs),
    /// Convert a timestamp or date to every representation.
    Convert(OperationArgs),
    /// Check whether an input is a valid timestamp, and of which kind.
    Validate(ValidateArgs),
    /// Format a timestamp: one format, or every preset.
    Format(OperationArgs),
    /// When a zone's clocks change: its next (or previous) transitions.
    Transitions(TransitionsArgs),
    /// The next (or previous) runs of a cron expression, a systemd calendar event or an RRULE, across the
    /// zone's clock changes.
    Schedule(ScheduleArgs),
    /// The time zone of a place: a point (--lat, --lon), a country, a city (in a country) or an IP address
    /// (with --geoip-db).
    Where(WhereArgs),
    /// Add a duration to a timestamp (calendar units on the wall clock in --tz).
    Add(AddArgs),
    /// Round a timestamp to a unit, or to the start or end of its day, week, month, quarter or year.
    Round(RoundArgs),
    /// The duration between two timestamps.
    Diff(DiffArgs),
    /// Rewrite the timestamps inside text (log files, JSON lines, logfmt, access logs), copying everything
    /// else byte for byte.
    Rewrite(RewriteArgs),
    /// Find the dates, times and relative phrases inside prose: one JSON object each, or the text with each
    /// replaced by its Discord code (--discord).
    Extract(ExtractArgs),
    /// The languages of --locale: every CLDR locale (its tag, and its name in itself and in English), or
    /// Discord's languages (--discord).
    Locales(LocalesArgs),
}

/// The options of `tsconv locales`.
#[derive(Debug, Args)]
pub struct LocalesArgs {
    /// Only those whose tag or name (in its own language or in English) contains this, in any case.
    pub query: Option<String>,
    /// Discord's languages instead, by the client's own tags, each with the locale that writes what it shows.
    #[arg(long)]
    pub discord: bool,
    /// One JSON object, the data of the API's GET /api/locales, instead of lines.
    #[arg(long)]
    pub json: bool,
}

/// A language tag for --locale, refused in the command line's words.
fn language(tag: &str) -> Result<Arc<Localizer>, String> {
    Localizer::get(tag).map_err(|error| super::words::in_cli_words(&error.to_string()))
}

/// The options of `tsconv extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The file to read (at most 16,384 characters); `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The zone wall-clock dates and relative phrases are read in: an IANA name, UTC, an offset, a Windows ID.
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", default_value = "UTC", value_parser = Zone::parse)]
    pub zone: Zone,
    /// The language of the text's words: a BCP 47 tag such as de, pt-BR, zh-TW (default en; `tsconv locales` lists them).
    #[arg(long, value_name = "TAG", value_parser = language)]
    pub locale: Option<Arc<Localizer>>,
    /// Print the text with each date replaced by its Discord code, instead of the dates.
    #[arg(long)]
    pub discord: bool,
}

/// `--format`, `--pattern` and `--style`.
#[derive(Debug, Args)]
pub struct FormatArgs {
    /// iso, rfc3339, rfc9557, rfc2822, utc, unix, local, clf, relative, syslog, iso_week, discord, custom;
    /// an epoch system (filetime, webkit, dotnet, cocoa, hfs, ntp, gps, excel, excel1904, julian_day, mjd);
    /// or the first ID of the instant (discord_snowflake, twitter_snowflake, uuid_v1, uuid_v6, uuid_v7, ulid,
    /// objectid, ksuid).
    #[arg(long)]
    pub format: Option<String>,
    /// strftime pattern for --format custom (implies it).
    #[arg(long)]
    pub pattern: Option<String>,
    /// Discord style for --format discord (implies it): t T d D f F s S R.
    #[arg(long)]
    pub style: Option<String>,
    /// Only these top-level fields of the answer, comma-separated (iso,timezone,calendar); the others are
    /// not computed. With --json, the JSON's fields; else the table's rows.
    #[arg(long, value_name = "NAMES")]
    pub fields: Option<String>,
}

impl FormatArgs {
    pub(super) fn parse(&self) -> Result<Option<Format>, TimeError> {
        Format::from_texts(self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref())
    }

    /// The fields of `answer` asked for with --fields; all without it.
    pub(super) fn fields(&self, answer: &[Field]) -> Result<Fields, TimeError> {
        self.fields.as_deref().map_or(Ok(Fields::ALL), |list| Fields::parse(list, answer))
    }
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// A timestamp input; `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    /// ISO 8601 (P1M, -P1D, PT36H) or friendly (1y 2mo 3w 4d 5h 6m 7s, -90m, "2 hours 30 minutes").
    #[arg(allow_hyphen_values = true, value_parser = clap::builder::ValueParser::new(arithmetic::parse_duration))]
    pub duration: jiff::Span,
    /// For a day the month lacks (Jan 31 plus one month): constrain (the last day) or reject.
    #[arg(long, default_value = "constrain", value_parser = clap::builder::ValueParser::new(str::parse::<arithmetic::Overflow>))]
    pub overflow: arithmetic::Overflow,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

#[derive(Debug, Args)]
pub struct RoundArgs {
    /// A timestamp input; `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    /// nanosecond, microsecond, millisecond, second, minute, hour, day, week, month, quarter, year.
    #[arg(long)]
    pub unit: String,
    /// floor, ceil, trunc, expand, half_expand, half_trunc, half_even, half_floor, half_ceil.
    #[arg(long, default_value = "floor")]
    pub mode: String,
    /// Round to a multiple of this many units (up to hours; it must divide the next larger unit).
    #[arg(long)]
    pub increment: Option<String>,
    /// The first day of a week for --unit week.
    #[arg(long, default_value = "monday", value_parser = clap::builder::ValueParser::new(arithmetic::parse_weekday))]
    pub week_start: jiff::civil::Weekday,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

impl RoundArgs {
    pub(super) fn to(&self) -> Result<arithmetic::RoundTo, TimeError> {
        let unit = TimeUnit::parse(&self.unit, &TimeUnit::ALL, Setting::Unit)?;
        let mode = arithmetic::RoundingMode::parse(&self.mode, Setting::Mode)?;
        arithmetic::RoundTo::from_texts(unit, mode, self.increment.as_deref(), self.week_start)
    }
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// Where the duration starts; `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub from: String,
    /// Where it ends; `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub to: String,
    /// The largest unit of the duration: years ... nanoseconds.
    #[arg(long)]
    pub largest_unit: Option<String>,
    /// The smallest unit, rounded by --rounding-mode: years ... nanoseconds.
    #[arg(long)]
    pub smallest_unit: Option<String>,
    /// trunc (default), floor, ceil, expand, half_expand, half_trunc, half_even, half_floor, half_ceil.
    #[arg(long)]
    pub rounding_mode: Option<String>,
    /// Round to a multiple of this many smallest units.
    #[arg(long)]
    pub rounding_increment: Option<String>,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct TransitionsArgs {
    /// An IANA zone name (any case); `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub zone: String,
    /// Where to start: any timestamp input (a date or local time is read in the zone). Default now.
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// Where to stop, exclusive: after --from for next, before it for previous.
    #[arg(long, allow_hyphen_values = true)]
    pub to: Option<String>,
    /// How many transitions, 1 to 1000.
    #[arg(long, default_value = "10")]
    pub count: String,
    /// next (oldest first) or previous (newest first).
    #[arg(long, default_value = "next", value_parser = clap::builder::ValueParser::new(str::parse::<tsconv_time::transitions::Direction>))]
    pub direction: tsconv_time::transitions::Direction,
    /// Print the API's `data` object as JSON (one line per zone).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct WhereArgs {
    /// Latitude in degrees, -90 to 90 (with --lon).
    #[arg(long, allow_hyphen_values = true)]
    pub lat: Option<String>,
    /// Longitude in degrees, -180 to 180 (with --lat).
    #[arg(long, allow_hyphen_values = true)]
    pub lon: Option<String>,
    /// An ISO 3166 code or a country's English name: its zones; with --city, only that country's cities.
    #[arg(long)]
    pub country: Option<String>,
    /// A city's name, any case, in English or its own language (cities of over 15,000 people).
    #[arg(long)]
    pub city: Option<String>,
    /// An IPv4 or IPv6 address, looked up in --geoip-db.
    #[arg(long)]
    pub ip: Option<String>,
    /// A MaxMind-format database (GeoLite2-City.mmdb, DB-IP City Lite) for --ip.
    #[arg(long, env = "TSCONV_GEOIP_DB", value_name = "PATH")]
    pub geoip_db: Option<std::path::PathBuf>,
    /// The most cities shown, 1 to 100.
    #[arg(long, default_value = "10")]
    pub limit: String,
    /// Print the API's `data` object as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ScheduleArgs {
    /// The schedule: cron (`0 9 * * 1-5`, `@daily`, `CRON_TZ=Europe/Berlin 30 2 * * *`), a systemd calendar
    /// event (`Mon..Fri 09:00`) or an RRULE (`DTSTART;TZID=Europe/Berlin:20260101T090000 RRULE:FREQ=WEEKLY`).
    #[arg(allow_hyphen_values = true)]
    pub schedule: String,
    /// The zone the runs are computed and shown in (the expression's own zone wins for computing).
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", value_parser = Zone::parse)]
    pub zone: Option<Zone>,
    /// Where to start, excluded: any timestamp input (read in the zone). Default now.
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<String>,
    /// How many runs, 1 to 100.
    #[arg(long, default_value = "5")]
    pub count: String,
    /// next (soonest first) or previous (latest first).
    #[arg(long, default_value = "next", value_parser = clap::builder::ValueParser::new(str::parse::<tsconv_time::transitions::Direction>))]
    pub direction: tsconv_time::transitions::Direction,
    /// For an RRULE: skip (default) an instance whose local time a clock change skips, or shift it (RFC 5545 3.3.5).
    #[arg(long, default_value = "skip", value_parser = clap::builder::ValueParser::new(str::parse::<tsconv_time::schedule::Gap>))]
    pub gap: tsconv_time::schedule::Gap,
    /// The language of the description and the runs' texts: a BCP 47 tag such as de, pt-BR, zh-TW (default en; `tsconv locales` lists them).
    #[arg(long, value_name = "TAG", value_parser = language)]
    pub locale: Option<Arc<Localizer>>,
    /// Print the API's `data` object as JSON.
    #[arg(long)]
    pub json: bool,
}

impl ScheduleArgs {
    /// The answer the API gives for the same parameters.
    pub(super) fn answer(&self, now: Timestamp) -> Result<tsconv_time::schedule::ScheduleAnswer, TimeError> {
        use tsconv_time::schedule::{self, Query, Schedule, Zones};
        let read = Schedule::parse(&self.schedule, self.gap)?;
        let utc = Zone::utc();
        let zones = Zones { timezone: self.zone.as_ref(), default: &utc };
        let reading_zone = read.zone.as_ref().or(self.zone.as_ref()).unwrap_or(&utc);
        let options = ReadOptions::defaults(reading_zone, now);
        let from = match &self.from {
            Some(text) => tsconv_time::input::read(Input::Text(text), &options)?.instant,
            None => now,
        };
        let query = Query::from_texts(from, Some(&self.count), self.direction)?;
        let language = self.locale.as_deref().unwrap_or_else(|| locale::english());
        schedule::answer(&read, &zones, &query, Precision::Seconds, language, Fields::ALL)
    }
}

impl TransitionsArgs {
    /// The transitions of one zone, as the API answers them.
    pub(super) fn answer(
        &self,
        zone: &str,
        now: Timestamp,
    ) -> Result<tsconv_time::transitions::Transitions, TimeError> {
        let zone = Zone::parse(zone)?;
        let options = ReadOptions::defaults(&zone, now);
        let instant = |text: &Option<String>| {
            text.as_deref()
                .map(|text| tsconv_time::input::read(Input::Text(text), &options).map(|r| r.instant))
                .transpose()
        };
        let query = tsconv_time::transitions::Query::from_texts(
            instant(&self.from)?.unwrap_or(now),
            instant(&self.to)?,
            Some(&self.count),
            self.direction,
        )?;
        Ok(tsconv_time::transitions::transitions(&zone, &query))
    }
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub config: Config,
    /// Log lines as text or JSON objects.
    #[arg(long, env = "TSCONV_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,
}

/// How inputs are read and shown.
#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Time zone: an IANA name (any case), UTC, an offset such as +05:30 (also GMT+5, UTC+05:30: east is +),
    /// or a Windows ID such as "Eastern Standard Time".
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", default_value = "UTC", value_parser = Zone::parse)]
    pub zone: Zone,
    /// Unit of numeric inputs and of the timestamp field: s, ms, us, ns (default: detected).
    #[arg(long, value_name = "UNIT", value_parser = clap::builder::ValueParser::new(str::parse::<Precision>))]
    pub precision: Option<Precision>,
    /// For a wall-clock time in a DST gap or fold: compatible, earlier, later, reject.
    #[arg(long, value_name = "RULE", default_value = "compatible", value_parser = clap::builder::ValueParser::new(str::parse::<Disambiguation>))]
    pub disambiguation: Disambiguation,
    /// Epoch system of numeric inputs: unix, filetime, webkit, dotnet, cocoa, hfs, ntp, gps, excel,
    /// excel1904, julian_day, mjd, discord, twitter, snowflake:MS (default: unix).
    #[arg(long, value_name = "SYSTEM", value_parser = clap::builder::ValueParser::new(epoch_arg))]
    pub epoch: Option<EpochArg>,
    /// A strptime pattern to read inputs with, such as "%d/%m/%Y %H:%M"; repeat it (up to 8) to try several in order.
    #[arg(long = "input-format", value_name = "PATTERN", value_parser = clap::builder::ValueParser::new(input_format_arg))]
    pub input_formats: Vec<String>,
    /// The language of human-readable texts: a BCP 47 tag such as de, pt-BR, zh-TW (default en; `tsconv locales` lists them); it also
    /// orders the day and month of typed numeric dates (03/04/2023 is 3 April in en-GB).
    #[arg(long, value_name = "TAG", value_parser = language)]
    pub locale: Option<Arc<Localizer>>,
    /// Print the API's `data` object as JSON (one line per result).
    #[arg(long)]
    pub json: bool,
    /// With `-`: stop at the first line that cannot be read (exit 1).
    #[arg(long, conflicts_with = "keep_going")]
    pub strict: bool,
    /// With `-` (the default): go on past a line that cannot be read, reporting it on stderr
    /// with its number and writing an empty line in its place (exit 1 at the end).
    #[arg(long)]
    pub keep_going: bool,
    /// With `-`: write each result as soon as it is computed, for a program that reads line by line
    /// (always so when standard output is a terminal).
    #[arg(long)]
    pub line_buffered: bool,
}

/// `--epoch`: `None` inside for Unix time.
#[derive(Clone, Debug)]
pub struct EpochArg(Option<Epoch>);

pub(super) fn epoch_arg(text: &str) -> Result<EpochArg, TimeError> {
    Epoch::parse(text).map(EpochArg)
}

pub(super) fn input_format_arg(text: &str) -> Result<String, TimeError> {
    tsconv_time::input::check_input_formats(&[text.to_owned()]).map(|()| text.to_owned())
}

impl ReadArgs {
    /// How one input is read at `now`: every option named, so that one
    /// added to [`ReadOptions`] is a compile error here until its flag is.
    pub(super) fn options(&self, now: Timestamp) -> ReadOptions<'_> {
        ReadOptions {
            zone: &self.zone,
            precision: self.precision,
            disambiguation: self.disambiguation,
            now,
            epoch: self.epoch.as_ref().and_then(|epoch| epoch.0),
            patterns: &self.input_formats,
            language: self.locale.as_deref().unwrap_or_else(|| locale::english()),
            // A command's answer is printed, never cached: no one asks.
            from_now: None,
            // Its refusals are printed.
            unworded: false,
        }
    }

    /// Checks what clap cannot: the number of `--input-format` patterns.
    pub(super) fn check(&self) -> Result<(), TimeError> {
        match self.input_formats.is_empty() {
            true => Ok(()),
            false => tsconv_time::input::check_input_formats(&self.input_formats),
        }
    }
}

#[derive(Debug, Args)]
pub struct NowArgs {
    /// Time zone: an IANA name (any case), UTC, an offset such as +05:30 (also GMT+5, UTC+05:30: east is +),
    /// or a Windows ID such as "Eastern Standard Time".
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", default_value = "UTC", value_parser = Zone::parse)]
    pub zone: Zone,
    /// Unit of the timestamp field: s, ms, us, ns.
    #[arg(long, value_name = "UNIT", default_value = "seconds", value_parser = clap::builder::ValueParser::new(str::parse::<Precision>))]
    pub precision: Precision,
    /// The language of human-readable texts: a BCP 47 tag such as de, pt-BR, zh-TW (default en; `tsconv locales` lists them).
    #[arg(long, value_name = "TAG", value_parser = language)]
    pub locale: Option<Arc<Localizer>>,
    /// Print the API's `data` object as JSON.
    #[arg(long)]
    pub json: bool,
    /// Only these top-level fields of the answer, comma-separated (iso,timezone,calendar).
    #[arg(long, value_name = "NAMES")]
    pub fields: Option<String>,
}

#[derive(Debug, Args)]
pub struct OperationArgs {
    /// A Unix timestamp, a date string, or what people type ("Nov 14 2023 5:13pm", "tomorrow 9am"); `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

impl OperationArgs {
    /// The format and the fields of `answer` asked for.
    pub(super) fn format(&self, answer: &[Field]) -> Result<(Option<Format>, Fields), TimeError> {
        self.read.check()?;
        Ok((self.format.parse()?, self.format.fields(answer)?))
    }
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The input to check; `-` reads one per line from standard input.
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    #[command(flatten)]
    pub read: ReadArgs,
}

#[derive(Debug, Args)]
pub struct RewriteArgs {
    /// Files to rewrite, in order; none, or `-`, reads standard input.
    pub files: Vec<PathBuf>,
    /// Time zone of the rewritten values: an IANA name (any case), UTC, an offset such as +05:30 (also GMT+5,
    /// UTC+05:30: east is +), or a Windows ID such as "Eastern Standard Time".
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", default_value = "UTC", value_parser = Zone::parse)]
    pub zone: Zone,
    #[command(flatten)]
    pub format: FormatArgs,
    /// More keys whose numbers are Unix times, comma-separated, matched exactly (beside ts, time, timestamp,
    /// @timestamp, date, datetime and any key ending in _at, _time, _ts, At or Time).
    #[arg(long, value_delimiter = ',', value_name = "KEY,...")]
    pub keys: Vec<String>,
    /// Also rewrite every other number of 10, 13, 16 or 19 digits that lands within --window.
    #[arg(long)]
    pub numbers: bool,
    /// The window of --numbers (which it implies): START..END, each a date or timestamp read in --tz
    /// [default: 2000-01-01T00:00:00Z..2100-01-01T00:00:00Z].
    #[arg(long, value_name = "START..END")]
    pub window: Option<String>,
    /// Keep each original and append the new value after it in brackets, for reading (a JSON number
    /// followed by a bracket is no longer JSON).
    #[arg(long)]
    pub annotate: bool,
    /// The language of human-readable formats: a BCP 47 tag such as de, pt-BR, zh-TW (default en; `tsconv locales` lists them).
    #[arg(long, value_name = "TAG", value_parser = language)]
    pub locale: Option<Arc<Localizer>>,
    /// Write each line as soon as it is rewritten, for a program that reads line by line (always so when
    /// standard output is a terminal).
    #[arg(long)]
    pub line_buffered: bool,
}
