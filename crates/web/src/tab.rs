//! A tab's machine or game on a thread of its own (crate note 4): what the page sends is
//! handed to the [`Session`], which answers through an [`Outbox`]; a running session is
//! also ticked once a frame.
//!
//! Implementation notes:
//!
//! 1. The thread ends when the page's socket closes (its inbound channel is dropped, and
//!    its [`Stop`] set: messages still queued are then dropped unread), when the page has
//!    sent nothing for [`Limits::idle`], or when the session panics; the page is told why in
//!    the last two cases.
//! 2. Outbound messages wait for room in a bounded channel, so a page that reads slowly
//!    slows its own machine, not the server.

use crate::limits::Limits;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A session's stop signal, set when its page has gone (`socket.rs` note 2); pages hand it
/// to their players and engines, whose searches then end early.
pub type Stop = Arc<AtomicBool>;

/// What a tab's session is made with: the server's limits, the tab's stop signal, and the
/// server's folder for discs (`None` when it could not be made; `crate::discs`).
#[derive(Clone, Debug)]
pub struct Env {
    pub limits: Limits,
    pub stop: Stop,
    pub discs: Option<Arc<crate::discs::Discs>>,
}

/// What a page sends.
#[derive(Debug)]
pub enum Inbound {
    /// A text message, parsed.
    Message(Value),
    /// A binary message: an upload.
    Upload(Vec<u8>),
}

/// Messages to the page, gathered while a message is handled or a frame is run.
#[derive(Debug, Default)]
pub struct Outbox(Vec<Value>);

impl Outbox {
    /// Queue `ev` for the page.
    pub fn send(&mut self, ev: Value) {
        self.0.push(ev);
    }

    /// Queue an error for the page.
    pub fn error(&mut self, msg: impl std::fmt::Display) {
        self.send(json!({"ev": "error", "msg": msg.to_string()}));
    }

    /// The queued messages, leaving the box empty.
    pub fn take(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.0)
    }
}

/// A tab's machine or game.
pub trait Session {
    /// Handle a message from the page; an `Err` is shown in the page and the session goes on.
    ///
    /// # Errors
    /// A message the session cannot take, in words for the page.
    fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String>;

    /// Take an upload (at most [`Limits::upload_bytes`]).
    ///
    /// # Errors
    /// A page that takes no uploads, or an upload it cannot use.
    fn upload(&mut self, _bytes: &[u8], _out: &mut Outbox) -> Result<(), String> {
        Err("this page takes no uploads".into())
    }

    /// Whether it runs between messages (a running machine), and so is ticked.
    fn running(&self) -> bool {
        false
    }

    /// Run for one frame of `wall` time.
    fn tick(&mut self, _wall: Duration, _out: &mut Outbox) {}
}

/// The op of a message: its `"op"` string.
///
/// # Errors
/// A message with no string `op`.
pub fn op(msg: &Value) -> Result<&str, String> {
    msg.get("op")
        .and_then(Value::as_str)
        .ok_or_else(|| "a message needs an \"op\" string".to_string())
}

/// A field of a message, as an unsigned number.
///
/// # Errors
/// The field missing or not an unsigned integer.
pub fn uint(msg: &Value, field: &str) -> Result<u64, String> {
    msg.get(field)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("\"{field}\" must be an unsigned integer"))
}

/// A field of a message, as a string.
///
/// # Errors
/// The field missing or not a string.
pub fn string<'a>(msg: &'a Value, field: &str) -> Result<&'a str, String> {
    msg.get(field)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("\"{field}\" must be a string"))
}

/// A field of a message, as a number.
///
/// # Errors
/// The field missing or not a number.
pub fn number(msg: &Value, field: &str) -> Result<f64, String> {
    msg.get(field)
        .and_then(Value::as_f64)
        .ok_or_else(|| format!("\"{field}\" must be a number"))
}

/// Hand `m` to `s` and take its last answer (for the pages' tests).
///
/// # Errors
/// The session's refusal.
#[cfg(test)]
pub(crate) fn answer(s: &mut dyn Session, m: Value) -> Result<Value, String> {
    let mut out = Outbox::default();
    s.message(&m, &mut out)?;
    Ok(out.take().pop().expect("an answer"))
}

/// Run `session` until the page goes (note 1), sending its messages with `send`, which
/// returns false once the page is gone, or until `stop` is set.
pub fn drive(
    mut session: Box<dyn Session>,
    inbound: &Receiver<Inbound>,
    mut send: impl FnMut(Value) -> bool,
    limits: &Limits,
    stop: &AtomicBool,
) {
    let mut out = Outbox::default();
    let mut last_heard = Instant::now();
    let mut last_tick = Instant::now();
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let wait = if session.running() {
            limits.frame.saturating_sub(last_tick.elapsed())
        } else {
            limits.idle.saturating_sub(last_heard.elapsed())
        };
        match inbound.recv_timeout(wait) {
            Ok(_) if stop.load(Ordering::Relaxed) => return,
            Ok(m) => {
                last_heard = Instant::now();
                let r = guarded(|| match &m {
                    Inbound::Message(v) => session.message(v, &mut out),
                    Inbound::Upload(b) => session.upload(b, &mut out),
                });
                match r {
                    Some(Ok(())) => {}
                    Some(Err(e)) => out.error(e),
                    None => {
                        let _ = send(json!({"ev": "ended", "why": "the session failed"}));
                        return;
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
            Err(RecvTimeoutError::Timeout) => {}
        }
        if last_heard.elapsed() >= limits.idle {
            let _ = send(json!({"ev": "ended", "why": "idle"}));
            return;
        }
        if session.running() && last_tick.elapsed() >= limits.frame {
            let wall = last_tick.elapsed().min(limits.frame * 4);
            last_tick = Instant::now();
            if guarded(|| session.tick(wall, &mut out)).is_none() {
                let _ = send(json!({"ev": "ended", "why": "the session failed"}));
                return;
            }
        } else if !session.running() {
            last_tick = Instant::now();
        }
        for ev in out.take() {
            if !send(ev) {
                return;
            }
        }
    }
}

/// `f`'s result, or `None` when it panicked (the panic is logged).
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(v) => Some(v),
        Err(_) => {
            log::error!("a session panicked; it is ended");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    /// Counts to a number the page gives, a step a frame.
    struct Counter {
        to: u64,
        at: u64,
    }

    impl Session for Counter {
        fn message(&mut self, msg: &Value, _: &mut Outbox) -> Result<(), String> {
            match op(msg)? {
                "count" => {
                    self.to = uint(msg, "to")?;
                    Ok(())
                }
                "panic" => panic!("asked to"),
                other => Err(format!("unknown op {other}")),
            }
        }
        fn running(&self) -> bool {
            self.at < self.to
        }
        fn tick(&mut self, _: Duration, out: &mut Outbox) {
            self.at += 1;
            out.send(json!({"ev": "at", "n": self.at}));
        }
    }

    /// What a session sent for `msgs`. The page closes 20 frames of [`quick`] after what it
    /// was sent is `done` (time in which a session that has stopped running must not be
    /// ticked), or when the session ends by itself.
    fn run(msgs: Vec<Value>, limits: Limits, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let (tx, rx) = sync_channel(16);
        for m in msgs {
            tx.send(Inbound::Message(m)).unwrap();
        }
        let (close, closing) = std::sync::mpsc::channel::<()>();
        let keep = std::thread::spawn(move || {
            if closing.recv().is_ok() {
                std::thread::sleep(Duration::from_millis(20));
            }
            drop(tx);
        });
        let mut seen = Vec::new();
        drive(
            Box::new(Counter { to: 0, at: 0 }),
            &rx,
            |v| {
                seen.push(v);
                if done(&seen) {
                    let _ = close.send(());
                }
                true
            },
            &limits,
            &AtomicBool::new(false),
        );
        drop(close);
        keep.join().unwrap();
        seen
    }

    /// A frame a millisecond; a session that does not end as a test expects is ended as idle
    /// after 20 s, and the test fails on what it was sent.
    fn quick() -> Limits {
        Limits {
            frame: Duration::from_millis(1),
            idle: Duration::from_secs(20),
            ..Limits::default()
        }
    }

    #[test]
    fn a_running_session_is_ticked_and_a_bad_message_is_an_error() {
        let seen = run(
            vec![json!({"op": "nonsense"}), json!({"op": "count", "to": 3})],
            quick(),
            |seen| seen.last().is_some_and(|v| v["n"] == 3),
        );
        assert_eq!(seen[0]["ev"], "error");
        assert!(seen[0]["msg"].as_str().unwrap().contains("nonsense"));
        let ns: Vec<_> = seen[1..].iter().map(|v| v["n"].as_u64().unwrap()).collect();
        assert_eq!(ns, [1, 2, 3]);
    }

    #[test]
    fn a_panicking_session_ends_with_word_to_its_page() {
        let seen = run(vec![json!({"op": "panic"})], quick(), |_| false);
        assert_eq!(seen.last().unwrap()["ev"], "ended");
    }

    #[test]
    fn a_stopped_session_drops_what_is_queued_unread() {
        let (tx, rx) = sync_channel(16);
        for _ in 0..5 {
            tx.send(Inbound::Message(json!({"op": "count", "to": 1000})))
                .unwrap();
        }
        let mut seen = 0;
        drive(
            Box::new(Counter { to: 0, at: 0 }),
            &rx,
            |_| {
                seen += 1;
                true
            },
            &quick(),
            &AtomicBool::new(true),
        );
        assert_eq!(seen, 0);
        drop(tx);
    }

    #[test]
    fn an_idle_session_is_ended() {
        let l = Limits {
            idle: Duration::from_millis(50),
            ..quick()
        };
        let seen = run(vec![], l, |_| false);
        assert_eq!(seen, [json!({"ev": "ended", "why": "idle"})]);
    }
}
