//! The renderer's three pictures of one position, kept as golden files
//! (tests/gomoku/picture-*; regenerate with UPDATE_GOLDEN=1 and review the diff).
//!
//! The position is the guide's §2.5 diagram reached by a game record, with black's
//! forbidden points in 1993 mode marked: `*` at 8,7 and at the ★ 8,9.

use gomoku::{forbidden_points, Game, Picture, Point, Rule};

fn golden(name: &str) -> String {
    format!("{}/../../tests/gomoku/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn picture() -> Picture {
    let moves: Vec<Point> = "6,5 6,6 7,6 9,6 8,6 10,6 7,7 6,8 9,7 7,8 8,8 6,10 7,9 10,10 9,9 15,15"
        .split(' ')
        .map(|t| t.parse().unwrap())
        .collect();
    let game = Game::from_moves(&moves, Rule::Guide1993).unwrap();
    Picture::of_game(&game).forbidden(forbidden_points(game.board(), Rule::Guide1993))
}

#[test]
fn terminal() {
    expected_output::check(golden("picture-terminal.txt"), &picture().terminal());
}

#[test]
fn teletype_with_move_numbers() {
    expected_output::check(
        golden("picture-teletype.txt"),
        &picture().numbered(true).teletype(),
    );
}

#[test]
fn svg_with_move_numbers() {
    expected_output::check(golden("picture.svg"), &picture().numbered(true).svg());
}

/// The oracle beside the golden file: the guide's §2.5 diagram marks black's forbidden points
/// at 8,7 and at the ★ 8,9, and the terminal picture marks exactly those (point x,y is drawn
/// on the row labelled y, in the column 4 + 3 (x - 1)).
#[test]
fn the_marked_points_are_the_guide_s() {
    let picture = picture().terminal();
    let mut marked = Vec::new();
    for line in picture.lines() {
        let chars: Vec<char> = line.chars().collect();
        let Ok(y) = line.get(..3).unwrap_or("").trim().parse::<u32>() else {
            continue;
        };
        for x in 1..=15u32 {
            if chars.get(4 + 3 * (x as usize - 1)) == Some(&'*') {
                marked.push((x, y));
            }
        }
    }
    assert_eq!(marked, [(8, 7), (8, 9)], "{picture}");
}
