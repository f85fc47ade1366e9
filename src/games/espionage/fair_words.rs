//! What a game the phones referee says in words, in the page's language (issue 42): a kept
//! game that could not be read back, a player whose device broke the rules, a frame that
//! changed nothing, a refused action.

use intrigue_core::games::espionage::fair::{Breach, Broke, Refused};
use intrigue_core::games::espionage::fair_session::Trouble;

use crate::reasons::Reason;

/// How a player's phone broke the rules, and who wins for it, in the page's language.
pub(super) fn broke_words(broke: &Broke, names: &[String]) -> String {
    let es = crate::i18n::es();
    let why = match (&broke.breach, es) {
        (Breach::OutOfOrder, false) => "it said something out of turn",
        (Breach::OutOfOrder, true) => "dijo algo fuera de su turno",
        (Breach::SetUpNotAsSealed, false) => "it showed another set-up than the one it sealed",
        (Breach::SetUpNotAsSealed, true) => "mostró otro despliegue que el que había sellado",
        (Breach::WrongOpening, false) => "it opened a piece as something it was not",
        (Breach::WrongOpening, true) => "abrió una pieza como algo que no era",
        (Breach::NotWhatWasAsked, false) => "it opened another piece than the rules asked for",
        (Breach::NotWhatWasAsked, true) => "abrió otra pieza que la que pedían las reglas",
        (Breach::Illegal(_), false) => "it made a move the rules do not allow",
        (Breach::Illegal(_), true) => "hizo un movimiento que las reglas no permiten",
        (Breach::WrongAsk, false) => "it asked to see pieces its spies do not unmask",
        (Breach::WrongAsk, true) => "pidió ver piezas que sus espías no desenmascaran",
        (Breach::FalseNoMove, false) => "it said it had no move when it had one",
        (Breach::FalseNoMove, true) => "dijo que no tenía movimiento cuando sí lo tenía",
        (Breach::NotAnArmy, false) => "the army it showed at the end is not the army of the rules",
        (Breach::NotAnArmy, true) => "el ejército que mostró al final no es el de las reglas",
        (Breach::WouldNotAnswer, false) => "it did not answer",
        (Breach::WouldNotAnswer, true) => "no respondió",
        (Breach::Rewrote, false) => "it passed the game on otherwise than it had before",
        (Breach::Rewrote, true) => "transmitió la partida de otra manera que antes",
    };
    crate::games::fair::named_words(broke.seat, names, why)
}

pub(super) fn trouble_words(trouble: Trouble) -> String {
    match trouble {
        Trouble::Garbled(e) => trf!(
            "A message from the other device could not be read{}: nothing was played.",
            "No se pudo leer un mensaje del otro dispositivo{}: no se jugó nada.",
            crate::i18n::because(&e.to_string())
        ),
        Trouble::OtherGame => tr!(
            "The other device is in another game: nothing was played.",
            "El otro dispositivo está en otra partida: no se jugó nada."
        )
        .to_string(),
        Trouble::Refused(_) => tr!(
            "The host's device did not pass on what this phone said.",
            "El dispositivo anfitrión no transmitió lo que dijo este teléfono."
        )
        .to_string(),
        Trouble::NotDealt => tr!(
            "A message came before the game was dealt: nothing was played.",
            "Llegó un mensaje antes de repartir la partida: no se jugó nada."
        )
        .to_string(),
    }
}

pub(super) fn refused_words(refused: Refused) -> String {
    match refused {
        Refused::Rules(illegal) => illegal.words(),
        Refused::Waiting => tr!(
            "The other phone has still to answer the move being made.",
            "El otro teléfono aún tiene que responder al movimiento."
        )
        .to_string(),
        Refused::NotYourTurn => tr!("It is the other player's turn.", "Es el turno del otro jugador.")
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of breaking the rules is said in both languages, naming the player whose
    /// device broke them and the one the game goes to, each breach in its own words.
    #[test]
    fn a_broken_rule_is_said_in_both_languages_with_both_names() {
        use crate::i18n::{Lang, speak};
        let names = vec!["Ana".to_string(), "Bruno".to_string()];
        let breaches = [
            Breach::OutOfOrder,
            Breach::SetUpNotAsSealed,
            Breach::WrongOpening,
            Breach::NotWhatWasAsked,
            Breach::WrongAsk,
            Breach::FalseNoMove,
            Breach::NotAnArmy,
            Breach::WouldNotAnswer,
            Breach::Rewrote,
        ];
        for lang in [Lang::En, Lang::Es] {
            speak(lang);
            let mut said: Vec<String> = breaches
                .iter()
                .map(|breach| {
                    let words = broke_words(&Broke { seat: 1, breach: breach.clone() }, &names);
                    let (by, to) = if lang == Lang::Es {
                        ("El teléfono de Bruno rompió las reglas: ", "La partida es para Ana.")
                    } else {
                        ("Bruno's phone broke the rules: ", "The game goes to Ana.")
                    };
                    assert!(words.starts_with(by) && words.ends_with(to), "{words}");
                    words
                })
                .collect();
            let words = broke_words(&Broke { seat: 0, breach: Breach::WrongAsk }, &names);
            assert!(words.contains("Ana") && words.ends_with("Bruno."), "{words}");
            said.sort();
            said.dedup();
            assert_eq!(said.len(), breaches.len(), "two breaches said alike");
        }
        speak(Lang::En);
        assert!(trouble_words(Trouble::OtherGame).contains("another game"));
        speak(Lang::Es);
        assert!(trouble_words(Trouble::OtherGame).contains("otra partida"));
        speak(Lang::En);
    }
}
