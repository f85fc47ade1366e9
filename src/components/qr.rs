//! A QR code as SVG, sized by CSS to scan at arm's length.

use leptos::prelude::*;
use qrcodegen::{QrCode as Qr, QrCodeEcc};

/// The SVG for `text`: one path of dark modules inside the four-module quiet zone.
fn svg(text: &str) -> Option<String> {
    let code = Qr::encode_text(text, QrCodeEcc::Medium).ok()?;
    let size = code.size();
    let border = 4;
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if code.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + border, y + border));
            }
        }
    }
    let full = size + 2 * border;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {full} {full}\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code\"><rect width=\"{full}\" height=\"{full}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

#[component]
pub fn QrCode(#[prop(into)] text: String) -> impl IntoView {
    match svg(&text) {
        Some(svg) => view! { <div class="qr" data-link=text inner_html=svg></div> }.into_any(),
        None => view! {
            <p class="problem-text">"This link is too long for a QR code: use the typed code below."</p>
        }
        .into_any(),
    }
}
