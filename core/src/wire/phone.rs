//! The phone's side of the wire: what a phone holds of its seat (the host's last view, its
//! actions, and the seat's news gathered update after update), each frame from the host
//! taken into it. The news is what lets the host send less: an update carries only the
//! news since the last one, and a view may leave to the news what the news spells out
//! ([`Wired::restore`]: Carousel's list of moves), so a long game's every update does not
//! carry the whole game again. A phone that comes back says what it holds
//! ([`Feed::join`]), and is sent only what it lacks.

use super::{Refusal, ToHost, ToPhone, WireError, Wired, news_digest};
use crate::game::View;

/// What a phone holds of its seat once the host has sent it a first update.
pub struct Feed<G: Wired> {
    pub seat: u8,
    /// The actions played when the view was sent (an action or a take back chosen on it
    /// says so: a view since replaced makes it stale).
    pub actions: u32,
    /// The seat's view, with what the wire left off put back from the news.
    pub view: View<G::View>,
    pub legal: Vec<G::Action>,
    /// Every event of the game the seat may see, oldest first.
    pub news: Vec<G::Event>,
}

/// What a frame from the host told a phone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// The seat's view and news were brought up to date.
    Updated,
    /// The phone's last message was refused, and why; nothing changed.
    Refused(Refusal),
    /// The link joined `seat`, whose key the phone keeps to come back with.
    Welcome { seat: u8, key: [u8; 16] },
    /// Every time a seat of the game was linked again (`(seat, name, when)`, ms since 1970).
    Relinked(Vec<(u8, String, u64)>),
}

impl<G: Wired> Feed<G> {
    /// Take one frame from the host into what `seat`'s phone holds (`held`: `None` until
    /// the first update). An update of another seat, or news that does not go on from
    /// what the phone holds, is refused and changes nothing.
    pub fn hear(held: &mut Option<Feed<G>>, seat: u8, bytes: &[u8]) -> Result<Heard, WireError> {
        match ToPhone::<G>::from_bytes(bytes)? {
            ToPhone::Update {
                seat: to,
                actions,
                mut view,
                legal,
                news_from,
                news,
            } => {
                if to != seat {
                    return Err(WireError::Bad("seat"));
                }
                // All of the news (a first update, a rejoin, a game taken back), or the
                // news after what the phone holds.
                let mut gathered = match held.as_mut() {
                    _ if news_from == 0 => Vec::new(),
                    Some(h) if news_from == h.actions => std::mem::take(&mut h.news),
                    _ => return Err(WireError::Bad("news")),
                };
                gathered.extend(news);
                G::restore(&mut view.body, &gathered);
                *held = Some(Feed {
                    seat,
                    actions,
                    view,
                    legal,
                    news: gathered,
                });
                Ok(Heard::Updated)
            }
            ToPhone::Refused(why) => Ok(Heard::Refused(why)),
            ToPhone::Welcome { seat, key } => Ok(Heard::Welcome { seat, key }),
            ToPhone::Relinked(links) => Ok(Heard::Relinked(links)),
        }
    }

    /// The message that joins this phone's seat again (on a new link, with the seat's
    /// key): it names the news it holds, so the host sends only the rest — or all of it
    /// when the game went another way meanwhile.
    pub fn join(&self, key: [u8; 16]) -> ToHost<G> {
        ToHost::Join {
            seat: self.seat,
            key,
            seen: self.actions,
            digest: news_digest::<G, _>(self.news.iter().rev()),
        }
    }

    /// The message that joins `seat` from a phone that holds nothing of the game.
    pub fn join_afresh(seat: u8, key: [u8; 16]) -> ToHost<G> {
        ToHost::Join {
            seat,
            key,
            seen: 0,
            digest: news_digest::<G, _>(std::iter::empty()),
        }
    }
}
