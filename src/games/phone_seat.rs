//! One seat's row under "Play on phones" on the device that holds the game: where its
//! phone stands ([`SeatLink`]) and what can be done now: invite it, show the invitation (a
//! QR code and the same code in letters), read the phone's answer (scanned or typed),
//! say it links, or why it did not and invite it again.

use intrigue_core::wire::handshake::HandshakeError;
use intrigue_core::wire::join::Reply;
use leptos::prelude::*;

use super::phone_book::{AnswerRefused, SeatLink};
use crate::components::QrCode;
use crate::route::Route;
use crate::scan::ScanCode;

/// Seat `seat` (its player `name`) in `state`; `last_here`: the last seat played on this
/// device, which stays here. `invite` makes a new invitation; `answered` takes a phone's
/// answer (scanned or typed), or says why it does not fit.
#[component]
pub fn PhoneSeat(
    seat: u8,
    name: String,
    state: Memo<SeatLink>,
    last_here: Memo<bool>,
    invite: Callback<u8>,
    answered: Callback<(u8, String), Result<(), String>>,
) -> impl IntoView {
    let reply = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // What went wrong, and a new invitation.
    let try_again = move |said: String| {
        view! {
        <p class="form-error" role="alert">{said}</p>
        <button type="button" class="button" data-action="invite" on:click=move |_| invite.run(seat)>{tr!("Try again", "Intentarlo otra vez")}</button>
    }.into_any()
    };
    view! {
        <li class="phone-seat" data-seat=seat data-state=move || state.with(SeatLink::slug)>
            {move || {
                let name = name.clone();
                match state.get() {
                    SeatLink::Here => view! {
                        <button type="button" class="button" data-action="invite" prop:disabled=move || last_here.get()
                            on:click=move |_| invite.run(seat)>{trf!("{name} plays on their own phone", "{name} juega en su propio teléfono")}</button>
                    }.into_any(),
                    SeatLink::Preparing => view! {
                        <p role="status">{trf!("Making {name}'s invitation…", "Preparando la invitación de {name}…")}</p>
                    }.into_any(),
                    SeatLink::Invited(code) => {
                        let link = Route::Linked(code.clone()).link();
                        view! {
                            <p><strong>{trf!("{name}: scan this with your phone's camera", "{name}: escanea esto con la cámara de tu teléfono")}</strong>{tr!(" (it opens Intrigue on your phone, which then shows a code for this device).", " (abre Intrigue en tu teléfono, que después muestra un código para este dispositivo).")}</p>
                            <QrCode text=link.clone()/>
                            <details class="link-letters">
                                <summary>{tr!("No camera? The invitation in letters", "¿Sin cámara? La invitación en letras")}</summary>
                                <p>{tr!(
                                    "On the phone, open Intrigue, choose “Join with a code” and type these letters:",
                                    "En el teléfono, abre Intrigue, elige «Unirse con un código» y escribe estas letras:"
                                )}</p>
                                <p class="code-text link-code" data-code="invitation" data-plain=code.clone()>{intrigue_core::share::in_fours(&code)}</p>
                            </details>
                            <ScanCode what=trf!("the code {name}'s phone shows", "el código que muestra el teléfono de {name}") on_code=Callback::new(move |code: String| {
                                match answered.run((seat, code)) {
                                    Ok(()) => error.set(None),
                                    Err(e) => error.set(Some(e)),
                                }
                            })/>
                            <form on:submit=move |ev| {
                                ev.prevent_default();
                                match answered.run((seat, reply.get_untracked())) {
                                    Ok(()) => error.set(None),
                                    Err(e) => error.set(Some(e)),
                                }
                            }>
                                <label for=format!("reply-{seat}")>{trf!("Or type the code {name}'s phone shows", "O escribe el código que muestra el teléfono de {name}")}</label>
                                <input id=format!("reply-{seat}") class="code-input" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false"
                                    prop:value=move || reply.get()
                                    on:input=move |ev| { reply.set(event_target_value(&ev)); error.set(None); }/>
                                {move || error.get().map(|e| view! { <p class="form-error" role="alert">{e}</p> })}
                                <button type="submit" class="button primary" data-action="link">{tr!("Link the phone", "Conectar el teléfono")}</button>
                            </form>
                        }.into_any()
                    }
                    SeatLink::Connected => view! {
                        <p class="linked" role="status">{trf!("{name} plays on their phone.", "{name} juega en su teléfono.")}</p>
                    }.into_any(),
                    SeatLink::Dropped => view! {
                        <p class="notice" role="alert">{trf!("{name}'s phone lost its link to this device.", "El teléfono de {name} perdió la conexión con este dispositivo.")}</p>
                        <button type="button" class="button" data-action="invite" on:click=move |_| invite.run(seat)>{trf!("Invite {name}'s phone again", "Volver a invitar al teléfono de {name}")}</button>
                    }.into_any(),
                    SeatLink::Failed(why) => {
                        let said = trf!(
                            "{name}'s phone could not be linked: {why} The phones and this device must be on the same Wi-Fi, and some guest networks keep devices apart: then play on this device, passing it from hand to hand.",
                            "No se pudo conectar el teléfono de {name}: {why} Los teléfonos y este dispositivo tienen que estar en el mismo wifi, y algunas redes de invitados separan los dispositivos: entonces jugad en este dispositivo, pasándolo de mano en mano."
                        );
                        try_again(said)
                    }
                    SeatLink::NotLogged(why) => {
                        let said = trf!(
                            "{name}'s phone was not linked, so it shows nothing of {name}'s seat: a seat's secrets sent to a phone are noted on this device (after the first time, in the table's log), and this device could not note it. {why}",
                            "No se conectó el teléfono de {name}, así que no muestra nada de su asiento: los secretos de un asiento enviados a un teléfono se anotan en este dispositivo (a partir de la segunda vez, en el registro de la mesa), y este dispositivo no pudo anotarlo. {why}"
                        );
                        try_again(said)
                    }
                }
            }}
        </li>
    }
}

/// A phone's answer read from what was scanned or typed, or why it could not be read, in
/// the page's language (a code of another kind is said as what it is).
pub(crate) fn read_reply(text: &str) -> Result<Reply, String> {
    match Reply::from_text(crate::route::code_in(text)) {
        Ok(reply) => Ok(reply),
        Err(e @ (HandshakeError::Invitation | HandshakeError::TableCode)) => {
            Err(crate::words::sentence(&crate::net::handshake_words(e)))
        }
        Err(e) => Err(trf!(
            "That answer could not be read{}: check the letters, or scan it again.",
            "No se pudo leer esa respuesta{}: revisa las letras o vuelve a escanearla.",
            crate::i18n::because(&crate::net::handshake_words(e))
        )),
    }
}

/// Why an answer does not link its seat, in the page's language.
pub(crate) fn answer_refused(refused: AnswerRefused) -> String {
    match refused {
        AnswerRefused::OtherSeat => tr!(
            "That answer is another seat's: show this seat's invitation to its own phone.",
            "Esa respuesta es de otro asiento: muestra la invitación de este asiento a su propio teléfono."
        ),
        AnswerRefused::EarlierInvitation => tr!(
            "That code answers an earlier invitation of this seat (was the phone's page reloaded, or the invitation opened twice?). Open this invitation on the phone, then type or scan the code it shows.",
            "Ese código responde a una invitación anterior de este asiento (¿se recargó la página del teléfono o se abrió la invitación dos veces?). Abre esta invitación en el teléfono y escribe o escanea el código que muestre."
        ),
        AnswerRefused::Gone => tr!(
            "Invite the phone again: its invitation is gone.",
            "Vuelve a invitar al teléfono: su invitación ya no existe."
        ),
    }
    .to_string()
}

/// "Bo's seat was linked to a page again at 21:04": said on the host and on every phone.
pub fn relinked_words(name: &str, at: u64) -> String {
    let when = crate::screens::game_file::clock(at);
    trf!(
        "{name}'s seat was linked to a page again at {when}: whoever holds that page sees what {name} sees.",
        "El asiento de {name} se conectó de nuevo a una página a las {when}: quien tenga esa página ve lo que ve {name}."
    )
}
