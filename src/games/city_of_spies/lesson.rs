//! A City of Spies's guided first game: four players, the person on team White, one round
//! from the set-up to its end. The person sets up the standard layout, takes and claims
//! their Target, saves their Life-Piece from a knight, and knocks out the last player but
//! them: every rule a first game needs (the dice's order, a knock-out and the lost turn,
//! the neutral claim question, a true and a declined claim, the round's 2 points) is met
//! in twelve actions. It stops at the second round's set-up: the game goes on to 5.

use intrigue_core::Seed;
use intrigue_core::bots::Level;
use intrigue_core::games::city_of_spies::{Action, CityOfSpies, Config, Layout, LayoutChoice, Move, Options, Square};
use intrigue_core::seats::Seats;

use crate::games::guide::{Guide, Lesson, Said, Step, square};
use crate::i18n::Tr;

/// The lesson's deal: the person (the first seat) on team White; this round their
/// Life-Piece is the Queen and their Target Bishop 2; Bo's Life-Piece is Pawn 4, Cy's
/// Pawn 1, Di's Bishop 1. Di rolls highest in the first cycle and the person second;
/// the person rolls highest in the next two.
const SEED: u64 = 11_047;

fn ply(from: Square, to: Square) -> Action {
    Action::Move(Move { from, to })
}

/// A button's mark (`data-action`).
fn button(action: &str) -> String {
    format!("[data-action=\"{action}\"]")
}

/// The person's step: `action`, by tapping `marks` in order.
fn yours(action: Action, marks: Vec<String>, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (action, Said { step: Some(Step { say, marks, wrong }), then, teaches })
}

/// The person's move `from`–`to`, marked on the board.
fn your_move(from: Square, to: Square, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    yours(ply(from, to), vec![square(&from.to_string()), square(&to.to_string())], say, wrong, then, teaches)
}

/// A computer's action.
fn theirs(action: Action, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (action, Said { step: None, then, teaches })
}

pub fn lesson() -> Lesson<CityOfSpies> {
    use Square::*;
    let names: Vec<String> = ["You", "Bo", "Cy", "Di"].map(String::from).to_vec();
    let seats = Seats::new(4, names.clone()).expect("four seats");
    let beats = vec![
        yours(
            Action::SetUp(Layout::standard()),
            vec![button("start-round")],
            tr!(
                "Every round begins with the set-up. The pieces may start at random or as the players arrange them; this lesson uses the standard layout. Tap Start round 1.",
                "Cada ronda empieza con la colocación. Las piezas pueden empezar al azar o como las coloquen los jugadores; esta lección usa la colocación normal. Toca Empezar la ronda 1."
            ),
            tr!(
                "Keep the standard layout for this lesson, and tap Start round 1.",
                "Deja la colocación normal para esta lección y toca Empezar la ronda 1."
            ),
            tr!(
                "The eleven pieces belong to nobody: on your turn you move any one of them. The shaded ring is a building: nothing stops on it, and only knights jump over it. Then everyone rolled a die, and this cycle's turns go from the highest roll down.",
                "Las once piezas no son de nadie: en tu turno mueves una cualquiera. El anillo sombreado es un edificio: nada se detiene en él, y solo los caballos lo saltan. Luego cada uno tiró un dado, y los turnos de este ciclo van de la tirada más alta a la más baja."
            ),
            &["What is on the board", "Setting up the pieces", "Dealing the secret pieces", "Dice"],
        ),
        theirs(
            ply(E4, D5),
            tr!(
                "Di rolled highest and moved first: Pawn 4 took Pawn 1. A pawn steps one square straight in any direction and takes one square diagonally. Pawn 1 was Cy's Life-Piece: Cy is out of the round, and loses the turn Cy had not played yet.",
                "Di sacó la tirada más alta y movió primero: el peón 4 capturó al peón 1. Un peón avanza una casilla recta en cualquier dirección y captura una casilla en diagonal. El peón 1 era la pieza de vida de Cy: Cy queda fuera de la ronda y pierde el turno que aún no había jugado."
            ),
            &["Turns", "Knock-outs", "Dice"],
        ),
        theirs(
            Action::Decline,
            tr!(
                "After every capture the table asks whoever moved, always in the same words, whether they claim the piece as their Target. Di did not.",
                "Después de cada captura la mesa pregunta a quien movió, siempre con las mismas palabras, si reclama la pieza como su objetivo. Di no la reclamó."
            ),
            &["Claiming a Target"],
        ),
        your_move(
            H1,
            F1,
            tr!(
                "Your turn, second by the dice. Your Target this round is Bishop 2: take it yourself and you may claim it. Rook 2 can: tap h1, then f1.",
                "Tu turno, el segundo según los dados. Tu objetivo en esta ronda es el alfil 2: captúralo tú y podrás reclamarlo. La torre 2 puede: toca h1 y luego f1."
            ),
            tr!(
                "Here the lesson wants your Target taken: tap h1 (Rook 2), then f1 (Bishop 2).",
                "Aquí la lección quiere que captures tu objetivo: toca h1 (torre 2) y luego f1 (alfil 2)."
            ),
            tr!("Rook 2 took Bishop 2, your Target.", "La torre 2 capturó al alfil 2, tu objetivo."),
            &["Your two secret pieces"],
        ),
        yours(
            Action::Claim,
            vec![button("claim")],
            tr!(
                "Now the same question is yours. Bishop 2 is your Target and you took it yourself: tap Claim it.",
                "Ahora la misma pregunta es para ti. El alfil 2 es tu objetivo y lo capturaste tú: toca Reclamarla."
            ),
            tr!(
                "Bishop 2 is your Target: tap Claim it.",
                "El alfil 2 es tu objetivo: toca Reclamarla."
            ),
            tr!(
                "A true claim: your team, White, is shown to everyone and scores 1 point. Had someone else taken Bishop 2, you could not have claimed it.",
                "Una reclamación verdadera: tu equipo, blancas, se muestra a todos y suma 1 punto. Si otro hubiera capturado el alfil 2, no habrías podido reclamarlo."
            ),
            &["Your two secret pieces", "Claiming a Target", "Teams"],
        ),
        theirs(
            ply(B8, C6),
            tr!(
                "Cy is out, so Bo moved next: Knight 1 to c6. Bo cannot know it, but that knight now attacks your Queen, your Life-Piece. Then the cycle was over.",
                "Cy está fuera, así que después movió Bo: el caballo 1 a c6. Bo no puede saberlo, pero ese caballo ataca ahora a tu dama, tu pieza de vida. Y así acabó el ciclo."
            ),
            &[],
        ),
        your_move(
            D8,
            H4,
            tr!(
                "A new cycle, new dice: you rolled highest. If your Queen is taken, you are out of the round. Move it where no piece can reach it: tap d8, then h4.",
                "Un ciclo nuevo, dados nuevos: sacaste la tirada más alta. Si capturan tu dama, quedas fuera de la ronda. Llévala donde ninguna pieza la alcance: toca d8 y luego h4."
            ),
            tr!(
                "Save your Queen the lesson's way: tap d8, then h4.",
                "Salva tu dama como quiere la lección: toca d8 y luego h4."
            ),
            tr!(
                "Your Queen is safe on h4, and nobody can tell why you moved it.",
                "Tu dama está a salvo en h4, y nadie puede saber por qué la moviste."
            ),
            &["Your two secret pieces", "Dice"],
        ),
        theirs(
            ply(G8, F6),
            tr!("Bo moved Knight 2 to f6.", "Bo movió el caballo 2 a f6."),
            &[],
        ),
        theirs(
            ply(F6, D5),
            tr!(
                "Di took Pawn 4 on d5 with that knight. Pawn 4 was Bo's Life-Piece: Bo is out.",
                "Di capturó al peón 4 en d5 con ese caballo. El peón 4 era la pieza de vida de Bo: Bo queda fuera."
            ),
            &["Knock-outs"],
        ),
        theirs(
            Action::Decline,
            tr!("Di did not claim it.", "Di no la reclamó."),
            &[],
        ),
        your_move(
            A1,
            C1,
            tr!(
                "Only you and Di are left, and the last player still in wins the round. You cannot see Di's Life-Piece (you would guess it from Di's moves); this time the lesson tells you: Bishop 1. Take it with Rook 1: tap a1, then c1.",
                "Solo quedáis Di y tú, y el último jugador que siga en la ronda la gana. No puedes ver la pieza de vida de Di (la adivinarías por sus jugadas); esta vez te la dice la lección: el alfil 1. Captúralo con la torre 1: toca a1 y luego c1."
            ),
            tr!(
                "Take Di's Life-Piece, Bishop 1, with Rook 1: tap a1, then c1.",
                "Captura la pieza de vida de Di, el alfil 1, con la torre 1: toca a1 y luego c1."
            ),
            tr!("Bishop 1 was Di's Life-Piece: Di is out.", "El alfil 1 era la pieza de vida de Di: Di queda fuera."),
            &["Knock-outs"],
        ),
        yours(
            Action::Decline,
            vec![button("decline")],
            tr!(
                "The question comes after this capture too. Bishop 1 is not your Target (a false claim would simply be refused, showing nothing): tap No claim.",
                "La pregunta llega también tras esta captura. El alfil 1 no es tu objetivo (una reclamación falsa simplemente se rechazaría, sin mostrar nada): toca No reclamar."
            ),
            tr!(
                "Bishop 1 is not your Target: tap No claim.",
                "El alfil 1 no es tu objetivo: toca No reclamar."
            ),
            tr!(
                "You are the last player in the round: it is yours, and your team, White, scores 2 more.",
                "Eres el último jugador en la ronda: es tuya, y tu equipo, blancas, suma 2 más."
            ),
            &["Ending a round and the game"],
        ),
    ];
    let (actions, beats): (Vec<Action>, Vec<Said>) = beats.into_iter().unzip();
    Lesson {
        config: Config {
            seats,
            options: Options::default(),
            layout: LayoutChoice::Standard,
        },
        seed: Seed(SEED),
        names,
        computers: vec![None, Some(Level::Normal), Some(Level::Normal), Some(Level::Normal)],
        actions,
        guide: Guide {
            kind: intrigue_core::games::city_of_spies::KIND,
            opening: tr!(
                "Four of you share eleven chess pieces: you, Bo, Cy and Di (the computer plays the three). You were dealt a secret team for the whole game, White, and for this round two secret pieces: your Life-Piece, the Queen, to keep alive, and your Target, Bishop 2, to take yourself. Everyone's are different, and a Target is never its owner's Life-Piece. Hold the pad under the board to see yours.",
                "Cuatro jugadores compartís once piezas de ajedrez: tú, Bo, Cy y Di (el ordenador juega por los tres). Te tocó en secreto un equipo para toda la partida, blancas, y para esta ronda dos piezas secretas: tu pieza de vida, la dama, que debes mantener viva, y tu objetivo, el alfil 2, que debes capturar tú. Las de todos son distintas, y un objetivo nunca es la pieza de vida de su dueño. Mantén pulsado el recuadro bajo el tablero para ver las tuyas."
            ),
            start: 0,
            beats,
            end: tr!(
                "White has 3 points, and the first team to 5 wins the game. Each new round the pieces are set up again and everyone is dealt a new Life-Piece and Target; your team stays the same. Watch who takes what: it is how you guess who is on your side.",
                "Blancas tiene 3 puntos, y el primer equipo que llegue a 5 gana la partida. En cada ronda nueva las piezas se colocan otra vez y a cada uno le toca una pieza de vida y un objetivo nuevos; tu equipo sigue siendo el mismo. Fíjate en quién captura qué: así adivinas quién está de tu lado."
            ),
            game_ends: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use intrigue_core::Viewer;
    use intrigue_core::game::{Referee, ToAct};
    use intrigue_core::games::city_of_spies::{Cards, Event, Phase, Piece, Team};

    use crate::games::guide_checks::{assert_plays_through, assert_teaches_its_rules};

    /// The deal the script was written for, as its words say: the person White, with the
    /// Queen to keep and Bishop 2 to take; Pawn 1, Pawn 4 and Bishop 1 the others' lives.
    #[test]
    fn the_lesson_is_dealt_as_its_words_say() {
        let l = lesson();
        let mut referee = Referee::<CityOfSpies>::new(l.config.clone(), l.seed).expect("dealt");
        assert_eq!(referee.to_act(), ToAct::Table, "the round's set-up is the table's");
        let own = |r: &Referee<CityOfSpies>, seat| r.view(Viewer::Seat(seat)).body.own.expect("its own");
        let you = own(&referee, 0);
        assert_eq!(you.team, Team::White);
        assert_eq!(you.cards, Cards { life: Piece::Queen, target: Piece::Bishop2 });
        let lives: Vec<Piece> = (1..4).map(|seat| own(&referee, seat).cards.life).collect();
        assert_eq!(lives, [Piece::Pawn4, Piece::Pawn1, Piece::Bishop1]);
        referee.act(l.actions[0]).expect("set up");
        // The first cycle: Di, then the person.
        let table = referee.view(Viewer::Table).body;
        assert_eq!(table.order[..2], [3, 0]);
    }

    /// It plays through one round: Cy, Bo and Di are knocked out in that order, the
    /// person's claim and the round give White 3, and the next round waits for its set-up.
    #[test]
    fn the_lesson_plays_one_round_and_white_scores_3() {
        let l = lesson();
        assert_plays_through(&l);
        let mut referee = l.referee_at(0).expect("dealt");
        let mut out = Vec::new();
        let mut claimed = Vec::new();
        for (i, action) in l.actions.iter().enumerate() {
            for event in referee.act(*action).expect("the script's") {
                match event {
                    Event::Eliminated { seat } => out.push(seat),
                    Event::TargetClaimed { seat, team, piece } => claimed.push((seat, team, piece)),
                    Event::RoundWon { seat, team, .. } => {
                        assert_eq!((i, seat, team), (l.actions.len() - 1, 0, Team::White));
                    }
                    _ => {}
                }
            }
            // The person's Queen is never within a piece's reach when the person is not
            // to move (none of the script's moves could take it).
            if referee.to_act() != ToAct::Seat(0) {
                let table = referee.view(Viewer::Table).body;
                if let Some(&(queen, _)) = table.board.iter().find(|(_, p)| *p == Piece::Queen) {
                    assert!(
                        table.destinations.iter().all(|(_, to)| !to.contains(&queen)),
                        "action {i}: the Queen can be taken"
                    );
                }
            }
        }
        assert_eq!(out, [2, 1, 3]);
        assert_eq!(claimed, [(0, Team::White, Piece::Bishop2)]);
        let table = referee.view(Viewer::Table).body;
        assert_eq!(table.scores, [3, 0]);
        assert_eq!((table.round, table.phase), (2, Phase::SetUp));
    }

    /// Every section of the rules a first game needs is taught by a step; the three it
    /// does not meet are a player with no move, a round without captures, and a take back
    /// (a lesson has none).
    #[test]
    fn the_lesson_teaches_every_section_of_the_rules_a_first_game_needs() {
        assert_teaches_its_rules(
            &lesson().guide,
            include_str!("../../../public/rules/city-of-spies.html"),
            &["Nothing to move", "A round that goes nowhere", "Taking back a move"],
        );
    }
}
