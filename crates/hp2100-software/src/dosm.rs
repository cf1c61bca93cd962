//! DOS-M, HP's disc operating system of 1971 (24225), on our 2100A with its 12557A/2870 disc:
//! a disc image generated from HP's tapes by the project's own do-files, kept for the next
//! runs, and a machine booted from a copy of it.
//!
//! The do-files are the ones SIMH runs too (`tests/hp2100/dosm-gen.do`, and a further step
//! given by the caller, e.g. NHEX's `dosm-tam.do`): the generation here is the same text, the
//! same words, as there (`docs/dos-m.md`).
//!
//! Notes:
//!
//! 1. An image is written into a new folder beside its final place and renamed into place only
//!    when every step has succeeded: a failed or killed generation leaves no half-written
//!    image. The folder is removed afterwards, whatever happened.
//! 2. One generation at a time writes an image: the lock `IMAGE.lock` (crate `file-lock`'s
//!    exclusive lock) is held meanwhile; a second run is refused, naming the first's process.
//! 3. A session boots a copy of the image, never the kept one: DOS-M writes to its disc (the
//!    job's time, the job binary area), and two sessions never write one image.
//! 4. The boot is the operator's of `docs/dos-m.md`: HP's SIO drivers, HP's disc bootstrap
//!    started at 2 with S = 22 (the disc's data channel), then RUN with S = 0.

use crate::Folder;
use hp2100::scp::Console;
use hp2100::{Machine, Stop};
use std::path::{Path, PathBuf};

/// The generation's do-file (`tests/hp2100/dosm-gen.do`).
pub const GEN_DO: &str = include_str!("../../../tests/hp2100/dosm-gen.do");

/// The machine's configuration and the boot to the bootstrap's halt (note 4); `%1` is HP's
/// folder, `%2` the disc image.
const BOOT_DO: &str = "\
set cpu 2100
set cpu 16K
set dma1 enabled
set dma2 enabled
set tbg enabled
set tbg sc=17
set ptr sc=13
set ptp sc=20
set dpc 12557A
set dpc sc=22
attach -e -q dpc0 %2
attach -q ptr %1/dos-m/tapes/sio16k11.abs
boot ptr
attach -q ptr %1/dos-m/tapes/bootstrap.abs
boot ptr
deposit S 22
go 2
deposit S 0
";

/// What went wrong with DOS-M's disc.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("DOS-M's disc is generated from HP's tapes, which are not all there: {missing} missing in {dir}\nHP's software is not part of retro; point to the folder that holds HP's tapes (dos-m/tapes/) with --software DIR or the environment variable {var}")]
    Tapes {
        missing: String,
        dir: String,
        var: &'static str,
    },
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
    #[error("{image} is {len} bytes, not DOS-M's disc: a generated 2870 image is {} bytes (remove it, and it is generated again)", hp2100::io::IMAGE_BYTES)]
    Image { image: String, len: u64 },
    #[error(transparent)]
    Lock(#[from] file_lock::LockError),
    #[error("{step} did not end as it should ({why}); the teletype printed:\n{paper}")]
    Step {
        step: String,
        why: String,
        paper: String,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |e| Error::Io(path.display().to_string(), e)
}

/// The files of HP's folder that `do_file` reads (`%1/...` and `call module %1 NAME`).
pub fn tapes_read(do_file: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in do_file.lines().filter(|l| !l.starts_with(';')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["call", "module", "%1", name] = words.as_slice() {
            out.push(format!("dos-m/tapes/{name}.rel"));
        } else if let Some(w) = words.iter().find(|w| w.starts_with("%1/")) {
            let rel = w.trim_start_matches("%1/").trim_end_matches(['"', ';']);
            if !rel.contains('%') && !out.iter().any(|o| o == rel) {
                out.push(rel.to_string());
            }
        }
    }
    out
}

/// Refuse a folder that lacks any tape the do-files read, naming them all.
///
/// # Errors
/// [`Error::Tapes`].
pub fn check_tapes(folder: &Folder, do_files: &[&str]) -> Result<(), Error> {
    let mut missing: Vec<String> = do_files
        .iter()
        .flat_map(|d| tapes_read(d))
        .filter(|rel| !folder.path(rel).is_file())
        .collect();
    missing.sort();
    missing.dedup();
    if missing.is_empty() {
        return Ok(());
    }
    Err(Error::Tapes {
        missing: missing.join(", "),
        dir: folder.dir().display().to_string(),
        var: crate::folder::ENV_VAR,
    })
}

/// Run `text` (a do-file named `name`) on a new console with HP's folder and `scratch` as its
/// arguments; the teletype's text (the console's own messages with it when it fails).
fn run_do(name: &str, text: &str, folder: &Folder, scratch: &Path) -> Result<String, Error> {
    let file = scratch.join(name);
    std::fs::write(&file, text).map_err(io(&file))?;
    let mut c = Console::new(Vec::new());
    let args = [
        folder.dir().display().to_string(),
        scratch.display().to_string(),
    ];
    let r = c.run_file(&file, &args);
    let paper = String::from_utf8_lossy(c.output()).into_owned();
    match r {
        Ok(0) => Ok(String::from_utf8_lossy(c.tty().host.inner().scripted.output()).into_owned()),
        Ok(code) => Err(Error::Step {
            step: name.into(),
            why: format!("exit {code}"),
            paper,
        }),
        Err(e) => Err(Error::Step {
            step: name.into(),
            why: e.to_string(),
            paper,
        }),
    }
}

/// A step after the generation: a do-file (`%1` HP's folder, `%2` the scratch folder with
/// `dosm.dsk`), the files it reads from the scratch folder, and a text its teletype must
/// print.
pub struct Step<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub files: Vec<(&'a str, Vec<u8>)>,
    pub prints: &'a str,
}

/// The teletype's text of a generation's two do-files.
#[derive(Clone, Debug, Default)]
pub struct Papers {
    pub generation: String,
    pub step: String,
}

/// Generate DOS-M's disc with `dosm-gen.do`, run `then` on it, and keep the image at `image`
/// (notes 1, 2); the teletype's text of both, or `None` when the image was there already
/// (it is kept as it is).
///
/// # Errors
/// Missing tapes, a step that failed, a lock held by another run, a file that could not be
/// written.
pub fn prepare(folder: &Folder, image: &Path, then: &Step) -> Result<Option<Papers>, Error> {
    check_tapes(folder, &[GEN_DO, then.text])?;
    let dir = image.parent().filter(|p| !p.as_os_str().is_empty());
    let dir = dir.unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let lock_path = PathBuf::from(format!("{}.lock", image.display()));
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(io(&lock_path))?;
    file_lock::exclusive(&lock, &lock_path)?;
    if image.is_file() {
        return Ok(None);
    }
    let scratch = dir.join(format!(
        ".{}.{}.new",
        image.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    std::fs::create_dir_all(&scratch).map_err(io(&scratch))?;
    let r = generate_in(folder, &scratch, then).and_then(|papers| {
        let made = scratch.join("dosm.dsk");
        std::fs::rename(&made, image).map_err(io(image))?;
        Ok(Some(papers))
    });
    std::fs::remove_dir_all(&scratch).ok();
    r
}

fn generate_in(folder: &Folder, scratch: &Path, then: &Step) -> Result<Papers, Error> {
    let paper = run_do("dosm-gen.do", GEN_DO, folder, scratch)?;
    if !paper.contains("*SYSTEM STORED ON DISC") {
        return Err(Error::Step {
            step: "dosm-gen.do".into(),
            why: "no *SYSTEM STORED ON DISC".into(),
            paper,
        });
    }
    for (name, bytes) in &then.files {
        let f = scratch.join(name);
        std::fs::write(&f, bytes).map_err(io(&f))?;
    }
    let step = run_do(then.name, then.text, folder, scratch)?;
    if !step.contains(then.prints) {
        return Err(Error::Step {
            step: then.name.into(),
            why: format!("no {}", then.prints),
            paper: step,
        });
    }
    Ok(Papers {
        generation: paper,
        step,
    })
}

/// A copy of `image` for one session (note 3): a new file in the system's temporary folder,
/// removed when dropped.
pub struct SessionDisc {
    pub path: PathBuf,
}

impl SessionDisc {
    /// Copy `image`.
    ///
    /// # Errors
    /// The image cannot be read or the copy written.
    pub fn copy_of(image: &Path) -> Result<SessionDisc, Error> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let path = std::env::temp_dir().join(format!(
            "retro-dosm-{}-{}.dsk",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let len = std::fs::metadata(image).map_err(io(image))?.len();
        if len != hp2100::io::IMAGE_BYTES {
            return Err(Error::Image {
                image: image.display().to_string(),
                len,
            });
        }
        std::fs::copy(image, &path).map_err(io(image))?;
        Ok(SessionDisc { path })
    }
}

impl Drop for SessionDisc {
    fn drop(&mut self) {
        std::fs::remove_file(&self.path).ok();
    }
}

/// The console commands of the boot to the bootstrap's halt (note 4) for HP's `folder` and
/// the disc image `disc`: RUN then reads DOS-M from the disc (S is 0).
///
/// # Errors
/// Missing tapes.
pub fn boot_commands(folder: &Folder, disc: &Path) -> Result<String, Error> {
    check_tapes(folder, &[BOOT_DO])?;
    Ok(BOOT_DO
        .replace("%1", &folder.dir().display().to_string())
        .replace("%2", &disc.display().to_string()))
}

/// A machine configured as `dosm-gen.do` made it, the disc `disc` attached, HP's disc
/// bootstrap loaded and halted (note 4); RUN ([`Machine::run`]) reads DOS-M from the disc
/// (S is 0). The console that did it comes back too: its teletype host is still attached.
///
/// # Errors
/// Missing tapes, a step of the boot that failed.
pub fn boot(folder: &Folder, disc: &Path) -> Result<Machine, Error> {
    let mut c = Console::new(Vec::new());
    let text = boot_commands(folder, disc)?;
    let r = c.run_text("DOS-M's boot", &text);
    let paper = String::from_utf8_lossy(c.output()).into_owned();
    match (r, &c.last_stop) {
        (Ok(0), Some(Stop::Halt { code: 0o102077, .. })) => {
            let m = std::mem::replace(
                &mut c.machine,
                Machine::new(hp2100::Config::default()).expect("the default machine"),
            );
            Ok(m)
        }
        (r, stop) => Err(Error::Step {
            step: "DOS-M's boot".into(),
            why: format!("{r:?}, {stop:?}"),
            paper,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tapes_read_are_found_in_the_do_file() {
        let t = tapes_read(GEN_DO);
        assert!(t.contains(&"dos-m/tapes/sio16k11.abs".to_string()), "{t:?}");
        assert!(t.contains(&"dos-m/tapes/dsgen.abs".to_string()));
        assert!(t.contains(&"dos-m/tapes/24225-02_DISCM.rel".to_string()));
        assert!(t.contains(&"dos-m/tapes/dos/20985-01_DVR00.rel".to_string()));
        assert!(!t.iter().any(|r| r.contains('%')), "{t:?}");
        let b = tapes_read(BOOT_DO);
        assert_eq!(b, ["dos-m/tapes/sio16k11.abs", "dos-m/tapes/bootstrap.abs"]);
    }

    #[test]
    fn a_session_refuses_an_image_of_the_wrong_size_by_name() {
        let dir = std::env::temp_dir().join(format!("dosm-size-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("short.dsk");
        std::fs::write(&bad, vec![0u8; 512]).unwrap();
        let e = SessionDisc::copy_of(&bad)
            .err()
            .expect("refused")
            .to_string();
        assert!(
            e.contains("short.dsk is 512 bytes, not DOS-M's disc"),
            "{e}"
        );
        assert!(SessionDisc::copy_of(&dir.join("none.dsk")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_second_generation_of_one_image_is_refused_while_the_first_holds_its_lock() {
        let dir = std::env::temp_dir().join(format!("dosm-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let image = dir.join("d.dsk");
        let lock_path = dir.join("d.dsk.lock");
        let held = std::fs::File::create(&lock_path).unwrap();
        held.lock().unwrap();
        // A folder with the tapes' names (their contents are never read: the lock comes first).
        let sw = dir.join("sw");
        for rel in tapes_read(GEN_DO).iter().chain(&tapes_read(BOOT_DO)) {
            let f = sw.join(rel);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, b"").unwrap();
        }
        let step = Step {
            name: "x.do",
            text: "",
            files: Vec::new(),
            prints: "",
        };
        let e = prepare(&Folder::at(&sw), &image, &step)
            .unwrap_err()
            .to_string();
        assert!(e.contains("d.dsk.lock: in use by another run"), "{e}");
        assert!(!image.exists(), "nothing written");
        drop(held);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn missing_tapes_are_named_with_the_folder_and_the_ways_to_point_elsewhere() {
        let e = check_tapes(&Folder::at("/no/such/folder"), &[BOOT_DO]).unwrap_err();
        let text = e.to_string();
        for part in [
            "dos-m/tapes/sio16k11.abs",
            "dos-m/tapes/bootstrap.abs",
            "/no/such/folder",
            "--software DIR",
            crate::folder::ENV_VAR,
        ] {
            assert!(text.contains(part), "{part}: {text}");
        }
    }
}
