//! A hand of cards: it knows no rules. It is given the cards and which of them may be
//! played now; a tap chooses a playable card (another tap lets it go), and the screen
//! that owns the choice decides what it means. On a phone the hand is fanned.

use intrigue_core::keyed::Id;
use leptos::prelude::*;

/// One card as the hand draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct HandCard {
    /// The card's identity while it is in the hand (`intrigue_core::keyed::carry`): never
    /// its place, which another card takes when one before it is played. The hand keeps a
    /// drawn card for its identity, so a place would show a new card with an old face.
    pub id: Id,
    /// What card it is, the same in every language ("Pawn"): its `data-card`, for what
    /// points at it (a lesson's mark, a test).
    pub key: &'static str,
    pub name: String,
    /// A picture, if the card has one.
    pub image: Option<&'static str>,
    /// A short line under the name ("Moves a knight").
    pub text: String,
    /// Whether it may be played now: marked, and the only kind a tap can choose.
    pub playable: bool,
    /// Said on the card when it may not be played ("Not now"), if anything.
    pub note: Option<String>,
}

#[component]
pub fn Hand(
    #[prop(into)] cards: Signal<Vec<HandCard>>,
    /// The chosen card, owned by the screen.
    chosen: RwSignal<Option<Id>>,
    /// Accessible name ("Your hand").
    #[prop(into)]
    label: String,
) -> impl IntoView {
    // A card that left the hand, or may no longer be played, is no longer chosen.
    Effect::new(move |_| {
        let still = cards.with(|all| {
            chosen
                .get_untracked()
                .is_none_or(|id| all.iter().any(|c| c.id == id && c.playable))
        });
        if !still {
            chosen.set(None);
        }
    });
    view! {
        <div class="hand" role="listbox" aria-label=label
            style:--cards=move || cards.with(|c| c.len().to_string())>
            <For each=move || cards.get() key=|card| (card.id, card.name.clone(), card.playable) let:card>
                {
                    let id = card.id;
                    let playable = card.playable;
                    let note = (!playable).then_some(card.note).flatten();
                    view! {
                        <button type="button" role="option" data-card-id=id data-card=card.key
                            class="card" class:playable=playable class:chosen=move || chosen.get() == Some(id)
                            aria-selected=move || (chosen.get() == Some(id)).to_string()
                            aria-disabled=(!playable).to_string()
                            on:click=move |_| {
                                if playable {
                                    chosen.update(|c| *c = if *c == Some(id) { None } else { Some(id) });
                                }
                            }>
                            {card.image.map(|src| view! { <img class="card-picture" src=src alt="" draggable="false"/> })}
                            <span class="card-name">{card.name}</span>
                            <span class="card-text">{card.text}</span>
                            {note.map(|note| view! { <span class="card-note">{note}</span> })}
                        </button>
                    }
                }
            </For>
        </div>
    }
}
