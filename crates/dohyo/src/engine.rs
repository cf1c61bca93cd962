//! Our two engines (crate `gomoku-engines`) as programs for any referee: this dohyo, the 1993
//! way (file or command line), or a Gomocup manager (pbrain).
//!
//! The time per move is `--time-ms` when given; otherwise what a pbrain manager's clocks allow
//! (`INFO timeout_turn`, `timeout_match` and `time_left`, managed as Gomocup engines do:
//! `gomoku_engines::clock`); otherwise the engine's node budget. The rule is
//! the one given with `--rule`: a manager's `INFO rule` is not read, since Gomocup's bitmask
//! cannot say 1993 (see `docs/dohyo.md`). The mumble (file and command line) and the pbrain
//! `MESSAGE` line give the engine's name and its time.

use crate::protocol::{self, file::ServeError, Brain, Reply};
use crate::spec::Protocol;
use gomoku::{Game, Point, Rule};
use gomoku_engines::{Engine, EngineKind, Limits, MatchClock};
use std::time::{Duration, Instant};

/// One of our engines behind the protocols.
pub struct EngineBrain {
    engine: Box<dyn Engine>,
    kind: EngineKind,
    rule: Rule,
    limits: Limits,
    /// The limits were given on the command line: a manager's timeout does not change them.
    fixed: bool,
    /// The manager's clocks and the time spent in this game.
    clock: MatchClock,
    /// Stones on the board at the last question, to see a new game begin.
    last_stones: usize,
}

impl EngineBrain {
    pub fn new(
        kind: EngineKind,
        rule: Rule,
        time: Option<Duration>,
        nodes: Option<u64>,
        seed: u64,
    ) -> EngineBrain {
        EngineBrain {
            engine: kind.build(seed),
            kind,
            rule,
            limits: Limits { time, nodes },
            fixed: time.is_some() || nodes.is_some(),
            clock: MatchClock::default(),
            last_stones: 0,
        }
    }

    /// The limits the next move will have.
    pub fn limits(&self) -> Limits {
        if self.fixed {
            self.limits
        } else {
            Limits {
                time: self.clock.move_time(),
                nodes: None,
            }
        }
    }
}

impl Brain for EngineBrain {
    fn answer(&mut self, moves: &[Point]) -> Reply {
        let game = match Game::from_moves(moves, self.rule) {
            Ok(g) => g,
            Err((n, e)) => return Reply::Raw(format!("ERROR move {n}: {e}\n")),
        };
        if moves.len() < self.last_stones {
            self.clock.new_game();
        }
        self.last_stones = moves.len();
        let start = Instant::now();
        let p = self.engine.choose(&game, self.rule, &self.limits());
        self.clock.spend(start.elapsed());
        let mumble = format!("{} {:.1}s", self.kind, start.elapsed().as_secs_f64());
        Reply::Move(p, Some(mumble))
    }

    fn about(&self) -> String {
        format!(
            "name=\"retro-{}\", version=\"{}\", author=\"retro\", country=\"JP\"",
            self.kind,
            env!("CARGO_PKG_VERSION")
        )
    }

    fn info(&mut self, key: &str, value: &str) {
        self.clock.info(key, value);
    }
}

/// Run an engine as a program of `protocol`; `words` are the referee's (command line only).
pub fn serve_engine(
    protocol: Protocol,
    words: &[String],
    brain: &mut EngineBrain,
) -> Result<(), ServeError> {
    protocol::serve(protocol, words, brain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_clock_limits_a_move_below_the_time_per_move() {
        let mut b = EngineBrain::new(EngineKind::Eval, Rule::Renju, None, None, 0);
        assert_eq!(b.limits().time, None);
        b.info("timeout_turn", "1000");
        assert_eq!(b.limits().time, Some(Duration::from_millis(900)));
        b.info("timeout_match", "3000");
        b.info("time_left", "500");
        let t = b.limits().time.unwrap();
        assert!(t < Duration::from_millis(50), "{t:?}");
        // Limits from the command line are kept.
        let mut fixed = EngineBrain::new(
            EngineKind::Eval,
            Rule::Renju,
            Some(Duration::from_secs(2)),
            None,
            0,
        );
        fixed.info("time_left", "500");
        assert_eq!(fixed.limits().time, Some(Duration::from_secs(2)));
    }
}
