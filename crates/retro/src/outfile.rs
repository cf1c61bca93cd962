//! Files a command writes (`--transcript`, `--tape-out`, `--svg`): made, or their folder
//! checked, before the run, so that a bad path is reported at once instead of after a run
//! whose result it then loses.

use std::fs::File;
use std::io::Write;
use std::path::Path;

/// Make (or empty) the file at `path` for writing, naming it on failure.
pub fn create(path: &Path) -> Result<File, String> {
    File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write `bytes` to a file made by [`create`].
pub fn finish(mut file: File, path: &Path, bytes: &[u8]) -> Result<(), String> {
    // Only a regular file can be synced (a device such as /dev/null refuses it).
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    file.write_all(bytes)
        .and_then(|()| if regular { file.sync_all() } else { Ok(()) })
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Check that the folder of `path` exists, for files made later under names built from it.
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
