//! The absolute image: what the assembler writes and the loader reads (spec §4.6, [R]).
//!
//! A text file, octal throughout, so it can be read and diffed:
//!
//! ```text
//! T3300-R IMAGE
//! * any line starting with * is a comment
//! start 01000
//! 01000 16100060 70000001 12001016
//! 01003 10101017
//! ```
//!
//! The first line is the magic `T3300-R IMAGE`. `start` gives the address where execution
//! begins (the `end.` operand). A data line is an address followed by up to eight words stored
//! from that address on. The loader places the words directly at their addresses; no
//! operating system or bootstrap is modelled.

use crate::word::{Word, ADDR_MASK, WORD_MASK};
use std::collections::BTreeMap;
use std::fmt::Write;

/// First line of every image file.
pub const MAGIC: &str = "T3300-R IMAGE";

/// Words per data line when writing.
const PER_LINE: usize = 8;

/// A memory image with a start address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    pub start: u16,
    pub words: BTreeMap<u16, Word>,
}

/// A malformed image, with the 1-based line it was found on.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct ImageError {
    pub line: usize,
    pub message: String,
}

impl Image {
    pub fn new() -> Self {
        Self::default()
    }

    /// Write the image as text.
    pub fn to_text(&self) -> String {
        let mut s = format!("{MAGIC}\nstart {:05o}\n", self.start);
        let mut run: Vec<Word> = Vec::new();
        let mut run_start = 0u16;
        let flush = |s: &mut String, start: u16, run: &mut Vec<Word>| {
            for (k, chunk) in run.chunks(PER_LINE).enumerate() {
                let _ = write!(s, "{:05o}", start as usize + k * PER_LINE);
                for w in chunk {
                    let _ = write!(s, " {w}");
                }
                s.push('\n');
            }
            run.clear();
        };
        for (&a, &w) in &self.words {
            if !run.is_empty() && a as usize != run_start as usize + run.len() {
                flush(&mut s, run_start, &mut run);
            }
            if run.is_empty() {
                run_start = a;
            }
            run.push(w);
        }
        flush(&mut s, run_start, &mut run);
        s
    }

    /// Read an image written by [`Image::to_text`] (or by hand).
    pub fn parse(text: &str) -> Result<Image, ImageError> {
        let err = |line: usize, message: String| ImageError { line, message };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => {
                return Err(err(
                    1,
                    format!("not a T3300-R image (the first line must be '{MAGIC}')"),
                ))
            }
        }
        let mut image = Image::new();
        let mut start = None;
        for (n, line) in lines {
            if line.is_empty() || line.starts_with('*') {
                continue;
            }
            let mut fields = line.split_whitespace();
            let head = fields.next().unwrap_or_default();
            if head == "start" {
                let v = fields
                    .next()
                    .ok_or_else(|| err(n, "start: missing address".into()))?;
                if start.is_some() {
                    return Err(err(n, "second start line".into()));
                }
                start =
                    Some(octal(v, ADDR_MASK as u32).map_err(|m| err(n, format!("start: {m}")))?);
                if let Some(extra) = fields.next() {
                    return Err(err(
                        n,
                        format!("unexpected '{extra}' after the start address"),
                    ));
                }
                continue;
            }
            let addr =
                octal(head, ADDR_MASK as u32).map_err(|m| err(n, format!("address: {m}")))?;
            let mut a = addr;
            for f in fields {
                if a > ADDR_MASK as u32 {
                    return Err(err(n, "words run past address 77777".into()));
                }
                let w = octal(f, WORD_MASK).map_err(|m| err(n, format!("word: {m}")))?;
                if image.words.insert(a as u16, Word::new(w)).is_some() {
                    return Err(err(n, format!("address {a:05o} given twice")));
                }
                a += 1;
            }
            if a == addr {
                return Err(err(n, "address without words".into()));
            }
        }
        image.start = start.ok_or_else(|| err(1, "no start line".into()))? as u16;
        Ok(image)
    }
}

/// An octal field no larger than `max`.
fn octal(s: &str, max: u32) -> Result<u32, String> {
    if s.is_empty() || s.len() > 8 || !s.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return Err(format!("'{s}' is not an octal number"));
    }
    let v = u32::from_str_radix(s, 8).map_err(|e| e.to_string())?;
    if v > max {
        return Err(format!("{s} is larger than {max:o}"));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn text_round_trip() {
        let mut im = Image::new();
        im.start = 0o1000;
        for k in 0..10u16 {
            im.words.insert(0o1000 + k, Word::new(k as u32 * 0o1010101));
        }
        im.words.insert(0o77777, Word::ONES);
        let t = im.to_text();
        assert!(t.starts_with("T3300-R IMAGE\nstart 01000\n01000 00000000 01010101"));
        assert!(t.contains("\n01010 10101010 11111111\n77777 77777777\n"));
        assert_eq!(Image::parse(&t), Ok(im));
    }

    #[test]
    fn errors_name_the_line() {
        let e = |t: &str| Image::parse(t).unwrap_err().to_string();
        assert_eq!(
            e("hello"),
            "line 1: not a T3300-R image (the first line must be 'T3300-R IMAGE')"
        );
        assert_eq!(
            e("T3300-R IMAGE\n01000 12345678"),
            "line 2: word: '12345678' is not an octal number"
        );
        assert_eq!(e("T3300-R IMAGE\n01000 1\n"), "line 1: no start line");
        assert_eq!(
            e("T3300-R IMAGE\nstart 100000\n"),
            "line 2: start: 100000 is larger than 77777"
        );
        assert_eq!(
            e("T3300-R IMAGE\nstart 0\n77777 1 2"),
            "line 3: words run past address 77777"
        );
        assert_eq!(
            e("T3300-R IMAGE\nstart 0\n1 1\n1 2"),
            "line 4: address 00001 given twice"
        );
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC*") {
            let _ = Image::parse(&s);
            let _ = Image::parse(&format!("{MAGIC}\n{s}"));
        }

        #[test]
        fn random_bytes_never_panic(b in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = Image::parse(&String::from_utf8_lossy(&b));
        }

        #[test]
        fn random_images_round_trip(words in proptest::collection::btree_map(0u16..=0o77777, 0u32..=WORD_MASK, 0..50), start in 0u16..=0o77777) {
            let im = Image { start, words: words.into_iter().map(|(a, w)| (a, Word::new(w))).collect() };
            prop_assert_eq!(Image::parse(&im.to_text()), Ok(im));
        }
    }
}
