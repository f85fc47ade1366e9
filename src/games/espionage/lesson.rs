//! Espionage's guided first game: both armies set up for the lesson, the person South.
//! In six turns a minesweeper walks up the e-file behind a spy: the spy unmasks North's
//! General, the minesweeper beats it (a minesweeper that attacks a general wins), clears a
//! mine on e8 and takes the headquarters on e9.

use intrigue_core::Seed;
use intrigue_core::bots::Level;
use intrigue_core::games::espionage::{Action, Config, Espionage, Geometry, Kind, Placement};
use intrigue_core::seats::Seats;

use crate::games::guide::{Guide, Lesson, Said, Step, square};
use crate::i18n::Tr;

/// The lesson's deal: its volcanoes stand clear of every square the script's pieces use.
const SEED: u64 = 77;

const G: Geometry = Geometry { width: 10 };

/// A square's index from its name.
fn at(name: &str) -> u8 {
    G.parse(name).expect("a square of the board")
}

/// `seat`'s set-up: the pieces named, the rest of the army filled in around them.
fn set_up(seat: u8, named: &[(&str, Kind)], fill: u64) -> Placement {
    let zone = G.zone(seat);
    let mut slots = vec![None; zone.len()];
    for (name, kind) in named {
        let square = at(name);
        let slot = zone.iter().position(|&s| s == square).expect("in the seat's zone");
        slots[slot] = Some(*kind);
    }
    Placement::fill(&slots, Seed(fill), G.width)
}

/// The person's move `from`–`to`, marked on the board.
fn step(from: &str, to: &str, say: Tr, wrong: Tr, then: Tr, teaches: &'static [&'static str]) -> (Action, Said) {
    let action = Action::Move { from: at(from), to: at(to) };
    let step = Step {
        say,
        marks: vec![square(from), square(to)],
        wrong,
    };
    (action, Said { step: Some(step), then, teaches })
}

/// The person submits the turn.
fn submit(say: Tr) -> (Action, Said) {
    let step = Step {
        say,
        marks: vec!["[data-action=\"submit\"]".to_string()],
        wrong: tr!("Both moves are made: tap Submit turn.", "Los dos movimientos están hechos: toca Enviar turno."),
    };
    (Action::Submit, Said { step: Some(step), then: tr!("", ""), teaches: &["The two-move turn"] })
}

/// The computer's turn: two moves and its submit, said once it is submitted.
fn turn(first: (&str, &str), second: (&str, &str), then: Tr, teaches: &'static [&'static str]) -> [(Action, Said); 3] {
    let quiet = || Said { step: None, then: tr!("", ""), teaches: &[] };
    [
        (Action::Move { from: at(first.0), to: at(first.1) }, quiet()),
        (Action::Move { from: at(second.0), to: at(second.1) }, quiet()),
        (Action::Submit, Said { step: None, then, teaches }),
    ]
}

/// Said when a move other than the step's was tried.
fn this_one(from: &str, to: &str) -> Tr {
    match (from, to) {
        ("e3", "e4") => tr!("This lesson sends the minesweeper up the e-file: tap e3, then e4.", "Esta lección lleva el cazaminas por la columna e: toca e3 y luego e4."),
        ("d3", "d4") => tr!("The second move is the spy's: tap d3, then d4.", "El segundo movimiento es del espía: toca d3 y luego d4."),
        ("e4", "e5") => tr!("Keep the minesweeper going: tap e4, then e5.", "Sigue con el cazaminas: toca e4 y luego e5."),
        ("d4", "d5") => tr!("The spy goes alongside: tap d4, then d5.", "El espía va al lado: toca d4 y luego d5."),
        ("e5", "e6") => tr!("The minesweeper first: tap e5, then e6.", "Primero el cazaminas: toca e5 y luego e6."),
        ("d5", "d6") => tr!("Bring the spy up beside the General's square: tap d5, then d6.", "Acerca el espía a la casilla del general: toca d5 y luego d6."),
        ("e6", "e7") => tr!("Attack the General with the minesweeper: tap e6, then e7.", "Ataca al general con el cazaminas: toca e6 y luego e7."),
        ("f3", "f4") => tr!("The second move is the Colonel's: tap f3, then f4.", "El segundo movimiento es del coronel: toca f3 y luego f4."),
        ("e7", "e8") => tr!("Only a minesweeper may step on a mine and live: tap e7, then e8.", "Solo un cazaminas puede pisar una mina y vivir: toca e7 y luego e8."),
        ("f4", "f5") => tr!("The Colonel again: tap f4, then f5.", "Otra vez el coronel: toca f4 y luego f5."),
        _ => tr!("Take the headquarters: tap e8, then e9.", "Toma el cuartelillo: toca e8 y luego e9."),
    }
}

pub fn lesson() -> Lesson<Espionage> {
    let names: Vec<String> = ["You", "Bo"].map(String::from).to_vec();
    let seats = Seats::new(2, names.clone()).expect("two seats");
    let south = set_up(
        0,
        &[
            ("d3", Kind::Spy),
            ("e3", Kind::Minesweeper),
            ("f3", Kind::Colonel),
            ("b1", Kind::Headquarters),
            ("a1", Kind::Mine),
            ("c1", Kind::Mine),
            ("b2", Kind::Mine),
        ],
        1,
    );
    let north = set_up(
        1,
        &[
            ("e9", Kind::Headquarters),
            ("e8", Kind::Mine),
            ("d8", Kind::Mine),
            ("f8", Kind::General),
            ("c8", Kind::Lieutenant),
            ("b8", Kind::Corporal),
            ("h8", Kind::Corporal),
            ("a8", Kind::Captain),
        ],
        2,
    );
    let quiet = || Said { step: None, then: tr!("", ""), teaches: &[] };
    let mut beats: Vec<(Action, Said)> = vec![(Action::SetUp(south), quiet()), (Action::SetUp(north), quiet())];
    // Turn 1.
    beats.push(step(
        "e3",
        "e4",
        tr!(
            "A turn is two moves with two different pieces, each one square up, down, left or right. First your minesweeper: tap e3, then e4.",
            "Un turno son dos movimientos con dos piezas distintas, cada uno una casilla arriba, abajo, a la izquierda o a la derecha. Primero tu cazaminas: toca e3 y luego e4."
        ),
        this_one("e3", "e4"),
        tr!("Your minesweeper stepped to e4.", "Tu cazaminas avanzó a e4."),
        &["Moving", "The two-move turn", "The board", "Setting up"],
    ));
    beats.push(step(
        "d3",
        "d4",
        tr!("Now another piece, your spy: tap d3, then d4.", "Ahora otra pieza, tu espía: toca d3 y luego d4."),
        this_one("d3", "d4"),
        tr!("Your spy stepped to d4.", "Tu espía avanzó a d4."),
        &["The two-move turn"],
    ));
    beats.push(submit(tr!("Both moves made: tap Submit turn.", "Los dos movimientos hechos: toca Enviar turno.")));
    beats.extend(turn(
        ("f8", "f7"),
        ("b8", "b7"),
        tr!(
            "Bo moved f8 to f7 and b8 to b7: you see where his pieces stand, never what they are.",
            "Bo movió de f8 a f7 y de b8 a b7: ves dónde están sus piezas, nunca qué son."
        ),
        &["The armies"],
    ));
    // Turn 2.
    beats.push(step(
        "e4",
        "e5",
        tr!(
            "A piece may never step straight back onto the square it left in your last turn: your minesweeper could not return to e3 now. Onward: tap e4, then e5.",
            "Una pieza nunca puede volver a la casilla que dejó en tu turno anterior: tu cazaminas no podría volver a e3 ahora. Adelante: toca e4 y luego e5."
        ),
        this_one("e4", "e5"),
        tr!("Your minesweeper stepped to e5.", "Tu cazaminas avanzó a e5."),
        &["Moving", "No going back"],
    ));
    beats.push(step(
        "d4",
        "d5",
        tr!(
            "The dark squares c5 and c6 are volcanoes: no piece may ever enter one. Tap d4, then d5.",
            "Las casillas oscuras c5 y c6 son volcanes: ninguna pieza puede entrar nunca en uno. Toca d4 y luego d5."
        ),
        this_one("d4", "d5"),
        tr!("Your spy stepped to d5.", "Tu espía avanzó a d5."),
        &["Volcanoes", "The armies"],
    ));
    beats.push(submit(tr!("Tap Submit turn.", "Toca Enviar turno.")));
    beats.extend(turn(
        ("f7", "e7"),
        ("b7", "b6"),
        tr!("Bo moved f7 to e7 and b7 to b6.", "Bo movió de f7 a e7 y de b7 a b6."),
        &[],
    ));
    // Turn 3.
    beats.push(step(
        "e5",
        "e6",
        tr!(
            "Bo's piece on e7 has moved, so it is no mine and no headquarters: those never move. Tap e5, then e6.",
            "La pieza de Bo en e7 se ha movido, así que no es una mina ni el cuartelillo: esos nunca se mueven. Toca e5 y luego e6."
        ),
        this_one("e5", "e6"),
        tr!("Your minesweeper stepped to e6.", "Tu cazaminas avanzó a e6."),
        &["The armies"],
    ));
    beats.push(step(
        "d5",
        "d6",
        tr!(
            "A spy unmasks every enemy piece on the eight squares around it. Tap d5, then d6.",
            "Un espía desenmascara toda pieza enemiga en las ocho casillas que lo rodean. Toca d5 y luego d6."
        ),
        this_one("d5", "d6"),
        tr!(
            "Your spy unmasked the piece on e7: a General, the strongest soldier. A spy itself beats only spies and minesweepers.",
            "Tu espía desenmascaró la pieza de e7: un general, el soldado más fuerte. El espía solo vence a espías y cazaminas."
        ),
        &["Spies", "When spies look", "The armies"],
    ));
    beats.push(submit(tr!("Tap Submit turn.", "Toca Enviar turno.")));
    beats.extend(turn(
        ("c8", "c7"),
        ("h8", "h7"),
        tr!(
            "Bo moved c8 to c7 and h8 to h7. The piece that came to c7 stands beside your spy, so it was unmasked as it arrived: a Lieutenant.",
            "Bo movió de c8 a c7 y de h8 a h7. La pieza que llegó a c7 está junto a tu espía, así que quedó desenmascarada al llegar: un teniente."
        ),
        &["When spies look", "Spies"],
    ));
    // Turn 4.
    beats.push(step(
        "e6",
        "e7",
        tr!(
            "Moving onto an enemy piece attacks it: both are shown and the stronger stays, the attacker on a tie. A General beats every soldier, but a minesweeper that attacks a General wins. Tap e6, then e7.",
            "Moverse sobre una pieza enemiga la ataca: se muestran las dos y se queda la más fuerte, la atacante si empatan. Un general vence a todo soldado, pero un cazaminas que ataca a un general gana. Toca e6 y luego e7."
        ),
        this_one("e6", "e7"),
        tr!(
            "Your minesweeper beat the General and stands on e7, unmasked now.",
            "Tu cazaminas venció al general y está en e7, ya desenmascarado."
        ),
        &["Moving", "What counts as a fight", "The armies"],
    ));
    beats.push(step(
        "f3",
        "f4",
        tr!("Second move: your Colonel. Tap f3, then f4.", "Segundo movimiento: tu coronel. Toca f3 y luego f4."),
        this_one("f3", "f4"),
        tr!("Your Colonel stepped to f4.", "Tu coronel avanzó a f4."),
        &[],
    ));
    beats.push(submit(tr!("Tap Submit turn.", "Toca Enviar turno.")));
    beats.extend(turn(
        ("b6", "b5"),
        ("h7", "h6"),
        tr!("Bo moved b6 to b5 and h7 to h6.", "Bo movió de b6 a b5 y de h7 a h6."),
        &[],
    ));
    // Turn 5.
    beats.push(step(
        "e7",
        "e8",
        tr!(
            "The piece on e8 has never moved: it may be a mine. A mine destroys whatever steps on it, except a minesweeper, which clears it. Tap e7, then e8.",
            "La pieza de e8 nunca se ha movido: puede ser una mina. Una mina destruye lo que la pisa, salvo un cazaminas, que la retira. Toca e7 y luego e8."
        ),
        this_one("e7", "e8"),
        tr!(
            "It was a mine: your minesweeper cleared it and took its square. Any other piece would have died there.",
            "Era una mina: tu cazaminas la retiró y ocupó su casilla. Cualquier otra pieza habría muerto allí."
        ),
        &["Moving", "The armies", "What counts as a fight"],
    ));
    beats.push(step(
        "f4",
        "f5",
        tr!("Tap f4, then f5.", "Toca f4 y luego f5."),
        this_one("f4", "f5"),
        tr!("Your Colonel stepped to f5.", "Tu coronel avanzó a f5."),
        &[],
    ));
    beats.push(submit(tr!("Tap Submit turn.", "Toca Enviar turno.")));
    beats.extend(turn(
        ("h6", "h5"),
        ("a8", "a7"),
        tr!("Bo moved h6 to h5 and a8 to a7.", "Bo movió de h6 a h5 y de a8 a a7."),
        &[],
    ));
    // Turn 6.
    beats.push(step(
        "e8",
        "e9",
        tr!(
            "Any piece can take the headquarters, and taking it wins at once, even on the first move of a turn. Tap e8, then e9.",
            "Cualquier pieza puede tomar el cuartelillo, y tomarlo gana en el acto, incluso en el primer movimiento de un turno. Toca e8 y luego e9."
        ),
        this_one("e8", "e9"),
        tr!("You took Bo's headquarters!", "¡Tomaste el cuartelillo de Bo!"),
        &["Winning", "The end", "A game that stalls"],
    ));
    let (actions, beats): (Vec<Action>, Vec<Said>) = beats.into_iter().unzip();
    Lesson {
        config: Config::standard(seats),
        seed: Seed(SEED),
        names,
        computers: vec![None, Some(Level::Normal)],
        actions,
        guide: Guide {
            kind: intrigue_core::games::espionage::KIND,
            opening: tr!(
                "You are South, Bo (the computer) North, on a board of 10 by 10. Each army of 30 pieces is set up in private in its player's three nearest rows; for this lesson both are set up already. Tap a piece of yours to see what it is.",
                "Tú eres el sur y Bo (el ordenador) el norte, en un tablero de 10 por 10. Cada ejército de 30 piezas se coloca en privado en las tres filas más cercanas a su jugador; para esta lección los dos ya están colocados. Toca una pieza tuya para ver qué es."
            ),
            start: 2,
            beats,
            end: tr!(
                "You win, and both armies are shown. A player who has no legal move loses too, and a hundred turns in a row without a fight is a draw.",
                "Ganas, y se muestran los dos ejércitos. También pierde quien no tiene ningún movimiento legal, y cien turnos seguidos sin combate son tablas."
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

    /// The board is as the words say: volcanoes on c5 and c6, none on a square the
    /// script uses.
    #[test]
    fn the_volcanoes_stand_where_the_words_say() {
        let volcanoes: Vec<String> = G.volcanoes(Seed(SEED), 4).iter().map(|&s| G.name(s)).collect();
        assert!(volcanoes.contains(&"c5".to_string()) && volcanoes.contains(&"c6".to_string()), "{volcanoes:?}");
    }

    /// The script plays through, each fight as its words say, to the headquarters taken.
    #[test]
    fn the_lesson_plays_through_to_the_headquarters_taken() {
        let l = lesson();
        assert_plays_through(&l);
        let referee: Referee<Espionage> = l.referee_at(l.actions.len()).expect("played through");
        assert_eq!(referee.status(), Status::Over { winners: vec![0], scores: vec![] });
        // The spy saw the General from d6 before the minesweeper beat it.
        let before_fight = l.referee_at(l.actions.len() - 13).expect("played");
        let south = before_fight.view(Viewer::Seat(0)).body;
        let seen = format!("{:?}", south.squares[usize::from(at("e7"))]);
        assert!(seen.contains("General"), "e7 as South sees it: {seen}");
    }

    /// Every section of the rules a first game needs is taught by a step; the one it
    /// does not meet is taking a move back (a lesson plays its script only).
    #[test]
    fn the_lesson_teaches_every_section_of_the_rules_a_first_game_needs() {
        assert_teaches_its_rules(
            &lesson().guide,
            include_str!("../../../public/rules/espionage.html"),
            &["Taking a move back"],
        );
    }
}
