//! Hash routing: every screen has a `#/…` address, so GitHub Pages needs no server set-up
//! and nothing after the `#` (a seat's token included) ever reaches a web server.

use intrigue_core::GameKind;

/// This app's address without the fragment (where a phone's link must point).
pub fn app_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let location = w.location();
            Some(format!(
                "{}{}",
                location.origin().ok()?,
                location.pathname().ok()?
            ))
        })
        .unwrap_or_default()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Rules(GameKind),
    /// Deal a new table: with a game chosen (a game card's "Play"), or for a real board.
    NewDeal {
        game: Option<GameKind>,
        board: bool,
    },
    /// One person against the computer: a game card's "Play alone", dealt at once.
    PlayAlone(GameKind),
    /// A game's guided first game ("Learn to play"), from where this device left it.
    Learn(GameKind),
    /// A game refereed by the players' phones together, started or taken up on this
    /// device (issue 42: Espionage only).
    Fair(GameKind),
    /// The table this device referees.
    Table,
    /// The game this table plays on screen.
    Play,
    /// The hand-out screen for one seat (0-based).
    Handout(u8),
    /// The hand-out of one seat's cards for nine rounds from `first` (A City of Spies past
    /// round 9).
    HandoutRounds {
        first: u32,
        seat: u8,
    },
    /// Peek on the table: choose a seat, or show one seat (0-based).
    Peek(Option<u8>),
    /// Type a seat's code.
    Join,
    /// A phone's private view: from a link's token, or the seat stored on this phone.
    Seat(Option<String>),
    /// A phone opening a host's invitation to play a seat on it (its QR code's link).
    Linked(String),
    /// The component lab: the rule-free board and hand with sample pieces and cards, for
    /// developers and the browser tests. No screen links to it.
    Lab,
    /// An address this version of the app does not know (an old or mistyped link).
    Unknown(String),
}

/// "3" → seat 2; seats are numbered from 1 in addresses, as players count them.
fn seat_number(text: &str) -> Option<u8> {
    let n: u8 = text.parse().ok()?;
    (1..=16).contains(&n).then(|| n - 1)
}

impl Route {
    /// Read `location.hash` (with or without its leading `#`).
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let path = path.strip_prefix('/').unwrap_or(path);
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        let unknown = || Route::Unknown(hash.to_string());
        match parts.as_slice() {
            [] => Route::Home,
            ["rules", slug] => GameKind::from_slug(slug)
                .map(Route::Rules)
                .unwrap_or_else(unknown),
            ["deal"] => Route::NewDeal {
                game: None,
                board: false,
            },
            ["deal", "board"] => Route::NewDeal {
                game: None,
                board: true,
            },
            ["deal", slug] => GameKind::from_slug(slug)
                .map(|kind| Route::NewDeal {
                    game: Some(kind),
                    board: false,
                })
                .unwrap_or_else(unknown),
            ["alone", slug] => GameKind::from_slug(slug)
                .map(Route::PlayAlone)
                .unwrap_or_else(unknown),
            ["learn", slug] => GameKind::from_slug(slug)
                .map(Route::Learn)
                .unwrap_or_else(unknown),
            ["fair", slug] => GameKind::from_slug(slug)
                .filter(|&kind| crate::games::refereed_by_phones(kind))
                .map(Route::Fair)
                .unwrap_or_else(unknown),
            ["table"] => Route::Table,
            ["play"] => Route::Play,
            ["table", "handout", n] => seat_number(n).map(Route::Handout).unwrap_or_else(unknown),
            ["table", "rounds", first, n] => match (first.parse(), seat_number(n)) {
                (Ok(first), Some(seat)) => Route::HandoutRounds { first, seat },
                _ => unknown(),
            },
            ["table", "peek"] => Route::Peek(None),
            ["table", "peek", n] => seat_number(n)
                .map(|s| Route::Peek(Some(s)))
                .unwrap_or_else(unknown),
            ["join"] => Route::Join,
            ["lab"] => Route::Lab,
            ["seat"] => Route::Seat(None),
            ["seat", token] => Route::Seat(Some(token.to_string())),
            ["link", code] => Route::Linked(code.to_string()),
            _ => unknown(),
        }
    }

    /// The `href` that leads here.
    pub fn href(&self) -> String {
        match self {
            Route::Home => "#/".to_string(),
            Route::Rules(kind) => format!("#/rules/{}", kind.slug()),
            Route::NewDeal { board: true, .. } => "#/deal/board".to_string(),
            Route::NewDeal {
                game: Some(kind), ..
            } => format!("#/deal/{}", kind.slug()),
            Route::NewDeal { game: None, .. } => "#/deal".to_string(),
            Route::PlayAlone(kind) => format!("#/alone/{}", kind.slug()),
            Route::Learn(kind) => format!("#/learn/{}", kind.slug()),
            Route::Fair(kind) => format!("#/fair/{}", kind.slug()),
            Route::Table => "#/table".to_string(),
            Route::Play => "#/play".to_string(),
            Route::Handout(seat) => format!("#/table/handout/{}", seat + 1),
            Route::HandoutRounds { first, seat } => format!("#/table/rounds/{first}/{}", seat + 1),
            Route::Peek(None) => "#/table/peek".to_string(),
            Route::Peek(Some(seat)) => format!("#/table/peek/{}", seat + 1),
            Route::Join => "#/join".to_string(),
            Route::Lab => "#/lab".to_string(),
            Route::Seat(None) => "#/seat".to_string(),
            Route::Seat(Some(token)) => format!("#/seat/{token}"),
            Route::Linked(code) => format!("#/link/{code}"),
            Route::Unknown(hash) => hash.clone(),
        }
    }

    /// The document title for this screen.
    pub fn title(&self) -> String {
        use crate::i18n::GameWords;
        let screen = match self {
            Route::Home => return "Intrigue".to_string(),
            Route::Rules(kind) => trf!("{} rules", "Reglas de {}", kind.tr_title()),
            Route::NewDeal { .. } | Route::PlayAlone(_) => {
                tr!("New deal", "Nuevo reparto").get().to_string()
            }
            Route::Table | Route::Handout(_) | Route::HandoutRounds { .. } | Route::Peek(_) => {
                tr!("Table", "Mesa").get().to_string()
            }
            Route::Play => tr!("Game", "Partida").get().to_string(),
            Route::Learn(kind) => trf!("Learn {}", "Aprender {}", kind.tr_title()),
            Route::Fair(kind) if *kind.players().end() > 2 => {
                trf!(
                    "{} on every player's phone",
                    "{} en el teléfono de cada jugador",
                    kind.tr_title()
                )
            }
            Route::Fair(kind) => trf!("{} on two phones", "{} en dos teléfonos", kind.tr_title()),
            Route::Join => tr!("Join a table", "Unirse a una mesa").get().to_string(),
            Route::Lab => tr!("Component lab", "Laboratorio de componentes")
                .get()
                .to_string(),
            Route::Seat(_) | Route::Linked(_) => tr!("Your seat", "Tu asiento").get().to_string(),
            Route::Unknown(_) => tr!("Page not found", "Página no encontrada")
                .get()
                .to_string(),
        };
        format!("{screen} · Intrigue")
    }

    /// The whole address of this screen (the app's address and the `#…`), for QR codes.
    pub fn link(&self) -> String {
        format!("{}{}", app_address(), self.href())
    }

    /// Go here. Already here (Play again on the game's own screen): the screen is drawn
    /// afresh all the same, as a new address would draw it (the browser sends no
    /// `hashchange` for an unchanged address).
    pub fn go(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let href = self.href();
        let here = window.location().hash().is_ok_and(|hash| hash == href);
        if here {
            if let Ok(event) = web_sys::Event::new("hashchange") {
                let _ = window.dispatch_event(&event);
            }
        } else {
            let _ = window.location().set_hash(&href);
        }
    }

    /// Go here in place of the address shown: Back skips it (an address that deals must
    /// not deal again).
    pub fn replace(&self) {
        if let Some(window) = web_sys::window() {
            let _ = window
                .location()
                .replace(&format!("{}{}", app_address(), self.href()));
        }
    }
}

/// The code in what was typed or pasted: a code as it is, or the code at the end of a
/// whole link (a seat's `…#/seat/<code>`, an invitation's `…#/link/<code>`), so that
/// wherever a code is typed its link may be pasted too.
pub fn code_in(text: &str) -> &str {
    let text = text.trim();
    ["#/seat/", "#/link/"]
        .iter()
        .filter_map(|prefix| text.rfind(prefix).map(|at| at + prefix.len()))
        .max()
        .map_or(text, |start| text[start..].trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's lesson has its address, and reads back from it; an unknown game's is an
    /// unknown address.
    #[test]
    fn a_lesson_has_its_address() {
        for kind in GameKind::all() {
            let route = Route::Learn(kind);
            assert_eq!(route.href(), format!("#/learn/{}", kind.slug()));
            assert_eq!(Route::parse(&route.href()), route);
        }
        assert_eq!(
            Route::parse("#/learn/chess-by-mail"),
            Route::Unknown("#/learn/chess-by-mail".to_string())
        );
    }

    /// Espionage and the deckbuilder refereed by the two phones and Usurp by every
    /// player's have their addresses; no other game has one yet.
    #[test]
    fn a_game_the_phones_referee_has_its_address() {
        let espionage = intrigue_core::games::espionage::KIND;
        let usurp = intrigue_core::games::usurp::KIND;
        let deckbuilder = intrigue_core::games::deckbuilder::KIND;
        for (kind, href) in [
            (espionage, "#/fair/espionage"),
            (usurp, "#/fair/usurp"),
            (deckbuilder, "#/fair/chess-deckbuilder"),
        ] {
            let route = Route::Fair(kind);
            assert_eq!(route.href(), href);
            assert_eq!(Route::parse(&route.href()), route);
        }
        crate::i18n::speak(crate::i18n::Lang::En);
        assert_eq!(
            Route::Fair(espionage).title(),
            "Espionage on two phones · Intrigue"
        );
        assert_eq!(
            Route::Fair(usurp).title(),
            "Usurp on every player's phone · Intrigue"
        );
        assert_eq!(
            Route::Fair(deckbuilder).title(),
            "Chess Deckbuilder on two phones · Intrigue"
        );
        for kind in GameKind::all().filter(|&k| !crate::games::refereed_by_phones(k)) {
            let href = format!("#/fair/{}", kind.slug());
            assert_eq!(Route::parse(&href), Route::Unknown(href.clone()));
        }
    }
}
