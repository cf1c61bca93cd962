//! The host side of the commands: the operator's terminal, standard output and the host's
//! files, kept apart from the machines and their consoles (which know nothing of terminals,
//! signals or line editors) and used by the command line alone.
//!
//! - [`keyboard`]: the one reader of standard input, for the `sim>` prompt (its line editor)
//!   and a running machine's teletype alike, so that no typed byte is lost;
//! - [`TerminalOperator`]: the operator a console is held from (`machine_core::prompt`): the
//!   keyboard at a terminal, else the lines of standard input, and the stop keys;
//! - [`stop_keys`]: Ctrl-C and Ctrl-E, which press a machine's HALT switch instead of ending
//!   the process;
//! - [`stdout`]: standard output and what its errors mean (a closed pipe, a full disk);
//! - [`outfile`]: the files a run writes, made (or their folder checked) before the run;
//! - [`command_host`]: a command's teletype on the terminal and its `--input` and
//!   `--transcript` files.

pub mod command_host;
pub mod keyboard;
mod operator;
pub mod outfile;
pub mod stdout;
pub mod stop_keys;

pub use keyboard::Keyboard;
pub use operator::TerminalOperator;
