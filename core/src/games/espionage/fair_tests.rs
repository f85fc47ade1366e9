//! The phones referee Espionage together: the same games as the one-device referee, seen
//! the same by each seat; every way of cheating caught and named; the other army's secrets
//! out of reach until the rules open them.
// Long because each way of cheating has its own test beside the honest games it departs
// from; each test is short.

use std::collections::VecDeque;

use super::*;
use crate::game::RefereeOnly;
use crate::seats::Seats;
use crate::seed::Seed;

const CONTEXT: &[u8] = b"a test game";

fn config() -> Config {
    Config::standard(Seats::new(2, vec![]).unwrap())
}

/// Thirty salts, fixed by the test (a phone draws them from the browser's generator).
fn salts(seat: u8, game: u64) -> Vec<Salt> {
    let mut rng = Seed(game).stream("fair test salts", u64::from(seat));
    (0..ARMY_SIZE)
        .map(|_| {
            let mut salt = [0; 16];
            salt[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
            salt[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
            Salt(salt)
        })
        .collect()
}

/// The one-device referee's state and both phones' sides of one game.
struct Table {
    real: State,
    sides: [Side; 2],
    relay: VecDeque<Said>,
    /// Everything each side heard, in order.
    heard: [Vec<Said>; 2],
    news: [Vec<Event>; 2],
}

impl Table {
    fn new(seed: u64) -> Table {
        let real = Espionage::deal(&config(), Seed(seed), RefereeOnly::new()).unwrap();
        let side = |seat| Side::new(config(), real.volcanoes.clone(), seat, CONTEXT.to_vec());
        Table {
            sides: [side(0), side(1)],
            real,
            relay: VecDeque::new(),
            heard: [Vec::new(), Vec::new()],
            news: [Vec::new(), Vec::new()],
        }
    }

    /// Pass on everything said until both phones are quiet.
    fn pass_on(&mut self) {
        while let Some(said) = self.relay.pop_front() {
            for seat in 0..2 {
                self.heard[seat].push(said.clone());
                let heard = self.sides[seat]
                    .hear(said.clone())
                    .unwrap_or_else(|b| panic!("seat {seat} named {b:?} on {said:?}"));
                self.relay.extend(heard.say);
                self.news[seat].extend(heard.news);
            }
        }
    }

    fn set_up(&mut self, seat: u8, placement: Placement, game: u64) {
        Espionage::apply(&mut self.real, Action::SetUp(placement.clone())).unwrap();
        let said = self.sides[usize::from(seat)]
            .set_up(placement, &salts(seat, game))
            .unwrap();
        self.relay.push_back(said);
        self.pass_on();
    }

    fn play(&mut self, seat: u8, action: Action) {
        Espionage::apply(&mut self.real, action.clone()).unwrap();
        let said = self.sides[usize::from(seat)].act(action).unwrap();
        self.relay.push_back(said);
        self.pass_on();
    }

    fn assert_same_views(&self, when: &str) {
        for seat in 0..2u8 {
            let side = &self.sides[usize::from(seat)];
            assert_eq!(
                side.view(),
                view::view(&self.real, Viewer::Seat(seat)),
                "seat {seat}'s view {when}"
            );
            // The screen's whole view, and what the seat may do, as the referee's.
            let whole = side.seat_view();
            assert_eq!(whole.to_act, Espionage::to_act(&self.real), "{when}");
            assert_eq!(whole.status, Espionage::status(&self.real), "{when}");
            let legal = side.legal_actions(Seed(5));
            match self.real.phase {
                Phase::Turn { seat: to_move } if to_move == seat => {
                    assert_eq!(legal, Espionage::legal_actions(&self.real), "{when}")
                }
                Phase::SetUp { seat: to_set } if to_set == seat => {
                    assert!(matches!(legal[..], [Action::SetUp(_)]), "{when}")
                }
                _ => assert!(legal.is_empty(), "seat {seat} may act {when}: {legal:?}"),
            }
        }
    }
}

/// A random game on both: the real referee chooses among its legal actions.
/// A random legal action other than resigning, or a resignation when there is none or
/// `last` says the game has gone on long enough.
fn random_action(state: &State, rng: &mut crate::seed::Rng, last: bool) -> Action {
    let mut actions = Espionage::legal_actions(state);
    actions.retain(|a| !matches!(a, Action::Resign));
    if actions.is_empty() || last {
        Action::Resign
    } else {
        actions[rng.below(actions.len() as u64) as usize].clone()
    }
}

fn random_game(seed: u64) -> Table {
    let mut table = Table::new(seed);
    let width = table.real.config.width;
    for seat in 0..2 {
        let placement = Placement::random(Seed(seed * 2 + u64::from(seat)), width);
        table.set_up(seat, placement, seed);
        table.assert_same_views("after a set-up");
    }
    let mut rng = Seed(seed).stream("fair test moves", 0);
    for ply in 0..400 {
        let Phase::Turn { seat } = table.real.phase else {
            break;
        };
        let action = random_action(&table.real, &mut rng, ply == 399);
        table.play(seat, action);
        table.assert_same_views(&format!("at ply {ply} of game {seed}"));
    }
    table
}

#[test]
fn a_fair_game_shows_each_seat_what_the_referee_shows() {
    let mut ends = Vec::new();
    let mut combats = 0;
    let mut unmasked = 0;
    for seed in 0..60 {
        let table = random_game(seed);
        let Phase::Over(end) = table.real.phase else {
            panic!("game {seed} did not end");
        };
        for side in &table.sides {
            assert_eq!(side.verdict(), Some(&Verdict::Fair(end)), "game {seed}");
            assert_eq!(side.waiting_for(), None);
        }
        for seat in 0..2 {
            combats += table.news[seat]
                .iter()
                .filter(|e| matches!(e, Event::Combat { .. }))
                .count();
            unmasked += table.news[seat]
                .iter()
                .filter(|e| matches!(e, Event::Unmasked { .. }))
                .count();
        }
        ends.push(end);
    }
    assert!(combats > 500 && unmasked > 100, "{combats} combats, {unmasked} unmaskings");
    assert!(ends.iter().any(|e| matches!(e, End::HeadquartersTaken { .. })));
}

#[test]
fn each_seat_hears_the_news_the_referee_tells_it() {
    let table = random_game(7);
    // The referee's news for a seat is every event (positions are open); the phones tell
    // the same events, an unmasking's order aside.
    let key = |e: &Event| format!("{e:?}");
    for seat in 0..2 {
        let mut fair: Vec<String> = table.news[seat].iter().map(key).collect();
        fair.sort();
        let mut replayed = State::empty(config(), table.real.volcanoes.clone());
        let mut real = Vec::new();
        for said in table.sides[seat].transcript() {
            let action = match said {
                Said::Move { from, to, .. } => Action::Move {
                    from: *from,
                    to: *to,
                },
                Said::Submit { .. } => Action::Submit,
                Said::Resign { .. } => Action::Resign,
                _ => continue,
            };
            if replayed.phase == (Phase::SetUp { seat: 0 }) {
                for s in 0..2 {
                    let placement = Placement::random(Seed(7 * 2 + s), 10);
                    real.extend(Espionage::apply(&mut replayed, Action::SetUp(placement)).unwrap());
                }
            }
            real.extend(Espionage::apply(&mut replayed, action).unwrap());
        }
        let mut real: Vec<String> = real.iter().map(key).collect();
        real.sort();
        assert_eq!(fair, real, "seat {seat}");
    }
}

/// A game's first moves played honestly, South to move: the table, and South's first
/// piece that can attack or step, as the referee lists it.
fn opening(seed: u64) -> Table {
    let mut table = Table::new(seed);
    for seat in 0..2 {
        table.set_up(seat, Placement::random(Seed(seed * 2 + u64::from(seat)), 10), seed);
    }
    table
}

fn tell(side: &mut Side, said: Said) -> Result<Heard, Broke> {
    side.hear(said)
}

fn square_of(state: &State, owner: u8, kind: Kind) -> Vec<u8> {
    (0..state.board.len() as u8)
        .filter(|&s| state.board[usize::from(s)].is_some_and(|p| p.owner == owner && p.kind == kind))
        .collect()
}

#[test]
fn a_wrong_opening_is_caught_at_once() {
    // Walk South's pieces up until one attacks, and open it as a general.
    for seed in 0..40 {
        let mut table = random_until_attack(seed);
        let Some((from, to)) = attack_of(&table.real) else {
            continue;
        };
        let mut said = table.sides[0].act(Action::Move { from, to }).unwrap();
        if let Said::Move {
            attacker: Some(opening),
            ..
        } = &mut said
        {
            opening.kind = if opening.kind == Kind::General {
                Kind::Corporal
            } else {
                Kind::General
            };
        }
        let north = &mut table.sides[1];
        assert_eq!(
            tell(north, said.clone()),
            Err(Broke {
                seat: 0,
                breach: Breach::WrongOpening
            })
        );
        assert_eq!(north.verdict().and_then(Verdict::winner), Some(1));
        // North's screen: the game is over, North has won it, nobody may act.
        let whole = north.seat_view();
        assert_eq!(
            whole.status,
            crate::game::Status::Over {
                winners: vec![1],
                scores: vec![]
            }
        );
        assert_eq!(whole.to_act, crate::game::ToAct::Nobody);
        assert!(north.legal_actions(Seed(1)).is_empty());
        // Nothing more is heard from a phone named.
        assert!(tell(north, Said::Submit { seat: 0 }).is_err());
        // Reloaded, North's phone still names South: the value that broke the rules is the
        // last it heard, and it is heard the same way again.
        let restored = reload(north, &table.real.volcanoes);
        assert_eq!(restored.verdict(), north.verdict());
        assert_eq!(restored.seat_view().to_act, crate::game::ToAct::Nobody);
        return;
    }
    panic!("no attack in 40 games");
}

/// `side` (North's) kept as bytes, read back and taken up again, as after a reload.
fn reload(side: &Side, volcanoes: &[u8]) -> Side {
    let kept = kept_from_bytes(&kept_to_bytes(&side.kept())).unwrap();
    Side::restore(config(), volcanoes.to_vec(), side.seat(), CONTEXT.to_vec(), &kept).unwrap()
}

/// Play random quiet moves (no attack) until South can attack.
fn random_until_attack(seed: u64) -> Table {
    let mut table = opening(seed);
    let mut rng = Seed(seed).stream("fair test walk", 0);
    for _ in 0..300 {
        let Phase::Turn { seat } = table.real.phase else {
            break;
        };
        if seat == 0 && table.real.moves_made == 0 && attack_of(&table.real).is_some() {
            break;
        }
        let actions: Vec<Action> = Espionage::legal_actions(&table.real)
            .into_iter()
            .filter(|a| match *a {
                Action::Move { to, .. } => table.real.board[usize::from(to)].is_none(),
                Action::Submit => true,
                _ => false,
            })
            .collect();
        if actions.is_empty() {
            break;
        }
        let submit = actions.contains(&Action::Submit) && table.real.moves_made >= 2;
        let action = if submit {
            Action::Submit
        } else {
            actions[rng.below(actions.len() as u64) as usize].clone()
        };
        table.play(seat, action);
    }
    table
}

/// A move of South's onto a North piece, if South is to move and has one.
fn attack_of(state: &State) -> Option<(u8, u8)> {
    if state.phase != (Phase::Turn { seat: 0 }) {
        return None;
    }
    state
        .moves()
        .into_iter()
        .find(|&(_, to)| state.board[usize::from(to)].is_some_and(|p| p.owner == 1))
}

#[test]
fn a_refused_opening_is_named_by_the_clock() {
    for seed in 0..40 {
        let mut table = random_until_attack(seed);
        let Some((from, to)) = attack_of(&table.real) else {
            continue;
        };
        // South attacks; North's phone never opens its defender.
        let said = table.sides[0].act(Action::Move { from, to }).unwrap();
        let south = &mut table.sides[0];
        tell(south, said).unwrap();
        assert_eq!(south.waiting_for(), Some(1), "the defender owes its opening");
        assert_eq!(south.act(Action::Submit), Err(Refused::Waiting));
        let verdict = south.would_not_answer(1);
        assert_eq!(
            verdict,
            Verdict::Broke(Broke {
                seat: 1,
                breach: Breach::WouldNotAnswer
            })
        );
        assert_eq!(verdict.winner(), Some(0));
        // The clock's verdict is South's phone's own (nothing said it): it is kept beside
        // the transcript, and a reload does not take it back.
        let restored = reload(south, &table.real.volcanoes);
        assert_eq!(restored.verdict(), Some(&verdict));
        assert_eq!(restored.waiting_for(), None, "nobody is waited for once the game is over");
        // A side kept before the clock named anyone ends where the older kept bytes did.
        let mut before = south.kept();
        before.named = None;
        let bytes = kept_to_bytes(&before);
        assert_eq!(&kept_to_bytes(&south.kept())[..bytes.len()], &bytes[..]);
        assert_eq!(kept_from_bytes(&bytes), Ok(before));
        // A seat no game has, a verdict of no kind, or a byte more, is damage.
        let named = kept_to_bytes(&south.kept());
        for (back, byte) in [(2, 2), (1, 2)] {
            let mut bytes = named.clone();
            let at = bytes.len() - back;
            bytes[at] = byte;
            assert!(matches!(kept_from_bytes(&bytes), Err(Unkept::Damaged(_))), "{back}");
        }
        let mut more = named.clone();
        more.push(1);
        assert!(matches!(kept_from_bytes(&more), Err(Unkept::Damaged(_))));
        return;
    }
    panic!("no attack in 40 games");
}

/// North's phone hears `forged` as South's words, one by one, and its own answers: what it
/// names, if anything.
fn north_hears(table: &mut Table, forged: Vec<Said>) -> Option<Broke> {
    let north = &mut table.sides[1];
    for said in forged {
        let mut queue = VecDeque::from([said]);
        while let Some(said) = queue.pop_front() {
            match north.hear(said) {
                Ok(heard) => queue.extend(heard.say),
                Err(broke) => return Some(broke),
            }
        }
    }
    None
}

/// A quiet step of South's, from its front row to the empty row before it (no spy of
/// either side can see it there at the start).
fn front_step(state: &State, kind: Option<Kind>) -> Option<(u8, u8)> {
    let g = state.geometry();
    (0..state.board.len() as u8).find_map(|from| {
        let piece = state.board[usize::from(from)]?;
        if piece.owner != 0 || g.row(from) != 2 || kind.is_some_and(|k| k != piece.kind) {
            return None;
        }
        let to = from + g.width;
        (state.board[usize::from(to)].is_none() && !state.volcanoes.contains(&to))
            .then_some((from, to))
    })
}

#[test]
fn a_moved_mine_is_caught_when_the_armies_are_opened() {
    let mut caught = 0;
    for seed in 0..60 {
        let mut table = opening(seed);
        let Some((from, to)) = front_step(&table.real, Some(Kind::Mine)) else {
            continue;
        };
        // South's modified phone steps a mine forward, says its spies see nothing,
        // resigns and opens its army (as it must, or the clock names it).
        let army = table.sides[0].my_army();
        let named = north_hears(
            &mut table,
            vec![
                Said::Move {
                    seat: 0,
                    from,
                    to,
                    attacker: None,
                },
                Said::Ask {
                    seat: 0,
                    squares: vec![],
                },
                Said::Resign { seat: 0 },
                Said::Reveal {
                    seat: 0,
                    openings: army,
                },
            ],
        );
        assert_eq!(
            named,
            Some(Broke {
                seat: 0,
                breach: Breach::Illegal(Illegal::NeverMoves(Kind::Mine))
            }),
            "game {seed}"
        );
        caught += 1;
    }
    assert!(caught >= 3, "{caught} mines moved");
}

#[test]
fn a_mine_that_moved_is_caught_as_soon_as_it_is_opened() {
    let mut table = opening(1);
    let Some((from, to)) = (0..60)
        .find_map(|seed| {
            table = opening(seed);
            front_step(&table.real, Some(Kind::Mine))
        })
    else {
        panic!("a mine in a front row");
    };
    let north = &mut table.sides[1];
    for said in [
        Said::Move {
            seat: 0,
            from,
            to,
            attacker: None,
        },
        Said::Ask {
            seat: 0,
            squares: vec![],
        },
    ] {
        let heard = north.hear(said).unwrap();
        for own in heard.say {
            north.hear(own).unwrap();
        }
    }
    // Whenever its owner must open it later (an attack, a spy), the opening shows a mine
    // that moved.
    let token = north.token_in(&north.state, to).unwrap().1;
    let opening = table.sides[0].my_opening(token);
    assert_eq!(opening.kind, Kind::Mine);
    let north = &mut table.sides[1];
    assert_eq!(
        north.learn(0, &opening),
        Err(Breach::Illegal(Illegal::NeverMoves(Kind::Mine)))
    );
}

#[test]
fn an_unmasking_its_spies_do_not_justify_is_caught() {
    for seed in 0..40 {
        let mut table = opening(seed);
        let Some((from, to)) = front_step(&table.real, None) else {
            continue;
        };
        let headquarters = square_of(&table.real, 1, Kind::Headquarters)[0];
        let step = table.sides[0].act(Action::Move { from, to }).unwrap();
        // South's modified phone asks for North's headquarters, which no spy of its sees.
        let army = table.sides[0].my_army();
        let named = north_hears(
            &mut table,
            vec![
                step,
                Said::Ask {
                    seat: 0,
                    squares: vec![headquarters],
                },
                Said::Resign { seat: 0 },
                Said::Reveal {
                    seat: 0,
                    openings: army,
                },
            ],
        );
        // No piece of South's that may be a spy stands beside it: North's phone names
        // South at once, and opens nothing.
        let opened = table.sides[1]
            .transcript()
            .iter()
            .any(|s| matches!(s, Said::Open { seat: 1, .. }));
        assert!(!opened, "North opened nothing");
        assert_eq!(
            named,
            Some(Broke {
                seat: 0,
                breach: Breach::WrongAsk
            })
        );
        return;
    }
    panic!("no quiet first move");
}

#[test]
fn an_ask_for_what_cannot_be_unmasked_is_caught_at_once() {
    let mut table = opening(4);
    let (from, to) = front_step(&table.real, None).unwrap();
    let step = table.sides[0].act(Action::Move { from, to }).unwrap();
    // South's own piece is not North's to open.
    let named = north_hears(
        &mut table,
        vec![
            step,
            Said::Ask {
                seat: 0,
                squares: vec![to],
            },
        ],
    );
    assert_eq!(
        named,
        Some(Broke {
            seat: 0,
            breach: Breach::WrongAsk
        })
    );
}

#[test]
fn a_set_up_shown_other_than_sealed_is_caught() {
    let mut table = Table::new(3);
    let placement = Placement::random(Seed(6), 10);
    Espionage::apply(&mut table.real, Action::SetUp(placement.clone())).unwrap();
    let sealed = table.sides[0].set_up(placement, &salts(0, 3)).unwrap();
    table.relay.push_back(sealed);
    table.pass_on();
    let north_set_up = table.sides[1]
        .set_up(Placement::random(Seed(7), 10), &salts(1, 3))
        .unwrap();
    let mut north = table.sides[1].clone();
    north.hear(north_set_up.clone()).unwrap();
    let mut south = table.sides[0].clone();
    let heard = south.hear(north_set_up).unwrap();
    let Said::Shown {
        seat,
        squares,
        mut commitments,
    } = heard.say[0].clone()
    else {
        panic!("South shows its set-up");
    };
    commitments.swap(0, 1);
    assert_eq!(
        north.hear(Said::Shown {
            seat,
            squares,
            commitments
        }),
        Err(Broke {
            seat: 0,
            breach: Breach::SetUpNotAsSealed
        })
    );
}

#[test]
fn words_changed_by_the_relay_are_caught() {
    let mut table = opening(5);
    let Some(&(from, to)) = table.real.moves().first() else {
        panic!("South can move");
    };
    let said = table.sides[0].act(Action::Move { from, to }).unwrap();
    // The relay passes on another move as South's.
    let other = table
        .real
        .moves()
        .into_iter()
        .find(|&m| m != (from, to))
        .unwrap();
    let forged = Said::Move {
        seat: 0,
        from: other.0,
        to: other.1,
        attacker: None,
    };
    assert_ne!(said, forged);
    assert_eq!(
        table.sides[0].hear(forged),
        Err(Broke {
            seat: 1,
            breach: Breach::OutOfOrder
        })
    );
}

#[test]
fn nothing_of_the_other_army_reaches_a_phone_before_the_rules_open_it() {
    // The same public game twice, North's army changed where no rule opens it before the
    // end: everything South's phone holds and hears is the same, but for the commitments
    // (hashes with fresh salts, which show nothing).
    let first = quiet_game(Placement::random(Seed(40), 10));
    let mut swapped = Placement::random(Seed(40), 10);
    // Swap two pieces of North's back row that the quiet game never reaches.
    let back: Vec<usize> = (20..30).collect();
    let (a, b) = back
        .iter()
        .flat_map(|&a| back.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| swapped.0[a] != swapped.0[b] && swapped.0[a].is_some() && swapped.0[b].is_some())
        .unwrap();
    swapped.0.swap(a, b);
    let second = quiet_game(swapped);
    let blank = |said: &Said| match said {
        Said::Sealed { seat, .. } => Said::Sealed {
            seat: *seat,
            digest: [0; 32],
        },
        Said::Shown { seat, squares, .. } => Said::Shown {
            seat: *seat,
            squares: squares.clone(),
            commitments: Vec::new(),
        },
        other => other.clone(),
    };
    let heard = |side: &Side| -> Vec<Said> { side.transcript().iter().map(blank).collect() };
    assert_eq!(heard(&first.sides[0]), heard(&second.sides[0]));
    assert_eq!(first.sides[0].view(), second.sides[0].view());
    assert_eq!(first.sides[0].state, second.sides[0].state);
    assert_eq!(first.sides[0].known, second.sides[0].known);
    // North's own view tells them apart: the test changed something real.
    assert_ne!(first.sides[1].view(), second.sides[1].view());
}

/// Ten quiet turns of South's front pieces and North's, on the same volcanoes, North set up
/// as given.
fn quiet_game(north: Placement) -> Table {
    let mut table = Table::new(11);
    table.set_up(0, Placement::random(Seed(41), 10), 11);
    table.set_up(1, north, 11);
    let mut rng = Seed(9).stream("quiet", 0);
    for _ in 0..40 {
        let Phase::Turn { seat } = table.real.phase else {
            break;
        };
        let quiet: Vec<Action> = Espionage::legal_actions(&table.real)
            .into_iter()
            .filter(|a| match *a {
                Action::Move { to, .. } => {
                    let g = table.real.geometry();
                    table.real.board[usize::from(to)].is_none()
                        && (3..7).contains(&g.row(to))
                }
                Action::Submit => table.real.moves_made >= 1,
                _ => false,
            })
            .collect();
        let Some(action) = quiet.get(rng.below(quiet.len().max(1) as u64) as usize).cloned()
        else {
            break;
        };
        table.play(seat, action);
    }
    table
}

#[test]
fn a_phone_with_no_move_says_so_and_the_check_agrees() {
    // A South army penned behind its mines cannot be built by a random set-up; the check
    // of a false claim is what matters: South says it has no move on its first turn.
    let mut table = opening(2);
    let mut queue = VecDeque::from([Said::NoMove { seat: 0 }]);
    // South's modified phone says it; North's phone cannot know better until the end.
    while let Some(said) = queue.pop_front() {
        match table.sides[1].hear(said.clone()) {
            Ok(heard) => queue.extend(heard.say),
            Err(broke) => panic!("{broke:?}"),
        }
    }
    // North's phone took the claim; South's army is opened as a modified phone would.
    let reveal = Said::Reveal {
        seat: 0,
        openings: table.sides[0].my_army(),
    };
    let north = &mut table.sides[1];
    let heard = north.hear(reveal);
    assert_eq!(
        heard,
        Err(Broke {
            seat: 0,
            breach: Breach::FalseNoMove
        })
    );
}

#[test]
fn phones_words_travel_as_bytes_and_hostile_bytes_are_refused() {
    let table = random_game(3);
    let mut rng = Seed(5).stream("hostile bytes", 0);
    let transcript = table.sides[0].transcript();
    assert!(transcript.len() > 100);
    for said in transcript {
        let bytes = to_bytes(said);
        assert_eq!(from_bytes(&bytes).as_ref(), Ok(said));
        for cut in 0..bytes.len() {
            assert!(from_bytes(&bytes[..cut]).is_err(), "{said:?} cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_bytes(&longer).is_err());
        for _ in 0..20 {
            let mut changed = bytes.clone();
            let i = rng.below(changed.len() as u64) as usize;
            changed[i] ^= 1 << rng.below(8);
            // Refused, or another value a phone could say: never a panic.
            if let Ok(other) = from_bytes(&changed) {
                assert!(super::super::wire::said_fits(&other));
            }
        }
    }
    for _ in 0..3000 {
        let n = rng.below(80) as usize;
        let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        let _ = from_bytes(&bytes);
    }
    let salt = Salt([0; 16]);
    assert!(from_bytes(&to_bytes(&Said::Submit { seat: 2 })).is_err(), "a third seat");
    let thirty_first = Opening {
        token: 30,
        kind: Kind::Mine,
        salt,
    };
    assert!(
        from_bytes(&to_bytes(&Said::Open {
            seat: 0,
            openings: vec![thirty_first]
        }))
        .is_err(),
        "a piece no army has"
    );
    assert!(from_bytes(&vec![0; crate::wire::MOST_BYTES + 1]).is_err());
}

#[test]
fn a_hostile_value_names_its_sayer_and_never_panics() {
    // Whatever a modified phone says, at any point of a game, the other phone answers
    // with a value or names it: thousands of random values at random points.
    let mut rng = Seed(77).stream("hostile values", 0);
    let base = random_game(9);
    let transcript = base.sides[1].transcript().to_vec();
    for trial in 0..400 {
        let cut = rng.below(transcript.len() as u64) as usize;
        let mut north = Side::new(config(), base.real.volcanoes.clone(), 1, CONTEXT.to_vec());
        // North's own words are its own again: replay the game up to `cut` as heard.
        north.mine = base.sides[1].mine.clone();
        north.placement = base.sides[1].placement.clone();
        north.to_show = base.sides[1].to_show.clone();
        for said in &transcript[..cut] {
            if said.seat() == 1 {
                north.outbox.push_back(said.clone());
            }
            let _ = north.hear(said.clone());
        }
        let square = rng.below(100) as u8;
        let opening = Opening {
            token: rng.below(30) as u8,
            kind: Kind::ALL[rng.below(9) as usize],
            salt: Salt([rng.below(256) as u8; 16]),
        };
        let hostile = match rng.below(8) {
            0 => Said::Move {
                seat: 0,
                from: square,
                to: square.wrapping_add(10),
                attacker: Some(opening),
            },
            1 => Said::Open {
                seat: 0,
                openings: vec![opening],
            },
            2 => Said::Ask {
                seat: 0,
                squares: vec![square, square],
            },
            3 => Said::Submit { seat: 0 },
            4 => Said::NoMove { seat: 0 },
            5 => Said::Reveal {
                seat: 0,
                openings: vec![opening; 30],
            },
            6 => Said::Shown {
                seat: 0,
                squares: vec![square; 30],
                commitments: vec![Commitment([0; 32]); 30],
            },
            _ => Said::Move {
                seat: 0,
                from: square,
                to: square.wrapping_add(1),
                attacker: None,
            },
        };
        if let Err(broke) = north.hear(hostile.clone()) {
            assert_eq!(broke.seat, 0, "trial {trial}: {hostile:?} named {broke:?}");
        }
    }
}

#[test]
fn a_phone_reloaded_at_every_step_plays_the_game_on() {
    // North's phone is reloaded after every action: what it kept (its own set-up, salts
    // and the game said so far) takes it up again where it was, and the game ends fair.
    let mut table = Table::new(12);
    let mut rng = Seed(12).stream("reloads", 0);
    for seat in 0..2 {
        table.set_up(seat, Placement::random(Seed(24 + u64::from(seat)), 10), 12);
    }
    let reload = |side: &Side, volcanoes: &[u8]| {
        let bytes = kept_to_bytes(&side.kept());
        let kept = kept_from_bytes(&bytes).unwrap();
        Side::restore(config(), volcanoes.to_vec(), 1, CONTEXT.to_vec(), &kept).unwrap()
    };
    for ply in 0..300 {
        let volcanoes = table.real.volcanoes.clone();
        let restored = reload(&table.sides[1], &volcanoes);
        assert_eq!(restored.view(), table.sides[1].view(), "ply {ply}");
        assert_eq!(restored.state, table.sides[1].state);
        table.sides[1] = restored;
        let Phase::Turn { seat } = table.real.phase else {
            break;
        };
        let action = random_action(&table.real, &mut rng, ply == 299);
        table.play(seat, action);
        table.assert_same_views(&format!("after reload, ply {ply}"));
    }
    assert!(matches!(table.sides[1].verdict(), Some(Verdict::Fair(_))));
    // A save cut short, or one whose game was changed, is said as such.
    let bytes = kept_to_bytes(&table.sides[1].kept());
    assert!(matches!(
        kept_from_bytes(&bytes[..bytes.len() / 2]),
        Err(Unkept::Damaged(_))
    ));
    let mut kept = table.sides[1].kept();
    let at = kept
        .said
        .iter()
        .position(|s| matches!(s, Said::Move { seat: 0, .. }))
        .unwrap();
    kept.said[at] = Said::Move {
        seat: 0,
        from: 0,
        to: 99,
        attacker: None,
    };
    let volcanoes = table.real.volcanoes.clone();
    assert!(matches!(
        Side::restore(config(), volcanoes, 1, CONTEXT.to_vec(), &kept),
        Err(Unkept::DoesNotPlay(_))
    ));
}

/// A game over real links: the host's phone (seat `host`) is the relay and hears its own
/// words at once; the other phone's frames travel both ways late, in their order, and some
/// of the relay's frames to it are lost (it asks again from where it stands, as after a
/// gap or when it has waited). Both phones see what the one-device referee shows.
fn relayed_game(host: u8, seed: u64) -> [Side; 2] {
    use crate::wire::relay::{Answer, Ear, FromRelay, Next, Relay, ToRelay};
    let guest = 1 - host;
    let real0 = Espionage::deal(&config(), Seed(seed), RefereeOnly::new()).unwrap();
    let side = |seat| Side::new(config(), real0.volcanoes.clone(), seat, CONTEXT.to_vec());
    let mut real = real0.clone();
    let mut sides = [side(0), side(1)];
    let mut relay = Relay::<Said>::new();
    // Bytes on their way: to the guest, and to the host.
    let mut to_guest: VecDeque<Vec<u8>> = VecDeque::new();
    let mut to_host: VecDeque<Vec<u8>> = VecDeque::new();
    let mut ear = Ear::default();
    let mut net = Seed(seed).stream("fair test links", u64::from(host));
    // The host's phone says `said`: numbered, heard at once by the host, sent to the guest.
    fn host_says(
        relay: &mut Relay<Said>,
        host_side: &mut Side,
        to_guest: &mut VecDeque<Vec<u8>>,
        said: Said,
    ) {
        let mut queue = VecDeque::from([said]);
        while let Some(said) = queue.pop_front() {
            let frame = relay.say(host_side.seat(), said).unwrap();
            to_guest.push_back(frame.to_bytes());
            let FromRelay::Said { said, .. } = frame else {
                unreachable!()
            };
            queue.extend(host_side.hear(said).unwrap().say);
        }
    }
    let mut run = |sides: &mut [Side; 2],
                   relay: &mut Relay<Said>,
                   to_guest: &mut VecDeque<Vec<u8>>,
                   to_host: &mut VecDeque<Vec<u8>>,
                   ear: &mut Ear| {
        loop {
            if to_guest.is_empty() && to_host.is_empty() {
                // Quiet: a guest that has not heard everything asks again (its timer).
                if (ear.heard as usize) < relay.log().len() {
                    to_host.push_back(ear.resume::<Said>().to_bytes());
                    continue;
                }
                return;
            }
            let towards_guest = !to_guest.is_empty() && (to_host.is_empty() || net.below(2) == 0);
            if towards_guest {
                let bytes = to_guest.pop_front().unwrap();
                if net.below(10) == 0 {
                    continue; // lost
                }
                match ear.take(FromRelay::<Said>::from_bytes(&bytes).unwrap()) {
                    Next::Hear(said) => {
                        let heard = sides[usize::from(guest)].hear(said).unwrap();
                        for said in heard.say {
                            to_host.push_back(ToRelay::Say(said).to_bytes());
                        }
                    }
                    // A value sent again is the one heard at its place.
                    Next::Again { index, said } => {
                        assert_eq!(sides[usize::from(guest)].transcript()[index as usize], said);
                    }
                    Next::Behind { len } => panic!("an honest relay fell behind, to {len}"),
                    Next::CaughtUp => {}
                    Next::Gap { heard } => {
                        to_host.push_back(ToRelay::<Said>::From { heard }.to_bytes())
                    }
                    Next::Refused(why) => panic!("refused {why:?}"),
                }
            } else {
                let bytes = to_host.pop_front().unwrap();
                match relay.answer(guest, &bytes) {
                    Answer::Everyone(frame) => {
                        to_guest.push_back(frame.to_bytes());
                        let FromRelay::Said { said, .. } = frame else {
                            unreachable!()
                        };
                        let heard = sides[usize::from(host)].hear(said).unwrap();
                        for said in heard.say {
                            host_says(relay, &mut sides[usize::from(host)], to_guest, said);
                        }
                    }
                    Answer::This(frames) => to_guest.extend(frames.iter().map(|f| f.to_bytes())),
                }
            }
        }
    };
    let says = |seat: u8,
                said: Said,
                sides: &mut [Side; 2],
                relay: &mut Relay<Said>,
                to_guest: &mut VecDeque<Vec<u8>>,
                to_host: &mut VecDeque<Vec<u8>>| {
        if seat == host {
            host_says(relay, &mut sides[usize::from(host)], to_guest, said);
        } else {
            to_host.push_back(ToRelay::Say(said).to_bytes());
        }
    };
    let width = real.config.width;
    for seat in 0..2u8 {
        let placement = Placement::random(Seed(seed * 2 + u64::from(seat)), width);
        Espionage::apply(&mut real, Action::SetUp(placement.clone())).unwrap();
        let said = sides[usize::from(seat)].set_up(placement, &salts(seat, seed)).unwrap();
        says(seat, said, &mut sides, &mut relay, &mut to_guest, &mut to_host);
        run(&mut sides, &mut relay, &mut to_guest, &mut to_host, &mut ear);
    }
    let mut rng = Seed(seed).stream("fair test moves", 1);
    for ply in 0..300 {
        for seat in 0..2u8 {
            assert_eq!(
                sides[usize::from(seat)].view(),
                view::view(&real, Viewer::Seat(seat)),
                "seat {seat} (host {host}) at ply {ply} of game {seed}"
            );
        }
        let Phase::Turn { seat } = real.phase else {
            break;
        };
        let action = random_action(&real, &mut rng, ply == 299);
        Espionage::apply(&mut real, action.clone()).unwrap();
        let said = sides[usize::from(seat)].act(action).unwrap();
        says(seat, said, &mut sides, &mut relay, &mut to_guest, &mut to_host);
        run(&mut sides, &mut relay, &mut to_guest, &mut to_host, &mut ear);
    }
    assert_eq!(sides[0].transcript(), relay.log());
    assert_eq!(sides[1].transcript(), relay.log());
    sides
}

#[test]
fn a_game_relayed_by_either_phone_over_lossy_links_is_the_referees_game() {
    for seed in 0..12 {
        for host in 0..2 {
            let sides = relayed_game(host, seed);
            for side in &sides {
                assert!(
                    matches!(side.verdict(), Some(Verdict::Fair(_))),
                    "game {seed}, host {host}: {:?}",
                    side.verdict()
                );
            }
        }
    }
}

#[test]
fn an_ask_beyond_what_its_spies_could_see_is_caught_before_anything_is_opened() {
    // At the start no North piece stands beside South's back row: North asking for one
    // of them wants what no spy of its sees.
    let mut table = opening(4);
    let (from, to) = front_step(&table.real, None).unwrap();
    let step = table.sides[0].act(Action::Move { from, to }).unwrap();
    let g = table.real.geometry();
    let back = (0..table.real.board.len() as u8)
        .find(|&sq| {
            g.row(sq) == 0 && table.real.board[usize::from(sq)].is_some_and(|p| p.owner == 0)
        })
        .unwrap();
    let south = &mut table.sides[0];
    let mut queue = VecDeque::from([step]);
    while let Some(said) = queue.pop_front() {
        queue.extend(tell(south, said).unwrap().say);
    }
    let forged = Said::Ask {
        seat: 1,
        squares: vec![back],
    };
    assert_eq!(
        tell(south, forged),
        Err(Broke {
            seat: 1,
            breach: Breach::WrongAsk
        })
    );
    // South opened nothing: its last words are its own ask, none an opening.
    assert!(!south
        .transcript()
        .iter()
        .any(|s| matches!(s, Said::Open { seat: 0, .. })));
    assert!(south.unheard().iter().all(|s| !matches!(s, Said::Open { .. })));
}

#[test]
fn pieces_beside_more_pieces_than_spies_left_are_not_all_unmasked() {
    // Each square beside a different piece, six squares, five spies: not covered.
    let beside: Vec<Vec<u8>> = (0..6).map(|i| vec![i]).collect();
    assert!(!covered(&beside, &mut Vec::new(), 5));
    assert!(covered(&beside[..5], &mut Vec::new(), 5));
    // One piece beside them all covers them with one spy.
    let shared: Vec<Vec<u8>> = (0..6).map(|i| vec![i, 9]).collect();
    assert!(covered(&shared, &mut Vec::new(), 1));
    assert!(!covered(&shared, &mut Vec::new(), 0));
    assert!(covered(&[], &mut Vec::new(), 0));
}

#[test]
fn a_second_tap_before_the_first_came_back_waits() {
    let mut table = opening(6);
    let (from, to) = front_step(&table.real, None).unwrap();
    let side = &mut table.sides[0];
    side.act(Action::Move { from, to }).unwrap();
    // Heard back, the move stands; before that a second action waits, and says nothing.
    assert_eq!(side.act(Action::Submit), Err(Refused::Waiting));
    assert_eq!(side.unheard().len(), 1);
    assert!(side.legal_actions(Seed(1)).is_empty());
}
