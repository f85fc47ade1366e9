//! The connection handshake, small enough for a QR code (issue 22): of a WebRTC offer or
//! answer for one data channel, only what a connection needs travels — the ICE user
//! fragment and password, the DTLS certificate's SHA-256 fingerprint and the host
//! candidates (an mDNS name, or an IPv4 or IPv6 address, with its port) — and the other
//! device writes the whole session description back from it. No server is involved: the
//! devices' own addresses on the room's network.
//!
//! As text, a handshake is base32 with a CRC-32: 160 characters for a browser's two mDNS
//! candidates (100 bytes; a QR code of version 6 in alphanumeric mode, or a code to type).

use super::{Reader, Wire, WireError};
use crate::share::{crc32, decode, encode};

/// The format of a handshake text (its first byte).
const HANDSHAKE_VERSION: u8 = 1;

/// At most this many candidates travel (a device has one or two on a home network).
const MOST_CANDIDATES: usize = 4;

/// Where a device can be reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    /// An mDNS name (`<uuid>.local`), as browsers hide a local address by default.
    Mdns([u8; 16]),
    V4([u8; 4]),
    V6([u8; 16]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
}

/// What one side of a connection tells the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handshake {
    /// The answer (the joining phone's), or the offer (the host's).
    pub answer: bool,
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a session description or a handshake text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandshakeError {
    /// The description lacks something a connection needs (named).
    Missing(&'static str),
    /// The text is damaged, or is not a handshake.
    Damaged,
    /// Of a newer version of the app.
    Newer(u8),
    /// Of an older version of the app (its linking codes are not read any more).
    Older,
    /// An invitation where a phone's answer belongs (the host's own code, typed back).
    Invitation,
    /// A phone's answer where an invitation belongs.
    Answer,
    /// One of the table's codes (a seat's, the reveal…), not a code that links a phone.
    TableCode,
}

/// What a description lacks when its ICE user name or password is not one a code carries.
pub const ICE_CREDENTIALS: &str = "ICE user name and password of 4 to 255 letters, digits, + or /";

impl std::fmt::Display for HandshakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandshakeError::Missing(what) => {
                write!(f, "the connection offer has no {what}")
            }
            HandshakeError::Damaged => write!(
                f,
                "this connection code is damaged or is not one: scan it again, or type it again"
            ),
            HandshakeError::Newer(v) => write!(
                f,
                "this connection code comes from a newer version of Intrigue (format {v}): update this device"
            ),
            HandshakeError::Older => write!(
                f,
                "this connection code comes from an older version of Intrigue: reload Intrigue on the device that made it, then make a new code"
            ),
            HandshakeError::Invitation => write!(
                f,
                "this is the invitation itself, not the phone's answer: open the invitation on the phone, then type the code the phone shows"
            ),
            HandshakeError::Answer => write!(
                f,
                "this is a phone's answer, not an invitation: type it on the device that holds the game"
            ),
            HandshakeError::TableCode => write!(
                f,
                "this is one of the table's codes (a seat's code or the reveal), not a code that links a phone to a game"
            ),
        }
    }
}

/// ICE characters (RFC 8839: letters, digits, `+` and `/`), six bits each.
const ICE_CHARS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The lengths of an ICE user name or password a code carries: at least the user name's
/// four characters (RFC 8839; a password needs 22, which the browser checks), and at most
/// what the code's one length byte says. A browser's are 4 and 24.
const ICE_LENGTHS: std::ops::RangeInclusive<usize> = 4..=255;

/// An ICE string: its length, then six bits a character.
struct IceText(String);

impl Wire for IceText {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.0.len() as u8);
        let mut buffer = 0u32;
        let mut bits = 0;
        for c in self.0.bytes() {
            let value = ICE_CHARS.iter().position(|&x| x == c).unwrap_or(0) as u32;
            buffer = (buffer << 6) | value;
            bits += 6;
            while bits >= 8 {
                bits -= 8;
                out.push((buffer >> bits) as u8);
            }
        }
        if bits > 0 {
            out.push((buffer << (8 - bits)) as u8);
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let n = usize::from(r.byte()?);
        if !ICE_LENGTHS.contains(&n) {
            return Err(WireError::Bad("ICE text"));
        }
        let mut text = String::with_capacity(n);
        let (mut buffer, mut bits) = (0u32, 0);
        while text.len() < n {
            if bits < 6 {
                buffer = (buffer << 8) | u32::from(r.byte()?);
                bits += 8;
            }
            bits -= 6;
            text.push(ICE_CHARS[((buffer >> bits) & 63) as usize] as char);
        }
        Ok(IceText(text))
    }
}

impl Wire for Candidate {
    fn put(&self, out: &mut Vec<u8>) {
        match self.address {
            Address::Mdns(uuid) => {
                out.push(0);
                out.extend_from_slice(&uuid);
            }
            Address::V4(ip) => {
                out.push(1);
                out.extend_from_slice(&ip);
            }
            Address::V6(ip) => {
                out.push(2);
                out.extend_from_slice(&ip);
            }
        }
        out.extend_from_slice(&self.port.to_be_bytes());
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let address = match r.byte()? {
            0 => Address::Mdns(Wire::take(r)?),
            1 => Address::V4(Wire::take(r)?),
            2 => Address::V6(Wire::take(r)?),
            _ => return Err(WireError::Bad("address")),
        };
        let port = u16::from_be_bytes([r.byte()?, r.byte()?]);
        Ok(Candidate { address, port })
    }
}

impl Wire for Handshake {
    fn put(&self, out: &mut Vec<u8>) {
        self.answer.put(out);
        IceText(self.ufrag.clone()).put(out);
        IceText(self.pwd.clone()).put(out);
        out.extend_from_slice(&self.fingerprint);
        out.push(self.candidates.len() as u8);
        for candidate in &self.candidates {
            candidate.put(out);
        }
    }
    fn take(r: &mut Reader<'_>) -> Result<Self, WireError> {
        let answer = bool::take(r)?;
        let ufrag = IceText::take(r)?.0;
        let pwd = IceText::take(r)?.0;
        let fingerprint = Wire::take(r)?;
        let n = usize::from(r.byte()?);
        if n == 0 || n > MOST_CANDIDATES {
            return Err(WireError::Bad("candidates"));
        }
        let candidates = (0..n)
            .map(|_| Candidate::take(r))
            .collect::<Result<_, _>>()?;
        Ok(Handshake {
            answer,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

/// `<uuid>.local` as its sixteen bytes.
fn mdns(name: &str) -> Option<[u8; 16]> {
    let hex: String = name
        .strip_suffix(".local")?
        .chars()
        .filter(|&c| c != '-')
        .collect();
    if hex.len() != 32 {
        return None;
    }
    let mut uuid = [0u8; 16];
    for (i, byte) in uuid.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(uuid)
}

fn mdns_name(uuid: &[u8; 16]) -> String {
    let hex: String = uuid.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}.local",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

impl Handshake {
    /// What a connection needs of a browser's session description (`RTCSessionDescription
    /// .sdp`, once its candidates are gathered): the UDP host candidates, the ICE
    /// credentials and the certificate's fingerprint.
    pub fn from_sdp(sdp: &str, answer: bool) -> Result<Handshake, HandshakeError> {
        let attribute = |name: &str| {
            sdp.lines()
                .find_map(|line| line.trim().strip_prefix(name).map(str::trim))
        };
        let ufrag = attribute("a=ice-ufrag:").ok_or(HandshakeError::Missing("ICE user name"))?;
        let pwd = attribute("a=ice-pwd:").ok_or(HandshakeError::Missing("ICE password"))?;
        // Refused here, whole, rather than squeezed into a code that does not read back
        // (a length of 256 written in one byte).
        let ice =
            |s: &str| ICE_LENGTHS.contains(&s.len()) && s.bytes().all(|c| ICE_CHARS.contains(&c));
        if !ice(ufrag) || !ice(pwd) {
            return Err(HandshakeError::Missing(ICE_CREDENTIALS));
        }
        let hex = attribute("a=fingerprint:sha-256")
            .ok_or(HandshakeError::Missing("SHA-256 fingerprint"))?;
        let bytes: Vec<u8> = hex
            .split(':')
            .map(|h| u8::from_str_radix(h, 16))
            .collect::<Result<_, _>>()
            .map_err(|_| HandshakeError::Missing("SHA-256 fingerprint"))?;
        let fingerprint: [u8; 32] = bytes
            .try_into()
            .map_err(|_| HandshakeError::Missing("SHA-256 fingerprint"))?;
        let mut candidates: Vec<Candidate> = Vec::new();
        for line in sdp.lines() {
            let Some(fields) = line.trim().strip_prefix("a=candidate:") else {
                continue;
            };
            // foundation component transport priority address port "typ" type …
            let f: Vec<&str> = fields.split_whitespace().collect();
            if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[7] != "host" {
                continue;
            }
            let Ok(port) = f[5].parse::<u16>() else {
                continue;
            };
            let address = if let Some(uuid) = mdns(f[4]) {
                Address::Mdns(uuid)
            } else if let Ok(ip) = f[4].parse::<std::net::Ipv4Addr>() {
                Address::V4(ip.octets())
            } else if let Ok(ip) = f[4].parse::<std::net::Ipv6Addr>() {
                Address::V6(ip.octets())
            } else {
                continue;
            };
            let candidate = Candidate { address, port };
            if !candidates.contains(&candidate) && candidates.len() < MOST_CANDIDATES {
                candidates.push(candidate);
            }
        }
        if candidates.is_empty() {
            return Err(HandshakeError::Missing("address on this network"));
        }
        Ok(Handshake {
            answer,
            ufrag: ufrag.to_string(),
            pwd: pwd.to_string(),
            fingerprint,
            candidates,
        })
    }

    /// The whole session description again, for the other device's
    /// `setRemoteDescription`: one data channel (negotiated by both sides as channel 0),
    /// the offer's DTLS role open (`actpass`), the answer's `active`.
    pub fn to_sdp(&self) -> String {
        let fingerprint: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let mut sdp = String::from(
            "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n",
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let address = match c.address {
                Address::Mdns(uuid) => mdns_name(&uuid),
                Address::V4(ip) => std::net::Ipv4Addr::from(ip).to_string(),
                Address::V6(ip) => std::net::Ipv6Addr::from(ip).to_string(),
            };
            // Host candidates, in the order sent: the first is preferred.
            let priority = 2_113_937_151u32 - i as u32;
            sdp.push_str(&format!(
                "a=candidate:{} 1 udp {priority} {address} {} typ host generation 0\r\n",
                i + 1,
                c.port
            ));
        }
        sdp.push_str(&format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\na=fingerprint:sha-256 {}\r\na=setup:{}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            fingerprint.join(":"),
            if self.answer { "active" } else { "actpass" }
        ));
        sdp
    }

    /// As text for a QR code or for typing: base32 of the version, the handshake and a
    /// CRC-32.
    pub fn to_text(&self) -> String {
        let mut bytes = vec![HANDSHAKE_VERSION];
        self.put(&mut bytes);
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_be_bytes());
        encode(&bytes)
    }

    /// A handshake text read back (scanned or typed: case, spaces and hyphens do not
    /// matter), its checksum checked.
    pub fn from_text(text: &str) -> Result<Handshake, HandshakeError> {
        let mut bytes = decode(text).map_err(|_| HandshakeError::Damaged)?;
        if bytes.len() < 5 {
            return Err(HandshakeError::Damaged);
        }
        let crc = bytes.split_off(bytes.len() - 4);
        if crc32(&bytes).to_be_bytes()[..] != crc[..] {
            return Err(HandshakeError::Damaged);
        }
        match bytes[0] {
            HANDSHAKE_VERSION => {}
            v if v > HANDSHAKE_VERSION => return Err(HandshakeError::Newer(v)),
            _ => return Err(HandshakeError::Damaged),
        }
        super::from_bytes(&bytes[1..]).map_err(|_| HandshakeError::Damaged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An offer and its answer as headless Chromium 14x wrote them for one negotiated
    /// data channel (their candidates gathered; the channel opened).
    const OFFER: &str = "v=0\r\no=- 3288549622539706921 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:3805084703 1 udp 2113937151 02a4bab5-8677-4217-906a-fd0052e566a9.local 35461 typ host generation 0 network-cost 999\r\na=candidate:3854471343 1 udp 2113942271 6b3e3fb6-e61d-4d41-b464-8e0a6e88a5a3.local 36260 typ host generation 0 network-cost 999\r\na=ice-ufrag:Zzr4\r\na=ice-pwd:irpGtr979EM8BBljMKltVhsO\r\na=ice-options:trickle\r\na=fingerprint:sha-256 A8:D7:DB:6C:34:76:AD:50:CF:60:BA:1E:61:03:82:B5:9A:F8:57:68:87:76:CD:88:5E:7B:3C:31:FE:8D:80:EF\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";
    const ANSWER: &str = "v=0\r\no=- 4672620870714042494 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\na=candidate:2440143182 1 udp 2113937151 02a4bab5-8677-4217-906a-fd0052e566a9.local 57784 typ host generation 0 network-cost 999\r\na=candidate:1511481518 1 udp 2113942271 6b3e3fb6-e61d-4d41-b464-8e0a6e88a5a3.local 51979 typ host generation 0 network-cost 999\r\na=ice-ufrag:pTPT\r\na=ice-pwd:lZ7keapN+WQBCrLmigchX4HY\r\na=ice-options:trickle\r\na=fingerprint:sha-256 D7:EE:34:88:6C:8E:8E:49:63:B6:C7:8E:25:16:4B:8C:22:1F:0F:D8:1C:7D:69:99:41:BC:2F:32:06:39:44:5A\r\na=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn a_browser_offer_and_answer_shrink_to_a_small_code_and_grow_back() {
        for (sdp, answer) in [(OFFER, false), (ANSWER, true)] {
            let handshake = Handshake::from_sdp(sdp, answer).unwrap();
            assert_eq!(handshake.candidates.len(), 2);
            let text = handshake.to_text();
            assert!(
                text.len() <= 160,
                "{} characters: a QR code of version 5",
                text.len()
            );
            assert_eq!(Handshake::from_text(&text), Ok(handshake.clone()));
            assert_eq!(
                Handshake::from_text(&text.to_lowercase()),
                Ok(handshake.clone())
            );
            // Written back, it says what the browser said, line for line, where a
            // connection needs it.
            let again = handshake.to_sdp();
            for needed in [
                "a=ice-ufrag:",
                "a=ice-pwd:",
                "a=fingerprint:sha-256 ",
                "a=mid:0",
                "a=sctp-port:5000",
            ] {
                let line = |s: &str| {
                    s.lines()
                        .find(|l| l.starts_with(needed))
                        .map(str::to_string)
                };
                assert_eq!(line(&again), line(sdp), "{needed}");
            }
            assert_eq!(Handshake::from_sdp(&again, answer), Ok(handshake));
        }
        let answer = Handshake::from_sdp(ANSWER, true).unwrap().to_sdp();
        assert!(answer.contains("a=setup:active"));
        assert!(answer.contains("02a4bab5-8677-4217-906a-fd0052e566a9.local 57784 typ host"));
    }

    #[test]
    fn plain_addresses_travel_too_and_other_candidates_are_left_out() {
        let sdp = OFFER
            .replace(
                "02a4bab5-8677-4217-906a-fd0052e566a9.local 35461",
                "192.168.1.20 35461",
            )
            .replace(
                "6b3e3fb6-e61d-4d41-b464-8e0a6e88a5a3.local 36260 typ host",
                "fe80::1 36260 typ host",
            )
            + "a=candidate:9 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active\r\na=candidate:7 1 udp 1 203.0.113.9 4000 typ srflx raddr 0.0.0.0 rport 0\r\n";
        let handshake = Handshake::from_sdp(&sdp, false).unwrap();
        assert_eq!(
            handshake.candidates,
            vec![
                Candidate {
                    address: Address::V4([192, 168, 1, 20]),
                    port: 35461
                },
                Candidate {
                    address: Address::V6(
                        std::net::Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1).octets()
                    ),
                    port: 36260
                },
            ]
        );
        assert!(handshake.to_sdp().contains("192.168.1.20 35461 typ host"));
        assert!(handshake.to_sdp().contains("fe80::1 36260 typ host"));
    }

    /// The code writes a credential's length in one byte: 255 characters read back, and a
    /// description with 256 is refused when squeezed, never made into a code that does
    /// not read back.
    #[test]
    fn ice_credentials_of_up_to_255_characters_travel_and_longer_ones_are_refused() {
        for (field, old) in [
            ("ice-ufrag", "a=ice-ufrag:Zzr4"),
            ("ice-pwd", "a=ice-pwd:irpGtr979EM8BBljMKltVhsO"),
        ] {
            let longest = "k".repeat(255);
            let sdp = OFFER.replace(old, &format!("a={field}:{longest}"));
            let handshake = Handshake::from_sdp(&sdp, false).unwrap();
            let text = handshake.to_text();
            assert_eq!(
                Handshake::from_text(&text),
                Ok(handshake.clone()),
                "{field}"
            );
            assert!(
                handshake
                    .to_sdp()
                    .contains(&format!("a={field}:{longest}\r\n"))
            );
            let too_long = OFFER.replace(old, &format!("a={field}:{}", "k".repeat(256)));
            assert_eq!(
                Handshake::from_sdp(&too_long, false),
                Err(HandshakeError::Missing(ICE_CREDENTIALS)),
                "{field}"
            );
            let too_short = OFFER.replace(old, &format!("a={field}:abc"));
            assert_eq!(
                Handshake::from_sdp(&too_short, false),
                Err(HandshakeError::Missing(ICE_CREDENTIALS)),
                "{field}"
            );
        }
        assert!(
            HandshakeError::Missing(ICE_CREDENTIALS)
                .to_string()
                .contains("4 to 255")
        );
    }

    #[test]
    fn a_damaged_or_incomplete_handshake_is_refused_in_words() {
        let text = Handshake::from_sdp(OFFER, false).unwrap().to_text();
        let mut damaged: Vec<char> = text.chars().collect();
        damaged[10] = if damaged[10] == 'A' { 'B' } else { 'A' };
        let damaged: String = damaged.into_iter().collect();
        assert_eq!(Handshake::from_text(&damaged), Err(HandshakeError::Damaged));
        assert_eq!(
            Handshake::from_text(&text[..text.len() - 3]),
            Err(HandshakeError::Damaged)
        );
        assert_eq!(Handshake::from_text("hello"), Err(HandshakeError::Damaged));
        let no_candidate: String = OFFER
            .lines()
            .filter(|l| !l.starts_with("a=candidate"))
            .collect::<Vec<_>>()
            .join("\r\n");
        assert_eq!(
            Handshake::from_sdp(&no_candidate, false),
            Err(HandshakeError::Missing("address on this network"))
        );
        assert!(
            HandshakeError::Missing("address on this network")
                .to_string()
                .contains("address on this network")
        );
    }
}
