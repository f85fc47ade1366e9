//! What happened, in words and on the board: the opponent's last turn after the curtain,
//! the last turn at the end, and how the game ended.

use intrigue_core::games::deckbuilder::{Card, Done, End, Event};

use crate::games::chess_pieces::role_name;

/// "a Silver", "a Pawn" (every card name begins with a consonant).
fn a_card(card: Card) -> String {
    format!("a {}", card.name())
}

/// The banner at the end of the game.
pub(super) fn end_words(end: End, names: &[String]) -> String {
    let name = |seat: u8| names[usize::from(seat)].clone();
    match end {
        End::Checkmate { winner } => format!("Checkmate: {} wins!", name(winner)),
        End::Resigned { loser } => format!("{} resigned: {} wins!", name(loser), name(1 - loser)),
        End::Stalemate => "Stalemate: a draw.".into(),
        End::DeadPosition => "A draw: neither side can checkmate.".into(),
        End::ThreefoldRepetition => "A draw by threefold repetition.".into(),
        End::FiftyMoves => "A draw by the fifty-move rule.".into(),
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
    let who = |seat: u8| names[usize::from(seat)].clone();
    story
        .iter()
        .filter_map(|event| match event {
            Event::Played { seat, card, done } => Some(match done {
                Done::Bonus => format!("{} played {} card without moving.", who(*seat), a_card(*card)),
                Done::Moved { san, .. } => format!("{} played {} card: {san}.", who(*seat), a_card(*card)),
                Done::Traded { trash, gain } => format!(
                    "{} played a Bishop card to trash {} and gain {}.",
                    who(*seat),
                    a_card(*trash),
                    a_card(*gain)
                ),
                Done::Revived { at, role } => format!(
                    "{} played a King card to bring back a {} on {at}.",
                    who(*seat),
                    role_name(*role)
                ),
            }),
            Event::DrewCount { seat, count } if *count > 0 && *seat != me => Some(format!(
                "{} drew {count} card{}.",
                who(*seat),
                if *count == 1 { "" } else { "s" }
            )),
            Event::Shuffled { seat } if *seat != me => {
                Some(format!("{} shuffled their discard pile into a new deck.", who(*seat)))
            }
            Event::Bought { seat, card } => Some(format!("{} bought {}.", who(*seat), a_card(*card))),
            Event::Escaped { seat, san, .. } => Some(format!(
                "{} had no card to get out of check: moved {san} without a card, and kept their hand.",
                who(*seat)
            )),
            Event::Check { seat } if *seat == me => Some("Check: your king is attacked.".into()),
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
