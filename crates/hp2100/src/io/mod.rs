//! The I/O backplane: interface cards, their flip-flops, and interrupt priority.
//!
//! Each card has the three flip-flops of the 2100A interface: **control**, **flag** and
//! **flag buffer** (`docs/hp2100a.md` §1.7). STF sets the flag buffer and the flag follows it;
//! CLF clears both; STC/CLC set and clear control. A card requests an interrupt when control,
//! flag and flag buffer are set and it holds priority; priority runs by select code, lowest
//! first, and a card with control and flag set blocks every card below it until one of them
//! is cleared, even after its interrupt was acknowledged (which clears only the flag buffer).
//!
//! Cards here: the memory protect ([`MemoryProtect`], select code 5), the 12531C teleprinter
//! interface ([`Tty12531`], select code 11), the 12597A-002 photoreader interface with a 2748
//! reader ([`Photoreader`], 10), the 12597A-005 punch interface ([`Punch`], 12), and, when the
//! operator puts them in, the 12539C time base generator ([`TimeBase`], 13) and the 12566B
//! microcircuit interface ([`Microcircuit`], SIMH's MC1, 45) and the 12557A disc interface
//! ([`Disc`], SIMH's DPD and DPC, 22 and 23), and the two DMA channels
//! ([`Channel`], 6 and 7, with their word registers at 2 and 3). An empty slot behaves as on the
//! real machine: no card drives the skip line, so neither SFS nor SFC skips, and it reads 0.
//!
//! The cards are one registry, the `cards!` list below: a card is its own file (a type
//! implementing [`Card`], its select code, what the console shows of it) and one line of the
//! list, which makes the file's module, the card's field of [`Cards`] (the machine's `cards`),
//! its [`Slot`]s ([`Cards::SLOTS`]: the usual select code, SIMH's name, where in [`Cards`]
//! the card is kept) and, for a card with a tape or a disc, its [`Media`] (`Machine::MEDIA`:
//! what the console's `attach`, `detach` and `boot` do with it). [`Backplane`] records where each card is now (the console may take a card out
//! or move it) and the cards in select-code order, which is the priority order: the machine
//! walks that for priority, device service, POPIO and CRS, and the console finds a card's
//! flip-flops through the list. A card without a device event costs the instruction loop
//! nothing, since the loop looks only at the earliest event.
//!
//! The cards and the backplane know nothing of the machine: what the machine does with them
//! (finding a card by select code, the event table's upkeep, device service, DMA's cycles, the
//! power-fail logic, PRESET and CRS) is `crate::bus`. Only the media (`media.rs`: what the
//! console's `attach`, `detach` and `boot` do with a card's tape or disc) act on the machine.
//!
//! Time: cards receive the machine's cycle count and schedule their own next event in cycles
//! (`crate::timing::cycles_for_ns`); the machine polls only when the earliest event is due.

/// The registry's form (the list below the `mod` lines): for each card its module, field and
/// type, and its slots; see the list.
macro_rules! cards {
    ($($(#[$doc:meta])* $field:ident: $module:ident::$ty:ident $([$n:literal])?
        $(= $(($sc:expr, $name:literal, $installed:expr $(, $i:literal)?)),+)?
        $(=> $media:expr)?;)*) => {
        $(pub(crate) mod $module;
        pub use $module::$ty;)*

        /// Every card of the machine, one field each, as the registry lists them.
        #[derive(Default)]
        pub struct Cards {
            $($(#[$doc])* pub $field: card_type!($ty $([$n])?),)*
        }

        impl Cards {
            /// The cards' slots, in the registry's order.
            pub const SLOTS: &'static [Slot] = &[$($($(Slot {
                sc: $sc,
                name: $name,
                installed: $installed,
                group: stringify!($field),
                card: |c| &c.$field$([$i])?,
                card_mut: |c| &mut c.$field$([$i])?,
            },)+)?)*];

            /// The media of the cards that have one (`attach`, `detach`, `boot`), in the
            /// registry's order.
            pub const MEDIA: &'static [&'static Media] = &[$($(&$media,)?)*];
        }
    };
}

/// A registry field's type: the card, or an array of them.
macro_rules! card_type {
    ($ty:ident) => {
        $ty
    };
    ($ty:ident [$n:literal]) => {
        [$ty; $n]
    };
}

pub(crate) mod backplane;
pub mod media;

pub use backplane::Backplane;
pub use dma::{SC_DMA, SC_DMA_WORDS};
pub use dp::{AttachError, AttachMode, IMAGE_BYTES, SC_DPD};
pub use media::{Booted, Media};
pub use mp::SC_MP;
pub use ptp::SC_PTP;
pub use ptr::SC_PTR;
pub use pwr::{HOLD_UP_NS, SC_PWR};
pub use tty::SC_TTY;

// The registry: every card the machine has, one line each (note on the backplane above).
// `field: module::Type` makes the card's module, the machine's field `cards.field` and, after
// `=`, its slots: (usual select code, SIMH's name, in the machine from power on[, element]);
// after `=>`, the medium the console's `attach`, `detach` and `boot` reach (`media.rs`).
cards! {
    mp: mp::MemoryProtect = (mp::SC_MP, "MP", true);
    /// The two DMA channels (select codes 6 and 7, their control words through 2 and 3).
    dma: dma::Channel[2] = (dma::SC_DMA, "DMA1", false, 0), (dma::SC_DMA + 1, "DMA2", false, 1);
    ptr: ptr::Photoreader = (ptr::SC_PTR, "PTR", true) => ptr::MEDIA;
    tty: tty::Tty12531 = (tty::SC_TTY, "TTY", true);
    ptp: ptp::Punch = (ptp::SC_PTP, "PTP", true) => ptp::MEDIA;
    tbg: tbg::TimeBase = (tbg::SC_TBG, "TBG", false);
    mc1: mc::Microcircuit = (mc::SC_MC, "MC1", false);
    /// The 12557A disc interface: its data channel (22) and command channel (23) share the
    /// controller (`io/dp.rs` note 3).
    dp: dp::Disc = (dp::SC_DPD, "DPD", false, 0), (dp::SC_DPD + 1, "DPC", false, 1) => dp::MEDIA;
    /// The power-fail logic at select code 4 (the CPU's own: no slot).
    pwr: pwr::PowerFail;
}

use machine_core::scp::state::{self, Fields};
use machine_core::Stop;
use std::any::Any;

/// One slot of the backplane: the card's select code, its name as the operator knows it, and
/// where in [`Cards`] the card is kept.
pub struct Slot {
    /// The select code the card has unless the operator moves it.
    pub sc: u8,
    pub name: &'static str,
    /// In the machine from power on (SIMH's MC1 is not, until `set mc1 enabled`).
    pub installed: bool,
    /// The registry's field the slot is kept in: slots of one field share a card's state
    /// (the disc's two channels, the two DMA channels' word registers), so an I/O instruction
    /// to one may change the other (`backplane.rs`, the event table).
    pub group: &'static str,
    pub card: fn(&Cards) -> &dyn Card,
    pub card_mut: fn(&mut Cards) -> &mut dyn Card,
}

impl Slot {
    /// CRS (`CLC 0`) and POPIO reach the cards from select code 6 up; 0-5 are the CPU's own
    /// functions (memory protect takes CRS only from PRESET).
    pub const fn takes_crs(sc: u8) -> bool {
        sc >= 6
    }
}

/// The flip-flops of a card whose [`FlipFlops`] are its field `ff` (the accessors of [`Card`]).
macro_rules! flip_flops {
    () => {
        fn ff(&self) -> &$crate::io::FlipFlops {
            &self.ff
        }
        fn ff_mut(&mut self) -> &mut $crate::io::FlipFlops {
            &mut self.ff
        }
    };
}
pub(crate) use flip_flops;

/// The three flip-flops every interface card has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlipFlops {
    pub control: bool,
    pub flag: bool,
    pub flag_buffer: bool,
}

/// A card's two-way setting by SIMH's word for either way (a test connector, a jumper):
/// `on` sets `flag`, `off` clears it; `false` for another word ([`Card::set_option`]).
pub(crate) fn set_two_way(flag: &mut bool, word: &str, on: &str, off: &str) -> bool {
    match word {
        w if w == on => *flag = true,
        w if w == off => *flag = false,
        _ => return false,
    }
    true
}

/// `show DEV`'s words for a card whose test connector may be plugged in.
pub(crate) fn diagnostic_status(plugged: bool) -> Vec<String> {
    if plugged {
        vec!["diagnostic mode".into()]
    } else {
        Vec::new()
    }
}

impl FlipFlops {
    /// Control, flag and flag buffer for `save` and `restore`.
    pub fn fields(&mut self, f: &mut dyn Fields) {
        state::value(f, "ctl", &mut self.control);
        state::value(f, "flg", &mut self.flag);
        state::value(f, "fbf", &mut self.flag_buffer);
    }

    /// The flip-flops' names as the console shows them: control, flag, flag buffer.
    pub const NAMES: [&'static str; 3] = ["CTL", "FLG", "FBF"];

    /// A flip-flop by its name in [`Self::NAMES`] (any case).
    pub fn get(&self, name: &str) -> Option<bool> {
        let n = name.to_ascii_uppercase();
        Some(match n.as_str() {
            "CTL" => self.control,
            "FLG" => self.flag,
            "FBF" => self.flag_buffer,
            _ => return None,
        })
    }

    /// Set a flip-flop by its name; `false` if there is none of that name.
    pub fn set(&mut self, name: &str, value: bool) -> bool {
        let n = name.to_ascii_uppercase();
        match n.as_str() {
            "CTL" => self.control = value,
            "FLG" => self.flag = value,
            "FBF" => self.flag_buffer = value,
            _ => return false,
        }
        true
    }

    /// STF, or a device finishing: the flag buffer sets and the flag follows it (ENF).
    pub fn set_flag(&mut self) {
        self.flag_buffer = true;
        self.flag = true;
    }

    pub fn clear_flag(&mut self) {
        self.flag_buffer = false;
        self.flag = false;
    }
}

/// An interface card in an I/O slot. The backplane handles the flip-flops for STF, CLF, SFS,
/// SFC and the control flip-flop for STC/CLC; the card sees the signals that start or stop
/// its device, and its data path.
pub trait Card {
    /// The card's flip-flops (written by [`flip_flops!`]).
    fn ff(&self) -> &FlipFlops;
    fn ff_mut(&mut self) -> &mut FlipFlops;
    /// LIx/MIx: the data the card puts on the I/O bus.
    fn ioi(&mut self) -> u16 {
        0
    }
    /// OTx: data from the I/O bus.
    fn ioo(&mut self, _data: u16) {}
    /// STC, after control has been set: start the device.
    fn stc(&mut self, _now: u64) {}
    /// CLF (or an instruction's ,C), after the flag and flag buffer have been cleared.
    fn clf(&mut self, _now: u64) {}
    /// CLC, after control has been cleared.
    fn clc(&mut self) {}
    /// POPIO (PRESET only): the flag buffer and the flag set; a card with an output register
    /// clears it too.
    fn popio(&mut self) {
        self.ff_mut().set_flag();
    }
    /// CRS (PRESET, or `CLC 0`): control reset. The default clears control.
    fn crs(&mut self) {
        self.ff_mut().control = false;
    }
    /// The cycle at which the card next needs service, if any (a card without a device has
    /// none).
    fn next_event(&self) -> Option<u64> {
        None
    }
    /// Service a due event at cycle `now`; a card may stop the machine (end of input).
    fn service(&mut self, _now: u64) -> Option<Stop> {
        None
    }
    /// A character card's data register, SIMH's 8-bit `BUF` (the teleprinter's, the
    /// reader's last frame, the punch's next); `None` for another card.
    fn buf(&self) -> Option<u8> {
        None
    }
    /// The same register, to deposit into.
    fn buf_mut(&mut self) -> Option<&mut u8> {
        None
    }
    /// Registers beyond the flip-flops, by name, as the console examines them (by default
    /// [`Self::buf`] as `BUF`).
    fn registers(&self) -> Vec<(&'static str, u16)> {
        self.buf()
            .map(|b| vec![("BUF", u16::from(b))])
            .unwrap_or_default()
    }
    /// How many bits a register of [`Self::registers`] has (SIMH shows an 8-bit one in three
    /// octal digits).
    fn register_bits(&self, name: &str) -> u32 {
        if name.eq_ignore_ascii_case("BUF") && self.buf().is_some() {
            8
        } else {
            16
        }
    }
    /// Deposit into a register of [`Self::registers`]; `false` if there is none of that name.
    fn set_register(&mut self, name: &str, value: u16) -> bool {
        match self.buf_mut() {
            Some(b) if name.eq_ignore_ascii_case("BUF") => {
                *b = value as u8;
                true
            }
            _ => false,
        }
    }
    /// The card's state for the debugger's `back`, taken before an instruction at cycle
    /// `now`: `None` when what the card may do in that instruction cannot be undone (a key
    /// taken from the operator, a frame punched), or when the card keeps no such state.
    fn save(&self, _now: u64) -> Option<Box<dyn Any>> {
        None
    }
    /// Put back the state [`Card::save`] gave.
    fn restore(&mut self, _saved: &dyn Any) {}
    /// What the card is, for the console's `help DEV` (the HP part number and name).
    fn about(&self) -> &'static str;
    /// The console's `set DEV WORD` words beyond `enabled`, `disabled` and `sc=N`, as SIMH
    /// names them (`diagnostic`, `w1b` ...).
    fn options(&self) -> &'static [&'static str] {
        &[]
    }
    /// `set DEV WORD` for a word of [`Card::options`]; `false` for another word.
    fn set_option(&mut self, _word: &str) -> bool {
        false
    }
    /// The card's settings as words for `show DEV` (`diagnostic mode`).
    fn status(&self) -> Vec<String> {
        Vec::new()
    }
    /// The card's whole state for the console's `save` and `restore`, one walk both ways
    /// (`machine_core::scp::state`): the flip-flops, and a card's own fields after them.
    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff_mut().fields(f);
    }
}

/// [`Card::save`] and [`Card::restore`] for a card whose whole state is `Clone` (no host,
/// no tape).
macro_rules! undo_by_copy {
    () => {
        fn save(&self, _now: u64) -> Option<Box<dyn std::any::Any>> {
            Some(Box::new(self.clone()))
        }
        fn restore(&mut self, saved: &dyn std::any::Any) {
            if let Some(s) = saved.downcast_ref::<Self>() {
                *self = s.clone();
            }
        }
    };
}
pub(crate) use undo_by_copy;
