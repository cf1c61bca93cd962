//! `retro hp2100 asm`, `disasm` and `debug`: the HP 2100 assembler (`hp2100-asm`), the
//! disassembler of the one opcode table (`hp2100-isa`) and the stepping debugger
//! (`machine_core::Debugger` over `hp2100::Machine`).

use crate::CliResult;
use hp2100::panel::Limit;
use hp2100::{boot_ptr, Config, Machine};
use hp2100_asm::{assemble, listing_start, listing_symbols, ListedSymbol, Source};
use hp2100_isa::{disassemble_image, tape};
use machine_core::scp::keyboard::Keyboard;
use machine_core::scp::ConsoleKeys;
use machine_core::{Debugger, Symbols};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Assemble HP 2100 source into an absolute binary tape.
#[derive(clap::Args, Debug)]
pub struct AsmArgs {
    /// Source files, assembled as one program in the order given
    #[arg(required = true)]
    pub src: Vec<PathBuf>,
    /// The absolute binary tape to write
    #[arg(short, long)]
    pub output: PathBuf,
    /// Also write the listing (line, location, words, source; symbol table with references)
    #[arg(long)]
    pub listing: Option<PathBuf>,
}

/// Errors are printed as `FILE:LINE:COL: message` with the line and a caret; the exit status
/// is 1 and no tape is written (the listing is, with the faulty lines flagged `E`).
pub fn asm(args: AsmArgs) -> CliResult {
    let mut sources = Vec::new();
    for p in &args.src {
        let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
        match Source::from_bytes(p.display().to_string(), &bytes) {
            Ok(s) => sources.push(s),
            Err(report) => {
                errln!("{report}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    let a = assemble(&sources);
    if let Some(l) = &args.listing {
        std::fs::write(l, a.listing()).map_err(|e| format!("{}: {e}", l.display()))?;
    }
    if !a.is_ok() {
        errln!("{}", a.report);
        return Ok(ExitCode::from(1));
    }
    let tape = a.tape();
    std::fs::write(&args.output, &tape).map_err(|e| format!("{}: {e}", args.output.display()))?;
    let start = a
        .start
        .map_or(String::new(), |s| format!(", start {s:05o}"));
    errln!(
        "{}: {} words in {} records{start}",
        args.output.display(),
        a.words.len(),
        tape::parse(&tape).map_or(0, |r| r.len())
    );
    Ok(ExitCode::SUCCESS)
}

/// Disassemble an absolute binary tape, or words given on the command line.
#[derive(clap::Args, Debug)]
pub struct DisasmArgs {
    /// An absolute binary tape; with --addr, octal words instead
    #[arg(required = true)]
    pub input: Vec<String>,
    /// Disassemble the given octal words as memory starting at this octal address
    #[arg(long)]
    pub addr: Option<String>,
    /// Name addresses with the symbol table of this listing
    #[arg(long)]
    pub listing: Option<PathBuf>,
}

fn octal(text: &str) -> Result<u16, String> {
    hp2100::parse_octal(text).ok_or_else(|| format!("{text} is not an octal number of 16 bits"))
}

/// The labels of a listing, by address (the first name in alphabetical order wins).
pub(crate) fn read_labels(path: &Path) -> Result<Vec<ListedSymbol>, Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(listing_symbols(&text).map_err(|e| format!("{}: {e}", path.display()))?)
}

pub fn disasm(args: DisasmArgs) -> CliResult {
    let labels: HashMap<u16, String> = match &args.listing {
        Some(p) => {
            let mut m = HashMap::new();
            for s in read_labels(p)?.into_iter().filter(|s| s.label) {
                m.entry(s.value as u16).or_insert(s.name);
            }
            m
        }
        None => HashMap::new(),
    };
    let mut image = BTreeMap::new();
    let mut out = crate::out::Out;
    if let Some(start) = &args.addr {
        let start = octal(start)? & 0o77777;
        for (k, w) in args.input.iter().enumerate() {
            image.insert(start.wrapping_add(k as u16) & 0o77777, octal(w)?);
        }
    } else {
        let [path] = &args.input[..] else {
            return Err("give one tape, or --addr ADDR and octal words".into());
        };
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let records = tape::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let words: usize = records.iter().map(|r| r.words.len()).sum();
        writeln!(out, "* {path}: {} records, {words} words", records.len())?;
        for r in &records {
            for (k, &w) in r.words.iter().enumerate() {
                // Later records overwrite earlier ones, as the loader stores them.
                image.insert(r.addr.wrapping_add(k as u16) & 0o77777, w);
            }
        }
    }
    write!(out, "{}", disassemble_image(&image, &labels))?;
    Ok(ExitCode::SUCCESS)
}

/// Step through a program on the emulated 2100A.
#[derive(clap::Args, Debug)]
pub struct DebugArgs {
    /// The absolute binary tape, booted through the Basic Binary Loader as an operator does
    pub tape: PathBuf,
    /// The program's listing: symbols for addresses and commands, and its start address
    #[arg(long)]
    pub listing: Option<PathBuf>,
    /// Start address, octal (default: the listing's START ADDRESS, else 2 as for `hp2100 run`)
    #[arg(long)]
    pub start: Option<String>,
    /// Read debugger commands from this file, echoing them, instead of the terminal
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// Teletype keyboard: lines typed one per prompt (without it, no keys are typed)
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Stop `continue` and `next` after this many instructions (default: none at a
    /// terminal, where Ctrl-C stops them; an hour of 2100A time otherwise)
    #[arg(long)]
    pub limit: Option<u64>,
}

/// Boot the tape, set P to the start address, and run the debugger's command loop.
pub fn debug(args: DebugArgs) -> CliResult {
    let tape = std::fs::read(&args.tape).map_err(|e| format!("{}: {e}", args.tape.display()))?;
    tape::parse(&tape).map_err(|e| format!("{}: {e}", args.tape.display()))?;
    let (symbols, listed_start) = match &args.listing {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let syms = listing_symbols(&text).map_err(|e| format!("{}: {e}", p.display()))?;
            (syms, listing_start(&text))
        }
        None => (Vec::new(), None),
    };
    let start = match &args.start {
        Some(s) => octal(s)? & 0o77777,
        // As `hp2100 run`: the project's tapes start at 2 (NHEX's listing names no address).
        None => listed_start.unwrap_or(0o2),
    };
    let mut m = Machine::new(Config::default())?;
    m.cards.ptr.load(tape);
    let stop = boot_ptr(&mut m, Limit::seconds(3600.0))?;
    if stop.halt_code() != Some(0o102077) {
        let words = hp2100::bbl_halt::words(stop, &m).map_or(String::new(), |w| format!("\n{w}"));
        return Err(format!("the loader stopped with {stop}{words}").into());
    }
    // At a terminal one reader takes the keyboard for the prompt and the running teletype.
    let keyboard = args.script.is_none().then(Keyboard::terminal).flatten();
    let keys =
        ConsoleKeys::from_input(args.input.as_deref(), keyboard.as_ref().map(Keyboard::keys))?;
    m.cards.tty.attach(teletype::Tee::new(
        keys,
        teletype::Printer::new(std::io::stdout()),
    ));
    // The operator's start: S = start, LOAD ADDRESS, PRESET; the debugger presses RUN.
    m.s = start;
    m.load_address();
    m.preset();
    let mut d = Debugger::new(m);
    d.set_symbols(symbols_of(symbols));
    let limit = args.limit.map(Limit::instructions);
    crate::prompt::debug(
        &mut d,
        args.script.as_deref(),
        "> ",
        limit,
        keyboard,
        &mut machine_core::scp::debugger_command,
    )?;
    Ok(ExitCode::SUCCESS)
}

fn symbols_of(listed: Vec<ListedSymbol>) -> Symbols {
    listed.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_words() {
        assert_eq!(octal("177777"), Ok(0o177777));
        assert_eq!(octal("100B"), Ok(0o100));
        assert!(octal("200000").is_err());
        assert!(octal("9").is_err());
    }
}
