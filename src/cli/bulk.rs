//! The shell's bulk work: streams (`convert -` and every other
//! command that reads `-`) and `tsconv rewrite`, in bounded memory, with a
//! progress bar on stderr when it is a terminal.

use std::fs::File;
use std::io::{self, BufRead, BufWriter, IsTerminal, Read, Write};
use std::os::fd::AsFd;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tsconv_time::error::TimeError;
use tsconv_time::rewrite::Rewrite;

use super::ReadArgs;

/// The longest line a stream reads: no input is longer than 256
/// characters, and memory stays bounded whatever the input.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// The buffers of a stream's reads and writes.
const STREAM_BUFFER: usize = 256 * 1024;

/// The longest line `rewrite` rewrites; a longer one is copied unchanged.
pub const MAX_REWRITE_LINE: usize = 1024 * 1024;

/// Reads standard input a line at a time and writes one line for each, in
/// order: `answer` appends a line's result to its buffer (and
/// says whether it reports the input invalid, as `validate` does); a line
/// it cannot answer is reported on stderr with its number, and an empty
/// line takes its place (with `--strict`, the stream stops there); an empty
/// line stays empty. Exit status 1 if any line was bad.
pub fn stream(
    args: &ReadArgs,
    out: &mut impl Write,
    mut answer: impl FnMut(&str, &mut Vec<u8>) -> Result<bool, TimeError>,
) -> ExitCode {
    let flush_each = args.line_buffered || io::stdout().is_terminal();
    let mut out = BufWriter::with_capacity(STREAM_BUFFER, out);
    let stdin = io::stdin();
    let mut progress = Progress::new(size_of_stdin());
    let mut input = io::BufReader::with_capacity(STREAM_BUFFER, stdin.lock());
    let (mut buffer, mut line) = (Vec::with_capacity(256), Vec::with_capacity(256));
    let (mut number, mut invalid) = (0u64, false);
    loop {
        buffer.clear();
        line.clear();
        let whole = match read_line(&mut input, &mut buffer) {
            Ok(Some((whole, length))) => {
                progress.advance(length as u64, || 1);
                whole
            }
            Ok(None) => break,
            Err(error) => {
                eprintln!("tsconv: line {}: cannot read standard input: {error}", number + 1);
                invalid = true;
                break;
            }
        };
        number += 1;
        let text = match std::str::from_utf8(&buffer) {
            Ok(text) if whole => Ok(text.trim_end_matches(['\n', '\r'])),
            Ok(_) => Err(format!("the line is longer than {MAX_LINE_BYTES} bytes")),
            Err(error) => Err(format!("the line is not UTF-8 (byte {})", error.valid_up_to() + 1)),
        };
        let result = match text {
            Ok(text) if text.trim().is_empty() => Ok(false),
            Ok(text) => answer(text, &mut line).map_err(|error| error.to_string()),
            Err(error) => Err(error),
        };
        let written = match result {
            Ok(reports_invalid) => {
                invalid |= reports_invalid;
                line.push(b'\n');
                out.write_all(&line)
            }
            Err(error) => {
                invalid = true;
                progress
                    .suspend(|| eprintln!("tsconv: line {number}: {}", super::words::in_cli_words(&error.to_string())));
                out.write_all(b"\n")
            }
        };
        let written = written.and_then(|()| if flush_each { out.flush() } else { Ok(()) });
        if let Err(error) = written {
            return write_failed(&error);
        }
        if invalid && args.strict {
            break;
        }
    }
    progress.finish();
    match out.flush() {
        Err(error) => write_failed(&error),
        Ok(()) if invalid => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// Reads one line (its `\n` included) into `buffer`, at most
/// [`MAX_LINE_BYTES`] of it: `Some((true, bytes))` for a whole line,
/// `Some((false, bytes))` for one longer (the rest of it is read past),
/// `None` at the end.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> io::Result<Option<(bool, usize)>> {
    let (mut whole, mut length) = (true, 0);
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok((length > 0).then_some((whole, length)));
        }
        let (used, done) = match memchr::memchr(b'\n', available) {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        if whole && buffer.len() + used <= MAX_LINE_BYTES {
            buffer.extend_from_slice(&available[..used]);
        } else {
            whole = false;
            buffer.clear();
        }
        input.consume(used);
        length += used;
        if done {
            return Ok(Some((whole, length)));
        }
    }
}

/// Where `rewrite` reads: files, or standard input.
pub enum Source {
    Stdin,
    File(PathBuf),
}

/// Copies each source to `out` with its timestamps rewritten, a
/// chunk of whole lines at a time; a line longer than
/// [`MAX_REWRITE_LINE`] is copied unchanged (and said on stderr). A source
/// that cannot be read is said on stderr and the others are still
/// rewritten: exit status 1.
pub fn rewrite(sources: &[Source], rewriter: &mut Rewrite<'_>, line_buffered: bool, out: &mut impl Write) -> ExitCode {
    let flush_each = line_buffered || io::stdout().is_terminal();
    let sizes = sources.iter().map(|source| match source {
        Source::Stdin => size_of_stdin(),
        Source::File(path) => std::fs::metadata(path).ok().filter(|m| m.is_file()).map(|m| m.len()),
    });
    let mut progress = Progress::new(sizes.sum());
    let mut chunk = Chunk { pending: Vec::with_capacity(MAX_REWRITE_LINE), written: Vec::with_capacity(STREAM_BUFFER) };
    let mut failed = false;
    for source in sources {
        let result = match source {
            Source::Stdin => chunk.rewrite(&mut io::stdin().lock(), rewriter, &mut progress, flush_each, out),
            Source::File(path) => match File::open(path) {
                Ok(mut file) => chunk.rewrite(&mut file, rewriter, &mut progress, flush_each, out),
                Err(error) => Err(Failure::Read(error)),
            },
        };
        match result {
            Ok(()) => {}
            Err(Failure::Write(error)) => return write_failed(&error),
            Err(Failure::Read(error)) => {
                let name = match source {
                    Source::Stdin => "standard input".to_owned(),
                    Source::File(path) => path.display().to_string(),
                };
                progress.suspend(|| eprintln!("tsconv: cannot read {name}: {error}"));
                failed = true;
            }
        }
    }
    progress.finish();
    match out.flush() {
        Err(error) => write_failed(&error),
        Ok(()) if failed => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// Why a source's rewriting stopped.
enum Failure {
    Read(io::Error),
    Write(io::Error),
}

/// `rewrite`'s buffers: what was read and not yet rewritten (at most
/// [`MAX_REWRITE_LINE`]), and what was rewritten and not yet written.
struct Chunk {
    pending: Vec<u8>,
    written: Vec<u8>,
}

impl Chunk {
    fn rewrite(
        &mut self,
        input: &mut impl Read,
        rewriter: &mut Rewrite<'_>,
        progress: &mut Progress,
        flush_each: bool,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        self.pending.clear();
        // Copying a line too long to rewrite, up to its end.
        let mut passing = false;
        loop {
            let filled = self.pending.len();
            self.pending.resize(filled + (MAX_REWRITE_LINE - filled).min(STREAM_BUFFER), 0);
            let read = loop {
                match input.read(&mut self.pending[filled..]) {
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    read => break read,
                }
            };
            let read = match read {
                Ok(read) => read,
                Err(error) => {
                    self.pending.truncate(filled);
                    self.emit(filled, passing, rewriter, out)?;
                    return Err(Failure::Read(error));
                }
            };
            self.pending.truncate(filled + read);
            let lines = || memchr::memchr_iter(b'\n', &self.pending[filled..]).count() as u64;
            progress.advance(read as u64, lines);
            if read == 0 {
                return self.emit(self.pending.len(), passing, rewriter, out);
            }
            match memchr::memrchr(b'\n', &self.pending) {
                Some(last) => {
                    self.emit(last + 1, passing, rewriter, out)?;
                    passing = false;
                }
                None if self.pending.len() < MAX_REWRITE_LINE => continue,
                None => {
                    if !passing {
                        let limit = MAX_REWRITE_LINE / 1024;
                        progress.suspend(|| eprintln!("tsconv: a line is longer than {limit} KiB: copied unchanged"));
                        passing = true;
                    }
                    out.write_all(&self.pending).map_err(Failure::Write)?;
                    self.pending.clear();
                }
            }
            if flush_each {
                out.flush().map_err(Failure::Write)?;
            }
        }
    }

    /// Writes `pending[..end]` (whole lines, or the last of the input)
    /// rewritten, its first line only copied when `passing` (the end of a
    /// line too long to rewrite), and keeps the rest.
    fn emit(
        &mut self,
        end: usize,
        passing: bool,
        rewriter: &mut Rewrite<'_>,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        self.written.clear();
        let start = match passing {
            true => memchr::memchr(b'\n', &self.pending[..end]).map_or(end, |at| at + 1),
            false => 0,
        };
        self.written.extend_from_slice(&self.pending[..start]);
        rewriter.text(&self.pending[start..end], &mut self.written);
        out.write_all(&self.written).map_err(Failure::Write)?;
        self.pending.drain(..end);
        Ok(())
    }
}

/// The size of standard input when it is a file, for the progress bar.
fn size_of_stdin() -> Option<u64> {
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok().filter(|m| m.is_file()).map(|m| m.len())
}

/// A progress bar on stderr, only when stderr is a terminal:
/// bytes read of the input's size, lines per second, time left.
struct Progress {
    bar: Option<ProgressBar>,
    bytes: u64,
    lines: u64,
    shown_at: u64,
    started: Instant,
}

impl Progress {
    /// Bytes between two updates of the bar.
    const STEP: u64 = 1 << 20;

    fn new(size: Option<u64>) -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = match size {
                Some(size) => ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr()),
                None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
            };
            let template = match size {
                Some(_) => "{bar:30} {bytes}/{total_bytes} {msg} {eta} left",
                None => "{spinner} {bytes} {msg}",
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Progress { bar, bytes: 0, lines: 0, shown_at: 0, started: Instant::now() }
    }

    /// `bytes` more read, holding `lines` more lines (counted only for a bar).
    fn advance(&mut self, bytes: u64, lines: impl FnOnce() -> u64) {
        let Some(bar) = &self.bar else { return };
        self.bytes += bytes;
        self.lines += lines();
        if self.bytes - self.shown_at >= Progress::STEP {
            self.shown_at = self.bytes;
            bar.set_position(self.bytes);
            let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{:.0} lines/s", self.lines as f64 / seconds));
        }
    }

    /// Runs `print` (a message on stderr) with the bar out of its way.
    fn suspend(&self, print: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

pub fn write_failed(error: &io::Error) -> ExitCode {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("tsconv: cannot write the output: {error}");
    ExitCode::FAILURE
}
