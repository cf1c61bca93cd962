//! The server's private folder for its tabs' DOS-M discs: each tab that boots DOS-M runs on a
//! copy of the server's image, kept here (`pages/hp2100` note 8).
//!
//! Implementation notes:
//!
//! 1. The folder is made fresh when the server starts, in the system's temporary folder, with
//!    mode 0700, under a name of the process and a count (`retro-serve-PID-N`); creating a
//!    folder never follows a link, and a name already taken (by a link planted there, or the
//!    folder of a dead process of the same number) is passed over for the next count.
//! 2. A disc is created exclusively (`create_new`, O_CREAT|O_EXCL: a link at its name is an
//!    error, never followed), mode 0600, and removed with its tab's session ([`Disc`]).
//! 3. The folder is removed when the server is dropped, and when `retro serve` ends by SIGINT,
//!    SIGTERM or SIGHUP ([`Discs::remove`], called by `server::serve`). After a removal no
//!    disc can be made, so that a session ending late leaves nothing.
//! 4. At the start, folders a dead server left (a kill it could not catch, SIGKILL or a power
//!    cut), and the disc copies of older versions (`retro-dosm-PID-N.dsk`), are removed: those
//!    of the user running the server whose process is gone (no `/proc/PID`). Where there is no
//!    `/proc`, nothing is removed. A link is removed as a link, never followed.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Folders made by this process, for their names (note 1).
static COUNT: AtomicU64 = AtomicU64::new(0);

/// The prefix of a server's folder (note 1).
const PREFIX: &str = "retro-serve-";

/// The prefix of the disc copies older versions left in the temporary folder (note 4).
const OLD_PREFIX: &str = "retro-dosm-";

/// The server's folder of discs.
#[derive(Debug)]
pub struct Discs {
    dir: PathBuf,
    /// Discs made, for their names.
    made: AtomicU64,
    /// Removed: no more discs (note 3).
    removed: AtomicBool,
}

/// One tab's disc, removed when dropped (note 2).
#[derive(Debug)]
pub struct Disc {
    path: PathBuf,
    /// The folder, kept while a disc is in it.
    _discs: Arc<Discs>,
}

impl Disc {
    /// Where it is on the host (never shown to a page).
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Disc {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

impl Discs {
    /// A fresh folder in `base` (note 1), after removing what dead servers left there (note 4).
    ///
    /// # Errors
    /// No folder could be made.
    pub fn create_in(base: &Path) -> io::Result<Arc<Discs>> {
        remove_stale(base);
        let pid = std::process::id();
        let mut last = None;
        for _ in 0..64 {
            let n = COUNT.fetch_add(1, Ordering::Relaxed);
            let dir = base.join(format!("{PREFIX}{pid}-{n}"));
            match DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => {
                    return Ok(Arc::new(Discs {
                        dir,
                        made: AtomicU64::new(0),
                        removed: AtomicBool::new(false),
                    }))
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free name")))
    }

    /// The folder in the system's temporary folder.
    ///
    /// # Errors
    /// No folder could be made.
    pub fn create() -> io::Result<Arc<Discs>> {
        Discs::create_in(&std::env::temp_dir())
    }

    /// The folder's path (never shown to a page).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A new disc: a copy of `image`, which must be `len` bytes (note 2).
    ///
    /// # Errors
    /// The folder removed, the image unreadable or not `len` bytes, the copy not written.
    pub fn copy_of(self: &Arc<Self>, image: &Path, len: u64) -> io::Result<Disc> {
        if self.removed.load(Ordering::SeqCst) {
            return Err(io::Error::other("the server is ending"));
        }
        let n = self.made.fetch_add(1, Ordering::Relaxed);
        let path = self.dir.join(format!("dosm-{n}.dsk"));
        let mut to = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)?;
        // From here the file is ours: it goes with the disc, whatever happens.
        let disc = Disc {
            path,
            _discs: self.clone(),
        };
        let mut from = File::open(image)?.take(len + 1);
        let copied = io::copy(&mut from, &mut to)?;
        if copied != len {
            return Err(io::Error::other(format!(
                "the server's DOS-M image is not {len} bytes"
            )));
        }
        to.flush()?;
        Ok(disc)
    }

    /// Remove the folder and all in it; no disc is made after (note 3).
    pub fn remove(&self) {
        self.removed.store(true, Ordering::SeqCst);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Drop for Discs {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Remove what dead servers left in `base` (note 4).
fn remove_stale(base: &Path) {
    let proc = Path::new("/proc");
    let Ok(me) = std::fs::metadata(proc.join("self")) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(stale_pid) else {
            continue;
        };
        // Not followed: a link is looked at, and removed, as a link.
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        if meta.uid() != me.uid() || proc.join(pid.to_string()).exists() {
            continue;
        }
        let _ = if meta.is_dir() {
            std::fs::remove_dir_all(e.path())
        } else {
            std::fs::remove_file(e.path())
        };
    }
}

/// The process number in the name of a server's folder or an older disc copy.
fn stale_pid(name: &str) -> Option<u32> {
    let rest = name
        .strip_prefix(PREFIX)
        .or_else(|| name.strip_prefix(OLD_PREFIX)?.strip_suffix(".dsk"))?;
    let (pid, n) = rest.split_once('-')?;
    n.bytes().all(|b| b.is_ascii_digit()).then_some(())?;
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn base(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("web-discs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A process number that is not running: one past the highest running, which the kernel
    /// does not reuse at once.
    fn dead_pid() -> u32 {
        let highest = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .max()
            .unwrap();
        (highest + 1000..)
            .find(|p| !Path::new(&format!("/proc/{p}")).exists())
            .unwrap()
    }

    #[test]
    fn the_folder_is_private_and_goes_with_the_server() {
        let b = base("private");
        let d = Discs::create_in(&b).unwrap();
        let dir = d.dir().to_path_buf();
        let meta = std::fs::symlink_metadata(&dir).unwrap();
        assert!(meta.is_dir());
        assert_eq!(meta.permissions().mode() & 0o777, 0o700);
        let image = b.join("image");
        std::fs::write(&image, vec![7u8; 1000]).unwrap();
        let disc = d.copy_of(&image, 1000).unwrap();
        assert_eq!(std::fs::read(disc.path()).unwrap(), vec![7u8; 1000]);
        let mode = std::fs::metadata(disc.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // A short image is refused, and its copy goes.
        assert!(d.copy_of(&image, 2000).is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        drop(disc);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        drop(d);
        assert!(!dir.exists());
        std::fs::remove_dir_all(&b).unwrap();
    }

    #[test]
    fn a_planted_link_is_not_followed() {
        let b = base("link");
        let victim = b.join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        // Links at the names the next folders would take, and at the folder's first disc.
        let pid = std::process::id();
        let next = COUNT.load(Ordering::Relaxed);
        for n in next..next + 8 {
            let _ = std::os::unix::fs::symlink(&b, b.join(format!("{PREFIX}{pid}-{n}")));
        }
        let d = Discs::create_in(&b).unwrap();
        assert!(!std::fs::symlink_metadata(d.dir()).unwrap().is_symlink());
        std::os::unix::fs::symlink(&victim, d.dir().join("dosm-0.dsk")).unwrap();
        let image = b.join("image");
        std::fs::write(&image, vec![1u8; 10]).unwrap();
        let e = d.copy_of(&image, 10).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        // The next disc takes the next name.
        assert!(d.copy_of(&image, 10).is_ok());
        drop(d);
        std::fs::remove_dir_all(&b).unwrap();
    }

    #[test]
    fn what_a_dead_server_left_is_removed_and_a_live_ones_kept() {
        let b = base("stale");
        let dead = dead_pid();
        let live = std::process::id();
        let victim = b.join("victim");
        std::fs::create_dir(&victim).unwrap();
        std::fs::write(victim.join("file"), b"keep").unwrap();
        let stale = b.join(format!("{PREFIX}{dead}-0"));
        std::fs::create_dir(&stale).unwrap();
        std::fs::write(stale.join("dosm-0.dsk"), b"disc").unwrap();
        let old = b.join(format!("{OLD_PREFIX}{dead}-3.dsk"));
        std::fs::write(&old, b"disc").unwrap();
        let link = b.join(format!("{PREFIX}{dead}-1"));
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let alive = b.join(format!("{PREFIX}{live}-99999"));
        std::fs::create_dir(&alive).unwrap();
        let other = b.join("retro-serve-notes");
        std::fs::create_dir(&other).unwrap();
        let d = Discs::create_in(&b).unwrap();
        assert!(!stale.exists() && !old.exists());
        assert!(
            std::fs::symlink_metadata(&link).is_err(),
            "the link removed"
        );
        assert_eq!(std::fs::read(victim.join("file")).unwrap(), b"keep");
        assert!(alive.exists() && other.exists());
        drop(d);
        std::fs::remove_dir_all(&b).unwrap();
    }

    #[test]
    fn no_disc_is_made_after_the_folder_is_removed() {
        let b = base("removed");
        let d = Discs::create_in(&b).unwrap();
        let image = b.join("image");
        std::fs::write(&image, vec![1u8; 10]).unwrap();
        d.remove();
        assert!(d.copy_of(&image, 10).is_err());
        assert!(!d.dir().exists());
        std::fs::remove_dir_all(&b).unwrap();
    }
}
