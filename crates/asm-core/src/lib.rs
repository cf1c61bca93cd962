//! What the workspace's assemblers share (`hp2100-asm` for the HP 2100A, `t3300-asm` for the
//! T3300-R): the report of their errors ([`diag`]). Each error names `FILE:LINE:COL`, repeats
//! the source line and marks the faulty field with carets; notes (where a duplicated name was
//! first defined, say) follow in the same form, and the report ends with the count.

pub mod diag;

pub use diag::{Diagnostic, Place, Report};
