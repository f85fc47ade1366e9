//! Usurp as it stands, the same on the table's device and on a linked phone: whose turn it
//! is, the deck and the card drawn, the town squares with what taking each would do to the
//! player's score, every player's castles grouped as they would score, what just happened;
//! at the end, each player's breakdown and the winners.

use intrigue_core::game::Status;
use intrigue_core::games::usurp::{Action, Card, Event, Illegal, Usurp, UsurpView};
use leptos::prelude::*;

use crate::games::shell::SeatFeed;
use crate::reasons::Reason;

use super::look::{card_name, draw_cards, player_row, signed, the_card};

/// One event as a sentence.
fn told(event: &Event, names: &[String]) -> String {
    let name = |seat: u8| crate::i18n::subject(&names[usize::from(seat)]);
    let you = |seat: u8| crate::i18n::is_you(&names[usize::from(seat)]);
    match event {
        // The one person alone against the computer is "you": "You drew…", "Robaste…".
        Event::Drew { seat, card } if you(*seat) => {
            trf!("You drew {}.", "Robaste {}.", the_card(*card))
        }
        Event::Placed { seat, square, card } if you(*seat) => trf!(
            "You placed {} on town square {}.",
            "Pusiste {} en la plaza {}.",
            the_card(*card),
            square + 1
        ),
        Event::TookNothing { seat } if you(*seat) => tr!(
            "You had nothing to take, and sit out the rest of the round.",
            "No tenías nada que llevarte, y no juegas el resto de la ronda."
        )
        .to_string(),
        Event::Drew { seat, card } => trf!(
            "{} drew {}.",
            "{} robó {}.",
            name(*seat),
            the_card(*card)
        ),
        Event::Placed { seat, square, card } => trf!(
            "{} placed {} on town square {}.",
            "{} puso {} en la plaza {}.",
            name(*seat),
            the_card(*card),
            square + 1
        ),
        Event::Took {
            seat,
            square,
            cards,
        } => {
            let list: Vec<&str> = cards.iter().map(|&c| card_name(c)).collect();
            let (square, count, list) = (
                square + 1,
                crate::i18n::count(cards.len(), tr!("card", "carta"), tr!("cards", "cartas")),
                list.join(", "),
            );
            if you(*seat) {
                return trf!(
                    "You took town square {square}: {count} ({list}), and sit out the rest of the round.",
                    "Te llevaste la plaza {square}: {count} ({list}), y no juegas el resto de la ronda."
                );
            }
            let who = name(*seat);
            trf!(
                "{who} took town square {square}: {count} ({list}), and sits out the rest of the round.",
                "{who} se llevó la plaza {square}: {count} ({list}), y no juega el resto de la ronda."
            )
        }
        Event::TookNothing { seat } => trf!(
            "{} had nothing to take, and sits out the rest of the round.",
            "{} no tenía nada que llevarse, y no juega el resto de la ronda.",
            name(*seat)
        ),
        Event::RoundStarted { round, first } => {
            let first = crate::i18n::the(&names[usize::from(*first)]);
            trf!("Round {round} begins with {first}.", "La ronda {round} empieza con {first}.")
        }
        Event::GameOver { .. } => tr!("The game is over.", "La partida ha terminado.").to_string(),
    }
}

/// The last two things done (who placed what, who took which square and sits out), newest
/// first: a card drawn is told by the card placed.
fn recent<'a>(news: impl Iterator<Item = &'a Event>) -> Vec<Event> {
    news.filter(|e| !matches!(e, Event::Drew { .. }))
        .take(2)
        .cloned()
        .collect()
}

/// What the deck bar shows (see `UsurpTable`): the card drawn and what to do with it,
/// another's turn played elsewhere (or the computer's), or the draw.
#[derive(Clone, Debug, PartialEq)]
enum DeckBar {
    Drawn(&'static str),
    Waiting(String),
    Draw,
}

/// The kicker (the round) and the banner as `b` stands: whose turn and the card to place,
/// or the winners. `thinking`: the computer's seat while it thinks; `me`: a phone's own
/// seat ("you").
fn head(b: &UsurpView, thinking: Option<u8>, me: Option<u8>) -> (String, String) {
    let banner = match b.seat {
        Some(seat) => {
            let name = &crate::i18n::name_here(&b.players[usize::from(seat)].name);
            let mine = me == Some(seat) || crate::i18n::is_you(name);
            match b.drawn {
                _ if thinking == Some(seat) => { let who = crate::i18n::subject(name); trf!("{name} is thinking…", "{who} está pensando…") }
                Some(card) if mine => trf!("Your turn: place {}", "Tu turno: pon {}", the_card(card)),
                Some(card) => trf!("{name}: place {}", "{name}: pon {}", the_card(card)),
                None if mine => tr!("Your turn", "Tu turno").to_string(),
                None => { let de_name = crate::i18n::de(name); trf!("{name}'s turn", "Turno {de_name}") },
            }
        }
        None => {
            let names: Vec<String> = b
                .winners
                .iter()
                .map(|&w| crate::i18n::name_here(&b.players[usize::from(w)].name))
                .collect();
            match names.as_slice() {
                [one] if crate::i18n::is_you(one) => tr!("You win!", "¡Ganas tú!").to_string(),
                [one] => {
                    let the_one = crate::i18n::the(one);
                    trf!("{one} wins!", "¡Gana {the_one}!")
                }
                many if many.iter().any(|n| crate::i18n::is_you(n)) => {
                    let all = crate::words::and(&many.iter().map(|n| crate::i18n::the(n)).collect::<Vec<_>>());
                    let all = crate::i18n::cap(&all);
                    trf!("{all} share the win!", "¡Victoria compartida: {all}!")
                }
                many => {
                    let all = crate::words::and(&many.iter().map(|n| crate::i18n::the(n)).collect::<Vec<_>>());
                    let all = crate::i18n::cap(&all);
                    trf!("{all} share the win!", "¡{all} comparten la victoria!")
                }
            }
        }
    };
    (trf!("Usurp · round {} of {}", "Usurpar · ronda {} de {}", b.round, b.rounds), banner)
}

/// What the player to act may do now, a sentence each ("What can I do?"): place the card
/// drawn on a town square with room; or draw, or take a town square, with what taking it
/// would change in their score (and that they sit out the rest of the round).
pub(super) fn hints(b: &UsurpView) -> Vec<String> {
    let squares = |list: &[u8]| -> Vec<String> { list.iter().map(|s| (s + 1).to_string()).collect() };
    if let Some(card) = b.drawn {
        return vec![trf!(
            "Place {} on town square {}.",
            "Pon {} en la plaza {}.",
            the_card(card),
            crate::words::or(&squares(&b.placeable))
        )];
    }
    let mut hints = Vec::new();
    if b.can_draw {
        hints.push(
            tr!(
                "Draw a card, then place it on a town square with room.",
                "Roba una carta y ponla en una plaza con sitio."
            )
            .to_string(),
        );
    }
    for &square in &b.takeable {
        let gain = b.take_gain.get(usize::from(square)).copied().unwrap_or(0);
        hints.push(trf!(
            "Take town square {} ({:+} points to your castles), and sit out the rest of the round.",
            "Llévate la plaza {} ({:+} puntos para tus castillos) y no juegues el resto de la ronda.",
            square + 1,
            gain
        ));
    }
    hints
}

/// A player's own phone, linked to the device that shows the town squares: the game as
/// everyone sees it, and their own turns played from here.
#[component]
pub(super) fn UsurpPhone(
    me: u8,
    feed: SeatFeed<Usurp>,
    problem: RwSignal<Option<String>>,
    /// At a table the phones referee: a card waits for every phone's share.
    #[prop(optional)] drawing: Option<Memo<bool>>,
) -> impl IntoView {
    let view_now = feed.view;
    // Another seat's turn: played on its own phone or on the table's device.
    let elsewhere = Memo::new(move |_| {
        view_now.with(|v| v.body.seat.filter(|&seat| seat != me))
    });
    let thinking = Memo::new(|_| None);
    let over = Memo::new(move |_| view_now.with(|v| v.status != Status::Playing));
    view! {
        <section class="play usurp on-phone-play" data-over=move || over.get().to_string()>
            <UsurpTable feed tap=None thinking elsewhere problem me=Some(me) drawing=drawing.unwrap_or_else(|| Memo::new(|_| false))/>
        </section>
    }
}

/// The game as it stands: whose turn it is, the deck and the card drawn, the town squares
/// with what taking each would do, and the castles, from `feed`. A tap plays the seat's
/// action through `tap` when there is one (the table's own: it returns the view it left,
/// when this screen is to draw the tap's frame from it), else through the feed; while
/// the seat to act plays elsewhere (`thinking`: the computer; `elsewhere`: on a phone, or
/// another's turn on this phone) nothing here can be tapped. `me`: the phone's own seat.
/// `drawing`: at a table the phones referee, a card waits for every phone's share of the
/// draw.
#[component]
pub(super) fn UsurpTable(
    feed: SeatFeed<Usurp>,
    tap: Option<Callback<Action, Option<UsurpView>>>,
    thinking: Memo<Option<u8>>,
    elsewhere: Memo<Option<u8>>,
    problem: RwSignal<Option<String>>,
    me: Option<u8>,
    #[prop(optional)] drawing: Option<Memo<bool>>,
) -> impl IntoView {
    let view_now = feed.view;
    let recent = Memo::new(move |_| feed.news.with(|n| recent(n.iter().rev())));
    let act = Callback::new(move |action: Action| match tap {
        Some(tap) => tap.run(action),
        None => {
            feed.act.run(action);
            None
        }
    });
    let body = Memo::new(move |_| view_now.with(|v| v.body.clone()));
    // What the banner and the town squares show: the view as a tap here left it, set by the
    // tap itself (see `UsurpPlay`), else the game's.
    let shown = RwSignal::new(body.get_untracked());
    Effect::new(move |_| {
        body.with(|b| {
            if shown.with_untracked(|s| s != b) {
                shown.set(b.clone());
            }
        })
    });
    let names: Vec<String> =
        view_now.with_untracked(|v| v.body.players.iter().map(|p| crate::i18n::name_here(&p.name)).collect());
    // The device passes to the next player: their controls ignore taps for a moment, so a
    // double tap on "Place here" does not take a square for them.
    let seat = Memo::new(move |_| body.with(|b| b.seat));
    let armed = crate::guard::armed_each_turn(seat);
    // The inert look (`.arming`) follows a frame after the turn passed (a class on the
    // town squares restyles them all: not in the tap's frame); the handler checks `armed`.
    let arming = Memo::new(move |_| !armed.get());
    let arming = crate::frame::after_paint(arming);
    // A button still on screen for a frame after the game moved on (see the town squares'
    // buttons) offers what the game may no longer allow: a tap on it plays nothing.
    let act = move |action: Action| {
        let allowed = body.with_untracked(|b| match action {
            Action::Draw => b.can_draw,
            Action::Place { square } => b.placeable.contains(&square),
            Action::Take { square } => b.takeable.contains(&square),
        });
        if allowed && armed.get_untracked() && thinking.get_untracked().is_none() && elsewhere.get_untracked().is_none()
            && let Some(now) = act.run(action)
        {
            shown.set(now);
        }
    };
    let over = Memo::new(move |_| view_now.with(|v| v.status != Status::Playing));
    let head = Memo::new(move |_| shown.with(|b| head(b, thinking.get(), me)));
    // What the tap changed shows in its own frame (the banner, the town squares' cards);
    // the story, the deck bar, the buttons and the castles follow a frame later (`later`).
    let later = crate::frame::after_paint(body);
    // What just happened, newest last: the last two things done, said on screen and the
    // newest read out; told once `later` follows (the news is read after the frame).
    let story = Memo::new(move |_| {
        later.track();
        recent.with_untracked(|events| events.iter().rev().map(|e| told(e, &names)).collect::<Vec<_>>())
    });
    let spoken = Memo::new(move |_| story.with(|s| s.last().cloned().unwrap_or_default()));
    // Whose turn is played elsewhere, in words.
    let waiting_words = Memo::new(move |_| {
        elsewhere.get().map(|seat| {
            let name = body.with_untracked(|b| crate::i18n::name_here(&b.players[usize::from(seat)].name));
            if me.is_some() {
                trf!("{name} is playing their turn…", "{name} está jugando su turno…")
            } else {
                trf!("{name} plays on their phone…", "{name} juega en su teléfono…")
            }
        })
    });

    // What the deck bar shows: the card drawn (and what to do with it), whose turn is
    // played elsewhere, or the draw; a frame after the tap (`later`: the banner names the
    // card drawn at once).
    let deck = Memo::new(move |_| {
        let computer = thinking.get().is_some();
        let away = waiting_words.get();
        if drawing.is_some_and(|d| d.get()) {
            return DeckBar::Waiting(tr!("Drawing a card: every phone gives its share…", "Robando una carta: cada teléfono da su parte…").to_string());
        }
        later.with(|b| match (b.drawn, away) {
            // The computer's card, shown while it chooses where to place it.
            (Some(_), _) if computer => DeckBar::Drawn(tr!("The computer chooses a town square…", "El ordenador elige una plaza…").get()),
            _ if computer => DeckBar::Waiting(tr!("The computer is thinking…", "El ordenador está pensando…").to_string()),
            (_, Some(words)) => DeckBar::Waiting(words),
            (Some(_), None) => DeckBar::Drawn(tr!("Choose a town square with room.", "Elige una plaza con sitio.").get()),
            (None, None) => DeckBar::Draw,
        })
    });
    // The card drawn, or the last one while none is (its place is hidden then).
    let card_shown = Memo::new(move |last: Option<&Card>| later.with(|b| b.drawn).or(last.copied()).unwrap_or(Card::Pawn));
    // Why no card may be drawn now, if none may: the rules' own refusal, in its words.
    let why_not = Memo::new(move |_| {
        later.with(|b| (!b.can_draw).then(|| if b.deck_left == 0 { Illegal::DeckEmpty } else { Illegal::SquaresFull }.words()))
    });

    // Each town square is drawn from its own memo: an action redraws the squares it
    // changed (a card placed, a square taken, the buttons that come and go), not all.
    let square_count = body.with_untracked(|b| b.squares.len());
    let act = Callback::new(act);
    let squares = move || {
        (0..square_count)
            .map(|i| view! { <TownSquare i shown later waiting=Signal::derive(move || thinking.get().is_some() || elsewhere.get().is_some()) act/> })
            .collect_view()
    };

    // Alone against the computer on this device: what the person may do, on request.
    let helped = me.is_none() && crate::games::hint::against_the_computer();
    let hints = Memo::new(move |_| {
        let here = thinking.get().is_none() && elsewhere.get().is_none();
        if helped && here {
            later.with(|b| if b.seat.is_some() { hints(b) } else { Vec::new() })
        } else {
            Vec::new()
        }
    });
    view! {
            <header class="play-head">
                <div>
                    <p class="kicker">{move || head.with(|h| h.0.clone())}</p>
                    <h1 class=move || if over.get() { "banner over" } else { "banner turn" }>{move || head.with(|h| h.1.clone())}</h1>
                </div>
            </header>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
            {move || story.with(|lines| (!lines.is_empty()).then(|| view! {
                <ul class="story just-now" aria-label=tr!("What just happened", "Lo que acaba de pasar")>
                    {lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
                </ul>
            }))}
            {move || (!over.get()).then(|| view! { <DeckBarView deck card_shown why_not later thinking arming act/> })}
            <crate::games::hint::Hint hints/>
            {move || (!over.get()).then(|| view! { <ol class="town-squares" class:arming=move || arming.get() on:mousedown=crate::components::keep_focus>{squares()}</ol> })}
            <h2>{move || if over.get() { tr!("Final scores", "Puntuación final") } else { tr!("Castles so far", "Castillos hasta ahora") }.get()}</h2>
            <div class="usurp-players">
                {move || later.with(|b| b.players.iter().enumerate().map(|(i, p)| player_row(i, p, b.seat, &b.winners)).collect_view())}
            </div>
    }
}

/// Town square `i`: its cards (from `shown`, the view a tap left), and the buttons for
/// the next tap a frame later (`later`): place the card drawn, or take the square and what
/// it would score. `waiting`: the computer's turn or a phone's, nothing to tap.
#[component]
fn TownSquare(
    i: usize,
    shown: RwSignal<UsurpView>,
    later: ReadSignal<UsurpView>,
    waiting: Signal<bool>,
    act: Callback<Action>,
) -> impl IntoView {
    let square = i as u8;
    let cards = Memo::new(move |_| shown.with(|b| b.squares.get(i).cloned().unwrap_or_default()));
    let list = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(Vec::<Card>::new());
    Effect::new(move |_| {
        if let Some(list) = list.get() {
            cards.with(|now| drawn.update_value(|d| draw_cards(&list, d, now)));
        }
    });
    // The buttons for the next tap follow one frame after what this one did
    // (the card placed, the square taken), which is drawn first: a new player's
    // are inert for a moment anyway (`armed`).
    let buttons = Memo::new(move |_| {
        // The computer's turn, a phone's: nothing to tap.
        let waiting = waiting.get();
        later.with(|b| {
            let place = !waiting && b.placeable.contains(&square);
            let take = !waiting && b.takeable.contains(&square);
            let gain = b.take_gain.get(i).copied().unwrap_or(0);
            (place, take, gain)
        })
    });
    view! {
        <li class="town-square" data-square=i>
            <p class="square-name">{tr!("Town square ", "Plaza ")}{i + 1}" · "{move || cards.with(Vec::len)}"/4"</p>
            // "Empty" is shown or hidden; the cards are drawn straight into
            // the list (`draw_cards`): a card placed is added alone.
            <div class="cards" node_ref=list>
                <span class="muted" hidden=move || cards.with(|c| !c.is_empty())>{tr!("Empty", "Vacía")}</span>
            </div>
            <div class="actions">
                {move || buttons.with(|n| n.0).then(|| view! {
                    <button type="button" class="button primary" data-action="place"
                        on:click=move |_| act.run(Action::Place { square })>{tr!("Place here", "Poner aquí")}</button>
                })}
                {move || buttons.with(|n| n.1.then_some(n.2)).map(|gain| view! {
                    <button type="button" class="button" data-action="take"
                        on:click=move |_| act.run(Action::Take { square })>
                        {tr!("Take these (", "Llevarse estas (")}{signed(gain)}{if gain.abs() == 1 { tr!(" point", " punto") } else { tr!(" points", " puntos") }}")"
                    </button>
                })}
            </div>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::Viewer;
    use intrigue_core::game::Referee;
    use intrigue_core::seats::Seats;
    use intrigue_core::seed::Seed;
    use intrigue_core::Game;

    use super::*;
    use crate::i18n::{Lang, speak};

    /// The banner names whose turn it is and the card drawn, "you" for a phone's own seat
    /// and the computer thinking, in both languages.
    #[test]
    fn the_banner_says_whose_turn_and_the_card_to_place() {
        let seats = Seats::new(3, vec!["Ann".into(), "Bo".into(), "Cy".into()]).unwrap();
        let mut r = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(5)).unwrap();
        let v = r.view(Viewer::Table).body;
        let seat = v.seat.unwrap();
        let name = v.players[usize::from(seat)].name.clone();
        speak(Lang::En);
        assert_eq!(head(&v, None, None), ("Usurp · round 1 of 3".to_string(), format!("{name}'s turn")));
        assert_eq!(head(&v, None, Some(seat)).1, "Your turn");
        assert_eq!(head(&v, Some(seat), None).1, format!("{name} is thinking…"));
        r.act(Action::Draw).unwrap();
        let v = r.view(Viewer::Table).body;
        let card = v.drawn.unwrap();
        assert_eq!(head(&v, None, None).1, format!("{name}: place {}", the_card(card)));
        speak(Lang::Es);
        assert_eq!(head(&v, None, None).0, "Usurpar · ronda 1 de 3");
        assert_eq!(head(&v, None, Some(seat)).1, format!("Tu turno: pon {}", the_card(card)));
        speak(Lang::En);
    }

    /// "What can I do?" says each thing the player to act may do: draw (at the start, with
    /// no square to take), place the card drawn on the squares with room, or draw or take
    /// a square with what it adds to their castles, in both languages.
    #[test]
    fn a_hint_says_what_the_player_may_do() {
        let seats = Seats::new(2, vec!["Ann".into(), "Bo".into()]).unwrap();
        let mut r = Referee::<Usurp>::new(Usurp::config(&seats, 0), Seed(5)).unwrap();
        speak(Lang::En);
        let v = r.view(Viewer::Table).body;
        assert_eq!(hints(&v), ["Draw a card, then place it on a town square with room."]);
        r.act(Action::Draw).unwrap();
        let v = r.view(Viewer::Table).body;
        let card = v.drawn.unwrap();
        assert_eq!(hints(&v), [format!("Place {} on town square 1 or 2.", the_card(card))]);
        r.act(Action::Place { square: 1 }).unwrap();
        let v = r.view(Viewer::Table).body;
        let gain = v.take_gain[1];
        assert_eq!(
            hints(&v),
            [
                "Draw a card, then place it on a town square with room.".to_string(),
                format!("Take town square 2 ({gain:+} points to your castles), and sit out the rest of the round."),
            ]
        );
        speak(Lang::Es);
        assert_eq!(hints(&v)[1], format!("Llévate la plaza 2 ({gain:+} puntos para tus castillos) y no juegues el resto de la ronda."));
        speak(Lang::En);
    }
}

/// The deck bar: the cards left, the card drawn and what to do with it, another's turn
/// played elsewhere, "Move now" while the computer plays, or the draw (disabled with
/// its reason when no card may be drawn: `why_not`).
#[component]
fn DeckBarView(
    deck: Memo<DeckBar>,
    card_shown: Memo<Card>,
    why_not: Memo<Option<String>>,
    later: ReadSignal<UsurpView>,
    thinking: Memo<Option<u8>>,
    arming: ReadSignal<bool>,
    act: Callback<Action>,
) -> impl IntoView {
    view! {
        <div class="answer-bar deck-bar" class:arming=move || arming.get() on:mousedown=crate::components::keep_focus>
            <p class="deck">{tr!("Deck: ", "Mazo: ")}<strong>{move || later.with(|b| b.deck_left)}</strong>{tr!(" cards", " cartas")}</p>
            // Every part of the bar is drawn once and shown or hidden: a tap changes
            // what shows, and builds nothing (one frame on a slow phone).
            <div class="drawn" hidden=move || !matches!(deck.get(), DeckBar::Drawn(_))>
                <span>{tr!("Drawn:", "Robada:")}</span>
                <span class="mini-card" data-card=move || card_shown.get().name()>
                    <span class="mini-picture" aria-hidden="true"></span>
                    <span>{move || card_name(card_shown.get())}</span>
                </span>
                <span>{move || match deck.get() { DeckBar::Drawn(words) => words, _ => "" }}</span>
            </div>
            <p class="thinking" role="status" hidden=move || !matches!(deck.get(), DeckBar::Waiting(_))>
                {move || match deck.get() { DeckBar::Waiting(words) => words, _ => String::new() }}
            </p>
            // The computers play on paced, so people can follow; a person who has
            // seen enough (sitting out the round) has them play quickly.
            <button type="button" class="button" data-action="hurry"
                hidden=move || thinking.get().is_none()
                on:click=move |_| crate::games::computer::hurry()>{tr!("Move now", "Juega ya")}</button>
            <button type="button" class="button primary" data-action="draw"
                hidden=move || deck.get() != DeckBar::Draw
                prop:disabled=move || why_not.with(Option::is_some)
                aria-describedby="draw-why"
                on:click=move |_| act.run(Action::Draw)>{tr!("Draw a card", "Robar una carta")}</button>
            <span class="muted" id="draw-why" hidden=move || deck.get() != DeckBar::Draw
                data-why=move || why_not.with(Option::is_some).to_string()>
                {move || why_not.get().unwrap_or_else(|| tr!(" or take a town square and sit out the round", " o llévate una plaza y no juegues el resto de la ronda").get().to_string())}
            </span>
        </div>
    }
}
