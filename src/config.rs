//! How the server runs: [`Config`] (every `tsconv serve` option with its
//! flag, environment variable and default in one place), the log format,
//! and the bounds of a request's head that hyper enforces. A leaf: it
//! imports nothing of the crate, and everyone may read it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::BoolishValueParser;
use clap::{ArgAction, Args as _, FromArgMatches as _, ValueEnum};
use tsconv_time::human::abbreviations::configured_zone;
use tsconv_time::zone::Zone;

/// The default of `--max-connections-per-ip`.
pub const MAX_CONNECTIONS_PER_IP: usize = 64;

/// The listen backlog: connections the kernel completes while every
/// connection slot is taken (Linux caps it at `net.core.somaxconn`).
pub const BACKLOG: u32 = 4096;

/// The read buffer of a connection, and so the most its request line and
/// headers may take (beyond it hyper answers 431): room for the longest URI
/// hyper accepts (65,534 bytes) and 32 KiB of headers. hyper's default,
/// about 400 KiB, let 1,024 connections hold 400 MiB of unfinished headers.
pub const MAX_HEAD_BYTES: usize = 96 * 1024;

/// The longest URI hyper accepts (beyond it, 414): a limit of hyper's own,
/// written here for the docs.
pub const MAX_URI_BYTES: usize = 65_534;

/// The most request headers hyper reads (beyond them, 431): hyper's default,
/// written here for the docs.
pub const MAX_HEADERS: usize = 100;

/// The web origins whose pages may call the API from a browser.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CorsOrigins {
    /// Any origin (`*`).
    #[default]
    Any,
    /// Only these, each `scheme://host[:port]`, lowercase.
    List(Vec<String>),
}

impl CorsOrigins {
    /// `*`, or a comma-separated list of origins: a scheme (`http` or
    /// `https`), a host and an optional port, nothing after.
    pub fn parse(text: &str) -> Result<CorsOrigins, String> {
        if text.trim() == "*" {
            return Ok(CorsOrigins::Any);
        }
        let mut origins = Vec::new();
        for origin in text.split(',').map(str::trim).filter(|origin| !origin.is_empty()) {
            let lower = origin.to_ascii_lowercase();
            let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
            let host_ok = rest.is_some_and(|rest| {
                !rest.is_empty()
                    && !rest.contains(['/', '?', '#', '@', ' '])
                    && rest.rsplit_once(':').is_none_or(|(_, port)| port.parse::<u16>().is_ok() || port.ends_with(']'))
            });
            if !host_ok {
                return Err(format!(
                    "{origin:?} is not an origin: write scheme://host[:port] (https://app.example.com), or * for any"
                ));
            }
            origins.push(lower);
        }
        if origins.is_empty() {
            return Err("no origin given: write * for any, or a comma-separated list".to_owned());
        }
        Ok(CorsOrigins::List(origins))
    }
}

/// How to run the server: the options of `tsconv serve`, each with its
/// flag, environment variable and default in one place.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// The zone of a request that names none: an IANA name, an offset, a Windows ID or an abbreviation (CEST).
    #[arg(long, env = "TSCONV_DEFAULT_TIMEZONE", value_name = "ZONE", default_value = "UTC", value_parser = configured_zone)]
    pub default_timezone: Zone,
    /// Address to listen on; port 0 picks a free port (the log says which).
    #[arg(long, env = "TSCONV_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// File of allowed API keys as SHA-256 digests (see `tsconv keys new`); keys are off without it.
    #[arg(long, env = "TSCONV_API_KEYS_FILE", value_name = "PATH")]
    pub api_keys_file: Option<PathBuf>,
    /// Requests per second per client (GCRA); 0 turns rate limiting off.
    #[arg(long, env = "TSCONV_RATE_LIMIT", default_value_t = 100, value_name = "N")]
    pub rate_limit: u32,
    /// Requests a client may make at once before the rate applies.
    #[arg(long, env = "TSCONV_RATE_BURST", default_value_t = 200, value_name = "N")]
    pub rate_burst: u32,
    /// Share rate-limit budgets through this Redis (redis://host:port/db) across replicas.
    #[arg(long, env = "TSCONV_REDIS_URL", value_name = "URL", hide_env_values = true)]
    pub redis_url: Option<String>,
    /// Answer 503 while Redis is unreachable, instead of serving without limits.
    #[arg(long, env = "TSCONV_RATE_LIMIT_FAIL_CLOSED", value_parser = BoolishValueParser::new(), action = ArgAction::SetTrue)]
    pub rate_limit_fail_closed: bool,
    /// Take the client address from X-Forwarded-For (only behind a proxy you trust).
    #[arg(long, env = "TSCONV_TRUST_PROXY", value_parser = BoolishValueParser::new(), action = ArgAction::SetTrue)]
    pub trust_proxy: bool,
    /// Web origins whose pages may call the API (CORS): `*` (any, the default: the API uses no cookies) or a
    /// comma-separated list (`https://app.example.com,http://localhost:3000`).
    #[arg(long, env = "TSCONV_CORS_ORIGINS", default_value = "*", value_name = "ORIGINS", value_parser = CorsOrigins::parse)]
    pub cors_origins: CorsOrigins,
    /// A MaxMind-format database (GeoLite2-City.mmdb, DB-IP City Lite, ...) for the zone of an IP address
    /// (`/api/timezones/lookup?ip=`, worldtimeapi's `/api/ip`, timeapi.io's IP routes); read once at start.
    #[arg(long, env = "TSCONV_GEOIP_DB", value_name = "PATH")]
    pub geoip_db: Option<std::path::PathBuf>,
    /// Log one line per request (in its span: request id, method, route, status; and latency).
    #[arg(long, env = "TSCONV_ACCESS_LOG", value_parser = BoolishValueParser::new(), action = ArgAction::SetTrue)]
    pub access_log: bool,
    /// Connections served at once; more wait in the listen backlog.
    #[arg(long, env = "TSCONV_MAX_CONNECTIONS", default_value_t = 1024, value_name = "N")]
    pub max_connections: usize,
    /// Connections one peer address may hold at once (0: no limit; the
    /// default is off with --trust-proxy, where every peer is the proxy).
    #[arg(long, env = "TSCONV_MAX_CONNECTIONS_PER_IP", value_name = "N")]
    pub max_connections_per_ip: Option<usize>,
    /// Seconds a client may read nothing of its answer before it is dropped.
    #[arg(long, env = "TSCONV_WRITE_TIMEOUT", default_value = "10", value_parser = seconds, value_name = "SECONDS")]
    pub write_timeout: Duration,
    /// MiB of large answers (64 KiB or more) in flight at once; beyond it, 503.
    #[arg(long, env = "TSCONV_ANSWER_BUDGET", default_value_t = 64, value_name = "MIB")]
    pub answer_budget: usize,
    /// Seconds a request may take before a 408.
    #[arg(long, env = "TSCONV_REQUEST_TIMEOUT", default_value = "10", value_parser = seconds, value_name = "SECONDS")]
    pub request_timeout: Duration,
    /// Seconds a client may take to send its request headers.
    #[arg(long, env = "TSCONV_HEADER_TIMEOUT", default_value = "5", value_parser = seconds, value_name = "SECONDS")]
    pub header_timeout: Duration,
    /// Seconds to let requests in flight finish after SIGTERM or Ctrl-C.
    #[arg(long, env = "TSCONV_SHUTDOWN_GRACE", default_value = "30", value_parser = seconds, value_name = "SECONDS")]
    pub shutdown_grace: Duration,
    /// Seconds between SIGTERM (or Ctrl-C) and the drain, during which /readyz answers 503 while requests
    /// are served as before: time for a load balancer or Kubernetes to stop sending new ones.
    #[arg(long, env = "TSCONV_SHUTDOWN_DELAY", default_value = "0", value_parser = seconds, value_name = "SECONDS")]
    pub shutdown_delay: Duration,
}

impl Default for Config {
    /// What `tsconv serve` runs with when given no flags (environment
    /// variables ignored).
    fn default() -> Self {
        let command = Config::augment_args(clap::Command::new("serve")).mut_args(|arg| arg.env(None::<&str>));
        command
            .try_get_matches_from(["serve"])
            .and_then(|matches| Config::from_arg_matches(&matches))
            .unwrap_or_else(|error| panic!("the defaults of `serve` parse: {error}"))
    }
}

impl Config {
    /// Connections one peer address may hold; 0 turns the limit off. The
    /// default is off with `--trust-proxy`, where every peer is the proxy.
    pub fn max_connections_per_ip(&self) -> usize {
        self.max_connections_per_ip.unwrap_or(if self.trust_proxy { 0 } else { MAX_CONNECTIONS_PER_IP })
    }

    /// Bytes of large answers in flight at once.
    pub fn answer_budget_bytes(&self) -> usize {
        self.answer_budget.saturating_mul(1024 * 1024)
    }
}

/// The machine's own zone, as `tsconv mcp` takes it when given none: `TZ`
/// (an IANA name, `:Europe/Berlin`, an abbreviation, a Windows ID), else
/// the name in `/etc/timezone`, else the database file `/etc/localtime`
/// links to; UTC when none of them names a zone.
pub fn machine_zone() -> Zone {
    let named = |text: &str| configured_zone(text).ok();
    if let Ok(tz) = std::env::var("TZ")
        && !tz.trim().is_empty()
    {
        // A POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`) by its standard abbreviation.
        let standard = tz.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or_default();
        if let Some(zone) = named(&tz).or_else(|| named(standard).filter(|_| standard.len() >= 3)) {
            return zone;
        }
    }
    if let Some(zone) = std::fs::read_to_string("/etc/timezone").ok().as_deref().and_then(named) {
        return zone;
    }
    if let Some(zone) =
        std::fs::read_link("/etc/localtime").ok().as_deref().and_then(|link| named(&link.to_string_lossy()))
    {
        return zone;
    }
    Zone::utc()
}

/// A number of seconds, fractions allowed.
fn seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text:?} is not a number of seconds"))
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}
