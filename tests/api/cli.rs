//! The command-line tool, run as a process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the built `tsconv` with `args`, `stdin` written to it (from a
/// thread: a large output fills its pipe while the input is still written).
pub fn tsconv(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsconv"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.unwrap_or_default().to_owned();
    let writer = std::thread::spawn(move || input.write_all(stdin.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn convert_prints_an_aligned_table() {
    let output = tsconv(&["convert", "1700000000", "--tz", "america/new_york"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "timestamp   1700000000 (seconds, detected)\n\
         iso         2023-11-14T22:13:20.000Z\n\
         rfc3339     2023-11-14T17:13:20-05:00\n\
         utc         Tue, 14 Nov 2023 22:13:20 GMT\n\
         local       2023-11-14 17:13:20\n\
         calendar    Tuesday (ISO 2), week 2023-W46, day 318, Q4, 30 days in the month, not a leap year\n\
         timezone    America/New_York (Eastern Standard Time, EST, -05:00, no DST; next change 2024-03-10T07:00:00Z)\n\
         input       unix\n"
    );
}

#[test]
fn json_is_the_apis_data_object() {
    let output = tsconv(&["convert", "-86400", "--json", "--precision", "ms"], None);
    assert_eq!(output.status.code(), Some(0));
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(data["iso"], "1969-12-31T23:58:33.600Z"); // -86400 ms is 86.4 s before the epoch
    assert_eq!(data["timestamp"], -86400);
    assert_eq!(data["precision_detected"], false);
}

#[test]
fn now_in_a_zone() {
    let output = tsconv(&["now", "--tz", "Asia/Tokyo", "--json", "--precision", "ns"], None);
    assert_eq!(output.status.code(), Some(0));
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(data["timezone"], "Asia/Tokyo");
    assert_eq!(data["precision"], "nanoseconds");
    let served = data["units"]["seconds"].as_i64().unwrap();
    let now = jiff::Timestamp::now().as_second();
    assert!((now - 5..=now).contains(&served));
    let table = stdout(&tsconv(&["now"], None));
    assert!(
        table.starts_with("timestamp   ")
            && table.contains("\ntimezone    UTC (Coordinated Universal Time, UTC, +00:00, no DST)\n"),
        "{table}"
    );
}

#[test]
fn format_one_or_all() {
    let output = tsconv(&["format", "1700000000", "--tz", "America/New_York", "--format", "clf"], None);
    assert_eq!(stdout(&output), "14/Nov/2023:17:13:20 -0500\n");
    let output = tsconv(&["format", "1700000000", "--pattern", "%d.%m.%Y %H:%M"], None);
    assert_eq!(stdout(&output), "14.11.2023 22:13\n");
    let output = tsconv(&["format", "1700000000", "--style", "F"], None);
    assert_eq!(stdout(&output), "<t:1700000000:F>\npreview     Tuesday, November 14, 2023 at 10:13 PM\n");
    let all = stdout(&tsconv(&["format", "1700000000", "--tz", "America/New_York"], None));
    assert!(all.contains("\nclf         14/Nov/2023:17:13:20 -0500\n"), "{all}");
    assert!(all.contains("\ndiscord D   <t:1700000000:D>    November 14, 2023\n"), "{all}");
}

#[test]
fn validate_answers_and_exits_1_when_invalid() {
    let valid = tsconv(&["validate", "2023-11-14T22:13:20Z"], None);
    assert_eq!(valid.status.code(), Some(0));
    assert!(stdout(&valid).starts_with("valid       yes\nkind        rfc3339\n"), "{}", stdout(&valid));
    let invalid = tsconv(&["validate", "2023-02-30"], None);
    assert_eq!(invalid.status.code(), Some(1));
    assert!(stdout(&invalid).contains("error       invalid_timestamp: "));
    let json = tsconv(&["validate", "1.5e9", "--json"], None);
    let data: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!((data["valid"].as_bool(), data["error"]["position"].as_u64()), (Some(false), Some(3)));
}

#[test]
fn stdin_streams_one_result_per_line_and_reports_bad_lines() {
    let lines = "1700000000\nbogus\n\n1700000000000\r\n2023-11-14T22:13:20Z\n";
    let output = tsconv(&["convert", "-", "--tz", "Asia/Tokyo"], Some(lines));
    assert_eq!(output.status.code(), Some(1));
    // One line out for each line in: an empty one for the bad line and for the empty line.
    assert_eq!(
        stdout(&output),
        "2023-11-15T07:13:20+09:00\n\n\n2023-11-15T07:13:20.000+09:00\n2023-11-15T07:13:20+09:00\n"
    );
    assert!(
        stderr(&output)
            .starts_with("tsconv: line 2: \"bogus\" is not a timestamp nor a date we can read; send e.g. 1700000000"),
        "{}",
        stderr(&output)
    );
    let output = tsconv(&["convert", "-", "--json"], Some("0\n1\n"));
    assert_eq!(output.status.code(), Some(0));
    let rows: Vec<serde_json::Value> = stdout(&output).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["iso"], "1970-01-01T00:00:01.000Z");
    let output = tsconv(&["format", "-", "--format", "unix", "--precision", "ms"], Some("2023-11-14T22:13:20.5Z\n"));
    assert_eq!(stdout(&output), "1700000000500\n");
    let output = tsconv(&["validate", "-"], Some("2023-11-14\nnope\n"));
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("valid date\ninvalid invalid_timestamp: "), "{}", stdout(&output));
}

#[test]
fn a_stream_keeps_its_lines_aligned_or_stops_when_strict() {
    let lines = "1700000000\nbogus\n1700000001\n";
    let output = tsconv(&["convert", "-", "--format", "unix", "--keep-going"], Some(lines));
    assert_eq!((output.status.code(), stdout(&output).as_str()), (Some(1), "1700000000\n\n1700000001\n"));
    let output = tsconv(&["convert", "-", "--format", "unix", "--strict"], Some(lines));
    assert_eq!((output.status.code(), stdout(&output).as_str()), (Some(1), "1700000000\n\n"));
    assert!(stderr(&output).starts_with("tsconv: line 2: "), "{}", stderr(&output));
    // A line too long for any timestamp, and one that is not UTF-8: reported, and read past.
    let long = format!("1700000000\n{}\n1700000001\n", "9".repeat(100_000));
    let output = tsconv(&["format", "-", "--format", "unix", "--line-buffered"], Some(&long));
    assert_eq!(stdout(&output), "1700000000\n\n1700000001\n");
    assert!(stderr(&output).contains("line 2: the line is longer than 65536 bytes"), "{}", stderr(&output));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tsconv"))
        .args(["convert", "-", "--format", "unix"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1700000000\n\xff\xfe\n7\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(stdout(&output), "1700000000\n\n7\n");
    assert!(stderr(&output).contains("line 2: the line is not UTF-8 (byte 1)"), "{}", stderr(&output));
    let output = tsconv(&["convert", "-", "--strict", "--keep-going"], Some(""));
    assert_eq!(output.status.code(), Some(2));
}

/// The stream's output equals GNU `date -f`'s, line for line, over seeded
/// Unix seconds of 1900-2100 in zones with DST on both hemispheres. One
/// difference, on purpose: where the zone's offset has seconds (local mean
/// time), RFC 3339 can only write whole minutes, so tsconv writes the
/// instant at the offset rounded to minutes and reads back to it;
/// GNU writes the wall clock of the real offset beside the rounded one,
/// which reads back to another instant.
#[test]
fn a_stream_agrees_with_gnu_date_line_for_line() {
    let mut lmt = 0;
    let mut state = 28u64;
    let mut next = || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        state >> 11
    };
    for zone in ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"] {
        let seconds: Vec<i64> = (0..2000).map(|_| -2_208_988_800 + (next() % 6_374_908_800) as i64).collect();
        let ours = tsconv(
            &["convert", "-", "--tz", zone, "--format", "rfc3339"],
            Some(&seconds.iter().map(|s| format!("{s}\n")).collect::<String>()),
        );
        let mut gnu = Command::new("date")
            .env("TZ", zone)
            .args(["-f", "-", "+%Y-%m-%dT%H:%M:%S%:z"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("GNU date is on the machine");
        let input: String = seconds.iter().map(|s| format!("@{s}\n")).collect();
        gnu.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let gnu = gnu.wait_with_output().unwrap();
        assert_eq!(ours.status.code(), Some(0), "{}", stderr(&ours));
        let (ours, gnu) = (stdout(&ours), String::from_utf8(gnu.stdout).unwrap());
        let tz = jiff::tz::TimeZone::get(zone).unwrap();
        for ((line, ours), gnu) in ours.lines().enumerate().zip(gnu.lines()) {
            let instant = jiff::Timestamp::from_second(seconds[line]).unwrap();
            if tz.to_offset(instant).seconds() % 60 != 0 {
                // Named: an offset with seconds (local mean time, Kolkata before 1906).
                lmt += 1;
                continue;
            }
            // RFC 3339 writes `Z` for UTC; GNU writes `+00:00`.
            assert_eq!(ours.replace('Z', "+00:00"), gnu, "{zone}, line {}: {}", line + 1, seconds[line]);
        }
        assert_eq!(ours.lines().count(), seconds.len());
    }
    assert!(lmt > 0, "stale: no offset with seconds was met; take the difference out of the list");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["convert", "1", "--tz", "Mars/Base"][..],
        &["convert", "1", "--format", "yaml"],
        &["convert", "1", "--precision", "minutes"],
        &["format", "1", "--format", "iso", "--style", "R"],
        &["convert"],
        &["frobnicate"],
    ] {
        let output = tsconv(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty());
    }
    assert_eq!(tsconv(&["convert", "yesteryear"], None).status.code(), Some(1));
}

/// An error names the flag a shell user typed, never the web's spelling of
/// the setting (`largest_unit=`, `format=custom`).
#[test]
fn errors_name_the_flags_typed() {
    for (args, flag, web) in [
        (
            &["diff", "2024-01-01", "2024-03-01", "--largest-unit", "hours", "--smallest-unit", "days"][..],
            "--largest-unit hours",
            "largest_unit",
        ),
        (&["format", "1700000000", "--format", "custom"], "--format custom needs a pattern, e.g. --pattern", "format="),
        (&["format", "1700000000", "--format", "iso", "--style", "R"], "--format discord", "format="),
        (&["round", "1700000000", "--unit", "day", "--mode", "upp"], "unknown --mode \"upp\"", "mode="),
        (&["diff", "1", "2", "--rounding-mode", "up"], "unknown --rounding-mode", "rounding_mode"),
        // A language the shell cannot have: the command that lists them.
        (&["convert", "1700000000", "--locale", "xx-bogus"], "`tsconv locales` lists them", "GET /api/locales"),
    ] {
        let output = tsconv(args, None);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains(flag), "{args:?}: {said}");
        assert!(!said.contains(web), "{args:?} speaks the web's words: {said}");
    }
}

/// `tsconv locales`: the locales of `--locale` (the API's `GET /api/locales`),
/// found by tag or name, or Discord's languages; finding none fails.
#[test]
fn locales_are_listed_and_found_by_name() {
    let all = tsconv(&["locales"], None);
    assert_eq!(all.status.code(), Some(0));
    let lines: Vec<String> = stdout(&all).lines().map(str::to_owned).collect();
    let list = tsconv_time::locale::list(None);
    assert_eq!(lines.len(), list.count);
    assert!(
        lines.iter().any(|line| line.starts_with("de ") && line.ends_with("German / Deutsch  [Discord]")),
        "{lines:?}"
    );
    let german = stdout(&tsconv(&["locales", "deutsch"], None));
    assert!(german.lines().all(|line| line.to_lowercase().contains("deutsch")) && german.contains("de-AT"), "{german}");
    let discord = stdout(&tsconv(&["locales", "--discord"], None));
    assert_eq!(discord.lines().count(), list.discord.len());
    assert!(discord.lines().any(|line| line.starts_with("pt-BR ")), "{discord}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&tsconv(&["locales", "deutsch", "--json"], None))).unwrap();
    assert_eq!(json["count"].as_u64(), Some(german.lines().count() as u64));
    let none = tsconv(&["locales", "klingon"], None);
    assert_eq!(none.status.code(), Some(1));
    assert!(stderr(&none).contains("no locale's tag or name contains \"klingon\""), "{}", stderr(&none));
}

/// Epochs and IDs from the shell: `--epoch`, `--input-format`, the ID presets and
/// IDs recognised by shape, in every command, with usage errors for bad flags.
#[test]
fn epochs_ids_and_input_formats() {
    let output = tsconv(&["format", "2023-11-14T22:13:20Z", "--format", "discord_snowflake"], None);
    assert_eq!((output.status.code(), stdout(&output)), (Some(0), "1174109840998400000\n".to_owned()));
    // One Excel serial per line, in a zone, read back as JSON.
    let output =
        tsconv(&["convert", "-", "--epoch", "excel", "--tz", "America/New_York", "--json"], Some("45244.5\n60\n"));
    assert_eq!(output.status.code(), Some(1), "the second line is Excel's fictitious day");
    let data: serde_json::Value = serde_json::from_str(stdout(&output).lines().next().unwrap()).unwrap();
    assert_eq!(data["iso"], "2023-11-14T17:00:00.000Z");
    assert_eq!(data["input"]["epoch"], "excel");
    assert!(stderr(&output).contains("line 2: Excel serial 60 is 1900-02-29"), "{}", stderr(&output));
    let output =
        tsconv(&["validate", "20231114", "--input-format", "%Y-%m-%d", "--input-format", "%Y%m%d", "--json"], None);
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!((data["kind"].as_str(), data["pattern"].as_str()), (Some("pattern"), Some("%Y%m%d")));
    let output = tsconv(&["convert", "507f1f77bcf86cd799439011"], None);
    assert!(
        stdout(&output).contains("input       objectid\nrandom      bcf86cd799\ncounter     4427793\n"),
        "{}",
        stdout(&output)
    );
    // Usage errors: exit status 2.
    assert_eq!(tsconv(&["convert", "1", "--epoch", "windows"], None).status.code(), Some(2));
    let nine: Vec<&str> = ["convert", "1"].into_iter().chain(["--input-format", "%s"].repeat(9)).collect();
    let output = tsconv(&nine, None);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("at most 8"), "{}", stderr(&output));
}

/// `tsconv transitions`: a zone's clock changes, from a shell, one zone per
/// line with `-`; a bad zone or count is a usage error.
#[test]
fn transitions_of_a_zone() {
    let output = tsconv(&["transitions", "Australia/Sydney", "--from", "2024-06-01", "--count", "1", "--json"], None);
    assert_eq!(output.status.code(), Some(0));
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(data["transitions"][0]["kind"], "gap");
    assert_eq!(data["transitions"][0]["local"]["start"], "2024-10-06T02:00:00");
    let output =
        tsconv(&["transitions", "-", "--from", "2024-01-01", "--count", "1"], Some("Europe/Berlin\nMars/Olympus\n"));
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).starts_with("2024-03-31T01:00:00Z  gap "), "{}", stdout(&output));
    assert!(stderr(&output).contains("line 2: unknown time zone"), "{}", stderr(&output));
    assert_eq!(tsconv(&["transitions", "UTC", "--count", "1001"], None).status.code(), Some(2));
}

/// Every row and 8.2 both ways through the CLI: `tsconv format
/// --format <system>` writes the instant, and `tsconv convert` reads it back
/// (with `--epoch` for a count or a Snowflake, by shape for an ID).
#[test]
fn every_epoch_and_id_both_ways_through_the_cli() {
    let instant = "2023-11-14T22:13:20.123Z";
    let rows: [(&str, Option<&str>, &str); 19] = [
        ("filetime", Some("filetime"), instant),
        ("webkit", Some("webkit"), instant),
        ("dotnet", Some("dotnet"), instant),
        ("cocoa", Some("cocoa"), instant),
        ("hfs", Some("hfs"), "2023-11-14T22:13:20.000Z"),
        ("ntp", Some("ntp"), instant),
        ("gps", Some("gps"), instant),
        // Day counts are written with 11 digits, floored: within 864 ns.
        ("excel", Some("excel"), "2023-11-14T22:13:20.122Z"),
        ("excel1904", Some("excel1904"), "2023-11-14T22:13:20.122Z"),
        ("julian_day", Some("julian_day"), "2023-11-14T22:13:20.122Z"),
        ("mjd", Some("mjd"), "2023-11-14T22:13:20.122Z"),
        ("discord_snowflake", Some("discord"), instant),
        ("twitter_snowflake", Some("twitter"), instant),
        ("uuid_v1", None, instant),
        ("uuid_v6", None, instant),
        ("uuid_v7", None, instant),
        ("ulid", None, instant),
        ("objectid", None, "2023-11-14T22:13:20.000Z"),
        ("ksuid", None, "2023-11-14T22:13:20.000Z"),
    ];
    for (preset, epoch, reads_as) in rows {
        let written = tsconv(&["format", instant, "--format", preset], None);
        assert_eq!(written.status.code(), Some(0), "{preset}: {}", stderr(&written));
        let value = stdout(&written).trim().to_owned();
        let mut args = vec!["convert", value.as_str(), "--json"];
        if let Some(epoch) = epoch {
            args.extend(["--epoch", epoch]);
        }
        let read = tsconv(&args, None);
        assert_eq!(read.status.code(), Some(0), "{preset} {value}: {}", stderr(&read));
        let data: serde_json::Value = serde_json::from_str(&stdout(&read)).unwrap();
        assert_eq!(data["iso"], reads_as, "{preset} {value}");
        let kind = if epoch.is_some() { "epoch" } else { preset };
        assert_eq!(data["input"]["kind"], kind, "{preset} {value}");
    }
}

/// `tsconv add`, `round` and `diff`: a table for one
/// input, a line per input with `-`, and usage errors (exit 2) for a bad
/// duration, unit, increment or pair of units.
#[test]
fn add_round_and_diff_from_the_shell() {
    let output = tsconv(&["add", "2024-01-31T10:00:00Z", "P1M", "--tz", "Europe/Berlin"], None);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).starts_with("from        2024-01-31T10:00:00.000Z\nduration    P1M\n"),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("rfc3339     2024-02-29T11:00:00+01:00\n"), "{}", stdout(&output));
    // A DST gap and a fold, one line each.
    let lines = "2024-03-09T02:30:00-05:00\nnope\n2024-11-02T01:30:00-04:00\n";
    let output = tsconv(&["add", "-", "1d", "--tz", "America/New_York"], Some(lines));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "2024-03-10T03:30:00-04:00\n\n2024-11-03T01:30:00-04:00\n");
    assert!(stderr(&output).starts_with("tsconv: line 2: \"nope\""), "{}", stderr(&output));
    let output = tsconv(
        &["round", "2024-03-10T16:30:00Z", "--unit", "day", "--mode", "half_expand", "--tz", "America/New_York"],
        None,
    );
    assert!(
        stdout(&output).contains("period      2024-03-10T00:00:00-05:00 to 2024-03-11T00:00:00-04:00\n"),
        "{}",
        stdout(&output)
    );
    assert!(stdout(&output).contains("rfc3339     2024-03-11T00:00:00-04:00\n"), "{}", stdout(&output));
    let output =
        tsconv(&["round", "-", "--unit", "minute", "--increment", "15", "--json"], Some("2024-01-01T10:22:31Z\n"));
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(data["iso"], "2024-01-01T10:15:00.000Z");
    let output =
        tsconv(&["diff", "2024-03-09T12:00:00-05:00", "2024-03-11T00:00:00-04:00", "--tz", "America/New_York"], None);
    assert!(stdout(&output).contains("duration    P1DT12H\nhuman       1 day, 12 hours\n"), "{}", stdout(&output));
    assert!(stdout(&output).contains("in days     1.5\nin hours    35\n"), "{}", stdout(&output));
    let output = tsconv(&["diff", "2024-01-31", "-", "--largest-unit", "days"], Some("2024-03-01\n2023-01-31\n"));
    assert_eq!((output.status.code(), stdout(&output)), (Some(0), "P30D\n-P365D\n".to_owned()));
    // The day Jan 31 plus a month lacks: a failure of the input (exit 1).
    assert_eq!(tsconv(&["add", "2024-01-31", "P1M", "--overflow", "reject"], None).status.code(), Some(1));
    for args in [
        &["add", "1", "P1Dx"][..],
        &["add", "1", "P1D", "--overflow", "wrap"],
        &["round", "1", "--unit", "fortnight"],
        &["round", "1", "--unit", "minute", "--increment", "7"],
        &["round", "1", "--unit", "week", "--week-start", "funday"],
        &["diff", "1", "2", "--largest-unit", "hours", "--smallest-unit", "days"],
        &["diff", "-", "-"],
    ] {
        let output = tsconv(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty());
    }
}

#[test]
fn locale_speaks_every_human_readable_output() {
    let output = tsconv(&["diff", "2024-03-09T12:00:00Z", "2024-03-11T00:00:00Z", "--locale", "de"], None);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("\nhuman       1 Tag, 12 Stunden\n"), "{}", stdout(&output));
    let output = tsconv(&["now", "--tz", "Europe/Paris", "--locale", "fr", "--json"], None);
    let data: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(data["locale"], "fr");
    assert!(data["zone"]["long_name"].as_str().unwrap().starts_with("heure "), "{data}");
    let output = tsconv(&["convert", "0", "--locale", "pt-BR", "--format", "date_full"], None);
    assert!(stdout(&output).contains("\nformatted   quinta-feira, 1 de janeiro de 1970\n"), "{}", stdout(&output));
    // An unknown tag is a usage error.
    let output = tsconv(&["format", "0", "--locale", "deu"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("did you mean de"), "{}", stderr(&output));
    // validate writes no human-readable text: its locale reads people's numeric dates.
    let output = tsconv(&["validate", "03/04/2023", "--locale", "de"], None);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("2023-04-03T00:00:00Z"), "{}", stdout(&output));
}

/// Every table the CLI prints, whole: each command once, with the options
/// that change its rows (a format, a locale, an ID, a gap, a batch on
/// standard input, an invalid input). `now` reads the clock, so its table
/// is the convert table of the same code path.
#[test]
fn every_table_is_pinned_whole() {
    let runs: &[(&[&str], Option<&str>)] = &[
        (&["convert", "1700000000", "--tz", "Europe/Berlin", "--format", "discord", "--style", "R"], None),
        (&["convert", "1700000000000", "--locale", "de", "--tz", "Asia/Tokyo"], None),
        (&["convert", "507f1f77bcf86cd799439011"], None),
        (&["convert", "2024-03-10T02:30:00", "--tz", "America/New_York"], None),
        (&["convert", "-", "--precision", "ms"], Some("0\n1700000000123\n")),
        (&["format", "1700000000", "--tz", "America/New_York"], None),
        (&["format", "1700000000", "--locale", "ja", "--tz", "Asia/Tokyo"], None),
        (&["validate", "2023-11-14T22:13:20Z"], None),
        (&["validate", "1700000000"], None),
        (&["validate", "2023-02-30"], None),
        (&["transitions", "Australia/Sydney", "--from", "2024-01-01T00:00:00Z", "--count", "2"], None),
        (&["add", "2024-01-31T12:00:00Z", "P1M", "--tz", "Europe/Paris"], None),
        (&["round", "2023-11-14T22:13:20.5Z", "--unit", "week", "--tz", "America/New_York"], None),
        (&["diff", "2020-02-29T00:00:00Z", "2024-03-10T12:30:00Z", "--tz", "America/New_York"], None),
    ];
    let mut tables = String::new();
    for (args, stdin) in runs {
        let output = tsconv(args, *stdin);
        tables.push_str(&format!("$ tsconv {} (exit {:?})\n", args.join(" "), output.status.code()));
        tables.push_str(&stdout(&output));
        tables.push('\n');
    }
    // The relative times are counted from the clock: each is checked for its
    // shape and pinned as a mark.
    let relative = regex::Regex::new(r"(?m)^(relative {4}|discord R   <t:1700000000:R> {4})(.+)$").unwrap();
    for found in relative.captures_iter(&tables) {
        assert!(["years ago", "年前"].iter().any(|ago| found[2].ends_with(ago)), "{}", &found[0]);
    }
    insta::assert_snapshot!("cli_tables", relative.replace_all(&tables, "${1}[relative to now]"));
}

#[test]
fn fields_keep_the_rows_and_json_fields_named_and_refuse_an_unknown_one() {
    let output = tsconv(&["add", "2024-01-31T09:00:00Z", "1mo", "--json", "--fields", "duration,local"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "{\"local\":\"2024-02-29 09:00:00\",\"duration\":\"P1M\"}\n");
    let output = tsconv(&["now", "--tz", "Asia/Tokyo", "--fields", "timezone"], None);
    assert_eq!(stdout(&output), "timezone    Asia/Tokyo\n");
    let output = tsconv(&["round", "1700000000", "--unit", "day", "--fields", "period,locale"], None);
    assert_eq!(stdout(&output), "period      2023-11-14T00:00:00Z to 2023-11-15T00:00:00Z\nlocale      en\n");
    let output = tsconv(&["format", "1700000000", "--fields", "formated"], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("tsconv: unknown field \"formated\" in fields: did you mean formatted?"));
}

#[test]
fn schedule_lists_the_runs_and_what_the_clock_change_does() {
    let args = ["schedule", "30 2 * * *", "--tz", "Europe/Berlin", "--from", "2027-03-27T12:00:00Z", "--count", "2"];
    let output = tsconv(&args, None);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "30 2 * * * (cron): At 02:30.");
    assert_eq!(
        lines[1],
        "2027-03-28T01:00:00.000Z  Sunday    2027-03-28T03:00:00+02:00  (for 2027-03-28T02:30:00, which the clock change skips)"
    );
    assert_eq!(lines[2], "2027-03-29T00:30:00.000Z  Monday    2027-03-29T02:30:00+02:00");
    assert!(lines[3].starts_with("next clock change in Europe/Berlin: 2027-03-28T01:00:00Z (gap)"), "{text}");
    // --json is the API's data; a bad expression is a usage error with the field and the close name.
    let json = tsconv(&["schedule", "FREQ=WEEKLY;BYDAY=MO", "--from", "2026-11-27", "--count", "1", "--json"], None);
    let data: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(
        (data["notation"].as_str(), data["runs"][0]["iso"].as_str()),
        (Some("rrule"), Some("2026-11-30T00:00:00.000Z"))
    );
    let bad = tsconv(&["schedule", "0 9 * * MNO"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("day-of-week field (character 9): unknown name \"MNO\": did you mean MON?"));
}
