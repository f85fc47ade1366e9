//! What happened, in words and on the board: the opponent's last turn after the curtain,
//! the last turn at the end, and how the game ended.

use intrigue_core::games::deckbuilder::{Card, Done, End, Event};

use crate::games::chess_pieces::{role_name, san};

/// A card's name in the page's language: "Knight", "Caballo", "Cobre".
pub(super) fn card_name(card: Card) -> &'static str {
    crate::i18n::word(card.name())
}

/// What playing a card does, in a few words.
pub(super) fn card_effect(card: Card) -> &'static str {
    match card {
        Card::Pawn => tr!("Move a pawn · +1 action", "Mueve un peón · +1 acción"),
        Card::Rook => tr!("Move a rook · draw 2 cards", "Mueve una torre · roba 2 cartas"),
        Card::Knight => tr!(
            "Move a knight · draw 1 card · +1 action",
            "Mueve un caballo · roba 1 carta · +1 acción"
        ),
        Card::Bishop => tr!(
            "Move a bishop, or trade a card up by 1",
            "Mueve un alfil, o cambia una carta por otra que cueste 1 más"
        ),
        Card::King => tr!(
            "Move the king, or bring back a lost piece",
            "Mueve el rey, o recupera una pieza perdida"
        ),
        Card::Queen => tr!(
            "Move the queen · +1 buy · worth 1",
            "Mueve la dama · +1 compra · vale 1"
        ),
        Card::Copper => tr!("Treasure 1", "Tesoro 1"),
        Card::Silver => tr!("Treasure 2", "Tesoro 2"),
    }
    .get()
}

/// A card's name inside a sentence: "Knight" in English, "caballo" in Spanish.
pub(super) fn card_word(card: Card) -> &'static str {
    if !crate::i18n::es() {
        return card.name();
    }
    match card {
        Card::Pawn => "peón",
        Card::Rook => "torre",
        Card::Knight => "caballo",
        Card::Bishop => "alfil",
        Card::King => "rey",
        Card::Queen => "dama",
        Card::Copper => "cobre",
        Card::Silver => "plata",
    }
}

/// "a Silver", "a Pawn"; "una carta de plata", "una carta de peón".
fn a_card(card: Card) -> String {
    trf!("a {}", "una carta de {}", card_word(card))
}

/// The banner at the end of the game.
pub(super) fn end_words(end: End, names: &[String]) -> String {
    let name = |seat: u8| names[usize::from(seat)].clone();
    match end {
        End::Checkmate { winner } => {
            let wins = crate::i18n::wins(&name(winner));
            trf!("Checkmate: {wins}!", "Jaque mate: ¡{wins}!")
        }
        End::Resigned { loser } => {
            crate::games::shared_device::resigned(&name(loser), &name(1 - loser))
        }
        End::Stalemate => tr!("Stalemate: a draw.", "Ahogado: tablas.").to_string(),
        End::DeadPosition => tr!(
            "A draw: neither side can checkmate.",
            "Tablas: ningún bando puede dar jaque mate."
        )
        .to_string(),
        End::ThreefoldRepetition => tr!(
            "A draw by threefold repetition.",
            "Tablas por triple repetición."
        )
        .to_string(),
        End::FiftyMoves => tr!(
            "A draw by the fifty-move rule.",
            "Tablas por la regla de las cincuenta jugadas."
        )
        .to_string(),
    }
}

/// The opponent's last turn, oldest first: the events between the start of their last
/// turn and the start of `me`'s turn.
pub(super) fn their_last_turn<'a>(
    newest_first: impl Iterator<Item = &'a Event>,
    me: u8,
) -> Vec<Event> {
    let them = 1 - me;
    let mut story = Vec::new();
    let mut in_theirs = false;
    for event in newest_first {
        match event {
            Event::TurnStarted { seat, .. } if *seat == me && !in_theirs => {
                in_theirs = true;
                continue;
            }
            Event::TurnStarted { seat, .. } if *seat == them => break,
            _ => {}
        }
        if in_theirs {
            story.push(event.clone());
        }
    }
    story.reverse();
    story
}

/// The game's last turn, oldest first: the events since the last turn began.
pub(super) fn last_turn<'a>(newest_first: impl Iterator<Item = &'a Event>) -> Vec<Event> {
    let mut story: Vec<Event> = newest_first
        .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
        .cloned()
        .collect();
    story.reverse();
    story
}

/// The story in sentences.
pub(super) fn sentences(story: &[Event], names: &[String], me: u8) -> Vec<String> {
    let who = |seat: u8| crate::i18n::subject(&names[usize::from(seat)]);
    let you = |seat: u8| crate::i18n::is_you(&names[usize::from(seat)]);
    story
        .iter()
        .filter_map(|event| match event {
            // The one person alone against the computer is "you": "You played…", "Jugaste…".
            Event::Played { seat, card, done } if you(*seat) => Some(match done {
                Done::Bonus => trf!(
                    "You played {} card without moving.",
                    "Jugaste {} sin mover.",
                    a_card(*card)
                ),
                Done::Moved { san: moved, .. } => trf!(
                    "You played {} card: {}.",
                    "Jugaste {}: {}.",
                    a_card(*card),
                    san(moved)
                ),
                Done::Traded { trash, gain } => trf!(
                    "You played a Bishop card to trash {} and gain {}.",
                    "Jugaste una carta de alfil para eliminar {} y ganar {}.",
                    a_card(*trash),
                    a_card(*gain)
                ),
                Done::Revived { at, role } => trf!(
                    "You played a King card to bring back a {} on {at}.",
                    "Jugaste una carta de rey para recuperar: {} en {at}.",
                    role_name(*role)
                ),
            }),
            Event::Played { seat, card, done } => Some(match done {
                Done::Bonus => trf!(
                    "{} played {} card without moving.",
                    "{} jugó {} sin mover.",
                    who(*seat),
                    a_card(*card)
                ),
                Done::Moved { san: moved, .. } => trf!(
                    "{} played {} card: {}.",
                    "{} jugó {}: {}.",
                    who(*seat),
                    a_card(*card),
                    san(moved)
                ),
                Done::Traded { trash, gain } => trf!(
                    "{} played a Bishop card to trash {} and gain {}.",
                    "{} jugó una carta de alfil para eliminar {} y ganar {}.",
                    who(*seat),
                    a_card(*trash),
                    a_card(*gain)
                ),
                Done::Revived { at, role } => trf!(
                    "{} played a King card to bring back a {} on {at}.",
                    "{} jugó una carta de rey para recuperar: {} en {at}.",
                    who(*seat),
                    role_name(*role)
                ),
            }),
            Event::DrewCount { seat, count } if *count > 0 && *seat != me => Some(trf!(
                "{} drew {}.",
                "{} robó {}.",
                who(*seat),
                crate::i18n::count(*count, tr!("card", "carta"), tr!("cards", "cartas"))
            )),
            Event::Shuffled { seat } if *seat != me => Some(trf!(
                "{} shuffled their discard pile into a new deck.",
                "{} barajó su pila de descartes para hacer un mazo nuevo.",
                who(*seat)
            )),
            Event::Bought { seat, card } if you(*seat) => Some(trf!(
                "You bought {}.",
                "Compraste {}.",
                a_card(*card)
            )),
            Event::Escaped { seat, san: moved, .. } if you(*seat) => Some(trf!(
                "You had no card to get out of check: moved {} without a card, and kept your hand.",
                "No tenías carta para salir del jaque: jugaste {} sin carta y te quedaste tu mano.",
                san(moved)
            )),
            Event::Bought { seat, card } => Some(trf!(
                "{} bought {}.",
                "{} compró {}.",
                who(*seat),
                a_card(*card)
            )),
            Event::Escaped { seat, san: moved, .. } => Some(trf!(
                "{} had no card to get out of check: moved {} without a card, and kept their hand.",
                "{} no tenía carta para salir del jaque: jugó {} sin carta y se quedó su mano.",
                who(*seat),
                san(moved)
            )),
            Event::Check { seat } if *seat == me => {
                Some(tr!("Check: your king is attacked.", "Jaque: atacan a tu rey.").to_string())
            }
            _ => None,
        })
        .collect()
}

/// The squares the story's moves touched.
pub(super) fn touched(story: &[Event]) -> (Option<(u8, u8)>, Vec<u8>) {
    let mut moves: Vec<(u8, u8)> = Vec::new();
    let mut more = Vec::new();
    for event in story {
        match event {
            Event::Played {
                done: Done::Moved { mv, .. },
                ..
            }
            | Event::Escaped { mv, .. } => {
                moves.push((mv.from as u8, mv.to as u8));
            }
            Event::Played {
                done: Done::Revived { at, .. },
                ..
            } => more.push(*at as u8),
            _ => {}
        }
    }
    let last = moves.pop();
    more.extend(moves.into_iter().flat_map(|(a, b)| [a, b]));
    (last, more)
}
