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
    /// Its role, as the rules name it ("life-piece"), for tests and styles.
    data_role: &'static str,
    role: crate::i18n::Tr,
    piece: Piece,
    hint: String,
) -> impl IntoView {
    view! {
        <figure class="piece-card" data-role=data_role>
            <figcaption class="piece-role">{role}</figcaption>
            <div class="piece-picture">
                <img src=picture(piece.kind()) alt="" width="96" height="96"/>
                {piece.number().map(|n| view! { <span class="piece-badge">{n}</span> })}
            </div>
            <div class="piece-name">{crate::i18n::said(&piece.label())}</div>
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
                <p>{trf!(
                    "This phone does not hold the cards of round {round} yet: ask the table for the next rounds code.",
                    "Este teléfono aún no tiene las cartas de la ronda {round}: pide a la mesa el código de las rondas siguientes."
                )}</p>
            </div>
        }
        .into_any();
    };
    let target_hint = trf!(
        "Capture it yourself, then claim it: +{CLAIM_POINTS} for your team.",
        "Captúrala tú mismo y luego reclámala: +{CLAIM_POINTS} para tu equipo."
    );
    let life_hint = tr!(
        "If it is captured, you are out this round.",
        "Si la capturan, quedas fuera esta ronda."
    )
    .to_string();
    view! {
        <div class="secrets" data-seat=seat>
            <p class=team_class(team)>
                {tr!("Your team: ", "Tu equipo: ")}<strong class="team-name">{crate::i18n::said(team.name())}</strong>
            </p>
            <div class="piece-cards">
                <PieceCard data_role="life-piece" role=tr!("Life-Piece", "Pieza de vida") piece=cards.life hint=life_hint/>
                <PieceCard data_role="target-piece" role=tr!("Target-Piece", "Pieza objetivo") piece=cards.target hint=target_hint/>
            </div>
            <p class="secrets-round">{tr!("Round ", "Ronda ")}{round}</p>
        </div>
    }
    .into_any()
}
