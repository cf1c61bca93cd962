//! Instruction execution: one `match` on the opcode, no allocation.
//!
//! Every arm follows spec §4.4 and §6. P is advanced before the `match`; jumps and skips
//! overwrite it, and a stop that must retry the instruction puts it back (see [`Stop`]).
//!
//! Speed: the run loop keeps the CPU state in a local [`Core`] that is only ever passed to
//! inlined code, so the compiler holds the registers and the cycle count in host registers;
//! the few out-of-line helpers take and return plain values.
//! Cycles: the table's base count is charged up front ([`BASE_CYCLES`]); indirect levels,
//! shift lengths and device waits are added where they happen (`t3300_isa::timing`).

use crate::alu;
use crate::devices::Io;
use crate::memory;
use crate::regs::Regs;
use machine_core::Stop;
use t3300_isa::table::op::{self, f};
use t3300_isa::table::BASE_CYCLES;
use t3300_isa::timing::{shift_cycles, INDIRECT_CYCLES, MAX_INDIRECT};
use t3300_isa::word::{Word, ADDR_MASK, MAX_MEMORY};
use teletype::{Key, TtyHost};

/// The I bit.
const I_BIT: u32 = 0o400000;
/// The I bit and the X field.
const IX_BITS: u32 = 0o700000;
/// Address bits 14–6 (must be 0 where only a 6-bit count or function is used).
const HIGH_ADDR: u32 = 0o77700;
/// I, X and the whole address field.
const ALL_BUT_OP: u32 = 0o777777;

/// The CPU state the run loop works on: registers and counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Core {
    pub regs: Regs,
    /// Memory cycles so far.
    pub cycles: u64,
    /// Instructions completed so far.
    pub instructions: u64,
}

/// What an instruction reaches besides the CPU: core memory and the devices. Built afresh for
/// each run from the machine's parts, so the compiler sees the memory array as a pointer of
/// its own and keeps it in a register.
pub(crate) struct Bus<'a> {
    pub cells: &'a mut [Word; MAX_MEMORY],
    /// Installed words: stores above are ignored (reads there find the zeros never written).
    pub size: usize,
    pub io: &'a mut Io,
}

impl Bus<'_> {
    #[inline(always)]
    fn read(&self, a: u16) -> Word {
        memory::read(self.cells, a)
    }

    #[inline(always)]
    fn write(&mut self, a: u16, w: Word) {
        memory::write(self.cells, self.size, a, w);
    }

    /// Execute the instruction at P on the state `c`.
    #[inline(always)]
    pub(crate) fn exec(&mut self, c: &mut Core) -> Result<(), Stop> {
        let p = c.regs.p;
        let w = self.read(p);
        let bits = w.get();
        let op = w.op() & 0o77;
        c.cycles += BASE_CYCLES[op as usize] as u64;
        c.instructions += 1;
        c.regs.p = (p + 1) & ADDR_MASK;
        match op {
            op::HLT => {
                if bits & IX_BITS != 0 {
                    return illegal(c, p, w);
                }
                return Err(Stop::Halt {
                    code: u32::from(w.addr()),
                    at: u32::from(p),
                    p: u32::from(c.regs.p),
                });
            }
            op::LDA => {
                let ea = self.ea(c, p, w)?;
                c.regs.a = self.read(ea);
            }
            op::LDQ => {
                let ea = self.ea(c, p, w)?;
                c.regs.q = self.read(ea);
            }
            op::STA => {
                let ea = self.ea(c, p, w)?;
                self.write(ea, c.regs.a);
            }
            op::STQ => {
                let ea = self.ea(c, p, w)?;
                self.write(ea, c.regs.q);
            }
            op::LDX | op::STX => {
                let n = w.x();
                if n == 0 {
                    return illegal(c, p, w);
                }
                let ea = self.ea_unindexed(c, p, w)?;
                if op == op::LDX {
                    c.regs.set_xi(n, self.read(ea).addr());
                } else {
                    self.write(ea, Word::new(c.regs.xi(n) as u32));
                }
            }
            op::LXI | op::AXI => {
                let n = w.x();
                if n == 0 || bits & I_BIT != 0 {
                    return illegal(c, p, w);
                }
                let base = if op == op::AXI { c.regs.xi(n) } else { 0 };
                c.regs.set_xi(n, base.wrapping_add(w.addr()));
            }
            op::ADD => {
                let ea = self.ea(c, p, w)?;
                let (s, v) = alu::add(c.regs.a, self.read(ea));
                c.regs.a = s;
                c.regs.ov |= v;
            }
            op::SUB => {
                let ea = self.ea(c, p, w)?;
                let (s, v) = alu::sub(c.regs.a, self.read(ea));
                c.regs.a = s;
                c.regs.ov |= v;
            }
            op::MUL => {
                let ea = self.ea(c, p, w)?;
                (c.regs.a, c.regs.q) = alu::mul(c.regs.a, self.read(ea));
            }
            op::DIV => {
                let ea = self.ea(c, p, w)?;
                match alu::div(c.regs.a, c.regs.q, self.read(ea)) {
                    Some((quo, rem)) => (c.regs.q, c.regs.a) = (quo, rem),
                    None => c.regs.ov = true,
                }
            }
            op::LAI | op::AAI => {
                if bits & IX_BITS != 0 {
                    return illegal(c, p, w);
                }
                let imm = Word::from_signed(t3300_isa::word::sext15(w.addr()) as i64);
                if op == op::LAI {
                    c.regs.a = imm;
                } else {
                    let (s, v) = alu::add(c.regs.a, imm);
                    c.regs.a = s;
                    c.regs.ov |= v;
                }
            }
            op::AND => {
                let ea = self.ea(c, p, w)?;
                c.regs.a = Word::new(c.regs.a.get() & self.read(ea).get());
            }
            op::ORA => {
                let ea = self.ea(c, p, w)?;
                c.regs.a = Word::new(c.regs.a.get() | self.read(ea).get());
            }
            op::XOR => {
                let ea = self.ea(c, p, w)?;
                c.regs.a = Word::new(c.regs.a.get() ^ self.read(ea).get());
            }
            op::ANC => {
                let ea = self.ea(c, p, w)?;
                c.regs.a = Word::new(c.regs.a.get() & !self.read(ea).get());
            }
            op::ISZ => {
                let ea = self.ea(c, p, w)?;
                let v = Word::new(self.read(ea).get().wrapping_add(1));
                self.write(ea, v);
                skip_if(c, p, v == Word::ZERO);
            }
            op::SKE => {
                let ea = self.ea(c, p, w)?;
                let m = self.read(ea);
                skip_if(c, p, c.regs.a == m);
            }
            op::SKG => {
                let ea = self.ea(c, p, w)?;
                let m = self.read(ea);
                skip_if(c, p, c.regs.a.signed() > m.signed());
            }
            op::SKT => {
                let ea = self.ea(c, p, w)?;
                let m = self.read(ea);
                skip_if(c, p, c.regs.a.get() & m.get() == 0);
            }
            op::SKB => {
                let ea = self.ea(c, p, w)?;
                let m = self.read(ea);
                skip_if(c, p, c.regs.a.get() & m.get() != 0);
            }
            op::JMP => c.regs.p = self.ea(c, p, w)?,
            op::JSR => {
                let ea = self.ea(c, p, w)?;
                self.write(ea, Word::new(c.regs.p as u32));
                c.regs.p = (ea + 1) & ADDR_MASK;
            }
            op::JAZ => {
                let ea = self.ea(c, p, w)?;
                if c.regs.a == Word::ZERO {
                    c.regs.p = ea;
                }
            }
            op::JNZ => {
                let ea = self.ea(c, p, w)?;
                if c.regs.a != Word::ZERO {
                    c.regs.p = ea;
                }
            }
            op::JAM => {
                let ea = self.ea(c, p, w)?;
                if c.regs.a.is_negative() {
                    c.regs.p = ea;
                }
            }
            op::JPL => {
                let ea = self.ea(c, p, w)?;
                if !c.regs.a.is_negative() {
                    c.regs.p = ea;
                }
            }
            op::JOV => {
                let ea = self.ea(c, p, w)?;
                if c.regs.ov {
                    c.regs.ov = false;
                    c.regs.p = ea;
                }
            }
            op::TIX => {
                let n = w.x();
                if n == 0 || bits & I_BIT != 0 {
                    return illegal(c, p, w);
                }
                let x = c.regs.xi(n).wrapping_sub(1) & ADDR_MASK;
                c.regs.set_xi(n, x);
                if x != 0 {
                    c.regs.p = w.addr();
                }
            }
            op::LSL | op::LSR | op::ASR | op::ROL | op::LLS | op::LRS => {
                if bits & (IX_BITS | HIGH_ADDR) != 0 {
                    return illegal(c, p, w);
                }
                let s = bits & 0o77;
                c.cycles += shift_cycles(s);
                let a = c.regs.a;
                match op {
                    op::LSL => c.regs.a = alu::lsl(a, s),
                    op::LSR => c.regs.a = alu::lsr(a, s),
                    op::ASR => c.regs.a = alu::asr(a, s),
                    op::ROL => c.regs.a = alu::rol(a, s),
                    op::LLS => (c.regs.a, c.regs.q) = alu::lls(a, c.regs.q, s),
                    _ => (c.regs.a, c.regs.q) = alu::lrs(a, c.regs.q, s),
                }
            }
            op::NRM => {
                let n = w.x();
                if n == 0 || bits & (I_BIT | ADDR_MASK as u32) != 0 {
                    return illegal(c, p, w);
                }
                let (a, q, k) = alu::nrm(c.regs.a, c.regs.q);
                (c.regs.a, c.regs.q) = (a, q);
                c.regs.set_xi(n, k as u16);
                c.cycles += shift_cycles(k);
            }
            op::OPR => return operate(c, p, w),
            op::TYO => {
                if bits & ALL_BUT_OP != 0 {
                    return illegal(c, p, w);
                }
                c.cycles += self.io.dev.typewriter;
                let at = c.cycles * self.io.cycle_ns;
                self.io.tty.print((c.regs.a.get() & 0o377) as u8, at);
            }
            op::TYI => {
                if bits & ALL_BUT_OP != 0 {
                    return illegal(c, p, w);
                }
                return self.type_in(c, p);
            }
            op::RPT => {
                if bits & ALL_BUT_OP != 0 {
                    return illegal(c, p, w);
                }
                c.cycles += self.io.dev.reader;
                match self.io.reader.read() {
                    Some(frame) => c.regs.a = Word::new(frame as u32),
                    None => {
                        c.regs.a = Word::ONES;
                        c.regs.ov = true;
                    }
                }
            }
            op::PPT => {
                if bits & ALL_BUT_OP != 0 {
                    return illegal(c, p, w);
                }
                c.cycles += self.io.dev.punch;
                self.io.punch.punch((c.regs.a.get() & 0o377) as u8);
            }
            _ => return illegal(c, p, w),
        }
        Ok(())
    }

    /// Effective address of a memory-reference instruction: index, then follow indirection.
    #[inline(always)]
    fn ea(&self, c: &mut Core, p: u16, w: Word) -> Result<u16, Stop> {
        let ea = (w.addr() + c.regs.xi(w.x())) & ADDR_MASK;
        if w.indirect() {
            indirect(self.cells, c, p, w, ea)
        } else {
            Ok(ea)
        }
    }

    /// Effective address where X names a register (`ldx`, `stx`): no indexing at the first
    /// level; indirect words are indexed by their own X field as usual.
    #[inline(always)]
    fn ea_unindexed(&self, c: &mut Core, p: u16, w: Word) -> Result<u16, Stop> {
        if w.indirect() {
            indirect(self.cells, c, p, w, w.addr())
        } else {
            Ok(w.addr())
        }
    }

    /// `tyi`: take the operator's next key; the typewriter prints it as it is struck.
    #[inline(always)]
    fn type_in(&mut self, c: &mut Core, p: u16) -> Result<(), Stop> {
        let ns = self.io.cycle_ns;
        match self.io.tty.key(c.cycles * ns) {
            Key::Char(ch) => {
                self.io.key_waits = 0;
                c.cycles += self.io.dev.typewriter;
                self.io.tty.print(ch, c.cycles * ns);
                c.regs.a = Word::new(ch as u32);
                Ok(())
            }
            Key::Wait => {
                // Nothing typed yet: the instruction keeps waiting, one character time per
                // poll (the fetch cycle just charged is part of that time).
                c.regs.p = p;
                c.instructions -= 1;
                c.cycles += self.io.dev.typewriter.max(1) - 1;
                self.io.key_waits += 1;
                match self.io.key_wait_limit {
                    Some(limit) if self.io.key_waits > limit => {
                        self.io.key_waits = 0;
                        Err(Stop::InputExhausted { p: u32::from(p) })
                    }
                    _ => Ok(()),
                }
            }
            Key::End => {
                c.regs.p = p;
                c.instructions -= 1;
                c.cycles -= BASE_CYCLES[op::TYI as usize] as u64;
                Err(Stop::InputExhausted { p: u32::from(p) })
            }
        }
    }
}

/// Follow indirect words from `ea`, each decoded again for X and I (spec §4.3), one cycle
/// per level, at most 64 levels. The walk itself ([`follow`]) is out of line: it is the rare
/// path of every memory access, and it takes the registers by value so the run loop's state
/// stays in host registers.
#[inline(always)]
fn indirect(mem: &[Word; MAX_MEMORY], c: &mut Core, p: u16, w: Word, ea: u16) -> Result<u16, Stop> {
    match follow(mem, c.regs, ea) {
        Some((ea, levels)) => {
            c.cycles += levels as u64 * INDIRECT_CYCLES;
            Ok(ea)
        }
        None => {
            c.regs.p = p;
            c.instructions -= 1;
            c.cycles -= BASE_CYCLES[w.op() as usize & 0o77] as u64;
            Err(Stop::IndirectLoop {
                p: u32::from(p),
                word: w.get(),
            })
        }
    }
}

/// The end of an indirect chain starting at `ea` and the levels followed; `None` after more
/// than [`MAX_INDIRECT`] levels.
#[inline(never)]
pub(crate) fn follow(mem: &[Word; MAX_MEMORY], r: Regs, mut ea: u16) -> Option<(u16, u32)> {
    for level in 1..=MAX_INDIRECT {
        let iw = memory::read(mem, ea);
        ea = (iw.addr() + r.xi(iw.x())) & ADDR_MASK;
        if !iw.indirect() {
            return Some((ea, level));
        }
    }
    None
}

#[inline(always)]
fn skip_if(c: &mut Core, p: u16, cond: bool) {
    if cond {
        c.regs.p = (p + 2) & ADDR_MASK;
    }
}

/// The operate group (opcode 70): the function is in address<5:0>.
#[inline(always)]
fn operate(c: &mut Core, p: u16, w: Word) -> Result<(), Stop> {
    let bits = w.get();
    let func = (bits & 0o77) as u16;
    let n = w.x();
    let with_reg = matches!(func, f::TAX | f::TXA);
    if bits & (I_BIT | HIGH_ADDR) != 0 || (n != 0) != with_reg {
        return illegal(c, p, w);
    }
    let r = &mut c.regs;
    match func {
        f::NOP => {}
        f::CLA => r.a = Word::ZERO,
        f::CLQ => r.q = Word::ZERO,
        f::CMA => r.a = Word::new(!r.a.get()),
        f::NGA => {
            let (s, v) = alu::sub(Word::ZERO, r.a);
            (r.a, r.ov) = (s, r.ov | v);
        }
        f::INA => {
            let (s, v) = alu::add(r.a, Word::new(1));
            (r.a, r.ov) = (s, r.ov | v);
        }
        f::DCA => {
            let (s, v) = alu::sub(r.a, Word::new(1));
            (r.a, r.ov) = (s, r.ov | v);
        }
        f::TAQ => r.q = r.a,
        f::TQA => r.a = r.q,
        f::XAQ => (r.a, r.q) = (r.q, r.a),
        f::TAX => r.set_xi(n, r.a.addr()),
        f::TXA => r.a = Word::new(r.xi(n) as u32),
        f::CLO => r.ov = false,
        _ => return illegal(c, p, w),
    }
    Ok(())
}

/// Stop on a word that is not an instruction, leaving P at it and charging nothing.
#[inline(always)]
fn illegal(c: &mut Core, p: u16, w: Word) -> Result<(), Stop> {
    c.regs.p = p;
    c.instructions -= 1;
    c.cycles -= BASE_CYCLES[w.op() as usize & 0o77] as u64;
    Err(Stop::Unimplemented {
        p: u32::from(p),
        word: w.get(),
    })
}
