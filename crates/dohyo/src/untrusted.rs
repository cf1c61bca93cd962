//! The files a program under test can tamper with: read and written so that the program can
//! reach nothing outside its folder and cannot make the dohyo read without end.
//!
//! A program owns its folder and may put anything there in place of `5moku.ban` or
//! `5moku.res`: a symbolic link to a file of the dohyo's (its own match log) or outside the
//! output folder, a FIFO that nobody writes, a link to `/dev/zero`, a file of gigabytes.
//! Notes on the choices:
//! 1. No path under a program's folder is followed through a symbolic link: files are opened
//!    with `O_NOFOLLOW`, and the folder and its parent are checked to be real folders before
//!    each move (the program is not running then in the one-run-per-move protocols).
//! 2. A file is read only when it is a regular file, opened with `O_NONBLOCK` so that opening
//!    a FIFO cannot block, and at most [`READ_CAP`] bytes are read; a larger file is refused
//!    (a Gomocup manager caps what it reads as well).
//! 3. The board file is written by removing whatever is at its name (a link is removed, not
//!    followed) and creating a new file there with `O_EXCL`, so that a link put back in
//!    between makes the write fail instead of going through it.
//! 4. A write or read that fails for a reason of the host (the disk full, a read-only or
//!    failing disk, no memory, too many open files) is a host error ([`host_error`]); the
//!    game is then not adjudicated (`game` and `bout`).

use nix::errno::Errno;
use nix::fcntl::OFlag;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The most the dohyo reads of a program's `5moku.res` or `5moku.ban` (a move and a mumble
/// need a few dozen bytes).
pub const READ_CAP: u64 = 64 * 1024;

/// Why a program's file could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// Nothing there.
    Missing,
    /// A symbolic link, a FIFO, a device or a folder: the name says which.
    NotAFile(&'static str),
    /// Larger than [`READ_CAP`].
    TooLarge(u64),
    /// The host failed (note 4).
    Host(String),
    /// Another error, with its text.
    Other(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Missing => write!(f, "missing"),
            Refused::NotAFile(what) => write!(f, "a {what}, not a file"),
            Refused::TooLarge(n) => write!(f, "{n} bytes, over the {READ_CAP} read"),
            Refused::Host(e) | Refused::Other(e) => write!(f, "{e}"),
        }
    }
}

/// Is this error the host's, not the program's (note 4)?
pub fn host_error(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error().map(Errno::from_raw),
        Some(
            Errno::ENOSPC
                | Errno::EDQUOT
                | Errno::EROFS
                | Errno::EIO
                | Errno::ENOMEM
                | Errno::EMFILE
                | Errno::ENFILE
                | Errno::EAGAIN
        )
    )
}

fn kind_of(meta: &fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_symlink() {
        "symbolic link"
    } else if t.is_dir() {
        "folder"
    } else if t.is_fifo() {
        "FIFO"
    } else if t.is_socket() {
        "socket"
    } else if t.is_block_device() || t.is_char_device() {
        "device"
    } else {
        "special file"
    }
}

/// Read a file a program wrote (notes 1, 2).
pub fn read(path: &Path) -> Result<Vec<u8>, Refused> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags((OFlag::O_NOFOLLOW | OFlag::O_NONBLOCK | OFlag::O_NOCTTY).bits())
        .open(path);
    let file = match file {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(Refused::Missing),
        Err(e) if e.raw_os_error() == Some(Errno::ELOOP as i32) => {
            return Err(Refused::NotAFile("symbolic link"))
        }
        Err(e) if host_error(&e) => return Err(Refused::Host(e.to_string())),
        Err(e) => {
            // A socket cannot be opened at all; say what is there when the name tells.
            return Err(match fs::symlink_metadata(path) {
                Ok(m) if !m.is_file() => Refused::NotAFile(kind_of(&m)),
                _ => Refused::Other(e.to_string()),
            });
        }
    };
    let meta = file.metadata().map_err(|e| Refused::Other(e.to_string()))?;
    if !meta.is_file() {
        return Err(Refused::NotAFile(kind_of(&meta)));
    }
    if meta.len() > READ_CAP {
        return Err(Refused::TooLarge(meta.len()));
    }
    let mut buf = Vec::new();
    file.take(READ_CAP + 1)
        .read_to_end(&mut buf)
        .map_err(|e| match host_error(&e) {
            true => Refused::Host(e.to_string()),
            false => Refused::Other(e.to_string()),
        })?;
    // A file that grew while being read.
    if buf.len() as u64 > READ_CAP {
        return Err(Refused::TooLarge(buf.len() as u64));
    }
    Ok(buf)
}

/// Replace whatever is at `path` by a new file holding `bytes` (note 3).
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path)?,
        Ok(_) => fs::remove_file(path)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut f: File = OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(OFlag::O_NOFOLLOW.bits())
        .open(path)?;
    f.write_all(bytes)
}

/// Remove whatever is at `path` without following it; nothing there is fine.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Check that `folder` and its parent are real folders, not links (note 1); `None` when they
/// are, else what is wrong.
pub fn real_folder(folder: &Path) -> Option<String> {
    for p in [Some(folder), folder.parent()].into_iter().flatten() {
        match fs::symlink_metadata(p) {
            Ok(m) if m.is_dir() => {}
            Ok(m) => return Some(format!("{} is a {}", p.display(), kind_of(&m))),
            Err(e) => return Some(format!("{}: {e}", p.display())),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("dohyo-untrusted-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn links_fifos_devices_and_large_files_are_refused() {
        let d = dir("read");
        let outside = d.join("outside.txt");
        fs::write(&outside, "secret\n").unwrap();
        symlink(&outside, d.join("link")).unwrap();
        assert_eq!(
            read(&d.join("link")),
            Err(Refused::NotAFile("symbolic link"))
        );
        symlink("/dev/zero", d.join("zero")).unwrap();
        assert_eq!(
            read(&d.join("zero")),
            Err(Refused::NotAFile("symbolic link"))
        );
        nix::unistd::mkfifo(&d.join("fifo"), nix::sys::stat::Mode::S_IRWXU).unwrap();
        assert_eq!(read(&d.join("fifo")), Err(Refused::NotAFile("FIFO")));
        fs::create_dir(d.join("sub")).unwrap();
        assert_eq!(read(&d.join("sub")), Err(Refused::NotAFile("folder")));
        fs::write(d.join("big"), vec![b'8'; READ_CAP as usize + 1]).unwrap();
        assert_eq!(read(&d.join("big")), Err(Refused::TooLarge(READ_CAP + 1)));
        assert_eq!(read(&d.join("none")), Err(Refused::Missing));
        fs::write(d.join("ok"), "808\r\n").unwrap();
        assert_eq!(read(&d.join("ok")).unwrap(), b"808\r\n");
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_write_replaces_a_link_instead_of_following_it() {
        let d = dir("write");
        let outside = d.join("log");
        fs::write(&outside, "#match 1\n").unwrap();
        symlink(&outside, d.join("5moku.ban")).unwrap();
        replace(&d.join("5moku.ban"), b"808\r\n").unwrap();
        assert_eq!(fs::read_to_string(&outside).unwrap(), "#match 1\n");
        assert_eq!(fs::read(d.join("5moku.ban")).unwrap(), b"808\r\n");
        fs::create_dir(d.join("5moku.res")).unwrap();
        remove(&d.join("5moku.res")).unwrap();
        assert!(!d.join("5moku.res").exists());
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_folder_that_is_a_link_is_named() {
        let d = dir("folder");
        fs::create_dir(d.join("real")).unwrap();
        symlink(d.join("real"), d.join("A")).unwrap();
        assert!(real_folder(&d.join("real")).is_none());
        assert!(real_folder(&d.join("A")).unwrap().contains("symbolic link"));
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_full_disk_is_the_hosts_error() {
        assert!(host_error(&io::Error::from_raw_os_error(
            Errno::ENOSPC as i32
        )));
        assert!(!host_error(&io::Error::from_raw_os_error(
            Errno::EISDIR as i32
        )));
    }
}
