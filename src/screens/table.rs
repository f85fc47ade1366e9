//! The table this device referees: seats, round and its check word, fingerprint, the log of
//! peeks, and the ways to hand out the secrets. Built from the table view alone; secrets
//! appear only at the reveal, with the reveal code that lets every phone check them.

use intrigue_core::seat::{ROUNDS_PER_CODE, rounds_batches};
use intrigue_core::{GameKind, RevealCode, Seats, TableDeal};
use leptos::prelude::*;

use crate::components::CodeCard;
use crate::dialog::ask;
use crate::i18n::GameWords;
use crate::reasons::Reason;
use crate::route::Route;
use crate::saved::{self, LogLine, Logged, MAX_ROUND, SavedTable};
use crate::screens::Problem;
use crate::screens::secrets::RevealAll;

/// A rematch: the same game, names and house rules, a new seed; the hand-out (or the game)
/// follows. Offered once a game is over.
#[component]
pub fn PlayAgain(kind: GameKind, seats: Seats, options: u8, on_screen: bool) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    // The same players: the computer keeps its seats, at the same level.
    let computers = if on_screen {
        saved::computers()
    } else {
        Vec::new()
    };
    let again = move |_| match saved::deal_new(kind, seats.clone(), options, on_screen, &computers)
    {
        Ok(next) => next.go(),
        Err(message) => problem.set(Some(message)),
    };
    view! {
        <button type="button" class="button primary big" data-action="play-again" on:click=again>{tr!("Play again", "Jugar otra vez")}</button>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
    }
}

/// A game played on screen has ended: the table's deal is revealed too (its round is the
/// game's last), so the table screen shows the reveal and its code.
pub fn mark_revealed(round: Option<u32>) {
    if let Ok(Some(mut table)) = saved::load_table()
        && !table.revealed
    {
        table.revealed = true;
        if let Some(round) = round {
            table.round = round;
        }
        table.log.push(LogLine {
            at: saved::now(),
            what: Logged::Reveal,
        });
        let _ = saved::save_table(&table);
    }
}

/// The saved table, or the screen that says why there is none.
pub fn with_table(render: impl FnOnce(SavedTable) -> AnyView) -> AnyView {
    match saved::load_table() {
        Ok(Some(table)) => render(table),
        Ok(None) => view! {
            <section class="problem">
                <h1>{tr!("No table here yet", "Aquí aún no hay mesa")}</h1>
                <p>{tr!("This device is not running a table. Deal one to hand out secrets.", "Este dispositivo no está llevando ninguna mesa. Reparte una para dar los secretos.")}</p>
                <div class="actions">
                    <a class="button primary" href=Route::NewDeal { game: None, board: false }.href()>{tr!("Deal a new table", "Repartir una mesa nueva")}</a>
                    <a class="button" href=Route::Home.href()>{tr!("All games", "Todos los juegos")}</a>
                </div>
            </section>
        }
        .into_any(),
        Err(message) => {
            view! { <Problem title=tr!("The saved table could not be read", "No se pudo leer la mesa guardada").get() message/> }.into_any()
        }
    }
}

#[component]
pub fn TableScreen() -> impl IntoView {
    with_table(|table| view! { <DealtTable table/> }.into_any())
}

/// Links to hand out the next rounds of cards (A City of Spies past the seat codes).
#[component]
pub fn RoundsHandouts(round: u32) -> impl IntoView {
    let batches = rounds_batches(round);
    (!batches.is_empty()).then(|| {
        view! {
            <div class="rounds-handout notice">
                <p>{trf!(
                    "Phones hold the cards of rounds 1 to {ROUNDS_PER_CODE} from their seat code. Hand out the next rounds before they are needed:",
                    "Los teléfonos tienen las cartas de las rondas 1 a {ROUNDS_PER_CODE} por su código de asiento. Reparte las rondas siguientes antes de que hagan falta:"
                )}</p>
                <div class="actions">
                    {batches.into_iter().map(|first| view! {
                        <a class="button" href=Route::HandoutRounds { first, seat: 0 }.href()>
                            {tr!("Hand out rounds ", "Repartir las rondas ")}{first}"–"{first + ROUNDS_PER_CODE - 1}
                        </a>
                    }).collect_view()}
                </div>
            </div>
        }
    })
}

/// The reveal code: every phone scans or types it and checks the whole deal against the
/// secrets it was handed.
/// Who won this table's game, when it was played on this screen to its end (the game's
/// note names the same players); `None` for a game on a real board.
fn played_winners(table: &SavedTable) -> Option<Vec<u8>> {
    let names = table.deal.table_view(table.round).names;
    saved::game_finished()
        .filter(|ended| ended.result && ended.names == names)
        .map(|ended| ended.winners)
}

#[component]
pub fn RevealForPhones(code: RevealCode) -> impl IntoView {
    view! {
        <section class="reveal-code" aria-labelledby="reveal-code-title">
            <h2 id="reveal-code-title">{tr!("Reveal code for the phones", "Código de revelación para los teléfonos")}</h2>
            <p>{tr!(
                "Each phone scans this (or types it in “Join with a code”) to see every seat's secrets, checked against the secrets it was handed.",
                "Cada teléfono escanea esto (o lo escribe en «Unirse con un código») para ver los secretos de todos los asientos, comprobados con los secretos que recibió."
            )}</p>
            <CodeCard token=code.to_link_token() typed=code.to_typed_code()/>
        </section>
    }
}

fn log_text(line: &LogLine, deal: &TableDeal) -> String {
    let when = crate::screens::game_file::clock(line.at);
    match line.what {
        Logged::Peek { seat } => trf!(
            "{}'s secrets were looked at on the table, {when}",
            "Se miraron en la mesa los secretos de {}, {when}",
            crate::i18n::name_here(&deal.seats.name(seat))
        ),
        Logged::Reveal => trf!(
            "Everyone's secrets were revealed, {when}",
            "Se revelaron los secretos de todos, {when}"
        ),
        Logged::CodeAgain { seat } => trf!(
            "{}'s seat code was shown again on the table, {when}",
            "Se volvió a mostrar en la mesa el código de asiento de {}, {when}",
            crate::i18n::name_here(&deal.seats.name(seat))
        ),
        Logged::RoundsAgain { seat, first } => trf!(
            "{}'s code for rounds {first}–{} was shown again on the table, {when}",
            "Se volvió a mostrar en la mesa el código de {} para las rondas {first}–{}, {when}",
            crate::i18n::name_here(&deal.seats.name(seat)),
            first + ROUNDS_PER_CODE - 1
        ),
        Logged::Export => trf!(
            "The game was exported to a file while it was being played (the file holds every secret), {when}",
            "La partida se exportó a un archivo mientras se jugaba (el archivo contiene todos los secretos), {when}"
        ),
        Logged::Linked { seat } => {
            let name = crate::i18n::name_here(&deal.seats.name(seat));
            trf!(
                "A phone was linked to play {name}'s seat (it shows {name}'s secrets), {when}",
                "Se conectó un teléfono para jugar el asiento de {name} (muestra los secretos de {name}), {when}"
            )
        }
    }
}

#[component]
fn DealtTable(table: SavedTable) -> impl IntoView {
    let state = RwSignal::new(table);
    let problem = RwSignal::new(None::<String>);
    let save = move |next: SavedTable| match saved::save_table(&next) {
        Ok(()) => state.set(next),
        Err(refused) => problem.set(Some(refused.words())),
    };
    let view_now = move || state.with(|t| t.deal.table_view(t.round));
    let players = state.with_untracked(|t| t.deal.players());
    // A game played on screen moves the rounds itself.
    let playing = matches!(saved::game_in_progress(), Ok(Some(_)));
    let computers = saved::computers();

    let next_round = move |_| {
        let round = state.with_untracked(|t| t.round);
        if round >= MAX_ROUND {
            return;
        }
        ask(
            trf!(
                "Start round {}? Every player's phone shows their new secrets for it.",
                "¿Empezar la ronda {}? El teléfono de cada jugador muestra sus nuevos secretos para ella.",
                round + 1
            ),
            trf!("Start round {}", "Empezar la ronda {}", round + 1),
            move || {
                let mut next = state.get();
                // Asked of this round only: a round started meanwhile is not skipped.
                if next.round == round {
                    next.round += 1;
                    save(next);
                }
            },
        );
    };
    let reveal = move |_| {
        ask(
            tr!(
                "Game over? This shows every player's team and cards to everyone.",
                "¿Terminó la partida? Esto muestra a todos el equipo y las cartas de cada jugador."
            ),
            tr!("Reveal everything", "Revelarlo todo"),
            move || {
                let mut next = state.get();
                next.revealed = true;
                next.log.push(LogLine {
                    at: saved::now(),
                    what: Logged::Reveal,
                });
                save(next);
            },
        );
    };
    let abandon = move |_| {
        ask(
            tr!(
                "Abandon this table? Its deal is deleted from this device.",
                "¿Abandonar esta mesa? Su reparto se borra de este dispositivo."
            ),
            tr!("Abandon it", "Abandonarla"),
            || {
                saved::clear_table();
                Route::Home.go();
            },
        );
    };

    view! {
        <section class="table-screen">
            <p class="kicker">{tr!("Table", "Mesa")}</p>
            <h1>{move || view_now().game.tr_title()}</h1>
            <p class="table-facts">
                {crate::i18n::count(usize::from(players), tr!("player", "jugador"), tr!("players", "jugadores"))}{tr!(" · table words ", " · palabras de la mesa ")}
                {move || crate::words::words_view(view_now().fingerprint.to_string(), "fingerprint")}
            </p>
            {move || view_now().round.map(|round| view! {
                <div class="round-bar">
                    <span class="round">{tr!("Round ", "Ronda ")}<strong class="round-number">{round}</strong></span>
                    {view_now().round_word.map(|word| view! {
                        <span class="round-word-line">{tr!("Every phone must say ", "Todos los teléfonos deben decir ")}<strong>{crate::words::words_view(word.to_string(), "round-word")}</strong></span>
                    })}
                    <button type="button" class="button" on:click=next_round
                        prop:hidden=move || state.with(|t| t.revealed) || playing>{tr!("Start round ", "Empezar la ronda ")}{round + 1}</button>
                </div>
                {(!state.with(|t| t.revealed)).then(|| view! { <RoundsHandouts round/> })}
            })}
            <ol class="seat-list">
                {move || crate::i18n::names_here(&view_now().names).into_iter().enumerate().map(|(seat, name)| {
                    let computer = playing && saved::is_computer(&computers, seat as u8);
                    view! {
                        <li data-seat=seat data-computer=computer.to_string()><span class="seat-number">{seat + 1}</span>{name}
                            {computer.then(|| view! { <span class="muted">{tr!(" · the computer", " · el ordenador")}</span> })}</li>
                    }
                }).collect_view()}
            </ol>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <Show
                when=move || state.with(|t| t.revealed)
                fallback=move || view! {
                    <div class="actions stacked">
                        {playing.then(|| view! {
                            <a class="button primary big" href=Route::Play.href()>{tr!("Back to the game", "Volver a la partida")}</a>
                        })}
                        <a class="button primary big" href=Route::Handout(0).href()>{tr!("Hand out the secrets", "Repartir los secretos")}</a>
                        <a class="button" href=Route::Peek(None).href()>{tr!("Peek for a player without a phone", "Mirar por un jugador sin teléfono")}</a>
                        <button type="button" class="button" on:click=reveal>{tr!("Game over: reveal everything", "Fin de la partida: revelarlo todo")}</button>
                    </div>
                }
            >
                {move || state.with(|t| view! {
                    <div class="actions">
                        <PlayAgain kind=t.deal.game.kind() seats=t.deal.seats.clone() options=t.deal.game.options() on_screen=playing/>
                    </div>
                })}
                <h2>{tr!("Everyone's secrets", "Los secretos de todos")}</h2>
                {move || state.with(|t| {
                    let winners = played_winners(t);
                    let mut code = t.deal.reveal_code(t.round);
                    code.winners.clone_from(&winners);
                    view! {
                        <RevealAll deal=t.deal.clone() rounds=t.round winners=winners/>
                        <RevealForPhones code/>
                    }
                })}
            </Show>
            {move || {
                let lines: Vec<String> = state.with(|t| t.log.iter().rev().map(|l| log_text(l, &t.deal)).collect());
                (!lines.is_empty()).then(|| view! {
                    <section class="table-log" aria-labelledby="table-log-title">
                        <h2 id="table-log-title">{tr!("Table log", "Registro de la mesa")}</h2>
                        <ul class="log">
                            {lines.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                        </ul>
                    </section>
                })
            }}
            <div class="actions">
                <a class="button" href=Route::NewDeal { game: None, board: false }.href()>{tr!("Deal a new table", "Repartir una mesa nueva")}</a>
                <button type="button" class="button danger" on:click=abandon>{tr!("Abandon this table", "Abandonar esta mesa")}</button>
            </div>
        </section>
    }
}
