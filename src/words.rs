//! Lists as people say them: "Ann, Bo and Cy", "A City of Spies or Carousel Chess"; in
//! Spanish "Ana, Bea y Carlos", "Ana e Inés", "siete u ocho".

use leptos::prelude::*;

/// `items` joined with commas and `last_word` before the last one; empty for no item.
fn list<T: AsRef<str>>(items: &[T], last_word: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {last_word} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// The first letters of `item` in lower case, without their accent (only the letters the
/// choice of "y"/"e" and "o"/"u" looks at; no Unicode tables for the rest).
fn opening(item: Option<&str>) -> String {
    item.unwrap_or_default()
        .chars()
        .take(3)
        .map(|c| match c {
            'Á' | 'á' => 'a',
            'É' | 'é' => 'e',
            'Í' | 'í' => 'i',
            'Ó' | 'ó' => 'o',
            'Ú' | 'ú' => 'u',
            other => other.to_ascii_lowercase(),
        })
        .collect()
}

/// "Ann, Bo and Cy"; "Ana, Bea y Carlos" ("e" before an "i" sound: "Ana e Inés").
pub fn and<T: AsRef<str>>(items: &[T]) -> String {
    if !crate::i18n::es() {
        return list(items, "and");
    }
    let last = opening(items.last().map(AsRef::as_ref));
    let i_sound = (last.starts_with('i') || last.starts_with("hi")) && !last.starts_with("hie");
    list(items, if i_sound { "e" } else { "y" })
}

/// "Espionage or Usurp"; "Espionaje o Usurpar" ("u" before an "o" sound: "siete u ocho").
pub fn or<T: AsRef<str>>(items: &[T]) -> String {
    if !crate::i18n::es() {
        return list(items, "or");
    }
    let last = opening(items.last().map(AsRef::as_ref));
    list(
        items,
        if last.starts_with('o') || last.starts_with("ho") {
            "u"
        } else {
            "o"
        },
    )
}

/// `words` as a sentence: a capital first, a full stop last.
pub fn sentence(words: &str) -> String {
    let mut chars = words.trim_end_matches('.').chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_uppercase(), chars.as_str())
    })
}

/// Check words (a table's three words, a round's word) in the page's language: one list of
/// 256 words in both languages, drawn by their place (`fingerprint::WORDS_ES`). In Spanish
/// the English stands beside them, so a table and a phone in different languages still
/// show the same words.
pub fn check_words(english: &str) -> String {
    if !crate::i18n::es() {
        return english.to_string();
    }
    english
        .split(' ')
        .map(intrigue_core::fingerprint::in_spanish)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Check words on screen (`class`: "fingerprint" for a table's words, "round-word" for a
/// round's): the words in the page's language, `data-words` the English list they come
/// from, and in Spanish the English after them.
pub fn words_view(english: String, class: &'static str) -> impl IntoView {
    let shown = check_words(&english);
    let beside = crate::i18n::es().then(|| format!(" ({english})"));
    view! {
        <span class=class data-words=english>{shown}</span>
        {beside.map(|words| view! { <span class="words-en" lang="en">{words}</span> })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, speak};

    /// Lists and sentences as each language says them.
    #[test]
    fn lists_and_sentences_are_said_as_people_say_them() {
        speak(Lang::En);
        assert_eq!(and(&["Ann", "Bo", "Cy"]), "Ann, Bo and Cy");
        assert_eq!(and(&["Ann"]), "Ann");
        assert_eq!(and::<&str>(&[]), "");
        assert_eq!(or(&["Espionage", "Usurp"]), "Espionage or Usurp");
        assert_eq!(sentence("the codes differ."), "The codes differ.");
        assert_eq!(sentence(""), "");
        speak(Lang::Es);
        assert_eq!(and(&["Ana", "Bea", "Carlos"]), "Ana, Bea y Carlos");
        assert_eq!(and(&["Ana", "Inés"]), "Ana e Inés");
        assert_eq!(and(&["Ana", "Hierro"]), "Ana y Hierro");
        assert_eq!(or(&["siete", "ocho"]), "siete u ocho");
        assert_eq!(or(&["Espionaje", "Usurpar"]), "Espionaje o Usurpar");
        speak(Lang::En);
    }
}
