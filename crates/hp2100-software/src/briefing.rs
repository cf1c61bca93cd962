//! What an operator beside the teletype says about HP BASIC: the `HELP` of `retro hp2100
//! basic` ([`teletype::OperatorSide`]), which leaves BASIC's own dialogue as it was (BASIC has
//! no `HELP` or `QUIT` command of its own).
//!
//! The commands and rules are those of `hpbasic.asm`'s command table and the shared README's
//! account of a session (a line ends with RETURN; every program needs an `END`).

use teletype::{Briefing, Prompt};

/// The operator's explanations: BASIC's two questions, `READY` and an `INPUT`'s `?`.
pub const BRIEFING: Briefing = Briefing {
    prompts: &[
        Prompt {
            text: "READY",
            help: Some(
                "BASIC IS READY FOR A COMMAND OR A NUMBERED PROGRAM LINE, E.G.\n\
                 10 PRINT SQR(2)   20 END   THEN RUN.\n\
                 COMMANDS: RUN, LIST, SCRATCH (ERASE THE PROGRAM), BYE (HALT),\n\
                 PTAPE (READ A PROGRAM FROM THE PHOTOREADER).\n\
                 A PROGRAM NEEDS AN END STATEMENT.  ANY KEY STOPS A RUNNING PROGRAM.\n\
                 QUIT STOPS THE MACHINE.",
            ),
        },
        Prompt {
            text: "?",
            help: Some(
                "THE PROGRAM ASKS FOR A NUMBER (AN INPUT STATEMENT): TYPE IT AND RETURN;\n\
                 SEVERAL NUMBERS ARE SEPARATED BY COMMAS.  QUIT STOPS THE MACHINE.",
            ),
        },
    ],
    general: "HP BASIC IS STARTING: AT READY IT TAKES COMMANDS AND PROGRAM LINES.\n\
              QUIT STOPS THE MACHINE.",
};

/// The lines `retro hp2100 basic` shows before the session, beside (not on) the paper.
pub const FIRST_WORDS: &str = "\
HP BASIC (20392, January 1970) on the 2100A, configured by HP's Prepare for 16K words.
At READY type numbered lines (10 PRINT SQR(2)), then RUN; LIST, SCRATCH, PTAPE, BYE.
The teletype has upper case only. HELP explains the question, QUIT stops the machine;
Ctrl-D ends the input.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explanations_fit_the_teletypes_line() {
        let helps = BRIEFING.prompts.iter().filter_map(|p| p.help);
        for text in helps.chain([BRIEFING.general]) {
            for l in text.lines() {
                assert!(l.len() <= 72, "{l}");
                assert_eq!(l, l.to_ascii_uppercase(), "{l}");
            }
        }
    }
}
