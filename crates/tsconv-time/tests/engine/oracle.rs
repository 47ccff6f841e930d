//! Running the independent implementations the tests compare with, and a
//! seeded generator of cases. Shared by the engine's tests and the web
//! layer's (`tests/api` includes this file).

use std::io::Write;
use std::process::{Command, Stdio};

/// Python (`TSCONV_PYTHON`, else `python3`) running `script`.
pub fn python(script: &str) -> Command {
    let mut command = Command::new(std::env::var("TSCONV_PYTHON").unwrap_or_else(|_| "python3".to_owned()));
    command.arg("-c").arg(script);
    command
}

/// Runs `command` with `input` on its standard input; its output's lines.
/// The input is written from a thread: the oracle answers while it reads,
/// and a full output pipe would otherwise stop both sides.
pub fn stream(command: Command, input: &str) -> Vec<String> {
    run(command, input, true)
}

/// As [`stream`], for an oracle that reports some inputs as errors on its
/// standard error and ends with a failure status (GNU `date -f`).
#[allow(dead_code, reason = "the web layer's tests include this file without calling it")]
pub fn stream_allowing_errors(command: Command, input: &str) -> Vec<String> {
    run(command, input, false)
}

fn run(mut command: Command, input: &str, must_succeed: bool) -> Vec<String> {
    let program = format!("{command:?}");
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} is needed by the differential tests ({e}): run ./scripts/test"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(!must_succeed || output.status.success(), "{program} failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).collect()
}

/// A small deterministic generator (SplitMix64): same cases on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What Chromium's JavaScript answers for each of `cases`: one headless
/// page (printed by `--dump-dom`) that runs `answer` (a JavaScript
/// function of one case, returning an array of strings) over every case.
/// `cases` is a JSON array; the answers come back in its order.
#[allow(dead_code, reason = "the web layer's tests include this file without calling it")]
pub fn chromium(answer: &str, cases: &str) -> Vec<Vec<String>> {
    let chromium = std::path::Path::new("/usr/bin/chromium");
    assert!(chromium.exists(), "chromium is missing: run ./scripts/test, which installs it");
    let dir = std::env::temp_dir().join(format!("tsconv-chromium-{}-{:x}", std::process::id(), fnv(answer)));
    std::fs::create_dir_all(&dir).unwrap();
    // The answers are joined by two control characters no text of Intl holds.
    let page = format!(
        r#"<html><head><meta charset="utf-8"></head><body><pre id="out"></pre><script>
const answer = {answer};
const cases = {cases};
let text;
try {{
  text = cases.map((c) => answer(c).join("\u0001")).join("\u0002");
}} catch (e) {{
  text = "error: " + e;
}}
document.getElementById("out").textContent = text;
</script></body></html>"#
    );
    let file = dir.join("page.html");
    std::fs::write(&file, page).unwrap();
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", file.display()))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let dom = String::from_utf8(output.stdout).unwrap();
    let start = dom.find(r#"<pre id="out">"#).expect("Chromium printed the page") + r#"<pre id="out">"#.len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let text =
        dom[start..end].replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u{a0}").replace("&amp;", "&");
    assert!(!text.starts_with("error: "), "the page failed: {text}");
    text.split('\u{2}').map(|row| row.split('\u{1}').map(str::to_owned).collect()).collect()
}

/// FNV-1a, to name a page's folder after its script.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3))
}

/// The README and every page of `docs/`, one after the other: the text
/// whose examples, tables and named differences are held to the program.
pub fn documentation() -> String {
    // The workspace's root: the first folder up from this crate with a README and docs/.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|folder| folder.join("README.md").exists() && folder.join("docs").is_dir())
        .expect("the workspace's README.md and docs/");
    let mut pages: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .collect();
    pages.sort();
    let mut text = std::fs::read_to_string(root.join("README.md")).unwrap();
    for page in pages {
        text.push('\n');
        text.push_str(&std::fs::read_to_string(page).unwrap());
    }
    text
}
