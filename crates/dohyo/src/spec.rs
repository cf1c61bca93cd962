//! Program specs: `file:CMD`, `cmdline:CMD`, `pbrain:CMD`.
//!
//! The command line after the colon is split on blanks (no quoting: a program whose path holds
//! a blank is reached through a wrapper script). A program path with a `/` is resolved against
//! the caller's folder when the spec is parsed, since the program itself runs in a folder of its
//! own; a bare name is looked up on `PATH` as usual.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The three ways a program talks with the dohyo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// Guide §3.2: `5moku.ban` in, `5moku.res` out, one run per move.
    File,
    /// Guide appendix G: the history on the command line, `5moku.res` out, one run per move.
    Cmdline,
    /// Gomocup: one process per game over standard input and output.
    Pbrain,
}

impl Protocol {
    pub fn name(self) -> &'static str {
        match self {
            Protocol::File => "file",
            Protocol::Cmdline => "cmdline",
            Protocol::Pbrain => "pbrain",
        }
    }
}

impl FromStr for Protocol {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        match s {
            "file" => Ok(Protocol::File),
            "cmdline" => Ok(Protocol::Cmdline),
            "pbrain" => Ok(Protocol::Pbrain),
            _ => Err(SpecError::Protocol(s.to_string())),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecError {
    #[error("program spec `{0}`: expected PROTOCOL:COMMAND, e.g. `file:./prog`")]
    NoColon(String),
    #[error("unknown protocol `{0}` (expected file, cmdline or pbrain)")]
    Protocol(String),
    #[error("program spec `{0}`: the command is empty")]
    Empty(String),
}

/// One entrant: its protocol and its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramSpec {
    pub protocol: Protocol,
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The spec as the user wrote it, for logs.
    pub text: String,
}

impl ProgramSpec {
    /// A short name for screens and crosstables: the program's file name and its arguments.
    pub fn label(&self) -> String {
        let base = self
            .program
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        std::iter::once(base)
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl FromStr for ProgramSpec {
    type Err = SpecError;
    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (proto, cmd) = text
            .split_once(':')
            .ok_or_else(|| SpecError::NoColon(text.to_string()))?;
        let protocol: Protocol = proto.parse()?;
        let mut words = cmd.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| SpecError::Empty(text.to_string()))?;
        let mut program = PathBuf::from(program);
        if program.components().count() > 1 && program.is_relative() {
            if let Ok(here) = std::env::current_dir() {
                program = here.join(program);
            }
        }
        Ok(ProgramSpec {
            protocol,
            program,
            args: words.collect(),
            text: text.to_string(),
        })
    }
}

impl fmt::Display for ProgramSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_on_blanks_and_resolve_relative_paths() {
        let s: ProgramSpec = "pbrain:retro gomoku engine --engine search"
            .parse()
            .unwrap();
        assert_eq!(s.protocol, Protocol::Pbrain);
        assert_eq!(s.program, PathBuf::from("retro"));
        assert_eq!(s.args, ["gomoku", "engine", "--engine", "search"]);
        let s: ProgramSpec = "file:./prog".parse().unwrap();
        assert!(s.program.is_absolute() && s.program.ends_with("prog"));
        assert_eq!(s.label(), "prog");
    }

    #[test]
    fn bad_specs_are_named() {
        assert_eq!(
            "prog".parse::<ProgramSpec>(),
            Err(SpecError::NoColon("prog".into()))
        );
        assert_eq!(
            "tcp:prog".parse::<ProgramSpec>(),
            Err(SpecError::Protocol("tcp".into()))
        );
        assert_eq!(
            "file: ".parse::<ProgramSpec>(),
            Err(SpecError::Empty("file: ".into()))
        );
    }
}
