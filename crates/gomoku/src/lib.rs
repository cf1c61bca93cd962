//! Gomoku under the rules of the 1993 五目競争 (the PC-VAN "五目競争公式ガイド 暫定版",
//! ToMo, 1993-11-28; "the guide"), with strict renju beside it.
//!
//! What it models, by section of the guide:
//!
//! * §2.1: the 15 x 15 board, black first, alternate moves, five in a row wins, a forbidden
//!   move by black loses ([`Board`], [`Game`]).
//! * §2.2-2.3: threes (also the 飛び3), the shapes that are no three (夏止め `○+★★★+○`, and
//!   `○+★★★++●+` for black), black's fouls: 3x3, 4x4 (also on one line, `●+★★★+●`),
//!   長連, with 3x3x4 and 3x4x4 included, five first ([`foul()`], [`Foul`]).
//! * §2.5 (1): no pass. §2.5 (2): the simplified double-three whose key point is not checked
//!   ([`Rule::Guide1993`]) beside strict renju ([`Rule::Renju`]).
//! * §2.4 and appendix A: the 24 basic openings ([`OPENINGS`]); appendix F: the log's name
//!   of an opening and its symmetry, `『寒星』(直接1・正・本)` ([`Opening::log_name`],
//!   [`Symmetry`]; our reading of 正/本 is in docs/gomoku.md).
//! * §3.2: coordinates `x,y`, x from the left and y from the top, centre 8,8 ([`Point`]).
//! * The guide's diagrams (● ○ +, `*` for a forbidden point, move numbers): the one board
//!   renderer for the terminal, the teletype and SVG ([`Picture`]); a position after an
//!   opening and moves, named and captioned, as `retro gomoku show` prints it ([`show`]).
//!
//! Notes (choices where the guide is silent):
//!
//! 1. A three counts on a line only if that line holds no four through the move; a line can
//!    hold two fours (`X.X?X.X`). In renju a key point that completes a five on another line
//!    does not make the three (it would be a five, not a straight four), as Rapfi and the
//!    PyPI `renju` checker decide; the golden data follows them.
//! 2. Algebraic points (`h8`) count rows from the top, like the guide's y: the number is the
//!    guide's y, so 寒星 is `h8 h7 h6` = `8,8 8,7 8,6`, as in our notes' opening table and
//!    the c-gomoku-cli `pos` notation. (Renju diagrams printed with row 1 at the bottom are
//!    the vertical mirror, one of the 8 symmetries, which changes no foul.)
//! 3. White's overline wins: the guide says five in a row wins and white has no fouls
//!    (§2.3 禁手は黒だけ), and renju counts white's six as a win.
//! 4. A forbidden move by black is kept in the record and ends the game, white winning.
//! 5. A black move that makes exactly five on one line and an overline on another is a black
//!    win, in both modes. The 1993 guide (§2.3) states the five's priority (「5勝ち優先」) for
//!    a five made with a 3x3 "and the like" (ような場合), and counts the overline among the
//!    fouls of the same rule without an exception for it; the RIF rules (1996, corrected
//!    1998) define the fouls by what a move makes besides a five (a three is one that can
//!    become a straight four "without at the same time a five in a row" being made); Rapfi
//!    and the PyPI `renju` checker, given such a position, also give black the win.
//!    c-gomoku-cli judges the move an overline foul; we follow the guide and RIF's reading.
//!    Tested by `game::tests::black_five_with_an_overline_on_another_line_wins`.

pub mod bench;
pub mod board;
pub mod foul;
pub mod game;
mod line;
pub mod opening;
pub mod point;
pub mod position;
pub mod render;
pub mod rule;
pub mod show;
pub mod stone;
pub mod symmetry;

pub use board::Board;
pub use foul::{forbidden_points, foul, listing, listing_lines, Foul};
pub use game::{Game, PlayError, Status, Win};
pub use opening::{Kind, Opening, OPENINGS};
pub use point::{Point, PointError, POINTS, SIZE};
pub use position::{board_of, parse_moves, parse_position, PositionError};
pub use render::Picture;
pub use rule::{Rule, UnknownRule};
pub use stone::Stone;
pub use symmetry::Symmetry;
