//! The page's files, built into the binary: `/` is the index, `/NAME` a page's HTML, and
//! `/assets/FILE` the scripts and style they share.

/// A file: its name, MIME type and contents.
pub struct Asset {
    pub name: &'static str,
    pub mime: &'static str,
    pub body: &'static str,
}

macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_str!(concat!("../assets/", $name)),
        }
    };
}

/// Every file the server serves.
pub const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("index.js", "text/javascript; charset=utf-8"),
    asset!("hp2100-panel.js", "text/javascript; charset=utf-8"),
    asset!("hp2100.html", "text/html; charset=utf-8"),
    asset!("hp2100.js", "text/javascript; charset=utf-8"),
    asset!("hp2100.css", "text/css; charset=utf-8"),
    asset!("retro.css", "text/css; charset=utf-8"),
    asset!("retro.js", "text/javascript; charset=utf-8"),
    asset!("gomoku.html", "text/html; charset=utf-8"),
    asset!("gomoku.js", "text/javascript; charset=utf-8"),
    asset!("quoridor.html", "text/html; charset=utf-8"),
    asset!("quoridor.js", "text/javascript; charset=utf-8"),
    asset!("t3300.html", "text/html; charset=utf-8"),
    asset!("t3300.js", "text/javascript; charset=utf-8"),
    asset!("t3300.css", "text/css; charset=utf-8"),
];

/// The file called `name`.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}
