//! One thread builds what a process keeps for its life: each language's
//! formatters and its words for people's text.
//!
//! The allocator gives each thread its own pages, one set per size of
//! block. What a request builds and keeps (a language's formatters, its
//! words) lands in the pages of whichever thread served it, beside the
//! blocks the building freed: languages built by two server threads fill
//! two sets of pages partly, and the heap a server held at rest after
//! every language moved between 16.3 and 19.5 MiB from run to run with the
//! same requests. Built on this one thread they fill one set: 16.4-17.6
//! MiB (BENCHMARKS.md, the abuse test `memory_at_rest`).

use std::any::Any;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc::{Receiver, Sender, channel, sync_channel};
use std::sync::{LazyLock, Mutex, PoisonError};

type Job = Box<dyn FnOnce() + Send>;

/// The way to the thread, or `None` when the system gave no thread (then
/// each caller builds on its own).
static LEARNER: LazyLock<Option<Mutex<Sender<Job>>>> = LazyLock::new(|| {
    let (sender, jobs) = channel::<Job>();
    std::thread::Builder::new().name("tsconv-learner".to_owned()).spawn(move || learn(&jobs)).ok()?;
    Some(Mutex::new(sender))
});

thread_local! {
    /// This thread is the learner: what it builds inside a job is built
    /// here, not sent to itself.
    static ON_LEARNER: Cell<bool> = const { Cell::new(false) };
}

fn learn(jobs: &Receiver<Job>) {
    ON_LEARNER.set(true);
    for job in jobs {
        job();
    }
}

/// What `build` returns, built on the learner thread while the caller
/// waits; a panic in `build` is the caller's again. A build must not wait
/// for what another thread may be building through the learner (another
/// language's words): the two would wait for each other. Learning one
/// language's words reads no other language's.
pub(super) fn on_learner<T: Send + 'static>(build: impl FnOnce() -> T + Send + 'static) -> T {
    let Some(learner) = LEARNER.as_ref().filter(|_| !ON_LEARNER.get()) else { return build() };
    let (done, built) = sync_channel::<Result<T, Box<dyn Any + Send>>>(1);
    // The build stays the caller's until the learner takes it: if the job
    // never runs, the caller builds.
    let slot = std::sync::Arc::new(Mutex::new(Some(build)));
    let taken = std::sync::Arc::clone(&slot);
    let job: Job = Box::new(move || {
        let build = taken.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(build) = build {
            // The caller waits on `built` until this is sent.
            let _ = done.send(catch_unwind(AssertUnwindSafe(build)));
        }
    });
    let build_here = || match slot.lock().unwrap_or_else(PoisonError::into_inner).take() {
        Some(build) => build(),
        None => resume_unwind(Box::new("the learner thread ended inside a build")),
    };
    if learner.lock().unwrap_or_else(PoisonError::into_inner).send(job).is_err() {
        return build_here();
    }
    match built.recv() {
        Ok(Ok(value)) => value,
        Ok(Err(panic)) => resume_unwind(panic),
        // The job was dropped unrun.
        Err(_) => build_here(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_on_one_thread_and_gives_back_what_it_built_or_its_panic() {
        let learner = on_learner(|| std::thread::current().id());
        assert_ne!(learner, std::thread::current().id());
        assert_eq!(on_learner(|| std::thread::current().id()), learner);
        // A build inside a build is built in place, not sent to itself.
        assert_eq!(on_learner(|| on_learner(|| std::thread::current().id())), learner);
        let panicked = catch_unwind(|| on_learner(|| -> u8 { panic!("a build that fails") }));
        assert_eq!(panicked.unwrap_err().downcast_ref::<&str>(), Some(&"a build that fails"));
        assert_eq!(on_learner(|| 7), 7, "the learner outlives a build's panic");
    }
}
