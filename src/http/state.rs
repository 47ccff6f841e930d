//! What the handlers and layers share ([`AppState`]), and where "now" comes
//! from ([`Clock`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jiff::Timestamp;
use tsconv_time::zone::Zone;

use crate::config::Config;
use crate::http::{access::keys::Keys, access::ratelimit::Limiter, batch};

/// Where "now" comes from: the system clock, or a fixed instant in tests.
#[derive(Clone, Copy, Debug, Default)]
pub enum Clock {
    #[default]
    System,
    Fixed(Timestamp),
}

impl Clock {
    pub fn now(self) -> Timestamp {
        match self {
            Clock::System => Timestamp::now(),
            Clock::Fixed(instant) => instant,
        }
    }
}

/// What the handlers and layers share; cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    pub clock: Clock,
    /// The zone of a request that names none (`--default-timezone`; UTC
    /// unless given).
    pub default_zone: Zone,
    /// API keys, when they are on.
    pub keys: Option<Arc<Keys>>,
    /// The rate limiter, unless limits are off.
    pub limiter: Option<Arc<Limiter>>,
    /// Take the client from `X-Forwarded-For` (behind a trusted proxy).
    pub trust_proxy: bool,
    /// One log line per request (`--access-log`).
    pub access_log: bool,
    /// The web origins whose pages may call the API (`--cors-origins`):
    /// read once, when the router is built; a reference, so that the state
    /// every request clones stays as cheap to clone as it was.
    pub cors: &'static crate::config::CorsOrigins,
    /// The operator's IP database (`--geoip-db`), when given.
    pub geoip: Option<&'static crate::places::ip::Database>,
    pub request_timeout: Duration,
    /// Set when the drain begins: every answer says `Connection: close`.
    pub draining: Arc<AtomicBool>,
    /// Set when shutdown is asked (before the drain, by `--shutdown-delay`):
    /// `/readyz` answers 503.
    pub unready: Arc<AtomicBool>,
    /// Turns to compute a batch: see [`batch::BATCHES_AT_ONCE`].
    pub batches: Arc<tokio::sync::Semaphore>,
}

impl Default for AppState {
    /// No keys, no rate limit, the system clock.
    fn default() -> Self {
        AppState {
            clock: Clock::System,
            default_zone: Zone::utc(),
            keys: None,
            limiter: None,
            trust_proxy: false,
            access_log: false,
            cors: &crate::config::CorsOrigins::Any,
            geoip: None,
            request_timeout: Config::default().request_timeout,
            draining: Arc::default(),
            unready: Arc::default(),
            batches: Arc::new(tokio::sync::Semaphore::new(batch::BATCHES_AT_ONCE)),
        }
    }
}
