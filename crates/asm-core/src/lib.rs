//! What the workspace's assemblers share (`hp2100-asm` for the HP 2100A, `t3300-asm` for the
//! T3300-R): one assembler pipeline, generic over a small machine trait that holds what
//! differs.
//!
//! ```text
//! source lines ([`source`]) → fields and statements ([`statement`]; the machine parses its
//! operands) → pass 1 (addresses,
//! [`symbols`]) → pass 2 (words and relocation, [`listing`] rows) → listing and report
//! ([`errors`], [`diag`])
//! ```
//!
//! [`pipeline`] drives the passes over a [`Machine`]; a machine brings its statement shape,
//! its opcode table (the ISA crates), its operand forms, pseudo-ops and output records.
//! Errors are kept as spans of the source lines and printed as `FILE:LINE:COL`, the source
//! line and carets under the faulty field; notes (where a duplicated name was first defined,
//! say) follow in the same form, and the report ends with the count. The report, the reading
//! of a file's bytes as text and the safe echo of its lines are crate `source-report`'s,
//! which the readers of other line-oriented files (the HEX replay logs) use too; they are
//! re-exported here as [`diag`], [`text`] and [`echo`].

pub mod errors;
pub mod listing;
pub mod pipeline;
pub mod source;
pub mod statement;
pub mod symbols;

pub use errors::{Error, Errors};
pub use listing::{write_rows, Lister, Row};
pub use pipeline::{run, Flow, Machine, Output};
pub use source::{lines_of, Line, Span};
pub use source_report::{decode, excerpt, visible, Diagnostic, Place, Report, MAX_ERRORS};
pub use source_report::{diag, echo, text};
pub use statement::{is_blank, Field, Statement};
pub use symbols::{Symbol, SymbolTable};
