//! What one client may hold of the server: connection slots per address,
//! time to read its answer, and memory for answers not yet written.
//!
//! - [`PerAddress`] counts the open connections of each peer address, so that
//!   one client (a slowloris, a crowd of idle keep-alive connections) cannot
//!   take every slot of the connection cap.
//! - [`WriteDeadline`] wraps a connection's socket: a write that makes no
//!   progress for the write timeout (the client reads nothing) fails, and
//!   hyper drops the connection with its answer.
//! - [`IdleShedding`] asks keep-alive connections that have answered to
//!   close (after their request in flight, if any) when the connection cap
//!   is nearly reached, so that idle connections spread over many
//!   addresses cannot keep new clients waiting in the backlog.
//! - [`AnswerBudget`] caps the bytes of large answers in flight across all
//!   connections; beyond it a large answer is replaced by a 503 with
//!   `Retry-After`, so clients that never read cannot pile up memory.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, HttpBody};
use axum::response::{IntoResponse, Response};
use hyper::body::{Frame, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, TryAcquireError};

use crate::http::error::ApiError;

/// Open connections per peer address.
#[derive(Debug)]
pub struct PerAddress {
    limit: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted against its address; uncounted when dropped.
#[derive(Debug)]
pub struct AddressSlot {
    table: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    /// At most `limit` connections per address; 0 means no limit.
    pub fn new(limit: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress { limit, open: Mutex::new(HashMap::new()) })
    }

    /// A slot for one more connection from `address`, or `None` when it
    /// has `limit` open already.
    pub fn take(self: &Arc<Self>, address: IpAddr) -> Option<AddressSlot> {
        if self.limit == 0 {
            return Some(AddressSlot { table: Arc::clone(self), address });
        }
        let mut open = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(address).or_insert(0);
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(AddressSlot { table: Arc::clone(self), address })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        if self.table.limit == 0 {
            return;
        }
        let mut open = self.table.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Closing keep-alive connections when free slots run low: at most one
/// round a second, each closing every connection that has answered once
/// (idle ones at once, busy ones after their answer). Clients reconnect, as
/// HTTP/1.1 lets a server close a persistent connection at any time.
#[derive(Debug)]
pub struct IdleShedding {
    /// Free slots at or below which a round starts.
    low_water: usize,
    rounds: Notify,
    last: Mutex<Option<Instant>>,
}

/// The least time between two rounds of shedding.
const SHEDDING_INTERVAL: Duration = Duration::from_secs(1);

impl IdleShedding {
    /// Rounds start when `free` (see [`IdleShedding::check`]) is at most a
    /// sixteenth of `cap`.
    pub fn new(cap: usize) -> Arc<IdleShedding> {
        Arc::new(IdleShedding { low_water: cap / 16, rounds: Notify::new(), last: Mutex::new(None) })
    }

    /// Called with the free slots after each accepted connection: starts a
    /// round if they are low and the last round is a second old. Returns
    /// whether it did.
    pub fn check(&self, free: usize) -> bool {
        if free > self.low_water {
            return false;
        }
        let mut last = self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.is_some_and(|at| at.elapsed() < SHEDDING_INTERVAL) {
            return false;
        }
        *last = Some(Instant::now());
        metrics::counter!("tsconv_idle_shedding_rounds_total").increment(1);
        self.rounds.notify_waiters();
        true
    }

    /// A free slot of `slots` (the connection cap): at once if there is
    /// one; else a round starts now, and every interval until a slot frees.
    /// `None` if the semaphore is closed.
    pub async fn slot(&self, slots: &Arc<Semaphore>) -> Option<OwnedSemaphorePermit> {
        loop {
            match Arc::clone(slots).try_acquire_owned() {
                Ok(permit) => return Some(permit),
                Err(TryAcquireError::Closed) => return None,
                Err(TryAcquireError::NoPermits) => {}
            }
            self.check(0);
            if let Ok(permit) = tokio::time::timeout(SHEDDING_INTERVAL, Arc::clone(slots).acquire_owned()).await {
                return permit.ok();
            }
        }
    }

    /// Completes at the next round after this call (not after its first
    /// poll).
    pub fn round(&self) -> tokio::sync::futures::Notified<'_> {
        self.rounds.notified()
    }
}

/// A socket whose writes must make progress within `timeout`.
pub struct WriteDeadline<T> {
    inner: T,
    timeout: Duration,
    /// Set while a write is pending: when it fires, the write fails.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<T> WriteDeadline<T> {
    pub fn new(inner: T, timeout: Duration) -> WriteDeadline<T> {
        WriteDeadline { inner, timeout, stalled: None }
    }

    fn progress<R>(&mut self, poll: Poll<io::Result<R>>, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        match poll {
            Poll::Ready(result) => {
                self.stalled = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let timeout = self.timeout;
                let stalled = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match stalled.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        metrics::counter!("tsconv_write_timeouts_total").increment(1);
                        Poll::Ready(Err(io::Error::new(
                            io::ErrorKind::TimedOut,
                            "the client read nothing of its answer within the write timeout",
                        )))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteDeadline<T> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.progress(poll, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.progress(poll, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.progress(poll, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.progress(poll, cx)
    }
}

/// Answers at least this large count against the budget; smaller ones are
/// too small to matter however many there are (the connection cap bounds them).
pub const COUNTED_ANSWER_BYTES: u64 = 64 * 1024;

/// The bytes of large answers that may be in flight at once.
#[derive(Debug, Clone)]
pub struct AnswerBudget {
    kib: Arc<Semaphore>,
    retry_after: u64,
}

impl AnswerBudget {
    pub fn new(bytes: usize, write_timeout: Duration) -> AnswerBudget {
        let kib = (bytes / 1024).clamp(1, Semaphore::MAX_PERMITS);
        AnswerBudget { kib: Arc::new(Semaphore::new(kib)), retry_after: write_timeout.as_secs().max(1) }
    }

    /// `response` with its body holding its share of the budget until the
    /// body is written or dropped; a 503 when the budget is spent.
    pub fn charge(&self, response: Response) -> Response {
        let Some(size) = response.body().size_hint().exact().filter(|&size| size >= COUNTED_ANSWER_BYTES) else {
            return response;
        };
        let kib = u32::try_from(size.div_ceil(1024)).unwrap_or(u32::MAX);
        match Arc::clone(&self.kib).try_acquire_many_owned(kib) {
            Ok(permit) => response.map(|body| Body::new(Charged { body, _permit: permit })),
            Err(_) => {
                metrics::counter!("tsconv_answers_refused_total").increment(1);
                ApiError::Unavailable {
                    message: "the server holds too many large answers that their clients have not read yet: retry \
                              shortly"
                        .to_owned(),
                    retry_after: Some(self.retry_after),
                }
                .into_response()
            }
        }
    }
}

/// A body that holds its share of the [`AnswerBudget`].
struct Charged {
    body: Body,
    _permit: OwnedSemaphorePermit,
}

impl HttpBody for Charged {
    type Data = <Body as HttpBody>::Data;
    type Error = <Body as HttpBody>::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_have_their_own_slots() {
        let table = PerAddress::new(2);
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap());
        let first = table.take(a).unwrap();
        let _second = table.take(a).unwrap();
        assert!(table.take(a).is_none());
        assert!(table.take(b).is_some());
        drop(first);
        assert!(table.take(a).is_some());
        assert!(PerAddress::new(0).take(a).is_some());
    }

    #[tokio::test]
    async fn shedding_starts_when_slots_run_low_at_most_once_a_second() {
        let shedding = IdleShedding::new(1024);
        assert!(!shedding.check(65), "64 free slots of 1024 is the low-water mark");
        let round = shedding.round();
        assert!(shedding.check(64));
        round.await;
        assert!(!shedding.check(0), "a second round within the second");
        let slots = Arc::new(Semaphore::new(1));
        let held = shedding.slot(&slots).await.unwrap();
        let waiting = tokio::spawn({
            let (shedding, slots) = (IdleShedding::new(1), Arc::clone(&slots));
            async move { shedding.slot(&slots).await.is_some() }
        });
        drop(held);
        assert!(waiting.await.unwrap());
    }

    #[test]
    fn large_answers_share_the_budget() {
        let budget = AnswerBudget::new(100 * 1024, Duration::from_secs(10));
        let large = || Response::new(Body::from(vec![b'x'; 80 * 1024]));
        let held = budget.charge(large());
        assert_eq!(held.status(), 200);
        let refused = budget.charge(large());
        assert_eq!(refused.status(), 503);
        assert_eq!(refused.headers()["retry-after"], "10");
        assert_eq!(budget.charge(Response::new(Body::from("small"))).status(), 200);
        drop(held);
        assert_eq!(budget.charge(large()).status(), 200);
    }

    #[tokio::test]
    async fn a_write_that_makes_no_progress_fails_after_the_timeout() {
        use tokio::io::AsyncWriteExt;
        // A pipe whose reader never reads: its buffer fills, then writes pend.
        let (writer, _reader) = tokio::io::duplex(16);
        let mut socket = WriteDeadline::new(writer, Duration::from_millis(100));
        let error = socket.write_all(&[0; 64]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    }
}
