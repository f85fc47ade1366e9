//! What a deckbuilder game on two phones says in words, in the page's language (issue 42):
//! a player whose phone broke the rules, a frame that changed nothing, an action refused.

use intrigue_core::games::deckbuilder::fair::{Breach, Broke, Refused};
use intrigue_core::games::deckbuilder::fair_session::Trouble;

use crate::reasons::Reason;

/// How a player's phone broke the rules, and who wins for it, in the page's language.
pub(super) fn broke_words(broke: &Broke, names: &[String]) -> String {
    let es = crate::i18n::es();
    let why = match (&broke.breach, es) {
        (Breach::OutOfOrder, false) => "it said something out of turn",
        (Breach::OutOfOrder, true) => "dijo algo fuera de su turno",
        (Breach::WrongLink, false) => "its share of a draw was not the one it had sealed at the start",
        (Breach::WrongLink, true) => "su parte de un robo no era la que había sellado al empezar",
        (Breach::WrongOpening, false) => "it played a card that was not in its hand",
        (Breach::WrongOpening, true) => "jugó una carta que no estaba en su mano",
        (Breach::WrongShuffle, false) => "it shuffled more or fewer cards than its discard pile held",
        (Breach::WrongShuffle, true) => "barajó más o menos cartas de las que tenía su pila de descartes",
        (Breach::Illegal(_), false) => "it played what the rules do not allow",
        (Breach::Illegal(_), true) => "jugó algo que las reglas no permiten",
        (Breach::NotInDeck, false) => "it played a card its deck does not hold so many of",
        (Breach::NotInDeck, true) => "jugó una carta de la que su mazo no tiene tantas",
        (Breach::Forged, false) => "it passed the game on otherwise than it was played",
        (Breach::Forged, true) => "transmitió la partida de otra manera que como se jugó",
        (Breach::WrongFirstHand, false) => "its first hand was not the starting deck",
        (Breach::WrongFirstHand, true) => "su primera mano no era el mazo inicial",
        (Breach::ShuffleChanged, false) => "a shuffle of its deck put in other cards than its discard pile's",
        (Breach::ShuffleChanged, true) => "al barajar su mazo metió otras cartas que las de su pila de descartes",
        (Breach::WouldNotAnswer, false) => "it did not answer",
        (Breach::WouldNotAnswer, true) => "no respondió",
    };
    crate::games::fair::named_words(broke.seat, names, why)
}

pub(super) fn trouble_words(trouble: Trouble) -> String {
    match trouble {
        Trouble::Garbled(e) => trf!(
            "A message from the other phone could not be read{}: nothing was played.",
            "No se pudo leer un mensaje del otro teléfono{}: no se jugó nada.",
            crate::i18n::because(&e.to_string())
        ),
        Trouble::OtherGame => tr!(
            "The other phone is in another game: nothing was played. To join that one, forget this phone's game below.",
            "El otro teléfono está en otra partida: no se jugó nada. Para unirte a esa, olvida abajo la partida de este teléfono."
        )
        .to_string(),
        Trouble::Refused(_) => tr!(
            "The host's phone did not pass on what this phone said.",
            "El teléfono anfitrión no transmitió lo que dijo este teléfono."
        )
        .to_string(),
        Trouble::NotDealt => tr!(
            "A message came before the game began: nothing was played.",
            "Llegó un mensaje antes de empezar la partida: no se jugó nada."
        )
        .to_string(),
    }
}

/// An action this phone could not play, in the page's language; `None` for a second tap
/// while the first is on its way (or a draw waits for both phones), which is no mistake.
pub(super) fn refused_words(refused: Refused) -> Option<String> {
    match refused {
        Refused::Rules(illegal) => Some(illegal.words()),
        Refused::Waiting => None,
        Refused::NotYourTurn => Some(
            tr!("It is the other player's turn.", "Es el turno del otro jugador.").to_string(),
        ),
        Refused::Over => Some(tr!("The game is over.", "La partida ha terminado.").to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of breaking the rules is said in both languages, naming the player whose
    /// phone broke them and the one the game goes to, each breach in its own words.
    #[test]
    fn a_broken_rule_is_said_in_both_languages_with_both_names() {
        use crate::i18n::{Lang, speak};
        use intrigue_core::games::deckbuilder::Illegal;
        let names = vec!["Ana".to_string(), "Bruno".to_string()];
        let breaches = [
            Breach::OutOfOrder,
            Breach::WrongLink,
            Breach::WrongOpening,
            Breach::WrongShuffle,
            Breach::Illegal(Illegal::GameOver(intrigue_core::games::deckbuilder::End::Stalemate)),
            Breach::NotInDeck,
            Breach::Forged,
            Breach::WrongFirstHand,
            Breach::ShuffleChanged,
            Breach::WouldNotAnswer,
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
            said.sort();
            said.dedup();
            assert_eq!(said.len(), breaches.len(), "two breaches said alike");
        }
        speak(Lang::En);
        assert_eq!(refused_words(Refused::Waiting), None, "a second tap is no mistake");
        assert!(trouble_words(Trouble::OtherGame).contains("another game"));
        speak(Lang::Es);
        assert!(trouble_words(Trouble::OtherGame).contains("otra partida"));
        speak(Lang::En);
    }
}
