//! Values in commands: numbers, symbols and registers, added and subtracted.
//!
//! A value is a number in the machine's radix (decimal after `#`), a symbol written as the
//! machine's assembler writes a label or bare, or a register's name; terms are joined by `+`
//! and `-` (`LOOP+3`, `+loop++2` on the T3300-R, `P-1`, `X1+#10`) and the sum wraps at 64
//! bits. A symbol is looked for before a register, so a program's label `A` wins over the
//! register: write the register as the only term (`print A`), or both the other way around.

use super::Debugger;
use crate::Debuggable;

impl<M: Debuggable> Debugger<M> {
    /// The symbol `text` names, written as the machine writes labels (or bare).
    pub(super) fn symbol(&self, text: &str) -> Option<u32> {
        let (open, close) = self.machine.label_marks();
        let bare = text
            .strip_prefix(open)
            .and_then(|t| t.strip_suffix(close))
            .filter(|t| !t.is_empty());
        bare.and_then(|t| self.symbols.value(t))
            .or_else(|| self.symbols.value(text))
    }

    /// The register `text` names, and its value.
    fn register_value(&self, text: &str) -> Option<u64> {
        self.machine
            .registers()
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(text))
            .map(|r| r.value)
    }

    /// A value: terms joined by `+` and `-`, each a symbol, a register or a number.
    pub(super) fn value(&self, text: &str) -> Result<u64, String> {
        if let Some(v) = self.symbol(text) {
            return Ok(u64::from(v));
        }
        if let Some(v) = self.register_value(text) {
            return Ok(v);
        }
        // The last operator outside the first character splits off the last term; the
        // rest is a value again (so `+loop++2` is `+loop+` plus 2).
        let split = text
            .char_indices()
            .skip(1)
            .filter(|(_, c)| *c == '+' || *c == '-')
            .last();
        if let Some((k, c)) = split {
            if k + 1 == text.len() {
                return Err(format!("{text} is neither a symbol nor a number"));
            }
            let base = self.value(&text[..k])?;
            let term = &text[k + 1..];
            let off = match self.symbol(term).map(u64::from) {
                Some(v) => v,
                None => match self.register_value(term) {
                    Some(v) => v,
                    None => self
                        .radix
                        .parse(term)
                        .ok_or_else(|| format!("bad number {term}"))?,
                },
            };
            return Ok(if c == '+' {
                base.wrapping_add(off)
            } else {
                base.wrapping_sub(off)
            });
        }
        self.radix
            .parse(text)
            .ok_or_else(|| format!("{text} is neither a symbol nor a number"))
    }

    /// A value that is an address of the machine.
    pub(super) fn address(&self, text: &str) -> Result<u32, String> {
        let v = self.value(text)?;
        if v > u64::from(self.mask()) {
            return Err(format!("{text} is not an address"));
        }
        Ok(v as u32)
    }

    /// `print EXPR`: the value in the machine's radix as a word, and in decimal; a value
    /// wider than a word is shown whole.
    pub(super) fn cmd_print(&self, args: &[&str]) -> Result<String, String> {
        if args.is_empty() {
            return Err("print EXPR (numbers, symbols, registers, + and -)".into());
        }
        let text = args.concat();
        let v = self.value(&text)?;
        let bits = self.radix.word_bits;
        let shown = if bits < 64 && v >> bits != 0 {
            self.radix.value(v, 64)
        } else {
            self.radix.value(v, bits)
        };
        // A result below zero reads as one in decimal.
        let decimal = if v > i64::MAX as u64 {
            (v as i64).to_string()
        } else {
            v.to_string()
        };
        Ok(format!("{text} = {shown}  #{decimal}"))
    }
}
