//! The pages: one file each, one line in [`PAGES`].

use crate::limits::Limits;
use crate::session::Session;

pub mod t3300;

/// A page kind: its name in `/NAME` and `/ws/NAME`, its title, and how a tab's session is
/// made.
pub struct Page {
    pub name: &'static str,
    pub title: &'static str,
    pub open: fn(&Limits) -> Box<dyn Session>,
}

/// Every page the server offers.
pub const PAGES: &[Page] = &[Page {
    name: "t3300",
    title: "TOSBAC-3300 (T3300-R): the L-game classifier",
    open: t3300::open,
}];

/// The page called `name`.
pub fn find(name: &str) -> Option<&'static Page> {
    PAGES.iter().find(|p| p.name == name)
}
