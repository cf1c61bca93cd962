//! Standard output for every command, and what its write errors mean (`host_terminal::stdout`).
//!
//! Commands print with [`out!`] and [`outln!`], or write to [`Out`], which return the write's
//! error instead of panicking as `print!` does, and pass it up with `?`; the error names
//! standard output and keeps its kind. `main` turns every error through
//! [`exit_for`]: a closed pipe (`retro ... | head`) ends the command quietly with status 0,
//! as a Unix filter does when its reader has had enough; any other write error (a full disk)
//! is reported and the status is 2. The teletype's printer keeps running with its paper torn
//! off (see the `teletype` crate); the first error it met is taken here at the end.

use std::process::ExitCode;

/// `print!` to standard output, returning `io::Result<()>`.
macro_rules! out {
    ($($a:tt)*) => {{
        use std::io::Write as _;
        write!($crate::out::Out, $($a)*)
    }};
}

/// `println!` to standard output, returning `io::Result<()>`.
macro_rules! outln {
    ($($a:tt)*) => {{
        use std::io::Write as _;
        writeln!($crate::out::Out, $($a)*)
    }};
}

/// `eprintln!` that does not panic when standard error is closed (there is nowhere left to
/// say so).
macro_rules! errln {
    ($($a:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($a)*);
    }};
}

pub use host_terminal::stdout::{stdout_error, Out};

/// The exit status of a command's result (`host_terminal::stdout::exit_status`).
pub fn exit_for(result: crate::CliResult) -> ExitCode {
    host_terminal::stdout::exit_status("retro", result)
}
