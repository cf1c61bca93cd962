//! The machine: CPU registers, core memory, the I/O cards and the emulated clock.

use crate::io::{Backplane, Cards, Slot};
/// The cards' usual select codes, each declared in its card's file.
pub use crate::io::{SC_MP, SC_PTP, SC_PTR, SC_TTY};

/// Words in the protected loader area at the top of memory.
pub const LOADER_WORDS: u32 = 64;

/// Machine configuration.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Installed core, in words: 4K to 32K in steps of 4K (16K by default).
    pub memory_words: u32,
    /// Longest indirect chain before the machine stops (real hardware hangs for ever on a
    /// loop; SIMH stops after 16 levels by default).
    pub indirect_limit: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            memory_words: 16 * 1024,
            indirect_limit: 16,
        }
    }
}

/// Bad configuration values.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("memory size {0} words: must be 4K to 32K in steps of 4K")]
    MemorySize(u32),
}

/// An HP 2100A with its standard I/O: teleprinter, photoreader and punch.
pub struct Machine {
    /// A register (also memory address 0 for the CPU).
    pub a: u16,
    /// B register (also memory address 1 for the CPU).
    pub b: u16,
    /// Program counter (15 bits).
    pub p: u16,
    /// Switch register; on the 2100 `OTA 1` loads it too (the S display).
    pub s: u16,
    /// Extend and overflow.
    pub e: bool,
    pub o: bool,
    /// T, the memory data register: the word of the last memory cycle, as the front panel
    /// shows it (the HLT word after a halt, the HLT's fetch being its last cycle).
    pub t: u16,
    /// Central interrupt register: select code of the last interrupt (`LIA 4`).
    pub cir: u8,
    /// Interrupt system on (`STF 0`) or off (`CLF 0`).
    pub ion: bool,
    /// Interrupts held off for one instruction (after JMP,I, JSB,I, STC, CLC, STF, CLF, HLT).
    pub(crate) ion_defer: bool,
    pub(crate) mem: Box<[u16; 32768]>,
    pub(crate) mem_words: u32,
    /// Reads and writes below this address go straight to core (above 1, below the loader
    /// area when it is protected, or below the end of memory).
    pub(crate) fast_limit: u32,
    /// CPU writes at or above this address (and below `fast_limit`) go straight to core: 2, or
    /// the memory-protect fence while protection is on.
    pub(crate) write_floor: u32,
    pub(crate) loader_enabled: bool,
    pub(crate) indirect_limit: u32,
    /// Memory cycles since power on.
    pub cycles: u64,
    /// Instructions executed since power on.
    pub instructions: u64,
    pub(crate) next_event: u64,
    /// The select code requesting an interrupt, or 0.
    pub(crate) intrq: u8,
    pub(crate) trace: bool,
    /// The front panel's HALT switch, shared with whoever may press it (another thread).
    pub(crate) halt_switch: machine_core::run::HaltSwitch,
    /// Where RUN stops before executing the instruction (panel note 5).
    pub breakpoints: machine_core::Breakpoints,
    /// The I/O cards, as the registry in `io/mod.rs` lists them.
    pub cards: Cards,
    /// Which select code each card answers to.
    pub(crate) backplane: Backplane,
    /// Whether RUN passes over waiting loops (`wait.rs`); the CPU's word that a short jump
    /// back has just been taken, from `wait_tail`; the loops found not waiting.
    pub(crate) wait_skipping: bool,
    pub(crate) wait_hint: bool,
    pub(crate) wait_tail: u16,
    pub(crate) not_waiting: [u16; crate::wait::REMEMBERED],
}

impl Machine {
    /// The cards' slots, in the registry's order (`io/mod.rs`).
    pub const SLOTS: &'static [Slot] = Cards::SLOTS;
    /// The cards' media (`io/media.rs`), as the registry declares them.
    pub const MEDIA: &'static [&'static crate::io::media::Media] = Cards::MEDIA;

    /// Power on: A = B = S = P = 0, E = 1, O = 0, the interrupt system off; core is not
    /// cleared on a 2100A, but a new machine's core holds zeros.
    ///
    /// # Errors
    /// A memory size that the 2100A cannot have.
    pub fn new(config: Config) -> Result<Self, ConfigError> {
        let mut m = Self {
            a: 0,
            b: 0,
            p: 0,
            s: 0,
            e: true,
            o: false,
            t: 0,
            cir: 0,
            ion: false,
            ion_defer: false,
            mem: Box::new([0; 32768]),
            mem_words: 0,
            fast_limit: 0,
            write_floor: 2,
            loader_enabled: false,
            indirect_limit: config.indirect_limit.max(1),
            cycles: 0,
            instructions: 0,
            next_event: u64::MAX,
            intrq: 0,
            trace: false,
            halt_switch: machine_core::run::HaltSwitch::default(),
            breakpoints: machine_core::Breakpoints::new(15),
            cards: Cards::default(),
            backplane: Backplane::new(),
            wait_skipping: true,
            wait_hint: false,
            wait_tail: 0,
            not_waiting: [u16::MAX; crate::wait::REMEMBERED],
        };
        m.set_memory_size(config.memory_words)?;
        m.refresh_trace();
        m.io_changed();
        Ok(m)
    }

    /// Change the installed memory (`set cpu 16K`). Core above the new size is kept but
    /// unreachable, as if the modules were pulled.
    ///
    /// # Errors
    /// A size that is not 4K-32K in steps of 4K.
    pub fn set_memory_size(&mut self, words: u32) -> Result<(), ConfigError> {
        if !(4096..=32768).contains(&words) || !words.is_multiple_of(4096) {
            return Err(ConfigError::MemorySize(words));
        }
        self.mem_words = words;
        self.update_fast_limit();
        Ok(())
    }

    pub fn memory_words(&self) -> u32 {
        self.mem_words
    }

    /// First address of the protected loader area (037700 on 16K).
    pub fn loader_base(&self) -> u16 {
        (self.mem_words - LOADER_WORDS) as u16
    }

    pub(crate) fn update_fast_limit(&mut self) {
        self.fast_limit = if self.loader_enabled {
            self.mem_words
        } else {
            self.mem_words - LOADER_WORDS
        };
    }

    /// Re-read whether instruction tracing is on (the `hp2100::cpu::instr` log target).
    pub fn refresh_trace(&mut self) {
        self.trace = log::log_enabled!(target: "hp2100::cpu::instr", log::Level::Trace);
    }

    /// Emulated 2100A time since power on, in nanoseconds.
    pub fn time_ns(&self) -> u64 {
        self.cycles * crate::timing::CYCLE_NS
    }

    /// Emulated 2100A time since power on, in seconds.
    pub fn seconds(&self) -> f64 {
        self.time_ns() as f64 / 1e9
    }

    // ----- memory as the CPU sees it -----

    /// A CPU read: addresses 0 and 1 are A and B; non-existent memory reads 0; the loader
    /// area reads 0 while protected.
    #[inline(always)]
    pub(crate) fn read(&self, addr: u16) -> u16 {
        let a = u32::from(addr & 0x7fff);
        if a >= 2 && a < self.fast_limit {
            self.mem[(a & 0x7fff) as usize]
        } else {
            self.read_slow(a)
        }
    }

    #[cold]
    fn read_slow(&self, a: u32) -> u16 {
        match a {
            0 => self.a,
            1 => self.b,
            _ if a < self.mem_words
                && (self.loader_enabled || a < self.mem_words - LOADER_WORDS) =>
            {
                self.mem[a as usize]
            }
            _ => 0,
        }
    }

    /// A CPU read that may be an instruction's last memory cycle (an operand): with `T` the
    /// word stays in T, the memory data register the front panel shows (`panel.rs` note 6).
    #[inline(always)]
    pub(crate) fn read_cycle<const T: bool>(&mut self, addr: u16) -> u16 {
        let v = self.read(addr);
        if T {
            self.t = v;
        }
        v
    }

    /// A CPU write that may be an instruction's last memory cycle: with `T` the word stays in
    /// T.
    #[inline(always)]
    pub(crate) fn write_cycle<const T: bool>(&mut self, addr: u16, v: u16) -> bool {
        if T {
            self.t = v;
        }
        self.write(addr, v)
    }

    /// A CPU write (the same rules; writes to non-existent or protected memory are lost).
    /// `false`: a memory-protect violation, which abandons the instruction.
    #[inline(always)]
    pub(crate) fn write(&mut self, addr: u16, v: u16) -> bool {
        let a = u32::from(addr & 0x7fff);
        let done = if a >= self.write_floor && a < self.fast_limit {
            self.mem[(a & 0x7fff) as usize] = v;
            true
        } else {
            self.write_slow(a, v)
        };
        if self.trace && done {
            self.trace_write(a, v);
        }
        done
    }

    /// A memory trace line (`machine_core::trace`): the address, the word written, `write`.
    #[cold]
    #[inline(never)]
    fn trace_write(&self, a: u32, v: u16) {
        use machine_core::trace;
        let line = trace::location(&trace::radix_of(self), a, &[u32::from(v)], "", "write");
        log::trace!(target: "hp2100::mem", "{}", line.trim_end());
    }

    #[cold]
    fn write_slow(&mut self, a: u32, v: u16) -> bool {
        match a {
            0 => self.a = v,
            1 => self.b = v,
            _ if self.cards.mp.enabled() && a < u32::from(self.cards.mp.fence) => {
                // A memory-protect violation: the write is not done. Every instruction that
                // writes memory has P one past its own word here (DST checks before writing).
                self.mp_violation(self.p.wrapping_sub(1));
                return false;
            }
            _ if a < self.mem_words
                && (self.loader_enabled || a < self.mem_words - LOADER_WORDS) =>
            {
                self.mem[a as usize] = v;
            }
            _ => {}
        }
        true
    }

    /// Read without side effects or time, as the CPU would see it (A/B at 0/1, protection).
    pub fn peek(&self, addr: u16) -> u16 {
        self.read(addr)
    }

    /// Examine core as the panel does: addresses 0 and 1 are the core words, and the loader
    /// area is visible whether or not it is protected.
    pub fn peek_core(&self, addr: u16) -> u16 {
        let a = u32::from(addr & 0x7fff);
        if a < self.mem_words {
            self.mem[a as usize]
        } else {
            0
        }
    }

    /// Deposit into core as the panel does (non-existent memory ignores it).
    pub fn poke_core(&mut self, addr: u16, v: u16) {
        let a = u32::from(addr & 0x7fff);
        if a < self.mem_words {
            self.mem[a as usize] = v;
        }
    }

    /// Deposit as the CPU would write (0 and 1 are A and B).
    pub fn poke(&mut self, addr: u16, v: u16) {
        match addr & 0x7fff {
            0 => self.a = v,
            1 => self.b = v,
            _ => self.poke_core(addr, v),
        }
    }
}
