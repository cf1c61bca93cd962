//! The control statement, `ASMB,options`, the first line of an HP source (HP Extended
//! Assembler, `extasmb.asm`, its routine "TEST FOR CONTROL OPTIONS"):
//!
//! ```text
//! ASMB,A,B,L,T,N   comment     options in any order, separated by commas
//! ```
//!
//! | option | meaning |
//! |---|---|
//! | A | absolute assembly: an absolute binary tape (memory image) |
//! | R | relocatable assembly: NAM, ENT, EXT, DBL and END records for a relocating loader |
//! | B | punch the binary |
//! | L | list the program |
//! | T | list the symbol table |
//! | C | cross-reference the symbols |
//! | N, Z | assemble the `IFN` (resp. `IFZ`) sections up to their `XIF` |
//!
//! Implementation notes:
//!
//! 1. A source without a control statement is assembled as an absolute program with neither
//!    N nor Z (this assembler's own sources have none).
//! 2. Neither A nor R selects a relocatable assembly, as HP's assembler does (its absolute flag
//!    is set only by A); both are an error. B, L, T and C do not change the words assembled:
//!    the command line decides which files are written.

/// The options of a control statement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Control {
    /// A: absolute (else relocatable).
    pub absolute: bool,
    pub binary: bool,
    pub list: bool,
    pub table: bool,
    pub cross: bool,
    /// N: `IFN` sections are assembled.
    pub n: bool,
    /// Z: `IFZ` sections are assembled.
    pub z: bool,
}

impl Control {
    /// The options when a source has no control statement (note 1).
    pub fn absolute() -> Self {
        Control {
            absolute: true,
            binary: true,
            list: true,
            table: true,
            ..Control::default()
        }
    }
}

/// True when a line is a control statement.
pub(crate) fn is_control(line: &str) -> bool {
    line.starts_with("ASMB,") || line.trim_end() == "ASMB"
}

/// The options of a control statement line, or the column (0-based byte) and message of its
/// first fault.
pub(crate) fn parse(line: &str) -> Result<Control, (usize, usize, String)> {
    let body = &line[4..];
    let end = body.find([' ', '\t']).unwrap_or(body.len());
    let mut c = Control::default();
    let (mut a, mut r) = (false, false);
    let mut pos = 4;
    for opt in body[..end].split(',').skip(1) {
        let at = pos + 1;
        pos = at + opt.len();
        let flag = match opt {
            "A" => &mut a,
            "R" => &mut r,
            "B" => &mut c.binary,
            "L" => &mut c.list,
            "T" => &mut c.table,
            "C" => &mut c.cross,
            "N" => &mut c.n,
            "Z" => &mut c.z,
            _ => {
                return Err((
                    at,
                    at + opt.len().max(1),
                    format!("{opt:?} is not a control statement option (A R B L T C N Z)"),
                ))
            }
        };
        *flag = true;
    }
    if a && r {
        return Err((
            4,
            4 + end,
            "A (absolute) and R (relocatable) both given".into(),
        ));
    }
    c.absolute = a;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let c = parse("ASMB,A,B,L,T,N   comment").unwrap();
        assert!(c.absolute && c.binary && c.list && c.table && c.n && !c.z && !c.cross);
        let c = parse("ASMB,R,B,L,T,C,Z").unwrap();
        assert!(!c.absolute && c.cross && c.z);
        assert!(!parse("ASMB,B").unwrap().absolute);
        assert_eq!(parse("ASMB,A,Q").unwrap_err().0, 7);
        assert!(parse("ASMB,A,R").is_err());
        assert!(is_control("ASMB,A") && !is_control("ASMBX STA EFLAG"));
    }
}
