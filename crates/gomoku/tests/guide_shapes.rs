//! Every shape the guide draws in §2.2-2.5, in both modes.
//!
//! Shapes are written as the guide writes them: ● or ★ black, ○ white, + empty; `?` is the
//! point judged (a ★ of the guide, or the stone that completes its ★★★).

use gomoku::{forbidden_points, foul, Board, Foul, Point, Rule, Stone};

const BOTH: [Rule; 2] = [Rule::Renju, Rule::Guide1993];

/// Lays `pattern` through `at` along (dx, dy); the `?` falls on `at`.
fn lay(board: &mut Board, at: Point, (dx, dy): (i32, i32), pattern: &str) {
    let chars: Vec<char> = pattern.chars().collect();
    let centre = chars
        .iter()
        .position(|&c| c == '?')
        .expect("a ? in the pattern") as i32;
    for (i, &c) in chars.iter().enumerate() {
        let k = i as i32 - centre;
        let p = Point::at(at.x() as i32 + k * dx, at.y() as i32 + k * dy).expect("on board");
        let stone = match c {
            '●' | '★' | 'X' => Some(Stone::Black),
            '○' | 'O' => Some(Stone::White),
            _ => None,
        };
        if stone.is_some() {
            board.set(p, stone);
        }
    }
}

/// A board with one pattern across and one down through the centre.
fn cross(across: &str, down: &str) -> Board {
    let mut b = Board::new();
    lay(&mut b, Point::CENTRE, (1, 0), across);
    lay(&mut b, Point::CENTRE, (0, 1), down);
    b
}

fn judge(b: &Board, rule: Rule) -> Option<Foul> {
    foul(b, Point::CENTRE, rule)
}

const OPEN_THREE_DOWN: &str = "++●?●++";

#[test]
fn two_open_threes_are_a_double_three() {
    for rule in BOTH {
        assert_eq!(
            judge(&cross("++●?●++", OPEN_THREE_DOWN), rule),
            Some(Foul::DoubleThree)
        );
        // 飛び3 (§2.2 (2)): +●●+●+.
        assert_eq!(
            judge(&cross("+●?+●+", OPEN_THREE_DOWN), rule),
            Some(Foul::DoubleThree)
        );
    }
}

#[test]
fn natsudome_is_no_three() {
    // 「○+★★★+○」3にはならない (夏止め).
    for rule in BOTH {
        assert_eq!(judge(&cross("○+★?★+○", OPEN_THREE_DOWN), rule), None);
        // Open one end and it is a three again.
        assert_eq!(
            judge(&cross("○+★?★++", OPEN_THREE_DOWN), rule),
            Some(Foul::DoubleThree)
        );
    }
}

#[test]
fn three_before_a_gap_and_a_black_stone_is_no_three_for_black_only() {
    // 「○+★★★++●+」●黒に限って3にはならない: its straight four would need an overline.
    let shape = "○+★?★++●+";
    for rule in BOTH {
        assert_eq!(judge(&cross(shape, OPEN_THREE_DOWN), rule), None);
        assert_eq!(
            judge(&cross("○+★?★+++", OPEN_THREE_DOWN), rule),
            Some(Foul::DoubleThree)
        );
    }
    // For white the same stones are a three.
    let mut b = Board::new();
    lay(
        &mut b,
        Point::CENTRE,
        (1, 0),
        &shape.replace('○', "X").replace(['★', '●'], "O"),
    );
    assert_eq!(b.threes(Point::CENTRE, Stone::White), 1);
    assert_eq!(cross(shape, "?").threes(Point::CENTRE, Stone::Black), 0);
}

#[test]
fn one_line_double_four_is_forbidden() {
    // 「●+★★★+●」禁手の特別な形で4x4禁手: whichever ★ is played last.
    for shape in ["●+?★★+●", "●+★?★+●", "●+★★?+●"] {
        for rule in BOTH {
            assert_eq!(
                judge(&cross(shape, "?"), rule),
                Some(Foul::DoubleFour),
                "{shape}"
            );
        }
    }
}

#[test]
fn shapes_that_are_not_double_threes() {
    // 「++●+●★+●+++」「+●+★★+●+」「+●●+★+●●+」: 3x3ではない.
    for shape in ["++●+●?+●+++", "+●+?★+●+", "+●+★?+●+", "+●●+?+●●+"] {
        for rule in BOTH {
            assert_eq!(judge(&cross(shape, "?"), rule), None, "{shape}");
        }
    }
}

#[test]
fn three_three_four_and_three_four_four_are_forbidden() {
    for rule in BOTH {
        // A four across, threes down and on a diagonal: 3x3x4 counts as 3x3.
        let mut b = cross("○●●?●++", OPEN_THREE_DOWN);
        lay(&mut b, Point::CENTRE, (1, 1), "++●?●++");
        assert_eq!(judge(&b, rule), Some(Foul::DoubleThree));
        // Two fours and a three: 4x4.
        let mut b = cross("○●●?●++", "○●●?●++");
        lay(&mut b, Point::CENTRE, (1, 1), "++●?●++");
        assert_eq!(judge(&b, rule), Some(Foul::DoubleFour));
        // A four and a three only: 4-3, allowed.
        assert_eq!(judge(&cross("○●●?●++", OPEN_THREE_DOWN), rule), None);
    }
}

#[test]
fn five_has_priority() {
    // 「5勝ち優先」: five with two threes at once is no foul; six is.
    for rule in BOTH {
        let mut b = cross("+●●?●●+", OPEN_THREE_DOWN);
        lay(&mut b, Point::CENTRE, (1, 1), "++●?●++");
        assert_eq!(judge(&b, rule), None);
        assert_eq!(judge(&cross("+●●?●●●+", "?"), rule), Some(Foul::Overline));
    }
}

/// Rows of a diagram: ● black, ○ white, anything else empty; `(x0, y0)` is its top-left
/// point.
fn diagram(rows: &[&str], x0: i32, y0: i32) -> Board {
    let mut b = Board::new();
    for (dy, row) in rows.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            let p = Point::at(x0 + dx as i32, y0 + dy as i32).expect("on board");
            match c {
                '●' => b.set(p, Some(Stone::Black)),
                '○' => b.set(p, Some(Stone::White)),
                _ => {}
            }
        }
    }
    b
}

#[test]
fn the_full_board_with_no_forbidden_point() {
    // 実際の盤での禁手にならない形 (§2.3): the four ★ look like 3x3 and are not.
    let rows = [
        "+++++++++++++++",
        "+++●+++++++++●+",
        "○+●★●+○+++++●++",
        "+++●++++++●++++",
        "++++++++++★++++",
        "++++++++++●++++",
        "++++++++●++++++",
        "+++++●+++++++++",
        "++++++++○++++++",
        "+++○+++++++++++",
        "++++++++●+++●++",
        "+●+★●++++●+++++",
        "+++●++++++★++++",
        "+++●+++++●+++++",
        "++++++++++++○++",
    ];
    let b = diagram(&rows, 1, 1);
    assert_eq!(b.stones().filter(|s| s.1 == Stone::Black).count(), 18);
    assert_eq!(b.stones().filter(|s| s.1 == Stone::White).count(), 5);
    let stars = [(4, 3), (11, 5), (4, 12), (11, 13)].map(|(x, y)| Point::new(x, y).unwrap());
    for rule in BOTH {
        assert_eq!(forbidden_points(&b, rule), vec![], "{rule}");
        // Each ★ makes one real three; its second line only looks like one.
        for s in stars {
            assert_eq!(b.threes(s, Stone::Black), 1, "{s}");
            assert_eq!(b.fours(s, Stone::Black), 0, "{s}");
        }
    }
}

#[test]
fn the_exception_of_section_2_5() {
    // §2.5 (2): ★ would be 3x3 only through its upper three, whose key point * is itself 3x3.
    let rows = [
        "+++++++++",
        "++●++++++",
        "++○●●○○++",
        "+++●+●+++",
        "++○○●++++",
        "+++●+●+++",
        "++○+++○++",
        "+++++++++",
    ];
    let b = diagram(&rows, 4, 4);
    let star = Point::new(8, 9).unwrap();
    let asterisk = Point::new(8, 7).unwrap();
    assert_eq!(b.get(Point::new(6, 5).unwrap()), Some(Stone::Black));
    assert_eq!(
        forbidden_points(&b, Rule::Renju),
        vec![(asterisk, Foul::DoubleThree)]
    );
    assert_eq!(
        forbidden_points(&b, Rule::Guide1993),
        vec![(asterisk, Foul::DoubleThree), (star, Foul::DoubleThree)]
    );
}

#[test]
fn threes_made_in_steps_are_no_foul() {
    // §2.3: 順番に3や4ができていって3x3ができたような場合は禁手にはならない.
    use gomoku::{Game, Status};
    let moves: Vec<Point> = "8,8 1,1 9,8 1,3 8,9 1,5 10,8 1,7 8,10"
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    for rule in BOTH {
        let g = Game::from_moves(&moves, rule).unwrap();
        assert_eq!(g.status(), Status::Playing);
        // The same two threes made by one stone (the centre played last) are a foul.
        let mut b = g.board().clone();
        b.set(Point::CENTRE, None);
        assert_eq!(foul(&b, Point::CENTRE, rule), Some(Foul::DoubleThree));
    }
}
