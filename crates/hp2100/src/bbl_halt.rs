//! The halts of our Basic Binary Loader, in words.
//!
//! The loader (`asm/hp2100/bbl.asm`, whose header lists its halts; `docs/hp2100a.md` §4.2, from
//! SIMH's `pt.c` documentation) tells the operator what happened only by the halt code on the
//! front panel's T register, with A and B holding the figures. [`words`] says it as the
//! operator's manual would, and names the record of the tape when it can be found:
//!
//! | halt | at (16K) | meaning | RUN |
//! |---|---|---|---|
//! | 102077 (HLT 77) | 37715 | end of tape, A = B = 0 | reads another tape |
//! | 102000 (HLT 0) | 37740 | a word differs from memory (compare mode), or did not stick; A = the tape's word | next word |
//! | 102011 (HLT 11) | 37747 | checksum error, A = the tape's sum, B = the computed one | next record |
//! | 102055 (HLT 55) | 37751 | a record would overlay the loader | halts again |
//!
//! Each halt stands where HP's loader has it (the offsets in [`BBL_HALT_AT`], 15, 40, 47 and
//! 51 octal words into the 64; SIMH's `hp2100_pt.c` carries HP's loader), so the front panel
//! shows the P an operator's manual names (37716 after the end of the tape at 16K, 77716 at
//! 32K). A halt with one of these codes elsewhere is not the loader's.

use crate::Machine;
use hp2100_isa::tape;
use machine_core::Stop;

/// The loader's halt codes and what each means.
#[rustfmt::skip]
pub const BBL_HALTS: [(u32, &str); 4] = [
    (0o102077, "end of tape: the program is loaded"),
    (0o102011, "checksum error (A = the sum on tape, B = the sum computed); RUN goes on with the next record"),
    (0o102055, "a record would overlay the loader in the protected top 64 words; nothing more is loaded"),
    (0o102000, "a word on tape differs from memory (compare mode), or a stored word did not stick; A = the word on tape; RUN goes on with the next word"),
];

/// Where each halt stands, in words from the loader's first address (as in HP's loader).
pub const BBL_HALT_AT: [(u32, u32); 4] = [
    (0o102077, 0o15),
    (0o102000, 0o40),
    (0o102011, 0o47),
    (0o102055, 0o51),
];

/// The loader's stop in words, for any halt but the normal end of tape, naming the record
/// when the tape in the reader shows which it is; `None` for the end of tape and for stops
/// that are not the loader's (not a halt, or not at the loader's place for its code).
pub fn words(stop: Stop, m: &Machine) -> Option<String> {
    let base = u32::from(m.loader_base());
    let Stop::Halt { code, at, .. } = stop else {
        return None;
    };
    let ours = BBL_HALT_AT
        .iter()
        .any(|&(c, k)| c == code && at == base + k);
    if code == 0o102077 || !ours {
        return None;
    }
    let (_, meaning) = BBL_HALTS.iter().find(|(c, _)| *c == code)?;
    let mut text = format!("loader: {meaning}");
    let records = m.cards.ptr.tape().map(tape::parse);
    match (code, records) {
        (0o102011, Some(Err(e))) => text.push_str(&format!("\ntape: {e}")),
        (0o102055, Some(Ok(records))) => {
            let over = records.iter().enumerate().find(|(_, r)| {
                u32::from(r.addr) + r.words.len() as u32 > base || u32::from(r.addr) >= base
            });
            if let Some((k, r)) = over {
                let n = r.words.len() as u32;
                text.push_str(&format!(
                    "\ntape: record {} ({n} word{} at {}) would overlay the loader at {:05o}-{:05o}",
                    k + 1,
                    if n == 1 { "" } else { "s" },
                    span(u32::from(r.addr), n),
                    base,
                    base + crate::LOADER_WORDS - 1
                ));
            }
        }
        _ => {}
    }
    Some(text)
}

/// `AAAAA` or `AAAAA-BBBBB`, the addresses of `n` words from `from`.
fn span(from: u32, n: u32) -> String {
    match n {
        0 | 1 => format!("{from:05o}"),
        n => format!("{from:05o}-{:05o}", from + n - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panel::Limit;
    use crate::{boot_ptr, Config};
    use hp2100_isa::tape::{write, Record};

    fn boot(records: &[Record]) -> (Stop, Machine) {
        let mut m = Machine::new(Config::default()).unwrap();
        m.cards.ptr.load(write(records, 20));
        let stop = boot_ptr(&mut m, Limit::seconds(10.0)).unwrap();
        (stop, m)
    }

    #[test]
    fn the_overlay_halt_names_the_record() {
        let ok = Record {
            addr: 0o100,
            words: vec![1, 2],
        };
        let over = Record {
            addr: 0o37770,
            words: vec![0; 10],
        };
        let (stop, m) = boot(&[ok, over]);
        assert_eq!(stop.halt_code(), Some(0o102055));
        assert_eq!(
            words(stop, &m).unwrap(),
            "loader: a record would overlay the loader in the protected top 64 words; nothing more is loaded\n\
             tape: record 2 (10 words at 37770-40001) would overlay the loader at 37700-37777"
        );
    }

    #[test]
    fn each_halt_stands_at_hps_address() {
        let words = crate::bbl_words();
        for &(code, k) in &BBL_HALT_AT {
            assert_eq!(u32::from(words[k as usize]), code, "+{k:o}");
        }
        let halts = words.iter().filter(|&&w| w & 0o172700 == 0o102000).count();
        assert_eq!(halts, BBL_HALT_AT.len(), "no other halt");
        // The end of tape at 16K: P = 37716, as HP's loader leaves it.
        let (stop, _) = boot(&[Record {
            addr: 0o100,
            words: vec![1],
        }]);
        assert_eq!(
            stop,
            Stop::Halt {
                code: 0o102077,
                at: 0o37715,
                p: 0o37716
            }
        );
    }

    #[test]
    fn the_end_of_tape_needs_no_words_and_every_other_halt_has_them() {
        let (stop, m) = boot(&[Record {
            addr: 0o100,
            words: vec![1],
        }]);
        assert_eq!(stop.halt_code(), Some(0o102077));
        assert_eq!(words(stop, &m), None);
        for (code, _) in &BBL_HALTS[1..] {
            let at = BBL_HALT_AT.iter().find(|h| h.0 == *code).unwrap().1 + 0o37700;
            let halt = Stop::Halt {
                code: *code,
                at,
                p: at + 1,
            };
            assert!(words(halt, &m).unwrap().starts_with("loader: "), "{code:o}");
        }
        for (code, at) in [(0o102001, 0o37710), (0o102011, 0o100), (0o102011, 0o37740)] {
            let other = Stop::Halt {
                code,
                at,
                p: at + 1,
            };
            assert_eq!(words(other, &m), None);
        }
    }
}
