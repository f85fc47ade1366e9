//! Deal a new table: the game, the players, their names, the house rules. The app draws
//! the seed and deals; then the hand-out begins (or, for a game without secrets on phones,
//! the game). Everything game-specific comes from the registry: the games, their player
//! counts and house rules, and how each starts.

use intrigue_core::bots::Level;
use intrigue_core::{GameKind, Seats};
use leptos::prelude::*;

use crate::dialog::{ask, ask_then};
use crate::i18n::GameWords;
use crate::route::Route;
use crate::saved;
use crate::screens::Problem;

const MOST_PLAYERS: usize = 9;

/// `game`: the game a card's "Play" chose; `board`: dealing for a real board (the app only
/// deals the secrets) rather than playing on this screen.
/// What a new deal would end, in words; None when nothing is running (a finished table or
/// game goes to the history without a question).
fn running_question() -> Option<String> {
    // A game played to the end is finished, not running, whatever its table says.
    if saved::game_finished().is_some() {
        return None;
    }
    let replacing_game = matches!(saved::game_in_progress(), Ok(Some(_)));
    saved::load_table()
        .ok()
        .flatten()
        .filter(|t| !t.revealed)
        .map(|t| {
            let view = t.deal.table_view(t.round);
            let round = view
                .round
                .map(|r| trf!(", round {r},", ", ronda {r},"))
                .unwrap_or_default();
            trf!(
                "{} with {}{round} is in progress on this device. End it and deal a new game?",
                "{} con {}{round} está en curso en este dispositivo. ¿Terminarla y repartir una partida nueva?",
                view.game.tr_title(),
                crate::words::and(&crate::i18n::names_here(&view.names))
            )
        })
        .or_else(|| {
            replacing_game.then(|| {
                tr!(
                    "A game is in progress on this device. End it and deal a new game?",
                    "Hay una partida en curso en este dispositivo. ¿Terminarla y repartir una nueva?"
                )
                .to_string()
            })
        })
}

/// A house rule's words (the core's are English) in the language now: it follows a change.
fn house_words(english: &'static str) -> impl Fn() -> String + Send + Sync + 'static {
    move || {
        if !crate::i18n::es() {
            return english.to_string();
        }
        let spanish = match english {
            "Only stalemate pays the Draw player (other draws still end the game)" => {
                "Solo el ahogado paga al jugador de las tablas (las demás tablas siguen acabando la partida)"
            }
            "A player's Target may be their own Life-Piece (off in the standard rules)" => {
                "El objetivo de un jugador puede ser su propia pieza de vida (no en las reglas normales)"
            }
            "A short supply: half of every pile" => "Reserva corta: la mitad de cada montón",
            "Board width" => "Ancho del tablero",
            "10 files (standard)" => "10 columnas (normal)",
            "11 files" => "11 columnas",
            "12 files" => "12 columnas",
            "Volcanoes" => "Volcanes",
            "4 (standard)" => "4 (normal)",
            "None" => "Ninguno",
            "No draw after 100 turns without a combat" => "Sin tablas tras 100 turnos sin combate",
            // A number of volcanoes.
            other => other,
        };
        spanish.to_string()
    }
}

/// The name of a seat the computer plays and nobody named: "Computer", or "Computer 2"
/// when it plays several (numbered among its own seats).
fn computer_name(computers: &[Option<Level>], seat: usize) -> String {
    let many = computers.iter().flatten().count() > 1;
    let number = computers[..seat].iter().flatten().count() + 1;
    if many {
        trf!("Computer {number}", "Ordenador {number}")
    } else {
        tr!("Computer", "Ordenador").to_string()
    }
}

/// "Play alone", from a game card: one person ("You", the first seat) against the computer
/// at the level chosen on the home screen (Normal until one is; Normal in a game without
/// Hard) in every other seat (as many as the game's screens say), dealt at once —
/// after asking, when it would end a game in progress — with the game's address in place
/// of this one, so Back does not deal again. A game with secrets on phones hands the
/// person their own code first (or a peek on this device).
#[component]
pub fn PlayAlone(kind: GameKind) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let start = move || match deal_alone(kind) {
        Ok(next) => next.replace(),
        Err(message) => problem.set(Some(message)),
    };
    match running_question() {
        Some(question) => ask_then(question, end_and_deal(), move |yes| {
            if yes {
                start();
            } else {
                Route::Home.replace();
            }
        }),
        None => start(),
    }
    view! {
        {move || match problem.get() {
            Some(message) => view! { <Problem title=tr!("The game could not be dealt", "No se pudo repartir la partida").get() message/> }.into_any(),
            None => view! { <p class="loading" role="status">{tr!("Dealing…", "Repartiendo…")}</p> }.into_any(),
        }}
    }
}

/// The answer that ends the game in progress for a new deal.
fn end_and_deal() -> crate::i18n::Tr {
    tr!("End it and deal", "Terminarla y repartir")
}

/// Deal [`PlayAlone`]'s game: where it starts, or why it could not be dealt.
fn deal_alone(kind: GameKind) -> Result<Route, String> {
    let players = crate::games::screens(kind).alone;
    let level = crate::games::computer::level_in(kind, saved::levels::alone_level());
    let computers: Vec<Option<Level>> = (0..players)
        .map(|seat| (seat > 0).then_some(level))
        .collect();
    let names = (0..usize::from(players))
        .map(|seat| {
            if seat == 0 {
                tr!("You", "Tú").to_string()
            } else {
                computer_name(&computers, seat)
            }
        })
        .collect();
    Seats::new(players, names)
        .map_err(|e| crate::reasons::Reason::words(&e))
        .and_then(|seats| saved::deal_new(kind, seats, 0, true, &computers))
}

#[component]
pub fn NewDeal(game: Option<GameKind>, board: bool) -> impl IntoView {
    let games: Vec<GameKind> = GameKind::all().collect();
    let first = game
        .filter(|g| games.contains(g))
        .or_else(|| games.first().copied());
    let Some(first) = first else {
        return view! { <crate::screens::Problem title=tr!("Nothing to deal", "Nada que repartir").get() message=tr!("No game in this version can be dealt.", "Esta versión no puede repartir ningún juego.").get()/> }.into_any();
    };
    let game = RwSignal::new(first);
    let players = RwSignal::new(5u8.clamp(*first.players().start(), *first.players().end()));
    let names = RwSignal::new(vec![String::new(); MOST_PLAYERS]);
    // Who plays each seat on this screen: a person (`None`) or the computer, and how well.
    // As the last deal on this device had it, at the levels this game has.
    let players_kind = RwSignal::new(
        saved::levels::seat_players(MOST_PLAYERS)
            .into_iter()
            .map(|p| p.map(|level| crate::games::computer::level_in(first, level)))
            .collect::<Vec<_>>(),
    );
    // Bit `i`: the chosen game's house rule `i` is on.
    let options = RwSignal::new(0u8);
    // Play on this screen, or only deal for a real board.
    let on_screen = RwSignal::new(!board);
    let error = RwSignal::new(None::<String>);
    let replacing = saved::load_table()
        .ok()
        .flatten()
        .map(|t| t.deal.table_view(t.round));
    let running = running_question();

    let choose_game = move |kind: GameKind| {
        game.set(kind);
        options.set(0);
        // A level this game's computer lacks becomes the strongest it has below it.
        players_kind.update(|all| {
            for level in all.iter_mut().flatten() {
                *level = crate::games::computer::level_in(kind, *level);
            }
        });
        let range = kind.players();
        players.update(|n| *n = (*n).clamp(*range.start(), *range.end()));
    };
    // Whether this deal is played on this screen (a game without a secret deal always is).
    let plays_here = move || {
        let kind = game.get();
        on_screen.get() || !kind.info().secret_deal
    };
    let deal_now = move || {
        let kind = game.get();
        let n = players.get();
        let chosen = options.get();
        let here = plays_here();
        // The computer plays only on this screen (a real board has no one to move for it).
        let computers: Vec<Option<Level>> = if here {
            players_kind.with(|all| all[..usize::from(n)].to_vec())
        } else {
            Vec::new()
        };
        let typed = match names.with(|all| seat_names(&all[..usize::from(n)], &computers)) {
            Ok(typed) => typed,
            Err(why) => {
                error.set(Some(why));
                return;
            }
        };
        let saved = Seats::new(n, typed)
            .map_err(|e| crate::reasons::Reason::words(&e))
            .and_then(|seats| saved::deal_new(kind, seats, chosen, here, &computers));
        match saved {
            Ok(next) => next.go(),
            Err(message) => error.set(Some(message)),
        }
    };
    // Ending a game in progress is asked first.
    let deal = move |_| match running.clone() {
        Some(question) => ask(question, end_and_deal(), deal_now),
        None => deal_now(),
    };

    view! {
        <section class="form-screen">
            <a class="back" href=Route::Home.href()>{tr!("← All games", "← Todos los juegos")}</a>
            <h1>{tr!("New game", "Partida nueva")}</h1>
            <p class="lede">
                {move || if game.get().info().secret_deal {
                    tr!(
                        "This device deals everyone's secret team and cards and hands them to the phones by QR code. Play on this screen, or on your own board with the app only dealing.",
                        "Este dispositivo reparte el equipo y las cartas secretas de cada uno y se los pasa a los teléfonos con un código QR. Jugad en esta pantalla o en vuestro propio tablero, con la aplicación solo repartiendo."
                    ).get()
                } else {
                    tr!(
                        "You play on this screen, passing the device: the app is the board and the referee, and keeps each player's pieces hidden from the other.",
                        "Se juega en esta pantalla pasándose el dispositivo: la aplicación es el tablero y el árbitro, y oculta las piezas de cada jugador al otro."
                    ).get()
                }}
            </p>
            {replacing.map(|view| {
                let game = view.game;
                view! {
                    <p class="notice">
                        {tr!("Dealing replaces the table in progress on this device (", "Repartir sustituye a la mesa en curso en este dispositivo (")}
                        {game.tr_title()}", "{crate::words::words_view(view.fingerprint.to_string(), "fingerprint")}")."
                    </p>
                }
            })}

            <fieldset class="choice">
                <legend>{tr!("Game", "Juego")}</legend>
                {games.into_iter().map(|kind| view! {
                    <label class="option-row">
                        <input type="radio" name="game" value=kind.slug()
                            prop:checked=move || game.get() == kind
                            on:change=move |_| choose_game(kind)/>
                        <span><strong>{kind.tr_title()}</strong>" · "{kind.tr_players()}</span>
                    </label>
                }).collect_view()}
            </fieldset>

            <fieldset class="choice">
                <legend>{tr!("Players", "Jugadores")}</legend>
                <div class="stepper">
                    <button type="button" class="button" aria-label=tr!("One player fewer", "Un jugador menos")
                        prop:disabled={move || players.get() <= *game.get().players().start()}
                        on:click=move |_| players.update(|n| *n -= 1)>"−"</button>
                    <output class="stepper-value" aria-live="polite">{move || players.get()}</output>
                    <button type="button" class="button" aria-label=tr!("One player more", "Un jugador más")
                        prop:disabled={move || players.get() >= *game.get().players().end()}
                        on:click=move |_| players.update(|n| *n += 1)>"+"</button>
                </div>
            </fieldset>

            <fieldset class="choice">
                <legend>{move || if plays_here() {
                    tr!("Who plays (names optional, in seating order)", "Quién juega (nombres opcionales, en el orden de los asientos)")
                } else {
                    tr!("Names (optional, in seating order)", "Nombres (opcionales, en el orden de los asientos)")
                }.get()}</legend>
                <SeatRows players names players_kind plays_here=Signal::derive(plays_here) levels=Signal::derive(move || crate::games::computer::levels(game.get()))/>
            </fieldset>

            <Show when=move || game.get().info().secret_deal>
                <fieldset class="choice">
                    <legend>{tr!("Where do you play?", "¿Dónde jugáis?")}</legend>
                    <label class="option-row">
                        <input type="radio" name="mode" prop:checked=move || on_screen.get() on:change=move |_| on_screen.set(true)/>
                        <span><strong>{tr!("On this screen", "En esta pantalla")}</strong>{tr!(": the app is the board and the referee", ": la aplicación es el tablero y el árbitro")}</span>
                    </label>
                    <label class="option-row">
                        <input type="radio" name="mode" prop:checked=move || !on_screen.get() on:change=move |_| on_screen.set(false)/>
                        <span><strong>{tr!("On our own board", "En nuestro propio tablero")}</strong>{tr!(": the app only deals the secrets", ": la aplicación solo reparte los secretos")}</span>
                    </label>
                </fieldset>
            </Show>
            {move || view! { <HouseRules game=game.get() options/> }}

            {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
            <button type="button" class="button primary big" on:click=deal>{tr!("Deal", "Repartir")}</button>
        </section>
    }
    .into_any()
}

/// The names of a deal's seats from what was typed (`typed`, one per seat) and who plays
/// each (`computers`): a computer's seat nobody named is "Computer" (numbered when it plays
/// several); nothing typed at all is the core's default names. Refused when every seat is
/// the computer's: it does not play alone.
fn seat_names(typed: &[String], computers: &[Option<Level>]) -> Result<Vec<String>, String> {
    if !computers.is_empty() && computers.iter().all(Option::is_some) {
        return Err(tr!(
            "At least one seat must be a person's: the computer does not play alone.",
            "Al menos un asiento tiene que ser de una persona: el ordenador no juega solo."
        )
        .to_string());
    }
    let named: Vec<String> = (0..typed.len())
        .map(|seat| match computers.get(seat) {
            Some(Some(_)) if typed[seat].trim().is_empty() => computer_name(computers, seat),
            _ => typed[seat].clone(),
        })
        .collect();
    Ok(if named.iter().all(|t| t.trim().is_empty()) {
        vec![]
    } else {
        named
    })
}

/// A name box for each of the `players` seats, and (when the game is played on this
/// screen: `plays_here`) who plays it: a person or the computer at one of the game's
/// `levels`.
#[component]
fn SeatRows(
    players: RwSignal<u8>,
    names: RwSignal<Vec<String>>,
    players_kind: RwSignal<Vec<Option<Level>>>,
    plays_here: Signal<bool>,
    levels: Signal<&'static [Level]>,
) -> impl IntoView {
    view! {
        <div class="names">
            {move || (0..players.get() as usize).map(|i| view! {
                <div class="name-row">
                    <span class="seat-number">{i + 1}</span>
                    <input type="text" maxlength="20" autocomplete="off"
                        aria-label=trf!("Name of seat {}", "Nombre del asiento {}", i + 1)
                        placeholder=move || if players_kind.with(|k| k[i].is_some()) { tr!("Computer", "Ordenador").to_string() } else { trf!("Seat {}", "Asiento {}", i + 1) }
                        prop:value=move || names.with(|n| n[i].clone())
                        on:input=move |ev| names.update(|n| n[i] = event_target_value(&ev))/>
                    // Who plays the seat: only when the game is played on this screen.
                    <Show when=move || plays_here.get()>
                        <select class="seat-player" data-seat=i aria-label=trf!("Who plays seat {}", "Quién juega en el asiento {}", i + 1)
                            on:change=move |ev| {
                                let chosen = Level::from_name(&event_target_value(&ev));
                                players_kind.update(|k| k[i] = chosen);
                                players_kind.with_untracked(|k| saved::levels::remember_seat_players(k));
                            }>
                            <option value="person" prop:selected=move || players_kind.with(|k| k[i].is_none())>{tr!("Person", "Persona")}</option>
                            {move || levels.get().iter().copied().map(|level| view! {
                                <option value=level.name() prop:selected=move || players_kind.with(|k| k[i] == Some(level))>
                                    {move || match level {
                                        Level::Easy => tr!("Computer: easy", "Ordenador: fácil"),
                                        Level::Normal => tr!("Computer: normal", "Ordenador: normal"),
                                        Level::Hard => tr!("Computer: hard", "Ordenador: difícil"),
                                    }.get()}
                                </option>
                            }).collect_view()}
                        </select>
                    </Show>
                </div>
            }).collect_view()}
        </div>
    }
}

/// The house rules of `game`, each a box or a list (`options`: bit `i` is rule `i`).
#[component]
fn HouseRules(game: GameKind, options: RwSignal<u8>) -> impl IntoView {
    let house_rules = game.info().options;
    (!house_rules.is_empty()).then(|| view! {
        <fieldset class="choice">
            <legend>{if house_rules.len() == 1 { tr!("House rule", "Regla de la casa") } else { tr!("House rules", "Reglas de la casa") }}</legend>
            {house_rules.iter().enumerate().map(|(i, rule)| {
                let info = game.info();
                let value = move || info.option_value(options.get(), i);
                let set = move |v: u8| options.update(|o| *o = info.with_option(*o, i, v));
                if rule.choices.is_empty() {
                    view! {
                        <label class="option-row">
                            <input type="checkbox" prop:checked=move || value() != 0
                                on:change=move |ev| set(u8::from(event_target_checked(&ev)))/>
                            <span>{house_words(rule.label)}</span>
                        </label>
                    }.into_any()
                } else {
                    view! {
                        <label class="option-row select-row">
                            <span>{house_words(rule.label)}</span>
                            <select data-house-rule=i on:change=move |ev| set(event_target_value(&ev).parse().unwrap_or(0))>
                                {rule.choices.iter().enumerate().map(|(n, choice)| view! {
                                    <option value=n.to_string() prop:selected=move || usize::from(value()) == n>{house_words(choice)}</option>
                                }).collect_view()}
                            </select>
                        </label>
                    }.into_any()
                }
            }).collect_view()}
        </fieldset>
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, speak};

    fn typed(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    /// Seats nobody named keep the core's default, a computer's is "Computer" (numbered
    /// when there are several), and the computer never plays alone.
    #[test]
    fn a_deals_seats_are_named_as_typed_and_the_computers_as_computers() {
        speak(Lang::En);
        let normal = Some(Level::Normal);
        assert_eq!(
            seat_names(&typed(&["", "", ""]), &[None, None, None]),
            Ok(vec![])
        );
        assert_eq!(
            seat_names(&typed(&["Ann", "", ""]), &[None, normal, normal]),
            Ok(typed(&["Ann", "Computer 1", "Computer 2"]))
        );
        assert_eq!(
            seat_names(&typed(&["", "Hal"]), &[None, normal]),
            Ok(typed(&["", "Hal"])),
            "a computer named by the player keeps its name"
        );
        assert_eq!(
            seat_names(&typed(&["", ""]), &[None, normal]),
            Ok(typed(&["", "Computer"]))
        );
        assert!(seat_names(&typed(&["", ""]), &[normal, Some(Level::Easy)]).is_err());
        speak(Lang::Es);
        assert_eq!(
            seat_names(&typed(&["", ""]), &[normal, None]),
            Ok(typed(&["Ordenador", ""]))
        );
        assert!(
            seat_names(&typed(&[""]), &[normal])
                .unwrap_err()
                .contains("ordenador no juega solo")
        );
        speak(Lang::En);
    }
}
