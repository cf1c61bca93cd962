//! The one board renderer: the paper's record drawn for the terminal, the teletype and as SVG.

mod common;

use quoridor::notation::position;
use quoridor::render;

const RECORD: &str = "e8, e2, e7, e3, e6, e4, e5, e6, e4, e7, e3, e8, e8-, d8, c8-, d2-, a8-, e3|, d7|, c3|, c6-, c8, c5|";

#[test]
fn the_olympiad_position_as_text_and_svg() {
    let s = position(RECORD).unwrap();
    let text = render::text(&s);
    expected_output::check(common::data("olympiad-board.txt"), &text);
    expected_output::check(common::data("olympiad-board.svg"), &render::svg(&s));
    // The teletype prints the same grid in the ASR-33's character set.
    let tty = render::teletype(&s);
    assert_eq!(tty.replace("\r\n", "\n"), render::asr33(&text));
    assert!(!tty.bytes().any(|b| b.is_ascii_lowercase() || b == b'|'));
}

/// The oracle beside the golden file: the record replayed by OpenSpiel and by gorisanson's
/// program (shared `docs/games.md` §2b) ends with the first player on e3 with 4 walls left and
/// the second on c8 with 7; the picture shows them there (square (c, r) at line 2 + 2r,
/// column 4 + 4c, counting from 0).
#[test]
fn the_olympiad_picture_shows_the_outside_programs_final_position() {
    let text = render::text(&position(RECORD).unwrap());
    let lines: Vec<&str> = text.lines().collect();
    let at = |file: u8, rank: usize| {
        let c = usize::from(file - b'a');
        lines[2 + 2 * (rank - 1)].as_bytes()[4 + 4 * c]
    };
    assert_eq!(at(b'e', 3), b'x', "{text}");
    assert_eq!(at(b'c', 8), b'o', "{text}");
    assert!(
        text.contains("(x) on e3, going to row 1, 4 walls left"),
        "{text}"
    );
    assert!(
        text.contains("(o) on c8, going to row 9, 7 walls left"),
        "{text}"
    );
}

#[test]
fn every_wall_is_drawn_where_its_name_says() {
    // c5| runs down the groove right of c5 and c6; e8- along the groove under e8 and f8.
    let s = position("c5|, e8-").unwrap();
    let lines: Vec<String> = render::text(&s).lines().map(str::to_string).collect();
    let at = |row: usize, col: usize| lines[row].as_bytes().get(col).copied().unwrap_or(b' ');
    // Square (c, r) is drawn at line 2 + 2r, column 4 + 4c.
    for line in [10, 11, 12] {
        assert_eq!(at(line, 14), b'|', "line {line}");
    }
    assert_eq!(at(9, 14), b' ');
    assert_eq!(at(13, 14), b' ');
    for col in 19..=25 {
        assert_eq!(at(17, col), b'-', "column {col}");
    }
    assert_eq!(at(17, 18), b' ');
    assert_eq!(at(17, 26), b' ');
}
