//! The tables and results as T3300-R assembler data, in the syntax of the paper's appendix
//! (§11): `+label+` names, `oct.` for octal words, `fix.` for decimal words, `;` comments.
//! A program assembled with these lines holds exactly the native tables, and a result table
//! read back from its memory compares against [`crate::classify()`] through
//! [`Classification::from_words`].

use crate::classify::Classification;
use crate::tables::Tables;

/// One directive per `per_line` values, the first line labelled.
fn block(label: &str, directive: &str, values: &[String], per_line: usize) -> String {
    let mut s = String::new();
    for (i, chunk) in values.chunks(per_line.max(1)).enumerate() {
        let name = if i == 0 {
            format!("+{label}+")
        } else {
            String::new()
        };
        s.push_str(&format!("{name:<8}{directive:<6}{}\n", chunk.join(",")));
    }
    s
}

fn octal<T: Into<u32> + Copy>(v: &[T]) -> Vec<String> {
    v.iter().map(|&x| format!("{:o}", x.into())).collect()
}

/// `+fred+`, `+form+`, `+ti+` and `+mt+`.
pub fn tables_source(t: &Tables) -> String {
    let mut s = String::from("; L-game tables of section 7, derived from the definitions\n");
    s.push_str(&block("fred", "oct.", &octal(&t.fred), 8));
    s.push_str(&block("form", "oct.", &octal(&t.form), 8));
    let ti: Vec<String> = t.ti.iter().map(|x| x.to_string()).collect();
    s.push_str(&block("ti", "fix.", &ti, 8));
    s.push_str(&block("mt", "oct.", &octal(&t.mt), 8));
    s
}

/// `+bo+`: the l-types of B_0, as §11 stores them.
pub fn bo_source(c: &Classification) -> String {
    let bo: Vec<u16> = c.b0().iter().map(|l| l.get()).collect();
    block("bo", "oct.", &octal(&bo), 8)
}

/// A result table: one word per l-type (see [`crate::Outcome::word`]).
pub fn result_source(label: &str, c: &Classification) -> String {
    block(label, "oct.", &octal(&c.words()), 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::tables;

    #[test]
    fn the_appendix_shape() {
        let s = tables_source(tables());
        assert!(s.contains("+fred+  oct.  164000,72000,7200,3500,350,164\n"));
        assert!(s.contains("+form+  oct.  164000,161000,107000,0,144200,142100,104300,0\n"));
        assert!(s.contains("        oct.  0,0,0,27,0,0,0,0\n"));
        assert!(s.contains("+ti+    fix.  0,24,42,52,58,71,82\n"));
        assert_eq!(
            s.lines().filter(|l| l.contains("oct.")).count(),
            1 + 12 + 11
        );
    }
}
