//! Standard output for every command, and what its write errors mean.
//!
//! Commands print with [`out!`] and [`outln!`], or write to [`Out`], which return the write's
//! error instead of panicking as `print!` does, and pass it up with `?`; the error names
//! standard output and keeps its kind. `main` turns every error through
//! [`exit_for`]: a closed pipe (`retro ... | head`) ends the command quietly with status 0,
//! as a Unix filter does when its reader has had enough; any other write error (a full disk)
//! is reported and the status is 2. The teletype's printer keeps running with its paper torn
//! off (see the `teletype` crate); the first error it met is taken here at the end.

use std::error::Error;
use std::io::{self, Write};
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

/// Standard output, its errors saying so (a copy is the same standard output).
#[derive(Clone, Copy)]
pub struct Out;

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().lock().write(buf).map_err(named)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        io::stdout().lock().write_all(buf).map_err(named)
    }
    fn flush(&mut self) -> io::Result<()> {
        io::stdout().lock().flush().map_err(named)
    }
}

/// The error of a write to standard output, keeping the original as its source so that a
/// closed pipe is recognised through errors that are displayed transparently.
#[derive(Debug, thiserror::Error)]
#[error("cannot write standard output: {0}")]
struct StdoutError(#[source] io::Error);

/// An error met writing standard output elsewhere (a library's screen), named as ours.
pub fn stdout_error(e: io::Error) -> io::Error {
    named(e)
}

fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), StdoutError(e))
}

/// The exit status of a command's result, after flushing standard output; errors are
/// reported on standard error, except a closed pipe.
pub fn exit_for(result: crate::CliResult) -> ExitCode {
    let flushed = Out.flush();
    let result = match (result, flushed, teletype::take_output_error()) {
        (Err(e), _, _) => Err(e),
        (Ok(_), Err(e), _) => Err(e.into()),
        (Ok(_), Ok(()), Some(e)) => Err(named(e).into()),
        (Ok(code), Ok(()), None) => Ok(code),
    };
    match result {
        Ok(code) => code,
        Err(e) if closed_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("retro: {e}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error, or one it was caused by, is a write to a pipe nobody reads.
fn closed_pipe(e: &(dyn Error + 'static)) -> bool {
    let mut cur = Some(e);
    while let Some(e) = cur {
        if let Some(io) = e.downcast_ref::<io::Error>() {
            if io.kind() == io::ErrorKind::BrokenPipe {
                return true;
            }
        }
        cur = e.source();
    }
    false
}
