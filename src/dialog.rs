//! The browser's own confirmation dialog: accessible, and impossible to miss.

/// Ask a yes/no question; false when the browser cannot ask.
pub fn confirm(question: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(question).ok())
        .unwrap_or(false)
}
