//! HP's own software on the emulated HP 2100A, run as an operator ran it from paper tape: HP
//! BASIC configured by HP's Prepare and booted to `READY` ([`prepare`], [`basic`], with the
//! session's [`keyboard`]), HP's Extended Assembler run in its two passes ([`asmb`]), and
//! DOS-M's disc generated, kept and booted ([`dosm`]). A
//! SIMH 4 do-file's `send`/`expect` steps drive the same dialogue on our machine
//! ([`dialogue`]), for the comparison with SIMH. Every key typed for the operator or held for
//! the person goes through SIMH's expect/send rules (`machine_core::scp::keyin`): Prepare's
//! answers, a do-file's steps, BASIC's prompts and `PTAPE`.
//!
//! HP's tapes are HP's and not part of the project: they are read from the folder the
//! operator names ([`folder`]), `../shared/hp2100-software` by default, laid out as that
//! folder's README says.

pub mod asmb;
pub mod basic;
pub mod briefing;
pub mod dialogue;
pub mod dosm;
pub mod folder;
pub mod keyboard;
pub mod panel;
pub mod prepare;

pub use folder::Folder;
pub use panel::Error;
