//! The classifier in the stepping debugger (`machine_core::Debugger` over the T3300-R), with
//! the program's `+labels+` loaded, and the guided tour of `docs/lgame.md` as a script.
//!
//! The tour ([`TOUR`]) looks at the paper's `+form+`, stops at the `+form+` look-up in
//! `+mtol+` (`+look+`, where O(B) is found from l(B)), steps it, follows the mover's L being
//! turned to P0, then watches the level counter `+lev+` change from 0 to 1 (extension 3
//! begins) and reads the counts of level 0.
//!
//! Notes:
//!
//! 1. The debugger executes instruction by instruction, checking breakpoints and watches, so
//!    it is far slower than a free run; the tour runs through two extension passes (about ten
//!    million instructions, well under a second).

use crate::classifier::{self, Error};
use machine_core::Debugger;
use std::io::BufRead;
use t3300::{Config, Machine};
use teletype::TtyHost;

/// The guided tour (debugger commands, one a line; `#` lines are comments the transcript shows).
pub const TOUR: &str = "\
# The classifier asm/t3300/lgame.asm, loaded and stopped at its first instruction.
# The paper's +form+ (appendix): 8 words for each first cell l, one per orientation O.
x +form+ 8
# +mtol+ turns a position into its l-type. First it finds O(B) of the mover's L
# in the row of +form+ for l(B). Break at that look-up and run to it.
break +look+
continue
# X1 = 8 l(B): l(B) = 3. The mover's L, the other L and the neutrals:
regs
x +am+ 3
# The row of l = 3. The look-up skips when form(p) = +am+:
x +form++030 4
step 4
# Run on to the end of the search: X1 = p(B) = 8 l(B) + O(B).
nobreak +look+
break +mtl2+
continue
regs
# O(B) = p mod 8 picks the symmetry code in +symc+; +map+ turns the L to P0.
step 6
next
regs
# Now watch the level counter +lev+: it changes when extension 3 (B_1) begins.
nobreak +mtl2+
watch +lev+
continue
x +ext+ 2
# The counts of level 0: |Bbar_0| = 017 = 15, |Fbar_0| = 01400 = 768 (octal).
x +bbar+ 1
x +fbar+ 1
time
quit
";

/// The classifier on a machine whose typewriter is `host`, in the debugger with its symbols.
pub fn debugger<H: TtyHost + 'static>(host: H, config: Config) -> Result<Debugger<Machine>, Error> {
    let a = classifier::assemble()?;
    let mut m = Machine::new(config, host);
    m.set_trace_symbols(a.labels());
    m.load(&a.image)?;
    let mut d = Debugger::new(m);
    d.set_symbols(a.labels());
    Ok(d)
}

/// Run debugger commands from `script` (echoed) on the classifier; the transcript.
pub fn run_script<H: TtyHost + 'static>(
    host: H,
    config: Config,
    script: impl BufRead,
) -> Result<String, Error> {
    let mut d = debugger(host, config)?;
    let mut out = Vec::new();
    // Writing to a Vec cannot fail; a failure to read the script ends it.
    let _ = d.script(script, &mut out);
    Ok(String::from_utf8_lossy(&out).into_owned())
}
