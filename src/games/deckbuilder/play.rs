//! The Chess deckbuilder on one shared device: a privacy curtain between the turns, then
//! the board and, below it, the hand of the player to act. Tapping a card shows the pieces
//! it can move; its other uses (for its bonus alone, the Bishop's trade, the King's
//! revival) are buttons under the hand. The buy phase buys from the supply piles. What the
//! opponent did in their last turn is marked on the board and told in words.
//!
//! While the curtain is up the screen is built from the table's view, which holds no hand.

use intrigue_core::Viewer;
use intrigue_core::game::{Referee, Status};
use intrigue_core::games::deckbuilder::chess::Role;
use intrigue_core::games::deckbuilder::{
    Action, Card, ChessMove, Deckbuilder, DeckbuilderView, Done, Event, How, Phase, colour,
};
use leptos::prelude::*;

use crate::components::{Board, BoardModel, BoardPiece, Face, TapShows};
use crate::cues::{Cue, cue, strongest};
use super::story::card_word;
use crate::games::chess_pieces::{colour_name, picture};
use crate::games::host::{OnPhones, PlayOnPhones, phone_to_act};
use crate::games::shared_device::{self, Curtain, NotSaved};
use crate::saved;

use super::story::{end_words, last_turn, sentences, their_last_turn, touched};
use super::turn::SeatTurn;

/// This game's part of the app, loaded the first time it is called: its screen for a saved
/// game, or the check of an imported file.
#[leptos::lazy]
pub fn part(call: crate::games::PartCall) -> crate::games::PartAnswer {
    crate::games::answer_on_phones::<Deckbuilder, _>(
        call,
        |referee| view! { <DeckbuilderPlay referee/> }.into_any(),
        |me, feed, problem| view! { <DeckbuilderPhone me feed problem/> }.into_any(),
    )
}

pub(super) fn card_picture(card: Card, seat: u8) -> Option<&'static str> {
    card.role().map(|role| picture(colour(seat), role))
}

/// What a card does, in the fewest words (the card says it; the whole is said when chosen).
pub(super) fn short_effect(card: Card) -> &'static str {
    match card {
        Card::Pawn => tr!("+1 action", "+1 acción"),
        Card::Rook => tr!("+2 cards", "+2 cartas"),
        Card::Knight => tr!("+1 card +1 action", "+1 carta +1 acción"),
        Card::Bishop => tr!("or trade up", "o mejora una carta"),
        Card::King => tr!("or bring back", "o recupera una pieza"),
        Card::Queen => tr!("+1 buy, worth 1", "+1 compra, vale 1"),
        Card::Copper => tr!("worth 1", "vale 1"),
        Card::Silver => tr!("worth 2", "vale 2"),
    }
    .get()
}

/// The board for `me`, with the chosen card's moves (or the escapes) as destinations.
pub(super) fn model(
    v: &DeckbuilderView,
    me: u8,
    card: Option<Card>,
    marks: &(Option<(u8, u8)>, Vec<u8>),
) -> BoardModel {
    let moves = choices(v, card);
    let mut destinations: Vec<(u8, Vec<u8>)> = Vec::new();
    // Moves offered more than once (a promotion, to each piece) ask which first.
    let mut asking: Vec<(u8, u8)> = Vec::new();
    for m in &moves {
        let (f, t) = (m.from as u8, m.to as u8);
        match destinations.iter_mut().find(|(from, _)| *from == f) {
            Some((_, to)) if !to.contains(&t) => to.push(t),
            Some(_) => asking.push((f, t)),
            None => destinations.push((f, vec![t])),
        }
    }
    // The King card's revival: the lost pieces wait beside the board, to be placed on the
    // pawn they replace.
    let mut tray: Vec<BoardPiece> = Vec::new();
    let mut drops: Vec<(u16, Vec<u8>)> = Vec::new();
    for a in &v.legal {
        if let Action::Play {
            card: Card::King,
            how: How::Revive { at, role },
        } = a
            && card == Some(Card::King)
        {
            let id = tray_id(*role);
            if !tray.iter().any(|p| p.id == id) {
                tray.push(BoardPiece {
                    id,
                    at: 0,
                    owner: None,
                    face: Face::Up,
                    image: picture(colour(me), *role),
                    label: trf!(
                        "Lost {}",
                        "{} perdido",
                        crate::games::chess_pieces::piece_name(colour(me), *role)
                    ),
                    badge: None,
                });
                drops.push((id, Vec::new()));
            }
            if let Some((_, squares)) = drops.iter_mut().find(|(i, _)| *i == id) {
                squares.push(*at as u8);
            }
        }
    }
    BoardModel {
        width: 8,
        height: 8,
        tray,
        drops,
        pieces: v
            .pieces()
            .into_iter()
            .map(|(sq, c, role)| BoardPiece {
                id: sq as u16,
                at: sq as u8,
                owner: None,
                face: Face::Up,
                image: picture(c, role),
                label: crate::games::chess_pieces::piece_name(c, role),
                badge: None,
            })
            .collect(),
        destinations,
        last_move: marks.0,
        recent: marks.1.clone(),
        check: v.check.map(|sq| sq as u8),
        flipped: me == 1,
        tap_shows: TapShows::EveryMoveBut(asking),
        ..Default::default()
    }
}

/// Scroll the page so that the element `selector` finds is above the bar held at the bottom
/// of the screen (on a phone; on a wide screen the bar is not held there, and nothing moves).
pub(super) fn show_above_bar(selector: &str) {
    let window = window();
    let document = document();
    let (Ok(Some(element)), Ok(Some(bar))) = (
        document.query_selector(selector),
        document.query_selector(".deckbuilder .deck-bar"),
    ) else {
        return;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let bar = bar.get_bounding_client_rect();
    let held = bar.bottom() >= height - 1.0;
    let hidden = element.get_bounding_client_rect().bottom() - bar.top();
    if held && hidden > 0.0 {
        window.scroll_by_with_x_and_y(0.0, hidden + 8.0);
    }
}

/// A lost piece's id in the tray (apart from the squares' ids, 0–63).
pub(super) fn tray_id(role: Role) -> u16 {
    100 + role as u16
}

/// The moves the board offers: the chosen card's, or every escape.
fn choices(v: &DeckbuilderView, card: Option<Card>) -> Vec<ChessMove> {
    v.legal
        .iter()
        .filter_map(|a| match (a, card) {
            (
                Action::Play {
                    card: c,
                    how: How::Move(m),
                },
                Some(chosen),
            ) if *c == chosen => Some(*m),
            (Action::Escape(m), _) => Some(*m),
            _ => None,
        })
        .collect()
}

/// What the player may do now, said in the line under their name; `chosen` is the card they
/// tapped.
pub(super) fn status_line(v: &DeckbuilderView, chosen: Option<Card>) -> String {
    let moves_with = |card: Card| {
        v.legal
            .iter()
            .any(|a| matches!(a, Action::Play { card: c, how: How::Move(_) } if *c == card))
    };
    match v.phase {
        Phase::Escape => tr!(
            "In check, and no card in your hand can get you out: move a piece out of check without a card. Your turn then ends and you keep your hand.",
            "En jaque, y ninguna carta de tu mano te saca: saca una pieza del jaque sin carta. Después tu turno termina y te quedas tu mano."
        )
        .to_string(),
        Phase::Action if v.must_escape && chosen.is_none() => tr!(
            "Check! Play a card that moves a piece out of check.",
            "¡Jaque! Juega una carta que saque una pieza del jaque."
        )
        .to_string(),
        Phase::Action => match chosen {
            Some(card) if moves_with(card) => trf!(
                "{} card: tap a marked piece, then where it goes.",
                "Carta de {}: toca una pieza marcada y luego adónde va.",
                card_word(card)
            ),
            // Playable, yet no piece can move with it: its bonus, trade or revival only.
            Some(card) => trf!(
                "No piece can move with the {} card now: play it another way, or choose another card.",
                "Ahora ninguna pieza puede moverse con la carta de {}: juégala de otra forma o elige otra carta.",
                card_word(card)
            ),
            None if v.hand.iter().any(|c| c.is_action()) => tr!(
                "Action phase: tap a card to see what it can move.",
                "Fase de acciones: toca una carta para ver qué puede mover."
            )
            .to_string(),
            None => tr!(
                "No action card in hand: go on to buying.",
                "No hay cartas de acción en la mano: pasa a comprar."
            )
            .to_string(),
        },
        Phase::Buy if v.buys == 0 => tr!(
            "No buys left: end your turn.",
            "No te quedan compras: termina tu turno."
        )
        .to_string(),
        Phase::Buy => trf!(
            "Buy phase: {}, each a card costing up to {}.",
            "Fase de compra: {}, cada una de una carta de coste hasta {}.",
            crate::i18n::count(usize::from(v.buys), tr!("buy", "compra"), tr!("buys", "compras")),
            v.treasure.unwrap_or(0)
        ),
    }
}

#[component]
fn DeckbuilderPlay(referee: Referee<Deckbuilder>) -> impl IntoView {
    let referee = RwSignal::new(referee);
    let problem = RwSignal::new(None::<String>);
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));
    let names = table.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    let computers = saved::computers();
    // Phones are offered to people: not at a game against the computer.
    let offer_phones = computers.iter().all(Option::is_none);
    let on_phones: OnPhones = RwSignal::new(vec![false; 2]);
    let here = crate::games::host::played_here(on_phones);
    let computers = StoredValue::new(computers);
    view! {
        <section class="play deckbuilder" data-over=move || over.get().to_string()>
            {move || {
                let here = here.get();
                shared_screen(referee, problem, computers, here, on_phones)
            }}
            <crate::games::GameActions referee take_back=crate::games::TakeBack::BesideTheMoves/>
            {offer_phones.then(|| view! { <PlayOnPhones referee problem on_phones names/> })}
        </section>
    }
}

/// The game on this device: the curtain between two players sharing it, or one person's
/// own screen (`here`: the other seat is a phone's), the end once it is over.
fn shared_screen(
    referee: RwSignal<Referee<Deckbuilder>>,
    problem: RwSignal<Option<String>>,
    computers: StoredValue<Vec<Option<intrigue_core::bots::Level>>>,
    here: Option<u8>,
    on_phones: OnPhones,
) -> AnyView {
    let table = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
    let to_act = Memo::new(move |_| table.with(|v| v.to_act));
    let alone =
        here.or_else(|| computers.with_value(|c| crate::games::computer::lone_person(c, 2)));
    // Who is looking at the screen: `None` while the curtain is up.
    let looking = shared_device::looking(to_act, problem, alone);
    let names = table.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    let act = move |action: Action| {
        if let Some(events) = saved::advance(referee, problem, action, saved::Save::AtOnceIfTheTurnPasses) {
            cue(strongest(events.iter().map(|e| match e {
                Event::Played {
                    done:
                        Done::Moved {
                            captured: Some(_), ..
                        },
                    ..
                }
                | Event::Escaped {
                    captured: Some(_), ..
                } => Cue::Capture,
                Event::Ended { .. } => Cue::End,
                _ => Cue::Turn,
            })));
        }
    };
    let over = Memo::new(move |_| table.with(|v| v.status != Status::Playing));

    let names_for_curtain = names.clone();
    let curtain = move |seat: u8| {
        let name = names_for_curtain[usize::from(seat)].clone();
        let said = trf!(
            "It is {name}'s turn with {}. Everyone else looks away: the hand is private.",
            "Es el turno de {name} con {}. Los demás, no miréis: la mano es privada.",
            match (crate::i18n::es(), colour(seat)) {
                (false, c) => colour_name(c),
                (true, intrigue_core::games::carousel_chess::chess::Color::White) => "las blancas",
                (true, intrigue_core::games::carousel_chess::chess::Color::Black) => "las negras",
            }
        );
        view! { <Curtain kind=intrigue_core::games::deckbuilder::KIND seat name said shows=tr!("show my hand", "muéstrame mi mano") seen=looking/> }
    };

    let names_for_seat = names.clone();
    // The other seat while it plays elsewhere: the computer thinking (its actions come one
    // at a time, paced), or a player on their own phone.
    let computer =
        crate::games::computer::drive(referee, computers.get_value(), act);
    let phone = phone_to_act(referee, on_phones);
    let thinking = Memo::new(move |_| computer.get().or(phone.get()));
    let act = Callback::new(act);
    let seat_screen = move |me: u8| {
        let view_me = Memo::new(move |_| referee.with(|r| r.view(Viewer::Seat(me))));
        let story = Memo::new(move |_| {
            referee.with(|r| their_last_turn(r.news_newest_first(Viewer::Seat(me)), me))
        });
        let take_back = Callback::new(move |()| {
            computers.with_value(|c| saved::undo_to_person(referee, c));
        });
        view! {
            <SeatTurn view_me story me names=names_for_seat.clone() problem act take_back thinking alone=alone == Some(me)/>
        }
        .into_any()
    };

    let names_for_saved = names.clone();
    let not_saved = move |played: u8| {
        let name = names_for_saved[usize::from(played)].clone();
        let next = names_for_saved[usize::from(1 - played)].clone();
        view! { <NotSaved name next problem seen=looking/> }.into_any()
    };

    let names_for_end = names.clone();
    let finale = move || {
        let view_all = Memo::new(move |_| referee.with(|r| r.view(Viewer::Table)));
        // The last turn, as everyone may see it: marked on the board and told in words.
        let last = referee.with_untracked(|r| last_turn(r.news_newest_first(Viewer::Table)));
        // Seat 2 is nobody: every count drawn is told.
        finale(view_all, &last, &names_for_end, 0, 2)
    };

    shared_device::screen(over, looking, to_act, Memo::new(|_| false), finale, seat_screen, move |seat| curtain(seat).into_any(), not_saved).into_any()
}

/// The end: the final position from `side`'s side, who won, and the last turn marked and
/// told (as `teller` may hear it).
fn finale(
    view_all: Memo<intrigue_core::game::View<DeckbuilderView>>,
    last: &[Event],
    names: &[String],
    side: u8,
    teller: u8,
) -> AnyView {
    let marks = touched(last);
    let board = Memo::new(move |_| view_all.with(|v| model(&v.body, side, None, &marks)));
    let words = view_all.with_untracked(|v| {
        v.body
            .end
            .map(|e| end_words(e, names))
            .unwrap_or_default()
    });
    let told = sentences(last, names, teller);
    view! {
        <section class="deckbuilder-end">
            <header class="play-head">
                <p class="kicker">{tr!("Chess Deckbuilder · game over", "Ajedrez de mazos · fin de la partida")}</p>
                <h1 class="banner over">{words.clone()}</h1>
            </header>
            <p class="visually-hidden" aria-live="polite" data-live="game">{words}</p>
            <Board model=board on_move=Callback::new(|_: (u8, u8)| {}) label=tr!("Chess board, final position", "Tablero de ajedrez, posición final").get()/>
            {(!told.is_empty()).then(|| view! {
                <section class="their-turn" aria-labelledby="last-turn-title">
                    <h2 id="last-turn-title">{tr!("The last turn", "El último turno")}</h2>
                    <ul class="story">{told.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
            })}
        </section>
    }
    .into_any()
}

/// A player's own phone, linked to the device that holds the game: their seat's turn from
/// what that device sends, the other's turns watched while they play, the end. No curtain:
/// the phone is theirs.
#[component]
fn DeckbuilderPhone(
    me: u8,
    feed: crate::games::phone::SeatFeed<Deckbuilder>,
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let view_me = feed.view;
    let names = view_me.with_untracked(|v| crate::i18n::names_here(&v.body.names));
    let story = Memo::new(move |_| feed.news.with(|n| their_last_turn(n.iter().rev(), me)));
    // The other seat's turn: it plays on its own device.
    let thinking = feed.others_turn(me);
    let over = Memo::new(move |_| view_me.with(|v| v.status != Status::Playing));
    view! {
        <section class="play deckbuilder on-phone-play" data-over=move || over.get().to_string()>
            {move || if over.get() {
                let last = feed.news.with_untracked(|n| last_turn(n.iter().rev()));
                finale(view_me, &last, &names, me, me)
            } else {
                view! {
                    <SeatTurn view_me story me names=names.clone() problem act=feed.act take_back=feed.take_back thinking alone=true/>
                }
                .into_any()
            }}
        </section>
    }
}
