//! Source text as it is echoed in an error: visible and of bounded width, so that a line of a
//! file that is not source at all (a tape, a binary) can neither drive the terminal (an `ESC[2J`
//! in a label would clear it) nor fill it.
//!
//! * Control characters are shown in caret notation, as terminals echo them: ESC as `^[`,
//!   CR as `^M`, DEL as `^?`; a tab is kept (the caret line keeps it too, so that both line up).
//!   Other characters that print nothing (C1 controls, formatting characters) are shown as
//!   `\u{85}`.
//! * A line longer than [`MAX_COLUMNS`] is cut to that width around the marked text, with
//!   [`ELISION`] where text is left out.

use std::borrow::Cow;

/// The widest echoed line, elisions included.
pub const MAX_COLUMNS: usize = 120;
/// What stands for left-out text.
pub const ELISION: &str = "...";
/// Columns kept before the marked text when the start of the line is left out.
const CONTEXT: usize = 16;

/// A character as it is echoed.
pub fn visible_char(c: char) -> Cow<'static, str> {
    match c {
        '\t' => Cow::Borrowed("\t"),
        '\u{7f}' => Cow::Borrowed("^?"),
        c if (c as u32) < 0x20 => Cow::Owned(format!("^{}", char::from(c as u8 + 0x40))),
        c if c.is_control() || is_invisible(c) => Cow::Owned(format!("\\u{{{:x}}}", c as u32)),
        c => Cow::Owned(c.to_string()),
    }
}

/// Formatting characters that print nothing (zero-width spaces and joiners, direction marks
/// and overrides, the byte-order mark), which could hide or reorder the rest of a line.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// `text` with every character made visible, cut to [`MAX_COLUMNS`].
pub fn visible(text: &str) -> String {
    visible_within(text, MAX_COLUMNS)
}

/// `text` with every character made visible, cut to `max` columns.
pub fn visible_within(text: &str, max: usize) -> String {
    window(text, 1, 0, max).0
}

/// The echo of `text` and the caret line under its characters `col..col+width` (1-based
/// `col`, counted in characters; a mark past the end of the line is put just after it).
pub fn excerpt(text: &str, col: usize, width: usize) -> (String, String) {
    window(text, col, width, MAX_COLUMNS)
}

fn window(text: &str, col: usize, width: usize, max: usize) -> (String, String) {
    let max = max.max(3 * ELISION.len());
    // Only the characters within `max` of the mark can be shown (each takes a column or more),
    // so a line of megabytes costs no more than a short one.
    let chars: Vec<char> = text.chars().collect();
    let mark = col.saturating_sub(1).min(chars.len());
    let lo = mark.saturating_sub(max);
    let hi = (mark + max + 1).min(chars.len());
    let pieces: Vec<Cow<str>> = chars[lo..hi].iter().map(|&c| visible_char(c)).collect();
    let cols = |p: &Cow<str>| p.chars().count();
    let first = mark - lo;
    let last = (first + width.max(1)).min(pieces.len()).max(first);
    let before: usize = pieces[..first].iter().map(cols).sum();
    let total: usize = pieces.iter().map(cols).sum();
    let long = lo > 0 || hi < chars.len() || total > max;
    // The window of pieces shown: the whole line when it fits, else from the start when the
    // mark begins in its first half, else from a little before the mark (or further back when
    // the mark is near the end, so that the window stays full).
    let mut from = 0;
    if long && (lo > 0 || before >= max / 2) {
        from = first;
        let mut lead = 0;
        while from > 0 && lead + cols(&pieces[from - 1]) <= CONTEXT {
            from -= 1;
            lead += cols(&pieces[from]);
        }
        if hi == chars.len() {
            let mut rest: usize = pieces[from..].iter().map(cols).sum();
            while from > 0 && ELISION.len() + rest + cols(&pieces[from - 1]) <= max {
                from -= 1;
                rest += cols(&pieces[from]);
            }
        }
    }
    let cut_front = lo > 0 || from > 0;
    let room = max - if cut_front { ELISION.len() } else { 0 };
    let fill = |budget: usize| {
        let (mut to, mut used) = (from, 0);
        while to < pieces.len() && used + cols(&pieces[to]) <= budget {
            used += cols(&pieces[to]);
            to += 1;
        }
        to
    };
    let mut to = fill(room);
    let cut_back = |to: usize| to < pieces.len() || hi < chars.len();
    if cut_back(to) {
        to = fill(room - ELISION.len());
    }
    let mut line = String::new();
    let mut caret = String::new();
    if cut_front {
        line.push_str(ELISION);
        caret.push_str(&" ".repeat(ELISION.len()));
    }
    for (k, p) in pieces.iter().enumerate().take(to).skip(from) {
        line.push_str(p);
        if k < first {
            caret.push_str(if p == "\t" { "\t" } else { " " });
            caret.push_str(&" ".repeat(cols(p).saturating_sub(1)));
        }
    }
    if cut_back(to) {
        line.push_str(ELISION);
    }
    if first >= to && first < pieces.len() {
        // The mark starts beyond the window (wide characters before it): point at the elision.
        caret.push_str(&"^".repeat(ELISION.len()));
        return (line, caret);
    }
    let marked: usize = pieces[first..last.min(to)].iter().map(cols).sum();
    let past_end = (first + width.max(1)).saturating_sub(pieces.len().max(first));
    caret.push_str(&"^".repeat((marked + if to == pieces.len() { past_end } else { 0 }).max(1)));
    (line, caret)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_caret_notation() {
        assert_eq!(visible("A\u{1b}[2JB\r\u{7f}\tC"), "A^[[2JB^M^?\tC");
        assert_eq!(visible("x\u{85}\u{202e}y"), "x\\u{85}\\u{202e}y");
        assert_eq!(visible("ＡＢ漢字"), "ＡＢ漢字");
    }

    #[test]
    fn caret_counts_the_shown_width() {
        let (l, c) = excerpt("\u{1b}LBL  LDA X", 11, 1);
        assert_eq!(l, "^[LBL  LDA X");
        assert_eq!(c, "           ^");
        let (l, c) = excerpt("\tLDA\tQ", 6, 1);
        assert_eq!((l.as_str(), c.as_str()), ("\tLDA\tQ", "\t   \t^"));
        // A mark just past the end (a missing operand).
        assert_eq!(excerpt("ORG", 4, 1).1, "   ^");
    }

    #[test]
    fn long_lines_are_cut_around_the_mark() {
        let long = format!("{}BAD{}", "a".repeat(300), "z".repeat(300));
        let (l, c) = excerpt(&long, 301, 3);
        assert_eq!(l.chars().count(), MAX_COLUMNS);
        assert!(l.starts_with(ELISION) && l.ends_with(ELISION), "{l}");
        let at = c.find('^').unwrap();
        assert_eq!(&l[at..at + 3], "BAD");
        assert_eq!(c.trim_start(), "^^^");
        // A mark near the start keeps the start.
        let (l, c) = excerpt(&long, 2, 1);
        assert!(l.starts_with("aaa") && l.ends_with(ELISION));
        assert_eq!(l.chars().count(), MAX_COLUMNS);
        assert_eq!(c, " ^");
        // A mark near the end of a long line.
        let (l, c) = excerpt(&long, 600, 1);
        assert!(l.starts_with(ELISION) && !l.ends_with(ELISION), "{l}");
        assert_eq!((l.len(), c.len()), (MAX_COLUMNS, MAX_COLUMNS - 3));
        // A short line is left whole.
        assert_eq!(excerpt("short", 1, 5), ("short".into(), "^^^^^".into()));
    }

    #[test]
    fn many_control_characters_stay_within_the_width() {
        let l = visible(&"\u{1}".repeat(500));
        assert!(l.chars().count() <= MAX_COLUMNS);
        assert!(l.starts_with("^A^A") && l.ends_with(ELISION));
    }

    #[test]
    fn a_huge_line_is_cut_quickly() {
        let huge = "\u{1b}".repeat(4_000_000);
        let (l, c) = excerpt(&huge, 2_000_000, 1);
        assert!(l.starts_with(ELISION) && l.ends_with(ELISION), "{l}");
        assert!(l.chars().count() <= MAX_COLUMNS);
        assert_eq!(&l[c.find('^').unwrap()..][..2], "^[");
    }

    proptest::proptest! {
        /// Whatever the line and the mark: nothing but tabs and printing characters, no wider
        /// than the limit, and a caret line no longer than the echo (plus a mark past its end).
        #[test]
        fn echo_is_visible_and_bounded(text in "(?s).{0,400}", col in 0usize..450, width in 0usize..50) {
            let (l, c) = excerpt(&text, col, width);
            proptest::prop_assert!(l.chars().all(|ch| ch == '\t' || !ch.is_control()));
            proptest::prop_assert!(l.chars().count() <= MAX_COLUMNS);
            proptest::prop_assert!(c.contains('^'));
            proptest::prop_assert!(c.chars().count() <= l.chars().count() + width.max(1));
        }
    }
}
