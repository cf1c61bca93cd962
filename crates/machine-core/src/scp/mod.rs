//! The console's command language, SIMH's, for any machine: the commands whose meaning does
//! not depend on the machine (`help`, `show version|dev|DEV|break`, `examine`, `deposit`,
//! `break`, `nobreak`, `pwd`, `cd`), served from what the machine declares through
//! [`Simulator`].
//!
//! Sources: the SIMH user's guide (Debian's `simh` package, `simh_doc.pdf`: "Examining and
//! changing state", "Breakpoints", "Displaying parameters and status"), and Debian's SIMH
//! 3.8 `hp2100` run beside ours for the forms of its answers.
//!
//! A machine's console (`hp2100::scp`) gives each line to [`command`] after its own commands
//! (attach, boot, go ...; `retro hp2100 debug` adds the debugger's extras there,
//! `hp2100::scp::extras`); the T3300-R's console, which is its debugger with its own commands
//! (`t3300::console`), gives its lines to [`debugger_command`], and the debugger's `examine`,
//! `deposit`, `break` and `nobreak` are [`examine`], [`deposit`], [`set_breaks`] and
//! [`clear_breaks`]: each shared command is implemented once, here. `help` at a console with
//! the debugger's extras is [`debugging_help`]. Output is returned as text; errors open with SIMH's own words ("Invalid
//! argument", "Address space exceeded") and then say what is wrong.
//!
//! Beside the commands: [`state`] is the text form of a machine's whole state for `save` and
//! `restore`, [`expect`] SIMH's console automation, [`keyin`] its rules typing into a
//! running program with no console between. The one prompt loop is `crate::prompt`; the
//! terminal (its reader, the line editor, the stop keys) is the crate `host-terminal`'s.
//!
//! Implementation notes:
//!
//! 1. Examined words are shown as SIMH 4.x shows them, `ADDR:<tab>VALUE` with the address in
//!    the machine's radix without leading zeros, a register as `NAME:<tab>VALUE`, the value as
//!    wide as its register (P, 15 bits: `00000`).
//! 2. `examine -m` shows an instruction of several words once and goes on after it, as
//!    SIMH does; `examine -a` shows a word that is no 7-bit character as a number, and
//!    characters are named as SIMH 4 names them (`'A'`, `CR`, `DEL`, `\202`; `-c`: both
//!    bytes, `'A','B'`); `deposit -m` (assembling a line) is the machine console's own
//!    (the HP 2100A's: `hp2100_isa::line`): the shared `deposit` refuses it.
//! 3. `break` takes SIMH's address lists; the breakpoint's type letter is the machine's
//!    ([`Simulator::break_type`]; SIMH's `hp2100` calls its default `N`).

pub mod dofile;
pub mod expect;
mod help;
pub mod keyin;
pub mod number;
pub mod spec;
pub mod state;

use crate::{Breakpoints, Debuggable, Limit, Radix, Register, Stop};
use spec::{Form, Item};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use help::{column, debugging_help, help};

/// A device as `show dev`, `show DEV` and `help DEV` describe it: SIMH's DEVICE and DIB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// SIMH's name for it (`PTR`, `TTY`).
    pub name: String,
    /// Its select code or device number, in the machine's radix, if it has one.
    pub address: Option<u32>,
    pub enabled: bool,
    /// Its settings and state as words (`diagnostic mode`, `attached to F`).
    pub status: Vec<String>,
    /// Its registers (flip-flops and buffers).
    pub registers: Vec<Register>,
    /// What `set DEV` accepts, one word each.
    pub options: Vec<&'static str>,
    /// One line saying what it is, for `help DEV`.
    pub about: &'static str,
}

/// A machine the console drives: the debugger's view of it ([`Debuggable`]) and what the
/// console adds (its name, devices and breakpoints).
pub trait Simulator: Debuggable {
    /// The simulator's name as the banner and `show version` give it (`HP 2100`).
    fn sim_name(&self) -> &'static str;
    /// The devices, in the order `show dev` lists them.
    fn devices(&self) -> Vec<Device> {
        Vec::new()
    }
    /// The stops a run makes before executing the instruction at an address.
    fn breakpoints_mut(&mut self) -> &mut Breakpoints;
    /// The operator's stop (the HALT switch that Ctrl-C and Ctrl-E press): a run stops
    /// between two instructions with `Stop::Operator` and releases it (a
    /// [`crate::run::HaltSwitch`], looked at between the run loop's slices).
    fn halt_switch(&mut self) -> Arc<AtomicBool>;
    /// Run until a stop: a halt, `limit`, a breakpoint or the HALT switch (stepping is
    /// [`Debuggable::step`]), through the machines' one run loop ([`crate::run::run`]).
    fn run(&mut self, limit: Limit) -> Stop;
    /// The machine console's own commands for `help`: (name, syntax and what it does).
    fn commands(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The letter `show break` gives a breakpoint (note 3).
    fn break_type(&self) -> char {
        'E'
    }
    /// The breakpoint types `break` takes, as `show break`'s heading names them
    /// (`-E -N -S -U`), if the console shows one.
    fn break_types(&self) -> Option<&'static str> {
        None
    }
}

/// The version `show version` and the banner give.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The banner at the start of an interactive console.
pub fn banner(name: &str) -> String {
    format!("{name} simulator (retro {VERSION}); help lists the commands, exit ends")
}

fn radix_of<M: Debuggable + ?Sized>(m: &M) -> Radix {
    Radix {
        radix: m.radix(),
        word_bits: m.word_bits(),
        address_bits: m.address_bits(),
    }
}

fn find_register<M: Debuggable + ?Sized>(m: &M, name: &str) -> Option<Register> {
    m.registers()
        .into_iter()
        .find(|r| r.name.eq_ignore_ascii_case(name))
}

/// A character as SIMH's console names it: a control character by its ASCII name (`CR`),
/// DEL, a printable one in quotes (`'A'`), one above 177 as an escaped octal number.
pub fn char_name(c: u8) -> String {
    const CONTROL: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR",
        "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB",
        "ESC", "FS", "GS", "RS", "US",
    ];
    match c {
        0..=0o37 => CONTROL[usize::from(c)].to_string(),
        0o177 => "DEL".into(),
        0o200.. => format!("\\{c:03o}"),
        c => format!("'{}'", char::from(c)),
    }
}

/// `value`, `bits` wide, in `form` (note 1).
pub fn show_value(value: u64, bits: u32, form: Form, native: u32) -> String {
    let number = || {
        Radix {
            radix: native,
            word_bits: bits,
            address_bits: bits,
        }
        .value(value, bits)
    };
    match form {
        // A word that is no 7-bit character: SIMH 4 shows it as a number.
        Form::Char if value > 0o177 => number(),
        Form::Char => char_name(value as u8),
        Form::Chars => format!(
            "{},{}",
            char_name((value >> 8) as u8),
            char_name(value as u8)
        ),
        _ => Radix {
            radix: form.radix(native),
            word_bits: bits,
            address_bits: bits,
        }
        .value(value, bits),
    }
}

/// `examine [-switches] LIST`.
///
/// # Errors
/// SIMH's words for a bad list or an address beyond memory.
pub fn examine<M: Debuggable + ?Sized>(m: &M, args: &str) -> Result<String, String> {
    let (form, list) = Form::parse(args)?;
    let radix = radix_of(m);
    let items = spec::items(list, &radix, &|w| find_register(m, w).is_some())?;
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::AllRegisters => {
                for r in m.registers() {
                    out.push(format!(
                        "{}:\t{}",
                        r.name,
                        show_value(r.value, r.bits, form, radix.radix)
                    ));
                }
            }
            Item::Register(name) => {
                let r = find_register(m, &name).expect("items found it");
                out.push(format!(
                    "{}:\t{}",
                    r.name,
                    show_value(r.value, r.bits, form, radix.radix)
                ));
            }
            Item::Memory { first, last } => {
                in_memory(m, last)?;
                let mut a = first;
                while a <= last {
                    let addr = Radix {
                        address_bits: 1,
                        ..radix
                    }
                    .address(a);
                    if form == Form::Instruction {
                        let d = m.disassemble(a, &crate::Symbols::new());
                        out.push(format!("{addr}:\t{}", d.text));
                        a += d.words.len().max(1) as u32;
                    } else {
                        let w = m.peek(a);
                        out.push(format!(
                            "{addr}:\t{}",
                            show_value(u64::from(w), m.word_bits(), form, radix.radix)
                        ));
                        a += 1;
                    }
                }
            }
        }
    }
    Ok(out.join("\n"))
}

/// An address beyond the machine's memory is SIMH's "Address space exceeded".
fn in_memory<M: Debuggable + ?Sized>(m: &M, last: u32) -> Result<(), String> {
    let size = m.memory_words();
    if last >= 1 << m.address_bits() {
        // Beyond what an address can say: SIMH reads it as no address at all.
        return Err(format!(
            "Invalid argument: {} is not an address",
            radix_of(m).address(last)
        ));
    }
    if last >= size {
        let r = radix_of(m);
        return Err(format!(
            "Address space exceeded: {} is beyond the last word, {}",
            r.address(last),
            r.address(size - 1)
        ));
    }
    Ok(())
}

/// A value typed for `deposit` in `form`.
fn read_value(text: &str, form: Form, native: &Radix) -> Result<u64, String> {
    let bad = || format!("Invalid argument: {text} is not a value");
    match form {
        Form::Char => {
            let mut c = text.chars();
            match (c.next(), c.next()) {
                (Some(ch), None) if ch.is_ascii() => Ok(u64::from(ch as u8)),
                _ => Err(bad()),
            }
        }
        Form::Chars => {
            let b = text.as_bytes();
            match (b.len(), text.is_ascii()) {
                (1, true) => Ok(u64::from(b[0])),
                (2, true) => Ok(u64::from(b[0]) << 8 | u64::from(b[1])),
                _ => Err(bad()),
            }
        }
        Form::Instruction => Err(
            "Command not allowed: deposit -m (an instruction typed in) is not built; deposit its octal word"
                .into(),
        ),
        _ => Radix {
            radix: form.radix(native.radix),
            ..*native
        }
        .parse(text)
        .ok_or_else(bad),
    }
}

/// `deposit [-switches] LIST VALUE`.
///
/// # Errors
/// SIMH's words for a bad list, a value that does not fit or an address beyond memory.
pub fn deposit<M: Debuggable + ?Sized>(m: &mut M, args: &str) -> Result<(), String> {
    let (form, rest) = Form::parse(args)?;
    let rest = rest.trim_end();
    let (list, value) = match rest.rfind(char::is_whitespace) {
        Some(i) => (&rest[..i], rest[i..].trim()),
        None => return Err("Too few arguments: deposit LIST VALUE".into()),
    };
    let radix = radix_of(m);
    let v = read_value(value, form, &radix)?;
    let items = spec::items(list, &radix, &|w| find_register(m, w).is_some())?;
    for item in &items {
        if let Item::Memory { last, .. } = item {
            in_memory(m, *last)?;
        }
    }
    let word_max = (1u64 << m.word_bits()) - 1;
    for item in items {
        match item {
            Item::AllRegisters => {
                return Err("Invalid argument: deposit one register at a time".into())
            }
            Item::Register(name) => m.set_register(&name, v)?,
            Item::Memory { first, last } => {
                if v > word_max {
                    return Err(format!(
                        "Invalid argument: {value} does not fit in a {}-bit word",
                        m.word_bits()
                    ));
                }
                for a in first..=last {
                    m.poke(a, v as u32);
                }
            }
        }
    }
    Ok(())
}

/// `break LIST`: breakpoints at each address of the list; `break` alone, at P (as SIMH).
///
/// # Errors
/// A list that is not addresses.
pub fn set_breaks<M: Debuggable + ?Sized>(
    m: &M,
    bps: &mut Breakpoints,
    args: &str,
) -> Result<(), String> {
    if args.trim().is_empty() {
        bps.insert(m.pc());
        return Ok(());
    }
    for (first, last) in address_list(m, args)? {
        for a in first..=last {
            bps.insert(a);
        }
    }
    Ok(())
}

/// `nobreak LIST`, `nobreak ALL`, or `nobreak` (at P, as SIMH): clear breakpoints.
///
/// # Errors
/// A list that is not addresses, or an address with no breakpoint.
pub fn clear_breaks<M: Debuggable + ?Sized>(
    m: &M,
    bps: &mut Breakpoints,
    args: &str,
) -> Result<(), String> {
    let args = args.trim();
    if args.eq_ignore_ascii_case("all") {
        bps.clear();
        return Ok(());
    }
    if args.is_empty() {
        bps.remove(m.pc());
        return Ok(());
    }
    for (first, last) in address_list(m, args)? {
        for a in first..=last {
            if !bps.remove(a) && first == last {
                return Err(format!(
                    "Invalid argument: no breakpoint at {}",
                    radix_of(m).address(a)
                ));
            }
        }
    }
    Ok(())
}

/// `show break`: each breakpoint as `ADDR:<tab>TYPE` (note 3).
pub fn show_breaks<M: Debuggable + ?Sized>(m: &M, bps: &Breakpoints, kind: char) -> String {
    let r = Radix {
        address_bits: 1,
        ..radix_of(m)
    };
    bps.iter()
        .map(|a| format!("{}:\t{kind}", r.address(a)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn address_list<M: Debuggable + ?Sized>(m: &M, args: &str) -> Result<Vec<(u32, u32)>, String> {
    let items = spec::items(args, &radix_of(m), &|_| false)?;
    let mut out = Vec::new();
    for i in items {
        if let Item::Memory { first, last } = i {
            if last >= 1 << m.address_bits() {
                return Err(format!(
                    "Address space exceeded: {} is beyond the last address",
                    radix_of(m).address(last)
                ));
            }
            out.push((first, last));
        }
    }
    Ok(out)
}

/// A device's line in `show dev` (`width` 15) and `show DEV` (8), in SIMH 4's form: its
/// name, then its state (`disabled`, or its settings and `select code=NN`).
pub fn device_line_in(d: &Device, radix: u32, width: usize) -> String {
    let mut parts: Vec<String> = Vec::new();
    if d.enabled {
        parts.extend(d.status.iter().cloned());
        if let Some(a) = d.address {
            parts.push(format!(
                "select code={}",
                Radix {
                    radix,
                    word_bits: 6,
                    address_bits: 6,
                }
                .address(a)
            ));
        }
    } else {
        parts.push("disabled".into());
    }
    format!("{:<width$}{}", d.name, parts.join(", "))
}

/// A device's line in `show DEV` and `help DEV`.
pub fn device_line(d: &Device, radix: u32) -> String {
    device_line_in(d, radix, 8)
}

/// `show dev`: the configuration, SIMH's heading and a line a device.
pub fn show_devices<S: Simulator + ?Sized>(m: &S) -> String {
    let mut s = format!("{} simulator configuration\n", m.sim_name());
    for d in m.devices() {
        s.push('\n');
        s.push_str(&device_line_in(&d, m.radix(), 15));
    }
    s
}

/// The device named `name`, if the machine has one.
pub fn device<S: Simulator + ?Sized>(m: &S, name: &str) -> Option<Device> {
    m.devices()
        .into_iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
}

/// `pwd`.
pub fn pwd() -> Result<String, String> {
    std::env::current_dir()
        .map(|p| p.display().to_string())
        .map_err(|e| format!("pwd: {e}"))
}

/// `cd DIR`.
///
/// # Errors
/// A directory that cannot be entered.
pub fn cd(dir: &str) -> Result<(), String> {
    let dir = dir.trim();
    if dir.is_empty() {
        return Err("Too few arguments: cd DIRECTORY".into());
    }
    std::env::set_current_dir(Path::new(dir)).map_err(|e| format!("cd {dir}: {e}"))
}

/// The commands every console shares, on a [`Simulator`]: `None` when `line` is not one of
/// them, else what to print (possibly nothing) or the error.
pub fn command<S: Simulator + ?Sized>(m: &mut S, line: &str) -> Option<Result<String, String>> {
    let line = line.trim();
    let (cmd, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    let cmd = cmd.to_ascii_lowercase();
    Some(match cmd.as_str() {
        "help" | "h" | "?" => help(m, rest),
        "examine" | "ex" | "e" => examine(m, rest),
        "deposit" | "dep" | "d" => deposit(m, rest).map(|()| String::new()),
        "break" | "br" => {
            let mut bps = breaks_of(m);
            let r = set_breaks(m, &mut bps, rest);
            *m.breakpoints_mut() = bps;
            r.map(|()| String::new())
        }
        "nobreak" | "nobr" => {
            let mut bps = breaks_of(m);
            let r = clear_breaks(m, &mut bps, rest);
            *m.breakpoints_mut() = bps;
            r.map(|()| String::new())
        }
        "pwd" => pwd(),
        "cd" => cd(rest).map(|()| String::new()),
        "show" | "sh" => return show(m, rest),
        _ => return None,
    })
}

/// The shared commands a debugger's prompt adds to its own (`retro t3300 debug|console`):
/// `show version|dev|DEV|break` (the debugger's breakpoints, with the machine's type letter),
/// `pwd`, `cd`, and `help` ([`debugging_help`]: SIMH's list, then the debugger's extras).
/// `break`, `nobreak`, `examine` and `deposit` are this module's too, which the debugger
/// calls with its breakpoints and its labels read. `None` for a line the debugger answers
/// itself (`step`, `break` ...).
pub fn debugger_command<S: Simulator>(
    d: &mut crate::Debugger<S>,
    line: &str,
) -> Option<Result<String, String>> {
    let line = line.trim();
    let (cmd, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    match (cmd.to_ascii_lowercase().as_str(), rest) {
        ("help" | "h" | "?", topic) => Some(debugging_help(d.machine(), topic)),
        ("show" | "sh", w) if w.eq_ignore_ascii_case("break") => {
            let m = d.machine();
            Some(Ok(show_breaks(m, d.breakpoints(), m.break_type())))
        }
        ("show" | "sh" | "pwd" | "cd", _) => command(d.machine_mut(), line),
        _ => None,
    }
}

fn breaks_of<S: Simulator + ?Sized>(m: &mut S) -> Breakpoints {
    m.breakpoints_mut().clone()
}

/// `show version|dev|DEV|break`; `None` for what the machine's console shows itself.
pub fn show<S: Simulator + ?Sized>(m: &mut S, what: &str) -> Option<Result<String, String>> {
    let w = what.trim();
    let lower = w.to_ascii_lowercase();
    Some(Ok(match lower.as_str() {
        "version" | "ver" => format!("{} simulator (retro {VERSION})", m.sim_name()),
        "dev" | "devices" | "config" | "configuration" => show_devices(m),
        "break" | "breaks" => {
            let bps = breaks_of(m);
            let list = show_breaks(m, &bps, m.break_type());
            match m.break_types() {
                Some(types) if list.is_empty() => format!("Supported Breakpoint Types: {types}"),
                Some(types) => format!("Supported Breakpoint Types: {types}\n{list}"),
                None => list,
            }
        }
        "" => {
            return Some(Err(
                "Too few arguments: show WHAT (help show lists them)".into()
            ))
        }
        _ => match device(m, w) {
            Some(d) => device_line(&d, m.radix()),
            None => return None,
        },
    }))
}
