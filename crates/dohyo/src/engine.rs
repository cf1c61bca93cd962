//! Our two engines (crate `gomoku-engines`) as programs for any referee: this dohyo, the 1993
//! way (file or command line), or a Gomocup manager (pbrain).
//!
//! The time per move is `--time-ms` when given; otherwise a pbrain manager's `INFO timeout_turn`
//! less a tenth for the protocol's own delays; otherwise the engine's node budget. The rule is
//! the one given with `--rule`: a manager's `INFO rule` is not read, since Gomocup's bitmask
//! cannot say 1993 (see `docs/dohyo.md`). The mumble (file and command line) and the pbrain
//! `MESSAGE` line give the engine's name and its time.

use crate::protocol::{self, file::ServeError, Brain, Reply};
use crate::spec::Protocol;
use gomoku::{Game, Point, Rule};
use gomoku_engines::{Engine, EngineKind, Limits};
use std::time::{Duration, Instant};

/// One of our engines behind the protocols.
pub struct EngineBrain {
    engine: Box<dyn Engine>,
    kind: EngineKind,
    rule: Rule,
    limits: Limits,
    /// The limits were given on the command line: a manager's timeout does not change them.
    fixed: bool,
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
        }
    }
}

impl Brain for EngineBrain {
    fn answer(&mut self, moves: &[Point]) -> Reply {
        let game = match Game::from_moves(moves, self.rule) {
            Ok(g) => g,
            Err((n, e)) => return Reply::Raw(format!("ERROR move {n}: {e}\n")),
        };
        let start = Instant::now();
        let p = self.engine.choose(&game, self.rule, &self.limits);
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
        if key.eq_ignore_ascii_case("timeout_turn") && !self.fixed {
            if let Ok(ms) = value.parse::<u64>() {
                self.limits.time = (ms > 0).then(|| Duration::from_millis(ms - ms / 10));
            }
        }
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
