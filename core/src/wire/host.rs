//! The host's side of the wire: the one device with the whole game (its `Referee`) answers
//! the phones. A phone joins a seat with that seat's key; from then on it is sent that
//! seat's view after every change, and may play that seat's actions — only on its turn,
//! only legal ones, only on the view it was last sent (a replayed or crossed message is
//! stale). Everything refused changes nothing and is answered with why.

use super::{MOST_BYTES, MOST_ITEMS, Refusal, ToHost, ToPhone, Wired, news_digest, to_bytes};
use crate::game::{Referee, ToAct};
use crate::seats::Viewer;

/// The most bytes of news one update carries: a phone that joins a long game is sent its
/// news in several updates, each well inside [`MOST_BYTES`] with the view beside it.
const NEWS_BYTES: usize = MOST_BYTES / 2;

/// One connection to a phone, as the host numbers them.
pub type LinkId = usize;

/// What the host knows of one link.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    /// The seat it joined (`None` until it joins, or once another link took the seat).
    seat: Option<u8>,
    /// The actions whose news it was sent, and that news' [`news_digest`] (what the
    /// phone holds).
    sent: u32,
    digest: u32,
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
        self.bind(link, seat, 0, news_digest::<G, _>(std::iter::empty()));
        let mut out = vec![(link, ToPhone::<G>::Welcome { seat, key }.to_bytes())];
        out.extend(self.updates(referee, link).into_iter().map(|f| (link, f)));
        out
    }

    /// `link` holds `seat` (the newest link holds a seat: a phone that came back replaces
    /// its old link), with the news of the first `seen` actions already on the phone, of
    /// digest `digest`.
    fn bind(&mut self, link: LinkId, seat: u8, seen: u32, digest: u32) {
        for other in &mut self.links {
            if other.seat == Some(seat) {
                other.seat = None;
            }
        }
        self.links[link] = Link {
            seat: Some(seat),
            sent: seen,
            digest,
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
            Ok(Some(joined)) => self
                .updates(referee, joined)
                .into_iter()
                .map(|f| (joined, f))
                .collect(),
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
            ToHost::Join {
                seat,
                key,
                seen,
                digest,
            } => {
                if self.keys.get(usize::from(seat)) != Some(&key) {
                    return Err(Refusal::WrongKey);
                }
                // What it holds: its update is the rest, when the game has not gone
                // another way since, and all of it otherwise (see `updates`).
                self.bind(link, seat, seen, digest);
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
                // Only on the seat's own turn: once the turn has passed, the next player
                // may have seen the action and be choosing theirs (the host's screen can
                // still take it back).
                if referee.to_act() != ToAct::Seat(seat) {
                    return Err(Refusal::NotYours);
                }
                // And the action taken back must be the seat's own: tried on a copy,
                // which must then be that seat's turn still.
                let mut before = referee.clone();
                if !before.undo() {
                    return Err(Refusal::Illegal);
                }
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
            .flat_map(|l| {
                self.updates(referee, l)
                    .into_iter()
                    .map(move |f| (l, f))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The updates `link`'s seat is due: its view, its actions and the news since what it
    /// was sent (usually one frame; news too long for one goes in several).
    fn updates<G: Wired>(&mut self, referee: &Referee<G>, link: LinkId) -> Vec<Vec<u8>> {
        self.updates_within(referee, link, NEWS_BYTES)
    }

    /// The updates `link`'s seat is due, each with at most `budget` bytes of news. The news
    /// goes on from what the phone holds when the game has not gone another way since:
    /// not back past it, and the same news for its actions (a count alone missed a game
    /// taken back and played forward as far while the phone was away). All of it
    /// otherwise, which the phone takes in place of its own.
    pub(super) fn updates_within<G: Wired>(
        &mut self,
        referee: &Referee<G>,
        link: LinkId,
        budget: usize,
    ) -> Vec<Vec<u8>> {
        let l = &mut self.links[link];
        let seat = l.seat.expect("an update goes to a joined link");
        let viewer = Viewer::Seat(seat);
        let actions = referee.actions() as u32;
        let held = (l.sent <= actions)
            .then(|| referee.news_since(viewer, l.sent as usize))
            .filter(|since| {
                let before = referee.news_newest_first(viewer).skip(since.len());
                news_digest::<G, _>(before) == l.digest
            });
        let (news_from, news) = match held {
            Some(since) => (l.sent, since),
            None => (0, referee.news_since(viewer, 0)),
        };
        l.sent = actions;
        l.digest = news_digest::<G, _>(referee.news_newest_first(viewer));
        let legal = referee.legal_actions(viewer);
        split_news(referee, viewer, news_from, actions, news, budget)
            .into_iter()
            .map(|(from, to, news)| {
                ToPhone::<G>::Update {
                    seat,
                    actions: to,
                    view: referee.view(viewer),
                    legal: legal.clone(),
                    news_from: from,
                    news,
                }
                .to_bytes()
            })
            .collect()
    }
}

/// `news` (what `viewer` may see of the actions after the first `from`, up to `to`) in
/// parts cut between actions, each within `budget` bytes on the wire and the longest list
/// a frame holds: `(from, to, news)` of each part, in order. A part of one action is sent
/// whatever its size. Halving: a news that fits costs one measure.
fn split_news<G: Wired>(
    referee: &Referee<G>,
    viewer: Viewer,
    from: u32,
    to: u32,
    mut news: Vec<G::Event>,
    budget: usize,
) -> Vec<(u32, u32, Vec<G::Event>)> {
    let fits = news.len() <= MOST_ITEMS && to_bytes(&news).len() <= budget;
    if fits || to <= from + 1 {
        return vec![(from, to, news)];
    }
    let middle = from + (to - from) / 2;
    let later = referee.news_since(viewer, middle as usize).len()
        - referee.news_since(viewer, to as usize).len();
    let second = news.split_off(news.len() - later);
    let mut parts = split_news(referee, viewer, from, middle, news, budget);
    parts.extend(split_news(referee, viewer, middle, to, second, budget));
    parts
}
