//! What a machine offers a debugger: the [`Debuggable`] trait.
//!
//! Both emulated machines implement it: the HP 2100A (16-bit words, 15-bit addresses, octal)
//! and the T3300-R (24-bit words). The [`crate::Debugger`] knows nothing else about them: word
//! and address widths and the radix come from the machine, and so do disassembly (with the
//! debugger's symbols), registers, time and, optionally, snapshots that undo an instruction
//! (the debugger's `back`).
//!
//! [`Flow`] lives here and nowhere else: both opcode tables (`hp2100_isa::OPCODES`,
//! `t3300_isa::OPS`) classify their instructions with it and re-export it.

use crate::{Stop, Symbols};
use std::any::Any;

/// What an instruction does to the flow of control, for the debugger's `next` (which steps
/// over a [`Flow::Call`]) and for traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Falls through to the next word.
    Normal,
    /// A subroutine call (HP `JSB`, T3300-R `jsr`): the callee returns to the word after the
    /// call, or (a "skip return") to the one after that.
    Call,
    /// Jumps, conditionally or not.
    Jump,
    /// May skip the next word.
    Skip,
    /// Stops the machine.
    Halt,
}

/// One instruction as the debugger shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Assembler text, with symbols where the debugger has them.
    pub text: String,
    /// The instruction's words (at least one).
    pub words: Vec<u32>,
    pub flow: Flow,
}

/// A register: its name as the manual writes it, its value and its width in bits. `brief`
/// registers are also shown on every traced instruction; the others only by `regs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Register {
    pub name: &'static str,
    pub value: u64,
    pub bits: u32,
    pub brief: bool,
}

/// A machine the debugger can drive.
pub trait Debuggable {
    /// Bits in a memory word.
    fn word_bits(&self) -> u32;
    /// Bits in an address.
    fn address_bits(&self) -> u32;
    /// Words of memory installed: addresses from 0 to one less (all the address space unless
    /// the machine says otherwise).
    fn memory_words(&self) -> u32 {
        1 << self.address_bits()
    }
    /// The radix the machine's documentation writes numbers in.
    fn radix(&self) -> u32 {
        8
    }
    /// Execute one instruction (an interrupt acknowledge counts as the instruction it runs).
    ///
    /// # Errors
    /// The [`Stop`] that ended the instruction: a halt, an unimplemented code, and so on.
    fn step(&mut self) -> Result<(), Stop>;
    /// The address of the next instruction.
    fn pc(&self) -> u32;
    /// A memory word, read without side effects or time.
    fn peek(&self, addr: u32) -> u32;
    /// Write a memory word, without side effects or time (the operator's DEPOSIT).
    fn poke(&mut self, addr: u32, value: u32);
    /// The instruction at `addr`, naming addresses with `symbols`' labels.
    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded;
    /// How the machine's assembler writes a label around its name: (before, after). The
    /// debugger shows labels so and reads them so in commands (T3300-R: `+name+`).
    fn label_marks(&self) -> (&'static str, &'static str) {
        ("", "")
    }
    /// What the instruction at `addr` does to the flow of control. The debugger asks before
    /// every instruction it runs (to follow subroutine calls for `finish`), so a machine
    /// whose opcode table answers without disassembling should say so here.
    fn flow(&self, addr: u32) -> Flow {
        self.disassemble(addr, &Symbols::new()).flow
    }
    /// The operand address the next instruction will use, if it has one (for a
    /// [`Flow::Call`], the subroutine's entry word, where the call leaves its return address).
    fn effective_address(&self) -> Option<u32>;
    /// All registers, in the order the machine's panel or manual lists them.
    fn registers(&self) -> Vec<Register>;
    /// Set a register by name (case-insensitive).
    ///
    /// # Errors
    /// A message when there is no such register or the value does not fit.
    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String>;
    /// Machine cycles since power on.
    fn cycles(&self) -> u64;
    /// Emulated time since power on, in seconds.
    fn seconds(&self) -> f64;
    /// Machine cycles in `ns` nanoseconds of emulated time, rounded up: where a run limit in
    /// emulated time falls, as the machine's own run places it.
    fn cycles_for_ns(&self, ns: u64) -> u64;
    /// Save what the next instruction can change, so that [`Debuggable::restore`] undoes it.
    /// A snapshot need not hold the whole machine: the debugger takes one before every
    /// instruction it executes and restores them newest first, with no operator change in
    /// between. `None` when the next instruction cannot be undone (input already taken from
    /// the operator, say) or the machine keeps no snapshots (the default).
    fn snapshot(&self) -> Option<Box<dyn Any>> {
        None
    }
    /// Undo the instructions since `snapshot` was taken (see [`Debuggable::snapshot`]).
    ///
    /// # Errors
    /// A message when `snapshot` is not one of this machine's.
    fn restore(&mut self, snapshot: &dyn Any) -> Result<(), String> {
        let _ = snapshot;
        Err("this machine cannot step backwards".into())
    }
}

/// A machine lent to a debugger: a console that owns its machine drives it through a
/// `Debugger<&mut M>` for a command (`Debugger::with_machine`).
impl<T: Debuggable + ?Sized> Debuggable for &mut T {
    fn word_bits(&self) -> u32 {
        (**self).word_bits()
    }
    fn address_bits(&self) -> u32 {
        (**self).address_bits()
    }
    fn memory_words(&self) -> u32 {
        (**self).memory_words()
    }
    fn radix(&self) -> u32 {
        (**self).radix()
    }
    fn step(&mut self) -> Result<(), Stop> {
        (**self).step()
    }
    fn pc(&self) -> u32 {
        (**self).pc()
    }
    fn peek(&self, addr: u32) -> u32 {
        (**self).peek(addr)
    }
    fn poke(&mut self, addr: u32, value: u32) {
        (**self).poke(addr, value)
    }
    fn disassemble(&self, addr: u32, symbols: &Symbols) -> Decoded {
        (**self).disassemble(addr, symbols)
    }
    fn label_marks(&self) -> (&'static str, &'static str) {
        (**self).label_marks()
    }
    fn flow(&self, addr: u32) -> Flow {
        (**self).flow(addr)
    }
    fn effective_address(&self) -> Option<u32> {
        (**self).effective_address()
    }
    fn registers(&self) -> Vec<Register> {
        (**self).registers()
    }
    fn set_register(&mut self, name: &str, value: u64) -> Result<(), String> {
        (**self).set_register(name, value)
    }
    fn cycles(&self) -> u64 {
        (**self).cycles()
    }
    fn seconds(&self) -> f64 {
        (**self).seconds()
    }
    fn cycles_for_ns(&self, ns: u64) -> u64 {
        (**self).cycles_for_ns(ns)
    }
    fn snapshot(&self) -> Option<Box<dyn Any>> {
        (**self).snapshot()
    }
    fn restore(&mut self, snapshot: &dyn Any) -> Result<(), String> {
        (**self).restore(snapshot)
    }
}
