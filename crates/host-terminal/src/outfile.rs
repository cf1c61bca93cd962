//! Files a command writes (`--transcript`, `--tape-out`, `--svg`): made, or their folder
//! checked, before the run, so that a bad path is reported at once instead of after a run
//! whose result it then loses. Shared by every command that writes such files, on either
//! machine and in the games.

use std::fs::File;
use std::io::Write;
use std::path::Path;

/// Make (or empty) the file at `path` for writing, naming it on failure.
///
/// # Errors
/// The file cannot be made.
pub fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write `bytes` to a file made by [`create`].
///
/// # Errors
/// The write or the sync failed.
pub fn finish(mut file: File, path: &Path, bytes: &[u8]) -> Result<(), String> {
    // Only a regular file can be synced (a device such as /dev/null refuses it).
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    file.write_all(bytes)
        .and_then(|()| if regular { file.sync_all() } else { Ok(()) })
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Check that the folder of `path` exists, for files made later under names built from it.
///
/// # Errors
/// There is no such folder.
pub fn check_folder(path: &Path) -> Result<(), String> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if dir.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "cannot write {}: no folder {}",
            path.display(),
            dir.display()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named_before_any_write() {
        let e = check_folder(Path::new("/no/such/folder/x.svg")).unwrap_err();
        assert!(e.contains("no folder /no/such/folder"), "{e}");
        assert!(check_folder(Path::new("x.svg")).is_ok());
        assert!(create(Path::new("/no/such/folder/x")).is_err());
        let p = std::env::temp_dir().join(format!("outfile-{}", std::process::id()));
        finish(create(&p).unwrap(), &p, b"tape").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"tape");
        std::fs::remove_file(&p).unwrap();
    }
}
