//! English and Spanish. Every string the app shows is written in both, side by side where
//! it is used: `tr!("Draw a card", "Robar una carta")` for a fixed text, `trf!("{name}'s
//! turn", "Turno de {name}")` for one with values in it. A string without its Spanish does
//! not compile, and a screen's strings ship in the part of the app that draws it (a game's
//! words load with the game).
//!
//! The language is chosen before the first paint (`first.js`: the one remembered on this
//! device, else the browser's first language we speak, else English) and read here once
//! from `<html lang>`. Changing it (`language::set`) remembers it and reloads the page, which the
//! app survives whole (every game is saved as it is played): a text on screen is plain
//! text, not one that watches the language. Measured on the first load: redrawing in place
//! needs every text built from values (a memo, a `format!`) to watch the language too, a
//! closure each, about 0.2 KB gzipped apiece; for the home screen and the shell alone that
//! was 3.7 KB of the 170 KB budget.

use std::cell::Cell;

use leptos::prelude::*;
use leptos::tachys::html::attribute::IntoAttributeValue;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
}

impl Lang {
    /// The language's code, as `<html lang>` and the key stored hold it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// "es", "es-AR", "en-GB"…: the language we speak, if it is one of ours.
    // Read from the page, which only the web has (the native build is for the unit tests).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The other language: what the switch offers.
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Es,
            Lang::Es => Lang::En,
        }
    }
}

thread_local! {
    /// The page's language, read once.
    static LANG: Cell<Lang> = Cell::new(from_page());
}

/// The language `first.js` chose before the first paint (`<html lang>`). Off the web (the
/// app's unit tests, run natively) there is no page: English, until a test speaks another.
#[cfg(not(target_arch = "wasm32"))]
fn from_page() -> Lang {
    Lang::En
}

/// Speak `lang` in this thread from now on: the app's unit tests check both languages'
/// words (a page reads its language once, and changes it by reloading).
#[cfg(test)]
pub fn speak(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

/// The language `first.js` chose before the first paint (`<html lang>`).
#[cfg(target_arch = "wasm32")]
fn from_page() -> Lang {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or(Lang::En)
}

/// The page's language.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Whether the page speaks Spanish.
pub fn es() -> bool {
    lang() == Lang::Es
}

/// A fixed text in both languages (`tr!`): in a view, or read with `get`, it is the
/// page's language's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tr(pub &'static str, pub &'static str);

impl Tr {
    pub fn get(self) -> &'static str {
        if es() { self.1 } else { self.0 }
    }
}

/// Written in the language now, as `get` reads it.
impl std::fmt::Display for Tr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.get())
    }
}

/// The words in the language now.
impl From<Tr> for String {
    fn from(tr: Tr) -> String {
        tr.get().to_string()
    }
}

impl IntoRender for Tr {
    type Output = &'static str;
    fn into_render(self) -> &'static str {
        self.get()
    }
}

impl IntoAttributeValue for Tr {
    type Output = &'static str;
    fn into_attribute_value(self) -> &'static str {
        self.get()
    }
}

/// A fixed text in English and Spanish: `tr!("Rules", "Reglas")`.
#[macro_export]
macro_rules! tr {
    ($en:literal, $es:literal $(,)?) => {
        $crate::i18n::Tr($en, $es)
    };
}

/// A text with values in it, in English and Spanish, as `format!` writes it:
/// `trf!("{name}'s turn", "Turno de {name}")`.
#[macro_export]
macro_rules! trf {
    ($en:literal, $es:literal $(, $($arg:tt)*)?) => {
        if $crate::i18n::es() {
            format!($es $(, $($arg)*)?)
        } else {
            format!($en $(, $($arg)*)?)
        }
    };
}

/// "1 point", "2 points", "0 puntos": a count and its noun, singular for one alone (as
/// both languages say it).
pub fn count(n: usize, one: Tr, many: Tr) -> String {
    format!("{n} {}", if n == 1 { one.get() } else { many.get() })
}

/// A game's name and player count in the language now (the core's own are English, as
/// game files write them).
pub trait GameWords {
    fn tr_title(self) -> &'static str;
    fn tr_players(self) -> String;
}

impl GameWords for intrigue_core::GameKind {
    fn tr_title(self) -> &'static str {
        if !es() {
            return self.title();
        }
        match self.slug() {
            "city-of-spies" => "Una ciudad de espías",
            "carousel-chess" => "Ajedrez carrusel",
            "espionage" => "Espionaje",
            "usurp" => "Usurpar",
            "chess-deckbuilder" => "Ajedrez de mazos",
            _ => self.title(),
        }
    }

    /// "3–6 players", "2 jugadores".
    fn tr_players(self) -> String {
        let range = self.players();
        if range.start() == range.end() {
            trf!("{} players", "{} jugadores", range.start())
        } else {
            trf!(
                "{}–{} players",
                "{}–{} jugadores",
                range.start(),
                range.end()
            )
        }
    }
}

/// The Spanish of the core's word for a thing on the board (a chess piece, a team, a card
/// of Usurp or the deckbuilder), if it is one. Spanish chess players' names: peón, caballo,
/// alfil, torre, dama, rey.
fn spanish_word(english: &str) -> Option<&'static str> {
    Some(match english {
        "King" => "Rey",
        "Queen" => "Dama",
        "Rook" => "Torre",
        "Bishop" => "Alfil",
        "Knight" => "Caballo",
        "Pawn" => "Peón",
        "Castle" => "Castillo",
        "Copper" => "Cobre",
        "Silver" => "Plata",
        "White" => "Blancas",
        "Black" => "Negras",
        "Draw" => "Tablas",
        _ => return None,
    })
}

/// The core's word for a thing on the board in the page's language: `word("Rook")` is
/// "Torre" in Spanish; a word we do not know stays as it is.
pub fn word(english: &'static str) -> &'static str {
    if es() {
        spanish_word(english).unwrap_or(english)
    } else {
        english
    }
}

/// A thing on the board by its name, numbered or not: `said("Rook 2")` is "Torre 2" in
/// Spanish (see [`word`]).
pub fn said(english: &str) -> String {
    if !es() {
        return english.to_string();
    }
    let (name, number) = match english.rsplit_once(' ') {
        Some((name, number)) if number.chars().all(|c| c.is_ascii_digit()) => (name, Some(number)),
        _ => (english, None),
    };
    let name = spanish_word(name).unwrap_or(name);
    match number {
        Some(number) => format!("{name} {number}"),
        None => name.to_string(),
    }
}

/// The core's reason for a refusal (its words are English, and technical: "the message
/// was cut short"), put after a sentence in parentheses on an English page; a Spanish page
/// leaves it out rather than mix the languages (its sentence says what to do).
pub fn because(english: &str) -> String {
    if es() {
        String::new()
    } else {
        format!(" ({english})")
    }
}

/// A seat's name as shown: one nobody typed is the core's "Seat 3", which a Spanish page
/// says "Asiento 3" (the core's default stays in records and codes, the same on every
/// device).
pub fn name_here(name: &str) -> String {
    if is_you(name) {
        return tr!("You", "Tú").to_string();
    }
    match name.strip_prefix("Seat ") {
        Some(number)
            if es() && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) =>
        {
            format!("Asiento {number}")
        }
        _ => name.to_string(),
    }
}

/// Whether `name` is "You" ("Tú"): the one person playing alone against the computer, as
/// "Play alone" names them. Sentences about them are said to them ("You moved…", "your
/// headquarters").
pub fn is_you(name: &str) -> bool {
    name == "You" || name == "Tú"
}

/// The banner of a game won by `name`: "Ann wins!", "You win!", "¡Gana Ana!".
pub fn wins_banner(name: &str) -> String {
    let wins = self::wins(name);
    let mut chars = wins.chars();
    let wins: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    trf!("{wins}!", "¡{wins}!")
}

/// Whether the board's end (won by `board`, or drawn) says who won, as the game's status
/// has it (`winners`): not when a verdict gave the game to a player (a phone named at the
/// final check of a game the phones referee), whose banner then says who won.
pub fn board_says_who_won(board: Option<u8>, winners: &[u8]) -> bool {
    match board {
        Some(winner) => winners == [winner],
        None => winners.len() != 1,
    }
}

/// A seat's `thing`: "Ann's hand", "your hand", "mano de Ana", "mano del Ordenador", "tu
/// mano" (`en` and `es` name the thing).
pub fn of(name: &str, en: &str, es: &str) -> String {
    match (is_you(name), self::es()) {
        (true, false) => format!("your {en}"),
        (true, true) => format!("tu {es}"),
        (false, false) => format!("{name}'s {en}"),
        (false, true) => format!("{es} {}", de(name)),
    }
}

/// `text` with its first letter a capital ("Your hand", "Mano de Ana").
pub fn cap(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "Ann wins", "you win", "gana Ana", "ganas tú", "gana el Ordenador": who wins, after a
/// colon.
pub fn wins(name: &str) -> String {
    if is_you(name) {
        tr!("you win", "ganas tú").to_string()
    } else {
        let the = the(name);
        trf!("{name} wins", "gana {the}")
    }
}

/// Whether `name` is the computer's as a Spanish deal names it ("Ordenador",
/// "Ordenador 2"): a common noun, which Spanish says with its article.
fn computer_es(name: &str) -> bool {
    name.strip_prefix("Ordenador").is_some_and(|rest| {
        rest.is_empty()
            || rest
                .strip_prefix(' ')
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    })
}

/// A seat's name inside a Spanish sentence: "el Ordenador" (a person's name as it is). In
/// English, the name.
pub fn the(name: &str) -> String {
    if is_you(name) {
        return tr!("you", "tú").to_string();
    }
    if es() && computer_es(name) {
        format!("el {name}")
    } else {
        name.to_string()
    }
}

/// [`the`] at the start of a sentence: "El Ordenador movió…", "You moved…".
pub fn subject(name: &str) -> String {
    cap(&the(name))
}

/// Spanish "de" and a seat's name: "de Ana", "del Ordenador".
pub fn de(name: &str) -> String {
    if computer_es(name) {
        format!("del {name}")
    } else {
        format!("de {name}")
    }
}

/// Every seat's name as shown ([`name_here`]).
pub fn names_here(names: &[String]) -> Vec<String> {
    names.iter().map(|n| name_here(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The person alone against the computer is "you", in both languages, as a name, a
    /// subject, a possessor and a winner; a person's name and the computer's keep theirs,
    /// the computer with Spanish's article.
    #[test]
    fn you_the_computer_and_a_person_are_said_as_each_language_says_them() {
        speak(Lang::En);
        assert!(is_you("You") && is_you("Tú") && !is_you("Ann") && !is_you("Youssef"));
        assert_eq!(name_here("Tú"), "You");
        assert_eq!(name_here("Seat 3"), "Seat 3");
        assert_eq!(subject("You"), "You");
        assert_eq!(subject("Computer 2"), "Computer 2");
        assert_eq!(the("You"), "you");
        assert_eq!(of("You", "hand", "mano"), "your hand");
        assert_eq!(of("Ann", "hand", "mano"), "Ann's hand");
        assert_eq!(wins("You"), "you win");
        assert_eq!(wins("Computer"), "Computer wins");
        assert_eq!(cap("your hand"), "Your hand");
        assert_eq!(cap(""), "");

        speak(Lang::Es);
        assert_eq!(name_here("You"), "Tú");
        assert_eq!(name_here("Seat 3"), "Asiento 3");
        assert_eq!(
            name_here("Seat 3b"),
            "Seat 3b",
            "only the core's own default"
        );
        assert_eq!(subject("Ordenador"), "El Ordenador");
        assert_eq!(subject("Ordenador 2"), "El Ordenador 2");
        assert_eq!(
            subject("Ordenadores"),
            "Ordenadores",
            "a name, not the computer"
        );
        assert_eq!(subject("Tú"), "Tú");
        assert_eq!(subject("ana"), "Ana");
        assert_eq!(the("Ordenador 1"), "el Ordenador 1");
        assert_eq!(de("Ordenador"), "del Ordenador");
        assert_eq!(de("Ana"), "de Ana");
        assert_eq!(of("Tú", "hand", "mano"), "tu mano");
        assert_eq!(of("Ordenador", "hand", "mano"), "mano del Ordenador");
        assert_eq!(cap(&of("Ana", "set-up", "colocación")), "Colocación de Ana");
        assert_eq!(wins("Tú"), "ganas tú");
        assert_eq!(wins("Ordenador"), "gana el Ordenador");
        assert_eq!(wins("Ana"), "gana Ana");
        speak(Lang::En);
    }

    /// A fixed text and one with values are said in the language spoken now.
    #[test]
    fn texts_follow_the_language_spoken() {
        speak(Lang::Es);
        assert_eq!(tr!("Rules", "Reglas").get(), "Reglas");
        assert_eq!(String::from(tr!("Rules", "Reglas")), "Reglas");
        let n = 3;
        assert_eq!(trf!("{n} cards", "{n} cartas"), "3 cartas");
        assert_eq!(
            count(1, tr!("card", "carta"), tr!("cards", "cartas")),
            "1 carta"
        );
        speak(Lang::En);
        assert_eq!(
            count(2, tr!("card", "carta"), tr!("cards", "cartas")),
            "2 cards"
        );
        assert_eq!(Lang::from_code("es-AR"), Some(Lang::Es));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::En.other(), Lang::Es);
    }
}
