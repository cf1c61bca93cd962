//! The power-fail logic as the machine runs it: select code 4, the power going down and
//! coming back (`crate::io::pwr`, whose notes these follow).

use crate::io::pwr::{PowerFail, HOLD_UP_NS};
use crate::machine::Machine;
use crate::panel::Limit;
use machine_core::Stop;

impl Machine {
    /// An I/O instruction to select code 4.
    pub(crate) fn power_fail_io(&mut self, op: hp2100_isa::Class, skip: &mut bool) -> u16 {
        use hp2100_isa::Class;
        match op {
            Class::Sfc => *skip = self.cards.pwr.failing,
            Class::Sfs => *skip = !self.cards.pwr.failing,
            Class::Stc | Class::Clc => self.cards.pwr.holdoff = false,
            _ => {}
        }
        u16::from(self.cir)
    }

    /// The power goes down: the warning interrupts the running program, which runs on for the
    /// hold-up time (or until it halts), then the power is gone. Core keeps its contents.
    pub fn power_down(&mut self) -> Stop {
        self.cards.pwr.failing = true;
        self.cards.pwr.request = true;
        self.io_changed();
        let stop = self.run(Limit {
            time_ns: Some(HOLD_UP_NS),
            ..Limit::NONE
        });
        self.cards.pwr.off = true;
        self.cards.pwr.request = false;
        self.cards.pwr.holdoff = false;
        stop
    }

    /// The power comes back: the machine is as at power on with its core kept, and the
    /// auto-restart interrupt through trap cell 4 is pending for the next RUN.
    pub fn power_up(&mut self) {
        self.power_on();
        self.cards.pwr = PowerFail {
            request: true,
            ..PowerFail::default()
        };
        self.io_changed();
    }
}
