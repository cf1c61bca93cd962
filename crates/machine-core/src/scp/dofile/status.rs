//! A command's status as SIMH's console reports it: 0 for success, a machine's stop (a
//! halt, a breakpoint) below 64, the console's errors from 64 up, each with its name (for
//! `on NAME`) and the words SIMH prints (for the report and `%TSTATUS%`).
//!
//! Sources: the SIMH user's guide, "Executing command files" (`on`, `%STATUS%`) and the
//! error words Open SIMH 4 prints, recorded in `crates/hp2100/tests/simh4/`.

/// The first error status; below it are the machine's stops.
pub const BASE: u32 = 64;

/// The errors from [`BASE`] up, in order: (the name `on` takes, the words SIMH prints).
pub const ERRORS: [(&str, &str); 52] = [
    ("NXM", "Address space exceeded"),
    ("UNATT", "Unit not attached"),
    ("IOERR", "I/O error"),
    ("CSUM", "Checksum error"),
    ("FMT", "Format error"),
    ("NOATT", "Unit not attachable"),
    ("OPENERR", "File open error"),
    ("MEM", "Memory exhausted"),
    ("ARG", "Invalid argument"),
    ("STEP", "Step expired"),
    ("UNK", "Unknown command"),
    ("RO", "Read only argument"),
    ("INCOMP", "Command not completed"),
    ("STOP", "Simulation stopped"),
    ("EXIT", "Goodbye"),
    ("TTIERR", "Console input I/O error"),
    ("TTOERR", "Console output I/O error"),
    ("EOF", "End of file"),
    ("REL", "Relocation error"),
    ("NOPARAM", "No settable parameters"),
    ("ALATT", "Unit already attached"),
    ("TIMER", "Hardware timer error"),
    ("SIGERR", "Signal handler setup error"),
    ("TTYERR", "Console terminal setup error"),
    ("SUB", "Subscript out of range"),
    ("NOFNC", "Command not allowed"),
    ("UDIS", "Unit disabled"),
    ("NORO", "Read only operation not allowed"),
    ("INVSW", "Invalid switch"),
    ("MISVAL", "Missing value"),
    ("2FARG", "Too few arguments"),
    ("2MARG", "Too many arguments"),
    ("NXDEV", "Non-existent device"),
    ("NXUN", "Non-existent unit"),
    ("NXREG", "Non-existent register"),
    ("NXPAR", "Non-existent parameter"),
    ("NEST", "Nested DO command limit exceeded"),
    ("IERR", "Internal error"),
    ("MTRLNT", "Invalid magtape record length"),
    ("LOST", "Console Telnet connection lost"),
    ("TTMO", "Console Telnet connection timed out"),
    ("STALL", "Console Telnet output stall"),
    ("AFAIL", "Assertion failed"),
    ("INVREM", "Invalid remote console command"),
    ("EXPECT", "Expect matched"),
    ("AMBREG", "Ambiguous register name"),
    ("REMOTE", "remote console command"),
    ("INVEXPR", "invalid expression"),
    ("SIGTERM", "SIGTERM received"),
    ("FSSIZE", "File System size larger than disk size"),
    ("RUNTIME", "Run time limit exhausted"),
    ("INCOMPDSK", "Incompatible Disk Container"),
];

/// Named statuses the console itself returns.
pub const OK: u32 = 0;
pub const NXM: u32 = BASE;
pub const OPENERR: u32 = BASE + 6;
pub const ARG: u32 = BASE + 8;
pub const STEP: u32 = BASE + 9;
pub const UNK: u32 = BASE + 10;
pub const NOFNC: u32 = BASE + 25;
pub const MISVAL: u32 = BASE + 29;
pub const TWO_FEW: u32 = BASE + 30;
pub const TWO_MANY: u32 = BASE + 31;
pub const NXREG: u32 = BASE + 34;
pub const NEST: u32 = BASE + 36;
pub const AFAIL: u32 = BASE + 42;
pub const EXPECT: u32 = BASE + 44;
pub const INVEXPR: u32 = BASE + 47;

/// The words SIMH prints for an error status (`None` for success and the machine's stops).
pub fn words(status: u32) -> Option<&'static str> {
    let i = status.checked_sub(BASE)? as usize;
    ERRORS.get(i).map(|e| e.1)
}

/// The status `on NAME` names (`ERROR` is 0, any error), or a number.
pub fn by_name(name: &str) -> Option<u32> {
    if name.eq_ignore_ascii_case("ERROR") {
        return Some(0);
    }
    ERRORS
        .iter()
        .position(|e| e.0.eq_ignore_ascii_case(name))
        .map(|i| BASE + i as u32)
        .or_else(|| name.parse().ok())
}

/// The name of an error status, for `show on`.
pub fn name(status: u32) -> String {
    match status {
        0 => "ERROR".into(),
        s => s
            .checked_sub(BASE)
            .and_then(|i| ERRORS.get(i as usize))
            .map_or_else(|| s.to_string(), |e| e.0.to_string()),
    }
}

/// The status of an error message that opens with SIMH's words (`Unknown command: bogus`);
/// a message in other words is an invalid argument.
pub fn of_message(msg: &str) -> u32 {
    let msg = msg.trim_start();
    // SIMH's words for a status it has no name for (`Error 768`, a host command's).
    if let Some(n) = msg.strip_prefix("Error ").and_then(|n| n.parse().ok()) {
        return n;
    }
    ERRORS
        .iter()
        .enumerate()
        .filter(|(_, e)| {
            msg.get(..e.1.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(e.1))
        })
        .max_by_key(|(_, e)| e.1.len())
        .map_or(ARG, |(i, _)| BASE + i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_words_and_codes_agree() {
        assert_eq!(by_name("nxm"), Some(64));
        assert_eq!(by_name("ERROR"), Some(0));
        assert_eq!(words(ARG), Some("Invalid argument"));
        assert_eq!(words(UNK), Some("Unknown command"));
        assert_eq!(words(5), None);
        assert_eq!(name(AFAIL), "AFAIL");
        assert_eq!(of_message("Unknown command: bogus"), UNK);
        assert_eq!(of_message("Non-existent device: LPT"), BASE + 32);
        assert_eq!(of_message("cannot read x"), ARG);
        assert_eq!(ERRORS[(INVEXPR - BASE) as usize].0, "INVEXPR");
        assert_eq!(ERRORS[(EXPECT - BASE) as usize].0, "EXPECT");
        assert_eq!(ERRORS[(NEST - BASE) as usize].0, "NEST");
    }
}
