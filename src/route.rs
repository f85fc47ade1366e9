//! Hash routing: every screen has a `#/…` address, so GitHub Pages needs no server set-up
//! and nothing after the `#` ever reaches a web server.

use intrigue_core::GameKind;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    Rules(GameKind),
    /// An address this version of the app does not know (an old or mistyped link).
    Unknown(String),
}

impl Route {
    /// Read `location.hash` (with or without its leading `#`).
    pub fn parse(hash: &str) -> Route {
        let path = hash.strip_prefix('#').unwrap_or(hash);
        let path = path.strip_prefix('/').unwrap_or(path);
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["rules", slug] => match GameKind::from_slug(slug) {
                Some(kind) => Route::Rules(kind),
                None => Route::Unknown(hash.to_string()),
            },
            _ => Route::Unknown(hash.to_string()),
        }
    }

    /// The `href` that leads here.
    pub fn href(&self) -> String {
        match self {
            Route::Home => "#/".to_string(),
            Route::Rules(kind) => format!("#/rules/{}", kind.slug()),
            Route::Unknown(hash) => hash.clone(),
        }
    }

    /// The document title for this screen.
    pub fn title(&self) -> String {
        match self {
            Route::Home => "Intrigue".to_string(),
            Route::Rules(kind) => format!("{} rules · Intrigue", kind.title()),
            Route::Unknown(_) => "Page not found · Intrigue".to_string(),
        }
    }
}
