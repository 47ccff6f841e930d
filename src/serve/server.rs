//! Binding the socket, serving connections, and shutting down gracefully.
//!
//! Each connection is served by hyper's HTTP/1 server with a header-read
//! timeout (a client that never finishes its headers is dropped without
//! holding anyone else up), under a cap on concurrent connections (at the
//! cap, new connections wait in the kernel's backlog), a cap per peer
//! address, and with keep-alive connections asked to close when free slots
//! run low. On SIGTERM or Ctrl-C the backlog is served and the listener
//! closes, `/readyz` turns 503, keep-alive connections close when idle, new
//! connections still get their first request answered, and requests in
//! flight finish within the grace period.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, header};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

use crate::config::{BACKLOG, Config, MAX_HEAD_BYTES};
use crate::http::{
    AppState,
    access::keys::{Keys, KeysError},
    access::ratelimit::{Limiter, Limits},
    app,
};
use crate::places::ip::Database;
use crate::serve::connection::{AnswerBudget, IdleShedding, PerAddress, WriteDeadline};

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Keys(#[from] KeysError),
    #[error("invalid --redis-url: {0}")]
    Redis(#[from] redis::RedisError),
    #[error("--rate-burst must be at least 1 when --rate-limit is on")]
    Burst,
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: SocketAddr, source: io::Error },
    #[error(transparent)]
    Io(#[from] io::Error),
    #[error("--geoip-db: {0}")]
    GeoIp(String),
}

/// The shared state `config` describes: keys loaded, limiter built.
pub fn state(config: &Config) -> Result<AppState, StartError> {
    let keys = config.api_keys_file.as_deref().map(Keys::open).transpose()?.map(Arc::new);
    let limiter = match NonZeroU32::new(config.rate_limit) {
        None => None,
        Some(rate) => {
            let limits = Limits { rate, burst: NonZeroU32::new(config.rate_burst).ok_or(StartError::Burst)? };
            Some(Arc::new(match &config.redis_url {
                Some(url) => Limiter::redis(limits, url, config.rate_limit_fail_closed)?,
                None => Limiter::in_memory(limits),
            }))
        }
    };
    Ok(AppState {
        keys,
        limiter,
        trust_proxy: config.trust_proxy,
        access_log: config.access_log,
        // Once per process: the state holds a reference.
        cors: Box::leak(Box::new(config.cors_origins.clone())),
        // Read once, kept for the process's life.
        geoip: match &config.geoip_db {
            Some(path) => Some(&*Box::leak(Box::new(Database::open(path).map_err(StartError::GeoIp)?))),
            None => None,
        },
        request_timeout: config.request_timeout,
        default_zone: config.default_timezone.clone(),
        ..AppState::default()
    })
}

/// Binds, logs the address as the first line, serves until a shutdown
/// signal, then drains.
pub async fn run(config: Config) -> Result<(), StartError> {
    let state = state(&config)?;
    // One attempt to reach a shared store before listening (at most a
    // second): so that no client waits in the backlog meanwhile, and the
    // first requests find the connection made. Down or not, serving starts.
    if let Some(limiter) = &state.limiter {
        limiter.connect().await;
    }
    // Caught before the address is told (see `shutdown_signal`).
    let shutdown = shutdown_signal();
    let listener = bind(config.addr).map_err(|source| StartError::Bind { addr: config.addr, source })?;
    tracing::info!("tsconv listening on http://{}", listener.local_addr()?);
    if let Some(keys) = &state.keys {
        tracing::info!(keys = keys.current().len(), "API keys are required on /api/* and /metrics");
        spawn_key_reloader(Arc::clone(keys));
    }
    spawn_housekeeping(state.limiter.clone());
    // English's words (its zones' names among them) are learned once, here,
    // beside serving, rather than inside the first request that reads
    // people's text (about 20 ms), on the thread that learns every
    // language's (what the learning freed is given back by the allocator's
    // upkeep, below). It says when it is done, so that a benchmark can
    // wait for it.
    std::thread::spawn(|| {
        let started = std::time::Instant::now();
        let _ = tsconv_time::locale::english().vocabulary();
        tracing::info!(ms = started.elapsed().as_millis() as u64, "people's text in English is ready");
    });
    spawn_allocator_upkeep();
    serve(listener, state, &config, shutdown).await?;
    tracing::info!("tsconv stopped");
    Ok(())
}

/// A listener on `addr` with a backlog of [`BACKLOG`].
fn bind(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Serves `listener` until `shutdown` completes; then `/readyz` answers
/// 503 while everything else is served as before for
/// `config.shutdown_delay` (so that a balancer stops sending requests); then
/// it stops accepting and lets the requests in flight finish (up to
/// `config.shutdown_grace`).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    config: &Config,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let draining = Arc::clone(&state.draining);
    let unready = Arc::clone(&state.unready);
    let delay = config.shutdown_delay;
    let shutdown = async move {
        shutdown.await;
        unready.store(true, Ordering::SeqCst);
        if !delay.is_zero() {
            tracing::info!(?delay, "shutting down: /readyz answers 503; serving on until the delay is over");
            tokio::time::sleep(delay).await;
        }
    };
    // Built on a thread of its own, for the same reason: the OpenAPI
    // document is written once as bytes, and the structures it was written
    // from (several MiB) are freed when that thread ends.
    let runtime = tokio::runtime::Handle::current();
    let router = std::thread::scope(|scope| {
        scope
            .spawn(move || {
                let _entered = runtime.enter();
                app(state)
            })
            .join()
    })
    .map_err(|_| io::Error::other("building the router panicked"))?;
    let permits = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let per_address = PerAddress::new(config.max_connections_per_ip());
    let shedding = IdleShedding::new(config.max_connections.max(1));
    let budget = AnswerBudget::new(config.answer_budget_bytes(), config.write_timeout);
    let connections = TaskTracker::new();
    let drain = CancellationToken::new();
    let spawn = |stream: tokio::net::TcpStream, peer: SocketAddr, permit| {
        let Some(slot) = per_address.take(peer.ip()) else {
            refuse(stream);
            return;
        };
        let _ = stream.set_nodelay(true);
        let answered = Arc::new(AtomicBool::new(false));
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(config.header_timeout)
            .max_buf_size(MAX_HEAD_BYTES)
            // `MAX_HEADERS` is hyper's default, kept by not setting it:
            // hyper then parses into a stack array, where a limit set
            // here makes it fill a vector of that many slots for every
            // request (about 1,700 instructions each).
            .serve_connection(
                TokioIo::new(WriteDeadline::new(stream, config.write_timeout)),
                service(router.clone(), peer, Arc::clone(&draining), Arc::clone(&answered), budget.clone()),
            );
        let (drain, shedding) = (drain.clone(), Arc::clone(&shedding));
        connections.spawn(async move {
            let mut connection = std::pin::pin!(connection);
            // Errors here are the client's: resets, malformed requests, timeouts.
            let _slot = slot;
            loop {
                tokio::select! {
                    _ = connection.as_mut() => return drop(permit),
                    () = drain.cancelled() => break,
                    // Slots are short: a keep-alive connection gives its own
                    // up once its answer in progress, if any, is written.
                    () = shedding.round() => if answered.load(Ordering::SeqCst) {
                        connection.as_mut().graceful_shutdown();
                        let _ = connection.await;
                        return drop(permit);
                    },
                }
            }
            // A connection that has answered before may sit idle between
            // requests: close it once the answer in progress, if any, is
            // written. A new one has a request on its way: hyper would close
            // it unread, so let it arrive (within the header timeout); its
            // answer says `Connection: close`.
            if answered.load(Ordering::SeqCst) {
                connection.as_mut().graceful_shutdown();
            }
            let _ = connection.await;
            drop(permit);
        });
    };
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = shedding.slot(&permits) => permit,
            () = &mut shutdown => break,
        };
        let Some(permit) = permit else { break };
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    spawn(stream, peer, Some(permit));
                    shedding.check(permits.available_permits());
                }
                Err(error) => {
                    // Out of file descriptors and the like: back off, keep serving.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            () = &mut shutdown => break,
        }
    }
    // From here every answer says `Connection: close` and /readyz says 503.
    draining.store(true, Ordering::SeqCst);
    // Connections the kernel already accepted for us would be reset when the
    // listener closes: take them and answer their requests too.
    for (stream, peer) in drain_backlog(listener) {
        spawn(stream, peer, None);
    }
    tracing::info!(open = connections.len(), "shutting down: no new connections; finishing requests in flight");
    connections.close();
    drain.cancel();
    tokio::select! {
        () = connections.wait() => {}
        () = tokio::time::sleep(config.shutdown_grace) => {
            tracing::warn!(grace = ?config.shutdown_grace, "grace period over: closing the remaining connections");
        }
    }
    Ok(())
}

/// Takes every connection waiting in the kernel's backlog, then closes the
/// listener. Tokio's `accept` answers from the readiness the reactor last
/// saw and would miss connections completed since; here each `accept` is a
/// real system call, repeated until the backlog is empty, and the socket is
/// closed right after, so only a handshake completing in those microseconds
/// can still be reset.
fn drain_backlog(listener: TcpListener) -> Vec<(tokio::net::TcpStream, SocketAddr)> {
    let Ok(listener) = listener.into_std() else { return Vec::new() };
    let mut waiting = Vec::new();
    loop {
        let (stream, peer) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => break,
            Err(error) if matches!(error.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::Interrupted) => {
                continue;
            }
            Err(error) => {
                tracing::warn!(%error, "accept failed while draining the backlog");
                break;
            }
        };
        // An accepted socket does not inherit the listener's non-blocking mode.
        match stream.set_nonblocking(true).and_then(|()| tokio::net::TcpStream::from_std(stream)) {
            Ok(stream) => waiting.push((stream, peer)),
            Err(error) => tracing::warn!(%error, "cannot serve a connection taken from the backlog"),
        }
    }
    drop(listener);
    waiting
}

/// Refuses a connection over its address's limit with a 503 envelope: the
/// answer is written, the request read and dropped for a moment (so that
/// the client reads the answer rather than a reset), then the socket closes.
fn refuse(stream: tokio::net::TcpStream) {
    const BODY: &str = r#"{"code":50300,"message":"too many connections from your address: close some, then retry","data":{"error":"unavailable","param":null}}"#;
    metrics::counter!("tsconv_connections_refused_total").increment(1);
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\nretry-after: 1\r\n\
             connection: close\r\ncontent-length: {}\r\n\r\n{BODY}",
            BODY.len()
        );
        let mut stream = stream;
        let _ = tokio::time::timeout(REFUSAL_TIME, async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            let mut sink = [0u8; 1024];
            while stream.read(&mut sink).await? > 0 {}
            Ok::<(), io::Error>(())
        })
        .await;
    });
}

/// How long a refused connection is given to read its 503.
const REFUSAL_TIME: Duration = Duration::from_millis(500);

/// The router as a hyper service for one connection, which knows its
/// peer, records that the connection has answered, charges large answers
/// to the answer budget, and closes the connection after each answer once
/// draining.
fn service(
    router: Router,
    peer: SocketAddr,
    draining: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
    budget: AnswerBudget,
) -> impl hyper::service::Service<
    hyper::Request<Incoming>,
    Response = axum::response::Response,
    Error = Infallible,
    Future = impl Future<Output = Result<axum::response::Response, Infallible>> + Send,
> + Clone {
    hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let (router, draining, answered) = (router.clone(), Arc::clone(&draining), Arc::clone(&answered));
        let budget = budget.clone();
        async move {
            let mut response = budget.charge(router.oneshot(request.map(axum::body::Body::new)).await?);
            // Marked before draining is read, both in sequential order: either
            // this answer says `Connection: close`, or the drain sees the
            // connection as one that has answered and closes it when idle.
            answered.store(true, Ordering::SeqCst);
            if draining.load(Ordering::SeqCst) {
                response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(response)
        }
    })
}

/// Reloads the keys file on SIGHUP; a bad file keeps the old keys.
fn spawn_key_reloader(keys: Arc<Keys>) {
    #[cfg(unix)]
    tokio::spawn(async move {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut hangups) = signal(SignalKind::hangup()) else {
            tracing::warn!("cannot listen for SIGHUP: keys will not be reloaded");
            return;
        };
        while hangups.recv().await.is_some() {
            match keys.reload() {
                Ok(count) => tracing::info!(keys = count, "API keys reloaded"),
                Err(error) => tracing::error!(%error, "API keys not reloaded; the previous keys stay in force"),
            }
        }
    });
    #[cfg(not(unix))]
    drop(keys);
}

/// Periodic upkeep: forget idle rate-limit budgets, maintain histograms.
fn spawn_housekeeping(limiter: Option<Arc<Limiter>>) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(Duration::from_secs(10));
        loop {
            ticks.tick().await;
            crate::http::metrics::upkeep();
            if let Some(limiter) = &limiter {
                limiter.forget_idle();
            }
        }
    });
}

/// Lets the allocator give back, once the server is idle, the memory it
/// freed while busy. mimalloc returns a freed page to the system once the
/// page has been free for its purge delay (a second), and only when some
/// thread frees a page or ends: a server that goes idle right after a busy
/// moment (or after learning English's words at start) would keep what its
/// last second freed until the next requests, 21 MiB of RSS after start.
/// Every [`ALLOCATOR_UPKEEP`], a thread that allocates once and ends does
/// that (tens of microseconds).
fn spawn_allocator_upkeep() {
    tokio::spawn(async {
        let mut ticks = tokio::time::interval(ALLOCATOR_UPKEEP);
        loop {
            ticks.tick().await;
            let ended = std::thread::Builder::new()
                .name("allocator-upkeep".to_owned())
                .spawn(|| drop(std::hint::black_box(vec![0u8; 64])));
            if let Err(error) = ended {
                tracing::debug!(%error, "no thread for the allocator's upkeep");
            }
        }
    });
}

/// How often [`spawn_allocator_upkeep`] lets the allocator give memory back.
const ALLOCATOR_UPKEEP: Duration = Duration::from_secs(1);

/// SIGTERM or SIGINT (Ctrl-C). Both are caught from the moment this is
/// called, before the server answers anything: a signal that came before
/// its future was first polled would otherwise end the process at once,
/// without the drain (a balancer that stops a replica just after its first
/// answer).
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let (terminate, interrupt) = {
        use tokio::signal::unix::{SignalKind, signal};
        (signal(SignalKind::terminate()).ok(), signal(SignalKind::interrupt()).ok())
    };
    async move {
        #[cfg(unix)]
        {
            let wait = |signal: Option<tokio::signal::unix::Signal>| async move {
                match signal {
                    Some(mut signal) => {
                        signal.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = wait(terminate) => {},
                () = wait(interrupt) => {},
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        tracing::info!("shutdown signal received");
    }
}
