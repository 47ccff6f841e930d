//! The bare baseline of the HTTP load harness: axum answering every request
//! with the very bytes tsconv returned, doing no work per request. The
//! ratio tsconv/baseline says what tsconv's own work costs.
//!
//!   tsconv-baseline ADDR BODY_FILE

use std::net::SocketAddr;

use axum::Router;
use axum::body::Bytes;
use axum::http::header;
use axum::response::IntoResponse;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(addr), Some(body)) = (args.next(), args.next()) else {
        eprintln!("usage: tsconv-baseline ADDR BODY_FILE");
        std::process::exit(2);
    };
    let addr: SocketAddr = addr.parse().map_err(std::io::Error::other)?;
    let body = Bytes::from(std::fs::read(body)?);
    let app = Router::new().fallback(move || {
        let body = body.clone();
        async move { ([(header::CONTENT_TYPE, "application/json; charset=utf-8")], body).into_response() }
    });
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        axum::serve(listener, app).await
    })
}
