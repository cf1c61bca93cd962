//! The debugger's commands that look at and change the machine without running it:
//! breakpoints and watches (`break`, `delete`, `watch`, `nowatch`), `regs`, `x`, SIMH's
//! `examine` (`crate::scp::examine`), `deposit`, `help` and `do` scripts (module notes 8, 9
//! and 11 of `debugger`).

use super::{Control, Debugger, BACK_HELP, HELP, MAX_DO_DEPTH};
use crate::debuggable::Debuggable;
use std::io::{self, Write};

impl<M: Debuggable> Debugger<M> {
    /// `do FILE`: each line of FILE as a command, echoed (note 9).
    pub(super) fn cmd_do<W: Write>(&mut self, args: &[&str], out: &mut W) -> io::Result<Control> {
        let [file] = args else {
            writeln!(out, "? do FILE")?;
            return Ok(Control::Go);
        };
        if self.do_depth >= MAX_DO_DEPTH {
            writeln!(
                out,
                "? do {file}: more than {MAX_DO_DEPTH} scripts inside one another (does a script run itself?)"
            )?;
            return Ok(Control::Go);
        }
        let text = match crate::text::read_text(std::path::Path::new(file)) {
            Ok(t) => t,
            Err(e) => {
                writeln!(out, "? do: {e}")?;
                return Ok(Control::Go);
            }
        };
        self.do_depth += 1;
        let mut control = Ok(Control::Go);
        for line in text.lines() {
            if let Err(e) = writeln!(out, "> {}", line.trim_end()) {
                control = Err(e);
                break;
            }
            control = self.command(line, out);
            if !matches!(control, Ok(Control::Go)) {
                break;
            }
        }
        self.do_depth -= 1;
        control
    }

    pub(super) fn cmd_help<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let back = self.reversible || self.machine.snapshot().is_some();
        for line in HELP.iter().filter(|&&l| back || l != BACK_HELP) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// `breakpoints: A, B` or `watches: none`.
    pub(super) fn list<W: Write>(&self, out: &mut W, what: &str, addrs: &[u32]) -> io::Result<()> {
        let names: Vec<String> = addrs.iter().map(|&a| self.named(a)).collect();
        let text = if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        };
        writeln!(out, "{what}: {text}")
    }

    pub(super) fn cmd_break<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.is_empty() {
            let list: Vec<u32> = self.breakpoints.iter().collect();
            self.list(out, "breakpoints", &list)?;
            return Ok(Ok(()));
        }
        for a in args {
            match self.address(a) {
                Ok(addr) => {
                    self.breakpoints.insert(addr);
                    writeln!(out, "breakpoint at {}", self.named(addr))?;
                }
                Err(e) => return Ok(Err(e)),
            }
        }
        Ok(Ok(()))
    }

    pub(super) fn cmd_delete<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.is_empty() {
            self.breakpoints.clear();
            self.watches.clear();
            writeln!(out, "all breakpoints and watches deleted")?;
            return Ok(Ok(()));
        }
        for a in args {
            let addr = match self.address(a) {
                Ok(x) => x,
                Err(e) => return Ok(Err(e)),
            };
            let b = self.breakpoints.remove(addr);
            let w = self.watches.remove(&addr).is_some();
            if !b && !w {
                return Ok(Err(format!(
                    "no breakpoint or watch at {}",
                    self.named(addr)
                )));
            }
            writeln!(out, "deleted {}", self.named(addr))?;
        }
        Ok(Ok(()))
    }

    pub(super) fn cmd_watch<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.is_empty() {
            let list: Vec<u32> = self.watches.keys().copied().collect();
            self.list(out, "watches", &list)?;
            return Ok(Ok(()));
        }
        for a in args {
            match self.address(a) {
                Ok(addr) => {
                    let v = self.machine.peek(addr);
                    self.watches.insert(addr, v);
                    writeln!(out, "watch {} = {}", self.named(addr), self.radix.word(v))?;
                }
                Err(e) => return Ok(Err(e)),
            }
        }
        Ok(Ok(()))
    }

    pub(super) fn cmd_nowatch<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.is_empty() {
            self.watches.clear();
            writeln!(out, "all watches deleted")?;
            return Ok(Ok(()));
        }
        for a in args {
            let addr = match self.address(a) {
                Ok(x) => x,
                Err(e) => return Ok(Err(e)),
            };
            if self.watches.remove(&addr).is_none() {
                return Ok(Err(format!("no watch at {}", self.named(addr))));
            }
            writeln!(out, "deleted watch {}", self.named(addr))?;
        }
        Ok(Ok(()))
    }

    pub(super) fn cmd_regs<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let regs: Vec<String> = self
            .machine
            .registers()
            .iter()
            .map(|r| format!("{} {}", r.name, self.radix.value(r.value, r.bits)))
            .collect();
        writeln!(out, "{}", regs.join("  "))
    }

    pub(super) fn cmd_examine<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let Some(a) = args.first() else {
            return Ok(Err("x ADDR [N]".into()));
        };
        let mut addr = match self.address(a) {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        let n: u32 = match args.get(1).map(|s| s.parse()) {
            None => 1,
            Some(Ok(n)) => n,
            Some(Err(_)) => return Ok(Err("the count is a decimal number".into())),
        };
        let mut shown = 0;
        while shown < n {
            let (text, _, len) = self.describe(addr);
            writeln!(out, "{}", text.trim_end())?;
            shown += len;
            addr = addr.wrapping_add(len) & self.mask();
        }
        Ok(Ok(()))
    }

    /// `examine` as SIMH's console reads it (`crate::scp::examine`); what that does not read
    /// (a symbol, a sum) is examined as `x` does.
    pub(super) fn cmd_simh_examine<W: Write>(
        &mut self,
        line: &str,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        let rest = line.split_once(char::is_whitespace).map_or("", |(_, r)| r);
        match crate::scp::examine(&self.machine, rest) {
            Ok(text) => writeln!(out, "{text}").map(Ok),
            Err(simh) => match self.cmd_examine(args, &mut Vec::new())? {
                Ok(()) => self.cmd_examine(args, out),
                Err(_) => Ok(Err(simh)),
            },
        }
    }

    pub(super) fn cmd_deposit<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.len() < 2 {
            return Ok(Err("deposit ADDR VALUE... or deposit REGISTER VALUE".into()));
        }
        let reg = self
            .machine
            .registers()
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(args[0]));
        if let Some(r) = reg {
            let v = match self.value(args[1]) {
                Ok(v) => v,
                Err(e) => return Ok(Err(e)),
            };
            if let Err(e) = self.machine.set_register(r.name, v) {
                return Ok(Err(e));
            }
            self.history.clear();
            writeln!(out, "{} {}", r.name, self.radix.value(v, r.bits))?;
            return Ok(Ok(()));
        }
        let start = match self.address(args[0]) {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        let word_max = if self.radix.word_bits >= 32 {
            u64::from(u32::MAX)
        } else {
            (1u64 << self.radix.word_bits) - 1
        };
        let mut values = Vec::new();
        for a in &args[1..] {
            match self.value(a) {
                Ok(v) if v <= word_max => values.push(v as u32),
                Ok(_) => return Ok(Err(format!("{a} does not fit in a word"))),
                Err(e) => return Ok(Err(e)),
            }
        }
        self.history.clear();
        for (k, v) in values.into_iter().enumerate() {
            let addr = start.wrapping_add(k as u32) & self.mask();
            self.machine.poke(addr, v);
            if let Some(old) = self.watches.get_mut(&addr) {
                *old = v;
            }
            let (text, _, _) = self.describe(addr);
            writeln!(out, "{}", text.trim_end())?;
        }
        Ok(Ok(()))
    }
}
