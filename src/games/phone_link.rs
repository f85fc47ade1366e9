//! A linked phone's side of its link as plain data with pure transitions, no I/O: where
//! the link stands ([`LinkState`], as the phone's screen says it) and how often in a row
//! the phone asked for its seat again after an update it could not take in. `phone::on_phone`
//! keeps the connection beside it and does what each transition says; the rules are tested
//! here.

/// How many times in a row a phone asks for its seat again: a host whose every update is
/// refused is not asked for ever.
pub const MOST_RESYNCS: u8 = 3;

/// Where the link to the host stands, as the phone's screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Making the answer (finding this phone's address).
    Answering,
    /// The answer is shown: the host scans or types it.
    Answered(String),
    /// Playing.
    Connected,
    /// The host is gone (its page closed, the network lost).
    Dropped,
    /// It could not be made, and why.
    Failed(String),
    /// This page linked with this invitation before and was reloaded (or opened it
    /// again): that link is gone, and only a new invitation makes another.
    Used,
}

impl LinkState {
    /// The state as the page marks it (`data-link`), for styles and tests.
    pub fn slug(&self) -> &'static str {
        match self {
            LinkState::Answering => "answering",
            LinkState::Answered(_) => "answered",
            LinkState::Connected => "connected",
            LinkState::Dropped => "dropped",
            LinkState::Failed(_) => "failed",
            LinkState::Used => "used",
        }
    }
}

/// The phone's link: its state and its asks for the seat again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneLink {
    pub state: LinkState,
    resyncs: u8,
}

impl PhoneLink {
    /// A link to be made by answering the invitation, or (`used`: this page linked with it
    /// before a reload) one that cannot be.
    pub fn new(used: bool) -> PhoneLink {
        PhoneLink {
            state: if used {
                LinkState::Used
            } else {
                LinkState::Answering
            },
            resyncs: 0,
        }
    }

    /// The answer is made (`reply`, to show the host): whether it is shown (a link that
    /// opened or failed meanwhile stays as it is).
    pub fn answered(&mut self, reply: String) -> bool {
        if self.state != LinkState::Answering {
            return false;
        }
        self.state = LinkState::Answered(reply);
        true
    }

    /// Still waiting for the host to take the answer (said as slow after a while).
    pub fn waiting(&self) -> bool {
        matches!(self.state, LinkState::Answered(_))
    }

    pub fn opened(&mut self) {
        self.state = LinkState::Connected;
    }

    pub fn closed(&mut self) {
        self.state = LinkState::Dropped;
    }

    /// The link failed (`why`, when it never opened): one that had opened was lost.
    pub fn failed(&mut self, why: String) {
        self.state = if self.state == LinkState::Connected {
            LinkState::Dropped
        } else {
            LinkState::Failed(why)
        };
    }

    /// An update was taken in: the asks for the seat start again from none.
    pub fn updated(&mut self) {
        self.resyncs = 0;
    }

    /// An update could not be taken in: whether to ask for the seat again (only with the
    /// seat's key, and [`MOST_RESYNCS`] times in a row at most).
    pub fn resync(&mut self, has_key: bool) -> bool {
        if !has_key || self.resyncs >= MOST_RESYNCS {
            return false;
        }
        self.resyncs += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_answers_links_and_is_dropped() {
        let mut link = PhoneLink::new(false);
        assert_eq!(link.state.slug(), "answering");
        assert!(link.answered("REPLY".into()));
        assert!(link.waiting());
        assert_eq!(link.state, LinkState::Answered("REPLY".into()));
        link.opened();
        assert!(!link.waiting());
        assert!(
            !link.answered("LATE".into()),
            "an answer made late is not shown"
        );
        // A link that had opened and then failed was lost, not refused.
        link.failed("unreachable".into());
        assert_eq!(link.state, LinkState::Dropped);
    }

    #[test]
    fn a_link_that_never_opened_says_why_and_a_used_invitation_stays_used() {
        let mut link = PhoneLink::new(false);
        link.failed("unreachable".into());
        assert_eq!(link.state, LinkState::Failed("unreachable".into()));
        assert_eq!(link.state.slug(), "failed");
        let mut used = PhoneLink::new(true);
        assert_eq!(used.state, LinkState::Used);
        assert!(!used.answered("REPLY".into()));
        used.closed();
        assert_eq!(used.state.slug(), "dropped");
    }

    #[test]
    fn the_seat_is_asked_for_again_a_few_times_in_a_row_and_only_with_its_key() {
        let mut link = PhoneLink::new(false);
        assert!(!link.resync(false), "no key yet: nothing to ask with");
        assert!((0..MOST_RESYNCS).all(|_| link.resync(true)));
        assert!(
            !link.resync(true),
            "a host whose every update is refused is not asked for ever"
        );
        link.updated();
        assert!(
            link.resync(true),
            "an update taken in starts the count again"
        );
    }
}
