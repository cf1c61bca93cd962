//! Keys typed ahead: the bounded queue between whoever reads a keyboard and the teletype that
//! takes its keys while the machine runs (and a console's prompt, which takes whole lines from
//! the same queue between runs, so that no typed byte is lost).
//!
//! The queue knows nothing of where its bytes come from: the host's reader of a terminal
//! feeds it (crate `host-terminal`), a test's bytes or a web page's could. A [`Feed`] puts
//! bytes in; [`TypeAhead`] handles take them out, the machine's without waiting
//! ([`TypeAhead::take`]) and a line editor's waiting for the next ([`TypeAhead::next`]).
//!
//! Implementation notes:
//!
//! 1. At most [`TYPE_AHEAD`] bytes wait: with the queue full the feeder waits for room before
//!    it reads more, so what is pasted or piped in stays in the source's own buffer (and its
//!    writer waits) instead of growing the memory without end; nothing is lost.
//! 2. The feeder holds the queue weakly: when the last [`TypeAhead`] handle is dropped, the
//!    queue goes, with the guard it was made with ([`TypeAhead::with_guard`]: a terminal's
//!    modes to restore, say), and the feeder's next [`Feed::push`] says that nobody listens.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::Duration;

/// The most typed-ahead bytes kept waiting (note 1): the web page's bound for a tab's keys too.
pub const TYPE_AHEAD: usize = 4096;

/// The next typed byte, for a running machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    Byte(u8),
    /// Nothing typed yet.
    Wait,
    /// The input has ended.
    End,
}

#[derive(Default)]
struct Queue {
    bytes: VecDeque<u8>,
    /// The input has ended (end of file or a read error).
    ended: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// The feeder waits here for room in the queue (note 1).
    room: Condvar,
    /// Dropped with the last handle (note 2).
    _guard: Option<Box<dyn Send + Sync>>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A handle on the queue of typed keys; its clones share the one queue.
#[derive(Clone)]
pub struct TypeAhead(Arc<Shared>);

/// What fills a [`TypeAhead`] queue (note 2).
pub struct Feed(Weak<Shared>);

impl Default for TypeAhead {
    fn default() -> Self {
        Self::new()
    }
}

impl TypeAhead {
    /// An empty queue.
    pub fn new() -> Self {
        Self::make(None)
    }

    /// An empty queue that keeps `guard` until its last handle is dropped (note 2).
    pub fn with_guard(guard: Box<dyn Send + Sync>) -> Self {
        Self::make(Some(guard))
    }

    fn make(guard: Option<Box<dyn Send + Sync>>) -> Self {
        Self(Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            room: Condvar::new(),
            _guard: guard,
        }))
    }

    /// The feeder's side of this queue.
    pub fn feed(&self) -> Feed {
        Feed(Arc::downgrade(&self.0))
    }

    /// The next byte typed, without waiting.
    pub fn take(&self) -> Typed {
        let mut q = self.0.lock();
        match q.bytes.pop_front() {
            Some(b) => {
                self.0.room.notify_all();
                Typed::Byte(b)
            }
            None if q.ended => Typed::End,
            None => Typed::Wait,
        }
    }

    /// The next byte typed, waiting for one; `None` at the end of the input.
    pub fn next(&self) -> Option<u8> {
        let mut q = self.0.lock();
        loop {
            if let Some(b) = q.bytes.pop_front() {
                self.0.room.notify_all();
                return Some(b);
            }
            if q.ended {
                return None;
            }
            q = self.0.ready.wait(q).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// How many bytes wait.
    pub fn waiting(&self) -> usize {
        self.0.lock().bytes.len()
    }
}

impl Feed {
    /// Queue `bytes`, waiting for room (note 1); `false` when nobody holds the keys any more
    /// (note 2), so the feeder can stop.
    pub fn push(&self, bytes: &[u8]) -> bool {
        let Some(shared) = self.0.upgrade() else {
            return false;
        };
        let mut q = shared.lock();
        while q.bytes.len() + bytes.len() > TYPE_AHEAD.max(bytes.len()) {
            // Looked at again now and then: the last taker may have gone meanwhile.
            if Arc::strong_count(&shared) == 1 {
                return false;
            }
            q = shared
                .room
                .wait_timeout(q, Duration::from_millis(50))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
        q.bytes.extend(bytes);
        shared.ready.notify_all();
        true
    }

    /// The input has ended: takers get what waits, then the end.
    pub fn end(&self) {
        if let Some(shared) = self.0.upgrade() {
            shared.lock().ended = true;
            shared.ready.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn a_full_queue_makes_the_feeder_wait_and_nothing_is_lost() {
        let keys = TypeAhead::new();
        let feed = keys.feed();
        let pasted: Vec<u8> = (0..100_000u32).map(|i| b'A' + (i % 26) as u8).collect();
        let sent = pasted.clone();
        let feeder = std::thread::spawn(move || {
            for chunk in sent.chunks(256) {
                assert!(feed.push(chunk));
            }
            feed.end();
        });
        std::thread::sleep(Duration::from_millis(20));
        assert!(
            keys.waiting() <= TYPE_AHEAD,
            "{} bytes queued",
            keys.waiting()
        );
        let mut got = Vec::new();
        while let Some(b) = keys.next() {
            got.push(b);
        }
        feeder.join().unwrap();
        assert_eq!(got, pasted);
        assert_eq!(keys.take(), Typed::End);
    }

    struct Flag(Arc<AtomicBool>);
    impl Drop for Flag {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn the_guard_goes_with_the_last_handle_and_the_feeder_hears_it() {
        let dropped = Arc::new(AtomicBool::new(false));
        let keys = TypeAhead::with_guard(Box::new(Flag(dropped.clone())));
        let feed = keys.feed();
        let other = keys.clone();
        assert!(feed.push(b"x"));
        assert_eq!(other.take(), Typed::Byte(b'x'));
        assert_eq!(other.take(), Typed::Wait);
        drop(keys);
        assert!(!dropped.load(Ordering::SeqCst));
        drop(other);
        assert!(dropped.load(Ordering::SeqCst));
        assert!(!feed.push(b"y"));
    }
}
