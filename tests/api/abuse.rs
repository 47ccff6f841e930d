//! Holding under abuse (issue: no request costs more than a bounded share,
//! no client holds the server): each attack of RELIABILITY.md's findings,
//! over real sockets against the built binary, with the figures it asserts
//! printed (`cargo test abuse -- --nocapture`) for RELIABILITY.md.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Server, raw_exchange};

/// CPU time the process has run, all threads, from the scheduler's
/// nanosecond counters.
fn cpu(pid: u32) -> Duration {
    let mut total = 0u64;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap().flatten() {
        let stat = std::fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
        total += stat.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
    }
    Duration::from_nanos(total)
}

/// Resident memory of the process.
pub fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap();
    kib / 1024.0
}

fn status_of(answer: &str) -> u16 {
    answer.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0)
}

fn post(path: &str, content_type: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Reads one answer with a `Content-Length` from a keep-alive connection.
async fn read_answer(stream: &mut tokio::net::TcpStream) -> String {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        let n = stream.read(&mut chunk).await.unwrap();
        assert!(n > 0, "connection closed mid-answer");
        buffer.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&buffer);
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|line| line.strip_prefix("content-length: "))
                .and_then(|n| n.trim().parse().ok())
                .unwrap_or(0);
            if buffer.len() >= end + 4 + length {
                return text.into_owned();
            }
        }
    }
}

/// The release binary, serving: CPU and memory bounds are about the build
/// that runs in production (an unoptimized build spends 3x more per item).
fn release_server(args: &[&str]) -> Server {
    let binary = std::env::var("TSCONV_BIN").unwrap_or_default();
    assert!(
        binary.contains("release"),
        "TSCONV_BIN must name the release binary ({binary:?}): ./scripts/test builds it and sets it"
    );
    Server::start(args)
}

/// Server CPU of one plain convert (a Unix number), averaged over requests
/// on one keep-alive connection, as a busy client sends them.
async fn cpu_of_one_convert(server: &Server) -> Duration {
    let request = b"GET /api/timestamp/convert?timestamp=1700000000 HTTP/1.1\r\nHost: t\r\n\r\n";
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    for _ in 0..100 {
        stream.write_all(request).await.unwrap();
        read_answer(&mut stream).await;
    }
    let rounds = 1000;
    let before = cpu(server.pid());
    for _ in 0..rounds {
        stream.write_all(request).await.unwrap();
        assert_eq!(status_of(&read_answer(&mut stream).await), 200);
    }
    (cpu(server.pid()) - before) / rounds
}

/// The issue's attacks 1 and 4, and their relatives: each costs at most 50
/// plain converts of server CPU.
#[tokio::test]
#[cfg_attr(not(feature = "components"), ignore = "needs the release binary: ./scripts/test installs it and runs this")]
async fn no_request_costs_more_than_fifty_plain_converts() {
    let server = release_server(&["--rate-limit", "0"]);
    let single = cpu_of_one_convert(&server).await;
    // A 64-byte zone name close to many, different in every item, in a batch
    // as large as the body allows: each would be a search of every zone name.
    let mut items = Vec::new();
    let mut length = 20;
    while length < 63_000 && items.len() < 1000 {
        let item = format!("\"2023-11-14T10:00[America/New_Yorkk{:0>46}]\"", items.len());
        length += item.len() + 1;
        items.push(item);
    }
    let zones = format!(r#"{{"timestamps": [{}]}}"#, items.join(","));
    let many_params: String = (0..13_000).map(|i| format!("p{i}=&")).collect::<String>();
    let many_keys = format!("{{{}}}", (0..6_000).map(|i| format!("\"k{i}\":0")).collect::<Vec<_>>().join(","));
    let attacks: [(&str, Vec<u8>, u16); 4] = [
        ("batch of near-miss zones", post("/api/timestamp/convert", "application/json", &zones), 200),
        (
            "form of 13,000 parameters",
            post("/api/timestamp/convert", "application/x-www-form-urlencoded", &many_params[..63_000]),
            400,
        ),
        ("JSON object of 6,000 keys", post("/api/timestamp/convert", "application/json", &many_keys), 400),
        (
            "query of 7,000 parameters",
            format!(
                "GET /api/timestamp/convert?{} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                &many_params[..60_000]
            )
            .into_bytes(),
            400,
        ),
    ];
    for (name, request, expected) in attacks {
        // Once unmeasured: the first zone lookup builds the name table.
        let answer = raw_exchange(server.addr, &request).await;
        assert_eq!(status_of(&answer), expected, "{name}: {}", &answer[..answer.len().min(300)]);
        let rounds = 3;
        let before = cpu(server.pid());
        for _ in 0..rounds {
            raw_exchange(server.addr, &request).await;
        }
        let cost = (cpu(server.pid()) - before) / rounds;
        let ratio = cost.as_secs_f64() / single.as_secs_f64();
        eprintln!("{name}: {cost:?} of server CPU, {ratio:.1}x a plain convert ({single:?})");
        assert!(ratio <= 50.0, "{name} cost {cost:?}, {ratio:.0}x a plain convert ({single:?})");
    }
}
