//! Reading a QR code on this device (issue 22): the phone's answer, read by the device
//! that holds the game. With the camera — the browser's own `BarcodeDetector` where it
//! has one, else the frames read here (`rqrr`) — or from a photo of the code. Only the
//! parts of the app that link phones load this.
//!
//! The browser's objects are reached by name (see `net`), so the first load carries no
//! bindings for the camera.

use js_sys::{Array, Function, Object, Reflect, Uint8Array};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::net::{ask, call, get, handler, promise, set, sleep};

/// The widest frame read: enough for a code held up to the camera, quick on a phone.
const MOST_WIDTH: u32 = 640;

/// The text of the first QR code found in an image (RGBA pixels, `width` × `height`): its
/// own part of the app, loaded the first time a frame is read without the browser's own
/// reader (the reader is most of this module's size).
#[leptos::lazy]
fn decode(width: usize, height: usize, rgba: Vec<u8>) -> Option<String> {
    read_pixels(width, height, &rgba)
}

fn read_pixels(width: usize, height: usize, rgba: &[u8]) -> Option<String> {
    if width == 0 || height == 0 || rgba.len() < width * height * 4 {
        return None;
    }
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        let i = (y * width + x) * 4;
        let (r, g, b) = (
            u32::from(rgba[i]),
            u32::from(rgba[i + 1]),
            u32::from(rgba[i + 2]),
        );
        ((r * 77 + g * 150 + b * 29) >> 8) as u8
    });
    image
        .detect_grids()
        .into_iter()
        .find_map(|grid| grid.decode().ok().map(|(_, text)| text))
}

/// A drawing surface to read frames from.
struct Canvas {
    element: web_sys::Element,
    context: JsValue,
}

impl Canvas {
    fn new() -> Result<Canvas, JsValue> {
        let element = document().create_element("canvas")?;
        let options = Object::new();
        set(&options, "willReadFrequently", &JsValue::TRUE);
        let context = call(&element, "getContext", &["2d".into(), options.into()])?;
        Ok(Canvas { element, context })
    }

    /// The code in `source` (a video, an image) of natural size `width` × `height`.
    async fn read(&self, source: &JsValue, width: u32, height: u32) -> Option<String> {
        if width == 0 || height == 0 {
            return None;
        }
        let scale = f64::from(MOST_WIDTH.min(width)) / f64::from(width);
        let (w, h) = (
            (f64::from(width) * scale).round() as u32,
            (f64::from(height) * scale).round() as u32,
        );
        set(&self.element, "width", &w.into());
        set(&self.element, "height", &h.into());
        call(
            &self.context,
            "drawImage",
            &[source.clone(), 0.into(), 0.into(), w.into(), h.into()],
        )
        .ok()?;
        let data = call(
            &self.context,
            "getImageData",
            &[0.into(), 0.into(), w.into(), h.into()],
        )
        .ok()?;
        let pixels = Uint8Array::new(&get(&data, "data")).to_vec();
        decode(w as usize, h as usize, pixels).await
    }
}

fn number(value: JsValue) -> u32 {
    value.as_f64().unwrap_or(0.0) as u32
}

/// Ask for the camera before a handshake, and let it go at once. In Chromium a page with
/// the camera gathers its real local addresses instead of mDNS names, which on some
/// networks is what lets two devices find each other; and the camera is then ready to read
/// the phone's code. Whatever the answer, the handshake goes on: a question left
/// unanswered is waited for 15 s at most (the camera is let go if granted later).
pub async fn ask_camera_first() {
    let devices = get(&get(&js_sys::global(), "navigator"), "mediaDevices");
    if devices.is_undefined() {
        return;
    }
    let wanted = Object::new();
    set(&wanted, "video", &JsValue::TRUE);
    let Ok(asked) = call(&devices, "getUserMedia", &[wanted.into()]) else {
        return;
    };
    // The camera let go as soon as it is given, now or after the wait.
    let release = handler(Box::new(|stream: JsValue| {
        if let Ok(tracks) = call(&stream, "getTracks", &[]) {
            for track in Array::from(&tracks).iter() {
                let _ = call(&track, "stop", &[]);
            }
        }
    }));
    let released = call(&asked, "then", &[release.as_ref().clone()]);
    release.forget();
    let global = js_sys::global();
    let Ok((waited, _timer)) = promise(move |resolve| {
        let _ = call(&global, "setTimeout", &[resolve.into(), 15_000.into()]);
    }) else {
        return;
    };
    let class = get(&js_sys::global(), "Promise");
    let either = released
        .and_then(|released| call(&class, "race", &[Array::of2(&released, &waited).into()]));
    if let Ok(either) = either {
        let _ = JsFuture::from(either.unchecked_into::<js_sys::Promise>()).await;
    }
}

/// The browser's own QR reader, where it has one.
fn detector() -> Option<JsValue> {
    let class: Function = get(&js_sys::global(), "BarcodeDetector").dyn_into().ok()?;
    let options = Object::new();
    set(&options, "formats", &Array::of1(&"qr_code".into()));
    Reflect::construct(&class, &Array::of1(&options)).ok()
}

/// The camera running into a video element inside `holder`.
struct Camera {
    stream: JsValue,
    video: web_sys::Element,
}

impl Camera {
    async fn start(holder: &web_sys::Element) -> Result<Camera, String> {
        let devices = get(&get(&js_sys::global(), "navigator"), "mediaDevices");
        if devices.is_undefined() {
            return Err(tr!(
                "This browser gives no page the camera here (it needs a secure page): type the code, or read it from a photo.",
                "Este navegador no da la cámara a ninguna página aquí (necesita una página segura): escribe el código o léelo de una foto."
            )
            .to_string());
        }
        let wanted = Object::new();
        let video = Object::new();
        set(&video, "facingMode", &"environment".into());
        set(&wanted, "video", &video);
        set(&wanted, "audio", &JsValue::FALSE);
        let stream = ask(&devices, "getUserMedia", &[wanted.into()])
            .await
            .map_err(|e| {
                match get(&e, "name").as_string().as_deref() {
                    Some("NotAllowedError" | "SecurityError") => tr!(
                        "The camera was not allowed. Allow it in the browser's settings for this page, or type the code, or read it from a photo.",
                        "No se permitió la cámara. Permítela en los ajustes del navegador para esta página, o escribe el código, o léelo de una foto."
                    ),
                    Some("NotFoundError" | "OverconstrainedError") => tr!(
                        "This device has no camera to use: type the code, or read it from a photo.",
                        "Este dispositivo no tiene cámara que usar: escribe el código o léelo de una foto."
                    ),
                    Some("NotReadableError") => tr!(
                        "The camera is busy (another app may be using it): close that app, or type the code.",
                        "La cámara está ocupada (quizá la usa otra aplicación): cierra esa aplicación o escribe el código."
                    ),
                    _ => tr!(
                        "The camera could not be started: type the code, or read it from a photo.",
                        "No se pudo poner en marcha la cámara: escribe el código o léelo de una foto."
                    ),
                }
                .to_string()
            })?;
        let failed = |_| {
            tr!(
                "The camera's picture could not be shown here.",
                "La imagen de la cámara no se pudo mostrar aquí."
            )
            .to_string()
        };
        let element = document().create_element("video").map_err(failed)?;
        for (name, value) in [("playsinline", ""), ("muted", ""), ("autoplay", "")] {
            element.set_attribute(name, value).map_err(failed)?;
        }
        element
            .set_attribute(
                "aria-label",
                tr!("The camera's picture", "La imagen de la cámara").get(),
            )
            .map_err(failed)?;
        set(&element, "muted", &JsValue::TRUE);
        set(&element, "srcObject", &stream);
        holder.append_child(&element).map_err(failed)?;
        let camera = Camera {
            stream,
            video: element,
        };
        let _ = ask(&camera.video, "play", &[]).await;
        Ok(camera)
    }

    fn stop(&self) {
        if let Ok(tracks) = call(&self.stream, "getTracks", &[]) {
            for track in Array::from(&tracks).iter() {
                let _ = call(&track, "stop", &[]);
            }
        }
        self.video.remove();
    }
}

/// The code in the camera's picture now, if any.
async fn look(camera: &Camera, canvas: &Canvas, detector: Option<&JsValue>) -> Option<String> {
    let video: &JsValue = camera.video.as_ref();
    if let Some(detector) = detector {
        let found = ask(detector, "detect", std::slice::from_ref(video))
            .await
            .ok()?;
        return Array::from(&found)
            .iter()
            .find_map(|code| get(&code, "rawValue").as_string());
    }
    let (w, h) = (
        number(get(video, "videoWidth")),
        number(get(video, "videoHeight")),
    );
    canvas.read(video, w, h).await
}

/// The code in a photo (an image file chosen).
async fn from_photo(file: JsValue) -> Result<String, String> {
    let unreadable = |_| {
        tr!(
            "That picture could not be opened.",
            "No se pudo abrir esa foto."
        )
        .to_string()
    };
    let bitmap = ask(&js_sys::global(), "createImageBitmap", &[file])
        .await
        .map_err(unreadable)?;
    let canvas = Canvas::new().map_err(unreadable)?;
    let (w, h) = (
        number(get(&bitmap, "width")),
        number(get(&bitmap, "height")),
    );
    let found = match detector() {
        Some(detector) => JsFuture::from(
            call(&detector, "detect", std::slice::from_ref(&bitmap))
                .map_err(unreadable)?
                .unchecked_into::<js_sys::Promise>(),
        )
        .await
        .ok()
        .and_then(|found| {
            Array::from(&found)
                .iter()
                .find_map(|code| get(&code, "rawValue").as_string())
        }),
        None => None,
    };
    let found = match found {
        Some(found) => Some(found),
        None => canvas.read(&bitmap, w, h).await,
    };
    found.ok_or_else(|| {
        tr!(
            "No code was found in that picture: take it again, closer and sharp.",
            "No se encontró ningún código en esa foto: vuelve a hacerla, más cerca y enfocada."
        )
        .to_string()
    })
}

/// "Scan the code": the camera (or a photo) reads a QR code, given to `on_code`.
#[component]
pub fn ScanCode(
    /// What is scanned, in words ("Bo's phone's code").
    what: String,
    on_code: Callback<String>,
) -> impl IntoView {
    let scanning = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let holder = NodeRef::<leptos::html::Div>::new();
    let camera: StoredValue<Option<Camera>, LocalStorage> = StoredValue::new_local(None);
    let stop = move || {
        camera.update_value(|c| {
            if let Some(c) = c.take() {
                c.stop();
            }
        });
        scanning.set(false);
    };
    on_cleanup(move || {
        camera.try_update_value(|c| {
            if let Some(c) = c.take() {
                c.stop();
            }
        });
    });
    let start = move || {
        let Some(holder) = holder.get_untracked() else {
            return;
        };
        problem.set(None);
        scanning.set(true);
        leptos::task::spawn_local(async move {
            let holder: web_sys::Element = holder.into();
            let started = match Camera::start(&holder).await {
                Ok(started) => started,
                Err(why) => {
                    problem.set(Some(why));
                    scanning.set(false);
                    return;
                }
            };
            let (Ok(canvas), detector) = (Canvas::new(), detector()) else {
                started.stop();
                scanning.set(false);
                return;
            };
            let video = started.video.clone();
            let stream = started.stream.clone();
            camera.set_value(Some(started));
            // Each look reads one frame; the page stays free between them.
            let watching = Camera { stream, video };
            while scanning.get_untracked() {
                if let Some(code) = look(&watching, &canvas, detector.as_ref()).await {
                    stop();
                    on_code.run(code);
                    return;
                }
                sleep(150).await;
            }
        });
    };
    let photo = move |ev: leptos::ev::Event| {
        let files = get(&get(&ev, "target"), "files");
        let Ok(file) = call(&files, "item", &[0.into()]) else {
            return;
        };
        if file.is_null() || file.is_undefined() {
            return;
        }
        problem.set(None);
        leptos::task::spawn_local(async move {
            match from_photo(file).await {
                Ok(code) => on_code.run(code),
                Err(why) => problem.set(Some(why)),
            }
        });
    };
    view! {
        <div class="scan-code">
            <p class="muted">{trf!(
                "This device's camera reads {}: nothing is recorded or sent anywhere.",
                "La cámara de este dispositivo lee {}: no se graba ni se envía nada a ningún sitio.",
                what.clone()
            )}</p>
            <div class="scanner" node_ref=holder class:live=move || scanning.get()></div>
            <div class="actions">
                {move || if scanning.get() {
                    view! { <button type="button" class="button" data-action="stop-scan" on:click=move |_| stop()>{tr!("Stop the camera", "Parar la cámara")}</button> }.into_any()
                } else {
                    view! { <button type="button" class="button primary" data-action="scan" on:click=move |_| start()>{tr!("Scan it with the camera", "Escanearlo con la cámara")}</button> }.into_any()
                }}
                <label class="button photo-pick">{tr!("Read it from a photo", "Leerlo de una foto")}
                    <input type="file" accept="image/*" class="visually-hidden" data-action="photo" on:change=photo/>
                </label>
            </div>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        </div>
    }
}
