//! The two readings of black's forbidden moves.

use std::fmt;
use std::str::FromStr;

/// How a three is recognised when judging black's double-three.
///
/// Both modes share everything else (guide §2.2-2.3): a three needs a key point that makes a
/// straight four whose completions are exact fives; five has priority; the one-line
/// double-four is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Strict renju: a three counts only if one of its key points is itself a legal move for
    /// black, decided recursively.
    #[default]
    Renju,
    /// The guide's §2.5 (2): the key point is not checked, so the ★ of the §2.5 diagram is a
    /// double-three.
    Guide1993,
}

impl Rule {
    /// The name used on the command line and in logs.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Renju => "renju",
            Rule::Guide1993 => "1993",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is neither `renju` nor `1993`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule {0:?} (expected renju or 1993)")]
pub struct UnknownRule(pub String);

impl FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        match s.trim() {
            "renju" => Ok(Rule::Renju),
            "1993" => Ok(Rule::Guide1993),
            other => Err(UnknownRule(other.to_string())),
        }
    }
}
