//! What the games two players share one device for have in common (Espionage, the
//! deckbuilder): a privacy curtain between the turns, and the other player's last turn
//! told in words after it.

use intrigue_core::game::{Referee, Status, ToAct};
use intrigue_core::{Game, GameKind};
use leptos::prelude::*;

/// Who is looking at the screen: `None` while the curtain is up. The curtain comes down
/// whenever the seat to act changes.
pub fn looking(to_act: Memo<ToAct>) -> RwSignal<Option<u8>> {
    let looking = RwSignal::new(None::<u8>);
    Effect::new(move |previous: Option<ToAct>| {
        let now = to_act.get();
        if previous.is_some_and(|p| p != now) {
            looking.set(None);
        }
        now
    });
    looking
}

/// The screen of a shared game: the end once it is over, the seat to act's own screen
/// once they have lifted the curtain, the curtain before.
pub fn screen(
    over: Memo<bool>,
    looking: RwSignal<Option<u8>>,
    to_act: Memo<ToAct>,
    finale: impl Fn() -> AnyView + Send + Sync + 'static,
    seat_screen: impl Fn(u8) -> AnyView + Send + Sync + 'static,
    curtain: impl Fn(u8) -> AnyView + Send + Sync + 'static,
) -> impl Fn() -> AnyView + Send + Sync + 'static {
    move || match (over.get(), looking.get(), to_act.get()) {
        (true, _, _) => finale(),
        (false, Some(me), ToAct::Seat(seat)) if me == seat => seat_screen(me),
        (false, _, ToAct::Seat(seat)) => curtain(seat),
        _ => ().into_any(),
    }
}

/// "Pass the device to Bo": nothing of either player's secrets is in the page under it.
#[component]
pub fn Curtain(
    /// The game's name, above.
    game: &'static str,
    seat: u8,
    name: String,
    /// What comes next, and that everyone else looks away.
    said: String,
    /// What lifting it shows ("army", "hand").
    shows: &'static str,
    looking: RwSignal<Option<u8>>,
) -> impl IntoView {
    view! {
        <section class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-title" data-seat=seat>
            <p class="kicker">{game}</p>
            <h1 id="curtain-title">"Pass the device to "{name.clone()}</h1>
            <p>{said}</p>
            <button type="button" class="button primary big" data-action="lift"
                on:click=move |_| looking.set(Some(seat))>
                "I am "{name}": show my "{shows}
            </button>
        </section>
    }
}

/// Resign, asked first ("Ann, resign this game?"): the device is shared, so the question
/// names who gives up.
#[component]
pub fn Resign(name: String, #[prop(into)] resign: Callback<()>) -> impl IntoView {
    view! {
        <div class="actions leave">
            <button type="button" class="button" data-action="resign" on:click=move |_| {
                if crate::dialog::confirm(&format!("{name}, resign this game?")) {
                    resign.run(());
                }
            }>"Resign"</button>
        </div>
    }
}

/// The other player's last turn, a sentence a line.
#[component]
pub fn TheirTurn(
    /// Their name.
    them: String,
    #[prop(into)] lines: Signal<Vec<String>>,
) -> impl IntoView {
    view! {
        <section class="their-turn" aria-labelledby="their-turn-title">
            <h2 id="their-turn-title">{them}"'s last turn"</h2>
            {move || {
                let lines = lines.get();
                if lines.is_empty() {
                    view! { <p class="muted">"Nothing yet."</p> }.into_any()
                } else {
                    view! { <ul class="story">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul> }.into_any()
                }
            }}
        </section>
    }
}

/// Under a shared game: the screen kept awake while it is played, and the actions every
/// game has (Play again, export, cues). The take-back is the game's own, beside its moves.
#[component]
pub fn SharedGameActions<G>(kind: GameKind, referee: RwSignal<Referee<G>>) -> impl IntoView
where
    G: Game + 'static,
    Referee<G>: Send + Sync + 'static,
{
    let status = Memo::new(move |_| referee.with(Referee::status));
    let rematch = move |()| referee.with_untracked(Referee::rematch);
    let record = move |()| referee.with_untracked(Referee::to_text);
    let playing = Memo::new(move |_| status.with(|s| *s == Status::Playing));
    view! {
        {move || playing.get().then(|| view! { <crate::awake::KeepAwake/> })}
        <crate::games::GameActions
            kind
            status
            can_undo=Signal::stored(false)
            undo=|()| {}
            own_undo=true
            rematch
            record
        />
    }
}
