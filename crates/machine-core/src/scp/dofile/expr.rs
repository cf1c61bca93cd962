//! The expressions of `set env -a NAME=EXPR` and `if (EXPR) ACTIONS`: C's integer operators
//! with C's precedence, numbers as SIMH's expressions write them (`0x1F` hex, `0b101`
//! binary, a leading `0` octal, else decimal, with commas between thousands allowed), and
//! names, which are the machine's registers or the do-file's variables.
//!
//! Source: the SIMH user's guide, "Executing command files" (`set environment -a`, `if`).

/// A binary operator's precedence: lower binds tighter, as C's table numbers them.
fn precedence(op: &str) -> Option<u8> {
    Some(match op {
        "*" | "/" | "%" => 3,
        "+" | "-" => 4,
        "<<" | ">>" => 5,
        "<" | "<=" | ">" | ">=" => 6,
        "==" | "!=" => 7,
        "&" => 8,
        "^" => 9,
        "|" => 10,
        "&&" => 11,
        "||" => 12,
        _ => return None,
    })
}

/// The operators, longer first so that `!=` is read before `!`.
const OPERATORS: [&str; 22] = [
    "&&", "||", ">>", "<<", "==", "!=", "<=", ">=", "(", ")", "+", "-", "*", "/", "%", "&", "|",
    "^", "<", ">", "!", "~",
];

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(i64),
    Name(String),
    Op(&'static str),
}

fn number(text: &str) -> Option<i64> {
    let t = text.replace(',', "");
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if let Some(b) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        i64::from_str_radix(b, 2).ok()
    } else if t.len() > 1 && t.starts_with('0') {
        i64::from_str_radix(&t[1..], 8).ok()
    } else {
        t.parse().ok()
    }
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push(Token::Name(text[start..i].to_string()));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b',') {
                i += 1;
            }
            let n = number(&text[start..i])
                .ok_or_else(|| format!("{} is not a number", &text[start..i]))?;
            out.push(Token::Number(n));
        } else {
            let op = OPERATORS
                .iter()
                .find(|op| text[i..].starts_with(*op))
                .ok_or_else(|| format!("{} is not an operator", char::from(c)))?;
            out.push(Token::Op(op));
            i += op.len();
        }
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<Token>,
    at: usize,
    lookup: &'a dyn Fn(&str) -> Option<i64>,
}

impl Parser<'_> {
    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn operand(&mut self) -> Result<i64, String> {
        match self.next() {
            Some(Token::Number(n)) => Ok(n),
            Some(Token::Name(n)) => (self.lookup)(&n).ok_or_else(|| format!("{n} has no value")),
            Some(Token::Op("(")) => {
                let v = self.expression(u8::MAX)?;
                match self.next() {
                    Some(Token::Op(")")) => Ok(v),
                    _ => Err("a ( without its )".into()),
                }
            }
            Some(Token::Op("-")) => Ok(self.operand()?.wrapping_neg()),
            Some(Token::Op("+")) => self.operand(),
            Some(Token::Op("!")) => Ok(i64::from(self.operand()? == 0)),
            Some(Token::Op("~")) => Ok(!self.operand()?),
            Some(Token::Op(op)) => Err(format!("{op} where a value belongs")),
            None => Err("a value is missing".into()),
        }
    }

    /// Operators that bind at least as tightly as `limit`, left to right.
    fn expression(&mut self, limit: u8) -> Result<i64, String> {
        let mut left = self.operand()?;
        while let Some(Token::Op(op)) = self.tokens.get(self.at).cloned() {
            let Some(p) = precedence(op) else { break };
            if p > limit {
                break;
            }
            self.at += 1;
            let right = self.expression(p - 1)?;
            left = apply(op, left, right);
        }
        Ok(left)
    }
}

fn apply(op: &str, a: i64, b: i64) -> i64 {
    match op {
        "*" => a.wrapping_mul(b),
        "/" => a.checked_div(b).unwrap_or(i64::MAX),
        "%" => a.checked_rem(b).unwrap_or(0),
        "+" => a.wrapping_add(b),
        "-" => a.wrapping_sub(b),
        "<<" => a.wrapping_shl(b as u32),
        ">>" => a.wrapping_shr(b as u32),
        "<" => i64::from(a < b),
        "<=" => i64::from(a <= b),
        ">" => i64::from(a > b),
        ">=" => i64::from(a >= b),
        "==" => i64::from(a == b),
        "!=" => i64::from(a != b),
        "&" => a & b,
        "^" => a ^ b,
        "|" => a | b,
        "&&" => i64::from(a != 0 && b != 0),
        _ => i64::from(a != 0 || b != 0),
    }
}

/// The value of `text`, each name's value from `lookup`.
///
/// # Errors
/// What is wrong with the expression.
pub fn evaluate(text: &str, lookup: &dyn Fn(&str) -> Option<i64>) -> Result<i64, String> {
    let mut p = Parser {
        tokens: tokens(text)?,
        at: 0,
        lookup,
    };
    let v = p.expression(u8::MAX)?;
    match p.tokens.get(p.at) {
        None => Ok(v),
        Some(t) => Err(format!("unexpected {t:?} after the expression")),
    }
}

/// A parenthesised expression at the start of `text` (`if (A==0) ...`): its text inside
/// the parentheses and what follows.
pub fn parenthesised(text: &str) -> Option<(&str, &str)> {
    let t = text.trim_start();
    if !t.starts_with('(') {
        return None;
    }
    let mut depth = 0;
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&t[1..i], &t[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(t: &str) -> i64 {
        evaluate(t, &|n| (n == "A").then_some(5)).unwrap()
    }

    #[test]
    fn c_precedence_and_simhs_numbers() {
        assert_eq!(eval("3+4*2"), 11);
        assert_eq!(eval("(3+4)*2"), 14);
        assert_eq!(eval("0x10|3"), 19);
        assert_eq!(eval("017+1"), 16);
        assert_eq!(eval("1,000+1"), 1001);
        assert_eq!(eval("A==5 && 1"), 1);
        assert_eq!(eval("1004&4==4"), 0, "== binds tighter than &, as in C");
        assert_eq!(eval("(1004&4)==4"), 1);
        assert_eq!(eval("-3+10/3"), 0);
        assert_eq!(eval("!0 + ~0"), 0);
        assert_eq!(eval("7%4<<2"), 12);
        assert!(evaluate("3+", &|_| None).is_err());
        assert!(evaluate("B+1", &|_| None).is_err());
        assert!(evaluate("(1", &|_| None).is_err());
    }

    #[test]
    fn parentheses_at_the_start_are_found() {
        assert_eq!(
            parenthesised(" (A==(1)) echo x"),
            Some(("A==(1)", " echo x"))
        );
        assert_eq!(parenthesised("A==1"), None);
    }
}
