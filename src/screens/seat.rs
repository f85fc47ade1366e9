//! A phone's private view: the game, the seat, the table words, the round with its check
//! word and, while the player holds, their secrets. It holds its own seat's code and
//! nothing else; every other seat's secrets appear only after the table's reveal code has
//! been checked against it. Stored on the phone until the player leaves the game.

use intrigue_core::{Code, Refused, RevealCode, RoundsCode, SeatCode};
use leptos::prelude::*;

use crate::components::HoldToReveal;
use crate::dialog::ask;
use crate::i18n::GameWords;
use crate::reasons::Reason;
use crate::route::Route;
use crate::saved::{self, MAX_ROUND, SavedSeat};
use crate::screens::join::refusal;
use crate::screens::secrets::{RevealAll, SeatSecrets};
use crate::screens::{Join, Problem};

/// Put `#/seat` in the address bar without a new history entry or a new screen: a reload
/// shows the stored seat instead of handling the same code again.
fn settle_address() {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&Route::Seat(None).href()),
        );
    }
}

/// Why a code did not fit this phone's seat, in the language now.
fn refused_words(refused: &Refused) -> String {
    match refused {
        Refused::OtherTable { theirs, ours } => trf!(
            "This code belongs to another table (table words {theirs}); this phone's table is {ours}. Ask your own table for its code.",
            "Este código es de otra mesa (palabras de la mesa {theirs}); la mesa de este teléfono es {ours}. Pide el código a tu propia mesa."
        ),
        Refused::OtherSeat { seat } => trf!(
            "This code is for seat {}, not for the seat on this phone. Scan the code the table shows for your own seat.",
            "Este código es del asiento {}, no del asiento de este teléfono. Escanea el código que la mesa muestra para tu propio asiento.",
            seat + 1
        ),
        Refused::Gap { first, held } => trf!(
            "This code starts at round {first}, but this phone holds rounds 1 to {held}: ask the table for the code of rounds {} to {} first.",
            "Este código empieza en la ronda {first}, pero este teléfono tiene las rondas 1 a {held}: pide antes a la mesa el código de las rondas {} a {}.",
            held + 1,
            held + intrigue_core::seat::ROUNDS_PER_CODE
        ),
        Refused::Contradicts => tr!(
            "This code does not match the secrets this phone already holds, so it cannot be trusted. Ask the table to show it again.",
            "Este código no coincide con los secretos que ya tiene este teléfono, así que no es de fiar. Pide a la mesa que lo muestre otra vez."
        )
        .to_string(),
    }
}

#[component]
pub fn SeatScreen(token: Option<String>) -> impl IntoView {
    let Some(text) = token else {
        // The seat stored on this phone, or the way to join one.
        return match saved::load_seat() {
            Ok(Some(seat)) => view! { <PrivateView seat/> }.into_any(),
            Ok(None) => view! { <Join/> }.into_any(),
            Err(message) => view! { <Problem title=tr!("Your saved seat could not be read", "No se pudo leer tu asiento guardado").get() message offer_join=true/> }.into_any(),
        };
    };
    match Code::parse(&text) {
        Err(error) => view! {
            <Problem title=tr!("This code does not work", "Este código no funciona").get() message=refusal(&error) offer_join=true/>
        }
        .into_any(),
        Ok(Code::Seat(code)) => open_seat(code),
        Ok(Code::Rounds(code)) => add_rounds(code, text),
        Ok(Code::Reveal(code)) => with_seat(|mut seat| match check_reveal(&mut seat, &code) {
            Ok(()) => {
                settle_address();
                view! { <PrivateView seat/> }.into_any()
            }
            Err(message) => view! {
                <Problem title=tr!("This reveal does not belong to your table", "Esta revelación no es de tu mesa").get() message offer_seat=true/>
            }
            .into_any(),
        }),
    }
}

/// A seat's code: the same seat keeps its round, rounds and reveal; another starts afresh.
fn open_seat(code: SeatCode) -> AnyView {
    let seat = match saved::load_seat() {
        Ok(Some(saved)) if saved.code.to_link_token() == code.to_link_token() => saved,
        _ => SavedSeat::new(code),
    };
    let stored = saved::save_seat(&seat).err().map(|e| e.words());
    view! {
        {stored.map(|problem| view! {
            <p class="notice" role="alert">{problem}{tr!(" Keep this page open: the seat is not saved on this phone.", " Deja esta página abierta: el asiento no está guardado en este teléfono.")}</p>
        })}
        <PrivateView seat/>
    }
    .into_any()
}

/// A code that needs the seat already on this phone.
fn with_seat(then: impl FnOnce(SavedSeat) -> AnyView) -> AnyView {
    match saved::load_seat() {
        Ok(Some(seat)) => then(seat),
        Ok(None) => view! {
            <Problem title=tr!("This phone holds no seat yet", "Este teléfono aún no tiene asiento").get()
                message=tr!("Scan your seat's code on the table first; then this code can be added to it.", "Escanea primero el código de tu asiento en la mesa; después se le podrá añadir este código.").get() offer_join=true/>
        }
        .into_any(),
        Err(message) => {
            view! { <Problem title=tr!("Your saved seat could not be read", "No se pudo leer tu asiento guardado").get() message offer_join=true/> }
                .into_any()
        }
    }
}

fn add_rounds(code: RoundsCode, token: String) -> AnyView {
    with_seat(move |mut seat| {
        match seat.code.add_rounds(&code) {
        Ok(()) => {
            if !seat.more.contains(&token) {
                seat.more.push(token);
            }
            let stored = saved::save_seat(&seat).err().map(|e| e.words());
            settle_address();
            let added = trf!(
                "Your cards for rounds {} to {} are now on this phone.",
                "Tus cartas de las rondas {} a {} ya están en este teléfono.",
                code.first,
                code.last()
            );
            view! {
                <p class="notice added" role="status">{added}</p>
                {stored.map(|problem| view! { <p class="notice" role="alert">{problem}</p> })}
                <PrivateView seat/>
            }
            .into_any()
        }
        Err(refused) => view! {
            <Problem title=tr!("This code does not fit your seat", "Este código no encaja con tu asiento").get() message=refused_words(&refused) offer_seat=true/>
        }
        .into_any(),
    }
    })
}

/// Check the table's reveal against this seat and keep it.
fn check_reveal(seat: &mut SavedSeat, code: &RevealCode) -> Result<(), String> {
    seat.code
        .verify(code)
        .map_err(|refused| refused_words(&refused))?;
    seat.reveal = Some(code.to_link_token());
    Ok(saved::save_seat(seat)?)
}

#[component]
fn PrivateView(seat: SavedSeat) -> impl IntoView {
    // A phone that dims mid-game hides the seat behind the lock screen: keep it awake.
    crate::awake::keep_awake();
    let code = seat.code.clone();
    let index = code.seat;
    let name = crate::i18n::name_here(&code.name());
    let players = code.players();
    let words = code.fingerprint().to_string();
    let has_rounds = code.rounds_held() > 0;
    let id = code.table_id;
    let kind = code.game.kind();
    let state = RwSignal::new(seat);
    let update = move |change: &dyn Fn(&mut SavedSeat)| {
        let mut next = state.get();
        change(&mut next);
        let _ = saved::save_seat(&next);
        state.set(next);
    };
    let round = move || state.with(|s| s.round);
    let held = move || state.with(|s| s.code.rounds_held());
    let leave = move |_| {
        ask(
            tr!(
                "Leave this game? Your seat is removed from this phone.",
                "¿Dejar esta partida? Tu asiento se borra de este teléfono."
            ),
            tr!("Leave it", "Dejarla"),
            || {
                saved::clear_seat();
                Route::Home.go();
            },
        );
    };
    let revealed = Memo::new(move |_| state.with(|s| s.revealed()));

    view! {
        <section class="private-view" data-seat=index>
            <p class="kicker">{trf!("{} · seat {} of {}", "{} · asiento {} de {}", kind.tr_title(), index + 1, players)}</p>
            <h1 class="private-name">{name}</h1>
            <p class="table-words">{tr!("Table words ", "Palabras de la mesa ")}{crate::words::words_view(words, "fingerprint")}</p>
            {has_rounds.then(|| view! {
                <div class="round-bar">
                    <button type="button" class="button" aria-label=tr!("Previous round", "Ronda anterior")
                        prop:disabled={move || round() <= 1}
                        on:click=move |_| update(&|s| s.round -= 1)>"‹"</button>
                    <span class="round">{tr!("Round ", "Ronda ")}<strong class="round-number">{round}</strong></span>
                    <button type="button" class="button" aria-label=tr!("Next round", "Ronda siguiente")
                        prop:disabled={move || round() >= held().min(MAX_ROUND)}
                        on:click=move |_| update(&|s| s.round += 1)>"›"</button>
                </div>
                <p class="round-word-line">{tr!("Check word ", "Palabra de control ")}<strong>{move || crate::words::words_view(id.round_word(round()).to_string(), "round-word")}</strong>
                    {tr!(" — the table shows the same word for this round.", " — la mesa muestra la misma palabra en esta ronda.")}</p>
                {move || (round() == held() && held() < MAX_ROUND).then(|| view! {
                    <p class="hint">{trf!(
                        "This phone holds rounds 1 to {}. After that, scan the code the table hands out for the next rounds.",
                        "Este teléfono tiene las rondas 1 a {}. Después, escanea el código que reparte la mesa para las rondas siguientes.",
                        held()
                    )}</p>
                })}
            })}
            // Once the reveal is verified, everyone's secrets come first: the game is over.
            {move || revealed.get().map(|(deal, rounds, winners)| view! {
                <section class="phone-reveal">
                    <h2>{tr!("Everyone's secrets", "Los secretos de todos")}</h2>
                    <p class="verified">{tr!("Verified: this reveal matches the secrets this phone was handed.", "Comprobado: esta revelación coincide con los secretos que recibió este teléfono.")}</p>
                    <RevealAll deal rounds winners/>
                </section>
            })}
            {move || {
                let secrets = state.with(|s| s.code.secrets.clone());
                let r = round();
                view! {
                    <HoldToReveal prompt=crate::components::secrets_prompt()>
                        <SeatSecrets secrets=secrets.clone() seat=index round=r/>
                    </HoldToReveal>
                }
            }}
            {move || revealed.with(Option::is_none).then(|| view! { <RevealEntry state/> })}
            <div class="actions leave">
                <button type="button" class="button danger" on:click=leave>{tr!("Leave this game", "Dejar esta partida")}</button>
            </div>
        </section>
    }
}

/// At the end of the game: the table's reveal code, typed (or scanned with the camera,
/// which opens it as a link). Nothing of another seat is on this phone until it checks out.
#[component]
fn RevealEntry(state: RwSignal<SavedSeat>) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let check = move || {
        let outcome = match Code::parse(&typed.get()) {
            Ok(Code::Reveal(code)) => {
                let mut seat = state.get();
                check_reveal(&mut seat, &code).map(|()| seat)
            }
            Ok(_) => Err(tr!(
                "That is not a reveal code: the table shows the reveal code when the game is over.",
                "Eso no es un código de revelación: la mesa muestra el código de revelación cuando termina la partida."
            )
            .to_string()),
            Err(problem) => Err(refusal(&problem)),
        };
        match outcome {
            Ok(seat) => state.set(seat),
            Err(problem) => error.set(Some(problem)),
        }
    };
    view! {
        <details class="reveal-entry">
            <summary>{tr!("Game over? See everyone's secrets", "¿Terminó la partida? Mira los secretos de todos")}</summary>
            <p>{tr!(
                "Scan the reveal code the table shows at the end of the game, or type it here. This phone checks it against your own secrets before it shows anyone else's.",
                "Escanea el código de revelación que muestra la mesa al final de la partida o escríbelo aquí. Este teléfono lo comprueba con tus propios secretos antes de mostrar los de nadie más."
            )}</p>
            <form on:submit=move |ev| { ev.prevent_default(); check(); }>
                <label class="code-label" for="reveal-code">{tr!("Reveal code", "Código de revelación")}</label>
                <input id="reveal-code" class="code-input" type="text" autocomplete="off"
                    autocapitalize="characters" spellcheck="false"
                    prop:value=move || typed.get()
                    on:input=move |ev| { typed.set(event_target_value(&ev)); error.set(None); }/>
                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                <button type="submit" class="button">{tr!("Check the reveal", "Comprobar la revelación")}</button>
            </form>
        </details>
    }
}
