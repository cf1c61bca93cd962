//! The operator's stop keys: Ctrl-C, and SIMH's Ctrl-E at a terminal, stop a running machine
//! between instructions instead of ending the process.
//!
//! Both keys set the machine's HALT switch, which the machines' one run loop (`machine_core::run`)
//! looks at between slices, in a console, a debugger or a plain run alike; the run ends with
//! `Stop::Operator`, its state intact, and the command goes on: the console or debugger
//! prompts again, `run` reports where the program was.
//!
//! Implementation notes:
//!
//! 1. Ctrl-C is the terminal's interrupt key (SIGINT). SIMH stops on its "WRU" character,
//!    Ctrl-E; a terminal delivers that as an ordinary key, so while these keys are installed
//!    at a terminal its quit key (SIGQUIT, normally Ctrl-\) is set to Ctrl-E (with `stty`, as
//!    the teletype's terminal sets its own modes) and SIGQUIT sets the switch too. The
//!    terminal's settings are restored when the keys are dropped. The signal goes to the
//!    terminal's whole foreground process group, as Ctrl-C's does: a script that runs
//!    `retro` and waits for it is ended by Ctrl-E unless it runs `retro` with `exec` (an
//!    interactive shell ignores SIGQUIT, so typing `retro` at one is safe).
//! 2. A second Ctrl-C while the switch is still set (the machine has not come to look at it,
//!    or nothing is running to clear it) ends the process with status 130, as the shell
//!    reports an interrupted command, so a stuck command can always be ended.

use signal_hook::consts::{SIGINT, SIGQUIT};
use signal_hook::SigId;
use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The installed keys; dropping them gives the signals and the terminal back.
pub struct StopKeys {
    ids: Vec<SigId>,
    saved_stty: Option<String>,
}

impl StopKeys {
    /// Let Ctrl-C (and Ctrl-E at a terminal) set `switch` (note 1).
    ///
    /// # Errors
    /// A signal handler that could not be installed.
    pub fn install(switch: &Arc<AtomicBool>) -> std::io::Result<Self> {
        let mut ids = Vec::new();
        for sig in [SIGINT, SIGQUIT] {
            // Registered first, so it sees the switch as it was before this signal (note 2).
            ids.push(signal_hook::flag::register_conditional_shutdown(
                sig,
                130,
                switch.clone(),
            )?);
            ids.push(signal_hook::flag::register(sig, switch.clone())?);
        }
        let saved_stty = if std::io::stdin().is_terminal() {
            quit_on_ctrl_e()
        } else {
            None
        };
        Ok(Self { ids, saved_stty })
    }
}

/// Make Ctrl-E the terminal's quit key; the settings before, to restore.
fn quit_on_ctrl_e() -> Option<String> {
    crate::keyboard::stty_set(&["quit", "^E"])
}

impl Drop for StopKeys {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
        if let Some(s) = &self.saved_stty {
            crate::keyboard::stty_restore(s);
        }
    }
}
