//! The host's side of the wire: the one device with the whole game (its `Referee`) answers
//! the phones. A phone joins a seat with that seat's key; from then on it is sent that
//! seat's view after every change, and may play that seat's actions — only on its turn,
//! only legal ones, only on the view it was last sent (a replayed or crossed message is
//! stale). Everything refused changes nothing and is answered with why.

use super::{Refusal, ToHost, ToPhone, Wired};
use crate::game::{Referee, ToAct};
use crate::seats::Viewer;

/// One connection to a phone, as the host numbers them.
pub type LinkId = usize;

/// What the host knows of one link.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// The seat it joined (`None` until it joins, or once another link took the seat).
    seat: Option<u8>,
    /// The actions whose news it was sent.
    sent: u32,
    open: bool,
}

/// The host's book of links and seat keys.
pub struct Host {
    keys: Vec<[u8; 16]>,
    links: Vec<Link>,
}

/// Frames to send: each to its link.
pub type Outbox = Vec<(LinkId, Vec<u8>)>;

impl Host {
    /// A host for seats whose keys are `keys` (one per seat, drawn by the host device and
    /// shown to each phone alone).
    pub fn new(keys: Vec<[u8; 16]>) -> Host {
        Host {
            keys,
            links: Vec::new(),
        }
    }

    /// A new link (a phone connected): it holds no seat until it joins.
    pub fn open(&mut self) -> LinkId {
        self.links.push(Link {
            open: true,
            ..Link::default()
        });
        self.links.len() - 1
    }

    /// A link closed: its seat waits for its phone to join again.
    pub fn close(&mut self, link: LinkId) {
        if let Some(l) = self.links.get_mut(link) {
            *l = Link::default();
        }
    }

    /// A connection made from `seat`'s invitation opened on `link`: the link holds the
    /// seat (taking it from any other), and is sent the seat's key and its view.
    pub fn seat_link<G: Wired>(&mut self, referee: &Referee<G>, link: LinkId, seat: u8) -> Outbox {
        let Some(&key) = self.keys.get(usize::from(seat)) else {
            return Vec::new();
        };
        if link >= self.links.len() {
            return Vec::new();
        }
        self.bind(link, seat, 0);
        vec![
            (link, ToPhone::<G>::Welcome { seat, key }.to_bytes()),
            (link, self.update(referee, link)),
        ]
    }

    /// `link` holds `seat` (the newest link holds a seat: a phone that came back replaces
    /// its old link), with the news of the first `seen` actions already on the phone.
    fn bind(&mut self, link: LinkId, seat: u8, seen: u32) {
        for other in &mut self.links {
            if other.seat == Some(seat) {
                other.seat = None;
            }
        }
        self.links[link] = Link {
            seat: Some(seat),
            sent: seen,
            open: true,
        };
    }

    /// The seats a phone holds now.
    pub fn joined(&self) -> Vec<u8> {
        let mut seats: Vec<u8> = self.links.iter().filter_map(|l| l.seat).collect();
        seats.sort_unstable();
        seats
    }

    /// One frame from `link`: the game played on `referee` when it is a legal action of
    /// the link's seat, and the frames to send (an update to every joined phone after a
    /// change; the refusal to the sender otherwise).
    pub fn receive<G: Wired>(
        &mut self,
        referee: &mut Referee<G>,
        link: LinkId,
        bytes: &[u8],
    ) -> Outbox {
        if !self.links.get(link).is_some_and(|l| l.open) {
            return Vec::new();
        }
        match self.answer(referee, link, bytes) {
            Ok(Some(joined)) => vec![(joined, self.update(referee, joined))],
            Ok(None) => self.changed(referee),
            Err(why) => vec![(link, ToPhone::<G>::Refused(why).to_bytes())],
        }
    }

    /// `Ok(Some(link))`: the link joined (only it is sent an update); `Ok(None)`: the game
    /// changed (everyone is).
    fn answer<G: Wired>(
        &mut self,
        referee: &mut Referee<G>,
        link: LinkId,
        bytes: &[u8],
    ) -> Result<Option<LinkId>, Refusal> {
        let message = ToHost::<G>::from_bytes(bytes).map_err(|_| Refusal::Garbled)?;
        match message {
            ToHost::Join { seat, key, seen } => {
                if self.keys.get(usize::from(seat)) != Some(&key) {
                    return Err(Refusal::WrongKey);
                }
                // News it holds of a game that has not gone back since; all of it
                // otherwise.
                let actions = referee.actions() as u32;
                self.bind(link, seat, if seen <= actions { seen } else { 0 });
                Ok(Some(link))
            }
            ToHost::Act { after, action } => {
                let seat = self.links[link].seat.ok_or(Refusal::NotJoined)?;
                if after != referee.actions() as u32 {
                    return Err(Refusal::Stale);
                }
                if referee.view(Viewer::Table).to_act != ToAct::Seat(seat) {
                    return Err(Refusal::NotYours);
                }
                // The referee judges the action itself (a set-up is the player's own,
                // not one of a list).
                referee.act(action).map_err(|_| Refusal::Illegal)?;
                Ok(None)
            }
            ToHost::TakeBack { after } => {
                let seat = self.links[link].seat.ok_or(Refusal::NotJoined)?;
                if after != referee.actions() as u32 {
                    return Err(Refusal::Stale);
                }
                // The action taken back must be the seat's own: tried on a copy, which
                // must then be that seat's turn.
                let mut before = referee.clone();
                before.undo().map_err(|_| Refusal::Illegal)?;
                if before.view(Viewer::Table).to_act != ToAct::Seat(seat) {
                    return Err(Refusal::NotYours);
                }
                *referee = before;
                Ok(None)
            }
        }
    }

    /// After the game changed on the host itself (an action played on its screen, a take
    /// back): an update for every joined phone.
    pub fn changed<G: Wired>(&mut self, referee: &Referee<G>) -> Outbox {
        let joined: Vec<LinkId> = (0..self.links.len())
            .filter(|&l| self.links[l].seat.is_some())
            .collect();
        joined
            .into_iter()
            .map(|l| (l, self.update(referee, l)))
            .collect()
    }

    /// The update `link`'s seat is due: its view, its actions and the news since what it
    /// was sent (all of it when the game went back past that).
    fn update<G: Wired>(&mut self, referee: &Referee<G>, link: LinkId) -> Vec<u8> {
        let l = &mut self.links[link];
        let seat = l.seat.expect("an update goes to a joined link");
        let viewer = Viewer::Seat(seat);
        let actions = referee.actions() as u32;
        let news_from = if l.sent <= actions { l.sent } else { 0 };
        l.sent = actions;
        ToPhone::<G>::Update {
            seat,
            actions,
            view: referee.view(viewer),
            legal: referee.legal_actions(viewer),
            news_from,
            news: referee.news_since(viewer, news_from as usize),
        }
        .to_bytes()
    }
}
