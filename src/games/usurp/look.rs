//! How Usurp's cards and castles look, in words and on screen: a card's name and picture,
//! a town square's list of cards kept up to date, a player's castles as they would score.

use intrigue_core::games::usurp::{Card, PlayerView, Scoring};
use leptos::prelude::*;

/// A card's name in the page's language: "King", "Rey".
pub(super) fn card_name(card: Card) -> &'static str {
    crate::i18n::word(card.name())
}

/// A card with its article: "the King", "la dama".
pub(super) fn the_card(card: Card) -> &'static str {
    match card {
        Card::Castle => tr!("the Castle", "el castillo"),
        Card::King => tr!("the King", "el rey"),
        Card::Queen => tr!("the Queen", "la dama"),
        Card::Bishop => tr!("the Bishop", "el alfil"),
        Card::Knight => tr!("the Knight", "el caballo"),
        Card::Pawn => tr!("the Pawn", "el peón"),
    }
    .get()
}

/// A scoring group's name, and why a card scores alone (the core's words are English).
fn scoring_words(english: &str) -> String {
    if !crate::i18n::es() {
        return english.to_string();
    }
    match english {
        "King and Queen" => "Rey y dama",
        "King" => "Rey",
        "Bishop and 3 Pawns" => "Alfil y 3 peones",
        "Knight and 4 Pawns" => "Caballo y 4 peones",
        "no room for it in a castle" => "no cabe en ningún castillo",
        "without three pawns beside it in a castle" => "sin tres peones a su lado en un castillo",
        "without four pawns beside it in a castle" => "sin cuatro peones a su lado en un castillo",
        "not with a bishop or a knight" => "no está con un alfil ni con un caballo",
        "no king to pair with" => "no tiene rey con quien emparejarse",
        other => other,
    }
    .to_string()
}

/// One card, small: its picture and its name. The picture is the style sheet's, chosen by
/// the card's `data-card`: a card placed makes no image element (making one took 0.7–1 ms
/// of the tap at 4× CPU throttle), and the drawn card's picture follows its name.
fn card_view(card: Card) -> impl IntoView {
    view! {
        <span class="mini-card" data-card=card.name()>
            <span class="mini-picture" aria-hidden="true"></span>
            <span>{card_name(card)}</span>
        </span>
    }
}

thread_local! {
    /// One element of each card, made once: a card placed is a copy of it (one call into
    /// the page, where building it took a dozen: its tap's frame on a slow phone).
    static CARD_ELEMENTS: std::cell::RefCell<Vec<(Card, web_sys::Element)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A new element of `card`, as [`card_view`] draws it.
fn card_element(card: Card) -> Option<web_sys::Node> {
    CARD_ELEMENTS.with(|made| {
        let mut made = made.borrow_mut();
        if !made.iter().any(|(c, _)| *c == card) {
            let document = document();
            let element = document.create_element("span").ok()?;
            element.set_class_name("mini-card");
            element.set_attribute("data-card", card.name()).ok()?;
            let picture = document.create_element("span").ok()?;
            picture.set_class_name("mini-picture");
            picture.set_attribute("aria-hidden", "true").ok()?;
            let name = document.create_element("span").ok()?;
            name.set_text_content(Some(card_name(card)));
            element.append_child(&picture).ok()?;
            element.append_child(&name).ok()?;
            made.push((card, element));
        }
        let (_, element) = made.iter().find(|(c, _)| *c == card)?;
        element.clone_node_with_deep(true).ok()
    })
}

/// Bring a town square's list of cards (`list`, which shows `drawn` after its first
/// child) to `now`: a card placed is added alone, anything else draws the list again.
pub(super) fn draw_cards(list: &web_sys::Element, drawn: &mut Vec<Card>, now: &[Card]) {
    if !now.starts_with(drawn) {
        for _ in 0..drawn.len() {
            if let Some(last) = list.last_element_child() {
                last.remove();
            }
        }
        drawn.clear();
    }
    for &card in &now[drawn.len()..] {
        if let Some(element) = card_element(card)
            && list.append_child(&element).is_ok()
        {
            drawn.push(card);
        }
    }
}

/// "+10", "−3", "±0".
pub(super) fn signed(points: i32) -> String {
    match points {
        0 => "±0".to_string(),
        p if p > 0 => format!("+{p}"),
        p => format!("−{}", -p),
    }
}

/// A player's castles as they would score, and the cards that score on their own.
fn castles_view(scoring: &Scoring) -> impl IntoView + use<> {
    let castles = scoring
        .castles
        .iter()
        .enumerate()
        .map(|(i, groups)| {
            let inside = if groups.is_empty() {
                view! { <li class="muted">{tr!("Empty", "Vacío")}</li> }.into_any()
            } else {
                groups
                    .iter()
                    .map(|g| {
                        view! {
                            <li><span class="cards">{g.cards().iter().map(|&c| card_view(c)).collect_view()}</span>
                                <span class="group-name">{scoring_words(g.name())}" "<strong>{signed(g.points())}</strong></span></li>
                        }
                    })
                    .collect_view()
                    .into_any()
            };
            view! {
                <div class="castle">
                    <p class="castle-name">{tr!("Castle ", "Castillo ")}{i + 1}</p>
                    <ul>{inside}</ul>
                </div>
            }
        })
        .collect_view();
    let loose = scoring
        .loose
        .iter()
        .map(|l| {
            view! {
                <li>{l.count}" × "{card_name(l.card)}" "<strong>{signed(l.points)}</strong>{tr!(" each: ", " cada uno: ")}{scoring_words(l.why)}</li>
            }
        })
        .collect_view();
    view! {
        <div class="castles">{castles}</div>
        {(!scoring.loose.is_empty()).then(|| view! { <ul class="loose">{loose}</ul> })}
    }
}

pub(super) fn player_row(
    seat: usize,
    p: &PlayerView,
    to_move: Option<u8>,
    winners: &[u8],
) -> impl IntoView + use<> {
    let moving = to_move == Some(seat as u8);
    let won = winners.contains(&(seat as u8));
    let status = if won {
        tr!("wins", "gana").get()
    } else if moving {
        tr!("to play", "le toca").get()
    } else if p.taken && to_move.is_some() {
        tr!("has taken a square", "se ha llevado una plaza").get()
    } else {
        ""
    };
    view! {
        <section class="usurp-player" class:moving=moving data-seat=seat>
            <h3>{crate::i18n::name_here(&p.name)}" · "<span class="score">{points(p.scoring.total)}</span>
                {(!status.is_empty()).then(|| view! { <span class="player-status">{status}</span> })}</h3>
            {castles_view(&p.scoring)}
        </section>
    }
}

/// A score: "1 point", "−3 points" (one minus sign, U+2212, everywhere).
pub(super) fn points(n: i32) -> String {
    let number = if n < 0 {
        format!("−{}", -n)
    } else {
        n.to_string()
    };
    if n.abs() == 1 {
        trf!("{number} point", "{number} punto")
    } else {
        trf!("{number} points", "{number} puntos")
    }
}
