//! NHEX as DOS-M program TAM, started by `:RUN,TAM` as every 1975 log begins: the relocatable
//! program of `asm/hp2100/tam.asm` (the same source as the tape's, its IFZ sections), stored
//! on DOS-M's disc, assembled there by HP's assembler, loaded by HP's relocating loader and
//! stored as TAM (`tests/hp2100/dosm-tam.do`, which SIMH runs too); then sessions at the
//! teletype of DOS-M booted from a copy of that disc.
//!
//! Notes:
//!
//! 1. The disc image is generated on first use from HP's tapes (crate `hp2100-software`,
//!    [`hp2100_software::dosm::prepare`]) and kept at [`default_image`]: `$RETRO_DOSM_IMAGE`,
//!    else `$XDG_CACHE_HOME/retro/dosm-tam.dsk`, else `~/.cache/retro/dosm-tam.dsk`. An image
//!    made from an older source is not noticed: remove the file to make it again.
//! 2. The operator's keys before the player's: `:DATE` with the date of the first Tokai game
//!    (8 March 1975), `:JOB`, and `:RUN,TAM`. DOS-M echoes them, so the paper shows the boot,
//!    the `@` prompts and what was typed at them, then the 1975 dialogue. A key is taken only
//!    when DOS-M's teleprinter driver listens for one.
//! 3. After `99` TAM ends (EXEC 6) and DOS-M prompts `@` again; the session goes on until the
//!    player's input ends, as at the teletype.
//! 4. DOS-M's teleprinter driver keeps the 12531C listening between its reads: a key struck
//!    while no read waits for it is echoed and lost, as on the machine (and on SIMH). The
//!    keyboard therefore holds each line until DOS-M or NHEX has asked for one, as the 1975
//!    operator typed only at the prompts; a key typed early waits, it is not lost. The
//!    prompts are expect rules of the engine every prepared key goes through
//!    (`machine_core::scp::keyin`): `@` after a line feed, and NHEX's questions ended by CR
//!    LF; each stands until its line is typed.
//! 5. DOS-M's driver ends a typed line at LINE FEED (CR is echoed and not stored), so RETURN is
//!    followed by LINE FEED, as on the ASR-33 the operator struck both; the paper is the same
//!    as the tape's, whose program prints the line feed itself.

use crate::rom;
use crate::tape::Session;
use hp2100::panel::Limit;
use hp2100_software::dosm::{self, SessionDisc, Step};
use hp2100_software::Folder;
use machine_core::scp::keyin::{self, KeyRule, Keyin, Prompts};
use nhex::dialogue::msg;
use std::path::{Path, PathBuf};
use teletype::TtyHost;

/// The do-file that stores, assembles, loads and tries TAM (`tests/hp2100/dosm-tam.do`).
pub const TAM_DO: &str = include_str!("../../../tests/hp2100/dosm-tam.do");

/// TAM's control file: `ASMB,R,Z`, `NAM TAM,3`, `EXT EXEC`.
pub const TAM_CONTROL: &str = include_str!("../../../asm/hp2100/tam.asm");

/// The operator's keys before the player's (note 2).
pub const OPERATOR_KEYS: &str = ":DATE,8MARCH1975\r:JOB\r:RUN,TAM\r";

/// TAM's source as a paper tape for the photoreader: the control file, then the program's
/// source files in their order (`rom::SOURCES` after the tape's control file), each line
/// ended with CR LF as a teleprinter punched it.
pub fn tam_source() -> Vec<u8> {
    let mut out = Vec::new();
    let files = std::iter::once(TAM_CONTROL).chain(rom::SOURCES[1..].iter().map(|(_, t)| *t));
    for text in files {
        for line in text.lines() {
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(b"\r\n");
        }
    }
    out
}

/// `retro hex tam-source`: [`tam_source`] written to `path`.
///
/// # Errors
/// The file cannot be written (named).
pub fn write_tam_source(path: &Path) -> Result<(), String> {
    std::fs::write(path, tam_source()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Where the disc image with TAM is kept (note 1).
pub fn default_image() -> PathBuf {
    if let Some(p) = std::env::var_os("RETRO_DOSM_IMAGE") {
        return PathBuf::from(p);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("retro").join("dosm-tam.dsk")
}

/// Make the disc image with TAM at `image` unless it is there (note 1); the teletype's text of
/// the generation and of `dosm-tam.do` when it was made.
///
/// # Errors
/// Missing tapes, a step that failed, another run generating the same image.
pub fn prepare(folder: &Folder, image: &Path) -> Result<Option<dosm::Papers>, dosm::Error> {
    let step = Step {
        name: "dosm-tam.do",
        text: TAM_DO,
        files: vec![("tam.txt", tam_source())],
        prints: "HEX O HAJIMEMASU",
    };
    dosm::prepare(folder, image, &step)
}

/// The lines after which NHEX reads a typed line (`nhex::dialogue`).
const NHEX_PROMPTS: [&str; 5] = [
    msg::KEY_IN,
    msg::SENTE_WA,
    msg::ANATA_NO_TE_WA,
    msg::MOICHIDO_SURU,
    msg::MOICHIDO_TADASHIKU,
];

/// DOS-M's prompt (`@` at the start of a line) and NHEX's questions, each ended by CR LF
/// (note 4): prompts that stand until the line is typed, as the operator saw them on the
/// paper.
struct Asks;

impl Prompts for Asks {
    fn next(&mut self, _: Option<&[u8]>, _: Option<&'static str>) -> Vec<KeyRule> {
        let nhex = NHEX_PROMPTS
            .iter()
            .map(|p| keyin::prompt(format!("{p}\r\n").as_bytes(), "nhex"));
        std::iter::once(keyin::prompt(b"\n@", "dos"))
            .chain(nhex)
            .collect()
    }

    fn lasting(&self) -> bool {
        true
    }
}

/// The keyboard of a DOS-M session (notes 2, 4, 5): the operator's `keys`, then the player's
/// host `H`, each line held until DOS-M or NHEX has asked for one, RETURN followed by LINE
/// FEED. Its rules are the engine's (`machine_core::scp::keyin`).
pub fn keyboard<H>(keys: &str, inner: H) -> Keyin<H> {
    let mut k = Keyin::new(inner);
    k.hold(Box::new(Asks));
    k.autolf();
    k.first(keys.as_bytes());
    k
}

/// Boot DOS-M from a copy of `image` and play a session over `host` (notes 2, 3) until the
/// input ends or `limit` is reached; the host comes back with the session.
///
/// # Errors
/// Missing tapes, an image that cannot be copied or attached, a boot that failed.
pub fn play<H: TtyHost + 'static>(
    folder: &Folder,
    image: &Path,
    host: H,
    limit: Limit,
) -> Result<(Session, H), dosm::Error> {
    let disc = SessionDisc::copy_of(image)?;
    let mut m = dosm::boot(folder, &disc.path)?;
    m.cards.tty.attach(keyboard(OPERATOR_KEYS, host));
    let (c0, t0) = (m.cycles, m.seconds());
    let wall = std::time::Instant::now();
    let stop = m.run(limit);
    let wall = wall.elapsed();
    let host: Keyin<H> = m.cards.tty.detach().expect("the host attached above");
    let session = Session {
        stop,
        cycles: m.cycles - c0,
        seconds: m.seconds() - t0,
        wall,
    };
    drop(m);
    drop(disc);
    Ok((session, host.into_inner()))
}

/// `retro hex play --dos`: the disc made if missing (`image`, else [`default_image`]; HP's
/// folder `software`, else the default), DOS-M booted from a copy, the operator's keys typed
/// and the session played at the operator's `host`, the board drawn on `board` when given;
/// progress for the person goes to `note`.
///
/// # Errors
/// Missing tapes, a generation or boot that failed, the transcript that could not be written.
pub fn at_teletype(
    software: Option<&Path>,
    image: Option<PathBuf>,
    host: teletype::OperatorHost,
    board: Option<Box<dyn std::io::Write>>,
    note: &mut dyn std::io::Write,
) -> Result<(Session, Vec<crate::MoveTime>), Box<dyn std::error::Error>> {
    let folder = Folder::find(software);
    let image = image.unwrap_or_else(default_image);
    if !image.is_file() {
        writeln!(
            note,
            "Generating DOS-M's disc from HP's tapes in {} (once; kept at {}) ...",
            folder.dir().display(),
            image.display()
        )
        .ok();
    }
    prepare(&folder, &image)?;
    let host = crate::MoveClock::new(nhex::board_view::BoardView::new(host, board));
    let (session, h) = play(&folder, &image, host, Limit::NONE)?;
    h.inner().inner().finish()?;
    Ok((session, h.moves().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Key;

    #[test]
    fn the_source_tape_is_the_control_file_then_the_programs_files_in_crlf() {
        let t = String::from_utf8(tam_source()).unwrap();
        assert!(
            t.starts_with("ASMB,R,Z\r\n      NAM TAM,3\r\n"),
            "{}",
            &t[..40]
        );
        assert!(!t.replace("\r\n", "").contains('\n'));
        assert!(t.contains("HED NHEX: HEX FOR THE HP 2100A\r\n"));
        assert!(
            !t.contains("\r\nASMB,A,B,N\r\n"),
            "the tape's control file is left out"
        );
        assert!(t.trim_end().ends_with("END BEGIN"));
    }

    #[test]
    fn the_operators_keys_then_the_players_wait_for_the_prompts() {
        let mut k = keyboard("A\r", teletype::Scripted::from_lines("77\n"));
        assert_eq!(k.key(0), Key::Wait, "nothing asked yet");
        for &c in b"INPUT\r\n\r\n@" {
            k.print(c, 0);
        }
        assert_eq!(k.key(0), Key::Char(b'A'));
        assert_eq!(k.key(0), Key::Char(b'\r'));
        assert_eq!(k.key(0), Key::Char(b'\n'), "LINE FEED after RETURN");
        assert_eq!(k.key(0), Key::Wait, "the next line waits");
        for &c in format!("{}\r\n", msg::KEY_IN).as_bytes() {
            k.print(c, 0);
        }
        assert_eq!(k.key(0), Key::Char(b'7'));
        assert_eq!(k.key(0), Key::Char(b'7'));
        assert_eq!(k.key(0), Key::Char(b'\r'));
        assert_eq!(k.key(0), Key::Char(b'\n'));
        for &c in b"WATASHI NO TE 0405\r\n" {
            k.print(c, 0);
        }
        assert_eq!(k.key(0), Key::Wait, "a reply is no question");
    }
}
