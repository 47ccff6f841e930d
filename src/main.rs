//! The `tsconv` binary: parse the command line, set up logging, run.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;
use tsconv::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Tool(tool) => tsconv::cli::run(tool),
        Command::Serve(args) => {
            tracing_subscriber::fmt()
                .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
                .with_writer(std::io::stderr)
                .with_ansi(std::io::stderr().is_terminal())
                .init();
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
    }
}
