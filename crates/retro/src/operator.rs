//! The operator at the teletype: [`teletype::operator`] is the one host behind every
//! command's `--input`, `--transcript` and `--realtime`. This shim keeps the older two-argument
//! form for commands that record the paper themselves.

use std::path::Path;
use teletype::TtyHost;

/// The keyboard and terminal, or the lines of `input` typed at each prompt (no transcript
/// file: the caller records the paper itself).
///
/// # Errors
/// An unreadable input file, named.
#[allow(dead_code)]
pub fn host(
    input: Option<&Path>,
    realtime: bool,
) -> Result<Box<dyn TtyHost>, Box<dyn std::error::Error>> {
    Ok(Box::new(teletype::operator::host(input, None, realtime)?))
}
