//! How a phone hears each thing said (`super::Deal::hear`): a seat joining, an action and
//! the slots it opens, a shuffle, a link, a deck shown; the draws they make; and the end
//! check, the whole game heard again with both decks known.

use super::*;

impl Deal {
    pub(super) fn name(&mut self, seat: u8, breach: Breach) -> Broke {
        let broke = Broke { seat, breach };
        self.broke = Some(broke.clone());
        broke
    }

    pub(super) fn joined(&mut self, seat: u8, head: [u8; 32], slots: Vec<Commitment>) -> Result<(), Breach> {
        let deck = &mut self.decks[usize::from(seat)];
        if self.started || deck.last_link.is_some() || slots.len() != FIRST_HAND.len() {
            return Err(Breach::OutOfOrder);
        }
        deck.last_link = Some(head);
        deck.hand = (0..slots.len() as u32).collect();
        for card in FIRST_HAND {
            deck.owned[card as usize] += 1;
        }
        if deck.book {
            let mine = self.mine.as_ref().is_some_and(|m| m.seat == seat);
            // This phone's own first hand, or (in the end check) the one shown.
            let cards: Vec<Card> = if mine {
                FIRST_HAND.to_vec()
            } else {
                deck.cards.iter().take(FIRST_HAND.len()).flatten().copied().collect()
            };
            // The first hand is the starting deck.
            let mut sorted = cards.clone();
            sorted.sort();
            let mut first = FIRST_HAND;
            first.sort();
            if sorted != first {
                return Err(Breach::WrongFirstHand);
            }
            if mine {
                deck.cards = cards.iter().copied().map(Some).collect();
            }
            self.state.players[usize::from(seat)].hand = cards;
        } else {
            deck.cards = vec![None; slots.len()];
        }
        deck.commitments = slots;
        if self.decks.iter().all(|d| d.last_link.is_some()) {
            self.started = true;
        }
        Ok(())
    }

    /// Check the openings an action carries and learn the cards.
    pub(super) fn check_openings(
        &mut self,
        seat: u8,
        action: Action,
        opened: &[Opening],
    ) -> Result<Vec<Card>, Breach> {
        let wanted: Vec<Card> = match action {
            Action::Play {
                card,
                how: How::Trade { trash, .. },
            } => vec![card, trash],
            Action::Play { card, .. } => vec![card],
            _ => Vec::new(),
        };
        if opened.len() != wanted.len()
            || opened.iter().zip(&wanted).any(|(o, w)| o.card != *w)
            || (opened.len() == 2 && opened[0].slot == opened[1].slot)
        {
            return Err(Breach::WrongOpening);
        }
        let domain = Domain {
            label: SLOT,
            context: &self.context,
        };
        let deck = &mut self.decks[usize::from(seat)];
        for (k, o) in opened.iter().enumerate() {
            let Some(commitment) = deck.commitments.get(o.slot as usize) else {
                return Err(Breach::WrongOpening);
            };
            // No more copies of a card face up at once than the deck holds.
            let seen = deck
                .played
                .iter()
                .chain(&deck.discard)
                .filter(|&&i| i == Item::Open(o.card))
                .count()
                + opened[..k].iter().filter(|p| p.card == o.card).count();
            if seen >= usize::from(deck.owned[o.card as usize]) {
                return Err(Breach::NotInDeck);
            }
            if !deck.hand.contains(&o.slot)
                || !domain.opens(commitment, &slot_value(seat, o.slot, o.card), &o.salt)
            {
                return Err(Breach::WrongOpening);
            }
            deck.cards[o.slot as usize] = Some(o.card);
        }
        Ok(wanted)
    }

    pub(super) fn acted(
        &mut self,
        seat: u8,
        action: Action,
        opened: &[Opening],
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        if !self.started
            || self.drawing.is_some()
            || self.outcome.is_some()
            || self.state.seat != seat
        {
            return Err(Breach::OutOfOrder);
        }
        let cards = self.check_openings(seat, action, opened)?;
        let s = usize::from(seat);
        let book = self.decks[s].book;
        if !book {
            // The other's hand, as far as the rules need it for this action: the cards it
            // opened; for a buy, treasure enough (checked at the end); in check at the start
            // of the turn, a card played says one of them gets out.
            let hand = &mut self.state.players[s].hand;
            hand.clear();
            hand.extend(&cards);
            match action {
                Action::Buy(_) => hand.extend([Card::Silver; 3]),
                Action::Play { .. } if self.state.phase == super::super::Phase::Escape => {
                    self.state.phase = super::super::Phase::Action;
                }
                _ => {}
            }
        }
        let result = Deckbuilder::apply(&mut self.state, action);
        if !book || action == Action::EndTurn {
            // (The clean-up's draw is the decks', below: none in the rules' state.)
            self.state.players[s].hand.clear();
        }
        let events = result.map_err(Breach::Illegal)?;
        for player in &mut self.state.players {
            player.discard.clear();
            player.draw.clear();
        }
        heard.news.extend(events.into_iter().filter(|e| {
            !matches!(
                e,
                Event::Drew { .. } | Event::DrewCount { .. } | Event::Shuffled { .. }
            )
        }));
        let deck = &mut self.decks[s];
        let mut draw = 0;
        match action {
            Action::Play { card, how } => {
                let slot = opened[0].slot;
                deck.hand.retain(|&h| h != slot);
                deck.played.push(Item::Open(card));
                if let How::Trade { trash, gain } = how {
                    let trashed = opened[1].slot;
                    deck.hand.retain(|&h| h != trashed);
                    deck.discard.push(Item::Open(gain));
                    deck.owned[trash as usize] -= 1;
                    deck.owned[gain as usize] += 1;
                }
                draw = match card {
                    Card::Knight => 1,
                    Card::Rook => 2,
                    _ => 0,
                };
            }
            Action::Buy(card) => {
                deck.discard.push(Item::Open(card));
                deck.owned[card as usize] += 1;
            }
            Action::EndTurn => {
                let hand: Vec<Item> = deck.hand.drain(..).map(Item::Slot).collect();
                deck.discard.extend(hand);
                deck.discard.append(&mut deck.played);
                draw = super::super::game::HAND_SIZE;
            }
            Action::EndActions | Action::Escape(_) | Action::Resign => {}
        }
        if let Some(end) = self.state.end {
            self.outcome = Some(Outcome::Ended(end));
        } else if draw > 0 {
            self.drawing = Some(Drawing {
                seat,
                need: draw,
                got: Vec::new(),
                stage: Stage::Shuffle,
            });
            self.advance(heard);
        }
        Ok(())
    }

    /// Go on with the draw being made as far as it can without a phone: cards taken while
    /// the pile has no more than are wanted, then a shuffle or the links.
    pub(super) fn advance(&mut self, heard: &mut Heard) {
        let Some(mut drawing) = self.drawing.take() else {
            return;
        };
        let deck = &mut self.decks[usize::from(drawing.seat)];
        loop {
            if drawing.need == 0 {
                break;
            }
            if deck.draw.is_empty() {
                if deck.discard.is_empty() {
                    break;
                }
                drawing.stage = Stage::Shuffle;
                self.drawing = Some(drawing);
                return;
            }
            if deck.draw.len() <= drawing.need {
                drawing.need -= deck.draw.len();
                for item in deck.draw.drain(..) {
                    if let Item::Slot(slot) = item {
                        drawing.got.push(slot);
                    }
                }
                continue;
            }
            if self.draws >= CHAIN_LENGTH {
                self.outcome = Some(Outcome::OutOfDraws);
                return;
            }
            drawing.stage = Stage::Links([None, None]);
            self.drawing = Some(drawing);
            return;
        }
        // The draw is made: the cards into the hand.
        let seat = drawing.seat;
        deck.hand.extend(&drawing.got);
        heard.news.push(Event::DrewCount {
            seat,
            count: drawing.got.len(),
        });
        if deck.book {
            let cards: Vec<Card> = drawing
                .got
                .iter()
                .filter_map(|&slot| deck.cards[slot as usize])
                .collect();
            self.state.players[usize::from(seat)].hand.extend(&cards);
            heard.news.push(Event::Drew { seat, cards });
        }
    }

    pub(super) fn shuffled(
        &mut self,
        seat: u8,
        slots: Vec<Commitment>,
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        match &self.drawing {
            Some(Drawing {
                seat: drawer,
                stage: Stage::Shuffle,
                ..
            }) if *drawer == seat => {}
            _ => return Err(Breach::OutOfOrder),
        }
        let s = usize::from(seat);
        if slots.len() != self.decks[s].discard.len() {
            return Err(Breach::WrongShuffle);
        }
        let first = self.decks[s].commitments.len() as u32;
        let count = slots.len() as u32;
        let mine_here = self.mine.as_ref().filter(|m| m.seat == seat);
        let cards: Option<Vec<Card>> = mine_here.map(|m| self.shuffled_cards(m));
        let deck = &mut self.decks[s];
        if deck.book {
            let mut was: Vec<Card> = deck.discard.iter().filter_map(|&i| deck.card(i)).collect();
            let mut now: Vec<Card> = match &cards {
                Some(cards) => cards.clone(),
                // The end check: the new slots, as shown, are the discard pile's cards.
                None => (first..first + count)
                    .filter_map(|slot| deck.cards.get(slot as usize).copied().flatten())
                    .collect(),
            };
            if let Some(cards) = cards {
                deck.cards.extend(cards.into_iter().map(Some));
            }
            was.sort();
            now.sort();
            if was.len() != deck.discard.len() || was != now {
                return Err(Breach::ShuffleChanged);
            }
        } else {
            deck.cards.extend(std::iter::repeat_n(None, slots.len()));
        }
        deck.commitments.extend(slots);
        deck.discard.clear();
        deck.draw = (first..first + count).map(Item::Slot).collect();
        deck.shuffles += 1;
        heard.news.push(Event::Shuffled { seat });
        self.advance(heard);
        Ok(())
    }

    pub(super) fn linked(
        &mut self,
        seat: u8,
        draw: u32,
        link: [u8; 32],
        heard: &mut Heard,
    ) -> Result<(), Breach> {
        let s = usize::from(seat);
        let Some(Drawing {
            stage: Stage::Links(links),
            ..
        }) = &mut self.drawing
        else {
            return Err(Breach::OutOfOrder);
        };
        if draw != self.draws || links[s].is_some() {
            return Err(Breach::OutOfOrder);
        }
        let previous = self.decks[s].last_link.ok_or(Breach::OutOfOrder)?;
        if !follows(&link, &previous) {
            return Err(Breach::WrongLink);
        }
        links[s] = Some(link);
        let [Some(a), Some(b)] = *links else {
            return Ok(());
        };
        self.decks[0].last_link = Some(a);
        self.decks[1].last_link = Some(b);
        let domain = Domain {
            label: DRAW,
            context: &self.context,
        };
        let random = joint(&domain, draw, &[a, b]);
        self.draws += 1;
        let Some(drawing) = &mut self.drawing else {
            return Ok(());
        };
        // Each slot of the pile as likely: `need` of them, one by one.
        let deck = &mut self.decks[usize::from(drawing.seat)];
        for k in 0..drawing.need {
            let pick = digest(&[b"intrigue deckbuilder pick v1", &random, &(k as u64).to_le_bytes()]);
            let index = below(&pick, deck.draw.len() as u64) as usize;
            if let Item::Slot(slot) = deck.draw.swap_remove(index) {
                drawing.got.push(slot);
            }
        }
        drawing.need = 0;
        self.advance(heard);
        Ok(())
    }

    pub(super) fn shown(&mut self, seat: u8, opened: &[Opening]) -> Result<(), Breach> {
        let s = usize::from(seat);
        if self.outcome.is_none() || self.decks[s].shown {
            return Err(Breach::OutOfOrder);
        }
        let domain = Domain {
            label: SLOT,
            context: &self.context,
        };
        let deck = &self.decks[s];
        if opened.len() != deck.commitments.len()
            || opened.iter().enumerate().any(|(k, o)| {
                o.slot as usize != k
                    || !domain.opens(
                        &deck.commitments[k],
                        &slot_value(seat, o.slot, o.card),
                        &o.salt,
                    )
            })
        {
            return Err(Breach::WrongOpening);
        }
        self.decks[s].shown = true;
        if self.decks.iter().all(|d| d.shown) {
            self.verdict = Some(self.check());
        }
        Ok(())
    }

    /// The end check: the whole game again with both decks open, every card known from the
    /// first hand on; the same outcome, or the first phone that broke a rule.
    pub(super) fn check(&self) -> Result<Outcome, Broke> {
        let mut cards: [Vec<Option<Card>>; 2] = [Vec::new(), Vec::new()];
        for said in &self.said {
            if let Said::Shown { seat, opened } = said {
                cards[usize::from(*seat)] = opened.iter().map(|o| Some(o.card)).collect();
            }
        }
        let mut referee = Deal::blank(&self.config, self.context.clone()).map_err(|_| Broke {
            seat: 0,
            breach: Breach::OutOfOrder,
        })?;
        for (deck, cards) in referee.decks.iter_mut().zip(cards) {
            deck.book = true;
            deck.cards = cards;
        }
        for said in &self.said {
            if matches!(said, Said::Shown { .. }) {
                continue;
            }
            referee.hear_known(said.clone())?;
        }
        // Heard again with both decks known, the game ends as it did (the same words, the
        // same rules); were it not so, nobody is named for it and the game's own end stands.
        match (referee.outcome, self.outcome) {
            (Some(outcome), _) | (None, Some(outcome)) => Ok(outcome),
            (None, None) => Err(Broke {
                seat: self.state.seat,
                breach: Breach::OutOfOrder,
            }),
        }
    }

    /// One value, to the part that hears its kind.
    pub(super) fn dispatch(&mut self, said: Said, heard: &mut Heard) -> Result<(), Breach> {
        match said {
            Said::Joined { seat, head, slots } => self.joined(seat, head, slots),
            Said::Act {
                seat,
                action,
                opened,
            } => self.acted(seat, action, &opened, heard),
            Said::Shuffled { seat, slots } => self.shuffled(seat, slots, heard),
            Said::Link { seat, draw, link } => self.linked(seat, draw, link, heard),
            Said::Shown { seat, opened } => self.shown(seat, &opened),
        }
    }

    /// As [`Deal::hear`], for the end check (every card already known; no deck is shown
    /// again).
    pub(super) fn hear_known(&mut self, said: Said) -> Result<(), Broke> {
        let seat = said.seat();
        self.dispatch(said, &mut Heard::default())
            .map_err(|breach| Broke { seat, breach })
    }
}
