//! Seeds: every game is reproducible from the match seed and its game number alone.
//!
//! SplitMix64 (crate `splitmix`) both derives the per-game seeds and draws the random
//! opening. It is a few lines, has no state beyond one word, and its output depends only on the
//! seed, so the same seed gives the same games on any machine and any number of threads.

pub use splitmix::SplitMix64;

/// The streams a game draws from: the opening and each player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Opening = 1,
    PlayerA = 2,
    PlayerB = 3,
}

/// The seed of one stream of game `game` of a match seeded `seed`.
pub fn game_seed(seed: u64, game: u64, stream: Stream) -> u64 {
    let mut g = SplitMix64::new(seed ^ SplitMix64::new(game).next_u64());
    let base = g.next_u64();
    SplitMix64::new(base ^ (stream as u64).wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_and_games_differ() {
        let a = game_seed(1, 0, Stream::PlayerA);
        assert_ne!(a, game_seed(1, 0, Stream::PlayerB));
        assert_ne!(a, game_seed(1, 1, Stream::PlayerA));
        assert_ne!(a, game_seed(2, 0, Stream::PlayerA));
        assert_eq!(a, game_seed(1, 0, Stream::PlayerA));
    }
}
