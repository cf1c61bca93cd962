//! HP absolute binary paper tape: the format the Basic Binary Loader reads.
//!
//! ```text
//! leader   NUL frames (any number)
//! record   N (1-255 data words) | 0 | address hi | address lo | N words hi,lo | checksum hi,lo
//!          checksum = 16-bit sum of the address and the N words
//! ...      more records, NULs between them allowed
//! trailer  the loader stops after 10 consecutive NULs following a record
//! ```
//!
//! Sources: the project's `docs/hp2100a.md` §4.1 (from SIMH `sim_load` and the BBL in `pt.c`,
//! checked against nine HP diagnostic tapes). HP's own tapes use 57-word records plus a short
//! last one; [`write`] does the same.
//!
//! Implementation notes:
//!
//! 1. [`parse`] stops where the BBL stops (10 NULs after a record), not at the end of the
//!    file: archived tapes sometimes carry junk after the trailer.
//! 2. A tape that ends inside a record, or before any 10-NUL trailer, is an error naming the
//!    record; a loader reading a real photoreader would hang there.

/// One record: words to store from `addr` on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub addr: u16,
    pub words: Vec<u16>,
}

/// A fault in a tape, naming the record (counted from 1) and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TapeError {
    #[error(
        "record {record} (byte {offset}): checksum on tape {on_tape:06o}, computed {computed:06o}"
    )]
    Checksum {
        record: usize,
        offset: usize,
        on_tape: u16,
        computed: u16,
    },
    #[error("record {record} (byte {offset}): the tape ends inside the record")]
    Truncated { record: usize, offset: usize },
    #[error("the tape has no records")]
    Empty,
}

/// Words per record on HP's own tapes.
pub const HP_RECORD_WORDS: usize = 57;
/// NULs after a record that end the tape for the BBL.
pub const END_NULS: usize = 10;

/// Parse a tape as the BBL reads it (checksums verified).
///
/// # Errors
/// [`TapeError`] naming the record at fault.
pub fn parse(tape: &[u8]) -> Result<Vec<Record>, TapeError> {
    let mut records = Vec::new();
    let mut i = 0;
    let mut nuls = 0;
    while i < tape.len() {
        let n = tape[i] as usize;
        if n == 0 {
            nuls += 1;
            i += 1;
            if nuls >= END_NULS && !records.is_empty() {
                break;
            }
            continue;
        }
        nuls = 0;
        let record = records.len() + 1;
        let offset = i;
        let len = 4 + 2 * n + 2;
        if i + len > tape.len() {
            return Err(TapeError::Truncated { record, offset });
        }
        let word = |k: usize| u16::from(tape[i + k]) << 8 | u16::from(tape[i + k + 1]);
        let addr = word(2);
        let words: Vec<u16> = (0..n).map(|k| word(4 + 2 * k)).collect();
        let computed = words.iter().fold(addr, |s, &w| s.wrapping_add(w));
        let on_tape = word(4 + 2 * n);
        if on_tape != computed {
            return Err(TapeError::Checksum {
                record,
                offset,
                on_tape,
                computed,
            });
        }
        records.push(Record { addr, words });
        i += len;
    }
    if records.is_empty() {
        return Err(TapeError::Empty);
    }
    if nuls < END_NULS {
        // The BBL would go on reading; a file that stops short of the trailer is cut off.
        return Err(TapeError::Truncated {
            record: records.len() + 1,
            offset: tape.len(),
        });
    }
    Ok(records)
}

/// Write records as HP did: a leader of `leader` NULs, records of at most 57 words, and a
/// trailer of `leader` NULs (at least [`END_NULS`]).
pub fn write(records: &[Record], leader: usize) -> Vec<u8> {
    let mut out = vec![0u8; leader];
    for r in records {
        for (k, chunk) in r.words.chunks(HP_RECORD_WORDS).enumerate() {
            let addr = r.addr.wrapping_add((k * HP_RECORD_WORDS) as u16);
            out.push(chunk.len() as u8);
            out.push(0);
            out.extend(addr.to_be_bytes());
            let mut sum = addr;
            for &w in chunk {
                out.extend(w.to_be_bytes());
                sum = sum.wrapping_add(w);
            }
            out.extend(sum.to_be_bytes());
        }
    }
    out.extend(std::iter::repeat_n(0, leader.max(END_NULS)));
    out
}

/// Gather (address, word) pairs into records of consecutive addresses.
pub fn records_from_words(words: impl IntoIterator<Item = (u16, u16)>) -> Vec<Record> {
    let mut records: Vec<Record> = Vec::new();
    for (a, w) in words {
        match records.last_mut() {
            Some(r) if r.addr.wrapping_add(r.words.len() as u16) == a => r.words.push(w),
            _ => records.push(Record {
                addr: a,
                words: vec![w],
            }),
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip_splits_long_records() {
        let r = vec![
            Record {
                addr: 0o100,
                words: (0..130).collect(),
            },
            Record {
                addr: 2,
                words: vec![0o102077],
            },
        ];
        let tape = write(&r, 20);
        let back = parse(&tape).unwrap();
        assert_eq!(back.len(), 4);
        assert_eq!(back[0].words.len(), 57);
        assert_eq!(back[1].addr, 0o100 + 57);
        assert_eq!(
            back[3],
            Record {
                addr: 2,
                words: vec![0o102077]
            }
        );
    }

    #[test]
    fn bad_checksum_names_the_record() {
        let mut tape = write(
            &[
                Record {
                    addr: 0o100,
                    words: vec![1, 2, 3],
                },
                Record {
                    addr: 0o200,
                    words: vec![4],
                },
            ],
            10,
        );
        let second = 10 + 4 + 6 + 2;
        tape[second + 4] ^= 1;
        assert_eq!(
            parse(&tape),
            Err(TapeError::Checksum {
                record: 2,
                offset: second,
                on_tape: 0o200 + 4,
                computed: 0o200 + 4 + 256
            })
        );
    }

    #[test]
    fn junk_after_the_trailer_is_ignored() {
        let mut tape = write(
            &[Record {
                addr: 0o100,
                words: vec![7],
            }],
            10,
        );
        tape.extend([7, 7, 7]);
        assert_eq!(parse(&tape).unwrap().len(), 1);
    }

    #[test]
    fn truncation_is_reported() {
        let tape = write(
            &[Record {
                addr: 0o100,
                words: vec![7, 8],
            }],
            10,
        );
        assert_eq!(
            parse(&tape[..14]),
            Err(TapeError::Truncated {
                record: 1,
                offset: 10
            })
        );
        assert_eq!(parse(&[]), Err(TapeError::Empty));
    }

    proptest! {
        #[test]
        fn parse_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = parse(&bytes);
        }

        #[test]
        fn write_then_parse(words in proptest::collection::vec((0u16..0o40000, any::<u16>()), 1..200)) {
            let recs = records_from_words(words.clone());
            let back = parse(&write(&recs, 12)).unwrap();
            let flat: Vec<(u16, u16)> = back.iter().flat_map(|r| r.words.iter().enumerate().map(move |(k, &w)| (r.addr + k as u16, w))).collect();
            prop_assert_eq!(flat, words);
        }
    }
}
