//! The whole machine: registers, core, devices and the cycle clock, with the instruction
//! loop a run's slices go through (the machines' one run loop, `machine_core::run`, applies
//! the limit and looks at the HALT switch between them) and the side-effect-free views a
//! debugger needs.

use crate::devices::{DeviceCycles, Io, Punch, Reader};
use crate::exec::{follow, Bus, Core};
use crate::memory::{Memory, MemorySize};
use crate::regs::Regs;
use machine_core::{run, trace, Breakpoints, Debuggable, Limit, Stop};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use t3300_isa::timing::{Nanos, DEFAULT_CYCLE_NS};
use t3300_isa::word::{Word, ADDR_MASK, MAX_MEMORY};
use t3300_isa::{decode, disassemble, Class, Flow, Image, Symbols};
use teletype::{Line, TtyHost};

/// How the machine is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub memory: MemorySize,
    /// Memory cycle time T_c in nanoseconds (default 2000 = 2.0 µs).
    pub cycle_ns: Nanos,
    /// Skip the typewriter's 100 ms per character (the host still sees every character).
    pub fast_typewriter: bool,
    /// Skip the paper-tape reader's and punch's frame times.
    pub fast_tape: bool,
    /// Give up waiting for a key after this many empty polls (one character time each) and
    /// stop with [`Stop::InputExhausted`]; `None` waits for ever (a live terminal).
    pub key_wait_limit: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            memory: MemorySize::K32,
            cycle_ns: DEFAULT_CYCLE_NS,
            fast_typewriter: false,
            fast_tape: false,
            key_wait_limit: None,
        }
    }
}

/// A host failure while loading a program.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LoadError {
    #[error("image word at {addr:05o} lies beyond the installed {k}K memory")]
    BeyondMemory { addr: u16, k: usize },
}

/// The T3300-R: CPU, core memory, console typewriter and paper tape.
pub struct Machine {
    pub(crate) core: Core,
    pub(crate) mem: Memory,
    config: Config,
    pub(crate) io: Io,
    breakpoints: Breakpoints,
    /// Labels for trace lines.
    symbols: Symbols,
    /// The operator's stop, shared with whoever may press it (Ctrl-C, Ctrl-E on another
    /// thread): the run loop [`Machine::run`] goes through looks at it every [`HALT_LOOK`]
    /// instructions.
    halt_switch: run::HaltSwitch,
}

/// Instructions run between two looks at the HALT switch: the slice of the machines' one
/// run loop (`machine_core::run`, whose header says why this many); nothing is looked at
/// when no switch is installed.
pub const HALT_LOOK: u64 = run::SLICE;

impl Machine {
    /// A machine with cleared memory and registers, its typewriter connected to `tty`.
    pub fn new<H: TtyHost + 'static>(config: Config, tty: H) -> Self {
        let config = Config {
            cycle_ns: config.cycle_ns.max(1),
            ..config
        };
        Self {
            core: Core::default(),
            mem: Memory::new(config.memory),
            io: Io {
                tty: Line::new(tty),
                reader: Reader::default(),
                punch: Punch::default(),
                dev: DeviceCycles::new(config.cycle_ns, config.fast_typewriter, config.fast_tape),
                cycle_ns: config.cycle_ns,
                key_wait_limit: config.key_wait_limit,
                key_waits: 0,
            },
            config,
            breakpoints: Breakpoints::new(ADDR_MASK.count_ones()),
            symbols: Symbols::new(),
            halt_switch: run::HaltSwitch::default(),
        }
    }

    /// The HALT switch: store `true` to stop a running machine between two instructions
    /// with `Stop::Operator`; the switch is released when the machine stops for it. As the
    /// HP 2100A's (`hp2100::Machine::halt_switch`), so one pair of stop keys serves both.
    pub fn halt_switch(&mut self) -> Arc<AtomicBool> {
        self.halt_switch.handle()
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Name addresses in trace lines with these labels.
    pub fn set_trace_symbols(&mut self, symbols: Symbols) {
        self.symbols = symbols;
    }

    /// Load an absolute image at its addresses and set P to its start address.
    pub fn load(&mut self, image: &Image) -> Result<(), LoadError> {
        for (&a, &w) in &image.words {
            if !self.mem.write(a, w) {
                return Err(LoadError::BeyondMemory {
                    addr: a,
                    k: self.mem.size() / 1024,
                });
            }
        }
        self.core.regs.p = image.start & ADDR_MASK;
        Ok(())
    }

    /// Mount a paper tape in the reader.
    pub fn mount_tape(&mut self, tape: Vec<u8>) {
        self.io.reader.load(tape);
    }

    /// The tape punched so far.
    pub fn punched(&self) -> &[u8] {
        self.io.punch.tape()
    }

    /// Take the punched tape out.
    pub fn take_punched(&mut self) -> Vec<u8> {
        self.io.punch.take()
    }

    /// Frames left in the reader.
    pub fn tape_remaining(&self) -> usize {
        self.io.reader.remaining()
    }

    /// Connect the typewriter to `host` in place of the current one.
    pub fn attach<H: TtyHost + 'static>(&mut self, host: H) {
        self.io.tty.attach(host);
    }

    /// The typewriter's host, if it is an `H` (see [`teletype::Line`]).
    pub fn host<H: 'static>(&self) -> Option<&H> {
        self.io.tty.host()
    }

    /// The typewriter's host, if it is an `H`.
    pub fn host_mut<H: 'static>(&mut self) -> Option<&mut H> {
        self.io.tty.host_mut()
    }

    /// Take the typewriter's host back if it is an `H`, leaving the typewriter offline.
    pub fn detach<H: 'static>(&mut self) -> Option<H> {
        self.io.tty.detach()
    }

    // ---- running -------------------------------------------------------------------------

    /// Execute one instruction (the step signature of both machines and of
    /// `machine_core::Debuggable`).
    ///
    /// # Errors
    /// The stop that ended the instruction.
    pub fn step(&mut self) -> Result<(), Stop> {
        if log::log_enabled!(target: "t3300::cpu", log::Level::Trace) {
            let (line, r) = self.traced_step();
            log::trace!(target: "t3300::cpu", "{line}");
            return r;
        }
        self.execute()
    }

    /// Execute one instruction and give its trace line (`machine_core::trace`): the
    /// effective address from before it, the registers after.
    pub fn traced_step(&mut self) -> (String, Result<(), Stop>) {
        let radix = trace::radix_of(self);
        let at = u32::from(self.core.regs.p);
        let d = Debuggable::disassemble(self, at, &self.symbols);
        let loc = trace::location(&radix, at, &d.words, "", &d.text);
        let ea = Debuggable::effective_address(self);
        let r = self.execute();
        let regs = Debuggable::registers(self);
        let line = trace::instruction(&radix, &loc, ea, &regs, self.core.cycles);
        (line, r)
    }

    fn execute(&mut self) -> Result<(), Stop> {
        let (cells, size) = self.mem.parts();
        let mut bus = Bus {
            cells,
            size,
            io: &mut self.io,
        };
        bus.exec(&mut self.core)
    }

    /// Run until a stop, the limit or the HALT switch, through the machines' one run loop
    /// (`machine_core::run`), which looks at the switch between slices of [`HALT_LOOK`]
    /// instructions. A breakpoint at the starting P does not stop the run (so "continue"
    /// leaves a breakpoint it is sitting on).
    pub fn run(&mut self, limit: Limit) -> Stop {
        let switch = self.halt_switch.clone();
        run::run_machine(&mut Running(self), limit, &switch)
    }

    /// One slice of a run: until a stop, a breakpoint, or the counts meet `bound` (`None`).
    /// The instruction at P in a run's first slice executes without a look for a
    /// breakpoint.
    fn slice(&mut self, bound: run::Bound) -> Option<Stop> {
        if bound.first {
            if bound.reached(self.core.instructions, self.core.cycles) {
                return None;
            }
            if let Err(s) = self.step() {
                return Some(s);
            }
        }
        let trace = log::log_enabled!(target: "t3300::cpu", log::Level::Trace);
        match (!self.breakpoints.is_empty(), trace) {
            (false, false) => self.run_loop::<false, false>(bound),
            (true, false) => self.run_loop::<true, false>(bound),
            (false, true) => self.run_loop::<false, true>(bound),
            (true, true) => self.run_loop::<true, true>(bound),
        }
    }

    fn run_loop<const BP: bool, const TRACE: bool>(&mut self, bound: run::Bound) -> Option<Stop> {
        if TRACE {
            return self.run_traced::<BP>(bound);
        }
        let (cells, size) = self.mem.parts();
        fast_loop::<BP>(
            &mut self.core,
            cells,
            size,
            &mut self.io,
            &self.breakpoints,
            bound,
        )
    }

    /// The run loop with a trace line before every instruction.
    fn run_traced<const BP: bool>(&mut self, bound: run::Bound) -> Option<Stop> {
        loop {
            if bound.reached(self.core.instructions, self.core.cycles) {
                return None;
            }
            if BP && self.is_breakpoint(self.core.regs.p) {
                return Some(Stop::Breakpoint {
                    p: u32::from(self.core.regs.p),
                });
            }
            if let Err(s) = self.step() {
                return Some(s);
            }
        }
    }

    // ---- breakpoints ---------------------------------------------------------------------

    pub fn set_breakpoint(&mut self, a: u16) {
        self.breakpoints.insert(u32::from(a));
    }

    pub fn clear_breakpoint(&mut self, a: u16) {
        self.breakpoints.remove(u32::from(a));
    }

    pub fn is_breakpoint(&self, a: u16) -> bool {
        self.breakpoints.contains(u32::from(a))
    }

    /// The breakpoints [`Machine::run`] stops at (the console's `break`).
    pub fn breakpoints_mut(&mut self) -> &mut Breakpoints {
        &mut self.breakpoints
    }

    // ---- views without side effects or time -------------------------------------------

    /// Read a word without time or side effects.
    pub fn peek(&self, a: u16) -> Word {
        self.mem.read(a)
    }

    /// Store a word without time; ignored (false) above the installed memory.
    pub fn poke(&mut self, a: u16, w: Word) -> bool {
        self.mem.write(a, w)
    }

    pub fn regs(&self) -> &Regs {
        &self.core.regs
    }

    pub fn regs_mut(&mut self) -> &mut Regs {
        &mut self.core.regs
    }

    /// The registers as (name, value) pairs: P, A, Q, X1, X2, X3, OV.
    pub fn registers(&self) -> Vec<(&'static str, u32)> {
        self.core.regs.list()
    }

    /// Set a register by name; false for an unknown name.
    pub fn set_register(&mut self, name: &str, v: u32) -> bool {
        self.core.regs.set(name, v)
    }

    pub fn pc(&self) -> u16 {
        self.core.regs.p
    }

    /// Memory cycles so far.
    pub fn cycles(&self) -> u64 {
        self.core.cycles
    }

    /// Instructions completed so far.
    pub fn instructions(&self) -> u64 {
        self.core.instructions
    }

    /// Machine time so far: cycles × T_c.
    pub fn time_ns(&self) -> Nanos {
        self.core.cycles * self.config.cycle_ns
    }

    /// Installed memory in words.
    pub fn memory_words(&self) -> usize {
        self.mem.size()
    }

    /// Disassemble the word at `a` with `+label+` names.
    pub fn disassemble_at(&self, a: u16, syms: &Symbols) -> String {
        disassemble(self.peek(a), syms)
    }

    /// The control flow of the instruction at `a` (Normal for words that are not
    /// instructions).
    pub fn flow_at(&self, a: u16) -> Flow {
        decode(self.peek(a)).map_or(Flow::Normal, |i| i.info.flow)
    }

    /// The effective address of the instruction at P, as it would be computed now; `None`
    /// when it has none (immediate, shift, operate, I/O, illegal) or loops in indirection.
    pub fn effective_address(&self) -> Option<u16> {
        let i = decode(self.peek(self.core.regs.p))?;
        let ea = match i.info.class {
            Class::Mem => i.addr.wrapping_add(self.core.regs.xi(i.x)) & ADDR_MASK,
            Class::RegMem | Class::RegJump => i.addr,
            _ => return None,
        };
        if i.indirect {
            follow(self.mem.cells(), self.core.regs, ea).map(|(ea, _)| ea)
        } else {
            Some(ea)
        }
    }
}

/// A run as the machines' run loop sees it.
struct Running<'a>(&'a mut Machine);

impl run::Slices for Running<'_> {
    type End = Stop;

    fn instructions(&self) -> u64 {
        self.0.core.instructions
    }

    fn cycles(&self) -> u64 {
        self.0.core.cycles
    }

    fn p(&self) -> u32 {
        u32::from(self.0.core.regs.p)
    }

    fn cycles_for_ns(&self, ns: u64) -> u64 {
        ns.div_ceil(self.0.config.cycle_ns)
    }

    fn slice(&mut self, bound: run::Bound) -> Option<Stop> {
        self.0.slice(bound)
    }
}

/// The hot loop. The CPU state lives in the local `c`, and the memory array arrives as a
/// pointer of its own, so both stay in host registers until the loop stops.
#[inline(never)]
fn fast_loop<const BP: bool>(
    core: &mut Core,
    cells: &mut [Word; MAX_MEMORY],
    size: usize,
    io: &mut Io,
    breakpoints: &Breakpoints,
    bound: run::Bound,
) -> Option<Stop> {
    let mut bus = Bus { cells, size, io };
    let mut c = *core;
    let stop = loop {
        if bound.reached(c.instructions, c.cycles) {
            break None;
        }
        if BP && breakpoints.contains(u32::from(c.regs.p)) {
            break Some(Stop::Breakpoint {
                p: u32::from(c.regs.p),
            });
        }
        if let Err(s) = bus.exec(&mut c) {
            break Some(s);
        }
    };
    *core = c;
    stop
}
