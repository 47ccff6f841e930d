//! Per-client rate limiting with GCRA (the generic cell rate algorithm).
//!
//! In memory (`governor`) by default: each replica has its own budget. With
//! Redis, every replica runs one atomic script against the same key, using
//! Redis' own clock, so a client has one budget however many replicas serve
//! it. When Redis cannot be reached the limiter fails open (the request is
//! served, the error logged at most once per interval and counted) or, if so
//! configured, closed (503). No request ever waits to connect: connections
//! are made by a background task, and a request uses the one there is, for
//! at most [`REDIS_CALL_TIMEOUT`], whatever state Redis is in (down, refusing,
//! hung, slow).

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use redis::aio::ConnectionManager;

/// The longest a request waits on Redis: one call, on a connection already
/// made. Beyond it the store counts as down for [`RECONNECT_INTERVAL`].
pub const REDIS_CALL_TIMEOUT: Duration = Duration::from_millis(50);
/// How long a connection attempt (in the background) may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// How often a failing store is logged, at most.
const LOG_INTERVAL: Duration = Duration::from_secs(10);
/// After a failure, how long requests are answered without asking the
/// store (open or closed), and so the `Retry-After` of a fail-closed 503.
pub const RECONNECT_INTERVAL: Duration = Duration::from_secs(1);

/// The limits, as configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Requests per second, sustained.
    pub rate: NonZeroU32,
    /// Requests allowed at once.
    pub burst: NonZeroU32,
}

/// What the limiter says about one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Allowed(Budget),
    Limited {
        budget: Budget,
        retry_after: Duration,
    },
    /// The shared store is unreachable and the limiter fails closed.
    Unavailable,
}

/// What the `RateLimit-*` headers report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub limit: u32,
    pub remaining: u32,
    /// Until the budget is whole again.
    pub reset: Duration,
}

type MemoryLimiter = RateLimiter<String, DefaultKeyedStateStore<String>, DefaultClock, StateInformationMiddleware>;

enum Store {
    Memory(MemoryLimiter),
    Redis(Box<RedisStore>),
}

struct RedisStore {
    client: redis::Client,
    /// The connection, once made. Requests take a clone; none waits for one
    /// to be made.
    connection: Arc<RwLock<Option<ConnectionManager>>>,
    /// A background task is connecting.
    connecting: Arc<AtomicBool>,
    /// After a failure, Redis is not asked again until then: requests are
    /// answered at once (open or closed) instead of each waiting a timeout.
    down_until: Mutex<Option<Instant>>,
    script: redis::Script,
    fail_closed: bool,
    last_logged: AtomicU64,
    started: Instant,
}

/// A per-client rate limiter.
pub struct Limiter {
    limits: Limits,
    store: Store,
}

impl std::fmt::Debug for Limiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let store = match self.store {
            Store::Memory(_) => "memory",
            Store::Redis(_) => "redis",
        };
        f.debug_struct("Limiter").field("limits", &self.limits).field("store", &store).finish()
    }
}

/// GCRA over one Redis key, atomically, on Redis' clock (microseconds).
/// Returns {allowed, remaining, retry_after_us, reset_us}.
const GCRA_SCRIPT: &str = r"
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) * 1000000 + tonumber(now_parts[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tolerance = interval * burst
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local new_tat = tat + interval
local allow_at = new_tat - tolerance
if now < allow_at then
  return {0, 0, allow_at - now, tat - now}
end
redis.call('SET', KEYS[1], new_tat, 'PX', math.ceil((new_tat - now) / 1000) + 1000)
return {1, math.floor((tolerance - (new_tat - now)) / interval), 0, new_tat - now}
";

impl Limiter {
    /// A limiter whose budgets live in this process.
    pub fn in_memory(limits: Limits) -> Limiter {
        let quota = Quota::per_second(limits.rate).allow_burst(limits.burst);
        let limiter = RateLimiter::keyed(quota).with_middleware::<StateInformationMiddleware>();
        Limiter { limits, store: Store::Memory(limiter) }
    }

    /// A limiter whose budgets live in Redis at `url`, shared by every
    /// replica that uses the same Redis. Does not connect yet.
    pub fn redis(limits: Limits, url: &str, fail_closed: bool) -> Result<Limiter, redis::RedisError> {
        let client = redis::Client::open(url)?;
        let store = RedisStore {
            client,
            connection: Arc::default(),
            connecting: Arc::default(),
            down_until: Mutex::new(None),
            script: redis::Script::new(GCRA_SCRIPT),
            fail_closed,
            last_logged: AtomicU64::new(0),
            started: Instant::now(),
        };
        Ok(Limiter { limits, store: Store::Redis(Box::new(store)) })
    }

    /// Makes one attempt to connect to a shared store, for at most a
    /// second: at start-up, so that the first requests find the connection
    /// made. Serving does not depend on it; the background retries.
    pub async fn connect(&self) {
        if let Store::Redis(store) = &self.store {
            store.connect_in_background();
            let deadline = Instant::now() + CONNECT_TIMEOUT;
            while store.current().is_none() && store.connecting.load(Ordering::SeqCst) && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Takes one request from `client`'s budget.
    pub async fn check(&self, client: &str) -> Decision {
        match &self.store {
            Store::Memory(limiter) => self.check_memory(limiter, client),
            Store::Redis(store) => match store.check(client, self.limits).await {
                Ok(decision) => decision,
                Err(error) => {
                    metrics::counter!("tsconv_rate_limit_store_errors_total").increment(1);
                    store.log_failure(&error);
                    if store.fail_closed {
                        Decision::Unavailable
                    } else {
                        Decision::Allowed(Budget {
                            limit: self.limits.burst.get(),
                            remaining: self.limits.burst.get(),
                            reset: Duration::ZERO,
                        })
                    }
                }
            },
        }
    }

    fn check_memory(&self, limiter: &MemoryLimiter, client: &str) -> Decision {
        let interval = Duration::from_secs(1) / self.limits.rate.get();
        let limit = self.limits.burst.get();
        match limiter.check_key(&client.to_owned()) {
            Ok(snapshot) => {
                let remaining = snapshot.remaining_burst_capacity();
                Decision::Allowed(Budget { limit, remaining, reset: interval * (limit - remaining) })
            }
            Err(not_until) => {
                let retry_after = not_until.wait_time_from(DefaultClock::default().now());
                Decision::Limited { budget: Budget { limit, remaining: 0, reset: interval * limit }, retry_after }
            }
        }
    }

    /// Whether the shared store answers (always true in memory).
    pub async fn store_ready(&self) -> bool {
        match &self.store {
            Store::Memory(_) => true,
            Store::Redis(store) => store.ping().await.is_ok(),
        }
    }

    /// Forgets in-memory budgets that are whole again, so the table does
    /// not grow with every client ever seen. Call it periodically.
    pub fn forget_idle(&self) {
        if let Store::Memory(limiter) = &self.store {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

impl RedisStore {
    /// Runs `call` unless the store failed less than a reconnect interval ago.
    async fn guarded<T>(
        &self,
        call: impl Future<Output = Result<T, redis::RedisError>>,
    ) -> Result<T, redis::RedisError> {
        let down = || self.down_until.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if down().is_some_and(|until| Instant::now() < until) {
            return Err(redis::RedisError::from((redis::ErrorKind::Io, "the rate-limit store is down")));
        }
        let result = call.await;
        *down() = if result.is_err() { Some(Instant::now() + RECONNECT_INTERVAL) } else { None };
        result
    }

    /// The connection, if one is made; if none is, a background task is set
    /// to make one and the caller is told the store is down.
    fn connection(&self) -> Result<ConnectionManager, redis::RedisError> {
        if let Some(connection) = self.current() {
            return Ok(connection);
        }
        self.connect_in_background();
        Err(redis::RedisError::from((redis::ErrorKind::Io, "not connected to the rate-limit store yet")))
    }

    fn current(&self) -> Option<ConnectionManager> {
        self.connection.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Starts one connection attempt unless one is under way. Once made,
    /// the connection re-establishes itself when Redis comes and goes.
    fn connect_in_background(&self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        if self.connecting.swap(true, Ordering::SeqCst) {
            return;
        }
        let (client, slot, connecting) =
            (self.client.clone(), Arc::clone(&self.connection), Arc::clone(&self.connecting));
        runtime.spawn(async move {
            let config = redis::aio::ConnectionManagerConfig::new()
                .set_connection_timeout(Some(CONNECT_TIMEOUT))
                .set_response_timeout(Some(REDIS_CALL_TIMEOUT))
                .set_number_of_retries(1);
            let made = tokio::time::timeout(CONNECT_TIMEOUT, ConnectionManager::new_with_config(client, config)).await;
            if let Ok(Ok(connection)) = made {
                *slot.write().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(connection);
            }
            connecting.store(false, Ordering::SeqCst);
        });
    }

    async fn check(&self, client: &str, limits: Limits) -> Result<Decision, redis::RedisError> {
        self.guarded(self.gcra(client, limits)).await
    }

    async fn gcra(&self, client: &str, limits: Limits) -> Result<Decision, redis::RedisError> {
        let mut connection = self.connection()?;
        let interval_us = 1_000_000 / u64::from(limits.rate.get());
        let key = format!("tsconv:ratelimit:{client}");
        let mut invocation = self.script.key(key);
        invocation.arg(interval_us.max(1)).arg(limits.burst.get());
        let call = invocation.invoke_async(&mut connection);
        let (allowed, remaining, retry_us, reset_us): (i64, i64, i64, i64) =
            tokio::time::timeout(REDIS_CALL_TIMEOUT, call)
                .await
                .map_err(|_| redis::RedisError::from((redis::ErrorKind::Io, "the rate-limit store timed out")))??;
        let budget = Budget {
            limit: limits.burst.get(),
            remaining: u32::try_from(remaining.max(0)).unwrap_or(0),
            reset: Duration::from_micros(u64::try_from(reset_us.max(0)).unwrap_or(0)),
        };
        Ok(if allowed == 1 {
            Decision::Allowed(budget)
        } else {
            Decision::Limited {
                budget,
                retry_after: Duration::from_micros(u64::try_from(retry_us.max(0)).unwrap_or(0)),
            }
        })
    }

    async fn ping(&self) -> Result<(), redis::RedisError> {
        self.guarded(async {
            let mut connection = self.connection()?;
            tokio::time::timeout(REDIS_CALL_TIMEOUT, redis::cmd("PING").query_async::<String>(&mut connection))
                .await
                .map_err(|_| redis::RedisError::from((redis::ErrorKind::Io, "the rate-limit store timed out")))??;
            Ok(())
        })
        .await
    }

    fn log_failure(&self, error: &redis::RedisError) {
        // Seconds since start, shifted by one interval so that the first
        // failure (with `last_logged` still 0) is logged.
        let now = self.started.elapsed().as_secs() + LOG_INTERVAL.as_secs();
        let last = self.last_logged.load(Ordering::Relaxed);
        if now >= last + LOG_INTERVAL.as_secs()
            && self.last_logged.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            let mode =
                if self.fail_closed { "refusing requests (fail closed)" } else { "serving without limits (fail open)" };
            tracing::warn!(%error, "rate-limit store unreachable: {mode}; counted in tsconv_rate_limit_store_errors_total");
        }
    }
}

/// Rounds a wait up to whole seconds.
pub fn whole_seconds(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(rate: u32, burst: u32) -> Limits {
        Limits { rate: NonZeroU32::new(rate).unwrap(), burst: NonZeroU32::new(burst).unwrap() }
    }

    #[tokio::test]
    async fn memory_budget_allows_the_burst_then_limits() {
        let limiter = Limiter::in_memory(limits(1, 3));
        for remaining in [2, 1, 0] {
            let Decision::Allowed(budget) = limiter.check("a").await else { panic!("expected allowed") };
            assert_eq!((budget.limit, budget.remaining), (3, remaining));
        }
        let Decision::Limited { retry_after, budget } = limiter.check("a").await else { panic!("expected limited") };
        assert!(retry_after > Duration::ZERO && retry_after <= Duration::from_secs(1));
        assert_eq!(budget.remaining, 0);
        // Another client has its own budget.
        assert!(matches!(limiter.check("b").await, Decision::Allowed(_)));
        limiter.forget_idle();
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(whole_seconds(Duration::from_millis(1)), 1);
        assert_eq!(whole_seconds(Duration::from_secs(2)), 2);
        assert_eq!(whole_seconds(Duration::from_millis(2001)), 3);
    }
}
