//! The command line: `tsconv serve` runs the HTTP service; `now`, `convert`,
//! `validate`, `format`, `transitions`, `add`, `round` and `diff` run the
//! same engine functions from a shell; `rewrite` rewrites the timestamps
//! inside text (streams and `rewrite` are in `bulk`).
//!
//! Exit status: 0 success, 1 some input was invalid, 2 a usage error.

use std::io::{self, BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use jiff::Timestamp;
use serde::Serialize;
use tsconv_time::arithmetic;
use tsconv_time::arithmetic::Difference;
use tsconv_time::bulk::Bulk;
use tsconv_time::epoch::Epoch;
use tsconv_time::error::{Setting, TimeError};
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::{Input, ReadOptions};
use tsconv_time::local::Disambiguation;
use tsconv_time::locale::{self, Localizer};
use tsconv_time::ops::{Addition, Formatted, Report, Rounding};
use tsconv_time::precision::Precision;
use tsconv_time::render::Format;
use tsconv_time::rewrite::{Rewrite, Settings, Window};
use tsconv_time::unit::TimeUnit;
use tsconv_time::validate::Validation;
use tsconv_time::zone::Zone;

use crate::config::{Config, LogFormat};

mod bulk;
mod words;

use bulk::{Source, stream, write_failed};

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
}

/// The options of `tsconv extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The file to read (at most 16,384 characters); `-` or none reads standard input.
    pub file: Option<PathBuf>,
    /// The zone wall-clock dates and relative phrases are read in: an IANA name, UTC, an offset, a Windows ID.
    #[arg(long = "tz", visible_alias = "timezone", value_name = "ZONE", default_value = "UTC", value_parser = Zone::parse)]
    pub zone: Zone,
    /// The language of the text's words: a BCP 47 tag such as de, pt-BR, zh-TW (default en).
    #[arg(long, value_name = "TAG", value_parser = clap::builder::ValueParser::new(Localizer::get))]
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
    fn parse(&self) -> Result<Option<Format>, TimeError> {
        Format::parse(self.format.as_deref(), self.pattern.as_deref(), self.style.as_deref())
    }

    /// The fields of `answer` asked for with --fields; all without it.
    fn fields(&self, answer: &[Field]) -> Result<Fields, TimeError> {
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
    fn to(&self) -> Result<arithmetic::RoundTo, TimeError> {
        let unit = TimeUnit::parse(&self.unit, &TimeUnit::ALL, Setting::Unit)?;
        let mode = arithmetic::RoundingMode::parse(&self.mode, Setting::Mode)?;
        arithmetic::RoundTo::new(unit, mode, self.increment.as_deref(), self.week_start)
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
    /// Print the API's `data` object as JSON.
    #[arg(long)]
    pub json: bool,
}

impl ScheduleArgs {
    /// The answer the API gives for the same parameters.
    fn answer(&self, now: Timestamp) -> Result<tsconv_time::schedule::ScheduleAnswer, TimeError> {
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
        let query = Query::new(from, Some(&self.count), self.direction)?;
        schedule::answer(&read, &zones, &query, Precision::Seconds, locale::english(), Fields::ALL)
    }
}

impl TransitionsArgs {
    /// The transitions of one zone, as the API answers them.
    fn answer(&self, zone: &str, now: Timestamp) -> Result<tsconv_time::transitions::Transitions, TimeError> {
        let zone = Zone::parse(zone)?;
        let options = ReadOptions::defaults(&zone, now);
        let instant = |text: &Option<String>| {
            text.as_deref()
                .map(|text| tsconv_time::input::read(Input::Text(text), &options).map(|r| r.instant))
                .transpose()
        };
        let query = tsconv_time::transitions::Query::new(
            instant(&self.from)?,
            instant(&self.to)?,
            Some(&self.count),
            self.direction,
            now,
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

/// `tsconv keys new`: prints the key once, and the line for the keys file.
pub fn keys(command: KeysCommand) -> ExitCode {
    let KeysCommand::New { label } = command;
    if label.as_deref().is_some_and(|l| l.contains(['\n', '\r'])) {
        eprintln!("tsconv: a label is one line");
        return ExitCode::from(USAGE);
    }
    match crate::http::access::keys::generate(label.as_deref()) {
        Ok((key, line)) => {
            println!("API key (shown only now; give it to the client and keep it secret):\n{key}\n");
            println!("Add this line to the keys file, then send SIGHUP to running servers:\n{line}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("tsconv: the operating system's random generator failed: {error}");
            ExitCode::FAILURE
        }
    }
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
    /// The language of human-readable texts: a BCP 47 tag such as de, pt-BR, zh-TW (default en); it also
    /// orders the day and month of typed numeric dates (03/04/2023 is 3 April in en-GB).
    #[arg(long, value_name = "TAG", value_parser = clap::builder::ValueParser::new(Localizer::get))]
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

fn epoch_arg(text: &str) -> Result<EpochArg, TimeError> {
    Epoch::parse(text).map(EpochArg)
}

fn input_format_arg(text: &str) -> Result<String, TimeError> {
    tsconv_time::input::check_input_formats(&[text.to_owned()]).map(|()| text.to_owned())
}

impl ReadArgs {
    /// How one input is read at `now`: every option named, so that one
    /// added to [`ReadOptions`] is a compile error here until its flag is.
    fn options(&self, now: Timestamp) -> ReadOptions<'_> {
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
        }
    }

    /// Checks what clap cannot: the number of `--input-format` patterns.
    fn check(&self) -> Result<(), TimeError> {
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
    /// The language of human-readable texts: a BCP 47 tag such as de, pt-BR, zh-TW (default en).
    #[arg(long, value_name = "TAG", value_parser = clap::builder::ValueParser::new(Localizer::get))]
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
    fn format(&self, answer: &[Field]) -> Result<(Option<Format>, Fields), TimeError> {
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
    /// The language of human-readable formats: a BCP 47 tag such as de, pt-BR, zh-TW (default en).
    #[arg(long, value_name = "TAG", value_parser = clap::builder::ValueParser::new(Localizer::get))]
    pub locale: Option<Arc<Localizer>>,
    /// Write each line as soon as it is rewritten, for a program that reads line by line (always so when
    /// standard output is a terminal).
    #[arg(long)]
    pub line_buffered: bool,
}

/// Exit status for a usage error.
const USAGE: u8 = 2;

/// Runs one of the shell commands.
pub fn run(tool: Tool) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let status = match tool {
        Tool::Now(args) => now(&args, &mut out),
        Tool::Convert(args) => match args.format(Field::REPORT) {
            Ok((format, _)) if args.input == "-" && !args.read.json => {
                let mut bulk = Bulk::new(args.read.options(Timestamp::now()), format.unwrap_or(Format::Rfc3339));
                stream(&args.read, &mut out, |text, line| bulk.line(text, line).map(|()| false))
            }
            Ok((format, fields)) => each_input(&args.input, &args.read, &mut out, |input, options, now| {
                tsconv_time::ops::convert(input, options, format.as_ref(), now, fields)
                    .map(|report| Shown::Report(Box::new(report), format.is_some(), fields))
            }),
            Err(error) => usage(&error),
        },
        Tool::Format(args) => match args.format(Field::FORMATTED) {
            Ok((format, _)) if args.input == "-" && !args.read.json => {
                let mut bulk = Bulk::new(args.read.options(Timestamp::now()), format.unwrap_or(Format::Iso));
                stream(&args.read, &mut out, |text, line| bulk.line(text, line).map(|()| false))
            }
            Ok((format, fields)) => each_input(&args.input, &args.read, &mut out, |input, options, now| {
                tsconv_time::ops::format(input, options, format.as_ref(), now, fields)
                    .map(|formatted| Shown::Formatted(Box::new(formatted)))
            }),
            Err(error) => usage(&error),
        },
        Tool::Transitions(args) => transitions(&args, &mut out),
        Tool::Schedule(args) => schedule(&args, &mut out),
        Tool::Where(args) => place(&args, &mut out),
        Tool::Add(args) => {
            match args.read.check().and_then(|()| Ok((args.format.parse()?, args.format.fields(Field::ADDITION)?))) {
                Ok((format, fields)) => each_input(&args.input, &args.read, &mut out, |input, options, now| {
                    tsconv_time::ops::add(input, options, args.duration, args.overflow, format.as_ref(), now, fields)
                        .map(|addition| Shown::Addition(Box::new(addition), fields))
                        .map_err(|failure| failure.error)
                }),
                Err(error) => usage(&error),
            }
        }
        Tool::Round(args) => match args
            .read
            .check()
            .and_then(|()| Ok((args.to()?, args.format.parse()?, args.format.fields(Field::ROUNDING)?)))
        {
            Ok((to, format, fields)) => each_input(&args.input, &args.read, &mut out, |input, options, now| {
                tsconv_time::ops::round(input, options, &to, format.as_ref(), now, fields)
                    .map(|rounding| Shown::Rounding(Box::new(rounding), fields))
                    .map_err(|failure| failure.error)
            }),
            Err(error) => usage(&error),
        },
        Tool::Diff(args) => diff(&args, &mut out),
        Tool::Rewrite(args) => rewrite(&args, &mut out),
        Tool::Extract(args) => extract(&args, &mut out),
        Tool::Validate(args) => match args.read.check() {
            Ok(()) => each_input(&args.input, &args.read, &mut out, |input, options, _| {
                Ok(Shown::Validation(Box::new(tsconv_time::ops::validate(input, options))))
            }),
            Err(error) => usage(&error),
        },
    };
    match out.flush() {
        Ok(()) => status,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => status,
        Err(error) => {
            eprintln!("tsconv: cannot write the output: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `tsconv rewrite`: the sources, the rewriter its flags describe.
fn rewrite(args: &RewriteArgs, out: &mut impl Write) -> ExitCode {
    let format = match args.format.parse() {
        Ok(format) => format.unwrap_or(Format::Rfc3339),
        Err(error) => return usage(&error),
    };
    // Every option named, as `ReadArgs::options` does: what the bulk rules fix
    // for rewriting (units detected, Unix time, the built-in readers) and
    // the flags.
    let options = ReadOptions {
        zone: &args.zone,
        precision: None,
        disambiguation: Disambiguation::Compatible,
        now: Timestamp::now(),
        epoch: None,
        patterns: &[],
        language: args.locale.as_deref().unwrap_or_else(|| locale::english()),
        from_now: None,
    };
    let numbers = match (&args.window, args.numbers) {
        (Some(window), _) => match Window::parse(window, &options) {
            Ok(window) => Some(window),
            Err(error) => return usage(&error),
        },
        (None, numbers) => numbers.then(Window::default),
    };
    let settings = Settings { keys: args.keys.clone(), numbers, annotate: args.annotate };
    let mut rewriter = Rewrite::new(Bulk::new(options, format), settings);
    let sources: Vec<Source> = match args.files.is_empty() {
        true => vec![Source::Stdin],
        false => args
            .files
            .iter()
            .map(|path| if path.as_os_str() == "-" { Source::Stdin } else { Source::File(path.clone()) })
            .collect(),
    };
    bulk::rewrite(&sources, &mut rewriter, args.line_buffered, out)
}

/// `tsconv extract`: the dates of a file or of standard input.
fn extract(args: &ExtractArgs, out: &mut impl Write) -> ExitCode {
    let text = match args.file.as_deref().filter(|path| path.as_os_str() != "-") {
        Some(path) => std::fs::read_to_string(path),
        None => io::read_to_string(io::stdin()),
    };
    let text = match text {
        Ok(text) => text,
        Err(error) => {
            eprintln!("tsconv: cannot read the text: {error}");
            return ExitCode::from(USAGE);
        }
    };
    let language = args.locale.as_deref().unwrap_or_else(|| locale::english());
    let options = ReadOptions { language, ..ReadOptions::defaults(&args.zone, Timestamp::now()) };
    let extraction = match tsconv_time::extract::extract(&text, &options) {
        Ok(extraction) => extraction,
        Err(error) => return usage(&error),
    };
    let written = if args.discord {
        out.write_all(tsconv_time::extract::with_discord_codes(&text, &extraction).as_bytes())
    } else {
        extraction.found.iter().try_for_each(|found| write_json(out, found))
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tsconv: cannot write the output: {error}");
            ExitCode::FAILURE
        }
    }
}

fn usage(error: &TimeError) -> ExitCode {
    eprintln!("tsconv: {}", words::in_cli_words(&error.to_string()));
    ExitCode::from(USAGE)
}

fn now(args: &NowArgs, out: &mut impl Write) -> ExitCode {
    let language = args.locale.as_deref().unwrap_or_else(|| locale::english());
    let fields = match args.fields.as_deref().map_or(Ok(Fields::ALL), |list| Fields::parse(list, Field::CURRENT)) {
        Ok(fields) => fields,
        Err(error) => return usage(&error),
    };
    let report = tsconv_time::ops::current(Timestamp::now(), &args.zone, args.precision, language, fields);
    let written = if args.json { write_json(out, &report) } else { write_report_table(out, &report, false, fields) };
    finish(written, false)
}

/// `tsconv schedule`: one line per run (UTC, then the wall clock), the
/// schedule in words, and what the zone's next clock change does to it.
fn schedule(args: &ScheduleArgs, out: &mut impl Write) -> ExitCode {
    let answer = match args.answer(Timestamp::now()) {
        Ok(answer) => answer,
        Err(error) => return usage(&error),
    };
    if args.json {
        return finish(write_json(out, &answer), false);
    }
    let written = (|| -> io::Result<()> {
        writeln!(out, "{} ({}): {}", answer.schedule, answer.notation.name(), answer.description)?;
        for run in &answer.runs {
            let report = &run.report;
            let local = report.rfc3339.as_deref().unwrap_or_default();
            let weekday = report.calendar.as_ref().map_or("", |calendar| calendar.weekday);
            let note = match &run.clock_change {
                Some(change) => match &change.scheduled {
                    Some(scheduled) => format!("  (for {scheduled}, which the clock change skips)"),
                    None => "  (the repeated hour's second pass)".to_owned(),
                },
                None => String::new(),
            };
            writeln!(out, "{}  {weekday:<9} {local}{note}", report.iso.as_deref().unwrap_or_default())?;
        }
        if answer.runs.is_empty() {
            writeln!(out, "no run {} {}", if answer.direction == "next" { "after" } else { "before" }, answer.from)?;
        }
        if let Some(dst) = &answer.dst {
            writeln!(out, "next clock change in {}: {} ({}): {}", answer.timezone, dst.at, dst.kind, dst.note)?;
        }
        Ok(())
    })();
    finish(written, false)
}

/// `tsconv transitions`: one zone, or one per line of standard input.
fn transitions(args: &TransitionsArgs, out: &mut impl Write) -> ExitCode {
    let now = Timestamp::now();
    let show = |answer: &tsconv_time::transitions::Transitions, out: &mut dyn Write| -> io::Result<()> {
        if args.json {
            serde_json::to_writer(&mut *out, answer)?;
            return out.write_all(b"\n");
        }
        for t in &answer.transitions {
            let side = |s: &tsconv_time::transitions::ZoneState| {
                format!("{} {}{}", s.offset, s.abbreviation, if s.dst { " (DST)" } else { "" })
            };
            let window = match (&t.kind, &t.local) {
                (tsconv_time::transitions::TransitionKind::Gap, Some(w)) => format!("  skips {} to {}", w.start, w.end),
                (tsconv_time::transitions::TransitionKind::Fold, Some(w)) => {
                    format!("  repeats {} to {}", w.start, w.end)
                }
                _ => String::new(),
            };
            writeln!(out, "{}  {:<10} {} -> {}{window}", t.at, t.kind.name(), side(&t.before), side(&t.after))?;
        }
        Ok(())
    };
    if args.zone != "-" {
        return match args.answer(&args.zone, now) {
            Ok(answer) => finish(show(&answer, out), false),
            Err(error) => usage(&error),
        };
    }
    let mut failed = false;
    for (number, line) in io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        match args.answer(line.trim(), now) {
            Ok(answer) => {
                if let Err(error) = show(&answer, out) {
                    return write_failed(&error);
                }
            }
            Err(error) => {
                failed = true;
                eprintln!("tsconv: line {}: {}", number + 1, words::in_cli_words(&error.to_string()));
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// `tsconv where`: the zones of one place, one per line (or the API's
/// `data` as JSON).
fn place(args: &WhereArgs, out: &mut impl Write) -> ExitCode {
    use crate::places;
    let refused = |error: &places::PlaceError| {
        eprintln!("tsconv: --{}: {error}", error.param());
        ExitCode::from(USAGE)
    };
    let place = match places::place_of(
        args.lat.as_deref(),
        args.lon.as_deref(),
        args.country.as_deref(),
        args.city.as_deref(),
        args.ip.as_deref(),
    )
    .and_then(|place| Ok((place, places::limit(Some(&args.limit))?)))
    {
        Ok(place) => place,
        Err(error) => return refused(&error),
    };
    let database = match (&place.0, &args.geoip_db) {
        (places::Place::Ip(_), Some(path)) => match places::ip::Database::open(path) {
            Ok(database) => Some(database),
            Err(error) => {
                eprintln!("tsconv: --geoip-db: {error}");
                return ExitCode::from(USAGE);
            }
        },
        _ => None,
    };
    let answer = match places::lookup(&place.0, database.as_ref(), place.1, Timestamp::now()) {
        Ok(answer) => answer,
        Err(places::PlaceError::NoIpDatabase) => {
            eprintln!("tsconv: --ip needs a MaxMind-format database: give --geoip-db PATH (or TSCONV_GEOIP_DB)");
            return ExitCode::from(USAGE);
        }
        Err(error) => return refused(&error),
    };
    if args.json {
        return finish(write_json(out, &answer), false);
    }
    let lines = answer.matches.iter().try_for_each(|m| {
        let mut line = format!("{}  {} {}", m.timezone, m.zone.offset, m.zone.abbreviation);
        if let Some(city) = &m.city {
            let population = city.population.map(|p| format!(", {p} people")).unwrap_or_default();
            line.push_str(&format!("  {}{population}", city.name));
        }
        match (&m.country_name, &m.region) {
            (Some(country), Some(region)) => line.push_str(&format!("  ({country}: {region})")),
            (Some(country), None) => line.push_str(&format!("  ({country})")),
            _ if m.nautical => line.push_str("  (the open sea)"),
            _ => {}
        }
        writeln!(out, "{line}")
    });
    finish(lines, false)
}

/// `tsconv diff`: one pair, or one side read from each line of standard
/// input against the other side given.
fn diff(args: &DiffArgs, out: &mut impl Write) -> ExitCode {
    let settings = args.read.check().and_then(|()| {
        arithmetic::DiffSettings::new(
            args.largest_unit.as_deref(),
            args.smallest_unit.as_deref(),
            args.rounding_mode.as_deref(),
            args.rounding_increment.as_deref(),
        )
    });
    let settings = match settings {
        Ok(settings) => settings,
        Err(error) => return usage(&error),
    };
    let (lines, other, line_is_from) = match (args.from.as_str(), args.to.as_str()) {
        ("-", "-") => {
            eprintln!("tsconv: only one of FROM and TO can be - (read from standard input)");
            return ExitCode::from(USAGE);
        }
        ("-", to) => ("-", to, true),
        (from, to) => (to, from, false),
    };
    each_input(lines, &args.read, out, |input, options, _| {
        let (from, to) = if line_is_from { (input, Input::Text(other)) } else { (Input::Text(other), input) };
        tsconv_time::ops::diff(from, to, options, &settings)
            .map(|difference| Shown::Difference(Box::new(difference)))
            .map_err(|failure| failure.error)
    })
}

/// What one input became, ready to print.
enum Shown {
    /// A conversion, whether a format was asked for, and the fields asked for.
    Report(Box<Report>, bool, Fields),
    Formatted(Box<Formatted>),
    Validation(Box<Validation>),
    Addition(Box<Addition>, Fields),
    Rounding(Box<Rounding>, Fields),
    Difference(Box<Difference>),
}

impl Shown {
    fn is_invalid(&self) -> bool {
        matches!(self, Shown::Validation(v) if !v.valid)
    }

    fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, ..) => write_json(out, report),
            Shown::Formatted(formatted) => write_json(out, formatted),
            Shown::Validation(validation) => write_json(out, validation),
            Shown::Addition(addition, _) => write_json(out, addition),
            Shown::Rounding(rounding, _) => write_json(out, rounding),
            Shown::Difference(difference) => write_json(out, difference),
        }
    }

    fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, _, fields) => write_report_table(out, report, true, *fields),
            Shown::Formatted(formatted) => write_formatted_table(out, formatted),
            Shown::Validation(validation) => write_validation_table(out, validation),
            Shown::Addition(addition, fields) => {
                optional_row(out, "from", addition.from.as_ref())?;
                optional_row(out, "duration", addition.duration.as_ref())?;
                write_report_table(out, &addition.result, false, *fields)
            }
            Shown::Rounding(rounding, fields) => {
                optional_row(out, "from", rounding.from.as_ref())?;
                if let Some(period) = &rounding.period {
                    row(out, "period", format_args!("{} to {}", period.start, period.end))?;
                }
                write_report_table(out, &rounding.result, false, *fields)
            }
            Shown::Difference(difference) => write_difference_table(out, difference),
        }
    }

    /// A computed instant's line: its `formatted` text when a format was
    /// asked for, else its RFC 3339 text.
    fn result_line(out: &mut impl Write, report: &Report) -> io::Result<()> {
        writeln!(out, "{}", report.formatted.as_ref().or(report.rfc3339.as_ref()).map_or("", String::as_str))
    }

    /// One line per input in streaming mode: the value a log pipeline wants.
    fn write_line(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Shown::Report(report, true, _) => writeln!(out, "{}", report.formatted.as_deref().unwrap_or_default()),
            Shown::Report(report, false, _) => writeln!(out, "{}", report.rfc3339.as_deref().unwrap_or_default()),
            Shown::Formatted(formatted) => {
                writeln!(out, "{}", formatted.formatted.as_ref().or(formatted.iso.as_ref()).map_or("", String::as_str))
            }
            Shown::Addition(addition, _) => Shown::result_line(out, &addition.result),
            Shown::Rounding(rounding, _) => Shown::result_line(out, &rounding.result),
            Shown::Difference(difference) => writeln!(out, "{}", difference.duration),
            Shown::Validation(v) => match (&v.kind, &v.error) {
                (Some(kind), _) => writeln!(out, "valid {}", kind.name()),
                (None, Some(error)) => writeln!(out, "invalid {}: {}", error.error, error.message),
                (None, None) => writeln!(out, "invalid"),
            },
        }
    }
}

/// Runs `operation` on the one input, or on every line of standard input
/// when the input is `-`.
fn each_input(
    input: &str,
    args: &ReadArgs,
    out: &mut impl Write,
    operation: impl Fn(Input<'_>, &ReadOptions<'_>, Timestamp) -> Result<Shown, TimeError>,
) -> ExitCode {
    let now = Timestamp::now();
    let options = args.options(now);
    if input != "-" {
        return match operation(Input::Text(input), &options, now) {
            Ok(shown) => {
                let written = if args.json { shown.write_json(out) } else { shown.write_table(out) };
                finish(written, shown.is_invalid())
            }
            Err(error) => {
                eprintln!("tsconv: {}", words::in_cli_words(&error.to_string()));
                ExitCode::FAILURE
            }
        };
    }
    stream(args, out, |text, line| {
        let shown = operation(Input::Text(text), &options, now)?;
        let written = if args.json { shown.write_json(line) } else { shown.write_line(line) };
        // Writing to a Vec cannot fail; an invalid validation is a line of its own.
        let _ = written;
        line.pop_if(|last| *last == b'\n');
        Ok(shown.is_invalid())
    })
}

fn finish(written: io::Result<()>, invalid: bool) -> ExitCode {
    match written {
        Err(error) => write_failed(&error),
        Ok(()) if invalid => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
    }
}

fn write_json(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

fn row(out: &mut impl Write, label: &str, value: impl std::fmt::Display) -> io::Result<()> {
    writeln!(out, "{label:<11} {value}")
}

fn detected(flag: Option<bool>) -> &'static str {
    match flag {
        Some(true) => ", detected",
        _ => "",
    }
}

fn optional_row(out: &mut impl Write, label: &str, value: Option<impl std::fmt::Display>) -> io::Result<()> {
    value.map_or(Ok(()), |value| row(out, label, value))
}

/// The rows of the fields `report` has: every one but `units` and
/// `locale` (which --json writes), unless --fields named some (`fields`).
fn write_report_table(out: &mut impl Write, report: &Report, with_input: bool, fields: Fields) -> io::Result<()> {
    match (report.timestamp, report.precision) {
        (Some(timestamp), Some(precision)) => {
            row(out, "timestamp", format_args!("{timestamp} ({precision}{})", detected(report.precision_detected)))?
        }
        (timestamp, precision) => {
            optional_row(out, "timestamp", timestamp)?;
            optional_row(out, "precision", precision)?;
        }
    }
    optional_row(out, "iso", report.iso.as_ref())?;
    optional_row(out, "rfc3339", report.rfc3339.as_ref())?;
    optional_row(out, "utc", report.utc.as_ref())?;
    optional_row(out, "local", report.local.as_ref())?;
    let asked = fields != Fields::ALL;
    optional_row(out, "locale", report.locale.filter(|_| asked))?;
    let units = match (&report.units, &report.units_text) {
        (_, Some(u)) => {
            Some([u.seconds.clone(), u.milliseconds.clone(), u.microseconds.clone(), u.nanoseconds.clone()])
        }
        (Some(u), None) => Some([u.seconds, u.milliseconds, u.microseconds, u.nanoseconds].map(|n| n.to_string())),
        (None, None) => None,
    };
    if let Some([s, ms, us, ns]) = units.filter(|_| asked) {
        row(out, "units", format_args!("{s} s, {ms} ms, {us} µs, {ns} ns"))?;
    }
    if let Some(calendar) = &report.calendar {
        let leap = if calendar.leap_year { "a leap year" } else { "not a leap year" };
        row(
            out,
            "calendar",
            format_args!(
                "{} (ISO {}), week {}, day {}, Q{}, {} days in the month, {leap}",
                calendar.weekday,
                calendar.weekday_number,
                calendar.iso_week,
                calendar.day_of_year,
                calendar.quarter,
                calendar.days_in_month
            ),
        )?;
    }
    match &report.zone {
        Some(zone) => {
            let dst = if zone.dst { "DST" } else { "no DST" };
            let next = zone.next_transition.as_deref().map(|t| format!("; next change {t}")).unwrap_or_default();
            let long_name = zone.long_name.as_deref().map(|name| format!("{name}, ")).unwrap_or_default();
            row(
                out,
                "timezone",
                format_args!("{} ({long_name}{}, {}, {dst}{next})", zone.name, zone.abbreviation, zone.offset),
            )?;
        }
        None => optional_row(out, "timezone", report.timezone.as_ref())?,
    }
    if with_input && let Some(input) = &report.input {
        let detail = input.epoch.as_deref().or(input.pattern.as_deref()).map(|d| format!(" {d}")).unwrap_or_default();
        row(out, "input", format_args!("{}{detail}", input.kind.name()))?;
        if let Some(read_as) = &input.read_as {
            row(out, "read as", read_as)?;
        }
        for warning in &input.warnings {
            row(out, "warning", warning)?;
        }
    }
    write_id_fields(out, report.id.as_ref())?;
    optional_row(out, "formatted", report.formatted.as_ref())
}

fn write_formatted_table(out: &mut impl Write, formatted: &Formatted) -> io::Result<()> {
    if let Some(text) = &formatted.formatted {
        writeln!(out, "{text}")?;
        if let Some(preview) = &formatted.preview {
            row(out, "preview", preview)?;
        }
        return Ok(());
    }
    let Some(p) = &formatted.formats else { return Ok(()) };
    for (format, value) in Format::PRESETS.iter().zip(&p.values) {
        match format {
            // The length presets' names are longer than a row's label.
            Format::Length(_) => writeln!(out, "{:<16}{value}", format.name())?,
            _ => row(out, format.name(), value)?,
        }
    }
    for ((style, code), preview) in
        tsconv_time::discord::DiscordStyle::ALL.iter().zip(&p.discord.0).zip(&p.discord_preview.0)
    {
        row(out, &format!("discord {}", style.code()), format_args!("{code:<20}{preview}"))?;
    }
    let epochs = Epoch::WRITTEN.map(Epoch::preset_name).into_iter().zip(&p.epochs);
    let ids = tsconv_time::id::IdFormat::ALL.map(tsconv_time::id::IdFormat::name).into_iter().zip(&p.ids);
    for (name, value) in epochs.chain(ids) {
        // Written wider than a row's label: the ID names are long.
        writeln!(out, "{name:<18}{}", value.as_deref().unwrap_or("-"))?;
    }
    Ok(())
}

/// An ID's fields, one row each.
fn write_id_fields(out: &mut impl Write, id: Option<&tsconv_time::id::IdFields>) -> io::Result<()> {
    for (name, value) in id.map(|id| id.0.as_slice()).unwrap_or_default() {
        row(out, name, value)?;
    }
    Ok(())
}

fn write_difference_table(out: &mut impl Write, d: &Difference) -> io::Result<()> {
    row(out, "from", &d.from)?;
    row(out, "to", &d.to)?;
    row(out, "duration", &d.duration)?;
    row(out, "human", &d.human)?;
    let t = &d.totals;
    for (unit, total) in [
        ("weeks", &t.weeks),
        ("days", &t.days),
        ("hours", &t.hours),
        ("minutes", &t.minutes),
        ("seconds", &t.seconds),
        ("ms", &t.milliseconds),
        ("µs", &t.microseconds),
        ("ns", &t.nanoseconds),
    ] {
        row(out, &format!("in {unit}"), total)?;
    }
    Ok(())
}

fn write_validation_table(out: &mut impl Write, v: &Validation) -> io::Result<()> {
    row(out, "valid", if v.valid { "yes" } else { "no" })?;
    if let (Some(kind), Some(precision)) = (v.kind, v.precision) {
        let detail = v.epoch.as_deref().or(v.pattern.as_deref()).map(|d| format!(" {d}")).unwrap_or_default();
        row(out, "kind", format_args!("{}{detail}", kind.name()))?;
        row(out, "precision", format_args!("{precision}{}", detected(v.precision_detected)))?;
    }
    if let Some(read_as) = &v.read_as {
        row(out, "read as", read_as)?;
    }
    write_id_fields(out, v.id.as_ref())?;
    let c = &v.conforms;
    let conforms: Vec<&str> = [
        (c.rfc3339, "rfc3339"),
        (c.iso8601, "iso8601"),
        (c.rfc9557, "rfc9557"),
        (c.rfc2822, "rfc2822"),
        (c.http_date, "http_date"),
    ]
    .into_iter()
    .filter_map(|(yes, name)| yes.then_some(name))
    .collect();
    row(out, "conforms", if conforms.is_empty() { "-".to_owned() } else { conforms.join(", ") })?;
    if let Some(n) = &v.normalized {
        row(out, "normalized", format_args!("{} ({})", n.rfc3339, n.timestamp))?;
    }
    for warning in &v.warnings {
        row(out, "warning", warning)?;
    }
    for alternative in v.alternatives.iter().flatten() {
        match (&alternative.epoch, &alternative.read_as) {
            (Some(epoch), _) => {
                let unit = alternative.precision.map(|p| format!(" {p}")).unwrap_or_default();
                row(out, "or", format_args!("{} as {epoch}{unit}", alternative.iso))?;
            }
            (None, Some(read_as)) => {
                let zone = alternative.zone.as_deref().map(|zone| format!(", {zone}")).unwrap_or_default();
                row(out, "or", format_args!("{} as {read_as}{zone}", alternative.iso))?;
            }
            (None, None) => row(out, "or", &alternative.iso)?,
        }
    }
    if let Some(error) = &v.error {
        row(out, "error", format_args!("{}: {}", error.error, error.message))?;
        if let Some(position) = error.position {
            row(out, "position", position)?;
        }
    }
    Ok(())
}
