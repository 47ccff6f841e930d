//! The README's and `docs/`'s examples, run as written.
//!
//! Every ```console block of README.md and docs/*.md is a shell session: `$ ` lines are
//! run with `bash` (with the built `tsconv` first on the PATH) in one
//! temporary folder per block, and what follows each one, up to the next
//! `$ `, is its exact standard output. Values that depend on the clock are
//! compared by their label only: every line of `tsconv now`, and the
//! `relative`, `discord R` and `preview` lines.

use std::path::Path;
use std::process::Command;

struct Example {
    command: String,
    expected: Vec<String>,
}

fn blocks(readme: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let mut examples: Vec<Example> = Vec::new();
        for line in lines.by_ref() {
            if line.trim() == "```" {
                break;
            }
            match line.strip_prefix("$ ") {
                Some(command) => examples.push(Example { command: command.to_owned(), expected: Vec::new() }),
                None => examples.last_mut().expect("output before a command").expected.push(line.to_owned()),
            }
        }
        blocks.push(examples);
    }
    blocks
}

fn clock_dependent(command: &str, line: &str) -> bool {
    command.starts_with("tsconv now")
        || line.starts_with("relative ")
        || line.starts_with("discord R ")
        || line.starts_with("preview ") && (line.ends_with(" ago") || line.contains(" in "))
}

#[test]
fn every_console_example_of_the_readme_prints_what_it_shows() {
    let readme = crate::oracle::documentation();
    let blocks = blocks(&readme);
    assert!(blocks.len() >= 4, "the README has {} console blocks", blocks.len());
    let binary = Path::new(env!("CARGO_BIN_EXE_tsconv"));
    let path = format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let mut commands = std::collections::BTreeSet::new();
    for (index, examples) in blocks.into_iter().enumerate() {
        let folder = std::env::temp_dir().join(format!("tsconv-readme-{}-{index}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        for example in examples {
            let output = Command::new("bash")
                .arg("-c")
                .arg(&example.command)
                .current_dir(&folder)
                .env("PATH", &path)
                .output()
                .unwrap();
            let actual: Vec<String> = String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).collect();
            assert_eq!(actual.len(), example.expected.len(), "$ {}\n{}", example.command, actual.join("\n"));
            for (actual, expected) in actual.iter().zip(&example.expected) {
                if clock_dependent(&example.command, expected) {
                    assert_eq!(actual.get(..12), expected.get(..12), "$ {}", example.command);
                } else {
                    assert_eq!(actual, expected, "$ {}", example.command);
                }
            }
            if let Some(word) = example.command.split_whitespace().skip_while(|w| *w != "tsconv").nth(1) {
                commands.insert(word.to_owned());
            }
        }
        std::fs::remove_dir_all(&folder).unwrap();
    }
    for command in ["now", "convert", "validate", "format", "transitions", "add", "round", "diff", "rewrite"] {
        assert!(commands.contains(command), "the README has no tested example of tsconv {command}");
    }
}

/// The README's table of accepted inputs: every example in it is read, as
/// the `input.kind` its row names (through validate, which reports it).
#[tokio::test]
async fn every_example_of_the_accepted_inputs_table_reads_as_its_kind() {
    let readme = crate::oracle::documentation();
    let table = readme.split("## Accepted `timestamp` inputs").nth(1).unwrap().split("\n\n").nth(1).unwrap();
    let mut examples = 0;
    for row in table.lines().skip(2) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let kinds: Vec<&str> = cells[1].split('`').skip(1).step_by(2).collect();
        let spans: Vec<&str> = cells[2].split('`').skip(1).step_by(2).collect();
        // "`value` with `name=setting`": one example read with that parameter.
        let (spans, setting) = match cells[2].contains(" with `") {
            true => (&spans[..1], spans[1].split_once('=')),
            false => (&spans[..], None),
        };
        for example in spans {
            // Examples are `…` spans (a pipe escaped as `\|` in a table); a
            // JSON string or number example is sent as written, anything
            // else as a string.
            let example = &example.replace("\\|", "|");
            let mut body: serde_json::Value = if example.starts_with('"') || example.parse::<f64>().is_ok() {
                serde_json::from_str(&format!(r#"{{"timestamp": {example}, "timezone": "UTC"}}"#)).unwrap()
            } else {
                serde_json::json!({"timestamp": example, "timezone": "UTC"})
            };
            if let Some((name, value)) = setting {
                body[name] = value.into();
            }
            let reply = crate::helpers::post_json("/api/timestamp/validate", body).await;
            let data = reply.assert_ok();
            assert_eq!(data["valid"], true, "{example}: {data}");
            assert!(kinds.contains(&data["kind"].as_str().unwrap()), "{example}: {data}");
            examples += 1;
        }
    }
    assert!(examples >= 20, "only {examples} examples found in the table");
}

/// The README's tables of epoch systems and IDs: each example reads as the
/// instant shown (with the ID's fields), and the system's `format` preset
/// writes a value that reads back to that instant.
#[tokio::test]
async fn every_row_of_the_epochs_and_ids_tables_converts_both_ways() {
    let readme = crate::oracle::documentation();
    let section = readme.split("## Other epochs and IDs").nth(1).unwrap();
    let mut tables = section.split("\n\n").filter(|block| block.starts_with("| "));
    let spans = |cell: &str| cell.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>();
    let mut rows = 0;
    for row in tables.next().unwrap().lines().skip(2) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let (example, reads_as) = (spans(cells[3]), spans(cells[4]));
        let epoch = example.get(1).cloned().unwrap_or_else(|| spans(cells[0])[0].clone());
        let body = serde_json::json!({"timestamp": example[0], "epoch": epoch});
        let data = crate::helpers::post_json("/api/timestamp/convert", body).await.assert_ok().clone();
        assert_eq!(data["rfc3339"], reads_as[0], "{row}");
        if ["unix", "discord", "twitter"].contains(&epoch.as_str()) || epoch.starts_with("snowflake:") {
            rows += 1;
            continue;
        }
        let query = format!("/api/timestamp/format?timestamp={}&format={epoch}", reads_as[0]);
        let written = crate::helpers::get(&query).await.assert_ok()["formatted"].as_str().unwrap().to_owned();
        let body = serde_json::json!({"timestamp": written, "epoch": epoch});
        let back = crate::helpers::post_json("/api/timestamp/convert", body).await.assert_ok().clone();
        assert_eq!(back["rfc3339"], reads_as[0], "{epoch}: {written}");
        rows += 1;
    }
    for row in tables.next().unwrap().lines().skip(2) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let (preset, example, time, fields) =
            (&spans(cells[1])[0], &spans(cells[2])[0], &spans(cells[3])[0], &spans(cells[4])[0]);
        let epoch = spans(cells[0]).into_iter().find_map(|span| span.strip_prefix("epoch=").map(str::to_owned));
        let mut body = serde_json::json!({"timestamp": example});
        if let Some(epoch) = epoch {
            body["epoch"] = epoch.into();
        }
        let data = crate::helpers::post_json("/api/timestamp/convert", body.clone()).await.assert_ok().clone();
        assert_eq!(data["rfc3339"], *time, "{row}");
        assert_eq!(data["id"], serde_json::from_str::<serde_json::Value>(fields).unwrap(), "{row}");
        let query = format!("/api/timestamp/format?timestamp={time}&format={preset}");
        let first = crate::helpers::get(&query).await.assert_ok()["formatted"].as_str().unwrap().to_owned();
        body["timestamp"] = first.clone().into();
        let back = crate::helpers::post_json("/api/timestamp/convert", body).await.assert_ok().clone();
        assert_eq!(back["rfc3339"], *time, "{preset}: {first}");
        rows += 1;
    }
    assert_eq!(rows, 23, "rows of the two tables");
}

/// The README's table of `tsconv serve` options: every row names a flag the
/// binary has, with its environment variable and its default as
/// `tsconv serve --help` states them, and every flag has a row.
#[test]
fn the_serve_options_table_matches_serve_help() {
    let readme = crate::oracle::documentation();
    let help = Command::new(env!("CARGO_BIN_EXE_tsconv")).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    // --flag -> (env, default) from the help text.
    let mut options = std::collections::BTreeMap::new();
    for line in help.lines().map(str::trim).filter(|line| line.starts_with("--") && !line.starts_with("--help")) {
        let flag = line.split_whitespace().next().unwrap().to_owned();
        let bracket = |name: &str| {
            let start = line.find(&format!("[{name}: "))? + name.len() + 3;
            Some(line[start..start + line[start..].find(']')?].trim_end_matches('=').to_owned())
        };
        options.insert(flag, (bracket("env"), bracket("default")));
    }
    let mut rows = 0;
    for row in readme.lines().filter(|line| line.starts_with("| `--")) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let flag = cells[0].trim_start_matches("| `").split([' ', '`']).next().unwrap();
        let (env, default) =
            options.remove(flag).unwrap_or_else(|| panic!("{flag} is in the README, not in serve --help"));
        assert_eq!(Some(cells[1].trim_matches('`')), env.as_deref(), "{flag}: environment variable");
        match default {
            Some(default) => assert!(cells[2].starts_with(&format!("`{default}`")), "{flag}: default {default}: {row}"),
            // A default that depends on another option is the server's.
            None if flag == "--max-connections-per-ip" => {
                let default = tsconv::config::Config::default().max_connections_per_ip();
                assert!(cells[2].starts_with(&format!("`{default}` (`0` with `--trust-proxy`)")), "{row}");
            }
            None => assert!(cells[2].starts_with("off"), "{flag} has no default in serve --help: {row}"),
        }
        rows += 1;
    }
    assert!(options.is_empty(), "options without a README row: {options:?}");
    assert!(rows >= 15, "{rows} rows");
}

/// Splits a shell command line into words: single and double quotes, no
/// expansion (the README's curl examples need no more).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => (quote, started) = (Some(c), true),
            (None, ' ') if started => {
                words.push(std::mem::take(&mut word));
                started = false;
            }
            (None, ' ') => {}
            (None, c) => (word.push(c), started = true).0,
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The README's `curl` examples against the default server, sent to the app
/// as curl would send them: each answers with the status and body the README
/// shows (the examples of `current` at the instant their answer shows; the
/// values that depend on the moment of the request, `relative` and Discord's
/// `R` preview, compared by presence only). Headers that change with every
/// request (its id, the date) are not compared.
#[tokio::test]
async fn every_curl_example_of_the_readme_answers_what_it_shows() {
    use axum::body::Body;
    use axum::http::Request;
    use serde_json::Value;
    use tower::ServiceExt;

    let readme = crate::oracle::documentation();
    let mut lines = readme.lines().peekable();
    let mut tested = 0;
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ curl ") else { continue };
        let mut shown = Vec::new();
        while let Some(next) = lines.next_if(|next| !next.starts_with("```")) {
            shown.push(next);
        }
        let (command, pretty) = match command.split_once(" | ") {
            Some((command, "python3 -m json.tool")) => (command, true),
            Some((_, pipe)) => panic!("unknown pipe {pipe:?}"),
            None => (command, false),
        };
        let words = shell_words(command);
        if !words.iter().any(|word| word.starts_with("http://127.0.0.1:8080/")) {
            continue; // the API-key examples run a server of their own
        }
        let (mut method, mut uri, mut headers, mut form, mut raw, mut with_head) =
            (None, String::new(), Vec::new(), Vec::new(), None, false);
        let mut words = words.into_iter();
        while let Some(word) = words.next() {
            match word.as_str() {
                "-s" => {}
                "-si" => with_head = true,
                "-X" => method = words.next(),
                "-H" => headers.push(words.next().unwrap()),
                "-d" => {
                    let data = words.next().unwrap();
                    if data.starts_with('{') { raw = Some(data) } else { form.push(data) }
                }
                "--data-urlencode" => {
                    let data = words.next().unwrap();
                    let (name, value) = data.split_once('=').unwrap();
                    form.push(format!(
                        "{name}={}",
                        form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>()
                    ));
                }
                url if url.starts_with("http://") => uri = url.trim_start_matches("http://127.0.0.1:8080").to_owned(),
                other => panic!("unknown curl option {other:?} in {command}"),
            }
        }
        let body = raw.unwrap_or_else(|| form.join("&"));
        let method = method.unwrap_or_else(|| if body.is_empty() { "GET".into() } else { "POST".into() });
        // The Host header curl sends (the MCP transport asks for it).
        let mut request = Request::builder().method(method.as_str()).uri(uri.as_str()).header("host", "127.0.0.1:8080");
        if !form.is_empty() {
            request = request.header("content-type", "application/x-www-form-urlencoded");
        }
        for header in &headers {
            let (name, value) = header.split_once(": ").unwrap();
            request = request.header(name, value);
        }
        // The status line and headers, then a blank line, when curl shows them.
        let (status_line, shown_body) = if with_head {
            let blank = shown.iter().position(|line| line.is_empty()).unwrap();
            (Some(shown[0]), shown[blank + 1..].join("\n"))
        } else {
            (None, shown.join("\n"))
        };
        let mut state = tsconv::http::AppState::default();
        let plain = uri.contains(".txt") || headers.iter().any(|h| h.eq_ignore_ascii_case("accept: text/plain"));
        if plain {
            // Plain text: the body as shown, line for line.
            let response = tsconv::http::app(state).oneshot(request.body(Body::from(body)).unwrap()).await.unwrap();
            let status = response.status();
            let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
            if let Some(status_line) = status_line {
                assert_eq!(status_line, format!("HTTP/1.1 {status}"), "{command}");
            }
            assert_eq!(std::str::from_utf8(&bytes).unwrap().trim_end(), shown_body, "{command}");
            tested += 1;
            continue;
        }
        let mut expected: Value = serde_json::from_str(&shown_body).unwrap_or_else(|e| panic!("{command}: {e}"));
        if uri.starts_with("/api/timestamp/current") {
            let nanos: i128 = expected["data"]["units_text"]["nanoseconds"].as_str().unwrap().parse().unwrap();
            state.clock = tsconv::http::Clock::Fixed(jiff::Timestamp::from_nanosecond(nanos).unwrap());
        }
        // worldtimeapi's answer says when it was answered.
        if let Some(utc) = expected["utc_datetime"].as_str() {
            state.clock = tsconv::http::Clock::Fixed(utc.parse().unwrap());
        }
        // curl to 127.0.0.1 comes from 127.0.0.1.
        let request =
            request.extension(axum::extract::ConnectInfo(std::net::SocketAddr::from(([127, 0, 0, 1], 50_000))));
        let response = tsconv::http::app(state).oneshot(request.body(Body::from(body)).unwrap()).await.unwrap();
        let status = response.status();
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        let mut actual: Value = serde_json::from_slice(&bytes).unwrap();
        if let Some(status_line) = status_line {
            assert_eq!(status_line, format!("HTTP/1.1 {status}"), "{command}");
        }
        if !pretty {
            assert_eq!(std::str::from_utf8(&bytes).unwrap(), shown_body, "{command}");
        }
        for value in [&mut expected, &mut actual] {
            if let Some(formats) = value["data"].get_mut("formats") {
                for pointer in ["/relative", "/discord_preview/R"] {
                    let moving = formats.pointer_mut(pointer).unwrap();
                    assert!(moving.is_string(), "{command}");
                    *moving = Value::Null;
                }
            }
        }
        assert_eq!(actual, expected, "{command}");
        tested += 1;
    }
    assert!(tested >= 12, "{tested} curl examples");
}

/// The agent configuration the README shows (`mcpServers`, as desktop
/// agents take it) starts a working server: the command it names, with its
/// arguments and environment, answers `initialize` and lists the tools.
#[test]
fn the_agent_configuration_of_the_readme_starts_a_working_server() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;

    let readme = crate::oracle::documentation();
    let block = readme
        .split("```json\n")
        .skip(1)
        .map(|rest| &rest[..rest.find("```").unwrap()])
        .find(|block| block.contains("mcpServers"))
        .expect("the README shows an agent's configuration");
    let config: serde_json::Value = serde_json::from_str(block).unwrap();
    let binary = Path::new(env!("CARGO_BIN_EXE_tsconv"));
    let path = format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    for (name, server) in config["mcpServers"].as_object().unwrap() {
        let args: Vec<&str> = server["args"].as_array().unwrap().iter().map(|arg| arg.as_str().unwrap()).collect();
        let mut command = Command::new(server["command"].as_str().unwrap());
        command.args(&args).env("PATH", &path).env("TZ", "Asia/Kolkata").env_remove("TSCONV_DEFAULT_TIMEZONE");
        for (key, value) in server["env"].as_object().into_iter().flatten() {
            command.env(key, value.as_str().unwrap());
        }
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let messages = [
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"agent","version":"1"}}}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"now","arguments":{}}}"#,
        ];
        for message in messages {
            writeln!(stdin, "{message}").unwrap();
        }
        let answers: Vec<serde_json::Value> = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .take(3)
            .map(|line| serde_json::from_str(&line.unwrap()).unwrap())
            .collect();
        drop(stdin);
        child.wait().unwrap();
        assert_eq!(answers[0]["result"]["serverInfo"]["name"], "tsconv", "{name}");
        assert_eq!(answers[1]["result"]["tools"].as_array().map(Vec::len), Some(12), "{name}");
        let now = &answers[2]["result"]["structuredContent"];
        assert_eq!(now["timezone"], "Asia/Kolkata", "{name}: {now}");
        assert!(now["calendar"]["weekday"].is_string(), "{name}: {now}");
    }
}
