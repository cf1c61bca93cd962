//! What an operator beside the T3300-R's typewriter says about LGM's questions: the `HELP` and
//! `QUIT` of `retro lgame play` ([`teletype::OperatorSide`]), which leave LGM's own dialogue
//! (`asm/t3300/lgm.asm`) as it is.
//!
//! LGM answers `HELP` in a game itself (the move notation), so at a move prompt the operator
//! lets it through; at the questions before and after a game, which LGM does not explain, the
//! operator does. `QUIT` at any prompt stops the machine at once.

use teletype::{Briefing, Prompt};

/// The operator's explanations of LGM's questions (texts as `asm/t3300/lgm.asm` prints them).
pub const LGM: Briefing = Briefing {
    prompts: &[
        Prompt {
            text: "RED: A PERSON OR THE COMPUTER (H OR C)? ",
            help: Some(
                "H: A PERSON AT THIS TYPEWRITER PLAYS RED (RED MOVES FIRST); C: LGM.\n\
                 THEN THE SAME FOR BLUE.  QUIT STOPS THE MACHINE.",
            ),
        },
        Prompt {
            text: "BLUE: A PERSON OR THE COMPUTER (H OR C)? ",
            help: Some("H: A PERSON PLAYS BLUE; C: LGM DOES.  QUIT STOPS THE MACHINE."),
        },
        Prompt {
            text: "START (RETURN: THE PAPER'S, OR 4 ROWS OF R B N O)? ",
            help: Some(
                "RETURN ALONE STARTS FROM THE PAPER'S POSITION.  OR TYPE THE BOARD AS 4\n\
                 ROWS OF 4 LETTERS, TOP ROW FIRST, ROWS SEPARATED BY /: R RED'S L, B\n\
                 BLUE'S L, N A NEUTRAL, O EMPTY: NBBO/ORBO/ORBO/ORRN IS THE PAPER'S.",
            ),
        },
        Prompt {
            text: ", RED: ",
            help: None,
        },
        Prompt {
            text: ", BLUE: ",
            help: None,
        },
        Prompt {
            text: "NEW GAME (Y OR N)? ",
            help: Some("Y: ANOTHER GAME (THE QUESTIONS AGAIN); N: END OF LGM."),
        },
    ],
    general: "LGM IS STARTING: IT READS THE CLASSIFICATION TAPE, THEN ASKS WHO PLAYS.",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_questions_are_lgms_and_the_answers_fit_the_paper() {
        let source = include_str!("../../../asm/t3300/lgm.asm");
        for p in LGM.prompts {
            let text = p.text.trim_start_matches(", ").replace('\'', "''");
            assert!(source.contains(&text), "{text}");
            for l in p.help.unwrap_or("").lines() {
                assert!(l.len() <= 72 && l == l.to_ascii_uppercase(), "{l}");
            }
        }
    }
}
