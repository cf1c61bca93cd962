//! A machine's whole state as text, for the console's `save FILE` and `restore FILE`
//! (SIMH's `save`/`restore`): one walk over the state's fields ([`Fields`]) both writes it
//! ([`Saver`]) and reads it back ([`Restorer`]), so the two cannot disagree.
//!
//! The file is a first line naming the machine and the format, then a line a field, `NAME
//! VALUE`: numbers in decimal, flags `true`/`false`, `none` for an absent value, and bytes
//! (memory, tapes) as hexadecimal text.
//!
//! Implementation notes:
//!
//! 1. A field missing from the file, a field the machine does not have, or a value that does
//!    not read is an error naming it; nothing is half restored in a way that is reported as
//!    done (the caller restores into the machine only what read without error).

use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

/// A walk over a state's fields: each field is offered by name with its value as text, and
/// the walk may replace the value (a restore).
pub trait Fields {
    /// The field `name` of the current section; `true` when `value` was replaced.
    fn field(&mut self, name: &str, value: &mut String) -> bool;
    /// Fields from here on belong to `section` (a card, say).
    fn section(&mut self, section: &str);
    /// Record an error of the restore.
    fn fail(&mut self, msg: String);
}

/// A number, a flag or anything that prints and parses.
pub fn value<T: FromStr + Display>(f: &mut dyn Fields, name: &str, v: &mut T) {
    let mut s = v.to_string();
    if f.field(name, &mut s) {
        match s.parse() {
            Ok(x) => *v = x,
            Err(_) => f.fail(format!("{name}: {s:?} does not read")),
        }
    }
}

/// An optional number (`none` when absent).
pub fn optional<T: FromStr + Display>(f: &mut dyn Fields, name: &str, v: &mut Option<T>) {
    let mut s = v.as_ref().map_or("none".to_string(), T::to_string);
    if f.field(name, &mut s) {
        if s == "none" {
            *v = None;
            return;
        }
        match s.parse() {
            Ok(x) => *v = Some(x),
            Err(_) => f.fail(format!("{name}: {s:?} does not read")),
        }
    }
}

/// Bytes, as hexadecimal text.
pub fn bytes(f: &mut dyn Fields, name: &str, v: &mut Vec<u8>) {
    let mut s: String = v.iter().map(|b| format!("{b:02x}")).collect();
    if f.field(name, &mut s) {
        match unhex(&s) {
            Some(b) => *v = b,
            None => f.fail(format!("{name}: not hexadecimal bytes")),
        }
    }
}

/// Optional bytes (`none` when absent).
pub fn optional_bytes(f: &mut dyn Fields, name: &str, v: &mut Option<Vec<u8>>) {
    let mut s = match v {
        Some(b) => b.iter().map(|b| format!("{b:02x}")).collect(),
        None => "none".to_string(),
    };
    if f.field(name, &mut s) {
        *v = match s.as_str() {
            "none" => None,
            h => match unhex(h) {
                Some(b) => Some(b),
                None => {
                    f.fail(format!("{name}: not hexadecimal bytes"));
                    return;
                }
            },
        };
    }
}

/// 16-bit words, as hexadecimal text (memory).
pub fn words(f: &mut dyn Fields, name: &str, v: &mut [u16]) {
    let mut s: String = v.iter().map(|w| format!("{w:04x}")).collect();
    if f.field(name, &mut s) {
        match unhex(&s).filter(|b| b.len() == v.len() * 2) {
            Some(b) => {
                for (w, pair) in v.iter_mut().zip(b.chunks(2)) {
                    *w = u16::from_be_bytes([pair[0], pair[1]]);
                }
            }
            None => f.fail(format!("{name}: not {} hexadecimal words", v.len())),
        }
    }
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// Writes a state: `Saver::new(HEADER)`, a walk, then [`Saver::text`].
pub struct Saver {
    section: String,
    text: String,
}

impl Saver {
    pub fn new(header: &str) -> Self {
        Self {
            section: String::new(),
            text: format!("{header}\n"),
        }
    }

    pub fn text(self) -> String {
        self.text
    }
}

impl Fields for Saver {
    fn field(&mut self, name: &str, value: &mut String) -> bool {
        self.text
            .push_str(&format!("{}.{name} {value}\n", self.section));
        false
    }
    fn section(&mut self, section: &str) {
        self.section = section.to_string();
    }
    fn fail(&mut self, _msg: String) {}
}

/// Reads a state written by a [`Saver`] with the same header (note 1).
pub struct Restorer {
    section: String,
    values: BTreeMap<String, String>,
    errors: Vec<String>,
}

impl Restorer {
    /// The fields of `text`.
    ///
    /// # Errors
    /// A first line other than `header`, or a line that is not `NAME VALUE`.
    pub fn new(header: &str, text: &str) -> Result<Self, String> {
        let mut lines = text.lines();
        if lines.next() != Some(header) {
            return Err(format!(
                "not a saved state of this machine (its first line is not {header:?})"
            ));
        }
        let mut values = BTreeMap::new();
        for (i, l) in lines.enumerate() {
            let (k, v) = l
                .split_once(' ')
                .ok_or_else(|| format!("line {}: not NAME VALUE", i + 2))?;
            values.insert(k.to_string(), v.to_string());
        }
        Ok(Self {
            section: String::new(),
            values,
            errors: Vec::new(),
        })
    }

    /// After the walk: the first error, or a field of the file the walk did not take.
    ///
    /// # Errors
    /// What went wrong, naming the field.
    pub fn finish(self) -> Result<(), String> {
        if let Some(e) = self.errors.into_iter().next() {
            return Err(e);
        }
        match self.values.keys().next() {
            Some(k) => Err(format!("{k}: this machine has no such field")),
            None => Ok(()),
        }
    }
}

impl Fields for Restorer {
    fn field(&mut self, name: &str, value: &mut String) -> bool {
        let key = format!("{}.{name}", self.section);
        match self.values.remove(&key) {
            Some(v) => {
                *value = v;
                true
            }
            None => {
                self.errors.push(format!("{key}: missing from the file"));
                false
            }
        }
    }
    fn section(&mut self, section: &str) {
        self.section = section.to_string();
    }
    fn fail(&mut self, msg: String) {
        self.errors.push(format!("{}.{msg}", self.section));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Default)]
    struct Toy {
        a: u16,
        on: bool,
        due: Option<u64>,
        tape: Option<Vec<u8>>,
        mem: [u16; 3],
    }

    fn walk(t: &mut Toy, f: &mut dyn Fields) {
        f.section("cpu");
        value(f, "a", &mut t.a);
        value(f, "on", &mut t.on);
        optional(f, "due", &mut t.due);
        optional_bytes(f, "tape", &mut t.tape);
        words(f, "mem", &mut t.mem);
    }

    #[test]
    fn a_state_read_back_is_the_state_written() {
        let mut t = Toy {
            a: 0o177777,
            on: true,
            due: Some(12),
            tape: Some(vec![0, 0xff, 7]),
            mem: [1, 0xabcd, 0],
        };
        let mut s = Saver::new("toy 1");
        walk(&mut t, &mut s);
        let text = s.text();
        assert!(text.starts_with("toy 1\ncpu.a 65535\ncpu.on true\ncpu.due 12\ncpu.tape 00ff07\n"));
        let mut back = Toy::default();
        let mut r = Restorer::new("toy 1", &text).unwrap();
        walk(&mut back, &mut r);
        r.finish().unwrap();
        assert_eq!(back, t);
    }

    #[test]
    fn a_bad_file_names_what_is_wrong() {
        assert!(Restorer::new("toy 1", "other 1\n").is_err());
        let mut t = Toy::default();
        let mut r = Restorer::new("toy 1", "toy 1\ncpu.a 70000\ncpu.x 1\n").unwrap();
        walk(&mut t, &mut r);
        assert_eq!(r.finish().unwrap_err(), "cpu.a: \"70000\" does not read");
        let mut r = Restorer::new("toy 1", "toy 1\ncpu.a 7\ncpu.on false\ncpu.due none\ncpu.tape none\ncpu.mem 000100020003\ncpu.x 1\n").unwrap();
        walk(&mut t, &mut r);
        assert_eq!(
            r.finish().unwrap_err(),
            "cpu.x: this machine has no such field"
        );
    }
}
