//! The dohyo (土俵): the referee program of the 1993 五目競争 (Gomoku competition), for the
//! period's protocols and today's engines.
//!
//! Sources: 五目競争公式ガイド 暫定版 (ToMo, 1993-11-28): §1.2 how a match is run, §3 the program
//! interface, appendix B the crosstables, D the counting of moves (謎式: every stone is a move),
//! F the Version 1.50 log line, G the command-line interface; `docs/games.md` §1a the Gomocup
//! protocol. In 1993 the referee program 5DO.EXE ran two entrants as child processes under
//! MS-DOS, passed the game through files and wrote a log the referees uploaded.
//!
//! The long-run harness of the tournaments (shares, the runner over all cores, progress, the
//! `--results` file, seed streams, locks) is crate `longrun`, shared with the Quoridor lab.
//!
//! Notes on choices where the sources are silent are numbered in the module that makes them;
//! `docs/dohyo.md` gathers them.

pub mod bout;
pub mod child;
pub mod crosstable;
pub mod engine;
pub mod folder;
pub mod game;
pub use longrun::lock;
pub mod log;
pub mod mumble;
pub mod protocol;
pub mod record;
pub mod results;
pub mod screen;
pub mod spec;
pub mod token;
pub mod tournament;
pub mod untrusted;
