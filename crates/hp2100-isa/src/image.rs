//! A memory image as text (`retro hp2100 disasm`): one line per word or two-word instruction,
//! `AAAAA  WWWWWW [WWWWWW]  LABEL  TEXT`, a blank line where the addresses jump.

use crate::disasm::disassemble;
use std::collections::{BTreeMap, HashMap};

/// Disassemble `image` (address to word), naming addresses by `labels`. A two-word
/// instruction whose second word is missing from the image is shown as `OCT`.
pub fn disassemble_image(image: &BTreeMap<u16, u16>, labels: &HashMap<u16, String>) -> String {
    let name = |a: u16| labels.get(&a).cloned();
    let mut out = String::new();
    let mut next_addr = None;
    let mut skip = 0;
    for (&a, &w) in image {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if next_addr.is_some_and(|n| n != a) {
            out.push('\n');
        }
        let following = image.get(&(a.wrapping_add(1) & 0o77777)).copied();
        let d = disassemble(a, w, following.unwrap_or(0), &name);
        let (words, text) = match (d.len, following) {
            (2, Some(n)) => {
                skip = 1;
                (format!("{w:06o} {n:06o}"), d.text)
            }
            (2, None) => (format!("{w:06o}"), format!("OCT {w:06o}")),
            _ => (format!("{w:06o}"), d.text),
        };
        let label = labels.get(&a).map_or("", String::as_str);
        let line = format!("{a:05o}  {words:13}  {label:6} {text}");
        out.push_str(line.trim_end());
        out.push('\n');
        next_addr = Some(a.wrapping_add(d.len.min(1 + u16::from(following.is_some()))) & 0o77777);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_lines() {
        let image: BTreeMap<u16, u16> = [
            (0o100, 0o060110),
            (0o101, 0o100200),
            (0o102, 0o000110),
            (0o110, 0o102077),
            (0o111, 0o100400),
        ]
        .into_iter()
        .collect();
        let labels: HashMap<u16, String> = [(0o110, "DONE".to_string())].into_iter().collect();
        assert_eq!(
            disassemble_image(&image, &labels),
            "\
00100  060110                LDA DONE
00101  100200 000110         MPY DONE
\n00110  102077         DONE   HLT 77B
00111  100400                OCT 100400
"
        );
    }
}
