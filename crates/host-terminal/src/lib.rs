//! The host side of the consoles: the operator's terminal and the host's files, kept apart
//! from the machine-neutral core (`machine-core`) so that the machines and their consoles'
//! commands know nothing of terminals, signals or line editors.
//!
//! - [`keyboard`]: the terminal's one reader, for the `sim>` prompt and a running machine's
//!   teletype alike, so that no typed byte is lost;
//! - [`ConsoleKeys`]: a console teletype's keys (a script's, then the keyboard's);
//! - [`prompt`]: the operator's command line (a line editor at a terminal, standard input
//!   otherwise) and the one prompt loop of every console ([`prompt::session`]);
//! - [`stop_keys`]: Ctrl-C and Ctrl-E, which press a machine's HALT switch instead of ending
//!   the process;
//! - [`outfile`]: the files a run writes, made (or their folder checked) before the run.

pub mod keyboard;
mod keys;
pub mod outfile;
pub mod prompt;
pub mod stop_keys;

pub use keys::ConsoleKeys;
