//! What a phone shows of its A City of Spies seat: its team and its two Piece Cards for the
//! round it displays. Part of the entry (a phone needs it), unlike the play screen.

use intrigue_core::games::city_of_spies::game::CLAIM_POINTS;
use intrigue_core::games::city_of_spies::{Cards, Piece, PieceKind, Team};
use leptos::prelude::*;

/// The picture of a City of Spies piece (public/pieces/).
pub fn picture(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Knight => "pieces/knight.webp",
        PieceKind::Bishop => "pieces/bishop.webp",
        PieceKind::Rook => "pieces/rook.webp",
        PieceKind::Pawn => "pieces/pawn.webp",
        PieceKind::Queen => "pieces/queen.webp",
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

fn team_class(team: Team) -> &'static str {
    match team {
        Team::White => "team team-white",
        Team::Black => "team team-black",
    }
}

/// The seat's team and cards of `round`, or why this phone does not hold them yet.
pub fn seat_secrets(team: Team, cards: Option<Cards>, seat: u8, round: u32) -> AnyView {
    let Some(cards) = cards else {
        return view! {
            <div class="secrets" data-seat=seat>
                <p>"This phone does not hold the cards of round "{round}" yet: ask the table for the next rounds code."</p>
            </div>
        }
        .into_any();
    };
    let target_hint = format!("Capture it yourself, then claim it: +{CLAIM_POINTS} for your team.");
    view! {
        <div class="secrets" data-seat=seat>
            <p class=team_class(team)>
                "Your team: "<strong class="team-name">{team.name()}</strong>
            </p>
            <div class="piece-cards">
                <PieceCard role="Life-Piece" piece=cards.life hint="If it is captured, you are out this round."/>
                <PieceCard role="Target-Piece" piece=cards.target hint=target_hint/>
            </div>
            <p class="secrets-round">"Round "{round}</p>
        </div>
    }
    .into_any()
}
