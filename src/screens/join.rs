//! Join a table by typing the code the hand-out screen shows (for a phone whose camera
//! will not scan).

use intrigue_core::{Code, ShareError};
use leptos::prelude::*;

use crate::route::Route;

/// The code in what was pasted: a typed code as it is, or the code of a whole link that
/// a phone was sent (`https://…/#/seat/<code>`, or an invitation's `…#/link/<code>`).
pub fn code_of(text: &str) -> &str {
    crate::route::code_in(text)
}

/// Why a code was refused, in the language now (the core's words are English).
pub fn refusal(error: &ShareError) -> String {
    if !crate::i18n::es() {
        return error.to_string();
    }
    match error {
        ShareError::Empty => "Aquí no hay ningún código. Escanea el código QR de tu asiento en la mesa o escribe el código que muestra.".to_string(),
        ShareError::BadCharacter(' ') => "El código tiene un espacio, que nunca aparece en un código de Intrigue. Revísalo y vuelve a escribirlo.".to_string(),
        ShareError::BadCharacter('%') => "El código tiene «%» (¿un enlace con un carácter codificado?), que nunca aparece en un código de Intrigue. Revísalo y vuelve a escribirlo.".to_string(),
        ShareError::BadCharacter(c) if c.is_control() => "El código tiene un carácter invisible, que nunca aparece en un código de Intrigue. Revísalo y vuelve a escribirlo.".to_string(),
        ShareError::BadCharacter(c) => format!("El código tiene «{c}», que nunca aparece en un código de Intrigue. Revísalo y vuelve a escribirlo."),
        ShareError::Truncated => "El código es demasiado corto: le falta una parte. Vuelve a escanear el código QR o escribe el código entero.".to_string(),
        ShareError::Checksum => "El código no cuadra: hay un carácter equivocado, de menos o de más. Vuelve a escanear el código QR o pide a la mesa que muestre el código.".to_string(),
        ShareError::OldVersion => "Este código lo hizo un Intrigue más antiguo: pide a la mesa un código nuevo.".to_string(),
        ShareError::FutureVersion(_) => "Este código lo hizo una versión más nueva de Intrigue. Recarga la aplicación para actualizarla y vuelve a abrir el código.".to_string(),
        ShareError::UnknownGame(_) => "Este código es de un juego que esta versión de Intrigue no conoce. Recarga la aplicación para actualizarla y vuelve a abrir el código.".to_string(),
        ShareError::NoSecretDeal(game) => {
            use crate::i18n::GameWords;
            format!("Este código es de {}, que no tiene cartas secretas que mostrar en un teléfono.", game.tr_title())
        }
        ShareError::NotForPhones => "Esto es la partida guardada de la propia mesa, no un código para un teléfono. Escanea el código que la mesa muestra para tu asiento.".to_string(),
        ShareError::Damaged(_) => "El código está dañado. Vuelve a escanear el código QR o pide a la mesa que muestre el código.".to_string(),
        ShareError::Invitation => "Esto es una invitación para jugar un asiento desde este teléfono, no un código de la mesa: ábrela para conectar este teléfono a la partida.".to_string(),
        ShareError::PhoneAnswer => "Esto es la respuesta de un teléfono a una invitación, no un código para esta pantalla: escríbela en el dispositivo que tiene la partida, bajo la invitación del asiento.".to_string(),
    }
}

#[component]
pub fn Join() -> impl IntoView {
    let code = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let open = move || {
        let typed = code.get();
        match Code::parse(code_of(&typed)) {
            Ok(code) => Route::Seat(Some(code.to_link_token())).go(),
            // An invitation to play a seat from this phone: it is opened as its link would
            // be (the letters alone, without the dashes of its groups).
            Err(ShareError::Invitation) => Route::Linked(
                code_of(&typed)
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect(),
            )
            .go(),
            Err(problem) => error.set(Some(refusal(&problem))),
        }
    };
    view! {
        <section class="form-screen join">
            <a class="back" href=Route::Home.href()>{tr!("← All games", "← Todos los juegos")}</a>
            <h1>{tr!("Join a table", "Unirse a una mesa")}</h1>
            <p class="lede">{tr!(
                "Type the code the table shows (your seat's code, the code for the next rounds, or the reveal code at the end) or a game's invitation to play from this phone, or paste the whole link. Capitals, spaces and dashes do not matter.",
                "Escribe el código que muestra la mesa (el de tu asiento, el de las rondas siguientes o el código de revelación del final) o la invitación de una partida para jugar desde este teléfono, o pega el enlace entero. Da igual mayúsculas, espacios o guiones."
            )}</p>
            <form on:submit=move |ev| { ev.prevent_default(); open(); }>
                <label class="code-label" for="seat-code">{tr!("Code", "Código")}</label>
                <input id="seat-code" class="code-input" type="text" inputmode="text" autocomplete="off"
                    autocapitalize="characters" spellcheck="false" placeholder="XXXX-XXXX-XXXX-…"
                    prop:value=move || code.get()
                    on:input=move |ev| { code.set(event_target_value(&ev)); error.set(None); }/>
                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                <button type="submit" class="button primary big">{tr!("Open", "Abrir")}</button>
            </form>
        </section>
    }
}
