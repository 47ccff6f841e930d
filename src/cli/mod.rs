//! The command line: `tsconv serve` runs the HTTP service; `now`, `convert`,
//! `validate`, `format`, `transitions`, `add`, `round` and `diff` run the
//! same engine functions from a shell; `rewrite` rewrites the timestamps
//! inside text (streams and `rewrite` are in `bulk`).
//!
//! Exit status: 0 success, 1 some input was invalid, 2 a usage error.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use jiff::Timestamp;
use tsconv_time::arithmetic;
use tsconv_time::bulk::Bulk;
use tsconv_time::error::TimeError;
use tsconv_time::fields::{Field, Fields};
use tsconv_time::input::{Input, ReadOptions};
use tsconv_time::local::Disambiguation;
use tsconv_time::locale;
use tsconv_time::render::Format;
use tsconv_time::rewrite::{Rewrite, Settings, Window};

mod args;
mod bulk;
mod tables;
mod words;

pub use args::*;
use tables::*;

use bulk::{Source, stream, write_failed};

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
        Tool::Locales(args) => locales(&args, &mut out),
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
        unworded: false,
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

/// `tsconv locales`: one line per locale (or per Discord language), or the
/// API's JSON; none found is a failure, as a search that finds nothing.
fn locales(args: &LocalesArgs, out: &mut impl Write) -> ExitCode {
    let list = locale::list(args.query.as_deref());
    if args.json {
        return finish(write_json(out, &list), false);
    }
    let found = if args.discord { list.discord.len() } else { list.locales.len() };
    if found == 0 {
        eprintln!(
            "tsconv: no {} tag or name contains {:?}",
            if args.discord { "Discord language's" } else { "locale's" },
            args.query.as_deref().unwrap_or_default()
        );
        return ExitCode::FAILURE;
    }
    let written = (|| -> io::Result<()> {
        // Its name in English, then in itself when that differs.
        let names =
            |english: &str, own: &str| if english == own { english.to_owned() } else { format!("{english} / {own}") };
        if args.discord {
            for language in &list.discord {
                let (tag, locale) = (language.tag, language.locale);
                writeln!(out, "{tag:<7} {locale:<8} {}", names(&language.english_name, &language.name))?;
            }
        } else {
            for locale in &list.locales {
                let discord = if locale.discord { "  [Discord]" } else { "" };
                writeln!(out, "{:<15} {}{discord}", locale.tag, names(&locale.english_name, &locale.name))?;
            }
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
        arithmetic::DiffSettings::from_texts(
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
