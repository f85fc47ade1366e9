//! Carousel Chess's guided first game: three players, one game of chess, the person on
//! team White. Seven plies, the Scholar's Mate: the person opens for White, then moves for
//! Black (the colour they are against) without spoiling White's attack, and mates with
//! the queen on f7 — 1 for the pawn, 10 for the mate, 5 for the mating colour's team.

use intrigue_core::Seed;
use intrigue_core::bots::Level;
use intrigue_core::games::carousel_chess::{Action, CarouselChess, Config, Options};
use intrigue_core::seats::Seats;
use intrigue_core::games::carousel_chess::chess::Square;

use crate::games::guide::{Guide, Lesson, Said, Step, square};

/// The lesson's deal: the person (the first seat) opens, and is on team White.
const SEED: u64 = 1;

fn ply(from: Square, to: Square) -> Action {
    Action {
        from,
        to,
        promotion: None,
    }
}

/// The person's step: the ply `from`–`to`, marked on the board.
fn yours(from: Square, to: Square, say: crate::i18n::Tr, wrong: crate::i18n::Tr, then: crate::i18n::Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (
        ply(from, to),
        Said {
            step: Some(Step {
                say,
                marks: vec![square(&from.to_string()), square(&to.to_string())],
                wrong,
            }),
            then,
            teaches,
        },
    )
}

/// A computer's reply.
fn reply(from: Square, to: Square, then: crate::i18n::Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    (ply(from, to), Said { step: None, then, teaches })
}

pub fn lesson() -> Lesson<CarouselChess> {
    use Square::*;
    let names: Vec<String> = ["You", "Bo", "Cy"].map(String::from).to_vec();
    let seats = Seats::new(3, names.clone()).expect("three seats");
    let beats = vec![
        yours(
            E2,
            E4,
            tr!(
                "The carousel gives you the first move, for White. Push the king's pawn two squares: tap e2, then e4.",
                "El carrusel te da la primera jugada, con blancas. Avanza dos casillas el peón del rey: toca e2 y luego e4."
            ),
            tr!(
                "A fine move in a real game, but this lesson plays a famous short one: tap e2, then e4.",
                "Buena jugada en una partida de verdad, pero esta lección juega una corta y famosa: toca e2 y luego e4."
            ),
            tr!(
                "You opened for White: the pawn on e4 frees White's queen and bishop.",
                "Abriste con blancas: el peón en e4 deja salir a la dama y al alfil blancos."
            ),
            &["The carousel"],
        ),
        reply(
            E7,
            E5,
            tr!(
                "Bo moved next, for Black: the turn goes round the table, each player making the next move for whichever colour is to move.",
                "Después movió Bo, con negras: el turno da la vuelta a la mesa y cada jugador hace la siguiente jugada del color al que le toque."
            ),
            &["The carousel"],
        ),
        reply(
            F1,
            C4,
            tr!(
                "Cy moved for White: the bishop on c4 aims at f7, a square only Black's king guards.",
                "Cy movió con blancas: el alfil en c4 apunta a f7, una casilla que solo defiende el rey negro."
            ),
            &[],
        ),
        yours(
            B8,
            C6,
            tr!(
                "Round again, and now you move for Black, the colour you are against. You must move, but not well: bring out the knight and leave f7 unguarded. Tap b8, then c6.",
                "Otra vuelta, y ahora mueves con negras, el color contra el que vas. Tienes que mover, pero no bien: saca el caballo y deja f7 sin defender. Toca b8 y luego c6."
            ),
            tr!(
                "Here the lesson wants a move that looks natural and lets White's attack on f7 go on: tap b8, then c6.",
                "Aquí la lección quiere una jugada que parezca normal y deje seguir el ataque blanco a f7: toca b8 y luego c6."
            ),
            tr!(
                "You moved for Black, and nobody can tell your team from it.",
                "Moviste con negras, y nadie puede saber tu equipo por eso."
            ),
            &["The carousel", "Secret teams"],
        ),
        reply(
            D1,
            H5,
            tr!(
                "Bo moved for White: the queen on h5 aims at f7 too. Bo is not on White's team (you hold its only slip), yet had to move for White.",
                "Bo movió con blancas: la dama en h5 también apunta a f7. Bo no es del equipo blanco (tú tienes su única papeleta), pero le tocó mover con blancas."
            ),
            &["Secret teams"],
        ),
        reply(
            G8,
            F6,
            tr!(
                "Cy moved for Black and attacked the queen, but left f7 open. A capture scores the piece's value to whoever makes it: pawn 1, knight or bishop 3, rook 5, queen 9.",
                "Cy movió con negras y atacó a la dama, pero dejó f7 abierta. Una captura da el valor de la pieza a quien la hace: peón 1, caballo o alfil 3, torre 5, dama 9."
            ),
            &["Scoring"],
        ),
        yours(
            H5,
            F7,
            tr!(
                "White to move, and White is your team: take the pawn on f7 with the queen. It is checkmate. Tap h5, then f7.",
                "Mueven blancas, y blancas es tu equipo: captura el peón de f7 con la dama. Es jaque mate. Toca h5 y luego f7."
            ),
            tr!(
                "One move ends the game here: the queen takes on f7. Tap h5, then f7.",
                "Aquí una jugada acaba la partida: la dama captura en f7. Toca h5 y luego f7."
            ),
            tr!(
                "Checkmate! The pawn scored you 1 and the mate 10. Every player on the mating colour's team scores 5, and you are on it: 5 more.",
                "¡Jaque mate! El peón te dio 1 y el mate 10. Cada jugador del equipo del color que da mate suma 5, y tú eres de ese equipo: 5 más."
            ),
            &[
                "Scoring",
                "The mating player's bonus",
                "Which draws pay the Draw player",
                "Ties",
            ],
        ),
    ];
    let (actions, beats): (Vec<Action>, Vec<Said>) = beats.into_iter().unzip();
    Lesson {
        config: Config {
            seats,
            options: Options::default(),
        },
        seed: Seed(SEED),
        names,
        computers: vec![None, Some(Level::Normal), Some(Level::Normal)],
        actions,
        guide: Guide {
            kind: intrigue_core::games::carousel_chess::KIND,
            opening: tr!(
                "Three of you share one game of chess: you, Bo and Cy (the computer plays both). You were dealt a secret team, White: hold the pad under the board to see it. Bo and Cy drew Black and Draw, and you do not know who has which.",
                "Tres jugadores compartís una partida de ajedrez: tú, Bo y Cy (el ordenador juega por los dos). Te tocó en secreto un equipo, blancas: mantén pulsado el recuadro bajo el tablero para verlo. Bo y Cy sacaron negras y tablas, y no sabes quién tiene cuál."
            ),
            start: 0,
            beats,
            end: tr!(
                "Every team is shown now, and the highest total wins: you, with 16. Had the game ended in any draw (stalemate, repetition, too few pieces to mate, fifty moves), the Draw player would have scored 100. Equal top scores share the win.",
                "Ahora se muestran todos los equipos, y gana el total más alto: tú, con 16. Si la partida hubiera acabado en cualquier tablas (ahogado, repetición, poco material para dar mate, cincuenta jugadas), el jugador de tablas habría sumado 100. Los empatados en cabeza comparten la victoria."
            ),
            game_ends: true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use intrigue_core::Viewer;
    use intrigue_core::game::{Referee, ToAct};
    use intrigue_core::games::carousel_chess::Team;

    use crate::games::guide_checks::{assert_plays_through, assert_teaches_its_rules};

    /// The deal the script was written for: the person opens, on team White, and Bo and
    /// Cy hold Black and Draw.
    #[test]
    fn the_lesson_is_dealt_as_its_words_say() {
        let l = lesson();
        let referee = Referee::<CarouselChess>::new(l.config.clone(), l.seed).expect("dealt");
        assert_eq!(referee.to_act(), ToAct::Seat(0));
        let team = |seat| referee.view(Viewer::Seat(seat)).body.own;
        assert_eq!(team(0), Some(Team::White));
        let mut others = [team(1), team(2)];
        others.sort_by_key(|t| format!("{t:?}"));
        assert_eq!(others, [Some(Team::Black), Some(Team::Draw)]);
    }

    /// It plays through to the mate, and the person wins with the 16 its end says.
    #[test]
    fn the_lesson_plays_to_its_mate_and_the_person_wins_with_16() {
        let l = lesson();
        assert_plays_through(&l);
        let referee = l.referee_at(l.actions.len()).expect("played through");
        let table = referee.view(Viewer::Table).body;
        assert_eq!(table.scores[0], 16);
        assert_eq!(table.winners, vec![0]);
    }

    /// Every section of the rules a first game needs is taught by a step; the two it does
    /// not meet are an even table (this one has three players) and a promotion.
    #[test]
    fn the_lesson_teaches_every_section_of_the_rules_a_first_game_needs() {
        assert_teaches_its_rules(
            &lesson().guide,
            include_str!("../../../public/rules/carousel-chess.html"),
            &["An even number of players", "Promoted pieces"],
        );
    }
}
