//! Results files: one JSON object a line, written as items finish, so that a stopped run loses
//! nothing it finished and `--resume` continues it.
//!
//! A file may open with a settings line (a header the user of the file defines); every other
//! line is one finished item. Lines are appended in the order items finish, which depends on
//! the number of threads, so readers key them by item number.
//!
//! Notes:
//! 1. **The partial last line.** A run killed in the middle of a write leaves at most one
//!    partial last line (no newline at its end). Reading ignores it; resuming cuts it off, so
//!    that its item, which the file does not hold, is played again. It is never completed or
//!    kept: a half line cannot be told from a damaged one, and the item it names can always
//!    be played again from its seed. A broken line anywhere else is an error naming its line.
//! 2. **Line by line.** Each line goes out with its newline in one write and is flushed, so
//!    lines of one run never share a line and a killed run leaves at most note 1's half line.
//! 3. **Locked.** The file is opened without truncating it and locked (`lock`) before it is
//!    read or written, so a second run on it is refused naming the holder, and two runs started
//!    together can never both write it.
//! 4. **Same settings.** A file that holds lines is continued only with `--resume`, and, when
//!    it has a settings line, only under equal settings: the refusal names each setting that
//!    differs, so items of different settings are never mixed in one file.

use crate::lock;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Errors of results files; each names the file, and the line when there is one.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not UTF-8 text ({message})", path.display())]
    NotText { path: PathBuf, message: String },
    #[error("{}: already exists; add --resume to continue it, or remove it", path.display())]
    Exists { path: PathBuf },
    #[error("{}: in use by another run ({holder}); two runs never write one file", path.display())]
    Held { path: PathBuf, holder: String },
    #[error("{}: made by another run ({detail}); resume only with the same settings", path.display())]
    Settings { path: PathBuf, detail: String },
    #[error("{}: empty: no header line", path.display())]
    NoHeader { path: PathBuf },
    #[error("{}: {message}", path.display())]
    Header { path: PathBuf, message: String },
    #[error("{}:{line}:{column}: {message}", path.display())]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

impl Error {
    fn io(path: &Path, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    /// A line of `path` that is not the JSON it should be.
    pub fn parse(path: &Path, line: usize, e: &serde_json::Error) -> Error {
        Error::Parse {
            path: path.into(),
            line,
            column: e.column(),
            message: e.to_string(),
        }
    }
}

impl From<lock::LockError> for Error {
    fn from(e: lock::LockError) -> Error {
        match e {
            lock::LockError::Held { path, holder } => Error::Held {
                path: path.into(),
                holder,
            },
            lock::LockError::Io(path, source) => Error::Io {
                path: path.into(),
                source,
            },
        }
    }
}

/// The settings line of a results file.
pub trait Header: Serialize + DeserializeOwned + PartialEq {
    /// Why a parsed first line is not this kind of file's header (a wrong format tag), if it
    /// is not.
    fn refuse(&self) -> Option<String> {
        None
    }
    /// The settings that differ between a file's header (`self`) and a run's, in words.
    fn differences(&self, run: &Self) -> String;
}

/// The complete lines of a results file (note 1).
#[derive(Debug, Clone, Default)]
pub struct Lines {
    /// Each complete line with its number from 1, without its newline.
    pub lines: Vec<(usize, String)>,
    /// Bytes of the file that hold complete lines (a partial last line lies beyond).
    pub complete_len: u64,
}

impl Lines {
    /// Split a file's text into its complete lines, leaving out a partial last line (note 1).
    pub fn of(path: &Path, text: &str) -> Lines {
        let mut complete = text;
        if !text.is_empty() && !text.ends_with('\n') {
            let cut = text.rfind('\n').map_or(0, |i| i + 1);
            log::warn!(
                "{}: ignoring an unfinished last line ({} bytes)",
                path.display(),
                text.len() - cut
            );
            complete = &text[..cut];
        }
        Lines {
            lines: complete
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect(),
            complete_len: complete.len() as u64,
        }
    }

    /// Read a results file.
    pub fn read(path: &Path) -> Result<Lines, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        Ok(Lines::of(path, &text(path, bytes)?))
    }

    /// The first line as header `H`, checked; the lines after it are [`Lines::body`].
    pub fn header<H: Header>(&self, path: &Path) -> Result<H, Error> {
        let Some((_, first)) = self.lines.first() else {
            return Err(Error::NoHeader { path: path.into() });
        };
        let h: H = serde_json::from_str(first).map_err(|e| Error::parse(path, 1, &e))?;
        match h.refuse() {
            Some(message) => Err(Error::Header {
                path: path.into(),
                message,
            }),
            None => Ok(h),
        }
    }

    /// The lines after the header, blank ones left out.
    pub fn body(&self) -> impl Iterator<Item = &(usize, String)> {
        self.lines
            .iter()
            .skip(1)
            .filter(|(_, l)| !l.trim().is_empty())
    }

    /// Every line as `T`, blank ones left out, each error naming its line.
    pub fn parse_all<T: DeserializeOwned>(&self, path: &Path) -> Result<Vec<(usize, T)>, Error> {
        self.lines
            .iter()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, l)| {
                serde_json::from_str(l)
                    .map(|t| (*n, t))
                    .map_err(|e| Error::parse(path, *n, &e))
            })
            .collect()
    }
}

fn text(path: &Path, bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| Error::NotText {
        path: path.into(),
        message: e.to_string(),
    })
}

/// A results file being written, locked for as long as it is open (note 3).
#[derive(Debug)]
pub struct Writer {
    path: PathBuf,
    file: File,
}

impl Writer {
    /// Open `path` to write, locked; with `resume`, continue the lines it holds (returned, a
    /// partial last line cut off: note 1), else refuse a file that holds any (note 4).
    pub fn open(path: &Path, resume: bool) -> Result<(Writer, Lines), Error> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| Error::io(path, e))?;
        lock::exclusive(&file, path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| Error::io(path, e))?;
        if !bytes.is_empty() && !resume {
            return Err(Error::Exists { path: path.into() });
        }
        let lines = Lines::of(path, &text(path, bytes)?);
        file.set_len(lines.complete_len)
            .map_err(|e| Error::io(path, e))?;
        file.seek(SeekFrom::End(0))
            .map_err(|e| Error::io(path, e))?;
        Ok((
            Writer {
                path: path.into(),
                file,
            },
            lines,
        ))
    }

    /// Open `path` as [`Writer::open`] does, for a file that begins with `header`: a new file
    /// gets it as its first line; a resumed one must have it (note 4). The lines returned
    /// include the header's.
    pub fn open_with<H: Header>(
        path: &Path,
        header: &H,
        resume: bool,
    ) -> Result<(Writer, Lines), Error> {
        let (mut w, lines) = Writer::open(path, resume)?;
        if lines.lines.is_empty() {
            w.record(header)?;
            return Ok((w, lines));
        }
        let found: H = lines.header(path)?;
        if found != *header {
            return Err(Error::Settings {
                path: path.into(),
                detail: found.differences(header),
            });
        }
        Ok((w, lines))
    }

    /// Append one line, with its newline in one write, flushed (note 2).
    pub fn line(&mut self, line: &str) -> Result<(), Error> {
        let mut buf = String::with_capacity(line.len() + 1);
        buf.push_str(line);
        buf.push('\n');
        self.file
            .write_all(buf.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| Error::io(&self.path, e))
    }

    /// Append `r` as one JSON line.
    pub fn record<T: Serialize + ?Sized>(&mut self, r: &T) -> Result<(), Error> {
        let line = serde_json::to_string(r).map_err(|e| Error::Io {
            path: self.path.clone(),
            source: std::io::Error::other(e),
        })?;
        self.line(&line)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Head {
        format: String,
        seed: u64,
    }

    impl Header for Head {
        fn refuse(&self) -> Option<String> {
            (self.format != "t").then(|| format!("not a results file (format `{}`)", self.format))
        }
        fn differences(&self, run: &Self) -> String {
            format!("seed {} there, {} here", self.seed, run.seed)
        }
    }

    fn head(seed: u64) -> Head {
        Head {
            format: "t".into(),
            seed,
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("longrun-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("r.jsonl")
    }

    #[test]
    fn a_partial_last_line_is_cut_off_on_resuming() {
        let path = temp("partial");
        let (mut w, lines) = Writer::open_with(&path, &head(5), false).unwrap();
        assert!(lines.lines.is_empty());
        w.line(r#"{"game":0}"#).unwrap();
        drop(w);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(br#"{"game":1,"fir"#).unwrap();
        drop(f);
        // Reading leaves it out; opening without --resume refuses the file.
        assert_eq!(Lines::read(&path).unwrap().lines.len(), 2);
        assert!(matches!(
            Writer::open_with(&path, &head(5), false),
            Err(Error::Exists { .. })
        ));
        let (mut w, lines) = Writer::open_with(&path, &head(5), true).unwrap();
        assert_eq!(lines.body().count(), 1);
        w.line(r#"{"game":1}"#).unwrap();
        drop(w);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "{\"format\":\"t\",\"seed\":5}\n{\"game\":0}\n{\"game\":1}\n"
        );
    }

    #[test]
    fn other_settings_and_other_files_are_refused() {
        let path = temp("settings");
        Writer::open_with(&path, &head(5), false).unwrap();
        let e = Writer::open_with(&path, &head(6), true)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("made by another run (seed 5 there, 6 here)"),
            "{e}"
        );
        std::fs::write(&path, "{\"format\":\"x\",\"seed\":5}\n").unwrap();
        let e = Writer::open_with(&path, &head(5), true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a results file (format `x`)"), "{e}");
        std::fs::write(&path, "{\"format\":\n").unwrap();
        let e = Writer::open_with(&path, &head(5), true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("r.jsonl:1:"), "{e}");
        std::fs::write(&path, "{}\nnot json\n").unwrap();
        let e = Lines::read(&path)
            .unwrap()
            .parse_all::<serde_json::Value>(&path)
            .unwrap_err()
            .to_string();
        assert!(e.contains("r.jsonl:2:"), "{e}");
        std::fs::write(&path, [0xffu8, b'\n']).unwrap();
        assert!(Lines::read(&path)
            .unwrap_err()
            .to_string()
            .contains("UTF-8"));
    }

    #[test]
    fn a_second_writer_is_refused_naming_the_holder() {
        let path = temp("locked");
        let (_w, _) = Writer::open(&path, false).unwrap();
        let e = Writer::open(&path, true).unwrap_err().to_string();
        assert!(e.contains("in use by another run"), "{e}");
        if Path::new("/proc/locks").exists() {
            assert!(
                e.contains(&format!("process {}", std::process::id())),
                "{e}"
            );
        }
    }
}
