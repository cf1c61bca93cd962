//! Instruction execution: fetch, interrupts, and the four instruction groups plus the EAU.
//!
//! Sources: `docs/hp2100a.md` §1 (HP 2100A Computer Reference Manual 02100-90001 as checked
//! against SIMH's `cpu.c`/`cpu1.c` and runs of HP's diagnostics).
//!
//! Implementation notes:
//!
//! 1. "Current page" is the page the instruction was fetched from; for an instruction
//!    executed in an interrupt trap cell that is page 0.
//! 2. An indirect chain longer than the configured limit stops the machine
//!    (`Stop::IndirectLoop`) with P at the instruction; the real machine would hang.
//! 3. A pending, enabled interrupt is recognised in an indirect chain as soon as the first
//!    pointer read is itself indirect: the instruction is abandoned with P backed up and
//!    restarted after the interrupt. JMP,I and JSB,I hold interrupts off from the start of
//!    their own chain (note 4), and so does an instruction in a trap cell; then the memory
//!    protect's indirect counter (standard on the 2100, jumper W6 in) lets a pending
//!    interrupt in after the third level: it is no longer deferred past the instruction, and
//!    a fourth level abandons the instruction. DSN 102305's test 05 checks all three cases.
//! 4. Deferral follows the 21xx rules: after JMP,I, JSB,I, STC, CLC, STF, CLF or HLT a
//!    pending interrupt waits for the next instruction, unless that instruction is a memory
//!    reference other than JMP, JMP,I and JSB,I. SFS and SFC do not defer.
//! 5. Codes of the user-microcode space execute as no-operations; other undefined EAU codes
//!    stop the machine (`Stop::Unimplemented`), as SIMH does (real hardware does something
//!    erroneous).
//! 6. Select codes 2 and 3 are DMA's control-word registers (`io/dma.rs`), 4 power fail and
//!    the central interrupt register (`io/pwr.rs`), 5 memory protect (`io/mp.rs`, with its
//!    checks in `cpu/mp.rs`).

pub mod asg;
pub mod eau;
mod mp;
pub mod srg;

use crate::machine::Machine;
use crate::timing::{self, cycles};
use hp2100_isa::{decode, Class, Instr, Reg, MRG_CLASSES};
use machine_core::{trace, Debuggable, Stop, Symbols};

/// Cycles of each memory-reference class by bits 14-11, from the opcode table.
const MRG_CYCLES: [u32; 16] = {
    let mut t = [0; 16];
    let mut i = 2;
    while i < 16 {
        t[i] = cycles(MRG_CLASSES[i]);
        i += 1;
    }
    t
};

/// Where an instruction came from: the word at P, or an interrupt trap cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Fetch,
    Trap,
}

impl Machine {
    /// Execute one instruction, or acknowledge one interrupt and execute its trap cell.
    ///
    /// # Errors
    /// A [`Stop`]: a programmed halt (P is then the word after the HLT), an unimplemented
    /// instruction or an indirect loop (P at the instruction), or a device's end of input.
    pub fn step(&mut self) -> Result<(), Stop> {
        if self.cycles >= self.next_event {
            self.service_devices()?;
        }
        self.instructions += 1;
        self.next_instruction::<true>()
    }

    /// Acknowledge a pending interrupt or fetch and execute the instruction at P (device
    /// service and instruction counting are the caller's). With `T`, the instruction leaves
    /// its last memory cycle's word in the T register (`panel.rs` note 6).
    #[inline(always)]
    pub(crate) fn next_instruction<const T: bool>(&mut self) -> Result<(), Stop> {
        // The power-fail interrupt does not wait for the interrupt system; memory protect's
        // does not wait for the instruction after one that holds interrupts off.
        if self.intrq != 0
            && (self.ion || self.intrq == crate::io::SC_PWR)
            && (self.intrq == crate::SC_MP || self.interrupt_allowed())
        {
            return self.interrupt::<T>();
        }
        let at = self.p;
        let ir = self.read(at);
        self.p = (at + 1) & 0x7fff;
        self.ion_defer = false;
        if self.trace {
            return self.traced::<T>(ir, at);
        }
        self.execute::<T>(ir, at, Origin::Fetch)
    }

    /// The 21xx deferral rule (note 4).
    fn interrupt_allowed(&self) -> bool {
        if !self.ion_defer {
            return true;
        }
        match decode(self.read(self.p)) {
            Instr::Mrg {
                class: Class::Jmp, ..
            } => false,
            Instr::Mrg {
                class: Class::Jsb,
                indirect,
                ..
            } => !indirect,
            Instr::Mrg { .. } => true,
            _ => false,
        }
    }

    fn interrupt<const T: bool>(&mut self) -> Result<(), Stop> {
        let sc = self.intrq;
        self.cir = sc;
        if sc != crate::SC_MP {
            if let Some(card) = self.card(sc) {
                card.ff_mut().flag_buffer = false;
            }
        }
        if sc == crate::io::SC_PWR {
            self.cards.pwr.request = false;
            self.cards.pwr.holdoff = true;
        }
        // Every interrupt turns memory protect off while the trap cell's instruction runs.
        let protected = self.cards.mp.acknowledge(sc == crate::SC_MP);
        self.io_changed();
        self.ion_defer = false;
        self.cycles += u64::from(timing::INTERRUPT_ACK);
        let ir = self.read(u16::from(sc));
        if log::log_enabled!(target: "hp2100::io", log::Level::Trace) {
            let text = format!("interrupt {sc:02o}, P {:05o}", self.p);
            log::trace!(target: "hp2100::io", "{}", self.trace_io(u16::from(sc), &text));
        }
        let r = self.execute::<T>(ir, u16::from(sc), Origin::Trap);
        if protected {
            self.trap_cell_done(protected, ir);
        }
        r
    }

    #[inline(always)]
    fn skip(&mut self) {
        self.p = (self.p + 1) & 0x7fff;
    }

    #[inline(always)]
    fn reg(&self, r: Reg) -> u16 {
        match r {
            Reg::A => self.a,
            Reg::B => self.b,
        }
    }

    #[inline(always)]
    fn set_reg(&mut self, r: Reg, v: u16) {
        match r {
            Reg::A => self.a = v,
            Reg::B => self.b = v,
        }
    }

    #[inline(always)]
    fn execute<const T: bool>(&mut self, ir: u16, at: u16, origin: Origin) -> Result<(), Stop> {
        if ir & 0o070000 != 0 {
            return self.memory_reference::<T>(ir, at, origin);
        }
        if T {
            // The fetch is the last memory cycle, unless the EAU's operand cycles follow.
            self.t = ir;
        }
        match decode(ir) {
            Instr::Mrg { .. } => self.memory_reference::<T>(ir, at, origin),
            Instr::Srg(w) => {
                self.cycles += u64::from(cycles(Class::Srg));
                let r = if w & 0o004000 != 0 { Reg::B } else { Reg::A };
                let (v, e, skip) = srg::exec(w, self.reg(r), self.e);
                self.set_reg(r, v);
                self.e = e;
                if skip {
                    self.skip();
                }
                Ok(())
            }
            Instr::Asg(w) => {
                self.cycles += u64::from(cycles(Class::Asg));
                let r = if w & 0o004000 != 0 { Reg::B } else { Reg::A };
                let x = asg::exec(w, self.reg(r), self.e, self.o);
                self.set_reg(r, x.v);
                self.e = x.e;
                self.o = x.o;
                if x.skip {
                    self.skip();
                }
                Ok(())
            }
            i @ Instr::Io {
                class,
                reg,
                clear,
                sc,
            } => {
                self.cycles += u64::from(i.cycles());
                self.iog(ir, at, class, reg, clear, sc)
            }
            Instr::EauMem { class } => self.eau_memory::<T>(class, origin),
            i @ Instr::Shift { class, count } => {
                self.cycles += u64::from(i.cycles());
                let (a, b, n) = (self.a, self.b, u32::from(count));
                let (a, b) = match class {
                    Class::Asl => {
                        let (a, b, o) = eau::asl(a, b, n);
                        self.o = o;
                        (a, b)
                    }
                    Class::Asr => {
                        self.o = false;
                        eau::asr(a, b, n)
                    }
                    Class::Lsl => eau::lsl(a, b, n),
                    Class::Lsr => eau::lsr(a, b, n),
                    Class::Rrl => eau::rrl(a, b, n),
                    _ => eau::rrr(a, b, n), // RRR, the last of the shift classes
                };
                self.a = a;
                self.b = b;
                Ok(())
            }
            Instr::Mac(_) => {
                self.cycles += u64::from(timing::MAC_NOP);
                Ok(())
            }
            Instr::Undefined(w) => {
                self.p = at;
                self.t = w;
                Err(Stop::Unimplemented {
                    p: u32::from(at),
                    word: u32::from(w),
                })
            }
        }
    }

    /// The memory-reference group straight from its bits (the decoding of `decode`, from the
    /// same class table, without building an `Instr`): the hot path of every program.
    #[inline(always)]
    fn memory_reference<const T: bool>(
        &mut self,
        ir: u16,
        at: u16,
        origin: Origin,
    ) -> Result<(), Stop> {
        let op = usize::from((ir >> 11) & 0o17);
        let class = MRG_CLASSES[op];
        let offset = ir & 0o1777;
        let page = if origin == Origin::Trap {
            0
        } else {
            at & 0o76000
        };
        let mut ea = if ir & 0o2000 != 0 {
            page | offset
        } else {
            offset
        };
        let mut cyc = MRG_CYCLES[op];
        if ir & 0o100000 != 0 {
            // JMP,I and JSB,I hold interrupts off (note 4) unless the chain lets them in.
            if matches!(class, Class::Jmp | Class::Jsb) {
                self.ion_defer = true;
            }
            match self.resolve(ea, at, origin, &mut cyc)? {
                Some(a) => ea = a,
                None => return Ok(()),
            }
        }
        self.cycles += u64::from(cyc);
        let reg = if ir & 0o004000 != 0 { Reg::B } else { Reg::A };
        if T {
            // A JMP's last memory cycle: its fetch, or the pointer word holding the target;
            // the other instructions' operand cycles follow.
            self.t = if ir & 0o100000 != 0 { ea } else { ir };
        }
        self.mrg::<T>(class, reg, ea);
        Ok(())
    }

    /// Whether an interrupt is waiting to be acknowledged, deferral aside.
    pub(crate) fn interrupt_pending(&self) -> bool {
        self.intrq != 0 && (self.ion || self.intrq == crate::io::SC_PWR)
    }

    /// Give up the instruction at `at` for an interrupt (notes 3 and 4): P back on it, or, in
    /// a trap cell, on the interrupted instruction, which P still holds.
    fn abandon(&mut self, at: u16, origin: Origin, cyc: u32) -> Option<u16> {
        self.cycles += u64::from(cyc);
        if origin == Origin::Fetch {
            self.p = at;
        }
        self.ion_defer = false;
        None
    }

    /// Follow an indirect chain from the pointer at `ea`. `Ok(None)`: abandoned for an
    /// interrupt, P backed up (note 3).
    fn resolve(
        &mut self,
        ea: u16,
        at: u16,
        origin: Origin,
        cyc: &mut u32,
    ) -> Result<Option<u16>, Stop> {
        let mut w = self.read(ea);
        *cyc += timing::INDIRECT;
        if w & 0x8000 == 0 {
            return Ok(Some(w));
        }
        let pending = self.interrupt_pending();
        if pending && origin == Origin::Fetch && !self.ion_defer {
            self.t = w;
            return Ok(self.abandon(at, origin, *cyc));
        }
        let mut level = 1;
        while w & 0x8000 != 0 {
            level += 1;
            if level > self.indirect_limit {
                self.cycles += u64::from(*cyc);
                self.p = at;
                self.t = w;
                return Err(Stop::IndirectLoop {
                    p: u32::from(at),
                    word: u32::from(self.read(at)),
                });
            }
            if pending && level == 3 {
                self.ion_defer = false;
            } else if pending && level == 4 {
                self.t = w;
                return Ok(self.abandon(at, origin, *cyc));
            }
            w = self.read(w & 0x7fff);
            *cyc += timing::INDIRECT;
        }
        Ok(Some(w))
    }

    #[inline(always)]
    fn mrg<const T: bool>(&mut self, class: Class, reg: Reg, ea: u16) {
        match class {
            Class::And => self.a &= self.read_cycle::<T>(ea),
            Class::Xor => self.a ^= self.read_cycle::<T>(ea),
            Class::Ior => self.a |= self.read_cycle::<T>(ea),
            Class::Jmp => {
                if u32::from(ea) < self.write_floor && self.jump_protected(ea, mp::JMP_BOUND) {
                    return;
                }
                // A short jump back: perhaps a waiting loop, which RUN may pass, unless it was
                // found not waiting (`wait.rs`).
                if self.p.wrapping_sub(ea) <= crate::wait::SPAN {
                    let tail = self.p.wrapping_sub(1) & 0x7fff;
                    if self.not_waiting[usize::from(tail) % crate::wait::REMEMBERED] != tail {
                        self.wait_hint = self.wait_skipping;
                        self.wait_tail = tail;
                    }
                }
                self.p = ea;
            }
            Class::Jsb => {
                if u32::from(ea) < self.write_floor && self.jump_protected(ea, mp::JSB_BOUND) {
                    return;
                }
                self.write_cycle::<T>(ea, self.p);
                self.p = (ea + 1) & 0x7fff;
            }
            Class::Isz => {
                let v = self.read(ea).wrapping_add(1);
                if self.write_cycle::<T>(ea, v) && v == 0 {
                    self.skip();
                }
            }
            Class::Add => {
                let r = self.reg(reg);
                let m = self.read_cycle::<T>(ea);
                let (sum, carry) = r.overflowing_add(m);
                self.e |= carry;
                self.o |= (!(r ^ m) & (r ^ sum)) & 0x8000 != 0;
                self.set_reg(reg, sum);
            }
            Class::Cpx => {
                if self.reg(reg) != self.read_cycle::<T>(ea) {
                    self.skip();
                }
            }
            Class::Ldx => {
                let v = self.read_cycle::<T>(ea);
                self.set_reg(reg, v);
            }
            Class::Stx => {
                self.write_cycle::<T>(ea, self.reg(reg));
            }
            _ => unreachable!("not a memory reference class"),
        }
    }

    fn eau_memory<const T: bool>(&mut self, class: Class, origin: Origin) -> Result<(), Stop> {
        let at = if origin == Origin::Trap {
            self.p
        } else {
            self.p.wrapping_sub(1) & 0x7fff
        };
        let mut cyc = cycles(class);
        let word = self.read(self.p);
        self.p = (self.p + 1) & 0x7fff;
        let mut ea = word & 0x7fff;
        if word & 0x8000 != 0 {
            match self.resolve(ea, at, origin, &mut cyc)? {
                Some(a) => ea = a,
                None => return Ok(()),
            }
        }
        self.cycles += u64::from(cyc);
        match class {
            Class::Mpy => {
                let (a, b) = eau::mpy(self.a, self.read_cycle::<T>(ea));
                self.a = a;
                self.b = b;
                self.o = false;
            }
            Class::Div => {
                let (a, b, o) = eau::div(self.a, self.b, self.read_cycle::<T>(ea));
                self.a = a;
                self.b = b;
                self.o = o;
            }
            Class::Dld => {
                self.a = self.read(ea);
                self.b = self.read_cycle::<T>((ea + 1) & 0x7fff);
            }
            _ => {
                // DST: a violation is the instruction's, whose address word P has passed.
                if self.write_protected(ea) {
                    self.mp_violation(at);
                } else {
                    self.write(ea, self.a);
                    self.write_cycle::<T>((ea + 1) & 0x7fff, self.b);
                }
            }
        }
        Ok(())
    }

    fn iog(
        &mut self,
        ir: u16,
        at: u16,
        op: Class,
        reg: Reg,
        clear: bool,
        sc: u8,
    ) -> Result<(), Stop> {
        // T: the fetch is an I/O instruction's last memory cycle (`panel.rs` note 6).
        self.t = ir;
        if self.io_protected(op, reg, sc, at) {
            return Ok(());
        }
        if matches!(
            op,
            Class::Stf | Class::Clf | Class::Stc | Class::Clc | Class::Hlt
        ) {
            self.ion_defer = true;
        }
        if log::log_enabled!(target: "hp2100::io", log::Level::Trace) {
            let d = hp2100_isa::disassemble(at, ir, 0, &|_| None);
            log::trace!(target: "hp2100::io", "{}", self.trace_io(at, &d.text));
        }
        match sc {
            0 => self.sc0(op, reg),
            1 => self.sc1(op, reg),
            2 | 3 => {
                if let Some(v) = self.dma_words_io(op, sc, self.reg(reg)) {
                    let v = if op == Class::Mi {
                        self.reg(reg) | v
                    } else {
                        v
                    };
                    self.set_reg(reg, v);
                }
            }
            crate::io::SC_PWR => self.sc4(op, reg),
            crate::SC_MP => self.sc5(op, reg, at),
            _ => self.card_io(op, reg, sc),
        }
        if clear {
            match sc {
                0 => self.ion = false,
                1 => self.o = false,
                crate::SC_MP => {}
                _ => {
                    let now = self.cycles;
                    if let Some(c) = self.card(sc) {
                        c.ff_mut().clear_flag();
                        c.clf(now);
                    }
                }
            }
        }
        // The event table (`io/backplane.rs` note 1): only what the instruction reached.
        match sc {
            0 | 1 => {}
            2 | 3 => self.card_changed(self.dma_slot()),
            crate::io::SC_PWR | crate::SC_MP => self.io_changed(),
            _ if matches!(op, Class::Sfs | Class::Sfc) && !clear => {}
            _ => self.card_at_changed(sc),
        }
        if op == Class::Hlt {
            self.loader_enabled = false;
            self.update_fast_limit();
            return Err(Stop::Halt {
                code: u32::from(ir),
                at: u32::from(at),
                p: u32::from(self.p),
            });
        }
        Ok(())
    }

    /// Select code 0: the interrupt system.
    fn sc0(&mut self, op: Class, reg: Reg) {
        match op {
            Class::Stf => self.ion = true,
            Class::Clf => self.ion = false,
            Class::Sfs if self.ion => self.skip(),
            Class::Sfc if !self.ion => self.skip(),
            Class::Li => self.set_reg(reg, 0),
            Class::Clc => self.control_reset(),
            _ => {}
        }
    }

    /// Select code 1: the overflow register and the switch register / S display.
    fn sc1(&mut self, op: Class, reg: Reg) {
        match op {
            Class::Stf => self.o = true,
            Class::Clf => self.o = false,
            Class::Sfs if self.o => self.skip(),
            Class::Sfc if !self.o => self.skip(),
            Class::Mi => self.set_reg(reg, self.reg(reg) | self.s),
            Class::Li => self.set_reg(reg, self.s),
            Class::Ot => self.s = self.reg(reg),
            _ => {}
        }
    }

    /// Select code 4: power fail, and the central interrupt register (`io/pwr.rs`).
    fn sc4(&mut self, op: Class, reg: Reg) {
        let mut skip = false;
        let cir = self.power_fail_io(op, &mut skip);
        match op {
            Class::Li => self.set_reg(reg, cir),
            Class::Mi => self.set_reg(reg, self.reg(reg) | cir),
            _ => {}
        }
        if skip {
            self.skip();
        }
    }

    fn card_io(&mut self, op: Class, reg: Reg, sc: u8) {
        let now = self.cycles;
        let Some(card) = self.card(sc) else {
            // An empty slot: no card answers SFS or SFC, input reads 0.
            if op == Class::Li {
                self.set_reg(reg, 0);
            }
            return;
        };
        let mut skip = false;
        let mut input = None;
        match op {
            Class::Stf => card.ff_mut().set_flag(),
            Class::Clf => {
                card.ff_mut().clear_flag();
                card.clf(now);
            }
            Class::Sfc => skip = !card.ff().flag,
            Class::Sfs => skip = card.ff().flag,
            Class::Mi | Class::Li => input = Some(card.ioi()),
            Class::Ot => {
                let v = match reg {
                    Reg::A => self.a,
                    Reg::B => self.b,
                };
                // Reborrow: `card` holds self mutably.
                if let Some(c) = self.card(sc) {
                    c.ioo(v);
                }
            }
            Class::Stc => {
                card.ff_mut().control = true;
                card.stc(now);
            }
            Class::Clc => {
                card.ff_mut().control = false;
                card.clc();
            }
            _ => {} // HLT
        }
        if let Some(v) = input {
            let v = if op == Class::Mi {
                self.reg(reg) | v
            } else {
                v
            };
            self.set_reg(reg, v);
        }
        if skip {
            self.skip();
        }
    }

    /// Execute the fetched instruction `ir` from `at` and log its trace line
    /// (`machine_core::trace`): the effective address from before it, the registers after.
    #[cold]
    #[inline(never)]
    fn traced<const T: bool>(&mut self, ir: u16, at: u16) -> Result<(), Stop> {
        let radix = trace::radix_of(self);
        let d = Debuggable::disassemble(self, u32::from(at), &Symbols::new());
        let loc = trace::location(&radix, u32::from(at), &d.words, "", &d.text);
        let next = self.p;
        self.p = at;
        let ea = Debuggable::effective_address(self);
        self.p = next;
        let r = self.execute::<T>(ir, at, Origin::Fetch);
        let regs = Debuggable::registers(self);
        let line = trace::instruction(&radix, &loc, ea, &regs, self.cycles);
        log::trace!(target: "hp2100::cpu::instr", "{line}");
        r
    }

    /// An I/O trace line (`machine_core::trace`).
    fn trace_io(&self, at: u16, text: &str) -> String {
        trace::io(&trace::radix_of(self), u32::from(at), text)
    }
}
