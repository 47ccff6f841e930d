//! Binding the socket, serving the app, and shutting down gracefully.

use std::io;
use std::net::SocketAddr;

use tokio::net::TcpListener;

use crate::http::{AppState, app};

/// How to run the server; built once from the command line and environment.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
}

/// Binds `config.addr` (port 0 picks a free port).
pub async fn bind(config: &Config) -> io::Result<TcpListener> {
    TcpListener::bind(config.addr).await
}

/// Serves on `listener` until SIGTERM or Ctrl-C, then finishes the requests
/// in flight and returns.
pub async fn serve(listener: TcpListener, state: AppState) -> io::Result<()> {
    axum::serve(listener, app(state)).with_graceful_shutdown(shutdown_signal()).await
}

/// Binds, logs the address as the first line, and serves.
pub async fn run(config: Config) -> io::Result<()> {
    let listener = bind(&config).await?;
    tracing::info!("tsconv listening on http://{}", listener.local_addr()?);
    serve(listener, AppState::default()).await?;
    tracing::info!("tsconv stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown signal received: finishing requests in flight");
}
