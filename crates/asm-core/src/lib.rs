//! What the workspace's assemblers share (`hp2100-asm` for the HP 2100A, `t3300-asm` for the
//! T3300-R): the report of their errors ([`diag`]), the safe echo of source lines in it
//! ([`echo`]) and the reading of source files ([`text`]). Each error names `FILE:LINE:COL`,
//! repeats the source line and marks the faulty field with carets; notes (where a duplicated
//! name was first defined, say) follow in the same form, and the report ends with the count.
//! The readers of other line-oriented files (the HEX replay logs) echo their lines the same way.

pub mod diag;
pub mod echo;
pub mod text;

pub use diag::{Diagnostic, Place, Report, MAX_ERRORS};
pub use echo::{excerpt, visible};
pub use text::decode;
