//! Calling the app in-process and over a real socket.

use std::io::BufRead;
use std::net::SocketAddr;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use jiff::Timestamp;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;
use tsconv::config::Config;
use tsconv::http::{AppState, Clock, app};

/// The fixed "now" of in-process tests: 2026-11-18T11:06:40Z.
pub const NOW: i64 = 1_795_000_000;

pub fn state() -> AppState {
    AppState { clock: Clock::Fixed(Timestamp::from_second(NOW).unwrap()), ..AppState::default() }
}

/// One response: status, headers and the parsed JSON body.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// Asserts a failure's status, envelope code and `data.error`.
    #[track_caller]
    pub fn assert_error(&self, status: u16, code: u32, error: &str) -> &Self {
        assert_eq!(self.status.as_u16(), status, "{:#}", self.body);
        assert_eq!(self.body["code"], code, "{:#}", self.body);
        assert_eq!(self.body["data"]["error"], error, "{:#}", self.body);
        assert!(self.body["message"].as_str().is_some_and(|m| m.len() > 10), "{:#}", self.body);
        self
    }

    #[track_caller]
    pub fn assert_ok(&self) -> &Value {
        assert_eq!(self.status, StatusCode::OK, "{:#}", self.body);
        assert_eq!(self.body["code"], 0);
        assert_eq!(self.body["message"], "ok");
        self.data()
    }
}

/// The router of [`state`], built once for every test that sends through
/// it: building one (its OpenAPI document, the MCP tools' schemas) takes a
/// quarter of a second in a test build, and the default state keeps nothing
/// from one request to the next (no keys, no rate limit, a fixed clock; its
/// batch semaphore is released with each answer).
static APP: std::sync::LazyLock<axum::Router> = std::sync::LazyLock::new(|| app(state()));

/// Sends a request through the router, without a socket.
pub async fn send(request: Request<Body>) -> Reply {
    reply(APP.clone().oneshot(request).await.unwrap()).await
}

/// Sends a request through the router of a server in `state`.
pub async fn send_to(state: AppState, request: Request<Body>) -> Reply {
    reply(app(state).oneshot(request).await.unwrap()).await
}

/// The status, headers and body of `response`.
async fn reply(response: axum::http::Response<Body>) -> Reply {
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    // Every API body is JSON; the docs page and metrics are text.
    let is_json = headers.get("content-type").is_some_and(|t| t.to_str().unwrap().starts_with("application/json"));
    let body = if bytes.is_empty() {
        Value::Null
    } else if is_json {
        serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("body is not JSON ({e}): {bytes:?}"))
    } else {
        Value::String(String::from_utf8_lossy(&bytes).into_owned())
    };
    Reply { status, headers, body }
}

pub async fn get(uri: &str) -> Reply {
    send(Request::get(uri).body(Body::empty()).unwrap()).await
}

pub async fn post_json(uri: &str, body: Value) -> Reply {
    post_raw(uri, "application/json", body.to_string()).await
}

pub async fn post_raw(uri: &str, content_type: &str, body: impl Into<Body>) -> Reply {
    send(Request::post(uri).header("content-type", content_type).body(body.into()).unwrap()).await
}

pub async fn method(method: Method, uri: &str) -> Reply {
    send(Request::builder().method(method).uri(uri).body(Body::empty()).unwrap()).await
}

/// Serves the app on 127.0.0.1:0 for the rest of the test.
pub async fn spawn_app() -> SocketAddr {
    spawn_app_with(AppState::default(), Config::default()).await
}

/// Serves `state` with the connection settings of `config` on 127.0.0.1:0.
pub async fn spawn_app_with(state: AppState, config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        tsconv::serve::server::serve(listener, state, &config, std::future::pending()).await.unwrap();
    });
    addr
}

/// A port that was free a moment ago.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A `redis-server` of our own on a free port, without persistence,
/// stopped when dropped. `./scripts/test` installs Redis when missing.
pub struct Redis {
    pub port: u16,
    child: Option<std::process::Child>,
}

impl Redis {
    pub fn start() -> Redis {
        let mut redis = Redis { port: free_port(), child: None };
        redis.restart();
        redis
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Starts (again) on the same port.
    pub fn restart(&mut self) {
        let child = std::process::Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server is needed by the rate-limit tests: run ./scripts/test, which installs it");
        self.child = Some(child);
        for _ in 0..200 {
            if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", self.port)) {
                use std::io::{Read, Write};
                let mut reply = [0u8; 7];
                if stream.write_all(b"PING\r\n").is_ok()
                    && stream.read_exact(&mut reply).is_ok()
                    && &reply == b"+PONG\r\n"
                {
                    return;
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        panic!("redis-server did not start on port {}", self.port);
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Sends raw bytes over a fresh connection and reads the whole answer
/// (the request should say `Connection: close`).
pub async fn raw_exchange(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

/// The built binary, serving on a free port, with its log lines collected.
pub struct Server {
    pub addr: std::net::SocketAddr,
    child: std::process::Child,
    logs: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

/// A test that fails halfway still stops its server.
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_with_env(args, &[])
    }

    /// A server started with `env` added to the test's environment.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Server {
        // TSCONV_BIN runs the socket tests against another build (release).
        let binary = std::env::var("TSCONV_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_tsconv").to_owned());
        let mut child = std::process::Command::new(binary)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .env("RUST_LOG", "info")
            .envs(env.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
        // The line that names the address; a setting refused at start
        // (RUST_LOG, the OTLP endpoint) is logged before it.
        let mut early = Vec::new();
        let addr = loop {
            let line = lines.next().unwrap_or_else(|| panic!("the server stopped: {early:?}")).unwrap();
            let addr = line.split("listening on http://").nth(1).and_then(|rest| rest.split(['"', ' ']).next());
            if let Some(addr) = addr.and_then(|addr| addr.parse().ok()) {
                early.push(line);
                break addr;
            }
            early.push(line);
        };
        let logs = std::sync::Arc::new(std::sync::Mutex::new(early));
        let sink = std::sync::Arc::clone(&logs);
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        Server { child, addr, logs }
    }

    #[allow(dead_code)] // the abuse tests', which share these helpers
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    pub fn wait(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let status = self.child.wait().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        let logs = self.logs.lock().unwrap().clone();
        (status, logs)
    }
}

/// Runs a browser script of `tests/e2e/` (playwright-core driving Debian's
/// Chromium) with `args` against `servers`, stops the servers, and asserts
/// that the script passed, with its output.
pub fn run_e2e(script: &str, args: &[String], servers: Vec<Server>) {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let modules = root.join("target/e2e/node_modules");
    assert!(
        modules.join("playwright-core").exists(),
        "playwright-core is missing: run ./scripts/test, which installs it"
    );
    assert!(
        std::path::Path::new("/usr/bin/chromium").exists(),
        "chromium is missing: run ./scripts/test, which installs it"
    );
    let output = std::process::Command::new("node")
        .arg(root.join("tests/e2e").join(script))
        .args(args)
        .env("NODE_PATH", &modules)
        .output()
        .unwrap();
    for server in servers {
        server.signal("TERM");
        server.wait();
    }
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
