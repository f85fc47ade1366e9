//! Lists as people say them: "Ann, Bo and Cy", "A City of Spies or Carousel Chess".

/// `items` joined with commas and `last_word` before the last one; empty for no item.
pub fn list<T: AsRef<str>>(items: &[T], last_word: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {last_word} {}", rest.join(", "), last.as_ref())
        }
    }
}
