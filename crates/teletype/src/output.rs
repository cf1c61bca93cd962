//! The first write error of a printer that kept running after it (see [`crate::Printer`]):
//! the machine does not stop for a torn-off paper, but the command that ran it reports the
//! error when it ends (a full disk) or ends quietly (a closed pipe).

use std::io;
use std::sync::Mutex;

static FIRST: Mutex<Option<io::Error>> = Mutex::new(None);

/// Keep `e` unless an earlier error is already kept.
pub(crate) fn note(e: io::Error) {
    let mut first = FIRST.lock().unwrap_or_else(|p| p.into_inner());
    first.get_or_insert(e);
}

/// The first write error a printer met since the last call, if any.
pub fn take_output_error() -> Option<io::Error> {
    FIRST.lock().unwrap_or_else(|p| p.into_inner()).take()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_is_kept_and_taken_once() {
        note(io::Error::from(io::ErrorKind::BrokenPipe));
        note(io::Error::from(io::ErrorKind::StorageFull));
        let e = take_output_error().unwrap();
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        assert!(take_output_error().is_none());
    }
}
