//! HP 12531C teleprinter interface with an ASR-33 (select code 11).
//!
//! Sources: `docs/hp2100a.md` §3 (SIMH `tty.c`), §2.4 (100 ms per character).
//!
//! ```text
//! output word, bit 15 = 1: control  | 1 |mode|prt|pun|   unused    |   mode 1 = input
//! output word, bit 15 = 0: data     | 0 |        unused      |  character  |
//! input word:                        |busy|      unused      |  character  |
//! ```
//!
//! Output: the program sends the control word (120000: output, print), then per character
//! OTA, STC ,C and waits on SFS; the flag sets one character time (100 ms) later, when the
//! character has been shifted out to the printer. Input: control word 160000 (input, echo to
//! the printer) or 140000 (no echo), STC ,C, wait on SFS, LIA; the flag sets when a whole
//! character has arrived.
//!
//! Implementation notes:
//!
//! 1. The keyboard is asked for a key (the host's `key`) only while the card is in input mode
//!    with control set and flag clear, once per character time. On the real card a key struck
//!    while control is clear still arrives; here it waits in the host until the program asks.
//!    This keeps scripted input from being lost before a program is ready for it.
//! 2. When the host has no more input while the program waits for a key, the machine stops
//!    with `Stop::InputExhausted` (the real machine would wait for ever).
//! 3. After an output character the data register reads 377 (no key struck meanwhile).
//! 4. Every OTA loads bits 7-0 into the data register, control words included: HP's
//!    configurator writes 150077 and expects `LIA` to read back 077.
//! 5. CRS puts the card in input mode with print enabled, clears control and sets the flag
//!    buffer and flag, as SIMH does.
//! 6. The debugger's `back` restores the interface's registers and what went to the ASR-33
//!    punch; a character already printed stays on the paper. An instruction before which the
//!    keyboard is due to be asked cannot be undone, since a key taken from the operator
//!    cannot be given back.
//! 7. SIMH's character modes of the console terminal (`set tty 7b|8b|uc|7p`) change only
//!    what the host is given and what it gives, never the card's data register or the
//!    ASR-33's punch: `7b` seven bits each way; `uc` (the default, as SIMH's) seven bits
//!    with lower case made upper case each way, as an ASR-33 has no lower case;
//!    `7p` seven bits, and of the control characters only CR, LF, HT, BS and BEL printed
//!    (SIMH's print mask); `8b` all eight bits of a key, while the console's printer takes
//!    seven. The card is timed as the real ASR-33 always: `set tty realtime` and SIMH's
//!    `set tty fast` are both taken, and `show tty` says `realistic timing`.
//! 8. `examine TTY BUF` is the data register (8 bits), as SIMH's `BUF`.

use super::{flip_flops, Card, FlipFlops};
use machine_core::scp::state::{self as st, Fields};
use machine_core::Stop;
use std::any::Any;
use teletype::{Key, Line, TtyHost};

/// The teleprinter interface's usual select code (octal, as on the 2100A backplane).
pub const SC_TTY: u8 = 0o11;

/// SIMH's character modes of the console terminal (note 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CharMode {
    SevenBit,
    EightBit,
    #[default]
    UpperCase,
    SevenPrinting,
}

impl CharMode {
    /// SIMH's word for the mode (`show tty`).
    pub fn word(self) -> &'static str {
        match self {
            CharMode::SevenBit => "7b",
            CharMode::EightBit => "8b",
            CharMode::UpperCase => "UC",
            CharMode::SevenPrinting => "7p",
        }
    }

    /// The mode `set tty WORD` names.
    pub fn from_word(word: &str) -> Option<CharMode> {
        match word.to_ascii_lowercase().as_str() {
            "7b" => Some(CharMode::SevenBit),
            "8b" => Some(CharMode::EightBit),
            "uc" => Some(CharMode::UpperCase),
            "7p" => Some(CharMode::SevenPrinting),
            _ => None,
        }
    }

    /// What the printer is given for the character `c`; `None`: nothing (note 7).
    pub fn output(self, c: u8) -> Option<u8> {
        let seven = c & 0x7f;
        match self {
            CharMode::SevenBit => Some(seven),
            CharMode::EightBit => Some(c),
            CharMode::UpperCase => Some(seven.to_ascii_uppercase()),
            CharMode::SevenPrinting => {
                let shown = (0x20..0x7f).contains(&seven) || b"\r\n\t\x08\x07".contains(&seven);
                shown.then_some(seven)
            }
        }
    }

    /// What the card is given for the key `c` (note 7).
    pub fn input(self, c: u8) -> u8 {
        match self {
            CharMode::EightBit => c,
            CharMode::UpperCase => (c & 0x7f).to_ascii_uppercase(),
            CharMode::SevenBit | CharMode::SevenPrinting => c & 0x7f,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// A character is being shifted out; it reaches the printer at the event.
    Output,
    /// Listening: ask the keyboard at the event.
    Poll,
}

/// The interface's state for the debugger's `back` (note 6).
struct Saved {
    ff: FlipFlops,
    input_mode: bool,
    print: bool,
    punch: bool,
    data: u8,
    pending: Option<(Pending, u64)>,
    punched: usize,
}

pub struct Tty12531 {
    ff: FlipFlops,
    host: Line,
    input_mode: bool,
    print: bool,
    punch: bool,
    data: u8,
    pending: Option<(Pending, u64)>,
    char_cycles: u64,
    /// Characters sent to the ASR-33 punch (punch enable set).
    punched: Vec<u8>,
    /// What the console terminal is given (note 7).
    pub mode: CharMode,
}

impl Default for Tty12531 {
    fn default() -> Self {
        Self::new()
    }
}

impl Tty12531 {
    pub fn new() -> Self {
        let mut t = Self {
            ff: FlipFlops::default(),
            host: Line::default(),
            input_mode: true,
            print: true,
            punch: false,
            data: 0,
            pending: None,
            char_cycles: teletype::char_cycles(crate::timing::CYCLE_NS),
            punched: Vec::new(),
            mode: CharMode::default(),
        };
        t.crs();
        t
    }

    /// Connect a host (terminal, script, transcript) to the line in place of the current one.
    pub fn attach<H: TtyHost + 'static>(&mut self, host: H) {
        self.host.attach(host);
    }

    /// Take the host back with its type (`None`, and the host stays, if it is not an `H`);
    /// the line is offline afterwards.
    pub fn detach<H: 'static>(&mut self) -> Option<H> {
        self.host.detach()
    }

    /// The attached host, if it is an `H`.
    pub fn host<H: 'static>(&self) -> Option<&H> {
        self.host.host()
    }

    /// The attached host, if it is an `H`.
    pub fn host_mut<H: 'static>(&mut self) -> Option<&mut H> {
        self.host.host_mut()
    }

    /// Whether the program is waiting for a key (input mode, control set, flag clear).
    pub fn listening(&self) -> bool {
        self.input_mode && self.ff.control && !self.ff.flag
    }

    /// What went to the ASR-33 punch.
    pub fn punched(&self) -> &[u8] {
        &self.punched
    }

    fn ns(&self, cycles: u64) -> u64 {
        cycles * crate::timing::CYCLE_NS
    }

    fn schedule_poll(&mut self, now: u64) {
        if self.listening() {
            self.pending = Some((Pending::Poll, now + self.char_cycles));
        }
    }
}

impl Card for Tty12531 {
    fn about(&self) -> &'static str {
        "12531C buffered teleprinter interface"
    }

    /// SIMH's `BUF`: the data register (8 bits).
    fn buf(&self) -> Option<u8> {
        Some(self.data)
    }
    fn buf_mut(&mut self) -> Option<&mut u8> {
        Some(&mut self.data)
    }

    fn options(&self) -> &'static [&'static str] {
        &["7b", "8b", "uc", "7p", "realtime", "fast"]
    }

    fn set_option(&mut self, word: &str) -> bool {
        self.mode = match word {
            "7b" => CharMode::SevenBit,
            "8b" => CharMode::EightBit,
            "uc" => CharMode::UpperCase,
            "7p" => CharMode::SevenPrinting,
            // One timing, the ASR-33's (note 7).
            "realtime" | "fast" => self.mode,
            _ => return false,
        };
        true
    }

    fn status(&self) -> Vec<String> {
        vec!["realistic timing".into(), self.mode.word().into()]
    }

    fn fields(&mut self, f: &mut dyn Fields) {
        self.ff.fields(f);
        st::value(f, "input_mode", &mut self.input_mode);
        // The character mode (note 7), by its `set tty` word.
        let mut mode = self.mode.word().to_ascii_lowercase();
        if f.field("mode", &mut mode) {
            match CharMode::from_word(&mode) {
                Some(m) => self.mode = m,
                None => f.fail(format!("mode: {mode:?} is not 7b, 8b, uc or 7p")),
            }
        }
        st::value(f, "print", &mut self.print);
        st::value(f, "punch", &mut self.punch);
        st::value(f, "data", &mut self.data);
        let mut pending = self.pending.map(|(p, at)| (p == Pending::Poll, at));
        let (mut poll, mut at) = pending.unwrap_or((false, 0));
        let mut some = pending.is_some();
        st::value(f, "pending", &mut some);
        st::value(f, "pending_poll", &mut poll);
        st::value(f, "pending_at", &mut at);
        pending = some.then_some((poll, at));
        self.pending =
            pending.map(|(poll, at)| (if poll { Pending::Poll } else { Pending::Output }, at));
        st::value(f, "char_cycles", &mut self.char_cycles);
        st::bytes(f, "punched", &mut self.punched);
    }

    flip_flops!();

    fn ioi(&mut self) -> u16 {
        let busy = !self.input_mode && matches!(self.pending, Some((Pending::Output, _)));
        u16::from(busy) << 15 | u16::from(self.data)
    }

    fn ioo(&mut self, data: u16) {
        if data & 0x8000 != 0 {
            self.input_mode = data & 0x4000 != 0;
            self.print = data & 0x2000 != 0;
            self.punch = data & 0x1000 != 0;
            if !self.input_mode && matches!(self.pending, Some((Pending::Poll, _))) {
                self.pending = None;
            }
        }
        self.data = data as u8;
    }

    fn stc(&mut self, now: u64) {
        if self.input_mode {
            if self.pending.is_none() {
                // The flag may still be set here (`STC 11,C` clears it after the STC).
                self.pending = Some((Pending::Poll, now + self.char_cycles));
            }
        } else {
            self.pending = Some((Pending::Output, now + self.char_cycles));
        }
    }

    fn clf(&mut self, now: u64) {
        if self.pending.is_none() {
            self.schedule_poll(now);
        }
    }

    fn clc(&mut self) {
        if matches!(self.pending, Some((Pending::Poll, _))) {
            self.pending = None;
        }
    }

    fn crs(&mut self) {
        self.input_mode = true;
        self.print = true;
        self.punch = false;
        self.ff.control = false;
        self.ff.set_flag();
        self.pending = None;
    }

    fn next_event(&self) -> Option<u64> {
        self.pending.map(|(_, at)| at)
    }

    fn save(&self, now: u64) -> Option<Box<dyn Any>> {
        // Asking the keyboard may take a key from the operator (note 6).
        if matches!(self.pending, Some((Pending::Poll, t)) if t <= now) {
            return None;
        }
        Some(Box::new(Saved {
            ff: self.ff,
            input_mode: self.input_mode,
            print: self.print,
            punch: self.punch,
            data: self.data,
            pending: self.pending,
            punched: self.punched.len(),
        }))
    }

    fn restore(&mut self, saved: &dyn Any) {
        if let Some(s) = saved.downcast_ref::<Saved>() {
            self.ff = s.ff;
            self.input_mode = s.input_mode;
            self.print = s.print;
            self.punch = s.punch;
            self.data = s.data;
            self.pending = s.pending;
            self.punched.truncate(s.punched);
        }
    }

    fn service(&mut self, now: u64) -> Option<Stop> {
        let (what, _) = self.pending.take()?;
        match what {
            Pending::Output => {
                if self.print {
                    if let Some(ch) = self.mode.output(self.data) {
                        let at = self.ns(now);
                        self.host.print(ch, at);
                    }
                }
                if self.punch {
                    self.punched.push(self.data);
                }
                self.data = 0o377;
                self.ff.set_flag();
                None
            }
            Pending::Poll => {
                if !self.listening() {
                    return None;
                }
                let at = self.ns(now);
                match self.host.key(at) {
                    Key::Char(c) => {
                        self.data = self.mode.input(c);
                        if let Some(ch) = self.mode.output(self.data).filter(|_| self.print) {
                            self.host.print(ch, at);
                        }
                        self.ff.set_flag();
                        None
                    }
                    Key::Wait => {
                        self.schedule_poll(now);
                        None
                    }
                    Key::End => {
                        self.schedule_poll(now);
                        Some(Stop::InputExhausted { p: 0 }) // P set by the backplane
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_character_mode_gives_the_terminal_what_simh_gives_it() {
        use CharMode::*;
        // 'a' with its top bit set, and NUL: a control character outside the print mask.
        assert_eq!(SevenBit.output(0o341), Some(b'a'));
        assert_eq!(EightBit.output(0o341), Some(0o341));
        assert_eq!(UpperCase.output(0o341), Some(b'A'));
        assert_eq!(SevenPrinting.output(0o341), Some(b'a'));
        assert_eq!(SevenPrinting.output(0o001), None);
        assert_eq!(SevenPrinting.output(b'\r'), Some(b'\r'));
        assert_eq!(SevenBit.output(0o001), Some(0o001));
        assert_eq!(UpperCase.input(b'q'), b'Q');
        assert_eq!(EightBit.input(0o361), 0o361);
        assert_eq!(SevenBit.input(0o361), b'q');
        let mut t = Tty12531::new();
        assert!(t.set_option("uc") && t.mode == UpperCase);
        assert!(t.set_option("fast") && t.mode == UpperCase, "one timing");
        assert!(!t.set_option("9b"));
        assert_eq!(t.status(), ["realistic timing", "UC"]);
    }
}
