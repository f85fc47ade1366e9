//! The Chess deckbuilder's guided first game: it opens in a game already some turns old
//! (a game of the computer's against itself, from the lesson's deal), the person White
//! with two Knight cards, a Pawn and a King in hand and a knight lost. One turn meets every
//! card a first game needs: a piece moves only by a card of its kind, Knight and Pawn
//! cards stack, the King brings the lost knight back, treasure buys, the clean-up draws
//! five; then Bo's turn, a card played for its bonus alone. It stops at the person's next
//! turn: checkmate, which ends a real game, is said.

use intrigue_core::Seed;
use intrigue_core::bots::Level;
use intrigue_core::games::deckbuilder::record::read_action;
use intrigue_core::games::deckbuilder::{Action, Config, Deckbuilder};
use intrigue_core::seats::Seats;

use crate::games::guide::{Guide, Lesson, Said, Step, square};
use crate::i18n::Tr;

/// The lesson's deal.
const SEED: u64 = 48;

/// The game before the lesson opens: Normal against Normal from the lesson's deal, to
/// White's turn 19 (found by playing such games until a turn with a King's revival open).
const BEFORE: &str = "Pd2d3 Pe2e3 / +N . Pe7e6 Pd7d5 / +N . Nb1c3 P P / +S . Nb8c6 P P / +S . N P P / +R . N P / +Q . Ng1f3 R +Q . Qd8f6 +R +P . P P / +P . R +B . Nc3d5 R +B . Pe6d5 Q +N +S . Nf3d2 BC>N +S . BC>R . R +R . Ra8b8 +Q . Qd1h5 +K +C . BN>K .";

fn action(text: &str) -> Action {
    read_action(text).expect("an action of the lesson")
}

/// A hand card's mark.
fn card(name: &str) -> String {
    format!(".hand .card[data-card=\"{name}\"]")
}

/// The person's step: `text` played by tapping `marks` in order.
fn yours(text: &str, marks: Vec<String>, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (action(text), Said { step: Some(Step { say, marks, wrong }), then, teaches })
}

pub fn lesson() -> Lesson<Deckbuilder> {
    let names: Vec<String> = ["You", "Bo"].map(String::from).to_vec();
    let seats = Seats::new(2, names.clone()).expect("two seats");
    let quiet = || Said { step: None, then: tr!("", ""), teaches: &[] };
    let mut beats: Vec<(Action, Said)> = BEFORE.split_whitespace().map(|a| (action(a), quiet())).collect();
    let start = beats.len();
    beats.push(yours(
        "Nd2f3",
        vec![card("Knight"), square("d2"), square("f3")],
        tr!(
            "A piece moves only when you play a card of its kind. Tap a Knight card, then your knight on d2, then f3.",
            "Una pieza solo se mueve cuando juegas una carta de su tipo. Toca una carta de caballo, luego tu caballo de d2 y luego f3."
        ),
        tr!("Play a Knight card first: tap it, then d2, then f3.", "Primero juega una carta de caballo: tócala, luego d2 y luego f3."),
        tr!(
            "Your knight went to f3. A Knight card also draws you a card and gives you another action.",
            "Tu caballo fue a f3. Una carta de caballo además te hace robar una carta y te da otra acción."
        ),
        &["Starting out", "Your turn"],
    ));
    beats.push(yours(
        "Nf3g5",
        vec![card("Knight"), square("f3"), square("g5")],
        tr!(
            "Knight and Pawn cards give another action, so they stack. Play your other Knight card: f3 to g5, where the knight and your queen both aim at f7.",
            "Las cartas de caballo y de peón dan otra acción, así que se encadenan. Juega tu otra carta de caballo: de f3 a g5, donde el caballo y tu dama apuntan a f7."
        ),
        tr!("Play the other Knight card: tap it, then f3, then g5.", "Juega la otra carta de caballo: tócala, luego f3 y luego g5."),
        tr!("The knight stands on g5, and the card drew you a Silver.", "El caballo está en g5, y la carta te hizo robar una plata."),
        &["Your turn", "Optional moves, compulsory bonuses"],
    ));
    beats.push(yours(
        "Pc2c3",
        vec![card("Pawn"), square("c2"), square("c3")],
        tr!(
            "A Pawn card moves a pawn and gives another action. Tap it, then c2, then c3.",
            "Una carta de peón mueve un peón y da otra acción. Tócala, luego c2 y luego c3."
        ),
        tr!("Play the Pawn card: tap it, then c2, then c3.", "Juega la carta de peón: tócala, luego c2 y luego c3."),
        tr!("The pawn went to c3.", "El peón fue a c3."),
        &[],
    ));
    beats.push(yours(
        "Kd3=N",
        vec![card("King"), ".tray .tray-piece".to_string(), square("d3")],
        tr!(
            "Bo took a knight of yours earlier. A King card can bring it back in place of one of your pawns: tap the King card, the knight beside the board, then the pawn on d3.",
            "Bo te capturó antes un caballo. Una carta de rey puede recuperarlo en lugar de uno de tus peones: toca la carta de rey, el caballo junto al tablero y luego el peón de d3."
        ),
        tr!(
            "Bring the knight back with the King card: tap it, the knight beside the board, then d3.",
            "Recupera el caballo con la carta de rey: tócala, el caballo junto al tablero y luego d3."
        ),
        tr!(
            "Your knight is back on d3, and that pawn has left the game. A King gives no other action: on to buying.",
            "Tu caballo ha vuelto a d3, y ese peón ha salido de la partida. Un rey no da otra acción: a comprar."
        ),
        &["The Bishop's trade and the King's return"],
    ));
    beats.push(yours(
        "+R",
        vec!["[data-buy=\"Rook\"]".to_string()],
        tr!(
            "Your Copper (1) and Silver (2) make 3 treasure: buy a Rook card, which costs 3.",
            "Tu cobre (1) y tu plata (2) suman 3 de tesoro: compra una carta de torre, que cuesta 3."
        ),
        tr!("Buy the Rook: tap its Buy.", "Compra la torre: toca su Comprar."),
        tr!(
            "The Rook went to your discard pile: it comes into your hands once your pile is shuffled again.",
            "La torre fue a tu pila de descartes: llegará a tus manos cuando la pila se vuelva a barajar."
        ),
        &["Your turn", "Buying", "The supply"],
    ));
    beats.push(yours(
        ".",
        vec!["[data-action=\"end-turn\"]".to_string()],
        tr!(
            "Tap End turn: everything you played and held is discarded, and you draw five new cards (your discards are shuffled when your pile runs out).",
            "Toca Terminar turno: todo lo que jugaste y tenías se descarta, y robas cinco cartas nuevas (tus descartes se barajan cuando se acaba tu pila)."
        ),
        tr!("Tap End turn.", "Toca Terminar turno."),
        tr!("You drew five new cards; Bo sees none of them.", "Robaste cinco cartas nuevas; Bo no ve ninguna."),
        &["Your turn", "Shuffles"],
    ));
    beats.push((action("R"), quiet()));
    beats.push((action("+P"), quiet()));
    beats.push((
        action("."),
        Said {
            step: None,
            then: tr!(
                "Bo played a Rook card for its bonus alone, moving nothing (it draws 2 cards), bought a Pawn card and ended his turn.",
                "Bo jugó una carta de torre solo por su bonificación, sin mover nada (roba 2 cartas), compró una carta de peón y terminó su turno."
            ),
            teaches: &["Optional moves, compulsory bonuses"],
        },
    ));
    let (actions, beats): (Vec<Action>, Vec<Said>) = beats.into_iter().unzip();
    Lesson {
        config: Config::standard(seats),
        seed: Seed(SEED),
        names,
        computers: vec![None, Some(Level::Normal)],
        actions,
        guide: Guide {
            kind: intrigue_core::games::deckbuilder::KIND,
            opening: tr!(
                "You play White against Bo. This game is some turns old: each deck began as 3 Copper and 2 Pawn cards, and both of you have bought cards since. Your hand is under the board; Bo's, and both draw piles, stay hidden.",
                "Juegas con blancas contra Bo. Esta partida lleva ya algunos turnos: cada mazo empezó con 3 cobres y 2 cartas de peón, y los dos habéis comprado cartas desde entonces. Tu mano está bajo el tablero; la de Bo y las dos pilas de robo siguen ocultas."
            ),
            start,
            beats,
            end: tr!(
                "You have met every card a first game needs. Checkmate wins; stalemate and the other chess draws are draws. A turn begun in check must first get out of it.",
                "Ya conoces todas las cartas que pide una primera partida. El jaque mate gana; el ahogado y las demás tablas del ajedrez son tablas. Un turno que empieza en jaque primero debe salir de él."
            ),
            game_ends: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::guide_checks::{assert_plays_through, assert_teaches_its_rules};

    /// The script plays on from the game before it, the person's turn whole, then Bo's.
    #[test]
    fn the_lesson_plays_through_its_turn_and_bos() {
        assert_plays_through(&lesson());
    }

    /// Every section of the rules a first game needs is taught by a step; the others
    /// come in later games (a check, castling, en passant, the draws, the trade…).
    #[test]
    fn the_lesson_teaches_every_section_of_the_rules_a_first_game_needs() {
        assert_teaches_its_rules(
            &lesson().guide,
            include_str!("../../../public/rules/chess-deckbuilder.html"),
            &[
                "Check",
                "Castling",
                "No mate by chaining",
                "Beginning a turn in check",
                "En passant",
                "Draws, and building a deck",
                "Taking back and resigning",
            ],
        );
    }
}
