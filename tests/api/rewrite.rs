//! `tsconv rewrite`, run as a process: a generated corpus held to
//! Python's zoneinfo and email.utils byte for byte, files and standard
//! input, usage errors, lines too long to rewrite, and the progress bar
//! (on a terminal only).

use std::process::{Command, Output, Stdio};

fn tsconv(args: &[&str], stdin: &[u8]) -> Output {
    crate::cli::tsconv(args, Some(std::str::from_utf8(stdin).unwrap()))
}

fn python() -> Command {
    Command::new(std::env::var("TSCONV_PYTHON").unwrap_or_else(|_| "python3".to_owned()))
}

/// The corpus `rewrite_corpus.py` generates: (line in, line out) pairs.
fn corpus(seed: u64, count: usize, zone: &str) -> Vec<(String, String)> {
    let output = python()
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/rewrite_corpus.py"))
        .args([&seed.to_string(), &count.to_string(), zone])
        .output()
        .expect("python3 is needed for the corpus");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            (row["in"].as_str().unwrap().to_owned(), row["out"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn a_generated_corpus_comes_out_as_python_computes_it_byte_for_byte() {
    for (seed, zone) in
        [(28, "Europe/Berlin"), (29, "America/Sao_Paulo"), (30, "Australia/Lord_Howe"), (31, "Asia/Kolkata")]
    {
        let rows = corpus(seed, 3000, zone);
        let input: String = rows.iter().map(|(line, _)| format!("{line}\n")).collect();
        let output = tsconv(&["rewrite", "--tz", zone], input.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        // Not a terminal: no progress bar, nothing on stderr.
        assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
        let ours = String::from_utf8(output.stdout).unwrap();
        assert_eq!(ours.lines().count(), rows.len());
        let mut changed = 0;
        for ((line_in, expected), ours) in rows.iter().zip(ours.lines()) {
            assert_eq!(ours, expected, "{zone}: {line_in}");
            changed += usize::from(line_in != expected);
            if serde_json::from_str::<serde_json::Value>(line_in).is_ok() {
                serde_json::from_str::<serde_json::Value>(ours).unwrap_or_else(|e| panic!("{ours}: {e}"));
            }
        }
        // The corpus holds timestamps to rewrite and decoys to leave.
        assert!(changed > rows.len() / 2 && changed < rows.len(), "{changed} of {} lines changed", rows.len());
    }
}

#[test]
fn files_are_rewritten_in_order_and_one_that_cannot_be_read_is_named() {
    let dir = std::env::temp_dir().join(format!("tsconv-rewrite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (first, second) = (dir.join("a.log"), dir.join("b.log"));
    std::fs::write(&first, "ts=1700000000 a\n").unwrap();
    // No newline at the end: none is added.
    std::fs::write(&second, "{\"time\":1700000000123}").unwrap();
    let missing = dir.join("missing.log");
    let args = ["rewrite", "--tz", "Europe/Berlin", first.to_str().unwrap(), missing.to_str().unwrap()];
    let output = tsconv(&[&args[..], &["-", second.to_str().unwrap()]].concat(), b"at 2023-11-14T22:13:20Z\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "ts=2023-11-14T23:13:20+01:00 a\nat 2023-11-14T23:13:20+01:00\n{\"time\":\"2023-11-14T23:13:20.123+01:00\"}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("tsconv: cannot read ") && stderr.contains("missing.log"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn settings_keys_numbers_window_annotate_and_usage_errors() {
    let run = |args: &[&str], input: &str| {
        let output = tsconv(&[&["rewrite"][..], args].concat(), input.as_bytes());
        (output.status.code(), String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
    };
    let line = r#"{"when":1700000000,"user":1700000000,"old":1000000000,"n":946684799}"#;
    assert_eq!(run(&[], line).1, line);
    assert_eq!(
        run(&["--keys", "when,old"], line).1,
        r#"{"when":"2023-11-14T22:13:20Z","user":1700000000,"old":"2001-09-09T01:46:40Z","n":946684799}"#
    );
    assert_eq!(
        run(&["--numbers"], line).1,
        r#"{"when":"2023-11-14T22:13:20Z","user":"2023-11-14T22:13:20Z","old":"2001-09-09T01:46:40Z","n":946684799}"#
    );
    assert_eq!(
        run(&["--window", "2001-01-01..2002-01-01"], line).1,
        r#"{"when":1700000000,"user":1700000000,"old":"2001-09-09T01:46:40Z","n":946684799}"#
    );
    assert_eq!(
        run(&["--annotate", "--format", "unix", "--tz", "Asia/Tokyo"], "at 2023-11-14T22:13:20.5Z.").1,
        "at 2023-11-14T22:13:20.5Z [1700000000500]."
    );
    for args in [
        &["--window", "2100-01-01..2000-01-01"][..],
        &["--window", "soon"],
        &["--tz", "Mars/Base"],
        &["--format", "yaml"],
    ] {
        let (code, _, stderr) = run(args, "");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stderr.starts_with("error:") || stderr.starts_with("tsconv:"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_line_too_long_to_rewrite_is_copied_unchanged() {
    let long = format!("ts=1700000000 {}", "x".repeat(1536 * 1024));
    let input = format!("{long}\nts=1700000000\n{long}");
    let output = tsconv(&["rewrite"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), format!("{long}\nts=2023-11-14T22:13:20Z\n{long}"));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.matches("a line is longer than 1024 KiB: copied unchanged").count(), 2, "{stderr}");
}

/// On a terminal (util-linux `script` gives the command one), a progress
/// bar is drawn on stderr: bytes and lines per second; not elsewhere (the
/// corpus test sees an empty stderr).
#[test]
fn progress_is_drawn_on_a_terminal() {
    let bin = env!("CARGO_BIN_EXE_tsconv");
    // Three MiB of lines over about a second, so that the bar ticks.
    let writer = "import sys, time\nfor _ in range(12):\n    sys.stdout.write('ts=1700000000 x\\n' * 16384); sys.stdout.flush(); time.sleep(0.1)";
    let command = format!("python3 -c \"{writer}\" | {bin} rewrite > /dev/null");
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("util-linux script is on the machine");
    assert!(output.status.success(), "{output:?}");
    let screen = String::from_utf8_lossy(&output.stdout);
    assert!(screen.contains("MiB") && screen.contains("lines/s"), "{screen:?}");
}

/// `--line-buffered`: each line is written as soon as it is read, while
/// the input is still open (as `kubectl logs -f | tsconv rewrite` needs);
/// so for `convert -` too.
#[test]
fn line_buffered_output_comes_while_the_input_is_open() {
    use std::io::{BufRead, BufReader, Write};
    let cases: [(&[&str], [&str; 2], [&str; 2]); 2] = [
        (
            &["rewrite", "--line-buffered"],
            ["ts=1700000000\n", "ts=1700000001\n"],
            ["ts=2023-11-14T22:13:20Z\n", "ts=2023-11-14T22:13:21Z\n"],
        ),
        (
            &["convert", "-", "--line-buffered"],
            ["1700000000\n", "1700000001\n"],
            ["2023-11-14T22:13:20Z\n", "2023-11-14T22:13:21Z\n"],
        ),
    ];
    for (args, lines, expected) in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsconv"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let (sender, receiver) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            for _ in 0..2 {
                let mut line = String::new();
                output.read_line(&mut line).unwrap();
                sender.send(line).unwrap();
            }
        });
        for (line, expected) in lines.iter().zip(expected) {
            input.write_all(line.as_bytes()).unwrap();
            input.flush().unwrap();
            let got = receiver.recv_timeout(std::time::Duration::from_secs(20));
            assert_eq!(got.as_deref(), Ok(expected), "{args:?}: a line while the input is still open");
        }
        drop(input);
        reader.join().unwrap();
        assert!(child.wait().unwrap().success());
    }
}
