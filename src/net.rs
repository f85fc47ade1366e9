//! A direct link between two devices on the room's network (issue 22): one WebRTC data
//! channel, opened with the codes of `intrigue_core::wire::join` — the host's offer and
//! the phone's answer — and no signalling server, no STUN or TURN server: the devices'
//! own addresses. What travels on it is `intrigue_core::wire` frames.

use std::cell::RefCell;
use std::rc::Rc;

use intrigue_core::wire::handshake::Handshake;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcDataChannel, RtcDataChannelInit, RtcDataChannelType, RtcIceGatheringState,
    RtcPeerConnection, RtcSdpType, RtcSessionDescriptionInit,
};

/// What a link tells its owner.
pub enum Heard {
    Open,
    Message(Vec<u8>),
    Closed,
}

/// One data channel to another device. Dropping it closes the connection.
pub struct Link {
    pc: RtcPeerConnection,
    channel: RtcDataChannel,
    /// The channel's event handlers, kept alive as long as the link.
    _handlers: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

fn failed(what: &str) -> impl Fn(wasm_bindgen::JsValue) -> String + '_ {
    move |_| format!("This browser could not {what}.")
}

impl Link {
    /// A connection with its one channel (negotiated by both sides as channel 0), whose
    /// events go to `heard`.
    fn new(heard: impl FnMut(Heard) + 'static) -> Result<Link, String> {
        let pc = RtcPeerConnection::new().map_err(failed("make a direct connection"))?;
        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(0);
        let channel = pc.create_data_channel_with_data_channel_dict("intrigue", &init);
        channel.set_binary_type(RtcDataChannelType::Arraybuffer);
        let heard = Rc::new(RefCell::new(heard));
        let on = |make: fn(web_sys::Event) -> Heard| {
            let heard = heard.clone();
            Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
                (heard.borrow_mut())(make(event));
            })
        };
        let open = on(|_| Heard::Open);
        let closed = on(|_| Heard::Closed);
        let message = on(|event| {
            let data = event
                .dyn_into::<MessageEvent>()
                .map(|m| js_sys::Uint8Array::new(&m.data()).to_vec())
                .unwrap_or_default();
            Heard::Message(data)
        });
        channel.set_onopen(Some(open.as_ref().unchecked_ref()));
        channel.set_onclose(Some(closed.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
        Ok(Link {
            pc,
            channel,
            _handlers: vec![open, closed, message],
        })
    }

    /// The host's side: a link waiting for its answer, and the offer to show.
    pub async fn offer(heard: impl FnMut(Heard) + 'static) -> Result<(Link, Handshake), String> {
        let link = Link::new(heard)?;
        let offer = JsFuture::from(link.pc.create_offer())
            .await
            .map_err(failed("prepare a connection"))?;
        JsFuture::from(link.pc.set_local_description(offer.unchecked_ref()))
            .await
            .map_err(failed("prepare a connection"))?;
        let sdp = link.gathered().await?;
        let handshake = Handshake::from_sdp(&sdp, false).map_err(|e| e.to_string())?;
        Ok((link, handshake))
    }

    /// The phone's side: the link made from the host's offer, and the answer to show.
    pub async fn answer(
        offer: &Handshake,
        heard: impl FnMut(Heard) + 'static,
    ) -> Result<(Link, Handshake), String> {
        let link = Link::new(heard)?;
        link.remote(RtcSdpType::Offer, offer).await?;
        let answer = JsFuture::from(link.pc.create_answer())
            .await
            .map_err(failed("answer the connection"))?;
        JsFuture::from(link.pc.set_local_description(answer.unchecked_ref()))
            .await
            .map_err(failed("answer the connection"))?;
        let sdp = link.gathered().await?;
        let handshake = Handshake::from_sdp(&sdp, true).map_err(|e| e.to_string())?;
        Ok((link, handshake))
    }

    /// The host's side again: the phone's answer completes the connection.
    pub async fn complete(&self, answer: &Handshake) -> Result<(), String> {
        self.remote(RtcSdpType::Answer, answer).await
    }

    async fn remote(&self, kind: RtcSdpType, handshake: &Handshake) -> Result<(), String> {
        let description = RtcSessionDescriptionInit::new(kind);
        description.set_sdp(&handshake.to_sdp());
        JsFuture::from(self.pc.set_remote_description(&description))
            .await
            .map(|_| ())
            .map_err(failed("read the other device's connection code"))
    }

    /// The local description once every candidate is gathered (the code carries them all:
    /// there is no server to trickle them through).
    async fn gathered(&self) -> Result<String, String> {
        if self.pc.ice_gathering_state() != RtcIceGatheringState::Complete {
            let resolve: Rc<RefCell<Option<js_sys::Function>>> = Rc::default();
            let watched = self.pc.clone();
            let slot = resolve.clone();
            let on_change = Closure::<dyn FnMut()>::new(move || {
                if watched.ice_gathering_state() == RtcIceGatheringState::Complete
                    && let Some(resolve) = slot.borrow_mut().take()
                {
                    let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
                }
            });
            let done = js_sys::Promise::new(&mut |yes, _| *resolve.borrow_mut() = Some(yes));
            self.pc
                .set_onicegatheringstatechange(Some(on_change.as_ref().unchecked_ref()));
            JsFuture::from(done)
                .await
                .map_err(failed("find this device's address"))?;
            self.pc.set_onicegatheringstatechange(None);
            drop(on_change);
        }
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| "This browser could not find this device's address.".to_string())
    }

    /// Send one frame; false when the channel is not open.
    pub fn send(&self, bytes: &[u8]) -> bool {
        self.channel.send_with_u8_array(bytes).is_ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.channel.set_onopen(None);
        self.channel.set_onclose(None);
        self.channel.set_onmessage(None);
        self.pc.close();
    }
}
