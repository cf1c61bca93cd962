//! The error report of every reader of source text: the assemblers' sources (`asm-core`'s
//! pipeline) and the HEX replay logs (`nhex`) alike.
//!
//! A file is read as bytes and made text ([`text`]: an encoding error is itself a report
//! naming the place); its lines are echoed safely ([`echo`]: control characters made visible,
//! cut to a terminal's width); an error is printed as `FILE:LINE:COL`, the source line and
//! carets under the faulty field, notes after it in the same form, and the report ends with
//! the count ([`diag`], at most [`MAX_ERRORS`] errors).

pub mod diag;
pub mod echo;
pub mod text;

pub use diag::{Diagnostic, Place, Report, MAX_ERRORS};
pub use echo::{excerpt, visible};
pub use text::decode;
