//! A seat's secrets, and the final reveal of every seat. Rendered only on a private view,
//! behind press-and-hold on a table peek, or at the reveal. Each game draws its own
//! secrets (`src/games/<game>/secrets.rs`); `Secrets` names the game.

use intrigue_core::{Secrets, TableDeal};
use leptos::prelude::*;

use crate::games::{carousel_chess, city_of_spies};

/// One seat's secrets: its team, and in A City of Spies its two cards for `round`. Built
/// from that seat's own secrets only (a phone holds nothing else).
#[component]
pub fn SeatSecrets(secrets: Secrets, seat: u8, round: u32) -> impl IntoView {
    match secrets {
        Secrets::CityOfSpies { team, .. } => {
            let cards = secrets.cards(round);
            city_of_spies::secrets::seat_secrets(team, cards, seat, round)
        }
        Secrets::CarouselChess { team } => carousel_chess::secrets::seat_secrets(team, seat),
    }
}

/// Every seat's secrets, for the reveal at the end: City of Spies shows the cards of
/// rounds 1 to `rounds`.
#[component]
pub fn RevealAll(
    deal: TableDeal,
    rounds: u32,
    /// Who won, when the game was played on the table's screen (none: a draw).
    #[prop(default = None)]
    winners: Option<Vec<u8>>,
) -> impl IntoView {
    let reveal = deal.reveal(rounds);
    let rounds = reveal.rows.first().map_or(0, |r| r.cards.len() as u32);
    let names = crate::i18n::names_here(
        &reveal
            .rows
            .iter()
            .map(|r| r.name.clone())
            .collect::<Vec<_>>(),
    );
    let result = winners.as_ref().map(|winners| {
        let won: Vec<String> = winners
            .iter()
            .filter_map(|&w| names.get(usize::from(w)).cloned())
            .collect();
        // The table's word (a phone checks the deal, not the play).
        match won.as_slice() {
            [] => tr!(
                "As the table's game ended: a draw.",
                "Según terminó la partida en la mesa: tablas."
            )
            .to_string(),
            [one] => {
                let the_one = crate::i18n::the(one);
                trf!(
                    "As the table's game ended: {one} won.",
                    "Según terminó la partida en la mesa: ganó {the_one}."
                )
            }
            many => {
                let all = crate::words::and(many);
                trf!(
                    "As the table's game ended: {all} won.",
                    "Según terminó la partida en la mesa: ganaron {all}."
                )
            }
        }
    });
    let won = move |seat: usize| winners.as_ref().is_some_and(|w| w.contains(&(seat as u8)));
    view! {
        {result.map(|said| view! { <p class="reveal-result" role="status">{said}</p> })}
        // Several rounds are wider than a phone: the names stay at the left while the
        // table scrolls, and a line says there is more to the right.
        {(rounds > 1).then(|| view! {
            <p class="scroll-hint">{tr!("Every round is in the table: swipe it sideways to see them all →", "Todas las rondas están en la tabla: deslízala de lado para verlas todas →")}</p>
        })}
        <div class="reveal-scroll">
            <table class="reveal">
                <thead>
                    <tr>
                        <th>{tr!("Player", "Jugador")}</th>
                        <th>{tr!("Team", "Equipo")}</th>
                        {(1..=rounds).map(|r| view! { <th>{tr!("Round ", "Ronda ")}{r}<br/>{tr!("life / target", "vida / objetivo")}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {reveal.rows.into_iter().enumerate().map(|(seat, row)| view! {
                        <tr data-seat=seat class:winner=won(seat)>
                            <th scope="row" class="reveal-name">{crate::i18n::name_here(&row.name)}{won(seat).then(|| view! { <span class="winner-badge">{tr!("won", "ganó")}</span> })}</th>
                            <td class="reveal-team">{crate::i18n::said(row.team)}</td>
                            {row.cards.iter().map(|c| {
                                let (life, target) = (c.life.label(), c.target.label());
                                view! { <td>{move || format!("{} / {}", crate::i18n::said(&life), crate::i18n::said(&target))}</td> }
                            }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        {reveal.discarded.map(|slip| view! {
            <p class="reveal-discarded">{tr!("The slip nobody drew: ", "La papeleta que nadie sacó: ")}<strong>{crate::i18n::said(slip)}</strong></p>
        })}
    }
}
