//! A machine's punched tape as a page keeps it: bounded (crate note 6), shown as its length
//! and last frames, offered for download, and torn off on request. Shared by the HP 2100A's
//! and the T3300-R's pages.
//!
//! | op | fields | answer |
//! |---|---|---|
//! | `punch` | `what`: `download` (the whole tape), `tear` (tear it off: empty it) | `punched` for a download; `punch` |
//!
//! | ev | fields |
//! |---|---|
//! | `punch` | `frames` (kept), `bound`, `full`, `lost` (frames punched past the bound), `tail` (the last [`TAIL`] frames in octal) |
//! | `punched` | `name` (a file name), `base64` (the tape's bytes) |
//!
//! Implementation notes:
//!
//! 1. The page takes each frame out of the machine as it is punched (at every frame of the
//!    run and after every command), so the machine keeps nothing and the page at most
//!    [`Limits::tape_bytes`](crate::Limits::tape_bytes). A frame punched is not taken back
//!    (the T3300-R's Back does not unpunch it), as a hole in paper is not.
//! 2. Frames punched past the bound are counted, not kept, and the page stops the run and
//!    says so; a run started again while the tape is full is stopped at its next frame.
//!    Tearing the tape off (after downloading it) makes room again.

use crate::tab::{string, Outbox};
use serde_json::{json, Value};

/// Frames shown at the end of the tape.
pub const TAIL: usize = 16;

/// The tape a page keeps.
#[derive(Debug)]
pub struct Punched {
    tape: Vec<u8>,
    bound: usize,
    lost: u64,
    /// What the page was last told: (frames, lost); an empty tape needs no telling.
    shown: Option<(usize, u64)>,
    /// The file name a download gets.
    name: &'static str,
}

impl Punched {
    /// An empty tape of at most `bound` frames, downloaded as `name`.
    pub fn new(bound: usize, name: &'static str) -> Punched {
        Punched {
            tape: Vec::new(),
            bound,
            lost: 0,
            shown: Some((0, 0)),
            name,
        }
    }

    /// Take `frames` the machine punched (note 1); whether the bound was passed, so that the
    /// run must stop (note 2).
    pub fn take(&mut self, frames: &[u8]) -> bool {
        let room = self.bound.saturating_sub(self.tape.len());
        let kept = frames.len().min(room);
        self.tape.extend_from_slice(&frames[..kept]);
        let over = frames.len() - kept;
        self.lost += over as u64;
        over > 0
    }

    /// Why the run stopped when [`Punched::take`] said so.
    pub fn why(&self) -> String {
        format!(
            "the punch's tape is full: {} frames, the most the page keeps ({} more lost); \
             download it and tear it off to punch on",
            self.bound, self.lost
        )
    }

    /// The tape's `punch` event, when it changed since the last one sent.
    pub fn event_if_changed(&mut self) -> Option<Value> {
        (self.shown != Some((self.tape.len(), self.lost))).then(|| self.event())
    }

    /// The tape's `punch` event.
    pub fn event(&mut self) -> Value {
        self.shown = Some((self.tape.len(), self.lost));
        let from = self.tape.len().saturating_sub(TAIL);
        let tail: Vec<String> = self.tape[from..]
            .iter()
            .map(|b| format!("{b:03o}"))
            .collect();
        json!({
            "ev": "punch",
            "frames": self.tape.len(),
            "bound": self.bound,
            "full": self.tape.len() >= self.bound,
            "lost": self.lost,
            "tail": tail.join(" "),
        })
    }

    /// Tear the tape off: empty it.
    pub fn tear(&mut self) {
        self.tape = Vec::new();
        self.lost = 0;
    }

    /// The `punch` op.
    ///
    /// # Errors
    /// A `what` that is neither `download` nor `tear`.
    pub fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        match string(msg, "what")? {
            "download" => out.send(json!({
                "ev": "punched",
                "name": self.name,
                "base64": base64(&self.tape),
            })),
            "tear" => self.tear(),
            other => return Err(format!("punch: {other:?}: download or tear")),
        }
        out.send(self.event());
        Ok(())
    }
}

/// `bytes` in base64 (RFC 4648 §4, with padding), as the browser's `atob` reads it.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                s.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                s.push('=');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_rfc_4648_gives_it() {
        // RFC 4648 §10's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn the_tape_is_bounded_and_torn_off_on_request() {
        let mut p = Punched::new(4, "t.ptp");
        assert!(!p.take(&[1, 2, 3]));
        assert!(p.take(&[4, 5, 6]), "past the bound");
        let e = p.event_if_changed().unwrap();
        assert_eq!(
            (&e["frames"], &e["full"], &e["lost"], &e["tail"]),
            (
                &json!(4),
                &json!(true),
                &json!(2),
                &json!("001 002 003 004")
            )
        );
        assert!(p.event_if_changed().is_none());
        assert!(p.take(&[7]), "a full tape takes nothing");
        let mut out = Outbox::default();
        p.message(&json!({"what": "download"}), &mut out).unwrap();
        assert_eq!(out.take()[0]["base64"], "AQIDBA==");
        p.message(&json!({"what": "tear"}), &mut out).unwrap();
        assert_eq!(out.take()[0]["frames"], 0);
        assert!(!p.take(&[8]));
        assert!(p.message(&json!({"what": "eat"}), &mut out).is_err());
    }
}
