//! TOSBAC-3300 reconstruction (**T3300-R**): a SMAP II-style two-pass assembler.
//!
//! SMAP II was the TOSBAC-3300's assembler; all that survives of it is what M. Sato's L-game
//! paper shows (project spec `docs/t3300.md` §2.1 and §4.7). Documented \[F\]:
//!
//! * labels are written between plus signs, `+form+`, the same way where defined and used;
//! * `oct.` stores comma-separated octal constants from the location counter, `fix.` decimal
//!   ones; the paper writes them with no blank after the period (`oct.164000,161000`);
//! * a number with a leading 0 is octal.
//!
//! Reconstructed \[R\] (spec §4.7 and §6): the line layout `[+label+] op[*] [operand] [; comment]`
//! with `*` in column 1 for a comment line; the operand `[expr][,n]`; `*` after the mnemonic for
//! indirection; expressions of numbers, labels and `*` joined by `+` and `-`, with the `+`
//! lexing rule of [`lex`]; the directives `org. bss. equ. txt. end.`; case-insensitive input,
//! lower-case listings.
//!
//! Refinements (numbered as in the project's `docs/t3300.md`):
//!
//! * A1. `oct.` reads every number as octal, also inside expressions (`oct. +tab++10` adds
//!   octal 10), so an `oct.` line can hold addresses as well as masks.
//! * A2. `org.`, `bss.` and `equ.` need values known at their line (labels defined above), as
//!   the first pass must know them; forward references there are errors.
//! * A3. `bss.` words are zero in the image, so reloading a program clears its work areas.
//! * A4. Assembling the same address twice is an error naming the first line.
//! * A5. Without an `end.` operand the program starts at its first word; a missing `end.` is an
//!   error; lines after `end.` are not read.
//! * A6. Ranges: addresses, `lxi` and `hlt` codes 0–077777; `axi` −32768–32767 (mod 2^15);
//!   `lai`/`aai` −16384–16383; shift counts 0–63; `fix.` −8388608–8388607; `oct.` −040000000
//!   to 077777777; a register 1–3.
//! * A7. A character in quotes is a term worth its code: `lai 'A'` loads 0101, so a program
//!   that talks on the typewriter can name the characters it prints and compares.
//! * A8. Labels are case-insensitive like mnemonics; any `+`-delimited run of letters and
//!   digits starting with a letter is a label, of any length.
//!
//! The assembly runs on the pipeline both assemblers share (crate `asm-core`: lines,
//! statements, pass 1, pass 2, listing rows, errors with spans); what is the T3300-R's is
//! here. Modules, in the order an assembly uses them: [`lex`] and [`parse`] (one line into a
//! statement), `pass1` (addresses and labels), `pass2` with `encode` (words and the image),
//! [`listing`]; `assemble` ties them to the pipeline; `symbols` evaluates expressions over
//! the shared symbol table; [`diag`] turns the errors' lines and columns into spans;
//! [`files`] holds the assembler and the disassembler on files, as the command line uses them.

mod assemble;
pub mod diag;
mod encode;
pub mod files;
pub mod lex;
pub mod listing;
pub mod parse;
mod pass1;
mod pass2;
mod symbols;

pub use assemble::{assemble, assemble_bytes, Assembly};
pub use diag::{AsmError, Diagnostic};
pub use listing::{symbols as listing_symbols, ListingError};
pub use symbols::{SymKind, Symbol};

#[cfg(test)]
mod tests;
