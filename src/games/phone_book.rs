//! The host's book of phone links as plain data with pure transitions, no I/O: which seat
//! each link was made for, the mark of each link's invitation, and where each seat stands
//! ([`SeatLink`]) as the host's screen says it. `host::PlayOnPhones` keeps the connections
//! and the wire's `Host` beside it and does what each transition says; the rules of the
//! book (only a seat's newest link speaks for it; an answer must fit the invitation on
//! screen; a link lost after it played is dropped, not failed) are tested here.

/// Where one seat's phone stands, as the host's screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatLink {
    /// Played on this device.
    Here,
    /// Its invitation is being made (finding this device's address).
    Preparing,
    /// Its invitation (as text) is shown; the phone's answer is awaited.
    Invited(String),
    /// Its phone plays it.
    Connected,
    /// Its phone's link was lost.
    Dropped,
    /// The invitation could not be made, or the devices could not reach each other, and why.
    Failed(String),
    /// The link was made but not kept, and why: it could not be written into the table's
    /// log (see `saved::show_linked`).
    NotLogged(String),
}

impl SeatLink {
    /// The state as the page marks it (`data-state`), for styles and tests.
    pub fn slug(&self) -> &'static str {
        match self {
            SeatLink::Here => "here",
            SeatLink::Preparing => "preparing",
            SeatLink::Invited(_) => "invited",
            SeatLink::Connected => "connected",
            SeatLink::Dropped => "dropped",
            SeatLink::Failed(_) | SeatLink::NotLogged(_) => "failed",
        }
    }
}

/// Why an answer typed or scanned on the host does not link its seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerRefused {
    /// It answers another seat's invitation.
    OtherSeat,
    /// It answers an earlier invitation of this seat (a phone reloaded, an invitation
    /// opened twice): its connection was made for an offer that is gone.
    EarlierInvitation,
    /// The seat has no invitation out.
    Gone,
}

/// Every link the host made (ids from 0, as the wire's `Host::open` numbers them) and
/// every seat's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneBook {
    /// The seat each link was made for.
    seat_of: Vec<u8>,
    /// The mark of each link's invitation (`Invitation::mark`), once it is made.
    mark_of: Vec<Option<u16>>,
    states: Vec<SeatLink>,
}

impl PhoneBook {
    /// The book of a game whose seats were on phones before a reload (`before`): those
    /// seats' links are gone (dropped, to invite again); the others are played here.
    pub fn new(before: &[bool]) -> PhoneBook {
        PhoneBook {
            seat_of: Vec::new(),
            mark_of: Vec::new(),
            states: before
                .iter()
                .map(|&on| {
                    if on {
                        SeatLink::Dropped
                    } else {
                        SeatLink::Here
                    }
                })
                .collect(),
        }
    }

    pub fn state(&self, seat: u8) -> SeatLink {
        self.states
            .get(usize::from(seat))
            .cloned()
            .unwrap_or(SeatLink::Here)
    }

    fn set(&mut self, seat: u8, state: SeatLink) {
        if let Some(s) = self.states.get_mut(usize::from(seat)) {
            *s = state;
        }
    }

    /// The newest link made for `seat`: the one that speaks for it.
    pub fn newest(&self, seat: u8) -> Option<usize> {
        self.seat_of.iter().rposition(|&s| s == seat)
    }

    fn is_newest(&self, id: usize, seat: u8) -> bool {
        self.newest(seat) == Some(id)
    }

    /// A new link for `seat` (its id, the next the wire's host opens): its invitation is
    /// being made.
    pub fn invite(&mut self, seat: u8) -> usize {
        self.seat_of.push(seat);
        self.mark_of.push(None);
        self.set(seat, SeatLink::Preparing);
        self.seat_of.len() - 1
    }

    /// Link `id`'s invitation is made: shown as `text`, answered under `mark`.
    pub fn invitation_made(&mut self, id: usize, mark: u16, text: String) {
        if let Some(m) = self.mark_of.get_mut(id) {
            *m = Some(mark);
        }
        if let Some(&seat) = self.seat_of.get(id)
            && self.is_newest(id, seat)
        {
            self.set(seat, SeatLink::Invited(text));
        }
    }

    /// The link to use for `seat`'s answer, which names `answers_seat` and the mark of the
    /// invitation it answers; or why it does not fit.
    pub fn answer(&self, seat: u8, answers_seat: u8, mark: u16) -> Result<usize, AnswerRefused> {
        if answers_seat != seat {
            return Err(AnswerRefused::OtherSeat);
        }
        let id = self.newest(seat).ok_or(AnswerRefused::Gone)?;
        match self.mark_of[id] {
            Some(made) if made != mark => Err(AnswerRefused::EarlierInvitation),
            _ => Ok(id),
        }
    }

    /// Link `id`'s channel opened: its seat is played on the phone.
    pub fn connected(&mut self, id: usize) {
        if let Some(&seat) = self.seat_of.get(id) {
            self.set(seat, SeatLink::Connected);
        }
    }

    /// Link `id` could not be made or kept (`why`), said only if it is its seat's newest:
    /// a link that was playing was lost (dropped), any other failed.
    pub fn failed(&mut self, id: usize, why: String) {
        let Some(&seat) = self.seat_of.get(id) else {
            return;
        };
        if !self.is_newest(id, seat) {
            return;
        }
        let state = if self.state(seat) == SeatLink::Connected {
            SeatLink::Dropped
        } else {
            SeatLink::Failed(why)
        };
        self.set(seat, state);
    }

    /// Link `id` closed, said only if it is its seat's newest.
    pub fn closed(&mut self, id: usize) {
        if let Some(&seat) = self.seat_of.get(id)
            && self.is_newest(id, seat)
        {
            self.set(seat, SeatLink::Dropped);
        }
    }

    /// Link `id` was made but could not be written into the log (`why`): not kept.
    pub fn not_logged(&mut self, id: usize, why: String) {
        if let Some(&seat) = self.seat_of.get(id) {
            self.set(seat, SeatLink::NotLogged(why));
        }
    }

    /// Link `id` was answered but did not open in time (`why`): whether it gave up, which
    /// is so only while it is its seat's newest and still awaited (then its connection is
    /// to be closed).
    pub fn gave_up(&mut self, id: usize, why: String) -> bool {
        let Some(&seat) = self.seat_of.get(id) else {
            return false;
        };
        if !self.is_newest(id, seat) || !matches!(self.state(seat), SeatLink::Invited(_)) {
            return false;
        }
        self.set(seat, SeatLink::Failed(why));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_invited_answered_and_linked() {
        let mut book = PhoneBook::new(&[false, false]);
        assert_eq!(book.state(1), SeatLink::Here);
        let id = book.invite(1);
        assert_eq!((id, book.state(1)), (0, SeatLink::Preparing));
        book.invitation_made(id, 7, "ABCD".into());
        assert_eq!(book.state(1), SeatLink::Invited("ABCD".into()));
        assert_eq!(book.answer(1, 1, 7), Ok(id));
        book.connected(id);
        assert_eq!(book.state(1), SeatLink::Connected);
        assert_eq!(book.state(0), SeatLink::Here, "the other seat is untouched");
        // A link lost while it played is dropped, not failed.
        book.failed(id, "gone".into());
        assert_eq!(book.state(1), SeatLink::Dropped);
    }

    #[test]
    fn an_answer_must_fit_the_invitation_on_screen() {
        let mut book = PhoneBook::new(&[false, false, false]);
        assert_eq!(book.answer(2, 2, 1), Err(AnswerRefused::Gone));
        let first = book.invite(2);
        book.invitation_made(first, 1, "OLD".into());
        assert_eq!(book.answer(2, 0, 1), Err(AnswerRefused::OtherSeat));
        let second = book.invite(2);
        book.invitation_made(second, 2, "NEW".into());
        assert_eq!(book.answer(2, 2, 1), Err(AnswerRefused::EarlierInvitation));
        assert_eq!(book.answer(2, 2, 2), Ok(second));
        // The first invitation's late news speaks no more for the seat.
        book.invitation_made(first, 1, "OLD".into());
        book.failed(first, "late".into());
        book.closed(first);
        assert_eq!(book.state(2), SeatLink::Invited("NEW".into()));
    }

    #[test]
    fn a_link_not_opened_in_time_gives_up_once_and_only_while_awaited() {
        let mut book = PhoneBook::new(&[false, false]);
        let id = book.invite(0);
        book.invitation_made(id, 3, "CODE".into());
        assert!(book.gave_up(id, "too slow".into()));
        assert_eq!(book.state(0), SeatLink::Failed("too slow".into()));
        assert!(!book.gave_up(id, "again".into()), "said once");
        let id = book.invite(0);
        book.invitation_made(id, 4, "CODE2".into());
        book.connected(id);
        assert!(
            !book.gave_up(id, "opened".into()),
            "a link that opened stays"
        );
        assert_eq!(book.state(0), SeatLink::Connected);
    }

    #[test]
    fn a_reload_finds_the_phones_seats_dropped_and_a_link_not_logged_is_not_kept() {
        let mut book = PhoneBook::new(&[true, false]);
        assert_eq!(book.state(0), SeatLink::Dropped);
        assert_eq!(book.state(0).slug(), "dropped");
        let id = book.invite(0);
        book.invitation_made(id, 9, "X".into());
        book.not_logged(id, "storage full".into());
        assert_eq!(book.state(0), SeatLink::NotLogged("storage full".into()));
        assert_eq!(book.state(0).slug(), "failed");
        // A failure of a link that never played is said with its reason.
        let id = book.invite(1);
        book.failed(id, "unreachable".into());
        assert_eq!(book.state(1), SeatLink::Failed("unreachable".into()));
        book.closed(id);
        assert_eq!(book.state(1), SeatLink::Dropped);
    }
}
