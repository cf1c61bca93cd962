//! Standard output for a command, and what its write errors mean: [`Out`] returns a write's
//! error instead of panicking as `print!` does, naming standard output and keeping the
//! error's kind; [`exit_status`] turns a command's result into its exit status: a closed
//! pipe (`retro ... | head`) ends it quietly with status 0, as a Unix filter does when its
//! reader has had enough; any other error (a full disk) is reported on standard error and
//! the status is 2. A printer keeps running with its paper torn off (`teletype::Printer`); the
//! first error it met is taken at the end (`teletype::take_output_error`).

use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

/// Standard output, its errors saying so (a copy is the same standard output).
#[derive(Clone, Copy, Debug, Default)]
pub struct Out;

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stdout().lock().write(buf).map_err(stdout_error)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        io::stdout().lock().write_all(buf).map_err(stdout_error)
    }
    fn flush(&mut self) -> io::Result<()> {
        io::stdout().lock().flush().map_err(stdout_error)
    }
}

/// The error of a write to standard output, keeping the original as its source so that a
/// closed pipe is recognised through errors that are displayed transparently.
#[derive(Debug, thiserror::Error)]
#[error("cannot write standard output: {0}")]
struct StdoutError(#[source] io::Error);

/// An error met writing standard output (here, or in a library's screen), named as such.
pub fn stdout_error(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), StdoutError(e))
}

/// The exit status of a command (`program` names it in messages) whose result is `result`,
/// after flushing standard output: the command's own status, 0 after a closed pipe, or 2
/// after any other error, which is reported on standard error.
pub fn exit_status(program: &str, result: Result<ExitCode, Box<dyn Error>>) -> ExitCode {
    let flushed = Out.flush();
    let result = match (result, flushed, teletype::take_output_error()) {
        (Err(e), _, _) => Err(e),
        (Ok(_), Err(e), _) => Err(e.into()),
        (Ok(_), Ok(()), Some(e)) => Err(stdout_error(e).into()),
        (Ok(code), Ok(()), None) => Ok(code),
    };
    match result {
        Ok(code) => code,
        Err(e) if closed_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            // Nowhere is left to say so if standard error is closed too.
            let _ = writeln!(io::stderr(), "{program}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error, or one it was caused by, is a write to a pipe nobody reads.
pub fn closed_pipe(e: &(dyn Error + 'static)) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_found_through_named_and_boxed_errors() {
        let pipe = stdout_error(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(pipe
            .to_string()
            .starts_with("cannot write standard output: "));
        let boxed: Box<dyn Error> = Box::new(pipe);
        assert!(closed_pipe(boxed.as_ref()));
        let full: Box<dyn Error> = Box::new(stdout_error(io::ErrorKind::StorageFull.into()));
        assert!(!closed_pipe(full.as_ref()));
        // `exit_status` takes the printers' kept error, which `output`'s test sets; the
        // command-line tests (`output_cli`) check the statuses.
    }
}
