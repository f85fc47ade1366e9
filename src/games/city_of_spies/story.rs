//! What happened in A City of Spies, in words: the sentence the table reads aloud for
//! each event, and the line a screen reader hears after an action.

use intrigue_core::games::city_of_spies::game::{CLAIM_POINTS, ROUND_POINTS};
use intrigue_core::games::city_of_spies::{Event, Team};

use super::look::piece_words;

/// "rolled 3 and 5", for screen readers.
pub(super) fn rolled(rolls: &[u8]) -> String {
    if rolls.is_empty() {
        return tr!("not rolled yet", "aún sin tirar").to_string();
    }
    let rolls: Vec<String> = rolls.iter().map(u8::to_string).collect();
    trf!("rolled {}", "sacó {}", crate::words::and(&rolls))
}

/// A team in a sentence: "White", "las blancas".
pub(super) fn team_words(team: Team) -> &'static str {
    match team {
        Team::White => tr!("White", "las blancas"),
        Team::Black => tr!("Black", "las negras"),
    }
    .get()
}

/// The sentence a table reads aloud for an event.
/// `word` is the check word of the current round, for the current round's announcement:
/// read aloud with it; on screen the word stands once, on the line under the banner.
pub(super) fn announce(event: &Event, names: &[String], word: (u32, Option<&str>)) -> Option<String> {
    let name = |seat: &u8| crate::i18n::subject(&names[*seat as usize]);
    let you = |seat: &u8| crate::i18n::is_you(&names[*seat as usize]);
    Some(match event {
        // The one person alone against the computer is "you".
        Event::Eliminated { seat } if you(seat) => tr!("You are out!", "¡Quedas fuera!").to_string(),
        Event::Passed { seat } if you(seat) => {
            tr!("You had no move and passed.", "No tenías jugada y pasaste.").to_string()
        }
        Event::TargetClaimed { seat, team, piece } if you(seat) => trf!(
            "You claimed {} as your Target: you are {}, and {} scores {CLAIM_POINTS}.",
            "Reclamaste {} como tu objetivo: eres de {}, y {} suman {CLAIM_POINTS}.",
            piece_words(piece),
            team_words(*team),
            team_words(*team)
        ),
        Event::ClaimRefused { seat } if you(seat) => {
            tr!("Your claim was refused.", "Se rechazó tu reclamación.").to_string()
        }
        Event::ClaimDeclined { seat } if you(seat) => {
            tr!("You made no claim.", "No reclamaste nada.").to_string()
        }
        Event::RoundWon { round, seat, team } if you(seat) => trf!(
            "You are the last one in: you are {}, and {} scores {ROUND_POINTS} for round {round}.",
            "Eres el último que queda: eres de {}, y {} suman {ROUND_POINTS} por la ronda {round}.",
            team_words(*team),
            team_words(*team)
        ),
        Event::RoundStarted { round } if *round == word.0 => match word.1 {
            // In Spanish the word is said in Spanish, with the English the list draws it from.
            Some(word) if crate::i18n::es() => format!(
                "Empieza la ronda {round}: todos los teléfonos deben decir «{}» ({word}; lleva tu teléfono a la ronda {round}).",
                crate::words::check_words(word)
            ),
            Some(word) => format!(
                "Round {round} begins: every phone must say “{word}” (step your phone to round {round})."
            ),
            None => trf!(
                "Round {round} begins: step every phone to round {round}.",
                "Empieza la ronda {round}: lleva todos los teléfonos a la ronda {round}."
            ),
        },
        Event::RoundStarted { round } => trf!("Round {round} begins.", "Empieza la ronda {round}."),
        Event::DiceRolled { cycle, .. } if *cycle > 1 => tr!(
            "A new cycle: everyone still in rolled again.",
            "Un ciclo nuevo: todos los que siguen dentro han vuelto a tirar."
        )
        .to_string(),
        Event::DiceRolled { .. } | Event::Moved { .. } => return None,
        Event::Captured {
            piece,
            captured,
            square,
            ..
        } => trf!(
            "{} captured {} on {square}.",
            "{} capturó {} en {square}.",
            piece_words(piece),
            piece_words(captured)
        ),
        Event::Eliminated { seat } => trf!("{} is out!", "¡{} queda fuera!", name(seat)),
        Event::Passed { seat } => trf!(
            "{} had no move and passed.",
            "{} no tenía jugada y pasó.",
            name(seat)
        ),
        Event::TargetClaimed { seat, team, piece } => trf!(
            "{} claimed {} as their Target: {} is {}, and {} scores {CLAIM_POINTS}.",
            "{} reclamó {} como su objetivo: {} es de {}, y {} suman {CLAIM_POINTS}.",
            name(seat),
            piece_words(piece),
            name(seat),
            team_words(*team),
            team_words(*team)
        ),
        Event::ClaimRefused { seat } => {
            let (whose, de) = (&names[*seat as usize], crate::i18n::de(&names[*seat as usize]));
            trf!("{whose}'s claim was refused.", "Se rechazó la reclamación {de}.")
        }
        Event::ClaimDeclined { seat } => trf!(
            "{} made no claim.",
            "{} no reclamó nada.",
            name(seat)
        ),
        Event::RoundWon { round, seat, team } => trf!(
            "{} is the last one in: {} is {}, and {} scores {ROUND_POINTS} for round {round}.",
            "{} es el último que queda: {} es de {}, y {} suman {ROUND_POINTS} por la ronda {round}.",
            name(seat),
            name(seat),
            team_words(*team),
            team_words(*team)
        ),
        Event::RoundStalled { round } => trf!(
            "Fifty turns without a capture: round {round} ends with no winner.",
            "Cincuenta turnos sin captura: la ronda {round} termina sin ganador."
        ),
        Event::GameWon { team } => {
            trf!("{} wins the game!", "¡{} ganan la partida!", team_words(*team))
        }
    })
}


/// The line a screen reader hears for the newest of `recent` (newest first) that says
/// something: a move, or what `announce` says of any other event (`word`: the round and
/// its check word, read aloud with the round's announcement).
pub(super) fn spoken(recent: &[Event], names: &[String], word: (u32, &str)) -> String {
    recent
        .iter()
        .find_map(|e| match e {
            Event::Moved { seat, piece, mv } if crate::i18n::is_you(&names[*seat as usize]) => Some(trf!(
                "You moved {} to {}.",
                "Moviste {} a {}.",
                piece_words(piece),
                mv.to
            )),
            Event::Moved { seat, piece, mv } => Some(trf!(
                "{} moved {} to {}.",
                "{} movió {} a {}.",
                crate::i18n::subject(&names[*seat as usize]),
                piece_words(piece),
                mv.to
            )),
            other => announce(other, names, (word.0, Some(word.1))),
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use intrigue_core::games::city_of_spies::{Move, Piece, Square};

    use super::*;
    use crate::i18n::{Lang, speak};

    /// A move is said with who moved what where, "you" for the person alone, in both
    /// languages; nothing to say, nothing said.
    #[test]
    fn a_move_is_heard_as_who_moved_what_where() {
        let names: Vec<String> = ["Ann", "You", "Cy"].map(String::from).to_vec();
        let moved = |seat: u8| Event::Moved {
            seat,
            piece: Piece::Rook1,
            mv: Move {
                from: Square::A1,
                to: Square::C3,
            },
        };
        speak(Lang::En);
        assert_eq!(spoken(&[moved(0)], &names, (1, "word")), "Ann moved Rook 1 to c3.");
        assert_eq!(spoken(&[moved(1), moved(0)], &names, (1, "word")), "You moved Rook 1 to c3.");
        assert_eq!(spoken(&[], &names, (1, "word")), "");
        speak(Lang::Es);
        assert_eq!(spoken(&[moved(0)], &names, (1, "word")), "Ann movió Torre 1 a c3.");
        assert_eq!(spoken(&[moved(1)], &names, (1, "word")), "Moviste Torre 1 a c3.");
        speak(Lang::En);
        assert_eq!(team_words(Team::White), "White");
    }
}
