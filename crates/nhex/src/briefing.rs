//! What an operator beside the teletype says about NHEX's questions: the `HELP` of
//! `retro hex play` ([`teletype::OperatorSide`]), which leaves the 1975 dialogue as it was.
//!
//! The questions are the program's (module [`crate::dialogue`], the logs' strings); the
//! answers say what the logs and the paper say they mean (docs/nhex.md, "dialogue"). A reply
//! such as MOICHIDO TADASHIKU KEY-IN SEYO is not a question: `HELP` after it explains the
//! question it repeats.

use crate::dialogue::msg;
use teletype::{Briefing, Prompt};

/// The operator's explanations, one per question NHEX asks.
pub const BRIEFING: Briefing = Briefing {
    prompts: &[
        Prompt {
            text: msg::KEY_IN,
            help: Some(
                "\"KEY IN A 2-DIGIT NUMBER\": TYPE ANY TWO DIGITS, E.G. 12, THEN RETURN.\n\
                 THE NUMBER CHANGES NOTHING IN THE GAME.  QUIT STOPS THE MACHINE.",
            ),
        },
        Prompt {
            text: msg::SENTE_WA,
            help: Some(
                "\"WHO MOVES FIRST? YOU=00 ME=99\": 00, YOU MOVE FIRST; 99, NHEX DOES.\n\
                 YOU JOIN THE LEFT AND RIGHT SIDES, NHEX THE TOP AND BOTTOM ROWS.",
            ),
        },
        Prompt {
            text: msg::ANATA_NO_TE_WA,
            help: Some(
                "\"YOUR MOVE?\": A CELL AS UUVV, TWO DIGITS OF ITS COLUMN U, THEN TWO OF\n\
                 ITS ROW V, EACH 01 TO 08: 0405 IS COLUMN 4, ROW 5; 0101 THE TOP LEFT.\n\
                 YOU JOIN THE LEFT AND RIGHT SIDES (U=01 AND U=08), NHEX THE TOP AND\n\
                 BOTTOM ROWS (V=01 AND V=08).  QUIT STOPS THE MACHINE.",
            ),
        },
        Prompt {
            text: msg::MOICHIDO_SURU,
            help: Some("\"ONCE MORE? YES=00 NO=99\": 00 PLAYS ANOTHER GAME, 99 ENDS THE PROGRAM."),
        },
    ],
    general: "NHEX IS STARTING: IT WILL ASK FOR A 2-DIGIT NUMBER.  QUIT STOPS THE MACHINE.",
};

/// The lines `retro hex play` shows before the session, beside (not on) the paper.
pub const FIRST_WORDS: &str = "\
NHEX (1975) at the teletype. Its first question, 2-KETA NO KAZU O KEY-IN SEYO, asks for any
two digits (they change nothing); SENTE WA? asks who moves first (00 you, 99 NHEX). A move is
uuvv, column then row, 01-08; you join left and right, NHEX top and bottom.
HELP at any question explains it, QUIT stops the machine; Ctrl-D ends the input.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_question_is_explained_in_lines_the_teletype_prints() {
        assert_eq!(BRIEFING.prompts.len(), 4);
        for p in BRIEFING.prompts {
            let help = p.help.expect("the operator answers every question");
            for l in help.lines() {
                assert!(l.len() <= 72, "{l}");
                assert_eq!(l, l.to_ascii_uppercase(), "the teletype prints upper case");
            }
        }
        assert!(FIRST_WORDS.contains(msg::KEY_IN));
    }
}
