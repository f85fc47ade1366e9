//! The turn, as the rule text names its parts: which cards may be played and how
//! ("stacking", "only the first action may mate", "a check ends the action phase",
//! "starting a turn in check", "the Bishop's trade", "the King's revival"), the draw, the
//! judging of the board after each move, and the turn's beginning and end.

use super::*;

impl State {
    /// Treasure in the buy phase: Copper 1, Silver 2, each Queen held or played 1.
    pub fn treasure(&self) -> u8 {
        let hand = &self.players[usize::from(self.seat)].hand;
        hand.iter()
            .chain(self.played.iter().filter(|c| **c == Card::Queen))
            .map(|c| c.treasure())
            .sum()
    }

    /// Whether the mover must first get out of check with a card.
    pub(super) fn must_escape(&self) -> bool {
        self.began_in_check && self.played.is_empty()
    }

    /// Every legal way to play `card` now (empty when it cannot be played).
    pub(crate) fn plays(&self, card: Card) -> Vec<How> {
        let mut out = Vec::new();
        if self.end.is_some()
            || self.phase != Phase::Action
            || self.actions == 0
            || !card.is_action()
            || !self.players[usize::from(self.seat)].hand.contains(&card)
        {
            return out;
        }
        let Ok(position) = self.mover_position() else {
            return out;
        };
        // Stacking: only the first action may mate (a stacked move that would is illegal).
        let stacked = !self.played.is_empty();
        for m in position.legal_moves() {
            if card_moves(card, &m) && !(stacked && mates(&position, m)) {
                out.push(How::Move(ChessMove::of(m)));
            }
        }
        // Starting a turn in check: the first card must move out of it.
        if self.must_escape() {
            return out;
        }
        // Every move is optional: the card may be played for its bonus alone.
        out.push(How::Bonus);
        let hand = &self.players[usize::from(self.seat)].hand;
        match card {
            // The Bishop's trade: another card of the hand, for one costing exactly 1 more.
            Card::Bishop => {
                let mut rest = hand.clone();
                if let Some(i) = rest.iter().position(|c| *c == Card::Bishop) {
                    rest.remove(i);
                }
                rest.sort();
                rest.dedup();
                for trash in rest {
                    for gain in Card::ALL {
                        if gain.cost() == trash.cost() + 1 && self.supply.left(gain) > 0 {
                            out.push(How::Trade { trash, gain });
                        }
                    }
                }
            }
            // The King's revival: a lost rook, knight or bishop in place of a pawn.
            Card::King => {
                let mut roles = self.players[usize::from(self.seat)].lost.clone();
                roles.retain(|r| matches!(r, Role::Rook | Role::Knight | Role::Bishop));
                roles.sort();
                roles.dedup();
                let pawns = self.board.by_piece(Piece {
                    color: colour(self.seat),
                    role: Role::Pawn,
                });
                for at in pawns {
                    for &role in &roles {
                        if !(stacked && self.revival_mates(at, role)) {
                            out.push(How::Revive { at, role });
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Draw `count` cards into `seat`'s hand, shuffling the discard pile into a new draw
    /// pile when one must be drawn and none is left.
    pub(super) fn draw(&mut self, seat: u8, count: usize, events: &mut Vec<Event>) {
        let mut drawn = Vec::new();
        for _ in 0..count {
            let player = &mut self.players[usize::from(seat)];
            if player.draw.is_empty() {
                if player.discard.is_empty() {
                    break;
                }
                let mut pile = std::mem::take(&mut player.discard);
                self.seed
                    .stream("deckbuilder/shuffle", self.shuffles)
                    .shuffle(&mut pile);
                self.shuffles += 1;
                let player = &mut self.players[usize::from(seat)];
                player.draw = pile;
                events.push(Event::Shuffled { seat });
            }
            let player = &mut self.players[usize::from(seat)];
            if let Some(card) = player.draw.pop() {
                player.hand.push(card);
                drawn.push(card);
            }
        }
        events.push(Event::DrewCount {
            seat,
            count: drawn.len(),
        });
        events.push(Event::Drew { seat, cards: drawn });
    }

    /// After a move or revival: a mate or a dead position ends the game.
    pub(super) fn judge(&mut self, events: &mut Vec<Event>) {
        let other = 1 - self.seat;
        let Ok(theirs) = self.position_for(other, self.double_step) else {
            return;
        };
        if theirs.is_checkmate() {
            self.end = Some(End::Checkmate { winner: self.seat });
        } else if theirs.is_insufficient_material() {
            self.end = Some(End::DeadPosition);
        }
        if let Some(end) = self.end {
            events.push(Event::Ended { end });
        }
    }

    pub(super) fn end_actions(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Buy;
        self.actions = 0;
        events.push(Event::ActionsEnded { seat: self.seat });
    }

    /// The next player's turn: repetition and the fifty-move rule (counted in chess moves),
    /// stalemate, and whether it begins in check.
    pub(super) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        let moved = self.moved;
        let ep = if moved { self.double_step } else { None };
        self.seat = 1 - self.seat;
        self.turn += 1;
        self.ep = ep;
        self.phase = Phase::Action;
        self.actions = 1;
        self.buys = 1;
        self.played.clear();
        self.moved = false;
        self.double_step = None;
        let Ok(position) = self.mover_position() else {
            return;
        };
        if moved {
            let key = (
                self.board.clone(),
                self.seat,
                self.castling,
                position.ep_square(EnPassantMode::Legal),
            );
            let repeats = self.seen.iter().filter(|k| **k == key).count() + 1;
            self.seen.push(key);
            if repeats >= 3 {
                self.end = Some(End::ThreefoldRepetition);
            } else if self.halfmoves >= 100 {
                self.end = Some(End::FiftyMoves);
            }
        }
        let in_check = position.is_check();
        if self.end.is_none() && position.legal_moves().is_empty() {
            self.end = Some(if in_check {
                End::Checkmate {
                    winner: 1 - self.seat,
                }
            } else {
                End::Stalemate
            });
        }
        if let Some(end) = self.end {
            events.push(Event::Ended { end });
            return;
        }
        self.began_in_check = in_check;
        events.push(Event::TurnStarted {
            seat: self.seat,
            in_check,
        });
        if in_check {
            let hand = self.players[usize::from(self.seat)].hand.clone();
            let card_helps = hand.iter().any(|&c| !self.plays(c).is_empty());
            if !card_helps {
                self.phase = Phase::Escape;
            }
        }
    }

    pub(super) fn play(&mut self, card: Card, how: How, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Action {
            return Err(match self.phase {
                Phase::Escape => Illegal::NoCardGetsOutOfCheck,
                _ => Illegal::ActionPhaseOver,
            });
        }
        if !card.is_action() {
            return Err(Illegal::Treasure(card));
        }
        let seat = self.seat;
        if !self.players[usize::from(seat)].hand.contains(&card) {
            return Err(Illegal::NotInHand(card));
        }
        if self.actions == 0 {
            return Err(Illegal::NoActionLeft);
        }
        if !self.plays(card).contains(&how) {
            return Err(self.why_not(card, how));
        }
        let first = self.played.is_empty();
        let hand = &mut self.players[usize::from(seat)].hand;
        if let Some(i) = hand.iter().position(|c| *c == card) {
            hand.remove(i);
        }
        self.played.push(card);
        self.actions -= 1;
        let mut check = false;
        let done = match how {
            How::Bonus => Done::Bonus,
            How::Move(cm) => {
                let position = self.mover_position()?;
                let m = uci_move(&position, cm)?;
                let (done, gave_check) = self.make_move(m, position)?;
                check = gave_check;
                done
            }
            How::Trade { trash, gain } => {
                let hand = &mut self.players[usize::from(seat)].hand;
                if let Some(i) = hand.iter().position(|c| *c == trash) {
                    hand.remove(i);
                }
                self.trash.push(trash);
                self.supply.take(gain);
                self.players[usize::from(seat)].discard.push(gain);
                Done::Traded { trash, gain }
            }
            How::Revive { at, role } => {
                self.board = self.revived(at, role);
                let lost = &mut self.players[usize::from(seat)].lost;
                if let Some(i) = lost.iter().position(|r| *r == role) {
                    lost.remove(i);
                }
                self.halfmoves = 0;
                self.moved = true;
                // RULINGS §5 En passant: a revival is no chess move, so a double step
                // earlier this turn stays the last one (shakmaty drops the chance when the
                // revived square was that pawn's, or the passed-over square is filled).
                check = self
                    .position_for(1 - seat, None)
                    .is_ok_and(|p| p.is_check());
                Done::Revived { at, role }
            }
        };
        let moved_now = !matches!(done, Done::Bonus | Done::Traded { .. });
        events.push(Event::Played { seat, card, done });
        // Bonuses are compulsory, even after a check.
        match card {
            Card::Pawn => self.actions += 1,
            Card::Knight => {
                self.draw(seat, 1, events);
                self.actions += 1;
            }
            Card::Rook => self.draw(seat, 2, events),
            Card::Queen => self.buys += 1,
            _ => {}
        }
        if moved_now {
            // Only the first action may mate (a stacked mate was refused above).
            debug_assert!(first || !matches!(self.end, Some(End::Checkmate { .. })));
            self.judge(events);
            if self.end.is_some() {
                return Ok(());
            }
        }
        // A check ends the action phase.
        if check {
            events.push(Event::Check { seat: 1 - seat });
            self.end_actions(events);
        } else if self.actions == 0 {
            self.end_actions(events);
        }
        self.undoable = !matches!(card, Card::Knight | Card::Rook);
        Ok(())
    }

    /// Why `card` cannot be played `how`, in words.
    pub(super) fn why_not(&self, card: Card, how: How) -> Illegal {
        if self.must_escape() && !matches!(how, How::Move(_)) {
            return Illegal::InCheck;
        }
        match how {
            How::Bonus => Illegal::CannotPlayNow(card),
            How::Move(m) => {
                if !self.played.is_empty()
                    && self
                        .mover_position()
                        .ok()
                        .and_then(|p| uci_move(&p, m).ok().map(|mv| mates(&p, mv)))
                        .unwrap_or(false)
                {
                    Illegal::OnlyFirstCardMates
                } else {
                    Illegal::CannotMake { card, mv: m }
                }
            }
            How::Trade { trash, gain } => Illegal::BadTrade { trash, gain },
            How::Revive { .. } => Illegal::BadRevival,
        }
    }

    /// "Go to buying": the action phase ends (not while the turn began in check and no
    /// card has got out of it).
    pub(super) fn finish_actions(&mut self, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Action {
            return Err(Illegal::ActionPhaseAlreadyOver);
        }
        if self.must_escape() {
            return Err(Illegal::InCheck);
        }
        self.end_actions(events);
        self.undoable = true;
        Ok(())
    }

    /// The buy phase: each buy up to the whole treasure, from a pile that has one left.
    pub(super) fn buy(&mut self, card: Card, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Buy {
            return Err(Illegal::BuyAfterActions);
        }
        if self.buys == 0 {
            return Err(Illegal::NoBuyLeft);
        }
        let treasure = self.treasure();
        if card.cost() > treasure {
            return Err(Illegal::TooDear { card, treasure });
        }
        if !self.supply.take(card) {
            return Err(Illegal::PileEmpty(card));
        }
        let seat = self.seat;
        self.buys -= 1;
        self.players[usize::from(seat)].discard.push(card);
        events.push(Event::Bought { seat, card });
        self.undoable = true;
        Ok(())
    }

    /// Clean-up: hand and played cards to the discard pile, draw five, the other's turn.
    pub(super) fn clean_up(&mut self, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Buy {
            return Err(Illegal::EndActionsFirst);
        }
        let seat = self.seat;
        let player = &mut self.players[usize::from(seat)];
        player.discard.append(&mut player.hand);
        player.discard.append(&mut self.played);
        self.draw(seat, HAND_SIZE, events);
        events.push(Event::TurnEnded {
            seat,
            kept_hand: false,
        });
        self.begin_turn(events);
        self.undoable = false;
        Ok(())
    }

    /// Starting a turn in check with no card that helps: the card-less escape, and the turn
    /// passes with the hand kept.
    pub(super) fn escape(&mut self, cm: ChessMove, events: &mut Vec<Event>) -> Result<(), Illegal> {
        if self.phase != Phase::Escape {
            return Err(Illegal::PlayACard);
        }
        let seat = self.seat;
        let position = self.mover_position()?;
        let m = uci_move(&position, cm)?;
        let (done, _) = self.make_move(m, position)?;
        if let Done::Moved { san, mv, captured } = done {
            events.push(Event::Escaped {
                seat,
                san,
                mv,
                captured,
            });
        }
        self.judge(events);
        if self.end.is_none() {
            events.push(Event::TurnEnded {
                seat,
                kept_hand: true,
            });
            self.begin_turn(events);
        }
        self.undoable = false;
        Ok(())
    }

    /// The player to act resigns: the other wins.
    pub(super) fn resign(&mut self, events: &mut Vec<Event>) {
        let end = End::Resigned { loser: self.seat };
        self.end = Some(end);
        events.push(Event::Ended { end });
        self.undoable = false;
    }
}
