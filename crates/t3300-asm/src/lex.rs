//! Lexing: a source line into label, operation and operand, and an operand into tokens.
//!
//! The `+` rule (spec §4.7): a `+` immediately followed by a letter opens a label, which ends
//! at the next `+`; any other `+` is the plus operator. So `+tab++1` is `+tab+` plus 1 and
//! `+a+++b+` is `+a+` plus `+b+`. Labels and mnemonics are case-insensitive and kept in lower
//! case.

use crate::diag::Diagnostic;

/// A line cut into its fields. Columns are 1-based character positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    pub label: Option<(String, usize)>,
    /// The operation in lower case, with its trailing `.` for a directive, without the `*`.
    pub op: Option<(String, usize)>,
    pub indirect: bool,
    /// The operand text (comment removed, trimmed) and its column.
    pub operand: Option<(Vec<char>, usize)>,
}

/// Cut a line into fields. Comment lines and blank lines give empty fields.
pub fn fields(line_no: usize, text: &str) -> Result<Fields, Diagnostic> {
    let chars: Vec<char> = text.chars().collect();
    let err = |col: usize, m: String| Diagnostic::new(line_no, col + 1, m);
    if chars.first() == Some(&'*') {
        return Ok(Fields::default());
    }
    // The comment starts at the first `;` outside a quoted string.
    let mut end = chars.len();
    let mut quoted = false;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '\'' => quoted = !quoted,
            ';' if !quoted => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let chars = &chars[..end];
    let blank = |c: char| c == ' ' || c == '\t';
    let skip = |mut i: usize| {
        while i < chars.len() && blank(chars[i]) {
            i += 1;
        }
        i
    };
    let mut f = Fields::default();
    let mut i = skip(0);
    if i < chars.len() && chars[i] == '+' {
        let (name, next) = label_at(chars, i).map_err(|(c, m)| err(c, m))?;
        f.label = Some((name, i + 1));
        i = next;
        if i < chars.len() && !blank(chars[i]) {
            return Err(err(
                i,
                format!("expected a blank after the label, found '{}'", chars[i]),
            ));
        }
    }
    i = skip(i);
    if i == chars.len() {
        return Ok(f);
    }
    let start = i;
    while i < chars.len() && chars[i].is_ascii_alphabetic() {
        i += 1;
    }
    if i == start {
        return Err(err(
            i,
            format!("expected an operation, found '{}'", chars[i]),
        ));
    }
    let mut op: String = chars[start..i]
        .iter()
        .collect::<String>()
        .to_ascii_lowercase();
    let mut directive = false;
    if i < chars.len() && chars[i] == '.' {
        op.push('.');
        directive = true;
        i += 1;
    } else if i < chars.len() && chars[i] == '*' {
        f.indirect = true;
        i += 1;
    }
    if !directive && i < chars.len() && !blank(chars[i]) {
        return Err(err(
            i,
            format!("unexpected '{}' after the operation '{op}'", chars[i]),
        ));
    }
    f.op = Some((op, start + 1));
    let i = skip(i);
    let mut j = chars.len();
    while j > i && blank(chars[j - 1]) {
        j -= 1;
    }
    if j > i {
        f.operand = Some((chars[i..j].to_vec(), i + 1));
    }
    Ok(f)
}

/// Read `+name+` starting at the `+` at `i`; returns the lower-case name and the index after
/// the closing `+`. Errors carry a 0-based column.
fn label_at(chars: &[char], i: usize) -> Result<(String, usize), (usize, String)> {
    if !chars.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) {
        return Err((
            i,
            "a label is written +name+, starting with a letter".into(),
        ));
    }
    let close = chars[i + 1..]
        .iter()
        .position(|&c| c == '+')
        .map(|k| i + 1 + k)
        .ok_or((i, "label without its closing '+'".to_string()))?;
    let name: String = chars[i + 1..close].iter().collect();
    if let Some(k) = name.chars().position(|c| !c.is_ascii_alphanumeric()) {
        return Err((
            i + 1 + k,
            format!(
                "a label holds letters and digits only, not '{}'",
                name.chars().nth(k).unwrap_or(' ')
            ),
        ));
    }
    Ok((name.to_ascii_lowercase(), close + 1))
}

/// An operand token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Num(i64),
    Label(String),
    /// `*`: the location counter.
    Star,
    Plus,
    Minus,
    Comma,
    Str(Vec<u8>),
}

/// How plain numbers are read: decimal unless they start with 0, or (in `oct.`) all octal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    Auto,
    Octal,
}

/// Largest magnitude a number may have: 24 bits.
const MAX_NUMBER: i64 = 0o77777777;

/// Tokens of an operand, each with its 1-based column.
pub fn tokens(
    line_no: usize,
    text: &[char],
    col0: usize,
    radix: Radix,
) -> Result<Vec<(Tok, usize)>, Diagnostic> {
    let err = |i: usize, m: String| Diagnostic::new(line_no, col0 + i, m);
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        let at = col0 + i;
        match c {
            ' ' | '\t' => i += 1,
            '+' if text.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) => {
                let (name, next) = label_at(text, i).map_err(|(k, m)| err(k, m))?;
                out.push((Tok::Label(name), at));
                i = next;
            }
            '+' => {
                out.push((Tok::Plus, at));
                i += 1;
            }
            '-' => {
                out.push((Tok::Minus, at));
                i += 1;
            }
            '*' => {
                out.push((Tok::Star, at));
                i += 1;
            }
            ',' => {
                out.push((Tok::Comma, at));
                i += 1;
            }
            '0'..='9' => {
                let start = i;
                while i < text.len() && text[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = text[start..i].iter().collect();
                let octal = radix == Radix::Octal || (digits.len() > 1 && digits.starts_with('0'));
                if octal {
                    if let Some(k) = digits.find(['8', '9']) {
                        return Err(err(
                            start + k,
                            format!("digit {} in the octal number {digits}", &digits[k..k + 1]),
                        ));
                    }
                }
                let v = i64::from_str_radix(&digits, if octal { 8 } else { 10 })
                    .ok()
                    .filter(|&v| v <= MAX_NUMBER)
                    .ok_or_else(|| {
                        err(start, format!("the number {digits} is larger than 24 bits"))
                    })?;
                out.push((Tok::Num(v), at));
                if i < text.len() && text[i].is_ascii_alphabetic() {
                    return Err(err(
                        i,
                        format!("unexpected '{}' after the number {digits}", text[i]),
                    ));
                }
            }
            '\'' => {
                let mut s = Vec::new();
                i += 1;
                loop {
                    match text.get(i) {
                        None => {
                            return Err(err(at - col0, "text without its closing quote".into()))
                        }
                        Some('\'') if text.get(i + 1) == Some(&'\'') => {
                            s.push(b'\'');
                            i += 2;
                        }
                        Some('\'') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) if ch.is_ascii() && !ch.is_ascii_control() => {
                            s.push(ch as u8);
                            i += 1;
                        }
                        Some(&ch) => {
                            return Err(err(
                                i,
                                format!(
                                    "character {ch:?} cannot be typed on the console typewriter"
                                ),
                            ))
                        }
                    }
                }
                out.push((Tok::Str(s), at));
            }
            _ => return Err(err(i, format!("unexpected '{c}' in the operand"))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let c: Vec<char> = s.chars().collect();
        tokens(1, &c, 1, Radix::Auto)
            .unwrap()
            .into_iter()
            .map(|t| t.0)
            .collect()
    }

    #[test]
    fn plus_rule() {
        use Tok::*;
        assert_eq!(toks("+tab++1"), vec![Label("tab".into()), Plus, Num(1)]);
        assert_eq!(
            toks("+a+++b+"),
            vec![Label("a".into()), Plus, Label("b".into())]
        );
        assert_eq!(toks("*+2"), vec![Star, Plus, Num(2)]);
        assert_eq!(
            toks("+PL+-1,1"),
            vec![Label("pl".into()), Minus, Num(1), Comma, Num(1)]
        );
        assert_eq!(toks("017"), vec![Num(15)]);
        assert_eq!(toks("0"), vec![Num(0)]);
        assert_eq!(toks("'AB''C'"), vec![Str(b"AB'C".to_vec())]);
    }

    #[test]
    fn numbers() {
        let c: Vec<char> = "164000".chars().collect();
        assert_eq!(
            tokens(1, &c, 1, Radix::Octal).unwrap()[0].0,
            Tok::Num(0o164000)
        );
        let c: Vec<char> = "018".chars().collect();
        assert_eq!(
            tokens(3, &c, 5, Radix::Auto).unwrap_err(),
            Diagnostic::new(3, 7, "digit 8 in the octal number 018")
        );
        let c: Vec<char> = "99999999".chars().collect();
        assert!(tokens(1, &c, 1, Radix::Auto).is_err());
    }

    #[test]
    fn line_fields() {
        let f = fields(1, "+fit+   lxi   48,1          ; X1 <- 48").unwrap();
        assert_eq!(f.label, Some(("fit".into(), 1)));
        assert_eq!(f.op, Some(("lxi".into(), 9)));
        assert_eq!(f.operand, Some(("48,1".chars().collect(), 15)));
        // The paper writes the operand right after the directive.
        let f = fields(1, "+fred+      oct.164000,72000").unwrap();
        assert_eq!(f.op, Some(("oct.".into(), 13)));
        assert_eq!(f.operand.map(|o| o.1), Some(17));
        let f = fields(1, "        JMP* +SUB+").unwrap();
        assert_eq!((f.op.map(|o| o.0), f.indirect), (Some("jmp".into()), true));
        assert_eq!(fields(1, "* comment").unwrap(), Fields::default());
        assert_eq!(fields(1, "   ; comment").unwrap(), Fields::default());
        let f = fields(1, "  txt. 'A;B' ; c").unwrap();
        assert_eq!(
            f.operand.map(|o| o.0.into_iter().collect::<String>()),
            Some("'A;B'".into())
        );
        assert!(fields(1, "+lp lda 1").is_err());
        assert!(fields(1, "lda5").is_err());
        assert!(fields(1, "+a b+ lda 1").is_err());
        assert!(fields(1, "  5").is_err());
    }
}
