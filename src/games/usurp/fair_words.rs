//! What a table of Usurp with every seat on a phone says in words, in the page's language
//! (issue 42): a player whose phone broke the rules, a frame that changed nothing, an
//! action refused.

use intrigue_core::games::usurp::fair::{Breach, Broke, Refused};
use intrigue_core::games::usurp::fair_session::Trouble;

use crate::reasons::Reason;

/// How a player's phone broke the rules, and who wins for it, in the page's language.
pub(super) fn broke_words(broke: &Broke, names: &[String]) -> String {
    let name = |seat: u8| {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| (seat + 1).to_string())
    };
    let cheat = name(broke.seat);
    let others: Vec<String> = (0..names.len() as u8)
        .filter(|&s| s != broke.seat)
        .map(name)
        .collect();
    let alone = others.len() == 1;
    let others = crate::words::and(&others);
    let es = crate::i18n::es();
    let why = match (&broke.breach, es) {
        (Breach::OutOfOrder, false) => "it said something out of turn",
        (Breach::OutOfOrder, true) => "dijo algo fuera de su turno",
        (Breach::WrongLink, false) => "its share of a draw was not the one it had sealed at the start",
        (Breach::WrongLink, true) => "su parte de un robo no era la que había sellado al empezar",
        (Breach::Illegal(_), false) => "it played what the rules do not allow",
        (Breach::Illegal(_), true) => "jugó algo que las reglas no permiten",
        (Breach::WouldNotAnswer, false) => "it did not answer for a minute when the game needed it",
        (Breach::WouldNotAnswer, true) => "no respondió durante un minuto cuando la partida lo necesitaba",
    };
    if alone {
        crate::games::fair::named_words(broke.seat, names, why)
    } else {
        trf!(
            "{cheat}'s phone broke the rules: {why}. The game is over: {others} share the win.",
            "El teléfono de {cheat} rompió las reglas: {why}. La partida ha terminado: {others} comparten la victoria."
        )
    }
}

pub(super) fn trouble_words(trouble: Trouble) -> String {
    match trouble {
        Trouble::Garbled(e) => trf!(
            "A message from the table's device could not be read{}: nothing was played.",
            "No se pudo leer un mensaje del dispositivo de la mesa{}: no se jugó nada.",
            crate::i18n::because(&e.to_string())
        ),
        Trouble::OtherGame => tr!(
            "The table's device is in another game: nothing was played. To join that one, forget this phone's game below.",
            "El dispositivo de la mesa está en otra partida: no se jugó nada. Para unirte a esa, olvida abajo la partida de este teléfono."
        )
        .to_string(),
        Trouble::Refused(_) => tr!(
            "The table's device did not pass on what this phone said.",
            "El dispositivo de la mesa no transmitió lo que dijo este teléfono."
        )
        .to_string(),
        Trouble::NotDealt => tr!(
            "A message came before the game began: nothing was played.",
            "Llegó un mensaje antes de empezar la partida: no se jugó nada."
        )
        .to_string(),
        Trouble::Forged => tr!(
            "The table's device passed the game on otherwise than it was played (words this phone did not say, a game told twice two ways, or an end for a phone the game was not waiting on): it cannot be trusted to relay, and the game stops on this phone.",
            "El dispositivo de la mesa transmitió la partida de otra manera que como se jugó (palabras que este teléfono no dijo, una partida contada dos veces de dos maneras, o un final por un teléfono al que la partida no esperaba): no es de fiar para transmitirla, y la partida se detiene en este teléfono."
        )
        .to_string(),
        Trouble::Waiting => tr!(
            "This phone's last action has not come back from the table yet.",
            "La última acción de este teléfono aún no ha vuelto de la mesa."
        )
        .to_string(),
    }
}

/// An action this phone could not play, in the page's language; `None` for a second tap
/// while the first is on its way (or a draw waits for the phones), which is no mistake.
pub(super) fn refused_words(refused: Refused) -> Option<String> {
    match refused {
        Refused::Rules(illegal) => Some(illegal.words()),
        Refused::Waiting => None,
        Refused::NotYourTurn => Some(
            tr!("It is another player's turn.", "Es el turno de otro jugador.").to_string(),
        ),
        Refused::NoSeat => Some(
            tr!(
                "The table's device plays no seat: each player plays on their own phone.",
                "El dispositivo de la mesa no juega ningún asiento: cada jugador juega en su teléfono."
            )
            .to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way of breaking the rules is said in both languages, naming the player whose
    /// phone broke them and the others, who share the win, each breach in its own words.
    #[test]
    fn a_broken_rule_is_said_in_both_languages_with_every_name() {
        use crate::i18n::{Lang, speak};
        use intrigue_core::games::usurp::Illegal;
        let names = vec!["Ana".to_string(), "Bruno".to_string(), "Cleo".to_string()];
        let breaches = [
            Breach::OutOfOrder,
            Breach::WrongLink,
            Breach::Illegal(Illegal::DrawFirst),
            Breach::WouldNotAnswer,
        ];
        for lang in [Lang::En, Lang::Es] {
            speak(lang);
            let mut said: Vec<String> = breaches
                .iter()
                .map(|breach| {
                    let words = broke_words(&Broke { seat: 1, breach: breach.clone() }, &names);
                    let (by, to) = if lang == Lang::Es {
                        ("El teléfono de Bruno rompió las reglas: ", "Ana y Cleo comparten la victoria.")
                    } else {
                        ("Bruno's phone broke the rules: ", "Ana and Cleo share the win.")
                    };
                    assert!(words.starts_with(by) && words.ends_with(to), "{words}");
                    words
                })
                .collect();
            said.sort();
            said.dedup();
            assert_eq!(said.len(), breaches.len(), "two breaches said alike");
            // At a table of two, the game goes to the other player.
            let two = broke_words(&Broke { seat: 0, breach: Breach::WrongLink }, &names[..2]);
            let to = if lang == Lang::Es { "La partida es para Bruno." } else { "The game goes to Bruno." };
            assert!(two.starts_with(if lang == Lang::Es { "El teléfono de Ana" } else { "Ana's phone" }) && two.ends_with(to), "{two}");
        }
        speak(Lang::En);
        assert!(trouble_words(Trouble::Forged).contains("cannot be trusted"));
        assert_eq!(refused_words(Refused::Waiting), None, "a second tap is no mistake");
        assert!(refused_words(Refused::NotYourTurn).is_some_and(|w| w.contains("another player")));
        speak(Lang::Es);
        assert!(trouble_words(Trouble::Forged).contains("no es de fiar"));
        speak(Lang::En);
    }
}
