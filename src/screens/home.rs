//! The box lid: every game with its player count, its pitch and how it is played (one
//! shared device, or a table and the players' phones), and how to install the app.

use intrigue_core::GameKind;
use intrigue_core::bots::Level;
use leptos::prelude::*;

use crate::games::screens;
use crate::i18n::GameWords;
use crate::route::Route;
use crate::saved;

#[component]
pub fn Home() -> impl IntoView {
    view! {
        <section class="hero">
            <h1>{tr!("Hidden-information games for game night", "Juegos de información oculta para la noche de juegos")}</h1>
            <p class="lede">{tr!(
                "Some games are played around one shared device, passed from hand to hand. Others use a table: one device in the middle shows the board and referees every move, and each player's phone shows only that player's secrets.",
                "Unos juegos se juegan con un solo dispositivo que pasa de mano en mano. Otros usan una mesa: un dispositivo en el centro muestra el tablero y arbitra cada jugada, y el teléfono de cada jugador muestra solo sus propios secretos."
            )}</p>
            <crate::install::InstallHint/>
        </section>
        <TableTools/>
        <History/>
        <AloneLevel/>
        <ul class="game-list" aria-label=tr!("Games", "Juegos")>
            {GameKind::all().map(|kind| view! { <GameCard kind/> }).collect_view()}
        </ul>
        <section class="how">
            <h2>{tr!("How a table plays", "Cómo se juega con una mesa")}</h2>
            <ol>
                <li>{tr!("Put one tablet, laptop or phone in the middle: that is the table.", "Pon una tableta, un portátil o un teléfono en el centro: esa es la mesa.")}</li>
                <li>{tr!("It deals the secrets and shows a QR code for each seat; each player scans theirs.", "Reparte los secretos y muestra un código QR por asiento; cada jugador escanea el suyo.")}</li>
                <li>{tr!("Moves are made on the table. Your phone keeps your team and your cards, and shows them only while you hold it.", "Las jugadas se hacen en la mesa. Tu teléfono guarda tu equipo y tus cartas, y solo los muestra mientras lo mantienes pulsado.")}</li>
            </ol>
        </section>
    }
}

#[component]
fn GameCard(kind: GameKind) -> impl IntoView {
    view! {
        <li class="game-card" data-game=kind.slug()>
            <div class="game-card-head">
                <h2>{kind.tr_title()}</h2>
                <span class="players">{kind.tr_players()}</span>
            </div>
            <p class="pitch">{screens(kind).pitch}</p>
            <div class="game-card-foot">
                {if kind.info().secret_deal {
                    view! { <span class="how-played" data-how="table">{tr!("A table and everyone's phones", "Una mesa y el teléfono de cada uno")}</span> }.into_any()
                } else {
                    view! { <span class="how-played" data-how="shared">{tr!("One shared device", "Un solo dispositivo compartido")}</span> }.into_any()
                }}
                <span class="card-actions">
                    <a class="button" href=Route::Rules(kind).href()>{tr!("Rules", "Reglas")}</a>
                    {learn_link(kind)}
                    // Refereed by the players' phones together, none holding another's secrets.
                    {crate::games::refereed_by_phones(kind).then(|| {
                        let label = if *kind.players().end() > 2 {
                            tr!("On every phone", "En cada teléfono")
                        } else {
                            tr!("On two phones", "En dos teléfonos")
                        };
                        view! { <a class="button" data-action="fair" href=Route::Fair(kind).href()>{label}</a> }
                    })}
                    <a class="button" data-action="play-alone" href=Route::PlayAlone(kind).href()>{tr!("Play alone", "Jugar solo")}</a>
                    <a class="button primary" href=Route::NewDeal { game: Some(kind), board: false }.href()>{tr!("Play", "Jugar")}</a>
                </span>
            </div>
        </li>
    }
}

/// "Learn to play" for a game with a guided first game, said as far as this device got
/// in it (resumed at its step, or learnt); none for a game without one.
pub fn learn_link(kind: GameKind) -> Option<impl IntoView> {
    use crate::saved::learn::{Progress, lesson_progress};
    screens(kind).guided.then(|| {
        let progress = lesson_progress(kind);
        let said = match progress {
            Progress::New => tr!("Learn to play", "Aprender a jugar").get().to_string(),
            Progress::At { step, .. } => trf!(
                "Resume the lesson at step {step}",
                "Seguir la lección en el paso {step}"
            ),
            Progress::Finished => tr!("Learn to play ✓ (learnt)", "Aprender a jugar ✓ (aprendido)")
                .get()
                .to_string(),
        };
        let state = match progress {
            Progress::New => "new",
            Progress::At { .. } => "resume",
            Progress::Finished => "finished",
        };
        view! { <a class="button" data-action="learn" data-lesson=state href=Route::Learn(kind).href()>{said}</a> }
    })
}

/// How strong the computer is when a person taps "Play alone": Easy, Normal or Hard,
/// remembered on this device.
#[component]
fn AloneLevel() -> impl IntoView {
    let chosen = RwSignal::new(saved::levels::alone_level());
    let choose = move |level: Level| {
        chosen.set(level);
        saved::levels::remember_alone_level(level);
    };
    // Buttons that say whether they are pressed, as the rest of this screen is made
    // of (a radio group would bring the form's machinery into the first load).
    view! {
        <section class="choice alone-level" aria-labelledby="alone-level-title">
            <h2 id="alone-level-title">{tr!("The computer, when you play alone", "El ordenador, cuando juegas solo")}</h2>
            <div class="levels" role="group" aria-labelledby="alone-level-title">
                {Level::ALL.into_iter().map(|level| view! {
                    <button type="button" class="button" data-level=level.name()
                        aria-pressed=move || (chosen.get() == level).to_string()
                        on:click=move |_| choose(level)>
                        {match level {
                            Level::Easy => tr!("Easy", "Fácil"),
                            Level::Normal => tr!("Normal", "Normal"),
                            Level::Hard => tr!("Hard", "Difícil"),
                        }}
                    </button>
                }).collect_view()}
            </div>
            <p class="hint">{move || match chosen.get() {
                Level::Easy => tr!("Easy takes what it sees and otherwise plays at random: for learning the rules.", "Fácil toma lo que ve y si no juega al azar: para aprender las reglas.").get().to_string(),
                Level::Normal => tr!("Normal plays what looks best now, and never sees what its seat cannot.", "Normal juega lo que mejor parece ahora, y nunca ve lo que su asiento no ve.").get().to_string(),
                Level::Hard => tr!("Hard thinks ahead over what it cannot see, up to a second or two a move on a slow phone.", "Difícil piensa por adelantado sobre lo que no ve, hasta un segundo o dos por jugada en un teléfono lento.").get().to_string(),
            }}</p>
        </section>
    }
}

/// The games whose secrets the app deals for a real board: "A City of Spies or Carousel Chess".
fn dealt_games() -> String {
    let titles: Vec<&str> = GameKind::all()
        .filter(|k| k.info().secret_deal)
        .map(|k| k.tr_title())
        .collect();
    match titles.as_slice() {
        [] => tr!("a game", "un juego").get().to_string(),
        titles => crate::words::or(titles),
    }
}

/// The tables this device ran before, newest first.
#[component]
fn History() -> impl IntoView {
    let ended = saved::history();
    (!ended.is_empty()).then(|| view! {
        <section class="history" aria-labelledby="history-title">
            <h2 id="history-title">{tr!("Earlier games on this device", "Partidas anteriores en este dispositivo")}</h2>
            <ul>
                {ended.into_iter().map(|e| {
                    let finished = e.finished;
                    // The game's name in the language now (the history keeps the English).
                    let kind = GameKind::all().find(|k| k.title() == e.title);
                    let date = js_sys::Date::new(&(e.at as f64).into());
                    let when = format!("{}/{} {:02}:{:02}", date.get_date(), date.get_month() + 1, date.get_hours(), date.get_minutes());
                    let round = e.round.map(|r| trf!(" · round {r}", " · ronda {r}")).unwrap_or_default();
                    let how = if finished {
                        tr!("played to the end", "jugada hasta el final")
                    } else {
                        tr!("ended early", "terminada antes de tiempo")
                    };
                    let title = kind.map_or_else(|| e.title.clone(), |k| k.tr_title().to_string());
                    let result = result_words(&e);
                    view! {
                        <li data-finished=finished.to_string()>
                            <strong>{title}</strong>" · "{result}{round}" · "{how}" · "{when}
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
        [] => tr!("a draw", "tablas").get().to_string(),
        [one] => trf!("{one} won", "ganó {one}"),
        many => trf!(
            "{} shared the win",
            "{} compartieron la victoria",
            crate::words::and(many)
        ),
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
    // A game played to the end: finished, with its result, not "in progress".
    let finished = playing.and_then(|_| saved::game_finished());
    view! {
        <section class="table-tools" aria-label=tr!("At the table", "En la mesa")>
            {damaged.into_iter().map(|message| view! { <p class="notice" role="alert">{message}</p> }).collect_view()}
            {seat.ok().flatten().map(|seat| {
                let code = &seat.code;
                let kind = code.game.kind();
                view! {
                    <div class="tool-card resume" data-resume="seat">
                        <h2>{tr!("Your seat: ", "Tu asiento: ")}{crate::i18n::name_here(&code.name())}</h2>
                        <p>{kind.tr_title()}{tr!(" · table words ", " · palabras de la mesa ")}{crate::words::words_view(code.fingerprint().to_string(), "fingerprint")}</p>
                        <a class="button primary" href=Route::Seat(None).href()>{tr!("Open my seat", "Abrir mi asiento")}</a>
                    </div>
                }
            })}
            {match (playing, table.ok().flatten()) {
                (kind, Some(table)) => {
                    let view = table.deal.table_view(table.round);
                    let game = view.game;
                    let (heading, link, label) = if finished.is_some() {
                        (tr!("Finished game: ", "Partida terminada: "), Route::Play, tr!("See how it ended", "Ver cómo terminó"))
                    } else if kind.is_some() {
                        (tr!("Game in progress: ", "Partida en curso: "), Route::Play, tr!("Continue the game", "Seguir la partida"))
                    } else {
                        (tr!("Table in progress: ", "Mesa en curso: "), Route::Table, tr!("Open the table", "Abrir la mesa"))
                    };
                    let players = view.names.len();
                    let result = finished.as_ref().map(|ended| view! { <p class="result">{result_words(ended)}</p> });
                    Some(view! {
                        <div class="tool-card resume" data-resume="table" data-finished=finished.is_some().to_string()>
                            <h2>{heading}{game.tr_title()}</h2>
                            {result}
                            <p>{crate::i18n::count(players, tr!("player", "jugador"), tr!("players", "jugadores"))}{tr!(" · table words ", " · palabras de la mesa ")}{crate::words::words_view(view.fingerprint.to_string(), "fingerprint")}</p>
                            <a class="button primary" href=link.href()>{label}</a>
                        </div>
                    }.into_any())
                }
                // A game without a table: one that deals no secrets to phones (or whose
                // table's save was damaged).
                (Some(kind), None) => Some(match finished {
                    Some(ended) => view! {
                        <div class="tool-card resume" data-resume="game" data-finished="true">
                            <h2>{tr!("Finished game: ", "Partida terminada: ")}{kind.tr_title()}</h2>
                            <p class="result">{result_words(&ended)}</p>
                            <a class="button primary" href=Route::Play.href()>{tr!("See how it ended", "Ver cómo terminó")}</a>
                        </div>
                    }.into_any(),
                    None => view! {
                        <div class="tool-card resume" data-resume="game" data-finished="false">
                            <h2>{tr!("Game in progress: ", "Partida en curso: ")}{kind.tr_title()}</h2>
                            <a class="button primary" href=Route::Play.href()>{tr!("Continue the game", "Seguir la partida")}</a>
                        </div>
                    }.into_any(),
                }),
                (None, None) => None,
            }}
            <div class="tool-card">
                <h2>{tr!("At the table", "En la mesa")}</h2>
                <p>{trf!(
                    "Got a seat code from the table? Join with it. Playing {} on your own board? Let this device deal the secrets.",
                    "¿Te ha dado la mesa un código de asiento? Únete con él. ¿Jugáis a {} en vuestro propio tablero? Deja que este dispositivo reparta los secretos.",
                    dealt_games()
                )}</p>
                <div class="actions">
                    <a class="button primary" href=Route::Join.href()>{tr!("Join with a code", "Unirse con un código")}</a>
                    <a class="button" href=Route::NewDeal { game: None, board: true }.href()>{tr!("Deal for a real board", "Repartir para un tablero real")}</a>
                    <crate::screens::game_file::ImportGame/>
                </div>
            </div>
        </section>
    }
}
