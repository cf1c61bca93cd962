//! The L-game of M. Sato, "Lゲームの計算機による分類" (University of Tokyo, TOSBAC-3300):
//! the native reference for the classifier and the LGM player.
//!
//! What it models, by section of the paper:
//!
//! * §2 and §4: the game Λ = (S, h, s). A position is a 4 × 4 board of `r`, `b`, `n`, `o`
//!   (two L pieces, two neutrals, six empty cells) and the side to move ([`Position`]);
//!   h moves the mover's L, then at most one neutral ([`moves`]).
//! * §3: the sets B_i, F_i and the classes B, F, U ([`mod@classify`]).
//! * §5 and §6: the symmetries D_4 and the colour change c, and the quotient game
//!   M = Λ/G whose elements have red to move with red's L in orientation P_0
//!   ([`symmetry`], [`Position::ltype`]).
//! * §7: the three representations: Λ-type (the board of letters, [`Board::lambda`]),
//!   M-type (the masks R, B, N, [`Board`]) and l-type (0..2295, [`LType`]), with the tables
//!   `+form+` and `+fred+` ([`form`]) and `+mt+` and `+ti+` ([`ltype`]), all derived from
//!   the definitions ([`mod@tables`]).
//! * §8: the classification by repeated extension, computing χ̃ through h = f∘g
//!   ([`mod@classify`]).
//! * §9: the result (B̄_i = 15, 3, 3, 5, 3; F̄_i = 768, 27, 81, 11, 119; B 29, F 1006,
//!   U 1261) and §11: `+bo+`, the fifteen elements of B_0. The printed figures are in
//!   [`paper`] for comparison only.
//! * §10: the LGM program's players: here a perfect player using the classification and a
//!   random player ([`player`]), and a game on the teletype ([`play`]).
//! * The report of a classification ([`report`], [`listing`]) and the classifier's speed on
//!   the host ([`mod@bench`]).
//!
//! Interpretations (each one is needed to reproduce the paper exactly):
//!
//! 1. The points of P_0..P_7 (§7) are (x, y) with x along a row to the right and y upwards,
//!    offsets from the placement's first cell l(B). This rebuilds the printed `+form+` in all
//!    96 entries; other axis readings do not.
//! 2. A move (§4, condition (2); §8, f "moves at most one N piece") puts the mover's L on a
//!    different placement not overlapping the other L or the neutrals (it may overlap its
//!    own old cells), then optionally moves one neutral to any cell empty after the L move,
//!    including a cell the L just left. A compulsory neutral move (B 27, F 832, U 1437) or
//!    no neutral move at all (B 96, F 359, U 1841) do not give the paper's table.
//! 3. B_i and F_i are computed synchronously, each set from the previous ones exactly as §3
//!    defines them. Updating in place (using a new value within the same pass) would make a
//!    position's level depend on the order of the pass.
//! 4. l-type = 28·m(A) + the rank of N among the 28 neutral placings of its (R, B) pair in
//!    ascending numeric order of N (§7: "N(A) ≤ N(A') ⇒ A ≤ A'"). Descending order matches
//!    none of `+bo+`.
//! 5. `+bo+` prints 3402 where the classification gives 3404: 03404 is
//!    `oobo/bbbo/rrrn/rono`, where red has no L move; 03402 is `oobo/bbbo/rrro/rnno`, where
//!    red has three, so it cannot be in B_0 under any reading. 3402 is a misprint.
//! 6. In (A, a) ∈ S the letter a is the side to move: condition (2) lets a's pieces change
//!    (A ∧ A' contains a at most 3 times) and keeps the other L (4 times).
//! 7. §9 writes B_1 = φ, F_1 = φ for B_{−1} = F_{−1} = ∅; §4 lists the L shape's points as
//!    {(0,0),(0,1),(1,1),(2,2)}, where (2,2) must be (2,1). Neither changes anything here.
//! 8. The paper's counts are of M = S/G. G acts freely on S, so each element of M stands for
//!    16 positions of S (36736 in all).
//! 9. The start position (§4) `nbbo/orbo/orbo/orrn` is taken with red to move; its class in
//!    M is the paper's m = 07200 r + 0560 b + 010010 n, l-type 1269 (octal 2365), in U.
//! 10. The perfect player (not described in the paper) plays from F a move into B of the
//!     lowest level (the fastest win), from U a move into U (never into a loss), and from B a
//!     move into F of the highest level (the longest resistance).

pub mod asm;
pub mod bench;
pub mod board;
pub mod briefing;
pub mod classify;
pub mod form;
pub mod game;
pub mod graph;
pub mod listing;
pub mod ltype;
pub mod moves;
pub mod notation;
pub mod paper;
pub mod play;
pub mod player;
pub mod position;
pub mod report;
pub mod rng;
pub mod symmetry;
pub mod tables;

#[cfg(test)]
mod full_game;
#[cfg(test)]
mod reference;

pub use board::{Board, Colour, Mask};
pub use classify::{classify, Classification, Counts, Outcome};
pub use ltype::LType;
pub use moves::{Move, MoveError};
pub use position::Position;
pub use tables::{tables, Placement, Tables};
