//! The operator at the teletype: [`host_terminal::command_host`] makes the one host behind
//! every command's `--input`, `--transcript` and `--realtime` (`teletype::OperatorHost`), its
//! keys (without `--input`) those of the one reader of standard input
//! (`host_terminal::Keyboard`); [`OperatorArgs`] are those options.

use host_terminal::TerminalOperator;
use machine_core::prompt::Operator;
use std::path::PathBuf;
use teletype::{OperatorError, OperatorHost};

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

impl OperatorArgs {
    /// The keyboard and terminal, or the lines of `--input`; the paper roll written to
    /// `--transcript` line by line as it is printed (call [`OperatorHost::finish`] at the end
    /// for the partial last line and any write error).
    ///
    /// # Errors
    /// An unreadable input file or an unwritable transcript, named, before anything runs.
    pub fn host(&self) -> Result<OperatorHost, OperatorError> {
        self.host_beside(None)
    }

    /// [`OperatorArgs::host`] with an operator beside the keyboard who answers `HELP` and
    /// `QUIT` from `briefing`, for a program whose own dialogue stays as it was.
    ///
    /// # Errors
    /// As [`OperatorArgs::host`].
    pub fn host_with(&self, briefing: teletype::Briefing) -> Result<OperatorHost, OperatorError> {
        self.host_beside(Some(briefing))
    }

    /// [`OperatorArgs::host`] for a machine's run held from `operator`: its keys, read from
    /// the first time they are asked for (never with `--input`).
    ///
    /// # Errors
    /// As [`OperatorArgs::host`].
    pub fn host_for(&self, operator: &TerminalOperator) -> Result<OperatorHost, OperatorError> {
        let keys = if self.input.is_none() {
            operator.keys()
        } else {
            None
        };
        self.make(None, keys)
    }

    fn host_beside(&self, b: Option<teletype::Briefing>) -> Result<OperatorHost, OperatorError> {
        let keys = self
            .input
            .is_none()
            .then(|| host_terminal::Keyboard::stdin().keys());
        self.make(b, keys)
    }

    fn make(
        &self,
        b: Option<teletype::Briefing>,
        keys: Option<teletype::TypeAhead>,
    ) -> Result<OperatorHost, OperatorError> {
        let (input, transcript) = (self.input.as_deref(), self.transcript.as_deref());
        host_terminal::command_host::host(input, transcript, self.realtime, b, keys)
    }
}
