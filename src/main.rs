//! The `tsconv` binary: parse the command line, set up logging, run.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use mimalloc::MiMalloc;
use tracing_subscriber::EnvFilter;
use tsconv::cli::{Cli, Command, LogFormat, ServeArgs};

/// mimalloc: requests allocate many small strings, and it returns freed
/// memory to the system where glibc's malloc kept it; see BENCHMARKS.md.
#[global_allocator]
static ALLOCATOR: MiMalloc = MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Tool(tool) => tsconv::cli::run(tool),
        Command::Keys(command) => tsconv::cli::keys(command),
        Command::Serve(args) => serve(&args),
    }
}

fn serve(args: &ServeArgs) -> ExitCode {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match args.log_format {
        LogFormat::Text => logs.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => logs.json().flatten_event(true).with_current_span(false).with_span_list(false).init(),
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("tsconv: cannot start the runtime: {error}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(tsconv::server::run(args.config())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("tsconv: {error}");
            ExitCode::from(2)
        }
    }
}
