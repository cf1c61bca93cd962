//! What a machine offers a debugger: the [`Debuggable`] trait.
//!
//! Both emulated machines implement it: the HP 2100A (16-bit words, 15-bit addresses, octal)
//! and the T3300-R (24-bit words). The [`crate::Debugger`] knows nothing else about them: word
//! and address widths and the radix come from the machine, and so do disassembly (with the
//! debugger's symbols), registers and time.

use crate::Stop;

/// What an instruction does to the flow of control (the `next` command steps over a
/// [`Flow::Call`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Normal,
    /// A subroutine call: the callee returns to the word after the call, or (a "skip return")
    /// to the one after that.
    Call,
    Jump,
    /// May skip the next word.
    Skip,
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
    /// The instruction at `addr`; `symbol` names addresses.
    fn disassemble(&self, addr: u32, symbol: &dyn Fn(u32) -> Option<String>) -> Decoded;
    /// The operand address the next instruction will use, if it has one.
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
}
