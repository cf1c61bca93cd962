//! The T3300-R as the console's shared commands see it: `machine_core::scp::Simulator` for
//! [`Machine`]: the CPU, and its devices (spec §4.6: the console typewriter, the paper-tape
//! reader and punch) as `devices.rs` declares them beside their behaviour, under SIMH's usual
//! names (TTY, PTR, PTP).

use crate::Machine;
use machine_core::scp::{Device, Simulator};
use machine_core::Breakpoints;
use machine_core::{Limit, Stop};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The console's own commands and the debugger's that SIMH's console has too, for `help`
/// (beside those of `machine_core::scp`; the debugger's extras are listed apart).
const COMMANDS: &[(&str, &str)] = &[
    (
        "load",
        "load IMAGE [LISTING]    a program (image or .asm source), P at its start, its labels",
    ),
    (
        "attach",
        "att{ach} [-n] ptr|ptp FILE   a tape in the reader; the punch to FILE (-n: a new file)",
    ),
    (
        "detach",
        "det{ach} ptr|ptp        take the tape out; write the punched frames to the punch's file",
    ),
    ("echo", "echo TEXT               say TEXT"),
    (
        "reset",
        "reset [all|DEV]         accepted as SIMH's; no device keeps a state to reset",
    ),
    (
        "go",
        "g{o} [ADDR]              run from P (or ADDR) to a stop",
    ),
    ("cont", "c{ont}                  go on from P"),
    (
        "step",
        "s{tep} [N]               N instructions, each shown (Enter repeats)",
    ),
    (
        "next",
        "n{ext}                  a step; a call runs until it returns",
    ),
    ("do", "do FILE                 run the commands in FILE"),
    ("exit", "exit                    also quit"),
];

impl Simulator for Machine {
    fn sim_name(&self) -> &'static str {
        "T3300-R"
    }

    fn devices(&self) -> Vec<Device> {
        let device = |name: &str, status: Vec<String>, about| Device {
            name: name.into(),
            address: None,
            enabled: true,
            status,
            registers: Vec::new(),
            options: Vec::new(),
            about,
        };
        let c = self.config();
        let mut all = vec![device(
            "CPU",
            vec![
                format!("{}KW", self.memory_words() / 1024),
                format!("{} us a cycle", c.cycle_ns as f64 / 1000.0),
            ],
            "T3300-R central processor (TOSBAC-3300 reconstruction)",
        )];
        all.extend(crate::devices::declared(self));
        all
    }

    fn breakpoints_mut(&mut self) -> &mut Breakpoints {
        Machine::breakpoints_mut(self)
    }

    fn commands(&self) -> &'static [(&'static str, &'static str)] {
        COMMANDS
    }

    fn halt_switch(&mut self) -> Arc<AtomicBool> {
        Machine::halt_switch(self)
    }

    fn run(&mut self, limit: Limit) -> Stop {
        Machine::run(self, limit)
    }
}
