//! The page's `sim>` line: the console of `retro t3300 console` (`t3300::console::Commands`
//! over `machine_core::Debugger`, `docs/t3300.md` §10), less what would touch the host.
//!
//! Notes:
//!
//! 1. A line is refused by its verb, the first word lower-cased, as the console itself reads
//!    it (`Commands::command`, `Debugger::command`, `machine_core::scp::command`), before
//!    either sees it: the verbs that read or write a host file or directory (crate note 2),
//!    and SIMH's that do (`dump`, `save`, `restore`), though this console has none of them,
//!    so that the page says why rather than "unknown command".
//! 2. `trace on` would send every instruction of a run to the page, and `quit` has nothing to
//!    end (the session ends with the tab): both are refused too. `step N` takes at most
//!    [`MAX_STEP`] instructions, each shown; `until`, a breakpoint and Run go further.
//! 3. What a command prints is cut at [`MAX_OUTPUT`] bytes (`x 0 32768` prints 32768 lines).

use machine_core::Debugger;
use t3300::console::Commands;
use t3300::Machine;

/// The most instructions one `step` shows (note 2).
pub const MAX_STEP: u64 = 1000;

/// The most output one command sends to the page, in bytes (note 3).
pub const MAX_OUTPUT: usize = 32 * 1024;

/// Why the page refuses `verb`, if it does (notes 1 and 2).
pub fn refused(verb: &str) -> Option<&'static str> {
    Some(match verb {
        "load" => {
            "load reads a host file: not in the page (the classifier is loaded; Reset reloads it)"
        }
        "attach" | "att" => "attach reads or writes a host file: not in the page",
        "detach" | "det" => "detach writes the punch's host file: not in the page",
        "do" => "do reads a host file: not in the page",
        "cd" | "pwd" => "the host's directories are not the page's",
        "dump" | "save" | "restore" | "rest" => "host files are not the page's",
        "trace" => "trace would send every instruction to the page: step shows each one",
        "quit" | "q" | "exit" => "the session ends when the tab is closed",
        _ => return None,
    })
}

/// The verb of `line` as the console reads it.
pub fn verb(line: &str) -> String {
    line.split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Run `line` at the console: what it printed, `? ...` lines for errors, as at the terminal.
///
/// # Errors
/// A refused verb (notes 1 and 2), a step count past [`MAX_STEP`].
pub fn command(
    d: &mut Debugger<Machine>,
    own: &mut Commands,
    line: &str,
) -> Result<String, String> {
    let v = verb(line);
    if let Some(why) = refused(&v) {
        return Err(format!("{v}: {why}"));
    }
    if matches!(v.as_str(), "step" | "s") {
        let n = line.split_whitespace().nth(1).map(str::parse::<u64>);
        if let Some(Ok(n)) = n {
            if n > MAX_STEP {
                return Err(format!(
                    "step shows at most {MAX_STEP} instructions here: until ADDR, a breakpoint \
                     and Run go further"
                ));
            }
        }
    }
    let mut text = match own.command(d, line) {
        Some(Ok(said)) if said.is_empty() => String::new(),
        Some(Ok(said)) => format!("{said}\n"),
        Some(Err(e)) => format!("? {e}\n"),
        None => {
            let mut out = Vec::new();
            // Writing to a Vec cannot fail.
            let _ = d.typed(line, &mut out);
            String::from_utf8_lossy(&out).into_owned()
        }
    };
    if matches!(v.as_str(), "help" | "?") && line.split_whitespace().nth(1).is_none() {
        text.push_str(
            "\nIn the page: load, attach, detach, do, cd, pwd, dump, save and restore are \
             refused (no host files), trace and quit too; step shows at most 1000.\n",
        );
    }
    Ok(cut(text))
}

/// `text` cut at [`MAX_OUTPUT`] bytes, at a line's end, saying how much was left out.
pub fn cut(text: String) -> String {
    if text.len() <= MAX_OUTPUT {
        return text;
    }
    let mut end = MAX_OUTPUT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let end = text[..end].rfind('\n').map_or(end, |i| i + 1);
    let left = text[end..].lines().count();
    format!("{}... ({left} more lines not shown)\n", &text[..end])
}
