//! `help`, `help CMD` and `help DEV`: the console's commands, the shared ones listed here and
//! the machine's own from [`Simulator::commands`], and a device from its declaration; at a
//! console that lends its machine to the debugger ([`debugging_help`]), the debugger's extras
//! (`crate::debugger::EXTRAS`) after them, apart.
//!
//! The wording follows SIMH's `help` (one line a command, its syntax first).

use super::{device, device_line, Simulator};

/// The commands every console has: (name, syntax and what it does).
pub const SHARED: &[(&str, &str)] = &[
    (
        "help",
        "help [CMD|DEV]          this list; one command; one device (also ?)",
    ),
    (
        "examine",
        "e{xamine} [-m -d -o -h -a -c] LIST   registers, A-B, A/N, ALL (LIST: items, commas)",
    ),
    (
        "deposit",
        "d{eposit} [-d -o -h -a -c] LIST VALUE   store VALUE in every item of LIST",
    ),
    (
        "break",
        "br{eak} [LIST]          breakpoints (no list: at P); show break lists them",
    ),
    (
        "nobreak",
        "nobr{eak} [LIST|ALL]    clear breakpoints (no list: at P)",
    ),
    (
        "show",
        "sh{ow} version|dev|DEV|break   the simulator, its devices, one device, breakpoints",
    ),
    ("pwd", "pwd                     the current directory"),
    ("cd", "cd DIR                  change the current directory"),
];

/// A help line with its syntax and its words in two columns (the syntax ends at the first
/// two spaces).
pub fn column(line: &str) -> String {
    match line.split_once("  ") {
        Some((syntax, words)) => format!("{syntax:<34} {}", words.trim_start()),
        None => line.to_string(),
    }
}

/// `help [TOPIC]`.
///
/// # Errors
/// A topic that is neither a command nor a device.
pub fn help<S: Simulator + ?Sized>(m: &S, topic: &str) -> Result<String, String> {
    let all = || SHARED.iter().chain(m.commands().iter());
    let topic = topic.trim();
    if topic.is_empty() {
        let mut lines: Vec<String> = all().map(|(_, l)| column(l)).collect();
        lines.sort_unstable();
        return Ok(format!(
            "{} simulator commands (help CMD or help DEV for one):\n{}",
            m.sim_name(),
            lines.join("\n")
        ));
    }
    let t = topic.to_ascii_lowercase();
    if let Some((_, line)) = all().find(|(name, _)| *name == t) {
        return Ok(column(line));
    }
    if let Some(d) = device(m, topic) {
        let mut s = format!("{}: {}\n  {}", d.name, d.about, device_line(&d, m.radix()));
        if !d.options.is_empty() {
            s.push_str(&format!("\n  set {} {}", d.name, d.options.join("|")));
        }
        if !d.registers.is_empty() {
            let names: Vec<&str> = d.registers.iter().map(|r| r.name).collect();
            s.push_str(&format!("\n  registers: {}", names.join(" ")));
        }
        return Ok(s);
    }
    Err(format!(
        "No help for {topic}: neither a command nor a device (help lists them)"
    ))
}

/// `help [TOPIC]` at a console that lends its machine to the debugger (`retro hp2100 debug`,
/// the T3300-R's console): SIMH's list as [`help`] gives it, then the debugger's extras
/// (`crate::debugger::EXTRAS`) apart; `help EXTRA` for one of them.
///
/// # Errors
/// A topic that is neither a command, an extra nor a device.
pub fn debugging_help<S: Simulator + ?Sized>(m: &S, topic: &str) -> Result<String, String> {
    let extras = crate::debugger::EXTRAS;
    let t = topic.trim().to_ascii_lowercase();
    if t.is_empty() {
        let lines: Vec<String> = extras.iter().map(|(_, l)| column(l)).collect();
        return Ok(format!(
            "{}\n\nThe debugger's extras:\n{}",
            help(m, "")?,
            lines.join("\n")
        ));
    }
    let name = if t == "fin" { "finish" } else { t.as_str() };
    match extras.iter().find(|(n, _)| *n == name) {
        Some((_, line)) => Ok(column(line)),
        None => help(m, topic),
    }
}
