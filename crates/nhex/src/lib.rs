//! NHEX: the HEX program of 田村治男 and 西澤輝泰 (University of Electro-Communications), which ran
//! on an HP 2100A (16-bit words, 16K words, about 3100 instructions) and beat Tokai University's
//! program twice on 1975-03-08. Source: T. Nishizawa, "HEX (Nash のゲーム) のプログラム改良版"
//! (OCR text in the shared `seeds/000_…`; English notes in the shared `docs/nhex.md`, cited
//! below as "notes §n"); the reconstruction and every choice made where the paper is silent is
//! written down in the project's `docs/nhex.md`.
//!
//! This crate is the reference for a later HP 2100 assembly version that must play the same
//! moves, so everything is integer arithmetic on small fixed tables, every tie is broken by the
//! scan order of cells (`board`), and nothing depends on hash-map iteration order.
//!
//! Modules, in the order of the paper:
//! * [`board`]: S, K, N, edges, chains (paper §1).
//! * [`coords`]: `uuvv`, GPCC (x,y) and a1 notation.
//! * [`calculus`]: C, C*, M on the empty plane (§2(1)); [`table`]: the pattern table of
//!   representatives under translation and rotation, and its HP 2100 assembly form.
//! * [`position`]: blocks, block connectability, three-block and Tamura rules, O/L/I sets and
//!   pair categories (§2(2), §3(1)–(5)).
//! * [`eval`]: the evaluation tables L1 and L2 with the centre bonus (§3(6)–(7)).
//! * [`engine`]: the move decision with three candidates and bar-type look-ahead, the fixed
//!   first move and the win announcements (§3(8)).
//! * [`dialogue`]: the teletype conversation (the logs); [`briefing`]: what an operator beside
//!   the teletype says to `HELP` at each of its questions.
//! * [`log`]: reading the logs; [`replay`]: comparing the engine with them; [`report`]: the
//!   replay report.
//! * [`render`]: the board as text and SVG; [`board_view`]: the board drawn beside the paper
//!   while a game is played.
//! * [`mod@bench`]: the engine's speed on the host.
//!
//! Numbered notes on deliberate deviations:
//! 1. The tables the program kept are lost; [`calculus`] regenerates them from the paper's
//!    definitions with documented bounds.
//! 2. The figures of the three-block rules, the centre-bonus region and the look-ahead flow
//!    chart are lost; each reconstruction is a named option of [`engine::Options`].
//! 3. Evaluation sums are kept in two words (32 bits): one 10000 entry per pair already fills
//!    a third of a 16-bit word.

pub mod asm;
pub mod bench;
pub mod board;
pub mod board_view;
pub mod briefing;
pub mod calculus;
pub mod coords;
pub mod dialogue;
pub mod engine;
pub mod eval;
pub mod log;
pub mod position;
pub mod render;
pub mod replay;
pub mod report;
pub mod table;

pub use board::{Board, Cell, Edge, Side};
