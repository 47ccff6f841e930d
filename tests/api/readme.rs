//! The README's command-line examples, run as written.
//!
//! Every ```console block of README.md is a shell session: `$ ` lines are
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
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
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
    for command in ["now", "convert", "validate", "format"] {
        assert!(commands.contains(command), "the README has no tested example of tsconv {command}");
    }
}

/// The README's table of accepted inputs: every example in it is read, as
/// the `input.kind` its row names (through validate, which reports it).
#[tokio::test]
async fn every_example_of_the_accepted_inputs_table_reads_as_its_kind() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let table = readme.split("## Accepted `timestamp` inputs").nth(1).unwrap().split("\n\n").nth(1).unwrap();
    let mut examples = 0;
    for row in table.lines().skip(2) {
        let cells: Vec<&str> = row.split(" | ").collect();
        let kind = cells[1].trim_matches('`');
        for example in cells[2].split('`').skip(1).step_by(2) {
            // Examples are `…` spans; a JSON string or number example is
            // sent as written, anything else as a string.
            let body = if example.starts_with('"') || example.parse::<f64>().is_ok() {
                format!(r#"{{"timestamp": {example}, "timezone": "UTC"}}"#)
            } else {
                serde_json::json!({"timestamp": example, "timezone": "UTC"}).to_string()
            };
            let reply = crate::helpers::post_raw("/api/timestamp/validate", "application/json", body).await;
            let data = reply.assert_ok();
            assert_eq!(data["valid"], true, "{example}: {data}");
            assert_eq!(data["kind"], kind, "{example}: {data}");
            examples += 1;
        }
    }
    assert!(examples >= 20, "only {examples} examples found in the table");
}
