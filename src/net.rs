//! A direct link between two devices on the room's network (issue 22): one WebRTC data
//! channel, opened with the codes of `intrigue_core::wire::join` — the host's offer and
//! the phone's answer — and no signalling server, no STUN or TURN server: the devices'
//! own addresses. What travels on it is `intrigue_core::wire` frames.
//!
//! The browser's WebRTC objects are reached by name (`Reflect`), not through `web-sys`
//! bindings: each binding adds its shim to the JavaScript every page loads first, and only
//! the pages that link devices need these (measured: 1.7 KB gz of the first load).

use std::cell::RefCell;
use std::rc::Rc;

use intrigue_core::wire::handshake::{Handshake, HandshakeError};
use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// What a link tells its owner.
pub enum Heard {
    Open,
    Message(Vec<u8>),
    Closed,
    /// The two devices could not reach each other (a network that keeps devices apart,
    /// another network, a firewall).
    Failed,
}

pub(crate) fn get(target: &JsValue, name: &str) -> JsValue {
    Reflect::get(target, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

pub(crate) fn set(target: &JsValue, name: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(name), value);
}

/// `target.name(...args)`.
pub(crate) fn call(target: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let method: Function = get(target, name).dyn_into()?;
    method.apply(target, &args.iter().collect::<Array>())
}

/// `await target.name(...args)`.
pub(crate) async fn ask(
    target: &JsValue,
    name: &str,
    args: &[JsValue],
) -> Result<JsValue, JsValue> {
    let promise: Promise = call(target, name, args)?.dyn_into()?;
    JsFuture::from(promise).await
}

/// Every handler of this module is this one kind of closure around a boxed function: one
/// kind of closure, one piece of glue in the module every page loads first.
pub(crate) type Handler = Closure<dyn FnMut(JsValue)>;

pub(crate) fn handler(mut f: Box<dyn FnMut(JsValue)>) -> Handler {
    Closure::new(move |event: JsValue| f(event))
}

/// A promise made by name, its executor a closure of the one kind this module uses (each
/// kind of closure adds its own glue to the first load): `start` is handed its `resolve`.
/// The executor is kept alive by the returned value until the promise is awaited.
pub(crate) fn promise(
    start: impl FnOnce(Function) + 'static,
) -> Result<(Promise, impl Drop), JsValue> {
    let mut start = Some(start);
    let executor = handler(Box::new(move |yes: JsValue| {
        if let (Some(start), Ok(yes)) = (start.take(), yes.dyn_into::<Function>()) {
            start(yes);
        }
    }));
    let class: Function = get(&js_sys::global(), "Promise").dyn_into()?;
    let made: Promise = Reflect::construct(&class, &Array::of1(executor.as_ref()))?.dyn_into()?;
    Ok((made, executor))
}

/// Wait `ms` milliseconds.
pub(crate) async fn sleep(ms: u32) {
    let global = js_sys::global();
    let timer = global.clone();
    if let Ok((done, _executor)) = promise(move |resolve| {
        let _ = call(&timer, "setTimeout", &[resolve.into(), ms.into()]);
    }) {
        let _ = JsFuture::from(done).await;
    }
}

/// "This browser could not make a direct connection." (`what` is in both languages.)
fn failed(what: crate::i18n::Tr) -> impl Fn(JsValue) -> String {
    move |_| {
        trf!(
            "This browser could not {}.",
            "Este navegador no pudo {}.",
            what
        )
    }
}

/// One data channel to another device. Dropping it closes the connection.
pub struct Link {
    pc: JsValue,
    channel: JsValue,
    /// The channel's event handlers, kept alive as long as the link.
    _handlers: Vec<Handler>,
}

impl Link {
    /// A connection with its one channel (negotiated by both sides as channel 0), whose
    /// events go to `heard`.
    fn new(heard: impl FnMut(Heard) + 'static) -> Result<Link, String> {
        let make = failed(tr!(
            "make a direct connection",
            "crear una conexión directa"
        ));
        let class: Function = get(&js_sys::global(), "RTCPeerConnection")
            .dyn_into()
            .map_err(&make)?;
        let pc = Reflect::construct(&class, &Array::new()).map_err(&make)?;
        let init = Object::new();
        set(&init, "negotiated", &JsValue::TRUE);
        set(&init, "id", &JsValue::from(0));
        let channel =
            call(&pc, "createDataChannel", &["intrigue".into(), init.into()]).map_err(&make)?;
        set(&channel, "binaryType", &"arraybuffer".into());
        let heard = Rc::new(RefCell::new(heard));
        let on = |event: &str, make: fn(JsValue) -> Heard| {
            let heard = heard.clone();
            let handler = handler(Box::new(move |e: JsValue| (heard.borrow_mut())(make(e))));
            set(&channel, event, handler.as_ref());
            handler
        };
        // The connection itself failing: told once, as the channel's own events are.
        let failing = {
            let heard = heard.clone();
            handler(Box::new(move |e: JsValue| {
                let state = get(&get(&e, "target"), "connectionState").as_string();
                if state.as_deref() == Some("failed") {
                    (heard.borrow_mut())(Heard::Failed);
                }
            }))
        };
        set(&pc, "onconnectionstatechange", failing.as_ref());
        let handlers = vec![
            failing,
            on("onopen", |_| Heard::Open),
            on("onclose", |_| Heard::Closed),
            on("onmessage", |e| {
                Heard::Message(Uint8Array::new(&get(&e, "data")).to_vec())
            }),
        ];
        Ok(Link {
            pc,
            channel,
            _handlers: handlers,
        })
    }

    /// The host's side: a link waiting for its answer, and the offer to show.
    pub async fn offer(heard: impl FnMut(Heard) + 'static) -> Result<(Link, Handshake), String> {
        let link = Link::new(heard)?;
        let offer = ask(&link.pc, "createOffer", &[])
            .await
            .map_err(failed(tr!("prepare a connection", "preparar una conexión")))?;
        ask(&link.pc, "setLocalDescription", &[offer])
            .await
            .map_err(failed(tr!("prepare a connection", "preparar una conexión")))?;
        let sdp = link.gathered().await?;
        let handshake = Handshake::from_sdp(&sdp, false).map_err(handshake_words)?;
        Ok((link, handshake))
    }

    /// The phone's side: the link made from the host's offer, and the answer to show.
    pub async fn answer(
        offer: &Handshake,
        heard: impl FnMut(Heard) + 'static,
    ) -> Result<(Link, Handshake), String> {
        let link = Link::new(heard)?;
        Link::remote(link.pc.clone(), "offer", offer.to_sdp()).await?;
        let answer = ask(&link.pc, "createAnswer", &[])
            .await
            .map_err(failed(tr!(
                "answer the connection",
                "responder a la conexión"
            )))?;
        ask(&link.pc, "setLocalDescription", &[answer])
            .await
            .map_err(failed(tr!(
                "answer the connection",
                "responder a la conexión"
            )))?;
        let sdp = link.gathered().await?;
        let handshake = Handshake::from_sdp(&sdp, true).map_err(handshake_words)?;
        Ok((link, handshake))
    }

    /// The host's side again: the phone's answer completes the connection. The future
    /// holds no borrow of the link (which stays where its events can reach it meanwhile).
    pub fn complete(
        &self,
        answer: &Handshake,
    ) -> impl std::future::Future<Output = Result<(), String>> + use<> {
        Link::remote(self.pc.clone(), "answer", answer.to_sdp())
    }

    async fn remote(pc: JsValue, kind: &'static str, sdp: String) -> Result<(), String> {
        let description = Object::new();
        set(&description, "type", &kind.into());
        set(&description, "sdp", &sdp.into());
        ask(&pc, "setRemoteDescription", &[description.into()])
            .await
            .map(|_| ())
            .map_err(failed(tr!(
                "read the other device's connection code",
                "leer el código de conexión del otro dispositivo"
            )))
    }

    fn gathering_done(pc: &JsValue) -> bool {
        get(pc, "iceGatheringState").as_string().as_deref() == Some("complete")
    }

    /// The local description once every candidate is gathered (the code carries them all:
    /// there is no server to trickle them through).
    async fn gathered(&self) -> Result<String, String> {
        if !Link::gathering_done(&self.pc) {
            let resolve: Rc<RefCell<Option<Function>>> = Rc::default();
            let watched = self.pc.clone();
            let slot = resolve.clone();
            let on_change = handler(Box::new(move |_: JsValue| {
                if Link::gathering_done(&watched)
                    && let Some(resolve) = slot.borrow_mut().take()
                {
                    let _ = resolve.call0(&JsValue::NULL);
                }
            }));
            // A promise made by name, its executor a closure of the one kind this module
            // uses (each kind of closure adds its own glue to the first load).
            let keep = resolve.clone();
            let executor = handler(Box::new(move |yes: JsValue| {
                *keep.borrow_mut() = yes.dyn_into::<Function>().ok();
            }));
            let class: Function = get(&js_sys::global(), "Promise")
                .dyn_into()
                .map_err(failed(tr!(
                    "find this device's address",
                    "encontrar la dirección de este dispositivo"
                )))?;
            let done: Promise = Reflect::construct(&class, &Array::of1(executor.as_ref()))
                .and_then(JsValue::dyn_into)
                .map_err(failed(tr!(
                    "find this device's address",
                    "encontrar la dirección de este dispositivo"
                )))?;
            set(&self.pc, "onicegatheringstatechange", on_change.as_ref());
            JsFuture::from(done).await.map_err(failed(tr!(
                "find this device's address",
                "encontrar la dirección de este dispositivo"
            )))?;
            set(&self.pc, "onicegatheringstatechange", &JsValue::NULL);
            drop(on_change);
        }
        get(&get(&self.pc, "localDescription"), "sdp")
            .as_string()
            .ok_or_else(|| {
                tr!(
                    "This browser could not find this device's address.",
                    "Este navegador no pudo encontrar la dirección de este dispositivo."
                )
                .to_string()
            })
    }

    /// Whether the devices are still finding their way to each other (the connection is
    /// `connecting`): a link slower than the host's patience, but on its way.
    pub fn connecting(&self) -> bool {
        get(&self.pc, "connectionState").as_string().as_deref() == Some("connecting")
    }

    /// Send one frame; false when the channel is not open.
    pub fn send(&self, bytes: &[u8]) -> bool {
        call(&self.channel, "send", &[Uint8Array::from(bytes).into()]).is_ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        for event in ["onopen", "onclose", "onmessage"] {
            set(&self.channel, event, &JsValue::NULL);
        }
        set(&self.pc, "onconnectionstatechange", &JsValue::NULL);
        let _ = call(&self.pc, "close", &[]);
    }
}

/// Why this device's own connection description would not do, in the page's language
/// (the core's words are English).
pub fn handshake_words(error: HandshakeError) -> String {
    if !crate::i18n::es() {
        return error.to_string();
    }
    match error {
        HandshakeError::Missing(_) => {
            "Este dispositivo no pudo preparar una conexión completa: comprueba que está conectado al wifi.".to_string()
        }
        HandshakeError::Damaged => {
            "Este código de conexión está dañado o no es uno: vuelve a escanearlo o escríbelo de nuevo.".to_string()
        }
        HandshakeError::Newer(_) => {
            "Este código de conexión lo hizo una versión más nueva de Intrigue: actualiza este dispositivo.".to_string()
        }
        HandshakeError::Invitation => {
            "esta es la propia invitación, no la respuesta del teléfono: abre la invitación en el teléfono y escribe el código que muestre".to_string()
        }
        HandshakeError::Answer => {
            "esta es la respuesta de un teléfono, no una invitación: escríbela en el dispositivo que tiene la partida".to_string()
        }
        HandshakeError::TableCode => {
            "este es uno de los códigos de la mesa (el de un asiento o el de revelación), no un código que conecte un teléfono a una partida".to_string()
        }
        HandshakeError::Older => {
            "este código de conexión lo hizo una versión más antigua de Intrigue: recarga Intrigue en el dispositivo que lo hizo y crea un código nuevo".to_string()
        }
    }
}
