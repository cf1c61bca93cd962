//! The guided tour of the classifier in the stepping debugger (docs/lgame.md).

use lgame_t3300::step::{self, TOUR};
use t3300::Config;
use teletype::Scripted;

#[test]
fn the_guided_tour() {
    let t = step::run_script(Scripted::new(), Config::default(), TOUR.as_bytes()).unwrap();
    let has = |s: &str| assert!(t.contains(s), "the tour lacks '{s}':\n{t}");
    // Stopped at the start, with the program's labels.
    assert!(t.starts_with("=> 01000  51"), "{t}");
    has("+lgame+ jsr   +init+");
    // The paper's +form+ as the program holds it.
    has("+form+ oct.  00164000");
    // The +form+ look-up in mtol, reached and stepped.
    has("breakpoint at ");
    has("+look+ ske   +form+,1");
    has("X1 00030");
    has("+am+   hlt   013400");
    has("+mtl1+ axi   1,1");
    // The search ends at p(B) = 033: l(B) = 3, O(B) = 3, turned into P0 (fred(4) = 0350).
    has("X1 00033");
    has("lda   +symc+,1");
    has("A 00000350");
    // The level counter changes when extension 3 begins; the counts of level 0.
    has("(+lev+): 00000000 -> 00000001");
    has("+ext+  hlt   03");
    has("+bbar+ hlt   017");
    has("+fbar+ hlt   01400");
    assert!(t.trim_end().ends_with("> quit"), "{t}");
}

#[test]
fn bad_commands_are_answered() {
    let t = step::run_script(
        Scripted::new(),
        Config::default(),
        "break +nowhere+\nx\nfly\nstep 2\nquit\n".as_bytes(),
    )
    .unwrap();
    assert!(t.contains("> fly"), "{t}");
    assert!(t.contains("+lgame+ jsr   +init+"), "{t}");
}
