//! A seat's secrets, and the final reveal of every seat. Rendered only on a private view,
//! behind press-and-hold on a table peek, or at the reveal.

use intrigue_core::games::carousel_chess;
use intrigue_core::games::city_of_spies::{self, Piece, PieceKind};
use intrigue_core::{Secrets, TableDeal};
use leptos::prelude::*;

/// The picture of a City of Spies piece (public/pieces/).
pub fn picture(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Knight => "pieces/knight.svg",
        PieceKind::Bishop => "pieces/bishop.svg",
        PieceKind::Rook => "pieces/rook.svg",
        PieceKind::Pawn => "pieces/pawn.svg",
        PieceKind::Queen => "pieces/queen.svg",
    }
}

#[component]
fn PieceCard(
    #[prop(into)] role: String,
    piece: Piece,
    #[prop(into)] hint: String,
) -> impl IntoView {
    let data_role = role.to_ascii_lowercase();
    view! {
        <figure class="piece-card" data-role=data_role>
            <figcaption class="piece-role">{role}</figcaption>
            <div class="piece-picture">
                <img src=picture(piece.kind()) alt="" width="96" height="96"/>
                {piece.number().map(|n| view! { <span class="piece-badge">{n}</span> })}
            </div>
            <div class="piece-name">{piece.label()}</div>
            <div class="piece-hint">{hint}</div>
        </figure>
    }
}

fn city_team_class(team: city_of_spies::Team) -> &'static str {
    match team {
        city_of_spies::Team::White => "team team-white",
        city_of_spies::Team::Black => "team team-black",
    }
}

fn carousel_team_class(team: carousel_chess::Team) -> &'static str {
    match team {
        carousel_chess::Team::White => "team team-white",
        carousel_chess::Team::Black => "team team-black",
        carousel_chess::Team::Draw => "team team-draw",
    }
}

/// One seat's secrets: its team, and in A City of Spies its two cards for `round`. Built
/// from that seat's own secrets only (a phone holds nothing else).
#[component]
pub fn SeatSecrets(secrets: Secrets, seat: u8, round: u32) -> impl IntoView {
    match secrets {
        Secrets::CityOfSpies { team, .. } => {
            let Some(cards) = secrets.cards(round) else {
                return view! {
                    <div class="secrets" data-seat=seat>
                        <p>"This phone does not hold the cards of round "{round}" yet: ask the table for the next rounds code."</p>
                    </div>
                }
                .into_any();
            };
            view! {
                <div class="secrets" data-seat=seat>
                    <p class=city_team_class(team)>
                        "Your team: "<strong class="team-name">{team.name()}</strong>
                    </p>
                    <div class="piece-cards">
                        <PieceCard role="Life-Piece" piece=cards.life hint="If it is captured, you are out this round."/>
                        <PieceCard role="Target-Piece" piece=cards.target hint="Capture it yourself, then claim it: +1 for your team."/>
                    </div>
                    <p class="secrets-round">"Round "{round}</p>
                </div>
            }
            .into_any()
        }
        Secrets::CarouselChess { team } => {
            let hint = match team {
                carousel_chess::Team::White => "+5 for you if White gives checkmate.",
                carousel_chess::Team::Black => "+5 for you if Black gives checkmate.",
                carousel_chess::Team::Draw => "+100 for you if the game ends in a draw.",
            };
            view! {
                <div class="secrets" data-seat=seat>
                    <p class=carousel_team_class(team)>
                        "Your team: "<strong class="team-name">{team.name()}</strong>
                    </p>
                    <p class="piece-hint">{hint}</p>
                </div>
            }
            .into_any()
        }
    }
}

/// Every seat's secrets, for the reveal at the end: City of Spies shows the cards of
/// rounds 1 to `rounds`.
#[component]
pub fn RevealAll(deal: TableDeal, rounds: u32) -> impl IntoView {
    let reveal = deal.reveal(rounds);
    let rounds = reveal.rows.first().map_or(0, |r| r.cards.len() as u32);
    view! {
        <div class="reveal-scroll">
            <table class="reveal">
                <thead>
                    <tr>
                        <th>"Player"</th>
                        <th>"Team"</th>
                        {(1..=rounds).map(|r| view! { <th>"Round "{r}<br/>"life / target"</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {reveal.rows.into_iter().enumerate().map(|(seat, row)| view! {
                        <tr data-seat=seat>
                            <td>{row.name}</td>
                            <td class="reveal-team">{row.team}</td>
                            {row.cards.iter().map(|c| view! { <td>{c.life.label()}" / "{c.target.label()}</td> }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        {reveal.discarded.map(|slip| view! {
            <p class="reveal-discarded">"The slip nobody drew: "<strong>{slip}</strong></p>
        })}
    }
}
