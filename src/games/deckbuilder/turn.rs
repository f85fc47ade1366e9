//! A seat's own turn on the shared device, once the curtain is lifted: the board with the
//! chosen card's moves, the hand, what the opponent did, the buy phase, the supply piles and
//! the decks. Everything but the board follows one frame after it (`after_paint`).

use intrigue_core::game::View;
use intrigue_core::keyed;
use intrigue_core::games::deckbuilder::{
    Action, Card, Deckbuilder, DeckbuilderView, How, Phase, colour,
};
use leptos::prelude::*;

use crate::components::{Board, Hand, HandCard};
use super::story::{card_effect, card_name};
use crate::games::chess_pieces::{colour_name, role_name};
use crate::games::shared_device::{Resign, TheirTurn, WhoseTurn};

use super::look::{card_picture, model, short_effect, show_above_bar, status_line};
use super::choices::{buyable, can_revive, counts, moves_to, other_uses, own_turn, revival};
use super::story::{sentences, their_last_turn, touched};
use crate::games::shell::SeatFeed;

/// The turn of seat `me` (`names`: every seat's name), from its feed: its view, the story
/// of the other's last turn, its actions. The same screen on the device that holds the
/// game and on a player's own phone. While the other seat plays
/// elsewhere (the computer thinking, a phone's turn: `thinking`), its turns are watched
/// here; `alone`: one person plays here ("your turn").
#[component]
pub(super) fn SeatTurn(
    feed: SeatFeed<Deckbuilder>,
    me: u8,
    names: Vec<String>,
    problem: RwSignal<Option<String>>,
    thinking: Memo<Option<u8>>,
    alone: bool,
    /// Against the computer on this device: "What can I do?" is offered.
    #[prop(optional)]
    helped: bool,
    /// The computer's seat while it thinks (it may be told to move now); none on a phone.
    #[prop(optional)]
    computer: Option<Memo<Option<u8>>>,
    /// A game the phones referee: nothing is taken back, so no button offers it.
    #[prop(optional)]
    no_take_back: bool,
) -> impl IntoView {
    let SeatFeed {
        view: view_me,
        act,
        take_back,
        ..
    } = feed;
    let story = Memo::new(move |_| feed.news.with(|n| their_last_turn(n.iter().rev(), me)));
    // Everything around the board follows one frame after it (see `after_paint`).
    let shown = crate::frame::after_paint(view_me);
    let chosen = RwSignal::new(None::<keyed::Id>);
    let promoting = RwSignal::new(None::<Vec<Action>>);
    // The hand, each card with an identity that stays with it while it is in the hand (a
    // card played moves the others up; a card drawn into an old place is a new card): the
    // hand on screen and the chosen card both follow it, never a place in the hand.
    let held = Memo::new(move |before: Option<&Vec<(keyed::Id, Card)>>| {
        view_me.with(|v| keyed::carry(before.map_or(&[][..], Vec::as_slice), &v.body.hand))
    });
    let card_of = move |id: Option<keyed::Id>| {
        id.and_then(|id| held.with(|h| h.iter().find(|(i, _)| *i == id).map(|(_, c)| *c)))
    };
    let chosen_card = Memo::new(move |_| card_of(chosen.get()));
    let chosen_shown = crate::frame::after_paint(chosen_card);
    let names_story = names.clone();
    let told = Memo::new(move |_| story.with(|s| sentences(s, &names_story, me)));
    let board = Memo::new(move |_| {
        let marks = story.with(|s| touched(s));
        view_me.with(|v| model(&v.body, me, chosen_card.get(), &marks))
    });
    let hints = Memo::new(move |_| {
        if !helped {
            return Vec::new();
        }
        view_me.with(|v| match v.body.phase {
            Phase::Escape => board.with(crate::games::hint::board_hints),
            _ => super::look::hints(&v.body),
        })
    });
    let hand_now = Memo::new(move |_| {
        held.with(|held| {
            view_me.with(|v| {
                held.iter()
                    .map(|&(id, card)| HandCard {
                        id,
                        key: card.name(),
                        name: card_name(card).to_string(),
                        image: card_picture(card, me),
                        text: trf!("{} · cost {}", "{} · coste {}", short_effect(card), card.cost()),
                        playable: v
                            .body
                            .legal
                            .iter()
                            .any(|a| matches!(a, Action::Play { card: c, .. } if *c == card)),
                        note: card.is_action().then(|| tr!("Not now", "Ahora no").to_string()),
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    // Drawn with everything else around the board, a frame after it.
    let hand = crate::frame::after_paint(hand_now);
    let play = move |action: Action| {
        chosen.set(None);
        promoting.set(None);
        act.run(action);
    };
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        let card = chosen_card.get_untracked();
        let matching = view_me.with_untracked(|v| moves_to(&v.body, card, from, to));
        match matching.len() {
            0 => {}
            1 => play(matching[0]),
            _ => promoting.set(Some(matching)),
        }
    });
    // The King card chosen with a piece to bring back: its tray, under the board, is
    // brought into view above the bar that stays at the bottom of a phone's screen.
    Effect::new(move |_| {
        let reviving = chosen_shown.get() == Some(Card::King) && shown.with(|v| can_revive(&v.body));
        if reviving {
            show_above_bar(".deckbuilder .tray");
        }
    });
    let on_place = Callback::new(move |(id, at): (u16, u8)| {
        if let Some(action) = view_me.with_untracked(|v| revival(&v.body, id, at)) {
            play(action);
        }
    });
    let other_uses = Memo::new(move |_| shown.with(|v| other_uses(&v.body, chosen_shown.get())));
    let name = names[usize::from(me)].clone();
    let them = names[usize::from(1 - me)].clone();
    let de_them = crate::i18n::de(&them);
    let them_thinking = them.clone();
    let status = Memo::new(move |_| {
        if thinking.get().is_some() {
            let who = crate::i18n::subject(&them_thinking);
            return trf!("{them_thinking} is thinking…", "{who} está pensando…");
        }
        shown.with(|v| status_line(&v.body, chosen_shown.get()))
    });
    let counts = Memo::new(move |_| shown.with(|v| counts(&v.body)));
    let phase = Memo::new(move |_| shown.with(|v| v.body.phase));
    let spoken = Memo::new(move |_| told.with(|t| t.join(" ")));
    let turn = Memo::new(move |_| shown.with(|v| own_turn(v.body.turn)));
    let names_piles = names.clone();
    // A double tap on the curtain's button must not play a card: a moment's wait.
    let armed = crate::guard::armed_after_a_moment();
    view! {
        <section class="deckbuilder-turn" data-seat=me class:arming=move || !armed.get()>
            <header class="play-head">
                <p class="kicker">{tr!("Chess Deckbuilder · turn ", "Ajedrez de mazos · turno ")}{move || turn.get()}</p>
                // Alone with the computer, the person is "you".
                <WhoseTurn thinking status
                    mine=format!("{} · {}", if alone { tr!("Your turn", "Tu turno").to_string() } else { trf!("{name}'s turn", "Turno de {name}") }, colour_name(colour(me)))
                    theirs=trf!("{them}'s turn · {}", "Turno {de_them} · {}", colour_name(colour(1 - me)))/>
            </header>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <p class="visually-hidden" aria-live="polite" data-live="game">{move || spoken.get()}</p>
            <TheirTurn them=them.clone() lines=told folded=true/>
            <Board model=board on_move on_place label=trf!("Chess board, {}", "Tablero de ajedrez, {}", crate::i18n::of(&name, "side", "lado"))/>
            {move || promoting.get().map(|options| view! {
                <Promotion options play=Callback::new(play) cancel=Callback::new(move |()| promoting.set(None))/>
            })}
            <div class="answer-bar deck-bar">
                <p class="counts" data-status="counts">{move || counts.get()}</p>
                {move || (phase.get() == Phase::Buy).then(|| view! {
                    <div class="actions buy-choices" role="group" aria-label=tr!("Buy a card", "Comprar una carta")>
                        <For each=move || shown.with(|v| buyable(&v.body))
                            key=|card| *card let:card>
                            <button type="button" class="button buy" data-buy=card.name()
                                on:click=move |_| play(Action::Buy(card))>{format!("{} · {}", card_name(card), card.cost())}</button>
                        </For>
                    </div>
                })}
                <Hand cards=hand chosen label=crate::i18n::cap(&crate::i18n::of(&name, "hand", "mano"))/>
                {move || chosen_shown.get().map(|card| {
                    let revives = card == Card::King && shown.with(|v| can_revive(&v.body));
                    view! { <ChosenCard card revives/> }
                })}
                {move || {
                    let uses = other_uses.get();
                    (!uses.is_empty()).then(|| view! { <CardUses uses play=Callback::new(play)/> })
                }}
                <TurnButtons shown thinking computer no_take_back take_back=Callback::new(move |()| {
                    chosen.set(None);
                    take_back.run(());
                }) play=Callback::new(play)/>
            </div>
            // Under the hand and the bar (the cards it speaks of), so the board and the hand
            // stay on the screen together.
            <crate::games::hint::Hint hints/>
            <Supply shown me/>
            <Decks shown me names=names_piles/>
            {
                let name = name.clone();
                move || thinking.get().is_none().then(|| view! { <Resign name=name.clone() resign=move |()| act.run(Action::Resign)/> })
            }
        </section>
    }
}

/// The supply piles: drawn once, each pile's count and whether it can be bought now
/// following the view.
/// Which piece a pawn becomes: a button for each of `options` (the same move, promoting
/// to each piece), and Cancel.
#[component]
fn Promotion(options: Vec<Action>, play: Callback<Action>, cancel: Callback<()>) -> impl IntoView {
    view! {
        <div class="claim answer-bar" role="dialog" aria-label=tr!("Promotion", "Coronación")>
            <p class="claim-question">{tr!("Promote the pawn to", "Coronar el peón a")}</p>
            <div class="actions">
                {options.into_iter().map(|a| {
                    let label = match a {
                        Action::Play { how: How::Move(m), .. } | Action::Escape(m) => m.promotion.map(role_name).unwrap_or(tr!("piece", "pieza").get()),
                        _ => tr!("piece", "pieza").get(),
                    };
                    view! { <button type="button" class="button" on:click=move |_| play.run(a)>{label}</button> }
                }).collect_view()}
                <button type="button" class="button" on:click=move |_| cancel.run(())>{tr!("Cancel", "Cancelar")}</button>
            </div>
        </div>
    }
}

/// What the chosen card does, said under the hand (`revives`: with how to bring a piece
/// back, when the King card may).
#[component]
fn ChosenCard(card: Card, revives: bool) -> impl IntoView {
    view! {
        <p class="card-said" class:with-more=revives><strong>{card_name(card)}": "</strong>{card_effect(card)}
            {revives.then_some(tr!(". To bring one back, tap it beside the board, then the pawn it replaces.", ". Para recuperar una, tócala junto al tablero y luego el peón al que sustituye.").get())}</p>
    }
}

/// The chosen card's other uses (see `choices::other_uses`), a button each.
#[component]
fn CardUses(uses: Vec<(Action, String)>, play: Callback<Action>) -> impl IntoView {
    view! {
        <div class="actions card-uses" aria-label=tr!("Other ways to play this card", "Otras formas de jugar esta carta")>
            {uses.into_iter().map(|(a, words)| view! {
                <button type="button" class="button" data-play=intrigue_core::games::deckbuilder::record::action_text(&a)
                    on:click=move |_| play.run(a)>{words}</button>
            }).collect_view()}
        </div>
    }
}

/// The turn's buttons: "Move now" while the computer thinks (`computer`), take back (not
/// while the other seat plays), then "Go to buying" in the action phase or "End turn" in
/// the buy phase, each while the game allows it.
#[component]
fn TurnButtons(
    shown: ReadSignal<View<DeckbuilderView>>,
    thinking: Memo<Option<u8>>,
    computer: Option<Memo<Option<u8>>>,
    no_take_back: bool,
    take_back: Callback<()>,
    play: Callback<Action>,
) -> impl IntoView {
    let phase = Memo::new(move |_| shown.with(|v| v.body.phase));
    let can_end_actions =
        Memo::new(move |_| shown.with(|v| v.body.legal.contains(&Action::EndActions)));
    let can_end_turn =
        Memo::new(move |_| shown.with(|v| v.body.legal.contains(&Action::EndTurn)));
    let can_undo = Memo::new(move |_| shown.with(|v| v.can_undo));
    view! {
        <div class="actions">
            // The computer's turn comes paced, and Hard weighs its moves first: a person
            // may have it move at once (Hard: the best it has weighed so far).
            {computer.map(|computer| view! {
                <button type="button" class="button" data-action="hurry"
                    hidden=move || computer.get().is_none()
                    on:click=move |_| crate::games::computer::hurry()>{tr!("Move now", "Juega ya")}</button>
            })}
            {(!no_take_back).then(|| view! {
                <button type="button" class="button" prop:disabled=move || !can_undo.get() || thinking.get().is_some()
                    on:click=move |_| take_back.run(())>{tr!("Take back", "Deshacer")}</button>
            })}
            {move || (phase.get() == Phase::Action).then(|| view! {
                <button type="button" class="button primary" data-action="end-actions" prop:disabled=move || !can_end_actions.get()
                    on:click=move |_| play.run(Action::EndActions)>{tr!("Go to buying", "Pasar a comprar")}</button>
            })}
            {move || (phase.get() == Phase::Buy).then(|| view! {
                <button type="button" class="button primary" data-action="end-turn" prop:disabled=move || !can_end_turn.get()
                    on:click=move |_| play.run(Action::EndTurn)>{tr!("End turn", "Terminar turno")}</button>
            })}
        </div>
    }
}

#[component]
fn Supply(shown: ReadSignal<View<DeckbuilderView>>, me: u8) -> impl IntoView {
    let piles = Card::ALL.into_iter().map(|card| {
        let left = Memo::new(move |_| shown.with(|v| v.body.supply.left(card)));
        let can_buy = Memo::new(move |_| shown.with(|v| v.body.legal.contains(&Action::Buy(card))));
        view! {
            <li class="pile" class:affordable=move || can_buy.get() data-card=card.name()>
                // Every tile alike: a piece's picture, or a treasure's coin with its worth.
                {match card_picture(card, me) {
                    Some(src) => view! { <img src=src alt="" width="28" height="28"/> }.into_any(),
                    None => view! { <span class="pile-coin" aria-hidden="true">{card.treasure()}</span> }.into_any(),
                }}
                <span class="pile-name">{card_name(card)}</span>
                <span class="pile-cost">{tr!("cost ", "coste ")}{card.cost()}</span>
                <span class="pile-left">{move || trf!("{} left", "quedan {}", left.get())}</span>
            </li>
        }
    });
    view! {
        <section class="supply" aria-labelledby="supply-title">
            <h2 id="supply-title">{tr!("Supply", "Reserva")}</h2>
            <ul class="piles">{piles.collect_view()}</ul>
        </section>
    }
}

/// Cards named in a list, or `none` when there are none.
fn listed<T>(items: &[T], name: impl Fn(&T) -> &'static str, none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items.iter().map(name).collect::<Vec<_>>().join(", ")
    }
}

/// What this turn played, each seat's hand, deck, discard and lost pieces, and the trash:
/// drawn once, each line following the view.
#[component]
fn Decks(shown: ReadSignal<View<DeckbuilderView>>, me: u8, names: Vec<String>) -> impl IntoView {
    let played = Memo::new(move |_| shown.with(|v| listed(&v.body.played, |&c| card_name(c), tr!("nothing yet", "nada todavía").get())));
    let trash = Memo::new(move |_| shown.with(|v| listed(&v.body.trash, |&c| card_name(c), tr!("empty", "vacía").get())));
    let seats = (0..2usize).map(|s| {
        let who = if s == usize::from(me) { tr!("You", "Tú").to_string() } else { names[s].clone() };
        let line = Memo::new(move |_| {
            shown.with(|v| {
                let p = v.body.piles[s];
                let lost = listed(&v.body.lost[s], |&r| role_name(r), tr!("none", "ninguna").get());
                trf!(
                    "{} in hand, {} in the deck, {} discarded; pieces lost: {lost}",
                    "{} en la mano, {} en el mazo, {} descartadas; piezas perdidas: {lost}",
                    p.hand,
                    p.draw,
                    p.discard
                )
            })
        });
        view! {
            <p data-piles=s>
                <strong>{who}": "</strong>
                {move || line.get()}
            </p>
        }
    });
    view! {
        <section class="decks" aria-label=tr!("Decks", "Mazos")>
            <p><strong>{tr!("Played this turn: ", "Jugadas este turno: ")}</strong>{move || played.get()}</p>
            {seats.collect_view()}
            <p><strong>{tr!("Trash: ", "Eliminadas: ")}</strong>{move || trash.get()}</p>
        </section>
    }
}
