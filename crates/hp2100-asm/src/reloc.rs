//! Relocatable programs: what a word's value is relative to, and HP's relocatable tape — the
//! records the Extended Assembler punches under `ASMB,R` and HP's relocating loaders (BCS's
//! 20018, DOS-M's LOADR) read. The format is derived from the assembler's source
//! (`extasmb.asm`: `PBUF`, `BREC`, `PNCH`, `ENEXT`, `NMP`) and checked against the tapes it
//! punched (`tests/hp_sources.rs`).
//!
//! A record is a run of 16-bit words, each punched as two frames, high byte first; feed frames
//! (zeros) come before, between and after records. Every record has this head:
//!
//! ```text
//! word 1  length in words << 8             (the first frame is the length)
//! word 2  type << 13 | what the type says  (type 1 NAM, 2 ENT, 3 DBL, 4 EXT, 5 END)
//! word 3  checksum: the 16-bit sum of word 2 and words 4 to the end
//! ```
//!
//! | record | word 2 (below the type) | then |
//! |---|---|---|
//! | NAM (17 words) | 0 | name (5 characters and a blank, 3 words), program length, base-page length, common length, 0, 99, six zeros |
//! | ENT | number of entries (at most 14) | per entry: name (5 characters, 3rd word's low byte 0 = program, 1 = base page), value |
//! | EXT | number of externals (at most 19) | per external: name (5 characters, 3rd word's low byte its ordinal, 1 up) |
//! | DBL | 100B for program code (0 for base page), + number of items | load address, then groups of a relocation word and up to 5 items |
//! | END (4 words) | 1 if a start address follows (relocatable: bit 0 = program) | start address, or 0 |
//!
//! A DBL item is one word, or two for a memory-reference instruction whose operand the
//! loader must place. The relocation word holds a 3-bit indicator per item, the first in bits
//! 15-13 (bit 0 unused):
//!
//! | indicator | item |
//! |---|---|
//! | 0 | absolute word |
//! | 1, 2, 3 | a word relative to the program, base page, common |
//! | 4 | instruction (C bit set for a memory reference) or word naming an external by its ordinal in bits 9-0 |
//! | 5 | two words: instruction with 2000B for a program-relative operand or 1 for a base-page one, then the operand's relative address |
//!
//! A DBL record ends where the load address jumps (`ORG`, `BSS`, `ORB`, `ORR`, `END`) or when
//! its words fill the assembler's buffer (54 words of items, a full relocation word counting
//! one, as `BREC` counts them). ENT and EXT entries come in the order of HP's symbol table:
//! by the name's length in words (1, 2-3, 4-5 characters), then its characters.

use std::fmt;

/// What a value is relative to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rel {
    #[default]
    Absolute,
    Program,
    BasePage,
    Common,
    /// An external symbol, by its ordinal (1 up).
    External(u16),
}

impl Rel {
    /// The letter HP's listing shows after a relocatable value.
    pub fn letter(self) -> char {
        match self {
            Rel::Absolute => ' ',
            Rel::Program => 'R',
            Rel::BasePage => 'B',
            Rel::Common => 'C',
            Rel::External(_) => 'X',
        }
    }
}

/// One item of the program's code: where it goes and how the loader treats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Relative address (within the program, or the base page).
    pub at: u16,
    /// True for the base page.
    pub base: bool,
    /// It begins a new DBL record (the assembler punched the record before it).
    pub fresh: bool,
    pub kind: ItemKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A word with its relocation (`Rel::External`: the word's low bits hold the ordinal).
    Word(u16, Rel),
    /// A memory-reference instruction (opcode and indirect bit) and its relocatable operand.
    MemRef(u16, u16, Rel),
}

/// Record types.
pub const NAM: u16 = 1;
pub const ENT: u16 = 2;
pub const DBL: u16 = 3;
pub const EXT: u16 = 4;
pub const END: u16 = 5;

/// Entries per ENT and EXT record.
pub const ENT_PER_RECORD: usize = 14;
pub const EXT_PER_RECORD: usize = 19;
/// Words a DBL record's items may take (`BREC`'s count).
pub const DBL_WORDS: i32 = 54;

/// A relocatable program's records, ready to punch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub name: String,
    pub program_length: u16,
    pub base_length: u16,
    pub common_length: u16,
    /// (name, value, on the base page).
    pub entries: Vec<(String, u16, bool)>,
    /// (name, ordinal).
    pub externals: Vec<(String, u16)>,
    pub items: Vec<Item>,
    /// The start address (program-relative).
    pub start: Option<u16>,
}

/// Five characters (blank-padded) in three words; the third word's low byte is `low`.
fn name_words(name: &str, low: u8) -> [u16; 3] {
    let mut b = [b' '; 6];
    for (k, c) in name.bytes().take(5).enumerate() {
        b[k] = c;
    }
    b[5] = low;
    [
        u16::from(b[0]) << 8 | u16::from(b[1]),
        u16::from(b[2]) << 8 | u16::from(b[3]),
        u16::from(b[4]) << 8 | u16::from(b[5]),
    ]
}

/// HP's symbol-table order for ENT and EXT records.
pub fn table_order(name: &str) -> (usize, Vec<u8>) {
    (name.len().min(5) / 2, name.bytes().collect())
}

/// A record from its type word and body: length and checksum filled in.
pub fn record(id: u16, body: &[u16]) -> Vec<u16> {
    let mut r = vec![((body.len() as u16 + 3) << 8), id, 0];
    r.extend_from_slice(body);
    r[2] = checksum(&r);
    r
}

/// The checksum of a record: word 2 plus words 4 on.
pub fn checksum(r: &[u16]) -> u16 {
    r.iter()
        .enumerate()
        .filter(|(k, _)| *k == 1 || *k >= 3)
        .fold(0u16, |s, (_, &w)| s.wrapping_add(w))
}

impl Program {
    /// The records HP's assembler punches for this program, in order.
    pub fn records(&self) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        let mut nam = name_words(&self.name, b' ').to_vec();
        nam.extend([
            self.program_length,
            self.base_length,
            self.common_length,
            0,
            99,
            0,
            0,
            0,
            0,
            0,
            0,
        ]);
        out.push(record(NAM << 13, &nam));
        let mut ents = self.entries.clone();
        ents.sort_by_key(|e| table_order(&e.0));
        for chunk in ents.chunks(ENT_PER_RECORD) {
            let mut body = Vec::new();
            for (n, v, base) in chunk {
                body.extend(name_words(n, u8::from(*base)));
                body.push(*v);
            }
            out.push(record(ENT << 13 | chunk.len() as u16, &body));
        }
        let mut exts = self.externals.clone();
        exts.sort_by_key(|e| table_order(&e.0));
        for chunk in exts.chunks(EXT_PER_RECORD) {
            let body: Vec<u16> = chunk
                .iter()
                .flat_map(|(n, o)| name_words(n, *o as u8))
                .collect();
            out.push(record(EXT << 13 | chunk.len() as u16, &body));
        }
        out.extend(dbl_records(&self.items));
        let end = match self.start {
            Some(s) => record(END << 13 | 1, &[s]),
            None => record(END << 13, &[0]),
        };
        out.push(end);
        out
    }
}

/// The indicator and words of an item.
fn item_words(k: ItemKind) -> (u16, Vec<u16>) {
    match k {
        ItemKind::Word(w, r) => (
            match r {
                Rel::Absolute => 0,
                Rel::Program => 1,
                Rel::BasePage => 2,
                Rel::Common => 3,
                Rel::External(_) => 4,
            },
            vec![w],
        ),
        ItemKind::MemRef(w, op, r) => {
            let flag = match r {
                Rel::BasePage => 1,
                Rel::Common => 2,
                _ => 0o2000,
            };
            (5, vec![w | flag, op])
        }
    }
}

/// DBL records for the items, as `BREC` fills its buffer.
fn dbl_records(items: &[Item]) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < items.len() {
        let first = items[k];
        let mut body = vec![first.at];
        let mut count: u16 = 0;
        let mut room = -DBL_WORDS;
        let mut group = 0usize; // index in body of the open relocation word
        let mut in_group = 0;
        let mut next_at = first.at;
        while k < items.len() {
            let it = items[k];
            if it.at != next_at || it.base != first.base || (it.fresh && count > 0) {
                break;
            }
            if in_group == 0 {
                group = body.len();
                body.push(0);
            }
            let (ind, words) = item_words(it.kind);
            body[group] = body[group] << 3 | ind;
            in_group += 1;
            count += 1;
            if in_group == 5 {
                in_group = 0;
                body[group] <<= 1;
                if room + 1 != 0 {
                    room += 1;
                }
            }
            body.extend(&words);
            room += words.len() as i32;
            next_at = next_at.wrapping_add(1);
            k += 1;
            if room >= 0 {
                break;
            }
        }
        if in_group != 0 {
            body[group] <<= 3 * (5 - in_group) + 1;
        }
        let id = DBL << 13 | if first.base { 0 } else { 0o100 } | count;
        out.push(record(id, &body));
    }
    out
}

/// A fault of a relocatable tape, naming the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeError {
    /// 1-based record number.
    pub record: usize,
    /// Byte offset of the record on the tape.
    pub offset: usize,
    pub what: String,
}

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "record {} (byte {}): {}",
            self.record, self.offset, self.what
        )
    }
}

/// The records of a relocatable tape, each checked (length, type, checksum).
///
/// # Errors
/// The first damaged record: cut short, of no known type, or with a wrong checksum.
pub fn parse(bytes: &[u8]) -> Result<Vec<Vec<u16>>, TapeError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0 {
            i += 1;
            continue;
        }
        let n = usize::from(bytes[i]);
        let err = |what: String| TapeError {
            record: out.len() + 1,
            offset: i,
            what,
        };
        if n < 3 {
            return Err(err(format!(
                "length {n} is shorter than a record's head (3 words)"
            )));
        }
        if i + 2 * n > bytes.len() {
            return Err(err(format!(
                "length {n} words, but the tape ends after {} bytes",
                bytes.len() - i
            )));
        }
        let r: Vec<u16> = (0..n)
            .map(|k| u16::from(bytes[i + 2 * k]) << 8 | u16::from(bytes[i + 2 * k + 1]))
            .collect();
        if r[0] & 0o377 != 0 {
            return Err(err(format!(
                "word 1 is {:06o}: its low byte is not 0",
                r[0]
            )));
        }
        let ty = r[1] >> 13;
        if !(NAM..=END).contains(&ty) {
            return Err(err(format!(
                "type {ty} (word 2 {:06o}) is not NAM, ENT, DBL, EXT or END",
                r[1]
            )));
        }
        let sum = checksum(&r);
        if sum != r[2] {
            return Err(err(format!(
                "checksum on tape {:06o}, computed {sum:06o}",
                r[2]
            )));
        }
        out.push(r);
        i += 2 * n;
    }
    // A program's records run from its NAM to its END.
    let mut open: Option<usize> = None;
    for (k, r) in out.iter().enumerate() {
        match r[1] >> 13 {
            NAM => open = Some(k),
            END => open = None,
            _ => {}
        }
    }
    if let Some(k) = open {
        return Err(TapeError {
            record: out.len(),
            offset: bytes.len(),
            what: format!(
                "the tape ends with no END record for the program begun by record {}",
                k + 1
            ),
        });
    }
    Ok(out)
}

/// Frames of feed between records (as HP's punch driver leaves them).
pub const GAP: usize = 4;

/// Records punched as a tape: leader, records with feed between them, trailer.
pub fn write(records: &[Vec<u16>], leader: usize) -> Vec<u8> {
    let mut out = vec![0; leader];
    for (k, r) in records.iter().enumerate() {
        if k > 0 {
            out.extend([0; GAP]);
        }
        for w in r {
            out.extend(w.to_be_bytes());
        }
    }
    out.extend(vec![0; leader]);
    out
}

/// Five characters of a name from three words.
fn name_of(w: &[u16]) -> String {
    let mut s = String::new();
    for (k, &x) in w.iter().enumerate() {
        s.push(char::from((x >> 8) as u8));
        if k < 2 {
            s.push(char::from((x & 0o377) as u8));
        }
    }
    s.trim_end().to_string()
}

/// A record as one line of text: its type, what it says, its words in octal.
pub fn describe(r: &[u16]) -> String {
    let ty = r[1] >> 13;
    let words: Vec<String> = r.iter().map(|w| format!("{w:06o}")).collect();
    let what = match ty {
        NAM if r.len() >= 9 => format!(
            "NAM {} program {:o} base page {:o} common {:o}",
            name_of(&r[3..6]),
            r[6],
            r[7],
            r[8]
        ),
        ENT => {
            let e: Vec<String> = r[3..]
                .chunks(4)
                .filter(|c| c.len() == 4)
                .map(|c| {
                    format!(
                        "{}={:o}{}",
                        name_of(&c[..3]),
                        c[3],
                        if c[2] & 0o377 == 1 { "B" } else { "R" }
                    )
                })
                .collect();
            format!("ENT {}", e.join(" "))
        }
        EXT => {
            let e: Vec<String> = r[3..]
                .chunks(3)
                .filter(|c| c.len() == 3)
                .map(|c| format!("{}#{}", name_of(c), c[2] & 0o377))
                .collect();
            format!("EXT {}", e.join(" "))
        }
        DBL if r.len() >= 4 => format!(
            "DBL {} at {:o}, {} items",
            if r[1] & 0o100 != 0 {
                "program"
            } else {
                "base page"
            },
            r[3],
            r[1] & 0o77
        ),
        END => match (r[1] & 1, r.get(3)) {
            (1, Some(s)) => format!("END start {s:o}"),
            _ => "END".to_string(),
        },
        _ => "?".to_string(),
    };
    format!("{what}\n    {}", words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_damage_is_named() {
        let p = Program {
            name: "D.02".into(),
            program_length: 3,
            base_length: 0,
            common_length: 0,
            entries: vec![("D.02".into(), 0, false)],
            externals: vec![(".BUFR".into(), 1)],
            items: vec![
                Item {
                    at: 0,
                    base: false,
                    fresh: false,
                    kind: ItemKind::Word(0, Rel::Absolute),
                },
                Item {
                    at: 1,
                    base: false,
                    fresh: false,
                    kind: ItemKind::MemRef(0o070000, 0o257, Rel::Program),
                },
                Item {
                    at: 2,
                    base: false,
                    fresh: false,
                    kind: ItemKind::Word(0o014001, Rel::External(1)),
                },
            ],
            start: None,
        };
        let recs = p.records();
        assert_eq!(recs[0][..3], [0o010400, 0o020000, recs[0][2]]);
        assert_eq!(
            recs[2],
            vec![0o003000, 0o100001, 0o052612, 0o027102, 0o052506, 0o051001]
        );
        // DBL: load address 0, one relocation word 0 5 4 (first in bits 15-13).
        assert_eq!(recs[3][1], 0o060103);
        assert_eq!(recs[3][4], 0o013000);
        assert_eq!(recs[4], vec![0o002000, 0o120000, 0o120000, 0]);
        let tape = write(&recs, 10);
        assert_eq!(parse(&tape).unwrap(), recs);
        let mut bad = tape.clone();
        bad[10 + 8] ^= 1;
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.record, 1);
        assert!(e.to_string().contains("checksum"), "{e}");
        let cut = &tape[..tape.len() - 13];
        assert!(parse(cut).unwrap_err().what.contains("tape ends"));
        let no_end = write(&recs[..4], 10);
        let e = parse(&no_end).unwrap_err();
        assert!(e.what.contains("no END"), "{e}");
    }
}
