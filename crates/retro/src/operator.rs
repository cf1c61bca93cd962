//! The operator at the teletype: [`teletype::operator`] is the one host behind every
//! command's `--input`, `--transcript` and `--realtime`. This shim keeps the older two-argument
//! form for commands that record the paper themselves.

use std::path::{Path, PathBuf};
use teletype::TtyHost;

/// The operator's options of every command that plays a program on the teletype.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct OperatorArgs {
    /// The operator's typed lines, one per prompt, instead of the keyboard (batch runs)
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Write what the paper roll shows to FILE
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
    /// Pace the live terminal at the ASR-33's 10 characters per second
    #[arg(long)]
    pub realtime: bool,
}

/// The keyboard and terminal, or the lines of `input` typed at each prompt (no transcript
/// file: the caller records the paper itself).
///
/// # Errors
/// An unreadable input file, named.
pub fn host(
    input: Option<&Path>,
    realtime: bool,
) -> Result<Box<dyn TtyHost>, Box<dyn std::error::Error>> {
    Ok(Box::new(teletype::operator::host(input, None, realtime)?))
}
