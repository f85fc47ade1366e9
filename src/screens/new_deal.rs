//! Deal a new table: the game, the players, their names, the house rules that change the
//! deal. The app draws the seed and deals; then the hand-out begins.

use intrigue_core::games::{carousel_chess, city_of_spies};
use intrigue_core::{GameKind, Seats, SecretGame, TableDeal};
use leptos::prelude::*;

use crate::route::Route;
use crate::saved::{self, SavedGame, SavedTable};

/// The games whose secrets the table can deal and hand to phones.
const DEALT_GAMES: [GameKind; 2] = [GameKind::CityOfSpies, GameKind::CarouselChess];
const MOST_PLAYERS: usize = 9;

/// `game`: the game a card's "Play" chose; `board`: dealing for a real board (the app only
/// deals the secrets) rather than playing on this screen.
#[component]
pub fn NewDeal(game: Option<GameKind>, board: bool) -> impl IntoView {
    let first = game
        .filter(|g| DEALT_GAMES.contains(g))
        .unwrap_or(GameKind::CityOfSpies);
    let game = RwSignal::new(first);
    let players = RwSignal::new(5u8);
    let names = RwSignal::new(vec![String::new(); MOST_PLAYERS]);
    let own_life = RwSignal::new(false);
    // A City of Spies: play on this screen, or only deal for a real board.
    let on_screen = RwSignal::new(!board);
    let only_stalemate = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let replacing = saved::load_table()
        .ok()
        .flatten()
        .map(|t| t.deal.table_view(t.round));

    let choose_game = move |kind: GameKind| {
        game.set(kind);
        let range = kind.players();
        players.update(|n| *n = (*n).clamp(*range.start(), *range.end()));
    };
    let deal = move |_| {
        let kind = game.get();
        let secret = match kind {
            GameKind::CityOfSpies => SecretGame::CityOfSpies(city_of_spies::Options {
                target_may_be_own_life: own_life.get(),
            }),
            _ => SecretGame::CarouselChess,
        };
        let n = players.get();
        let typed: Vec<String> = names.with(|all| all[..n as usize].to_vec());
        let typed = if typed.iter().all(|t| t.trim().is_empty()) {
            vec![]
        } else {
            typed
        };
        let dealt = saved::fresh_seed().and_then(|seed| {
            let seats = Seats::new(n, typed).map_err(|e| e.to_string())?;
            TableDeal::new(secret, seats, seed).map_err(|e| e.to_string())
        });
        match dealt.and_then(|deal| {
            saved::clear_game();
            if on_screen.get() {
                let game = match kind {
                    GameKind::CityOfSpies => SavedGame::CityOfSpies(
                        deal.start(city_of_spies::Config {
                            seats: deal.seats.clone(),
                            options: city_of_spies::Options {
                                target_may_be_own_life: own_life.get(),
                            },
                            layout: city_of_spies::LayoutChoice::default(),
                        })
                        .map_err(|e| e.to_string())?,
                    ),
                    _ => SavedGame::CarouselChess(
                        deal.start(carousel_chess::Config {
                            seats: deal.seats.clone(),
                            options: carousel_chess::Options {
                                only_stalemate_pays: only_stalemate.get(),
                            },
                        })
                        .map_err(|e| e.to_string())?,
                    ),
                };
                saved::save_game(&game)?;
            }
            saved::save_table(&SavedTable::new(deal))
        }) {
            Ok(()) => Route::Handout(0).go(),
            Err(message) => error.set(Some(message)),
        }
    };

    view! {
        <section class="form-screen">
            <a class="back" href=Route::Home.href()>"← All games"</a>
            <h1>"New game"</h1>
            <p class="lede">
                "This device deals everyone's secret team and cards and hands them to the phones by QR code. "
                "Play on this screen, or on your own board with the app only dealing."
            </p>
            {replacing.map(|view| view! {
                <p class="notice">
                    "Dealing replaces the table in progress on this device ("
                    {view.game.title()}", "<span class="fingerprint">{view.fingerprint.to_string()}</span>")."
                </p>
            })}

            <fieldset class="choice">
                <legend>"Game"</legend>
                {DEALT_GAMES.into_iter().map(|kind| view! {
                    <label class="option-row">
                        <input type="radio" name="game" value=kind.slug()
                            prop:checked=move || game.get() == kind
                            on:change=move |_| choose_game(kind)/>
                        <span><strong>{kind.title()}</strong>" · "{kind.players_label()}</span>
                    </label>
                }).collect_view()}
            </fieldset>

            <fieldset class="choice">
                <legend>"Players"</legend>
                <div class="stepper">
                    <button type="button" class="button" aria-label="One player fewer"
                        prop:disabled={move || players.get() <= *game.get().players().start()}
                        on:click=move |_| players.update(|n| *n -= 1)>"−"</button>
                    <output class="stepper-value" aria-live="polite">{move || players.get()}</output>
                    <button type="button" class="button" aria-label="One player more"
                        prop:disabled={move || players.get() >= *game.get().players().end()}
                        on:click=move |_| players.update(|n| *n += 1)>"+"</button>
                </div>
            </fieldset>

            <fieldset class="choice">
                <legend>"Names (optional, in seating order)"</legend>
                <div class="names">
                    {move || (0..players.get() as usize).map(|i| view! {
                        <label class="name-row">
                            <span class="seat-number">{i + 1}</span>
                            <input type="text" maxlength="20" autocomplete="off"
                                placeholder=format!("Seat {}", i + 1)
                                prop:value=move || names.with(|n| n[i].clone())
                                on:input=move |ev| names.update(|n| n[i] = event_target_value(&ev))/>
                        </label>
                    }).collect_view()}
                </div>
            </fieldset>

            <fieldset class="choice">
                <legend>"Where do you play?"</legend>
                <label class="option-row">
                    <input type="radio" name="mode" prop:checked=move || on_screen.get() on:change=move |_| on_screen.set(true)/>
                    <span><strong>"On this screen"</strong>": the app is the board and the referee"</span>
                </label>
                <label class="option-row">
                    <input type="radio" name="mode" prop:checked=move || !on_screen.get() on:change=move |_| on_screen.set(false)/>
                    <span><strong>"On our own board"</strong>": the app only deals the secrets"</span>
                </label>
            </fieldset>
            <Show when=move || game.get() == GameKind::CarouselChess>
                <fieldset class="choice">
                    <legend>"House rule"</legend>
                    <label class="option-row">
                        <input type="checkbox" prop:checked=move || only_stalemate.get()
                            on:change=move |ev| only_stalemate.set(event_target_checked(&ev))/>
                        <span>"Only stalemate pays the Draw player (other draws still end the game)"</span>
                    </label>
                </fieldset>
            </Show>
            <Show when=move || game.get() == GameKind::CityOfSpies>
                <fieldset class="choice">
                    <legend>"House rule"</legend>
                    <label class="option-row">
                        <input type="checkbox" prop:checked=move || own_life.get()
                            on:change=move |ev| own_life.set(event_target_checked(&ev))/>
                        <span>"A player's Target may be their own Life-Piece (off in the standard rules)"</span>
                    </label>
                </fieldset>
            </Show>

            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="button" class="button primary big" on:click=deal>"Deal"</button>
        </section>
    }
}
