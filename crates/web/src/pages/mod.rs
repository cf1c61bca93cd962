//! The pages: one file each, one line in [`PAGES`].

pub mod gomoku;
pub mod hp2100;
pub mod punch;
pub mod quoridor;
pub mod t3300;

use crate::tab::{Env, Session};

/// A page kind: its name in `/NAME` and `/ws/NAME`, its title, and how a tab's session is
/// made (with the stop signal its players and engines take, `socket.rs` note 2).
pub struct Page {
    pub name: &'static str,
    pub title: &'static str,
    pub open: fn(&Env) -> Box<dyn Session>,
}

/// Every page the server offers.
#[rustfmt::skip]
pub const PAGES: &[Page] = &[
    Page { name: "hp2100", title: "HP 2100A", open: hp2100::open },
    Page { name: "gomoku", title: "Gomoku", open: |e| gomoku::open(&e.limits, &e.stop) },
    Page { name: "quoridor", title: "Quoridor", open: |e| quoridor::open(&e.limits, &e.stop) },
    Page { name: "t3300", title: "TOSBAC-3300 (T3300-R)", open: |e| t3300::open(&e.limits, &e.stop) },
];

/// The page called `name`.
pub fn find(name: &str) -> Option<&'static Page> {
    PAGES.iter().find(|p| p.name == name)
}
