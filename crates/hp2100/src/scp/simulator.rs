//! The HP 2100A as the console's shared commands see it: `machine_core::scp::Simulator` for
//! [`Machine`], its cards as SIMH's devices, and the console's own commands for `help`.
//!
//! Device names, select codes and SET words are SIMH's `hp2100` ones (Debian's SIMH 3.8 `show
//! dev`; the HP 2100 simulator user's guide, `hp2100_doc.pdf`). Each card declares what it
//! is, its SET words and its settings beside its behaviour (`io::Card::about`, `options`,
//! `set_option`, `status`, `registers`); this file only gathers them from `Machine::SLOTS`.
//!
//! Implementation notes:
//!
//! 1. A breakpoint shows as type `N`, SIMH `hp2100`'s default (`show break`: `100:<tab>N`).
//! 2. `show dev` lists the devices in Open SIMH 4's order and form (its `show dev`, git
//!    a1f57fa3): CPU, DMA1, DMA2, MP, then the others alphabetically, each as
//!    `PTR            select code=10`. The CPU's own functions (MP, DMA) show no select
//!    code, as there. SIMH's devices this 2100A does not have (the line printer, the magnetic
//!    tapes, the multiplexers ...) are listed `disabled`: they are not in the machine, and
//!    `set DEV enabled` says they are not modelled.
//! 3. `break` takes SIMH's breakpoint types `-E -N -S -U`; without memory mapping (the
//!    2100A has none) they all stop at the same address, so they are one type, shown `N`.

use crate::io::FlipFlops;
use crate::Machine;
use machine_core::scp::{Device, Simulator};
use machine_core::{Breakpoints, Register};
use machine_core::{Limit, Stop};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The console's own commands (beside those of `machine_core::scp`), for `help`.
const COMMANDS: &[(&str, &str)] = &[
    ("set", "set cpu 2100|eau|4K..32K|loaderenable|loaderdisable | set DEV enabled|disabled|sc=N|OPTION | set runlimit N [seconds|instructions|cycles]|off"),
    ("attach", "att{ach} [-n|-e] ptr|ptp FILE   a tape in the reader; the punch to a file"),
    ("detach", "det{ach} ptr|ptp"),
    ("boot", "b{oot} ptr | [-r] dpc    the Basic Binary Loader reads the tape; the disc loader"),
    ("go", "g{o} [ADDR]              run from P (or ADDR) to a stop"),
    ("run", "ru{n} [ADDR]             reset, then go"),
    ("cont", "c{ont}                  go on from P"),
    ("step", "s{tep} [N]               N instructions"),
    ("next", "n{ext}                  a step; a JSB runs until it returns"),
    ("load", "lo{ad} FILE | ptr | dpc  a tape into core, no loader; a device's loader installed"),
    ("dump", "du{mp} FILE A-B          core from A to B as an absolute binary tape"),
    ("save", "sa{ve} FILE              the machine's whole state: registers, time, core, cards"),
    ("restore", "rest{ore}|get FILE      the state save wrote; a run goes on as it would have"),
    ("reset", "reset                   PRESET"),
    ("power", "power down|up|cycle"),
    ("expect", "expect \"TEXT\" [send \"KEYS\"]   when the teletype prints TEXT, type KEYS"),
    ("send", "send \"KEYS\"              keys for the program's next reads"),
    ("evaluate", "ev{aluate} [-m|-d|-a] TEXT   an instruction or a number, its words (no sums, as SIMH)"),
    ("ie", "ie|id [-switches] LIST  each word shown (ie) and a new value asked; RETURN keeps it"),
    ("assign", "assign DEV NAME | deassign DEV   a second name for a device; show names lists them"),
    ("!", "! [CMD]                 CMD in the host's shell, its wait status %STATUS%; alone: the shell"),
    ("assert", "assert REG|ADDR ==|!= VALUE   a failed assertion ends the script with status 1"),
    ("echo", "echo TEXT"),
    ("do", "do FILE [ARGS]          run a script (%1..%9 its arguments)"),
    ("exit", "exit [STATUS]           also quit"),
];

impl Simulator for Machine {
    fn sim_name(&self) -> &'static str {
        "HP 2100"
    }

    fn devices(&self) -> Vec<Device> {
        let mut out = vec![Device {
            name: "CPU".into(),
            address: None,
            enabled: true,
            // The CPU's line in `show dev`, as SIMH's (`show cpu` says the rest).
            status: vec!["idle disabled".into()],
            registers: Vec::new(),
            options: vec!["2100", "eau", "4K", "8K", "12K", "16K", "24K", "32K"],
            about: "2100A central processor",
        }];
        for slot in Machine::SLOTS {
            let (sc, present) = self.select_code(slot);
            let f = self.flip_flops(slot);
            let mut registers: Vec<Register> = FlipFlops::NAMES
                .iter()
                .map(|&n| Register {
                    name: n,
                    value: u64::from(f.get(n).unwrap_or(false)),
                    bits: 1,
                    brief: false,
                })
                .collect();
            let card = (slot.card)(&self.cards);
            registers.extend(card.registers().into_iter().map(|(name, v)| Register {
                name,
                value: u64::from(v),
                bits: card.register_bits(name),
                brief: false,
            }));
            let mut options = vec!["enabled", "disabled", "sc=N"];
            options.extend(card.options());
            out.push(Device {
                name: slot.name.into(),
                // The CPU's own functions below select code 10 show none (note 2).
                address: (sc >= 0o10).then_some(u32::from(sc)),
                enabled: present,
                status: card.status(),
                registers,
                options,
                about: card.about(),
            });
        }
        // SIMH 4's order (note 2).
        const ORDER: [&str; 34] = [
            "CPU", "DMA1", "DMA2", "MP", "MEM", "BACI", "DA", "DC", "DPC", "DPD", "DQC", "DQD",
            "DRC", "DRD", "DS", "IPLI", "IPLO", "LPS", "LPT", "MC1", "MC2", "MPX", "MSC", "MSD",
            "MTC", "MTD", "MUX", "MUXL", "MUXC", "PIF", "PTP", "PTR", "TBG", "TTY",
        ];
        let rank = |name: &str| ORDER.iter().position(|&n| n == name).unwrap_or(ORDER.len());
        for name in super::cards::NOT_MODELLED_DEVICES {
            out.push(Device {
                name: (*name).into(),
                address: None,
                enabled: false,
                status: Vec::new(),
                registers: Vec::new(),
                options: Vec::new(),
                about: "not modelled: not in this 2100A",
            });
        }
        out.sort_by(|a, b| (rank(&a.name), &a.name).cmp(&(rank(&b.name), &b.name)));
        out
    }

    fn breakpoints_mut(&mut self) -> &mut Breakpoints {
        &mut self.breakpoints
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

    fn break_type(&self) -> char {
        'N'
    }

    fn break_types(&self) -> Option<&'static str> {
        Some("-E -N -S -U")
    }
}
