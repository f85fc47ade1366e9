//! Usurp's guided first game: three players, three short rounds. The person lays cards
//! (drawing first), builds a King and a Queen on one town square and takes it (10), takes
//! a Castle for room, and completes a Knight group in the last round (8): 18, against Bo's
//! 7 and Cy's −7, whose loose Bishop, Knight and Pawns cost them.

use intrigue_core::Seed;
use intrigue_core::bots::Level;
use intrigue_core::games::usurp::{Action, Config, Usurp};
use intrigue_core::seats::Seats;

use crate::games::guide::{Guide, Lesson, Said, Step};
use crate::i18n::Tr;

/// The lesson's deal: the person starts, and the deck's first cards are King, Bishop,
/// Pawn, Pawn, Pawn, Bishop, Queen, Knight… (`the_lesson_plays_through…` holds it to them).
const SEED: u64 = 28;

const DRAW: &str = "[data-action=\"draw\"]";

fn button(square: u8, action: &str) -> String {
    format!(".town-square[data-square=\"{square}\"] [data-action=\"{action}\"]")
}

/// The person draws.
fn draw(say: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    let step = Step {
        say,
        marks: vec![DRAW.to_string()],
        wrong: tr!(
            "First draw a card: tap Draw a card.",
            "Primero roba una carta: toca Robar una carta."
        ),
    };
    (Action::Draw, Said { step: Some(step), then, teaches })
}

/// The person lays the card drawn on `square` (0-based).
fn place(square: u8, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    let step = Step {
        say,
        marks: vec![button(square, "place")],
        wrong,
    };
    (Action::Place { square }, Said { step: Some(step), then, teaches })
}

/// The person takes `square` (0-based).
fn take(square: u8, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    let step = Step {
        say,
        marks: vec![button(square, "take")],
        wrong,
    };
    (Action::Take { square }, Said { step: Some(step), then, teaches })
}

/// A computer's action.
fn reply(action: Action, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (action, Said { step: None, then, teaches })
}

/// The computer lays the card it drew on `square`.
fn lays(square: u8, then: Tr) -> (Action, Said) {
    reply(Action::Place { square }, then, &[])
}

/// The computer draws: said with the card's place (see [`lays`]).
fn draws() -> (Action, Said) {
    reply(Action::Draw, tr!("", ""), &[])
}

fn takes(square: u8, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    reply(Action::Take { square }, then, teaches)
}

/// Said of a draw the person makes after their first.
const DRAW_AGAIN: Tr = tr!("Your turn: tap Draw a card.", "Tu turno: toca Robar una carta.");

pub fn lesson() -> Lesson<Usurp> {
    let names: Vec<String> = ["You", "Bo", "Cy"].map(String::from).to_vec();
    let seats = Seats::new(3, names.clone()).expect("three seats");
    let beats = vec![
        // Round 1.
        draw(
            tr!(
                "A turn is one of two things. The first: lay a card. Tap Draw a card.",
                "Un turno es una de dos cosas. La primera: poner una carta. Toca Robar una carta."
            ),
            tr!("You drew a King.", "Robaste un rey."),
            &["A turn", "Who starts, and the cards left over"],
        ),
        place(
            0,
            tr!(
                "You see the card, then choose where it goes: any town square with fewer than 4 cards. Tap Place here on town square 1.",
                "Ves la carta y luego eliges dónde va: cualquier plaza con menos de 4 cartas. Toca Poner aquí en la plaza 1."
            ),
            tr!(
                "Put the King on town square 1: tap its Place here.",
                "Pon el rey en la plaza 1: toca su Poner aquí."
            ),
            tr!(
                "The King lies face up on town square 1, for all to see.",
                "El rey queda boca arriba en la plaza 1, a la vista de todos."
            ),
            &["A turn"],
        ),
        draws(),
        lays(1, tr!("Bo drew a Bishop and laid it on town square 2.", "Bo robó un alfil y lo puso en la plaza 2.")),
        draws(),
        lays(1, tr!("Cy laid a Pawn with it.", "Cy puso un peón con él.")),
        draw(DRAW_AGAIN, tr!("You drew a Pawn.", "Robaste un peón."), &[]),
        place(
            2,
            tr!(
                "Keep town square 1 for a Queen: a King and a Queen in one castle score 10. Tap Place here on town square 3.",
                "Guarda la plaza 1 para una dama: un rey y una dama en un castillo suman 10. Toca Poner aquí en la plaza 3."
            ),
            tr!(
                "Keep town square 1 for a Queen: put the Pawn on town square 3.",
                "Guarda la plaza 1 para una dama: pon el peón en la plaza 3."
            ),
            tr!("The Pawn lies on town square 3.", "El peón queda en la plaza 3."),
            &["Scoring"],
        ),
        draws(),
        lays(
            1,
            tr!(
                "Bo laid a Pawn with the Bishop: a Bishop with three Pawns scores 9.",
                "Bo puso un peón con el alfil: un alfil con tres peones suma 9."
            ),
        ),
        draws(),
        lays(2, tr!("Cy laid a Bishop on town square 3.", "Cy puso un alfil en la plaza 3.")),
        draw(DRAW_AGAIN, tr!("You drew a Queen!", "¡Robaste una dama!"), &[]),
        place(
            0,
            tr!(
                "Put the Queen with your King: tap Place here on town square 1.",
                "Pon la dama con tu rey: toca Poner aquí en la plaza 1."
            ),
            tr!(
                "The Queen belongs with the King on town square 1: tap its Place here.",
                "La dama va con el rey en la plaza 1: toca su Poner aquí."
            ),
            tr!(
                "Town square 1 holds a King and a Queen: 10 points to whoever takes it.",
                "La plaza 1 tiene un rey y una dama: 10 puntos para quien se la lleve."
            ),
            &[],
        ),
        draws(),
        lays(2, tr!("Bo laid a Knight on town square 3.", "Bo puso un caballo en la plaza 3.")),
        draws(),
        lays(
            1,
            tr!(
                "Cy laid a Pawn on town square 2: a Bishop and three Pawns, and the square is full.",
                "…y lo puso en la plaza 2: un alfil y tres peones, y la plaza está llena."
            ),
        ),
        take(
            0,
            tr!(
                "The other kind of turn: take every card of one town square, then sit out the rest of the round. Each button says what it adds to your score. Take town square 1.",
                "El otro tipo de turno: llevarte todas las cartas de una plaza y no jugar el resto de la ronda. Cada botón dice lo que suma a tu puntuación. Llévate la plaza 1."
            ),
            tr!(
                "Town square 1's King and Queen are worth the most to you: tap its Take these.",
                "El rey y la dama de la plaza 1 son lo que más te vale: toca su Llevarse estas."
            ),
            tr!(
                "You took the King and the Queen: in your castle they score 10. You sit out the rest of this round.",
                "Te llevaste el rey y la dama: en tu castillo suman 10. No juegas el resto de esta ronda."
            ),
            &["A turn", "Scoring"],
        ),
        takes(
            1,
            tr!(
                "Bo took the Bishop and its three Pawns: 9 points.",
                "Bo se llevó el alfil y sus tres peones: 9 puntos."
            ),
            &["Bishop and Knight groups"],
        ),
        takes(
            2,
            tr!(
                "Cy took the last square. Out of their groups, a Pawn costs 1, a Knight 2 and a Bishop 3: −6. Everyone has taken a square, so the round is over; Cy took last and starts the next.",
                "Cy se llevó la última plaza. Fuera de sus grupos, un peón resta 1, un caballo 2 y un alfil 3: −6. Todos se han llevado una plaza, así que la ronda acaba; Cy se llevó la última y empieza la siguiente."
            ),
            &["Forced takes and the end of a round", "Scoring"],
        ),
        // Round 2.
        draws(),
        lays(0, tr!("Round 2: Cy laid a Pawn on town square 1.", "Ronda 2: Cy puso un peón en la plaza 1.")),
        draw(DRAW_AGAIN, tr!("You drew a Pawn.", "Robaste un peón."), &[]),
        place(
            1,
            tr!(
                "Tap Place here on town square 2.",
                "Toca Poner aquí en la plaza 2."
            ),
            tr!(
                "Put the Pawn on town square 2: tap its Place here.",
                "Pon el peón en la plaza 2: toca su Poner aquí."
            ),
            tr!("The Pawn lies on town square 2.", "El peón queda en la plaza 2."),
            &[],
        ),
        draws(),
        lays(0, tr!("Bo laid a Pawn on town square 1.", "Bo puso un peón en la plaza 1.")),
        draws(),
        lays(1, tr!("Cy laid a Castle with your Pawn.", "Cy puso un castillo con tu peón.")),
        take(
            1,
            tr!(
                "A Castle scores nothing, but each castle holds up to 5 cards: a second one gives you room for another group. Take town square 2.",
                "Un castillo no suma nada, pero cada castillo guarda hasta 5 cartas: un segundo te da sitio para otro grupo. Llévate la plaza 2."
            ),
            tr!(
                "Take town square 2, with its Castle: tap its Take these.",
                "Llévate la plaza 2, con su castillo: toca su Llevarse estas."
            ),
            tr!(
                "A second castle. The Pawn costs you 1 for now (9 points), but it can still join a group.",
                "Un segundo castillo. El peón te resta 1 por ahora (9 puntos), pero aún puede entrar en un grupo."
            ),
            &["Setting up", "Scoring"],
        ),
        draws(),
        lays(2, tr!("Bo laid a Castle on town square 3.", "Bo puso un castillo en la plaza 3.")),
        takes(2, tr!("Cy took the Castle.", "Cy se llevó el castillo."), &[]),
        takes(
            0,
            tr!(
                "Bo took the two Pawns, 1 off each. Bo took last, and starts the last round.",
                "Bo se llevó los dos peones, que restan 1 cada uno. Bo se llevó la última, y empieza la última ronda."
            ),
            &[],
        ),
        // Round 3.
        draws(),
        lays(0, tr!("Round 3, the last: Bo laid a Queen on town square 1.", "Ronda 3, la última: Bo puso una dama en la plaza 1.")),
        draws(),
        lays(1, tr!("Cy laid a Pawn on town square 2.", "Cy puso un peón en la plaza 2.")),
        draw(DRAW_AGAIN, tr!("You drew a Castle.", "Robaste un castillo."), &[]),
        place(
            2,
            tr!(
                "Tap Place here on town square 3.",
                "Toca Poner aquí en la plaza 3."
            ),
            tr!(
                "Put the Castle on town square 3: tap its Place here.",
                "Pon el castillo en la plaza 3: toca su Poner aquí."
            ),
            tr!("The Castle lies on town square 3.", "El castillo queda en la plaza 3."),
            &[],
        ),
        draws(),
        lays(1, tr!("Bo laid a Knight there.", "Bo puso un caballo allí.")),
        draws(),
        lays(
            1,
            tr!(
                "Cy laid a Pawn there too: a Knight and two Pawns.",
                "Cy puso otro peón allí: un caballo y dos peones."
            ),
        ),
        draw(DRAW_AGAIN, tr!("You drew a Pawn.", "Robaste un peón."), &[]),
        place(
            1,
            tr!(
                "A Knight with four Pawns scores 8 and fills a castle alone. Town square 2 holds a Knight and two Pawns: with this Pawn and the one you hold, that makes four. Tap Place here on town square 2.",
                "Un caballo con cuatro peones suma 8 y llena un castillo él solo. La plaza 2 tiene un caballo y dos peones: con este peón y el que ya tienes, son cuatro. Toca Poner aquí en la plaza 2."
            ),
            tr!(
                "This Pawn completes a Knight group on town square 2: tap its Place here.",
                "Este peón completa un grupo de caballo en la plaza 2: toca su Poner aquí."
            ),
            tr!(
                "Town square 2 is full: a Knight and three Pawns.",
                "La plaza 2 está llena: un caballo y tres peones."
            ),
            &["Bishop and Knight groups"],
        ),
        takes(
            0,
            tr!(
                "Bo took the Queen: a Queen without a King scores nothing.",
                "Bo se llevó la dama: una dama sin rey no suma nada."
            ),
            &[],
        ),
        draws(),
        lays(2, tr!("Cy laid a Pawn on town square 3.", "Cy puso un peón en la plaza 3.")),
        take(
            1,
            tr!(
                "Take town square 2: its Knight and three Pawns, with your own Pawn, make a Knight group in your second castle.",
                "Llévate la plaza 2: su caballo y sus tres peones, con tu propio peón, forman un grupo de caballo en tu segundo castillo."
            ),
            tr!(
                "Town square 2 completes your Knight group: tap its Take these.",
                "La plaza 2 completa tu grupo de caballo: toca su Llevarse estas."
            ),
            tr!(
                "8 more: 18. The app always fits your cards into your castles the way that scores the most.",
                "8 más: 18. La aplicación siempre coloca tus cartas en tus castillos de la forma que más suma."
            ),
            &["Castles filled for you", "Bishop and Knight groups"],
        ),
        takes(
            2,
            tr!(
                "Cy took the last square, and the third round is over: so is the game.",
                "Cy se llevó la última plaza, y la tercera ronda acaba: y con ella la partida."
            ),
            &["Ties"],
        ),
    ];
    let (actions, beats): (Vec<Action>, Vec<Said>) = beats.into_iter().unzip();
    Lesson {
        config: Config::standard(seats),
        seed: Seed(SEED),
        names,
        computers: vec![None, Some(Level::Normal), Some(Level::Normal)],
        actions,
        guide: Guide {
            kind: intrigue_core::games::usurp::KIND,
            opening: tr!(
                "You play against Bo and Cy (the computer plays both). Each of you has one castle, and there is a town square per player. Who starts is drawn: today, you.",
                "Juegas contra Bo y Cy (el ordenador juega por los dos). Cada uno tiene un castillo, y hay una plaza por jugador. Quién empieza se sortea: hoy, tú."
            ),
            start: 0,
            beats,
            end: tr!(
                "You win with 18: the King and Queen 10, the Knight group 8. Bo has 7 and Cy −7. Equal top totals would have shared the win.",
                "Ganas con 18: el rey y la dama 10, el grupo de caballo 8. Bo tiene 7 y Cy −7. Con totales iguales en cabeza se habría compartido la victoria."
            ),
            game_ends: true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use intrigue_core::Viewer;
    use intrigue_core::game::{Referee, Status};

    use crate::games::guide_checks::{assert_plays_through, assert_teaches_its_rules};

    /// The script plays through, and the game ends with the scores its words say.
    #[test]
    fn the_lesson_plays_through_and_ends_with_the_scores_it_says() {
        let l = lesson();
        assert_plays_through(&l);
        let referee: Referee<Usurp> = l.referee_at(l.actions.len()).expect("played through");
        assert_eq!(
            referee.status(),
            Status::Over {
                winners: vec![0],
                scores: vec![18, 7, -7]
            }
        );
        let view = referee.view(Viewer::Table).body;
        assert_eq!(view.players[0].scoring.castles.len(), 2, "the person's two castles");
    }

    /// Every section of the rules a first game needs is taught by a step; the two it does
    /// not meet are the seasons the app leaves out and taking back (a lesson plays only
    /// its script).
    #[test]
    fn the_lesson_teaches_every_section_of_the_rules_a_first_game_needs() {
        assert_teaches_its_rules(
            &lesson().guide,
            include_str!("../../../public/rules/usurp.html"),
            &["Seasons and direction", "Taking back", "The deck"],
        );
    }
}
