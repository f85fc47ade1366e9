//! A QR code as SVG, sized by CSS to scan at arm's length.

use leptos::prelude::*;
use qrcodegen::{QrCode as Qr, QrCodeEcc, QrSegment};

/// The QR code of a link: the app's address in byte mode, and the code after it in
/// alphanumeric mode (5.5 bits a character instead of 8), so the symbol stays as coarse as
/// possible and a cheap phone reads it from across a table.
fn encode(link: &str) -> Option<Qr> {
    let split = link.rfind('/').map_or(0, |i| i + 1);
    let (address, code) = link.split_at(split);
    let segments = if !code.is_empty() && QrSegment::is_alphanumeric(code) {
        vec![
            QrSegment::make_bytes(address.as_bytes()),
            QrSegment::make_alphanumeric(code),
        ]
    } else {
        vec![QrSegment::make_bytes(link.as_bytes())]
    };
    Qr::encode_segments(&segments, QrCodeEcc::Medium).ok()
}

/// The SVG for `text`: one path of dark modules inside the four-module quiet zone.
fn svg(code: &Qr) -> String {
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
    let qr_label = tr!("QR code", "Código QR");
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {full} {full}\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"{qr_label}\"><rect width=\"{full}\" height=\"{full}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    )
}

#[component]
pub fn QrCode(#[prop(into)] text: String) -> impl IntoView {
    match encode(&text) {
        Some(code) => {
            let modules = code.size();
            view! { <div class="qr" data-link=text data-modules=modules inner_html=svg(&code)></div> }
                .into_any()
        }
        None => view! {
            <p class="problem-text">{tr!("This link is too long for a QR code: use the typed code below.", "Este enlace es demasiado largo para un código QR: usa el código escrito de abajo.")}</p>
        }
        .into_any(),
    }
}
