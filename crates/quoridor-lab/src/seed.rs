//! Seeds: every game is reproducible from the run's seed and its game number alone.
//!
//! A game draws from three streams, each seeded by `longrun::seed::game_seed` from the run's
//! seed, the game number and the stream's number below; SplitMix64 (crate `splitmix`) then
//! draws the random opening from its stream, and each player its own choices from its own.

/// The streams a game draws from: the opening and each player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Opening = 1,
    PlayerA = 2,
    PlayerB = 3,
}

/// The seed of one stream of game `game` of a match seeded `seed`.
pub fn game_seed(seed: u64, game: u64, stream: Stream) -> u64 {
    longrun::seed::game_seed(seed, game, stream as u64)
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
