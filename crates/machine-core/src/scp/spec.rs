//! What `examine` and `deposit` act on, parsed as SIMH's console parses it: switches, then a
//! list of registers, addresses, ranges `A-B` and counts `A/N`.
//!
//! Source: the SIMH user's guide, "Examining and changing state": `examine {-switches}
//! <list>`, a list being items separated by commas; an item a register name, `ALL` or
//! `STATE` (every register), an address, `A-B` (from A to B) or `A/N` (N words from A, N in
//! the machine's radix). Checked against Debian's SIMH 3.8 `hp2100`: `e 100/10` shows
//! eight words.
//!
//! Implementation notes:
//!
//! 1. Items may also be separated by spaces (`e A B`): SIMH 3.8 quietly examines only the
//!    first, a surprise to a user who typed both.
//! 2. Numbers are in the machine's radix, or decimal after `#` ([`Radix::parse`]).

use crate::Radix;

/// How a value is shown or read: SIMH's switches `-o`, `-d`, `-h`, `-a`, `-c` and `-m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The machine's radix (no switch).
    Native,
    Octal,
    Decimal,
    Hex,
    /// One character, from the low 8 bits (`-a`).
    Char,
    /// Two characters a word, high byte first (`-c`).
    Chars,
    /// An instruction (`-m`).
    Instruction,
}

impl Form {
    /// The switches before the list, and what follows them.
    ///
    /// # Errors
    /// A switch SIMH's examine and deposit do not have here.
    pub fn parse(args: &str) -> Result<(Form, &str), String> {
        let mut form = Form::Native;
        let mut rest = args.trim_start();
        while let Some(sw) = rest.strip_prefix('-') {
            let end = sw.find(char::is_whitespace).unwrap_or(sw.len());
            for c in sw[..end].chars() {
                form = match c.to_ascii_lowercase() {
                    'o' => Form::Octal,
                    'd' => Form::Decimal,
                    'h' => Form::Hex,
                    'a' => Form::Char,
                    'c' => Form::Chars,
                    'm' => Form::Instruction,
                    _ => {
                        return Err(format!(
                            "Invalid argument: no switch -{c} (-o -d -h -a -c -m)"
                        ))
                    }
                };
            }
            rest = sw[end..].trim_start();
        }
        Ok((form, rest))
    }

    /// The radix of a numeric form.
    pub fn radix(self, native: u32) -> u32 {
        match self {
            Form::Octal => 8,
            Form::Decimal => 10,
            Form::Hex => 16,
            _ => native,
        }
    }
}

/// One item of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A register, by the name the machine gives it.
    Register(String),
    /// Every register (`ALL`, `STATE`).
    AllRegisters,
    /// Memory words from `first` to `last` inclusive.
    Memory { first: u32, last: u32 },
}

/// The items of `list` (note 1). `is_register` tells a register name from a number.
///
/// # Errors
/// An item that is neither a register nor an address, or a range that ends before it starts.
pub fn items(
    list: &str,
    radix: &Radix,
    is_register: &dyn Fn(&str) -> bool,
) -> Result<Vec<Item>, String> {
    let mut out = Vec::new();
    for word in list
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        if word.eq_ignore_ascii_case("all") || word.eq_ignore_ascii_case("state") {
            out.push(Item::AllRegisters);
            continue;
        }
        if is_register(word) {
            out.push(Item::Register(word.to_ascii_uppercase()));
            continue;
        }
        let number = |s: &str| -> Result<u32, String> {
            radix
                .parse(s)
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| {
                    format!("Invalid argument: {word} is neither a register nor an address")
                })
        };
        let (first, last) = if let Some((a, b)) = word.split_once('-') {
            (number(a)?, number(b)?)
        } else if let Some((a, n)) = word.split_once('/') {
            let a = number(a)?;
            let n = number(n)?;
            if n == 0 {
                return Err(format!("Invalid argument: {word} counts no words"));
            }
            (a, a.saturating_add(n - 1))
        } else {
            let a = number(word)?;
            (a, a)
        };
        if last < first {
            return Err(format!(
                "Invalid argument: the range {word} ends before it starts"
            ));
        }
        out.push(Item::Memory { first, last });
    }
    if out.is_empty() {
        return Err("Too few arguments: what? (a register, an address, A-B or A/N)".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HP: Radix = Radix {
        radix: 8,
        word_bits: 16,
        address_bits: 15,
    };

    fn regs(s: &str) -> bool {
        ["A", "B", "P"].iter().any(|r| r.eq_ignore_ascii_case(s))
    }

    #[test]
    fn ranges_counts_lists_and_registers() {
        let got = items("100-103, 200/10 a,B 7", &HP, &regs).unwrap();
        assert_eq!(
            got,
            vec![
                Item::Memory {
                    first: 0o100,
                    last: 0o103
                },
                Item::Memory {
                    first: 0o200,
                    last: 0o207
                },
                Item::Register("A".into()),
                Item::Register("B".into()),
                Item::Memory { first: 7, last: 7 },
            ]
        );
        assert_eq!(
            items("state", &HP, &regs).unwrap(),
            vec![Item::AllRegisters]
        );
    }

    #[test]
    fn bad_items_are_named() {
        assert!(items("X", &HP, &regs).unwrap_err().contains("X is neither"));
        assert!(items("103-100", &HP, &regs)
            .unwrap_err()
            .contains("ends before"));
        assert!(items("100/0", &HP, &regs).unwrap_err().contains("no words"));
        assert!(items("", &HP, &regs).unwrap_err().starts_with("Too few"));
    }

    #[test]
    fn switches() {
        assert_eq!(Form::parse("-m 100").unwrap(), (Form::Instruction, "100"));
        assert_eq!(Form::parse("-d A").unwrap(), (Form::Decimal, "A"));
        assert_eq!(Form::parse("100").unwrap(), (Form::Native, "100"));
        assert!(Form::parse("-z 1").is_err());
    }
}
