//! The paper roll: what a printed character stream looks like on the page.

/// Renders printed characters as the paper roll shows them: CR returns the carriage (later
/// characters overprint the line from column 0), LF feeds a line, BS backs up one column, other
/// control characters (NUL, BEL, RUBOUT, ...) leave no mark. Overprinted columns keep the last
/// character struck, which is what a reader of the roll would make out for a retyped field.
#[derive(Clone, Debug, Default)]
pub struct Paper {
    lines: Vec<String>,
    line: Vec<char>,
    col: usize,
}

/// An ASR-33 prints 72 characters on a line; further characters pile up in the last column.
const WIDTH: usize = 72;

impl Paper {
    pub fn new() -> Self {
        Self::default()
    }

    /// Strike one character.
    pub fn strike(&mut self, ch: u8) {
        match ch & 0x7f {
            b'\r' => self.col = 0,
            b'\n' => {
                self.lines
                    .push(self.line.iter().collect::<String>().trim_end().to_string());
                self.line.clear();
                // The carriage does not move on LF; a following CR brings it back.
                self.line.resize(self.col, ' ');
            }
            0x08 => self.col = self.col.saturating_sub(1),
            c if c < 0x20 || c == 0x7f => {}
            c => {
                if self.line.len() <= self.col {
                    self.line.resize(self.col + 1, ' ');
                }
                if c != b' ' || self.line[self.col] == ' ' {
                    self.line[self.col] = c as char;
                }
                if self.col < WIDTH - 1 {
                    self.col += 1;
                }
            }
        }
    }

    /// The finished lines, which never change once printed.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The roll so far, one `\n`-terminated line per printed line; a partial last line is
    /// included without a terminator.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        let tail: String = self.line.iter().collect();
        s.push_str(tail.trim_end());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(bytes: &[u8]) -> String {
        let mut p = Paper::new();
        bytes.iter().for_each(|&b| p.strike(b));
        p.text()
    }

    #[test]
    fn crlf_lines() {
        assert_eq!(
            render(b"HEX O HAJIMEMASU\r\n\r\nA"),
            "HEX O HAJIMEMASU\n\nA"
        );
    }

    #[test]
    fn lf_without_cr_keeps_the_column() {
        assert_eq!(render(b"AB\nC\r\n"), "AB\n  C\n");
    }

    #[test]
    fn overprint_after_cr() {
        assert_eq!(render(b"ABC\rX\r\n"), "XBC\n");
    }

    #[test]
    fn controls_leave_no_mark() {
        assert_eq!(render(b"A\x07\x00\x7fB\r\n"), "AB\n");
    }
}
