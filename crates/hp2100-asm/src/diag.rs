//! Diagnostics: the report shared with the T3300-R assembler (crate `asm-core`).

pub use asm_core::diag::{Diagnostic, Place, Report, MAX_ERRORS};
