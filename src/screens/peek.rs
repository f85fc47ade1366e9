//! Peek on the table, for a player without a phone: choose the seat, make sure only that
//! player looks, then press and hold to see the secrets.

use leptos::prelude::*;

use crate::components::HoldToReveal;
use crate::route::Route;
use crate::saved::{self, Logged};
use crate::screens::Problem;
use crate::screens::secrets::SeatSecrets;
use crate::screens::table::with_table;

#[component]
pub fn Peek(seat: Option<u8>) -> impl IntoView {
    with_table(move |table| {
        let players = table.deal.players();
        // The computer's seats are nobody's to peek at: their secrets wait for the reveal.
        let computers = saved::computers();
        match seat {
            Some(seat) if seat < players && saved::is_computer(&computers, seat) => view! {
                <Problem title=tr!("The computer's secrets stay hidden", "Los secretos del ordenador siguen ocultos").get() message=trf!("The computer plays {}: its secrets are shown to everyone at the reveal, not before.", "El ordenador juega {}: sus secretos se muestran a todos en la revelación, no antes.", crate::i18n::name_here(&table.deal.seats.name(seat)))/>
            }
            .into_any(),
            None => view! {
                <section class="peek">
                    <a class="back" href=Route::Table.href()>{tr!("← Table", "← Mesa")}</a>
                    <h1>{tr!("Who wants to peek?", "¿Quién quiere mirar?")}</h1>
                    <div class="actions stacked">
                        {(0..players).filter(|&s| !saved::is_computer(&computers, s)).map(|s| view! {
                            <a class="button" href=Route::Peek(Some(s)).href()>{crate::i18n::name_here(&table.deal.seats.name(s))}</a>
                        }).collect_view()}
                    </div>
                </section>
            }
            .into_any(),
            Some(seat) if seat >= players => view! {
                <Problem title=tr!("No such seat", "Ese asiento no existe").get() message=trf!("This table has {players} seats.", "Esta mesa tiene {players} asientos.")/>
            }
            .into_any(),
            Some(seat) => {
                let name = crate::i18n::name_here(&table.deal.seats.name(seat));
                let ready = RwSignal::new(false);
                let problem = RwSignal::new(None::<String>);
                let round = table.round;
                let secrets = table.deal.secrets(seat, 1, round);
                // Peeks are public: the table's log says whose secrets were shown, and when.
                // A peek the log cannot hold (another tab wrote, storage is full) is not shown.
                let show = move |_| match saved::log_on_table(Logged::Peek { seat }) {
                    Ok(()) => ready.set(true),
                    Err(why) => problem.set(Some(trf!(
                        "This peek could not be written into the table's log, so the secrets stay hidden. {why}",
                        "Este vistazo no se pudo anotar en el registro de la mesa, así que los secretos siguen ocultos. {why}"
                    ))),
                };
                view! {
                    <section class="peek" data-seat=seat>
                        <a class="back" href=Route::Table.href()>{tr!("← Table", "← Mesa")}</a>
                        <Show
                            when=move || ready.get()
                            fallback={
                                let name = name.clone();
                                move || view! {
                                    <h1>{trf!("Only {} looks now", "Ahora solo mira {}", name.clone())}</h1>
                                    <p class="lede">{trf!(
                                        "Everyone else, look away from the screen. The table's log will show that {}'s secrets were looked at.",
                                        "Los demás, no miréis la pantalla. El registro de la mesa dirá que se miraron los secretos de {}.",
                                        name.clone()
                                    )}</p>
                                    <button type="button" class="button primary big" on:click=show>
                                        {tr!("I am ", "Soy ")}{name.clone()}
                                    </button>
                                    {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
                                }
                            }
                        >
                            {
                                let name = name.clone();
                                let secrets = secrets.clone();
                                move || {
                                    let secrets = secrets.clone();
                                    view! {
                                        <h1>{name.clone()}</h1>
                                        <HoldToReveal prompt=tr!("Press and hold to see your secrets", "Mantén pulsado para ver tus secretos")>
                                            <SeatSecrets secrets=secrets.clone() seat round/>
                                        </HoldToReveal>
                                        <a class="button primary" href=Route::Table.href()>{tr!("Done: back to the table", "Hecho: volver a la mesa")}</a>
                                    }
                                }
                            }
                        </Show>
                    </section>
                }
                .into_any()
            }
        }
    })
}
