//! `retro serve`: the machines and games in a web page.
//!
//! The machines run here, in the server, natively; each browser tab opens a WebSocket to one
//! page kind (`/ws/KIND`) and gets a machine or game of its own, which ends when the tab
//! closes. The page's files are built into the binary ([`assets`]), so nothing else is
//! needed on a fresh machine. Pages, one file each and one line in [`pages::PAGES`]:
//!
//! * `hp2100`: the HP 2100A's front panel, teletype and photoreader with NHEX's tape, DOS-M
//!   and HP BASIC when the server has HP's software, and the `sim>` console line
//!   (`docs/hp2100a.md`, the operator's manual's panel);
//! * `t3300`: the T3300-R stepping the L-game classifier;
//! * `gomoku`, `quoridor`: a person against an engine, on the games' own renderers.
//!
//! The index (`/`) explains each, with the pictures of [`pictures`].
//!
//! The protocol is JSON text messages: the page sends `{"op": ...}`, the server answers
//! with `{"ev": ...}`; a bad message gets `{"ev": "error", "msg": ...}` and the session goes
//! on. A binary message is an upload (a tape), capped at [`Limits::upload_bytes`].
//!
//! Implementation notes:
//!
//! 1. Every limit is a field of [`Limits`], shown by `retro serve --help`: live sessions,
//!    message size and rate, upload size, idle time, and each machine's emulated speed.
//! 2. The server never opens a path a page names: pages carry files as messages, and the
//!    console line refuses the commands that would open host files.
//! 3. A WebSocket whose `Origin` is not the server's own host is refused, so that another
//!    site open in the same browser cannot drive a machine here.
//! 4. Each session runs on a thread of its own ([`tab`]), since a machine's run slice
//!    is blocking work; a session that panics ends with an error to its page, not the server.
//!    It counts against the session cap until the thread has ended, and a closed tab stops
//!    its work ([`socket`]).
//! 5. A request whose `Host` is not a name of this server is refused (421), so that a page of
//!    another name made to resolve to this machine (DNS rebinding) reaches nothing ([`host`]).
//! 6. Connections are capped, in all and for each client, their headers timed, and idle
//!    kept-alive ones closed ([`listen`]); what a page keeps of a machine's output is
//!    bounded ([`Limits::tape_bytes`]), and so are the keys waiting for a machine
//!    ([`Limits::keys_bytes`]).
//! 7. The tabs' DOS-M discs are kept in a private folder of the server, removed when it
//!    ends, by a signal too ([`discs`]).

pub mod assets;
pub mod discs;
pub mod host;
pub mod limits;
mod listen;
pub mod pages;
pub mod pictures;
pub mod server;
mod shared;
mod socket;
pub mod tab;

pub use limits::Limits;
pub use server::{serve, ServeOptions, Server};
