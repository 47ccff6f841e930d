//! Many replicas: three release binaries behind Debian's nginx
//! running the project's own balancer config (`deploy/nginx.conf`), limits
//! shared through a real Redis; and the manifests of `deploy/` checked for
//! what production asks of them. Each test starts what it needs on free ports
//! and stops it.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{Redis, Server, free_port, raw_exchange};

/// nginx with `deploy/nginx.conf`, its upstreams, port and paths pointed at
/// this test's processes.
struct Nginx {
    child: Child,
    dir: PathBuf,
    addr: SocketAddr,
}

impl Nginx {
    fn start(replicas: &[SocketAddr]) -> Nginx {
        let config = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/nginx.conf")).unwrap();
        let dir = std::env::temp_dir().join(format!("tsconv-nginx-{}-{}", std::process::id(), free_port()));
        std::fs::create_dir_all(&dir).unwrap();
        let port = free_port();
        let mut config = config.replace("/tmp/", &format!("{}/", dir.display()));
        config = config.replace("listen 8080;", &format!("listen 127.0.0.1:{port};"));
        for (i, replica) in replicas.iter().enumerate() {
            let name = format!("server tsconv-{}:8080", i + 1);
            assert!(config.contains(&name), "deploy/nginx.conf has no {name}");
            config = config.replace(&name, &format!("server {replica}"));
        }
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config).unwrap();
        let binary =
            ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| Path::new(p).exists()).unwrap_or("nginx");
        // Its log (a replica stopped on purpose is logged as refusing) goes
        // to a file of the test's, shown if the test fails.
        let log = std::fs::File::create(dir.join("error.log")).unwrap();
        let child = Command::new(binary)
            .args(["-p", dir.to_str().unwrap(), "-c", path.to_str().unwrap(), "-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("nginx is needed by the replicas test: run ./scripts/test, which installs it");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        // Owned from here on: a panic below stops it through Drop.
        let nginx = Nginx { child, dir, addr };
        for _ in 0..400 {
            if std::net::TcpStream::connect(addr).is_ok() {
                return nginx;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("nginx did not start on {addr}");
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM, not SIGKILL: the master stops its workers before it exits.
        let stopped = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        if !stopped.is_ok_and(|status| status.success()) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("{}", std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn ask(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").into_bytes()
}

fn status(answer: &str) -> u16 {
    answer.get(9..12).and_then(|code| code.parse().ok()).unwrap_or(0)
}

fn upstream(answer: &str) -> Option<String> {
    answer.lines().find_map(|line| line.to_ascii_lowercase().strip_prefix("x-upstream: ").map(str::to_owned))
}

#[tokio::test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs redis-server and nginx: ./scripts/test installs them and runs this"
)]
async fn one_clients_limit_holds_whichever_replica_answers() {
    let redis = Redis::start();
    let args = ["--redis-url", &redis.url(), "--rate-limit", "1", "--rate-burst", "12", "--trust-proxy"];
    let servers: Vec<Server> = (0..3).map(|_| Server::start(&args)).collect();
    let nginx = Nginx::start(&servers.iter().map(|s| s.addr).collect::<Vec<_>>());
    let (mut ok, mut limited, mut replicas) = (0, 0, HashSet::new());
    let started = Instant::now();
    for _ in 0..30 {
        let answer = raw_exchange(nginx.addr, &ask("/api/timestamp/convert?timestamp=1700000000")).await;
        match status(&answer) {
            200 => ok += 1,
            429 => limited += 1,
            other => panic!("{other}: {answer}"),
        }
        replicas.extend(upstream(&answer));
    }
    // The burst, and what one second a second refilled meanwhile.
    let refilled = started.elapsed().as_secs() as usize;
    assert!((12..=12 + refilled).contains(&ok), "{ok} answered, {limited} limited, in {:?}", started.elapsed());
    assert_eq!(ok + limited, 30);
    assert_eq!(replicas.len(), 3, "answers came from {replicas:?}");
}

#[tokio::test]
#[cfg_attr(
    not(feature = "components"),
    ignore = "needs redis-server and nginx: ./scripts/test installs them and runs this"
)]
async fn sigterm_to_one_replica_under_load_loses_no_request_through_the_balancer() {
    let redis = Redis::start();
    let args = ["--redis-url", &redis.url(), "--rate-limit", "0", "--shutdown-delay", "2", "--trust-proxy"];
    let mut servers: Vec<Option<Server>> = (0..3).map(|_| Some(Server::start(&args))).collect();
    let addrs: Vec<SocketAddr> = servers.iter().flatten().map(|s| s.addr).collect();
    let nginx = Nginx::start(&addrs);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let clients: Vec<_> = (0..4)
        .map(|client| {
            let (stop, addr) = (std::sync::Arc::clone(&stop), nginx.addr);
            tokio::spawn(async move {
                let (mut answered, mut failed) = (0u32, Vec::new());
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let path = format!("/api/timestamp/convert?timestamp={}", 1_700_000_000 + client);
                    let answer = raw_exchange(addr, &ask(&path)).await;
                    match status(&answer) {
                        200 => answered += 1,
                        _ => failed.push(answer),
                    }
                }
                (answered, failed)
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(800)).await;
    let leaving = servers[1].take().unwrap();
    let signalled = Instant::now();
    leaving.signal("TERM");
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Unready at once; still serving until the delay is over.
    let ready = raw_exchange(leaving.addr, &ask("/readyz")).await;
    assert_eq!(status(&ready), 503, "{ready}");
    let served = raw_exchange(leaving.addr, &ask("/api/timestamp/convert?timestamp=1")).await;
    assert_eq!(status(&served), 200, "{served}");
    let (exit, logs) = tokio::task::spawn_blocking(move || leaving.wait()).await.unwrap();
    assert!(exit.success(), "{exit}: {logs:?}");
    assert!(signalled.elapsed() >= Duration::from_secs(2), "stopped before its delay: {logs:?}");
    // Load on the two left, then stop.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut total = 0;
    for client in clients {
        let (answered, failed) = client.await.unwrap();
        assert!(failed.is_empty(), "{} requests failed through the balancer: {:?}", failed.len(), &failed[..1]);
        total += answered;
    }
    assert!(total > 100, "only {total} requests under load");
}

/// The manifests parse, and hold what a deployment needs: the kinds, the probes
/// on /healthz and /readyz, requests and limits, a non-root read-only
/// security context, the shutdown delay within the termination grace; the
/// compose file: a balancer, three replicas, Redis. Checked against the
/// Kubernetes schemas too (kubernetes-validate, from PyPI).
#[test]
#[cfg_attr(not(feature = "components"), ignore = "needs PyYAML and kubernetes-validate: ./scripts/test installs them")]
fn the_manifests_hold_what_a_deployment_needs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let venv = std::env::var_os("TSCONV_VENV").map_or_else(|| Path::new(root).join("target/venv-st"), PathBuf::from);
    let output = Command::new(venv.join("bin/python"))
        .arg(Path::new(root).join("tests/api/manifests.py"))
        .arg(Path::new(root).join("deploy"))
        .output()
        .expect("the test venv's python (./scripts/test makes it)");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
