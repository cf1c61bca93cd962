//! The L-game programs of M. Sato's paper ("Lゲームの計算機による分類", University of Tokyo,
//! TOSBAC-3300) as T3300-R programs, run on the emulator (crate `t3300`).
//!
//! * [`classifier`]: `asm/t3300/lgame.asm`, the classification of §8 and §9. It is assembled
//!   and run here; the passes of the extension are timed in machine cycles, the result table
//!   it leaves in core is read back and compared with the native reference (crate `lgame`).
//! * [`lgm`]: `asm/t3300/lgm.asm`, the LGM player of §10, on any teletype host, or driven
//!   question by question by another program (a native player, a test).
//! * [`referee`]: games of LGM against a native player, every move of LGM checked against the
//!   native reference's classification.
//! * [`step`]: the classifier in the stepping debugger with its symbols, and the guided tour.
//! * [`report`]: what `retro lgame classify` prints of a run; [`mod@bench`]: the emulator's speed
//!   on the classifier.
//! * [`runs`]: the runs of `retro lgame classify|play|step`: the classifier with its
//!   progress and report, LGM at the terminal, the classifier in the debugger.
//!
//! Notes:
//!
//! 1. The programs are assembled from the sources in `asm/t3300/` at run time (the text is
//!    built into the crate), so what runs is exactly what the repository holds.
//! 2. Extension passes are timed by breakpoints at the program's `+xbeg+` and `+xend+` labels:
//!    the cycles between them are the pass, without the typewriter's printing.

pub mod bench;
pub mod classifier;
pub mod commands;
pub mod lgm;
pub mod referee;
pub mod report;
pub mod runs;
pub mod step;
