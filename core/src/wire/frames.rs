//! The frames between a host and a phone: what the host sends (`ToPhone`: a seat's update,
//! a refusal, the welcome, the seats linked again), what a phone sends (`ToHost`: join,
//! act, take back), why a phone's message is refused (`Refusal`), and the checks a phone
//! makes of an update before it believes it.

use super::*;

/// Whether an update's seat, its view's envelope, its actions and its news fit the game
/// its view shows.
fn check_update<G: Wired>(
    seat: u8,
    view: &View<G::View>,
    legal: &[G::Action],
    news: &[G::Event],
) -> Result<(), WireError> {
    let players = G::seats(&view.body);
    ensure(usize::from(seat) < players, "seat")?;
    if let ToAct::Seat(to_act) = view.to_act {
        ensure(usize::from(to_act) < players, "seat to act")?;
    }
    if let Status::Over { winners, scores } = &view.status {
        ensure(seats_below(players, winners.iter().copied()), "winner")?;
        ensure(scores.is_empty() || scores.len() == players, "scores")?;
    }
    ensure(
        legal.iter().all(|a| G::action_fits(&view.body, a)),
        "action",
    )?;
    ensure(news.iter().all(|e| G::event_fits(&view.body, e)), "news")
}

/// The frame's head: version, game, and the message's tag.
fn head<G: Game>(tag: u8) -> Vec<u8> {
    vec![VERSION, G::KIND.id(), tag]
}

/// Read a frame's head, returning the message's tag.
fn read_head<G: Game>(r: &mut Reader<'_>, bytes: &[u8]) -> Result<u8, WireError> {
    if bytes.len() > MOST_BYTES {
        return Err(WireError::TooLong);
    }
    let version = r.byte()?;
    if version != VERSION {
        return Err(WireError::Version(version));
    }
    if r.byte()? != G::KIND.id() {
        return Err(WireError::OtherGame);
    }
    r.byte()
}

/// What the host sends one phone.
pub enum ToPhone<G: Game> {
    /// The seat's view now, what it may do, and the news it has not had: `news_from` is
    /// the action the news starts after (0: every event of the game, the phone's list
    /// replaced — after a rejoin or a take back).
    Update {
        seat: u8,
        actions: u32,
        view: View<G::View>,
        legal: Vec<G::Action>,
        news_from: u32,
        news: Vec<G::Event>,
    },
    /// The phone's last message was refused, and why; nothing changed.
    Refused(Refusal),
    /// The link joined `seat` (a connection made from the seat's invitation): the seat's
    /// key, which the phone keeps to rejoin after a drop.
    Welcome { seat: u8, key: [u8; 16] },
    /// Every time a seat of this game was linked to a page again after its first link
    /// (`(seat, its player's name, when)`, milliseconds since 1970): whoever opened that
    /// page sees the seat's
    /// own view, so every screen of the game is told. Sent to every phone when it changes,
    /// and to a phone when it joins.
    Relinked(Vec<(u8, String, u64)>),
}

/// What a phone sends the host.
pub enum ToHost<G: Game> {
    /// Bind this link to `seat`, proven by the seat's key (shown to that phone alone by
    /// the host's code); `seen`: the actions whose news the phone already holds (0: none),
    /// and `digest` that news' [`news_digest`] (see [`phone::Feed::join`]).
    Join {
        seat: u8,
        key: [u8; 16],
        seen: u32,
        digest: u32,
    },
    /// Play `action`, chosen on the view after `after` actions (a view since replaced
    /// makes it stale: refused).
    Act { after: u32, action: G::Action },
    /// Take back this seat's own last action, chosen on the view after `after` actions:
    /// allowed while the game allows a take back, it is still the seat's turn and the
    /// action taken back is the seat's own (a staged move of its turn); never another
    /// seat's, nor the seat's own once its turn has passed (the next player may have seen
    /// it; the host's own screen takes that back).
    TakeBack { after: u32 },
}

/// Why the host refused a phone's message. Nothing changes on a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a message of this format, version or game (see [`WireError`]).
    Garbled,
    /// The seat's key is wrong, or there is no such seat.
    WrongKey,
    /// An action from a link bound to no seat.
    NotJoined,
    /// Not this seat's turn.
    NotYours,
    /// Not an action the rules allow now.
    Illegal,
    /// Chosen on a view since replaced (another action came first, or this one was sent
    /// twice).
    Stale,
    /// The host's page is out of date (another tab of its device wrote the game since):
    /// it plays nothing until it is reloaded.
    HostOutOfDate,
}

wire_enum!(Refusal {
    Garbled = 0,
    WrongKey = 1,
    NotJoined = 2,
    NotYours = 3,
    Stale = 4,
    Illegal = 5,
    HostOutOfDate = 6,
});

impl Refusal {
    /// In words a player understands.
    pub fn words(self) -> &'static str {
        match self {
            Refusal::Garbled => "The table could not read what this phone sent.",
            Refusal::WrongKey => {
                "This phone's seat key does not match the table's: join again from the table's code."
            }
            Refusal::NotJoined => "This phone has not joined a seat yet.",
            Refusal::NotYours => "It is not this phone's turn.",
            Refusal::Illegal => "The rules do not allow that now.",
            Refusal::Stale => "The game moved on before that arrived: look again and choose.",
            Refusal::HostOutOfDate => {
                "The game's device has an out-of-date page (the game was changed in another of its tabs): nothing was played. Ask its player to reload that page, then play again."
            }
        }
    }
}

const UPDATE: u8 = 1;
const REFUSED: u8 = 2;
const WELCOME: u8 = 3;
const RELINKED: u8 = 4;

/// The most links again a phone is told of: a seat linked again every minute of a long
/// evening. A host that sends more is not believed (a phone reads no endless list).
pub const MOST_RELINKS: usize = 512;

/// The longest player's name a phone is told, in bytes (a name is at most 20 characters).
const MOST_NAME_BYTES: usize = 80;
const JOIN: u8 = 16;
const ACT: u8 = 17;
const TAKE_BACK: u8 = 18;

impl<G: Wired> ToPhone<G> {
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            ToPhone::Update {
                seat,
                actions,
                view,
                legal,
                news_from,
                news,
            } => {
                let mut out = head::<G>(UPDATE);
                seat.put(&mut out);
                actions.put(&mut out);
                view.put(&mut out);
                legal.put(&mut out);
                news_from.put(&mut out);
                news.put(&mut out);
                out
            }
            ToPhone::Refused(why) => {
                let mut out = head::<G>(REFUSED);
                why.put(&mut out);
                out
            }
            ToPhone::Welcome { seat, key } => {
                let mut out = head::<G>(WELCOME);
                seat.put(&mut out);
                key.put(&mut out);
                out
            }
            ToPhone::Relinked(links) => {
                let mut out = head::<G>(RELINKED);
                links.put(&mut out);
                out
            }
        }
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<ToPhone<G>, WireError> {
        let mut r = Reader::new(bytes);
        let message = match read_head::<G>(&mut r, bytes)? {
            UPDATE => {
                let seat = Wire::take(&mut r)?;
                let actions = Wire::take(&mut r)?;
                let view = Wire::take(&mut r)?;
                let legal: Vec<G::Action> = Wire::take(&mut r)?;
                let news_from = Wire::take(&mut r)?;
                let news: Vec<G::Event> = Wire::take(&mut r)?;
                check_update::<G>(seat, &view, &legal, &news)?;
                ToPhone::Update {
                    seat,
                    actions,
                    view,
                    legal,
                    news_from,
                    news,
                }
            }
            REFUSED => ToPhone::Refused(Wire::take(&mut r)?),
            WELCOME => ToPhone::Welcome {
                seat: Wire::take(&mut r)?,
                key: Wire::take(&mut r)?,
            },
            RELINKED => {
                let links: Vec<(u8, String, u64)> = Wire::take(&mut r)?;
                // A seat the game has, at most one line a minute of a long evening.
                let most_seats = *G::KIND.info().players.end();
                if links.len() > MOST_RELINKS
                    || links
                        .iter()
                        .any(|(seat, name, _)| *seat >= most_seats || name.len() > MOST_NAME_BYTES)
                {
                    return Err(WireError::Bad("relinked"));
                }
                ToPhone::Relinked(links)
            }
            _ => return Err(WireError::Bad("message")),
        };
        r.end()?;
        Ok(message)
    }
}

impl<G: Wired> ToHost<G> {
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            ToHost::Join {
                seat,
                key,
                seen,
                digest,
            } => {
                let mut out = head::<G>(JOIN);
                seat.put(&mut out);
                key.put(&mut out);
                seen.put(&mut out);
                digest.put(&mut out);
                out
            }
            ToHost::Act { after, action } => {
                let mut out = head::<G>(ACT);
                after.put(&mut out);
                action.put(&mut out);
                out
            }
            ToHost::TakeBack { after } => {
                let mut out = head::<G>(TAKE_BACK);
                after.put(&mut out);
                out
            }
        }
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<ToHost<G>, WireError> {
        let mut r = Reader::new(bytes);
        let message = match read_head::<G>(&mut r, bytes)? {
            JOIN => ToHost::Join {
                seat: Wire::take(&mut r)?,
                key: Wire::take(&mut r)?,
                seen: Wire::take(&mut r)?,
                digest: Wire::take(&mut r)?,
            },
            ACT => ToHost::Act {
                after: Wire::take(&mut r)?,
                action: Wire::take(&mut r)?,
            },
            TAKE_BACK => ToHost::TakeBack {
                after: Wire::take(&mut r)?,
            },
            _ => return Err(WireError::Bad("message")),
        };
        r.end()?;
        Ok(message)
    }
}
