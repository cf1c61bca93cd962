//! `retro hex`: NHEX, the 1975 HEX program of the University of Electro-Communications
//! (crate `nhex`): play it at the teletype, replay the 1975 logs against it, write its tables
//! as HP 2100 assembly, and time it. `play` boots the HP 2100 assembly program on the
//! emulated 2100A (crate `nhex-hp2100`); `--stats` times every reply in 2100A time.

use crate::out::Out;
use crate::teletype_args::OperatorArgs;
use crate::CliResult;
use clap::Subcommand;
use nhex_hp2100::commands;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum Cmd {
    /// Play NHEX at the teletype: the 1975 program booted on the emulated HP 2100A (you join
    /// left and right, NHEX top and bottom; moves are typed uuvv, see --help)
    #[command(after_long_help = commands::PLAY_HELP)]
    Play {
        /// Run the native Rust reference engine instead of the HP 2100A program
        #[arg(long)]
        native: bool,
        #[command(flatten)]
        operator: OperatorArgs,
        /// Draw the board after each move on standard error (the paper is left as printed)
        #[arg(long)]
        board: bool,
        /// After the session, print the 2100A seconds and cycles of every NHEX reply
        #[arg(long, conflicts_with = "native")]
        stats: bool,
        /// Boot DOS-M from its disc and run NHEX as program TAM (:RUN,TAM), as in 1975
        #[arg(long, conflicts_with = "native")]
        dos: bool,
        /// HP's software folder, whose DOS-M tapes make the disc on first use (default:
        /// $HP2100_SOFTWARE_DIR, else ../shared/hp2100-software)
        #[arg(long, value_name = "DIR", requires = "dos")]
        software: Option<PathBuf>,
        /// The disc image with TAM, made there if missing (default: $RETRO_DOSM_IMAGE, else
        /// ~/.cache/retro/dosm-tam.dsk)
        #[arg(long, value_name = "FILE", requires = "dos")]
        image: Option<PathBuf>,
    },
    /// Write NHEX's source as program TAM's paper tape for DOS-M's :STORE (CR LF lines)
    #[command(after_help = "Examples:\n  retro hex tam-source -o tam.txt   # for dosm-tam.do")]
    TamSource {
        /// Output file
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Replay teletype logs: check them, compare every NHEX move with ours, score agreement
    #[command(
        after_help = "Examples:\n  retro hex replay tests/nhex/tokai-1975-game1.txt tests/nhex/tokai-1975-game2.txt\n  retro hex replay tests/nhex/tokai-1975-game1.txt --machine --svg game1.svg"
    )]
    Replay {
        /// Logs in the format of tests/nhex/*.txt (other text files are skipped with a note)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also draw each game's final board as SVG, named after its log: in the folder DIR/
        /// (DIR/LOG.svg), or FILE.svg for one log, FILE-LOG.svg for several; a log's further
        /// games add -2, -3, ...
        #[arg(long, value_name = "FILE|DIR/")]
        svg: Option<PathBuf>,
        /// Show GPCC (x,y) coordinates too (the Tokai match convention)
        #[arg(long)]
        gpcc: bool,
        /// Let NHEX's moves come from the HP 2100A program on the emulator
        #[arg(long)]
        machine: bool,
    },
    /// Write the pattern table and the other constant tables as HP 2100 assembly data
    #[command(after_help = "Examples:\n  retro hex gen-tables --output nhex-tables.asm")]
    GenTables {
        /// Output file, e.g. asm/hp2100/nhex-tables.asm
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Time the engine: milliseconds per move on 8x8, from the empty to the full board
    #[command(after_help = "Examples:\n  retro hex bench --games 2")]
    Bench {
        /// Number of games to play (NHEX against a pseudo-random opponent)
        #[arg(long, default_value_t = 10)]
        games: usize,
    },
}

pub fn run(cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Play {
            native: false,
            dos,
            operator,
            board,
            stats,
            software,
            image,
        } => {
            errln!("{}", nhex::briefing::FIRST_WORDS);
            let host = operator.host_with(nhex::briefing::BRIEFING)?;
            let board = commands::board_out(board);
            let (session, moves) = if dos {
                let note = &mut std::io::stderr();
                nhex_hp2100::dos::at_teletype(software.as_deref(), image, host, board, note)?
            } else {
                nhex_hp2100::at_teletype(host, board)?
            };
            if stats {
                out!("{}", nhex_hp2100::stats::report(&moves, &session))?;
            }
            match session.stop_note("NHEX", nhex_hp2100::tape::HALT_DONE) {
                None => Ok(ExitCode::SUCCESS),
                Some(note) => {
                    errln!("\n{note}");
                    Ok(ExitCode::from(1))
                }
            }
        }
        Cmd::Play {
            native: true,
            operator,
            board,
            ..
        } => {
            errln!("{}", nhex::briefing::FIRST_WORDS);
            commands::play_native(operator.host_with(nhex::briefing::BRIEFING)?, board)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Replay {
            files,
            svg,
            gpcc,
            machine,
        } => {
            let err = &mut std::io::stderr();
            // The folder of the --svg files is checked before the first log is replayed (a
            // path ending in `/` is a folder the replay checks itself).
            if let Some(p) = svg.as_deref() {
                if !p.as_os_str().to_string_lossy().ends_with('/') {
                    host_terminal::outfile::check_folder(p)?;
                }
            }
            let failed = commands::replay(&files, svg.as_deref(), gpcc, machine, &mut Out, err)?;
            Ok(ExitCode::from(u8::from(failed)))
        }
        Cmd::TamSource { output } => {
            nhex_hp2100::dos::write_tam_source(&output)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::GenTables { output } => {
            outln!("{}", nhex::asm::write_tables(&output)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Bench { games } => {
            out!("{}", nhex::bench::run(games).ok_or("engine found no move")?)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
