//! Errors of matches, experiments and their files: each names the file and line, the
//! parameter, or the game at fault.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum LabError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}:{line}:{column}: {message}", path.display())]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{}: {message}", path.display())]
    File { path: PathBuf, message: String },
    /// A results file that cannot be read, written, locked or resumed (`longrun::results`).
    #[error(transparent)]
    Results(#[from] longrun::results::Error),
    #[error("{}:{line}: game {game} was recorded twice with different results", path.display())]
    Conflict {
        path: PathBuf,
        line: usize,
        game: u64,
    },
    #[error("player `{spec}`: {message}")]
    Spec { spec: String, message: String },
    #[error("{0}")]
    Parameter(String),
    #[error("game {game}: {message}")]
    Game { game: u64, message: String },
    #[error("{0}")]
    Incomplete(String),
}

impl LabError {
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> LabError {
        LabError::Io {
            path: path.into(),
            source,
        }
    }
}

impl From<longrun::runner::Panicked> for LabError {
    fn from(p: longrun::runner::Panicked) -> LabError {
        LabError::Parameter(p.0)
    }
}

pub type Result<T, E = LabError> = std::result::Result<T, E>;
