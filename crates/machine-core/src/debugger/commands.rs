//! The debugger's commands that look at and change the machine without running it:
//! breakpoints and watches (SIMH's `break` and `nobreak`, `delete`, `watch`, `nowatch`),
//! `regs`, `x`, SIMH's `examine` and `deposit` (`crate::scp`), `store`, `help` and `do`
//! scripts (module notes 8, 9, 11 and 13 of `debugger`).

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

    /// The words after a command with each that SIMH's list does not read but the debugger
    /// reads as an address (a label, a sum: `+loop++2`) given as the address in the machine's
    /// radix; with `value_last`, the last word read as the debugger reads a value (`#12`, a
    /// label), unless a switch says how to read it (note 13).
    fn simh_words(&self, args: &[&str], value_last: bool) -> Result<String, String> {
        let keep = |t: &str| {
            t.is_empty()
                || t.starts_with(|c: char| c.is_ascii_digit() || c == '-')
                || t.eq_ignore_ascii_case("all")
                || self
                    .machine
                    .registers()
                    .iter()
                    .any(|r| r.name.eq_ignore_ascii_case(t))
        };
        let switched = args.iter().any(|a| a.starts_with('-'));
        let mut words = Vec::new();
        for (k, a) in args.iter().enumerate() {
            if value_last && k + 1 == args.len() {
                words.push(if keep(a) || switched {
                    a.to_string()
                } else {
                    let v = self.value(a)?;
                    self.radix.value(v, self.radix.word_bits.max(1))
                });
                continue;
            }
            let items: Result<Vec<String>, String> = a
                .split(',')
                .map(|t| {
                    if keep(t) {
                        Ok(t.to_string())
                    } else {
                        self.address(t).map(|x| self.radix.address(x))
                    }
                })
                .collect();
            words.push(items?.join(","));
        }
        Ok(words.join(" "))
    }

    /// `break [LIST]`: SIMH's (`crate::scp::set_breaks`), silent, at P without a list; the
    /// list's words may be labels (note 13).
    pub(super) fn cmd_break(&mut self, args: &[&str]) -> Result<(), String> {
        let list = self.simh_words(args, false)?;
        crate::scp::set_breaks(&self.machine, &mut self.breakpoints, &list)
    }

    /// `nobreak [LIST|ALL]`: SIMH's (`crate::scp::clear_breaks`), at P without a list.
    pub(super) fn cmd_nobreak(&mut self, args: &[&str]) -> Result<(), String> {
        let list = self.simh_words(args, false)?;
        crate::scp::clear_breaks(&self.machine, &mut self.breakpoints, &list)
    }

    /// `deposit [-switches] LIST VALUE`: SIMH's (`crate::scp::deposit`), silent; what `back`
    /// and `finish` knew of the past no longer holds.
    pub(super) fn cmd_simh_deposit(&mut self, args: &[&str]) -> Result<(), String> {
        let words = self.simh_words(args, true)?;
        crate::scp::deposit(&mut self.machine, &words)?;
        self.machine_changed();
        Ok(())
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

    /// `store ADDR V..` (an extra: SIMH's `deposit` stores one value in every item of a
    /// list): consecutive words from ADDR on, each shown as `x` shows it; `store REG V` sets a
    /// register and shows it.
    pub(super) fn cmd_store<W: Write>(
        &mut self,
        args: &[&str],
        out: &mut W,
    ) -> io::Result<Result<(), String>> {
        if args.len() < 2 {
            return Ok(Err("store ADDR VALUE... or store REGISTER VALUE".into()));
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
