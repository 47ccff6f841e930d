//! The command line: `tsconv serve` runs the HTTP service.

use std::net::SocketAddr;

use clap::{Parser, Subcommand};

use crate::server::Config;

/// Timestamp conversion service: Unix timestamps and date strings to every
/// format and time zone, exact to the nanosecond.
#[derive(Debug, Parser)]
#[command(name = "tsconv", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service.
    Serve(ServeArgs),
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port (the log says which).
    #[arg(long, env = "TSCONV_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
}

impl ServeArgs {
    pub fn config(&self) -> Config {
        Config { addr: self.addr }
    }
}
