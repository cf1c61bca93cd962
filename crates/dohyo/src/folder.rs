//! The programs' working folders, and the check that one program left the other's alone
//! (§3.3: rewriting the board file or deleting the opponent's program is a foul).
//!
//! A snapshot lists every file under a folder with its size and modification time. The dohyo
//! takes one of the waiting program's folder before each move of the other, and compares it
//! after the move.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Snapshot(BTreeMap<PathBuf, (u64, Option<SystemTime>)>);

impl Snapshot {
    pub fn take(folder: &Path) -> Snapshot {
        let mut files = BTreeMap::new();
        walk(folder, folder, &mut files);
        Snapshot(files)
    }

    /// The first difference from `later`, as a short description.
    pub fn changed(&self, later: &Snapshot) -> Option<String> {
        for (path, meta) in &self.0 {
            match later.0.get(path) {
                None => return Some(format!("{} deleted", path.display())),
                Some(m) if m != meta => return Some(format!("{} changed", path.display())),
                _ => {}
            }
        }
        later
            .0
            .keys()
            .find(|p| !self.0.contains_key(*p))
            .map(|p| format!("{} created", p.display()))
    }
}

fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, (u64, Option<SystemTime>)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(root, &path, files);
            continue;
        }
        let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        files.insert(rel, (meta.len(), meta.modified().ok()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deletions_changes_and_new_files_are_seen() {
        let dir = std::env::temp_dir().join(format!("dohyo-folder-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::write(dir.join("sub/prog"), "x").unwrap();
        fs::write(dir.join("5moku.ban"), "808\r\n").unwrap();
        let before = Snapshot::take(&dir);
        assert_eq!(before.changed(&Snapshot::take(&dir)), None);
        fs::remove_file(dir.join("sub/prog")).unwrap();
        assert!(before
            .changed(&Snapshot::take(&dir))
            .unwrap()
            .contains("prog deleted"));
        fs::write(dir.join("sub/prog"), "xy").unwrap();
        assert!(before
            .changed(&Snapshot::take(&dir))
            .unwrap()
            .contains("prog changed"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
