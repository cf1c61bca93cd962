//! NHEX's engine on the machine, through the program's maintenance entries (100B, 101B and
//! 102B; see the header of `asm/hp2100/nhex.asm`): a position is deposited into `POS` from the
//! panel, the program is started at the entry and halts with the answer in memory. The
//! differential tests and `replay --machine` use these to put the machine in exactly the
//! positions the reference engine sees.

use crate::rom;
use crate::tape::{boot, start_at, Error};
use hp2100::panel::Limit;
use hp2100::Machine;
use nhex::board::{Board, Cell, Side, NMAX};
use nhex::engine::Choice;

/// Longest emulated time an entry may take before the run is stopped.
const ENTRY_LIMIT: f64 = 60.0;

/// Addresses of the program's variables, from the listing.
#[derive(Clone, Copy, Debug)]
struct Addrs {
    xmov: u16,
    xwin: u16,
    xevl: u16,
    pos: u16,
    rmov: u16,
    ncan: u16,
    cand: u16,
    cvhi: u16,
    cvlo: u16,
    nscr: u16,
    scor: u16,
    wsid: u16,
    wres: u16,
    eview: u16,
    ll: u16,
    lh: u16,
    novf: u16,
    nl: u16,
}

fn addr(name: &'static str) -> Result<u16, Error> {
    rom::symbols()
        .value(name)
        .map(|v| v as u16)
        .ok_or(Error::Symbol(name))
}

impl Addrs {
    fn new() -> Result<Addrs, Error> {
        Ok(Addrs {
            xmov: addr("XMOV")?,
            xwin: addr("XWIN")?,
            xevl: addr("XEVL")?,
            pos: addr("POS")?,
            rmov: addr("RMOV")?,
            ncan: addr("NCAN")?,
            cand: addr("CAND")?,
            cvhi: addr("CVHI")?,
            cvlo: addr("CVLO")?,
            nscr: addr("NSCR")?,
            scor: addr("SCOR")?,
            wsid: addr("WSID")?,
            wres: addr("WRES")?,
            eview: addr("EVIEW")?,
            ll: addr("LL")?,
            lh: addr("LH")?,
            novf: addr("NOVF")?,
            nl: addr("NL")?,
        })
    }
}

/// The machine's answer for one position, with the cost of computing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timed<T> {
    pub value: T,
    /// Emulated 2100A cycles from the start at the entry to the halt.
    pub cycles: u64,
}

impl<T> Timed<T> {
    /// Emulated seconds.
    pub fn seconds(&self) -> f64 {
        self.cycles as f64 * hp2100::timing::CYCLE_NS as f64 / 1e9
    }
}

/// A booted 2100A running NHEX's engine on deposited positions.
pub struct MachineEngine {
    m: Machine,
    a: Addrs,
}

impl MachineEngine {
    /// Boot the tape (the tables are expanded at the first entry).
    pub fn new() -> Result<MachineEngine, Error> {
        Ok(MachineEngine {
            m: boot()?,
            a: Addrs::new()?,
        })
    }

    fn deposit(&mut self, b: &Board) {
        for i in 0..NMAX * NMAX {
            let v = match b.get(Cell(i as u8)) {
                1 => 1u16,
                -1 => 0xffff,
                _ => 0,
            };
            self.m.poke(self.a.pos + i as u16, v);
        }
    }

    fn run(&mut self, entry: u16, halt: u32) -> Result<u64, Error> {
        start_at(&mut self.m, entry);
        let c0 = self.m.cycles;
        let stop = self.m.run(Limit::seconds(ENTRY_LIMIT));
        if stop.halt_code() != Some(halt) {
            return Err(Error::Entry { entry, stop });
        }
        Ok(self.m.cycles - c0)
    }

    fn word(&self, a: u16) -> u16 {
        self.m.peek(a)
    }

    /// NHEX's move in `b` (NHEX to move) with its candidates and look-ahead scores, as
    /// [`nhex::engine::Engine::choose_explained`] gives them.
    pub fn choose_explained(&mut self, b: &Board) -> Result<Timed<Option<Choice>>, Error> {
        self.deposit(b);
        let cycles = self.run(self.a.xmov, 0o102001)?;
        let rmov = self.word(self.a.rmov) as i16;
        let value = if rmov < 0 {
            None
        } else {
            let n = self.word(self.a.ncan) as usize;
            let candidates = (0..n.min(5))
                .map(|i| {
                    let c = Cell(self.word(self.a.cand + i as u16) as u8);
                    let v = i32::from(self.word(self.a.cvhi + i as u16)) * 32768
                        + i32::from(self.word(self.a.cvlo + i as u16));
                    (c, v)
                })
                .collect();
            let ns = self.word(self.a.nscr) as usize;
            let scores = (0..ns.min(5))
                .map(|i| i32::from(self.word(self.a.scor + i as u16) as i16))
                .collect();
            Some(Choice {
                cell: Cell(rmov as u8),
                candidates,
                scores,
            })
        };
        Ok(Timed { value, cycles })
    }

    /// NHEX's move in `b`.
    pub fn choose(&mut self, b: &Board) -> Result<Option<Cell>, Error> {
        Ok(self.choose_explained(b)?.value.map(|c| c.cell))
    }

    /// The announcement test for `s` in `b`.
    pub fn has_won(&mut self, b: &Board, s: Side) -> Result<bool, Error> {
        Ok(self.has_won_timed(b, s)?.value)
    }

    /// The announcement test with its cost.
    pub fn has_won_timed(&mut self, b: &Board, s: Side) -> Result<Timed<bool>, Error> {
        self.deposit(b);
        self.m.poke(self.a.wsid, s.k() as i16 as u16);
        let cycles = self.run(self.a.xwin, 0o102002)?;
        Ok(Timed {
            value: self.word(self.a.wres) != 0,
            cycles,
        })
    }

    /// The evaluation table of `b`: L1 (`second` false) or L2, cell by cell.
    pub fn evaluate(&mut self, b: &Board, second: bool) -> Result<[i32; NMAX * NMAX], Error> {
        self.deposit(b);
        self.m.poke(self.a.eview, u16::from(second));
        self.run(self.a.xevl, 0o102003)?;
        let mut l = [0i32; NMAX * NMAX];
        for (i, x) in l.iter_mut().enumerate() {
            *x = i32::from(self.word(self.a.lh + i as u16)) * 32768
                + i32::from(self.word(self.a.ll + i as u16));
        }
        Ok(l)
    }

    /// The machine, to examine its memory (with the symbols of [`rom::symbols`]).
    pub fn machine(&self) -> &Machine {
        &self.m
    }

    /// One-move connections recorded for the last position analysed, and the number ever
    /// dropped because the table was full.
    pub fn connections(&self) -> (usize, usize) {
        (
            usize::from(self.word(self.a.nl)),
            usize::from(self.word(self.a.novf)),
        )
    }
}
