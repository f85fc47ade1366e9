//! What a phone shows of its Carousel Chess seat: its team and what it scores for it.

use intrigue_core::games::carousel_chess::Team;
use intrigue_core::games::carousel_chess::scoring::{DRAW_POINTS, TEAM_MATE_POINTS};
use leptos::prelude::*;

fn team_class(team: Team) -> &'static str {
    match team {
        Team::White => "team team-white",
        Team::Black => "team team-black",
        Team::Draw => "team team-draw",
    }
}

/// The seat's team, and what it earns the player.
pub fn seat_secrets(team: Team, seat: u8) -> AnyView {
    let hint = match team {
        Team::White => trf!("+{TEAM_MATE_POINTS} for you if White gives checkmate.", "+{TEAM_MATE_POINTS} para ti si las blancas dan jaque mate."),
        Team::Black => trf!("+{TEAM_MATE_POINTS} for you if Black gives checkmate.", "+{TEAM_MATE_POINTS} para ti si las negras dan jaque mate."),
        Team::Draw => trf!("+{DRAW_POINTS} for you if the game ends in a draw.", "+{DRAW_POINTS} para ti si la partida acaba en tablas."),
    };
    view! {
        <div class="secrets" data-seat=seat>
            <p class=team_class(team)>
                {tr!("Your team: ", "Tu equipo: ")}<strong class="team-name">{crate::i18n::said(team.name())}</strong>
            </p>
            <p class="piece-hint">{hint}</p>
        </div>
    }
    .into_any()
}
