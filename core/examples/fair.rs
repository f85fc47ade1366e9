//! What fair play on phones costs (issue 42): random games of Espionage refereed by the two
//! phones together, of the deckbuilder with each phone holding its own deck, and of Usurp
//! with every seat's phone drawing the deck, each phone's
//! words passed through a relay as bytes. Prints, per turn: the values the phones say, their
//! bytes as the relay frames them (`fair_session`: its tag and each value's number), and the time one phone spends hearing them (natively; the browser at 4× CPU is
//! slower by about ten times).
//!
//!     cargo run --release -p intrigue-core --example fair [-- <games>]

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use intrigue_core::commit::Salt;
use intrigue_core::games::espionage::fair::{self, Side};
use intrigue_core::games::espionage::fair_session::ToGuest;
use intrigue_core::games::espionage::{Action, Config, Phase, Placement};
use intrigue_core::games::usurp;
use intrigue_core::games::usurp::fair_session::ToPhone;
use intrigue_core::seats::{Seats, Viewer};
use intrigue_core::seed::Seed;
use intrigue_core::wire::relay::FromRelay;

#[derive(Default)]
struct Cost {
    turns: u64,
    values: u64,
    bytes: u64,
    hearing: Duration,
    worst_turn: Duration,
    /// The longest a phone took to hear an army opened at the end (the whole game's check).
    end_check: Duration,
}

impl Cost {
    fn print(&self, game: &str) {
        let turns = self.turns.max(1) as f64;
        println!(
            "  {game:<11} {:>6} turns: {:>5.1} values and {:>6.0} bytes a turn; a phone hears them in {:>6.1} µs a turn (worst turn {:>6.0} µs)",
            self.turns,
            self.values as f64 / turns,
            self.bytes as f64 / turns,
            self.hearing.as_secs_f64() * 1e6 / turns,
            self.worst_turn.as_secs_f64() * 1e6,
        );
        if !self.end_check.is_zero() {
            println!(
                "  {:<11} the end's check (every secret opened, the game replayed): at most {:.0} µs",
                "",
                self.end_check.as_secs_f64() * 1e6
            );
        }
    }
}

fn random_bytes<const N: usize>(rng: &mut intrigue_core::seed::Rng) -> [u8; N] {
    let mut bytes = [0; N];
    for b in bytes.iter_mut() {
        *b = rng.below(256) as u8;
    }
    bytes
}

/// Every value said passes to both phones as bytes; what they answer goes round again.
fn relay_espionage(sides: &mut [Side; 2], first: fair::Said, cost: &mut Cost) -> Duration {
    let mut queue = VecDeque::from([first]);
    let mut spent = Duration::ZERO;
    while let Some(said) = queue.pop_front() {
        // As the relay sends it: the session's tag, the value's number, the value.
        let bytes = ToGuest::Relay(FromRelay::Said {
            index: cost.values as u32,
            said: said.clone(),
        })
        .to_bytes();
        cost.values += 1;
        cost.bytes += bytes.len() as u64;
        for (seat, side) in sides.iter_mut().enumerate() {
            let began = Instant::now();
            let Ok(ToGuest::Relay(FromRelay::Said { said: read, .. })) =
                ToGuest::from_bytes(&bytes)
            else {
                panic!("the relay's own bytes")
            };
            let heard = side.hear(read).expect("an honest game");
            if seat == 1 {
                if matches!(said, fair::Said::Reveal { .. }) {
                    cost.end_check = cost.end_check.max(began.elapsed());
                } else {
                    spent += began.elapsed();
                }
            }
            queue.extend(heard.say);
        }
    }
    spent
}

fn espionage(games: u64) -> Cost {
    let mut cost = Cost::default();
    for game in 0..games {
        let config = Config::standard(Seats::new(2, vec![]).unwrap());
        let volcanoes = config.geometry().volcanoes(Seed(game), config.volcanoes);
        let mut sides = [0, 1].map(|s| {
            Side::new(
                config.clone(),
                volcanoes.clone(),
                s,
                game.to_le_bytes().to_vec(),
            )
        });
        let mut rng = Seed(game).stream("fair example", 0);
        for seat in 0..2u8 {
            let salts: Vec<Salt> = (0..30).map(|_| Salt(random_bytes(&mut rng))).collect();
            let placement = Placement::random(Seed(game * 2 + u64::from(seat)), 10);
            let said = sides[usize::from(seat)].set_up(placement, &salts).unwrap();
            relay_espionage(&mut sides, said, &mut cost);
        }
        let mut turn = Duration::ZERO;
        for _ in 0..600 {
            let view = sides[0].view();
            let Phase::Turn { seat } = view.phase else {
                break;
            };
            let view = sides[usize::from(seat)].view();
            let moves: Vec<(u8, u8)> = view
                .destinations
                .iter()
                .flat_map(|(from, to)| to.iter().map(move |&t| (*from, t)))
                .collect();
            let action = if view.can_submit && (moves.is_empty() || view.moves_left == 0) {
                Action::Submit
            } else if moves.is_empty() {
                Action::Resign
            } else {
                let (from, to) = moves[rng.below(moves.len() as u64) as usize];
                Action::Move { from, to }
            };
            let submit = action == Action::Submit;
            let said = sides[usize::from(seat)].act(action).unwrap();
            turn += relay_espionage(&mut sides, said, &mut cost);
            if submit {
                cost.turns += 1;
                cost.hearing += turn;
                cost.worst_turn = cost.worst_turn.max(turn);
                turn = Duration::ZERO;
            }
        }
        if matches!(sides[0].view().phase, Phase::Over(_)) {
            assert!(
                sides.iter().all(|s| s.verdict().is_some()),
                "both phones checked the game"
            );
        }
    }
    cost
}

fn usurp(games: u64) -> Cost {
    use usurp::fair::Deal;
    let mut cost = Cost::default();
    for game in 0..games {
        let config = usurp::game::Config::standard(Seats::new(3, vec![]).unwrap());
        let mut rng = Seed(game).stream("fair example", 1);
        let mut devices: Vec<Deal> = (0..3)
            .map(|s| {
                Deal::new(
                    &config,
                    game.to_le_bytes().to_vec(),
                    Some((s, random_bytes(&mut rng))),
                )
                .unwrap()
            })
            .collect();
        devices.push(Deal::new(&config, game.to_le_bytes().to_vec(), None).unwrap());
        let mut queue: VecDeque<_> = devices.iter().filter_map(Deal::join).collect();
        let pass =
            |devices: &mut Vec<Deal>, queue: &mut VecDeque<usurp::fair::Said>, cost: &mut Cost| {
                let mut spent = Duration::ZERO;
                while let Some(said) = queue.pop_front() {
                    let bytes = ToPhone::Relay(FromRelay::Said {
                        index: cost.values as u32,
                        said: said.clone(),
                    })
                    .to_bytes();
                    cost.values += 1;
                    cost.bytes += bytes.len() as u64;
                    for (i, device) in devices.iter_mut().enumerate() {
                        let began = Instant::now();
                        let Ok(ToPhone::Relay(FromRelay::Said { said: read, .. })) =
                            ToPhone::from_bytes(&bytes)
                        else {
                            panic!("the relay's own bytes")
                        };
                        let heard = device.hear(read).expect("an honest game");
                        if i == 0 {
                            spent += began.elapsed();
                        }
                        queue.extend(heard.say);
                    }
                }
                spent
            };
        pass(&mut devices, &mut queue, &mut cost);
        for _ in 0..1000 {
            let view = devices[3].view(Viewer::Table);
            let Some(seat) = view.seat else {
                break;
            };
            let options: Vec<usurp::game::Action> = [usurp::game::Action::Draw]
                .into_iter()
                .chain((0..3).flat_map(|square| {
                    [
                        usurp::game::Action::Place { square },
                        usurp::game::Action::Take { square },
                    ]
                }))
                .filter(|&a| devices[usize::from(seat)].act(a).is_ok())
                .collect();
            let action = options[rng.below(options.len() as u64) as usize];
            queue.push_back(devices[usize::from(seat)].act(action).unwrap());
            let spent = pass(&mut devices, &mut queue, &mut cost);
            if action != usurp::game::Action::Draw {
                cost.turns += 1;
            }
            cost.hearing += spent;
            cost.worst_turn = cost.worst_turn.max(spent);
        }
    }
    cost
}

fn deckbuilder(games: u64) -> Cost {
    use intrigue_core::games::deckbuilder::fair::{Deal, Said};
    use intrigue_core::games::deckbuilder::{Action as DAction, Config as DConfig};
    let mut cost = Cost::default();
    let config = DConfig::standard(Seats::new(2, vec![]).unwrap());
    for game in 0..games {
        let mut rng = Seed(game).stream("fair example", 2);
        let context = game.to_le_bytes().to_vec();
        let mut phones: Vec<Deal> = (0..2)
            .map(|s| Deal::new(&config, context.clone(), s, random_bytes(&mut rng)).unwrap())
            .collect();
        let mut queue: VecDeque<Said> = phones.iter().filter_map(Deal::join).collect();
        let pass = |phones: &mut Vec<Deal>, queue: &mut VecDeque<Said>, cost: &mut Cost| {
            let mut spent = Duration::ZERO;
            let mut worst_end = Duration::ZERO;
            while let Some(said) = queue.pop_front() {
                let bytes = FromRelay::Said {
                    index: cost.values as u32,
                    said: said.clone(),
                }
                .to_bytes();
                cost.values += 1;
                cost.bytes += bytes.len() as u64;
                let showing = matches!(said, Said::Shown { .. });
                for (i, phone) in phones.iter_mut().enumerate() {
                    let began = Instant::now();
                    let Ok(FromRelay::Said { said: read, .. }) =
                        FromRelay::<Said>::from_bytes(&bytes)
                    else {
                        panic!("the relay's own bytes")
                    };
                    let heard = phone.hear(read).expect("an honest game");
                    let took = began.elapsed();
                    if i == 0 {
                        spent += took;
                    }
                    if showing {
                        worst_end = worst_end.max(took);
                    }
                    queue.extend(heard.say);
                }
            }
            cost.end_check = cost.end_check.max(worst_end);
            spent
        };
        pass(&mut phones, &mut queue, &mut cost);
        for n in 0..2000 {
            let Some(seat) = phones[0].to_move() else {
                break;
            };
            let mut actions = phones[usize::from(seat)].legal_actions();
            if n < 600 {
                actions.retain(|a| *a != DAction::Resign);
            } else {
                actions = vec![DAction::Resign];
            }
            let action = actions[rng.below(actions.len() as u64) as usize];
            queue.push_back(phones[usize::from(seat)].act(action).unwrap());
            let spent = pass(&mut phones, &mut queue, &mut cost);
            if matches!(action, DAction::EndTurn | DAction::Escape(_)) {
                cost.turns += 1;
            }
            cost.hearing += spent;
            cost.worst_turn = cost.worst_turn.max(spent);
        }
        assert!(
            phones.iter().all(|p| matches!(p.verdict(), Some(Ok(_)))),
            "found fair"
        );
    }
    cost
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    println!("Fair play on phones, {games} random games each:");
    espionage(games).print("Espionage");
    deckbuilder(games).print("Deckbuilder");
    usurp(games).print("Usurp (3)");
}
