//! The drives' image files: SIMH's layout, the words in address order
//! ((cylinder × 4 + head) × 12 + sector) × 128, each little-endian; `attach` with SIMH's
//! switches (`-n` new, `-r` read only, `-e` existing), the sizes refused by name, and a
//! sector's read and write (a host error is the drive's data error: `super` note 6).
//!
//! Sources: SIMH's `hp2100_dp.c` (Open SIMH 4, git a1f57fa3) for the layout and the switches.

use super::{Disc, CYLINDERS, DRIVES, HEADS, SECTORS, SECTOR_WORDS};
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Bytes in a full image.
pub const IMAGE_BYTES: u64 =
    CYLINDERS as u64 * HEADS as u64 * SECTORS as u64 * SECTOR_WORDS as u64 * 2;
/// Bytes in a full 7900A image (the 13210A's drive), named when one is offered.
const IMAGE_BYTES_7900: u64 = IMAGE_BYTES * 2;

/// An attached disc image.
pub(super) struct Image {
    pub(super) file: File,
    pub(super) path: PathBuf,
    pub(super) read_only: bool,
}

/// A disc image that cannot be attached.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AttachError {
    #[error("{0}: {1}")]
    Io(String, String),
    #[error(
        "{0} is {1} bytes, not a 2870A disc image: a full image is {IMAGE_BYTES} bytes \
         (203 cylinders, 4 heads, 12 sectors of 128 words), a shorter one whole 256-byte sectors"
    )]
    Size(String, u64),
    #[error(
        "{0} is {1} bytes, the size of a 7900A image (13210A interface, 24 sectors a \
         track); this machine's disc is the 12557A's 2870A"
    )]
    Size7900(String, u64),
    #[error("{0} cannot be written (attach it with -r to use it read-only)")]
    ReadOnly(String),
    #[error("{0} does not exist (attach -e)")]
    Missing(String),
    #[error("no drive {0} (DPC0-DPC3)")]
    NoDrive(usize),
}

/// How `attach` opens an image, as SIMH's switches say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttachMode {
    /// `-n`: a new image, full size, all zeros.
    pub new: bool,
    /// `-r`: read only.
    pub read_only: bool,
    /// `-e`: the file must exist.
    pub existing: bool,
}

impl Disc {
    /// Where in an image the sector at cylinder `c`, head `h`, sector `s` starts, in bytes.
    pub(super) fn image_offset(c: u8, h: u8, s: u8) -> u64 {
        ((u64::from(c) * u64::from(HEADS) + u64::from(h)) * u64::from(SECTORS) + u64::from(s))
            * SECTOR_WORDS as u64
            * 2
    }

    /// Attach an image to drive `unit`: the heads load and the drive asks for attention.
    ///
    /// # Errors
    /// A file that cannot be opened, of the wrong size, or read-only without `-r`.
    pub fn attach(
        &mut self,
        unit: usize,
        path: &Path,
        mode: AttachMode,
    ) -> Result<(), AttachError> {
        let name = path.display().to_string();
        if unit >= DRIVES {
            return Err(AttachError::NoDrive(unit));
        }
        if mode.existing && !path.exists() {
            return Err(AttachError::Missing(name));
        }
        let io = |e: std::io::Error| AttachError::Io(name.clone(), e.to_string());
        let file = if mode.new {
            let f = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(true)
                .open(path)
                .map_err(io)?;
            f.set_len(IMAGE_BYTES).map_err(io)?;
            f
        } else if mode.read_only {
            File::open(path).map_err(io)?
        } else {
            match std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
            {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                    return Err(AttachError::ReadOnly(name))
                }
                Err(e) => return Err(io(e)),
            }
        };
        let len = file.metadata().map_err(io)?.len();
        if len == IMAGE_BYTES_7900 {
            return Err(AttachError::Size7900(name, len));
        }
        if len > IMAGE_BYTES || len % (SECTOR_WORDS as u64 * 2) != 0 {
            return Err(AttachError::Size(name, len));
        }
        self.detach(unit);
        let d = &mut self.drives[unit];
        d.image = Some(Image {
            file,
            path: path.to_path_buf(),
            read_only: mode.read_only,
        });
        self.load(unit);
        Ok(())
    }

    /// Take drive `unit`'s image out: the heads unload.
    pub fn detach(&mut self, unit: usize) {
        if let Some(d) = self.drives.get_mut(unit) {
            d.image = None;
            d.unloaded = true;
        }
    }

    /// Drive `unit`'s image and whether it is read only.
    pub fn attached(&self, unit: usize) -> Option<(&Path, bool)> {
        let i = self.drives.get(unit)?.image.as_ref()?;
        Some((&i.path, i.read_only))
    }

    pub(super) fn read_sector(&mut self, drv: u8, at: u64) -> std::io::Result<()> {
        self.buffer = vec![0; SECTOR_WORDS];
        let Some(m) = self.drives[usize::from(drv)].image.as_mut() else {
            return Ok(());
        };
        let mut bytes = [0u8; SECTOR_WORDS * 2];
        m.file.seek(SeekFrom::Start(at))?;
        let mut got = 0;
        while got < bytes.len() {
            match m.file.read(&mut bytes[got..])? {
                0 => break, // beyond the end of a short image: zeros
                n => got += n,
            }
        }
        for (w, b) in self.buffer.iter_mut().zip(bytes.chunks_exact(2)) {
            *w = u16::from_le_bytes([b[0], b[1]]);
        }
        Ok(())
    }

    pub(super) fn write_sector(&mut self, drv: u8, at: u64) -> std::io::Result<()> {
        let Some(m) = self.drives[usize::from(drv)].image.as_mut() else {
            return Ok(());
        };
        let bytes: Vec<u8> = self.buffer.iter().flat_map(|w| w.to_le_bytes()).collect();
        m.file.seek(SeekFrom::Start(at))?;
        m.file.write_all(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ATN, FIRST};
    use super::*;

    #[test]
    fn images_of_the_wrong_size_are_refused_by_name() {
        let dir = std::env::temp_dir().join(format!("dp-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut d = Disc::default();
        let odd = dir.join("odd.img");
        std::fs::write(&odd, [0u8; 100]).unwrap();
        let e = d.attach(0, &odd, AttachMode::default()).unwrap_err();
        assert!(e.to_string().contains("odd.img"), "{e}");
        let big = dir.join("7900.img");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(IMAGE_BYTES_7900)
            .unwrap();
        let e = d.attach(0, &big, AttachMode::default()).unwrap_err();
        assert!(matches!(e, AttachError::Size7900(..)), "{e}");
        let new = dir.join("new.img");
        d.attach(
            1,
            &new,
            AttachMode {
                new: true,
                ..AttachMode::default()
            },
        )
        .unwrap();
        assert_eq!(std::fs::metadata(&new).unwrap().len(), IMAGE_BYTES);
        assert_eq!(d.drives[1].status & (ATN | FIRST), ATN | FIRST);
        let missing = dir.join("missing.img");
        let e = d.attach(
            0,
            &missing,
            AttachMode {
                existing: true,
                ..AttachMode::default()
            },
        );
        assert!(matches!(e, Err(AttachError::Missing(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
