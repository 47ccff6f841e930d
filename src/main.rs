//! The `tsconv` binary: parse the command line, set up logging, run.

use std::process::ExitCode;

use clap::Parser;
use mimalloc::MiMalloc;
use tsconv::cli::{Cli, Command, McpArgs, ServeArgs};

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
        Command::Mcp(args) => mcp(args),
    }
}

/// `tsconv mcp`: standard output carries the protocol alone (no log is set
/// up); errors go to standard error. A call that names no zone is answered
/// in `--default-timezone`, else in the machine's zone.
fn mcp(args: McpArgs) -> ExitCode {
    let Some(runtime) = runtime(tokio::runtime::Builder::new_current_thread()) else { return ExitCode::from(2) };
    let default_zone = args.default_timezone.unwrap_or_else(tsconv::config::machine_zone);
    let state = tsconv::http::AppState { default_zone, ..tsconv::http::AppState::default() };
    let tools = tsconv::http::mcp_tools(&state);
    match runtime.block_on(tsconv::http::mcp::stdio(tools)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tsconv mcp: {error}");
            ExitCode::from(2)
        }
    }
}

fn serve(args: &ServeArgs) -> ExitCode {
    tsconv::serve::logging::init(args.log_format);
    let Some(runtime) = runtime(tokio::runtime::Builder::new_multi_thread()) else { return ExitCode::from(2) };
    let served = runtime.block_on(tsconv::serve::server::run(args.config.clone()));
    drop(runtime);
    // The spans still buffered, exported before the process ends.
    tsconv::traces::shutdown();
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("tsconv: {error}");
            ExitCode::from(2)
        }
    }
}

/// The runtime `builder` makes, with its I/O and timers; `None`, said on
/// standard error, when the system refuses it.
fn runtime(mut builder: tokio::runtime::Builder) -> Option<tokio::runtime::Runtime> {
    builder.enable_all().build().map_err(|error| eprintln!("tsconv: cannot start the runtime: {error}")).ok()
}
