//! The time an engine gives one move under a Gomocup manager's clocks: the time per move
//! (`INFO timeout_turn`) and the clock of the whole game (`INFO timeout_match`, with
//! `INFO time_left` sent before every move), as the Gomocup protocol defines them
//! (`docs/games.md` §1a; 0 means no limit, and a `time_left` of 2147483647 means unlimited).
//!
//! Notes on the choices:
//! 1. A tenth of the time per move is left for the protocol and the process (the manager
//!    measures from its sending to its reading).
//! 2. Of the game's clock a move takes at most 1/[`SHARE`] of what is left, less a fifth of it
//!    ([`RESERVE`]) and less [`DELAYS`] for the protocol's delays of the moves to come, so that
//!    the clock is never run out however long the game: what is left shrinks geometrically.
//!    This is the usual way of Gomocup engines, which cannot know how many moves a game will
//!    last.
//! 3. When the manager gives `timeout_match` but no `time_left`, the engine counts what it has
//!    spent itself since the game began ([`MatchClock::spent`]).
//! 4. Every move gets at least [`FLOOR`], so that an engine with a clock nearly out still
//!    answers a legal move at once instead of none.

use std::time::Duration;

/// The share of the time left that one move may take (note 2).
pub const SHARE: u32 = 15;
/// The part of the time left that is never spent (note 2), as a divisor: a fifth. With it,
/// all the moves of a game together take at most 80 % of the clock, leaving the rest for the
/// protocol's own delays (a few milliseconds a move, over at most 113 moves of one side).
pub const RESERVE: u32 = 5;
/// Kept back for the protocol's own delay of each move to come (note 2): 3 ms for each of
/// the at most 113 moves of one side on the 15 x 15 board.
pub const DELAYS: Duration = Duration::from_millis(3 * 113);
/// The least time a move gets (note 4).
pub const FLOOR: Duration = Duration::from_millis(1);
/// `time_left` meaning no limit.
pub const UNLIMITED_MS: u64 = 2_147_483_647;

/// What a manager said about time, and what the engine spent in this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchClock {
    /// `timeout_turn`, when above 0.
    pub turn: Option<Duration>,
    /// `timeout_match`, when above 0.
    pub game: Option<Duration>,
    /// The last `time_left` (unlimited: `None`).
    pub left: Option<Duration>,
    /// Spent on this game's moves, by the engine's own count (note 3).
    pub spent: Duration,
}

impl MatchClock {
    /// Take one `INFO key value`; returns whether the key was a clock's.
    pub fn info(&mut self, key: &str, value: &str) -> bool {
        let Ok(ms) = value.trim().parse::<u64>() else {
            return false;
        };
        let d = (ms > 0).then(|| Duration::from_millis(ms));
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.turn = d,
            "timeout_match" => self.game = d,
            "time_left" => self.left = (ms < UNLIMITED_MS).then(|| Duration::from_millis(ms)),
            _ => return false,
        }
        true
    }

    /// A new game begins: the engine's own count starts again (a manager that sends
    /// `time_left` sends it anew before every move).
    pub fn new_game(&mut self) {
        self.spent = Duration::ZERO;
    }

    /// The engine spent `d` on a move.
    pub fn spend(&mut self, d: Duration) {
        self.spent += d;
        if let Some(left) = self.left.as_mut() {
            *left = left.saturating_sub(d);
        }
    }

    /// What is left of the game's clock: the manager's word, else the game's time less what
    /// the engine counted (note 3); `None` when the game has no clock.
    pub fn time_left(&self) -> Option<Duration> {
        self.left
            .or_else(|| self.game.map(|g| g.saturating_sub(self.spent)))
    }

    /// The time for the next move, `None` when neither clock limits it.
    pub fn move_time(&self) -> Option<Duration> {
        let by_turn = self.turn.map(|t| t - t / 10);
        let by_game = self
            .time_left()
            .map(|left| (left - left / RESERVE).saturating_sub(DELAYS) / SHARE);
        let t = match (by_turn, by_game) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        Some(t.max(FLOOR))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(turn: u64, game: u64) -> MatchClock {
        let mut c = MatchClock::default();
        c.info("timeout_turn", &turn.to_string());
        c.info("timeout_match", &game.to_string());
        c
    }

    #[test]
    fn the_time_per_move_alone_leaves_a_tenth() {
        let c = clock(1000, 0);
        assert_eq!(c.move_time(), Some(Duration::from_millis(900)));
        assert_eq!(MatchClock::default().move_time(), None);
    }

    /// A 3 s game clock with 1 s a move (`tc=3/1`, where the engines once lost on time):
    /// however long the game, the moves never spend the clock, by the manager's `time_left`
    /// or by the engine's own count.
    #[test]
    fn a_game_clock_is_never_run_out() {
        for told in [true, false] {
            let mut c = clock(1000, 3000);
            c.new_game();
            let mut left_ms: u64 = 3000;
            // The longest game: 113 moves of one side on the 15 x 15 board.
            for _ in 0..113 {
                if told {
                    c.info("time_left", &left_ms.to_string());
                }
                let t = c.move_time().unwrap();
                assert!(t >= FLOOR && t <= Duration::from_millis(900), "{t:?}");
                // The manager's clock also runs for the protocol: a few ms a move.
                let used = t + Duration::from_millis(2);
                c.spend(used);
                left_ms = left_ms.saturating_sub(used.as_millis() as u64);
            }
            assert!(left_ms > 0, "ran out (told {told})");
            // The first move of a 3 s game takes a fifteenth of 80 % of it less the delays,
            // not 0.9 s.
            let mut fresh = clock(1000, 3000);
            fresh.info("time_left", "3000");
            assert_eq!(fresh.move_time(), Some(Duration::from_micros(137_400)));
        }
    }

    #[test]
    fn unlimited_and_zero_mean_no_clock() {
        let mut c = clock(0, 0);
        c.info("time_left", &UNLIMITED_MS.to_string());
        assert_eq!(c.move_time(), None);
        assert!(!c.info("max_memory", "0"));
    }
}
