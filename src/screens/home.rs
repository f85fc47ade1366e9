//! The box lid: every game with its player count, its pitch and how it is played (one
//! shared device, or a table and the players' phones), and how to install the app.

use intrigue_core::GameKind;
use leptos::prelude::*;

use crate::games::screens;
use crate::route::Route;
use crate::saved;

#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>"Hidden-information games for game night"</h1>
            <p class="lede">
                "Some games are played around one shared device, passed from hand to hand. "
                "Others use a table: one device in the middle shows the board and referees every move, "
                "and each player's phone shows only that player's secrets."
            </p>
            <crate::install::InstallHint/>
        </section>
        <TableTools/>
        <History/>
        <ul class="game-list" aria-label="Games">
            {GameKind::all().map(|kind| view! { <GameCard kind/> }).collect_view()}
        </ul>
        <section class="how">
            <h2>"How a table plays"</h2>
            <ol>
                <li>"Put one tablet, laptop or phone in the middle: that is the table."</li>
                <li>"It deals the secrets and shows a QR code for each seat; each player scans theirs."</li>
                <li>"Moves are made on the table. Your phone keeps your team and your cards, and shows them only while you hold it."</li>
            </ol>
        </section>
    }
}

#[component]
fn GameCard(kind: GameKind) -> impl IntoView {
    view! {
        <li class="game-card" data-game=kind.slug()>
            <div class="game-card-head">
                <h2>{kind.title()}</h2>
                <span class="players">{kind.players_label()}</span>
            </div>
            <p class="pitch">{screens(kind).pitch}</p>
            <div class="game-card-foot">
                {if kind.info().secret_deal {
                    view! { <span class="how-played" data-how="table">"A table and everyone's phones"</span> }.into_any()
                } else {
                    view! { <span class="how-played" data-how="shared">"One shared device"</span> }.into_any()
                }}
                <span class="card-actions">
                    <a class="button" href=Route::Rules(kind).href()>"Rules"</a>
                    <a class="button" data-action="play-alone" href=Route::PlayAlone(kind).href()>"Play alone"</a>
                    <a class="button primary" href=Route::NewDeal { game: Some(kind), board: false }.href()>"Play"</a>
                </span>
            </div>
        </li>
    }
}

/// The games whose secrets the app deals for a real board: "A City of Spies or Carousel Chess".
fn dealt_games() -> String {
    let titles: Vec<&str> = GameKind::all()
        .filter(|k| k.info().secret_deal)
        .map(|k| k.title())
        .collect();
    match titles.as_slice() {
        [] => "a game".to_string(),
        titles => crate::words::list(titles, "or"),
    }
}

/// The tables this device ran before, newest first.
#[component]
fn History() -> impl IntoView {
    let ended = saved::history();
    (!ended.is_empty()).then(|| view! {
        <section class="history" aria-labelledby="history-title">
            <h2 id="history-title">"Earlier games on this device"</h2>
            <ul>
                {ended.into_iter().map(|e| {
                    let date = js_sys::Date::new(&(e.at as f64).into());
                    let when = format!("{}/{} {:02}:{:02}", date.get_date(), date.get_month() + 1, date.get_hours(), date.get_minutes());
                    let round = e.round.map(|r| format!(" · round {r}")).unwrap_or_default();
                    let how = if e.finished { "played to the end" } else { "ended early" };
                    let result = result_words(&e);
                    view! {
                        <li data-finished=e.finished.to_string()>
                            <strong>{e.title}</strong>" · "{result}{round}" · "{how}" · "{when}
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    })
}

/// Who played, and for a game played to the end on screen how they scored and who won:
/// "Ann 3, Bo 1, Cy 0 · Ann won", "Ann, Bo · Bo won" for a game without points, or
/// "· a draw" when nobody won.
fn result_words(ended: &saved::Ended) -> String {
    let names = &ended.names;
    if !ended.result {
        return names.join(", ");
    }
    let players: Vec<String> = if ended.scores.len() == names.len() {
        names
            .iter()
            .zip(&ended.scores)
            .map(|(name, score)| format!("{name} {score}"))
            .collect()
    } else {
        names.clone()
    };
    let winners: Vec<&str> = ended
        .winners
        .iter()
        .filter_map(|&w| names.get(usize::from(w)).map(String::as_str))
        .collect();
    let won = match winners.as_slice() {
        [] => "a draw".to_string(),
        [one] => format!("{one} won"),
        many => format!("{} shared the win", crate::words::list(many, "and")),
    };
    format!("{} · {won}", players.join(", "))
}

/// Deal a table, join one, or return to the table or seat this device already holds.
#[component]
fn TableTools() -> impl IntoView {
    let table = saved::load_table();
    let seat = saved::load_seat();
    let game = saved::game_in_progress();
    // What was damaged and set aside: said once, here. (What a game's save lost at its end
    // is said on the game's screen, which reads it.)
    let damaged: Vec<String> = [table.clone().err(), seat.clone().err(), game.clone().err()]
        .into_iter()
        .flatten()
        .collect();
    let playing = game.ok().flatten().map(|(kind, _)| kind);
    view! {
        <section class="table-tools" aria-label="At the table">
            {damaged.into_iter().map(|message| view! { <p class="notice" role="alert">{message}</p> }).collect_view()}
            {seat.ok().flatten().map(|seat| {
                let code = &seat.code;
                view! {
                    <div class="tool-card resume" data-resume="seat">
                        <h2>"Your seat: "{code.name()}</h2>
                        <p>{code.game.kind().title()}" · table words "<span class="fingerprint">{code.fingerprint().to_string()}</span></p>
                        <a class="button primary" href=Route::Seat(None).href()>"Open my seat"</a>
                    </div>
                }
            })}
            {match (playing, table.ok().flatten()) {
                (kind, Some(table)) => {
                    let view = table.deal.table_view(table.round);
                    let (heading, link, label) = if kind.is_some() {
                        (format!("Game in progress: {}", view.game.title()), Route::Play, "Continue the game")
                    } else {
                        (format!("Table in progress: {}", view.game.title()), Route::Table, "Open the table")
                    };
                    Some(view! {
                        <div class="tool-card resume" data-resume="table">
                            <h2>{heading}</h2>
                            <p>{view.names.len()}" players · table words "<span class="fingerprint">{view.fingerprint.to_string()}</span></p>
                            <a class="button primary" href=link.href()>{label}</a>
                        </div>
                    }.into_any())
                }
                // A game without a table: one that deals no secrets to phones (or whose
                // table's save was damaged).
                (Some(kind), None) => Some(view! {
                    <div class="tool-card resume" data-resume="game">
                        <h2>"Game in progress: "{kind.title()}</h2>
                        <a class="button primary" href=Route::Play.href()>"Continue the game"</a>
                    </div>
                }.into_any()),
                (None, None) => None,
            }}
            <div class="tool-card">
                <h2>"At the table"</h2>
                <p>
                    "Got a seat code from the table? Join with it. Playing "{dealt_games()}
                    " on your own board? Let this device deal the secrets."
                </p>
                <div class="actions">
                    <a class="button primary" href=Route::Join.href()>"Join with a code"</a>
                    <a class="button" href=Route::NewDeal { game: None, board: true }.href()>"Deal for a real board"</a>
                    <crate::components::ImportGame/>
                </div>
            </div>
        </section>
    }
}
