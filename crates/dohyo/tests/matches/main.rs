//! End-to-end matches and tournaments through the dohyo, in one test binary so that they run
//! side by side (cargo runs the tests of one binary in parallel, the binaries one after
//! another): the engine matches compute while the other matches wait on their programs and on
//! the timeouts the tests set.
//!
//! * `engines`: our `search` beats `eval` in each protocol;
//! * `misbehaving`: misbehaving programs are adjudicated and leave no process behind;
//! * `figrid`: the outside engine pbrain-figrid plays a match (when installed);
//! * `shares`: shares of a tournament give one run's crosstable, and a stopped one resumes.
//!
//! The harness is crate `needs`'s, which checks pbrain-figrid when the tests run. Most of the
//! tests wait, so the file asks for more threads than a machine's two cores
//! ([`THREADS`]): one at a time they would queue behind the engine matches.
//!
//! One group alone: `cargo test --release -p dohyo --test matches engines`. Each match writes
//! under a folder of its own in cargo's temporary folder, so they cannot collide.

mod engines;
mod figrid;
mod misbehaving;
mod shares;

/// The tests run at once. The engine matches and pbrain-figrid compute (four programs
/// thinking at a time); the rest wait on programs that answer in milliseconds or on a move
/// time they are meant to reach. The misbehaving matches' margin (`misbehaving::MOVE_TIME`)
/// was measured with the engine matches running beside them.
const THREADS: usize = 8;

const RELEASE: &str = "5,000-node searches want --release (as CI runs)";

needs::tests! {
    threads = THREADS;
    #[ignore(debug_assertions) = RELEASE] engines::search_beats_eval_over_the_file_protocol,
    #[ignore(debug_assertions) = RELEASE] engines::search_beats_eval_over_the_command_line_protocol,
    #[ignore(debug_assertions) = RELEASE] engines::search_beats_eval_over_pbrain,
    #[needs("figrid")] figrid::figrid_plays_a_match_through_the_dohyo,
    misbehaving::a_hang_is_killed_and_loses_the_match_10_0,
    misbehaving::a_crash_loses_the_game,
    misbehaving::garbage_loses_the_game,
    misbehaving::an_occupied_point_loses_the_game,
    misbehaving::a_point_off_the_board_loses_the_game,
    misbehaving::a_forbidden_point_loses_black_the_game,
    misbehaving::rewriting_the_board_file_loses_the_game,
    misbehaving::touching_the_other_programs_folder_loses_the_game,
    misbehaving::no_5moku_res_loses_the_game,
    misbehaving::a_program_ignoring_end_is_killed_and_noted,
    misbehaving::a_tournament_of_misbehaving_programs_has_the_right_crosstable,
    shares::three_shares_make_the_crosstable_of_one_run,
    shares::a_stopped_tournament_resumes_from_its_logs,
    shares::a_folder_with_a_share_missing_names_its_matches,
}

/// A number from the environment variable `name` (a measurement's override), else `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
