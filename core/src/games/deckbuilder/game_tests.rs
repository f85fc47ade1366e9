//! The rules of RULINGS §5, one test per ruling, with the rule text's own examples.
// Long because it keeps every deckbuilder ruling's test beside the others, in the order of
// the rules; each test is short.

use super::*;
use crate::game::{Game, Referee};
use crate::games::deckbuilder::cards::{Card, Supply};
use crate::games::deckbuilder::{position, record};
use crate::seed::Seed;
use crate::seats::{Seats, Viewer};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SUPPLY: &str = "10.10.10.10.10.10.30.20";

/// A position: the FEN, White's and Black's cards, the turn; an empty trash, the standard
/// supply, shuffles from seed 1.
fn pos(fen: &str, white: &str, black: &str, turn: &str) -> State {
    let text = format!("{fen} | {white} | {black} | {turn} | - | {SUPPLY} | 0000000000000001.0");
    position::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn action(text: &str) -> Action {
    record::read_action(text).unwrap_or_else(|e| panic!("{e}"))
}

fn act(state: &mut State, text: &str) -> Vec<Event> {
    Deckbuilder::apply(state, action(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refused(state: &State, text: &str) -> String {
    let mut copy = state.clone();
    let error = Deckbuilder::apply(&mut copy, action(text))
        .map(|_| ())
        .expect_err(text);
    assert_eq!(&copy, state, "a refused action changes nothing");
    error.to_string()
}

fn legal(state: &State, text: &str) -> bool {
    Deckbuilder::legal_actions(state).contains(&action(text))
}

fn deal() -> State {
    let config = Config::standard(Seats::new(2, vec!["Ann".into(), "Bo".into()]).unwrap());
    Deckbuilder::deal(&config, Seed(7), crate::game::RefereeOnly::new()).unwrap()
}

fn count(cards: &[Card], card: Card) -> usize {
    cards.iter().filter(|c| **c == card).count()
}

#[test]
fn the_start_is_chess_with_three_copper_and_two_pawns_in_hand() {
    let s = deal();
    for p in &s.players {
        assert_eq!(count(&p.hand, Card::Copper), 3);
        assert_eq!(count(&p.hand, Card::Pawn), 2);
        assert!(p.draw.is_empty() && p.discard.is_empty());
    }
    assert_eq!(s.seat, 0, "White starts");
    assert_eq!(s.supply, Supply::STANDARD);
    assert_eq!(
        position::write(&s),
        format!(
            "{START} | CCCPP/-/-/- | CCCPP/-/-/- | action 1 1 - - | - | {SUPPLY} | 0000000000000007.0"
        )
    );
}

#[test]
fn a_pawn_card_moves_a_pawn_and_gives_another_action() {
    let mut s = deal();
    assert!(refused(&s, "Pg1f3").contains("cannot make the move g1f3"));
    assert!(!legal(&s, "Pg1f3"), "a Pawn card moves no knight");
    act(&mut s, "Pe2e4");
    assert_eq!((s.phase, s.actions), (Phase::Action, 1));
    // The second action may move the same pawn.
    act(&mut s, "Pe4e5");
    assert_eq!((s.phase, s.actions), (Phase::Action, 1));
    assert!(refused(&s, "Pd2d4").contains("no Pawn card"));
    act(&mut s, "/");
    assert_eq!(s.phase, Phase::Buy);
}

#[test]
fn the_rule_texts_example_two_pawn_cards_then_a_rook_card() {
    // A pawn two squares forward, a second Pawn card captures diagonally, the third action
    // moves a rook (castling) and draws two cards; that ends the action phase.
    let mut s = pos(
        "rnbqkbnr/ppp1pppp/8/3p4/8/3B1N2/PPPPPPPP/RNBQK2R w KQkq - 0 1",
        "PPRCC/SC/-/-",
        "CCCPP/-/-/-",
        "action 1 1 - -",
    );
    act(&mut s, "Pe2e4");
    act(&mut s, "Pe4d5");
    assert_eq!(s.players[1].lost, vec![shakmaty::Role::Pawn]);
    assert!(legal(&s, "Re1g1"), "a Rook card may castle");
    act(&mut s, "Re1g1");
    assert_eq!(s.actions, 0);
    assert_eq!(s.phase, Phase::Buy, "a Rook gives no further action");
    assert_eq!(count(&s.players[0].hand, Card::Silver), 1);
    assert_eq!(count(&s.players[0].hand, Card::Copper), 3);
    assert_eq!(s.treasure(), 5);
}

#[test]
fn a_knight_card_draws_one_and_stacks_the_rule_texts_knight_then_bishop() {
    let mut s = pos(
        "rnbqkbnr/pppp1ppp/8/4p3/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
        "NCCC/BS/-/-",
        "CCCPP/-/-/-",
        "action 1 1 - -",
    );
    act(&mut s, "Ng1f3");
    assert_eq!(s.actions, 1, "+1 action");
    assert_eq!(
        count(&s.players[0].hand, Card::Bishop),
        1,
        "+1 card: the Bishop"
    );
    act(&mut s, "Bc1g5");
    assert_eq!(
        s.phase,
        Phase::Buy,
        "nothing else to do: the action phase ends"
    );
}

#[test]
fn the_rook_drawing_into_a_queen_buy() {
    let mut s = pos(START, "RCC/CS/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "R");
    assert_eq!(s.phase, Phase::Buy);
    assert_eq!(s.treasure(), 5);
    act(&mut s, "+Q");
    assert_eq!(
        s.players[0].discard,
        vec![Card::Queen],
        "bought cards go to the discard pile"
    );
    assert!(refused(&s, "+C").contains("no buy left"));
}

#[test]
fn every_move_is_optional_and_a_card_may_be_played_when_its_piece_cannot_move() {
    let mut s = pos(START, "BQKCC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    // No bishop, queen or king can move from the start; each card can still be played.
    for card in ["B", "Q", "K"] {
        assert!(legal(&s, card), "{card}");
    }
    act(&mut s, "Q");
    assert_eq!((s.phase, s.buys), (Phase::Buy, 2), "the Queen's +1 buy");
}

#[test]
fn the_queen_is_worth_one_held_or_played_and_each_buy_may_use_the_whole_treasure() {
    // The rule text: 4 treasure and a Queen, two buys of 4-cost cards.
    let mut s = pos(START, "QCCS/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "Q");
    assert_eq!(s.treasure(), 5, "1 + 1 + 2 and the played Queen");
    act(&mut s, "+B");
    act(&mut s, "+K");
    assert!(refused(&s, "+P").contains("no buy left"));
    // Held, not played: still worth 1, but one buy.
    let mut s = pos(START, "QCS/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "/");
    assert_eq!((s.treasure(), s.buys), (4, 1));
    assert!(refused(&s, "+Q").contains("costs 5"));
    act(&mut s, "+K");
    assert!(refused(&s, "+C").contains("no buy left"));
}

#[test]
fn an_empty_pile_cannot_be_bought_or_gained() {
    let text = format!(
        "{START} | BCS/-/-/- | CCCPP/-/-/- | action 1 1 - - | - | 10.10.10.10.10.10.30.0 | 0000000000000001.0"
    );
    let mut s = position::read(&text).unwrap();
    assert!(!legal(&s, "BC>S"), "no Silver left to gain");
    assert!(legal(&s, "BC>R") && legal(&s, "BC>N"));
    assert!(legal(&s, "BS>B") && legal(&s, "BS>K"));
    assert!(refused(&s, "BC>B").contains("exactly 1 more"));
    act(&mut s, "/");
    assert!(!legal(&s, "+S"));
    assert!(refused(&s, "+S").contains("empty"));
}

#[test]
fn the_bishops_trade_trashes_a_card_and_gains_one_costing_exactly_one_more() {
    let mut s = pos(START, "BQPC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    assert!(!legal(&s, "BQ>K"), "nothing costs 6");
    act(&mut s, "BP>N");
    assert_eq!(s.trash, vec![Card::Pawn]);
    assert_eq!(s.players[0].discard, vec![Card::Knight]);
    assert_eq!(s.supply.left(Card::Knight), 9);
    assert_eq!(s.players[0].hand, vec![Card::Queen, Card::Copper]);
    assert_eq!(s.phase, Phase::Buy);
}

#[test]
fn the_king_brings_back_a_captured_piece_only_in_place_of_a_pawn() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
    let s = pos(fen, "KCC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    assert!(
        !Deckbuilder::legal_actions(&s).iter().any(|a| matches!(
            a,
            Action::Play {
                how: How::Revive { .. },
                ..
            }
        )),
        "nothing lost, nothing to bring back"
    );
    let mut s = pos(fen, "KCC/-/-/pn", "CCCPP/-/-/-", "action 1 1 - -");
    assert!(
        refused(&s, "Kb2=B").contains("bring back"),
        "only a piece that was lost"
    );
    assert!(!legal(&s, "Ke1=N"), "only in place of a pawn");
    act(&mut s, "Ke2=N");
    assert_eq!(
        s.board.piece_at(shakmaty::Square::E2),
        Some(shakmaty::Piece {
            color: shakmaty::Color::White,
            role: shakmaty::Role::Knight
        })
    );
    assert_eq!(s.players[0].lost, vec![shakmaty::Role::Pawn]);
    assert!(s.moved, "a revival counts as a move");
}

#[test]
fn only_the_first_action_may_mate_and_a_first_move_mate_ends_the_game_at_once() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1";
    let mut s = pos(fen, "PQC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "P");
    assert!(!legal(&s, "Qh5f7"));
    assert!(refused(&s, "Qh5f7").contains("first card"));
    assert!(
        legal(&s, "Qh5h7"),
        "a stacked move may still capture without mating"
    );
    let mut s = pos(fen, "PQC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    let events = act(&mut s, "Qh5f7");
    assert_eq!(s.end, Some(End::Checkmate { winner: 0 }));
    assert!(events.contains(&Event::Ended {
        end: End::Checkmate { winner: 0 }
    }));
    assert_eq!(
        Deckbuilder::to_act(&s),
        crate::game::ToAct::Nobody,
        "no buy phase"
    );
    assert_eq!(
        Deckbuilder::status(&s),
        crate::game::Status::Over {
            winners: vec![0],
            scores: vec![]
        }
    );
    // A King revival is a move for this rule: a knight back on f7 smothers the king.
    let fen = "6rk/5Ppp/8/8/8/8/8/4K3 w - - 0 1";
    let s = pos(fen, "PKC/-/-/n", "CCCPP/-/-/-", "action 1 1 - -");
    let mut first = s.clone();
    act(&mut first, "Kf7=N");
    assert_eq!(first.end, Some(End::Checkmate { winner: 0 }));
    let mut stacked = s.clone();
    act(&mut stacked, "P");
    assert!(!legal(&stacked, "Kf7=N"));
    assert!(refused(&stacked, "Kf7=N").contains("not to give mate"));
}

#[test]
fn a_check_ends_the_action_phase_and_the_bonus_still_applies() {
    let fen = "4k3/7p/8/3N4/8/8/8/R3K3 w - - 0 1";
    let mut s = pos(fen, "NP/C/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    let events = act(&mut s, "Nd5f6");
    assert!(events.contains(&Event::Check { seat: 1 }));
    assert_eq!(s.phase, Phase::Buy, "the Pawn card is left unplayed");
    assert_eq!(
        count(&s.players[0].hand, Card::Copper),
        1,
        "the Knight still drew"
    );
    assert!(!legal(&s, "P"));
}

/// Black in check from a knight on f6 at the start of its turn, holding `hand`.
fn black_in_check(hand: &str) -> State {
    let fen = "4k3/7p/5N2/8/8/8/8/R3K3 w - - 0 1";
    let mut s = pos(
        fen,
        "C/CCCCCCC/-/-",
        &format!("{hand}/CCCCC/-/-"),
        "buy 0 1 N m",
    );
    act(&mut s, ".");
    assert_eq!(s.seat, 1);
    s
}

#[test]
fn starting_in_check_a_card_that_gets_out_must_be_played_first() {
    let mut s = black_in_check("KPCC");
    assert_eq!(s.phase, Phase::Action);
    assert!(refused(&s, "P").contains("check"));
    assert!(refused(&s, "/").contains("check"));
    assert!(!legal(&s, "Ph7h6"), "a pawn move does not end the check");
    let moves: Vec<Action> = Deckbuilder::legal_actions(&s)
        .into_iter()
        .filter(|a| *a != Action::Resign)
        .collect();
    assert!(moves.iter().all(|a| matches!(
        a,
        Action::Play {
            card: Card::King,
            how: How::Move(_)
        }
    )));
    assert_eq!(moves.len(), 4, "Kd8 Ke7 Kf8 Kf7 (d7 is the knight's)");
    act(&mut s, "Ke8e7");
    // Then the turn goes on as normal: the Pawn card was not a stacker, so to buying.
    assert_eq!(s.phase, Phase::Buy);
}

#[test]
fn starting_in_check_without_a_card_a_cardless_escape_ends_the_turn_and_keeps_the_hand() {
    let mut s = black_in_check("PPCC");
    assert_eq!(s.phase, Phase::Escape);
    assert!(refused(&s, "Ph7h6").contains("move without a card"));
    let hand = s.players[1].hand.clone();
    let draw = s.players[1].draw.clone();
    let events = act(&mut s, "!e8d8");
    assert!(events.contains(&Event::TurnEnded {
        seat: 1,
        kept_hand: true
    }));
    assert_eq!(s.players[1].hand, hand, "the hand is kept");
    assert_eq!(s.players[1].draw, draw, "no clean-up: nothing drawn");
    assert!(s.players[1].discard.is_empty());
    assert_eq!((s.seat, s.phase), (0, Phase::Action));
}

#[test]
fn no_legal_move_in_check_is_checkmate() {
    // Back-rank mate given by the first card.
    let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    let mut s = pos(fen, "RC/CC/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "Ra1a8");
    assert_eq!(s.end, Some(End::Checkmate { winner: 0 }));
    assert!(Deckbuilder::legal_actions(&s).is_empty());
}

#[test]
fn en_passant_only_as_the_first_move_after_a_double_step_that_ended_the_turn() {
    let fen = "4k3/3pp3/8/4P3/8/8/7P/4K3 b - - 0 1";
    let black = |turn: &str| pos(fen, "PPC/CCCCCCCC/-/-", "PPC/CCCCCCC/-/-", turn);
    // The double step is Black's last move: White may take en passant first thing.
    let mut s = black("action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "/");
    act(&mut s, ".");
    assert_eq!(s.seat, 0);
    assert!(legal(&s, "Pe5d6"));
    // A card played for its bonus alone is not a move: the capture is still the first.
    let mut t = s.clone();
    act(&mut t, "P");
    assert!(legal(&t, "Pe5d6"));
    act(&mut t, "Pe5d6");
    assert_eq!(t.players[1].lost, vec![shakmaty::Role::Pawn]);
    let mut s = black("action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "Pe7e6");
    act(&mut s, "/");
    act(&mut s, ".");
    assert!(
        !legal(&s, "Pe5d6"),
        "the double step was not the turn's last move"
    );
    // Not as White's second move.
    let mut s = black("action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "/");
    act(&mut s, ".");
    act(&mut s, "Ph2h3");
    assert!(!legal(&s, "Pe5d6"), "only the next turn's first move");
    // Not two turns later.
    let mut s = black("action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "/");
    act(&mut s, ".");
    act(&mut s, "/");
    act(&mut s, ".");
    act(&mut s, "/");
    act(&mut s, ".");
    assert!(!legal(&s, "Pe5d6"));
}

#[test]
fn a_revival_after_a_double_step_leaves_en_passant_open() {
    // RULINGS §5: a King-card revival is no chess move, so Black's d7d5 stays the last one.
    let fen = "4k3/3ppp2/8/4P3/8/8/7P/4K3 b - - 0 1";
    let mut s = pos(fen, "PPC/CCCCCCCC/-/-", "PKC/CCCCCCC/-/n", "action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "Kf7=N");
    act(&mut s, ".");
    assert_eq!(s.seat, 0);
    assert!(
        legal(&s, "Pe5d6"),
        "the revival did not take en passant away"
    );
    act(&mut s, "Pe5d6");
    assert!(s.players[1].lost.contains(&shakmaty::Role::Pawn));
    // Reviving the pawn that double-stepped leaves no pawn to take en passant.
    let mut s = pos(fen, "PPC/CCCCCCCC/-/-", "PKC/CCCCCCC/-/n", "action 1 1 - -");
    act(&mut s, "Pd7d5");
    act(&mut s, "Kd5=N");
    act(&mut s, ".");
    assert!(!legal(&s, "Pe5d6"));
}

#[test]
fn the_discard_pile_is_shuffled_only_when_a_card_must_be_drawn() {
    let mut s = deal();
    act(&mut s, "/");
    act(&mut s, "+S");
    let events = act(&mut s, ".");
    assert!(events.contains(&Event::Shuffled { seat: 0 }));
    assert_eq!(s.players[0].hand.len(), 5);
    assert_eq!(s.players[0].draw.len(), 1, "six cards shuffled, five drawn");
    assert!(s.players[0].discard.is_empty());
    // A Rook with one card left draws it, then shuffles for the second.
    let mut s = pos(START, "RC/S/PPP/-", "CCCPP/-/-/-", "action 1 1 - -");
    let events = act(&mut s, "R");
    let shuffled = events
        .iter()
        .position(|e| *e == Event::Shuffled { seat: 0 });
    assert!(shuffled.is_some());
    assert_eq!(count(&s.players[0].hand, Card::Silver), 1);
    assert_eq!(count(&s.players[0].hand, Card::Pawn), 1);
    assert_eq!(s.players[0].draw.len(), 2);
    // No cards anywhere: nothing drawn, nothing shuffled.
    let mut s = pos(START, "RC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    let events = act(&mut s, "R");
    assert!(!events.iter().any(|e| matches!(e, Event::Shuffled { .. })));
    assert!(events.contains(&Event::DrewCount { seat: 0, count: 0 }));
}

#[test]
fn repetition_counts_positions_after_moves_not_turns_spent_building() {
    // Turns without a move never repeat a position, however many.
    let mut s = deal();
    for _ in 0..12 {
        act(&mut s, "/");
        act(&mut s, ".");
    }
    assert_eq!(s.end, None);
    // Knights out and back twice: the start comes back a third time.
    let knights = "N/NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN/-/-";
    let mut s = pos(START, knights, knights, "action 1 1 - -");
    s.seen.push((s.board.clone(), 0, s.castling, None));
    let cycle = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];
    for round in 0..2 {
        for (i, m) in cycle.iter().enumerate() {
            assert_eq!(s.end, None, "round {round} move {i}");
            act(&mut s, m);
            act(&mut s, "/");
            act(&mut s, ".");
            // A turn without a move between changes nothing.
            if i == 1 {
                act(&mut s, "/");
                act(&mut s, ".");
                act(&mut s, "/");
                act(&mut s, ".");
            }
        }
    }
    assert_eq!(s.end, Some(End::ThreefoldRepetition));
}

#[test]
fn the_fifty_move_rule_counts_chess_moves() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R w - - 99 40";
    let mut s = pos(fen, "RC/CCCCCCC/-/-", "CCCPP/CCCCC/-/-", "action 1 1 - -");
    let mut idle = s.clone();
    act(&mut idle, "/");
    act(&mut idle, ".");
    assert_eq!(idle.end, None, "a turn without a move does not count");
    act(&mut s, "Ra1a2");
    act(&mut s, ".");
    assert_eq!(s.end, Some(End::FiftyMoves));
}

#[test]
fn a_stalemate_is_a_draw() {
    let fen = "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1";
    let mut s = pos(fen, "QC/CCCCC/-/-", "CCCPP/CCCCC/-/-", "action 1 1 - -");
    act(&mut s, "Qb6c7");
    assert_eq!(s.phase, Phase::Buy);
    act(&mut s, ".");
    assert_eq!(s.end, Some(End::Stalemate));
}

#[test]
fn hands_are_private_and_the_table_sees_none() {
    let mut referee =
        Referee::<Deckbuilder>::new(Config::standard(Seats::new(2, vec![]).unwrap()), Seed(3))
            .unwrap();
    referee.act(Action::EndActions).unwrap();
    referee.act(Action::Buy(Card::Silver)).unwrap();
    referee.act(Action::EndTurn).unwrap();
    let table = referee.view(Viewer::Table);
    assert!(table.body.hand.is_empty() && table.body.legal.is_empty());
    assert_eq!(table.body.treasure, None);
    let white = referee.view(Viewer::Seat(0));
    let black = referee.view(Viewer::Seat(1));
    assert_eq!(white.body.hand.len(), 5);
    assert_eq!(black.body.hand, referee.state().players[1].hand);
    assert_eq!(white.body.treasure, None, "not White's turn");
    assert!(white.body.legal.is_empty() && !black.body.legal.is_empty());
    assert!(
        referee
            .news_since(Viewer::Seat(0), 0)
            .iter()
            .any(|e| matches!(e, Event::Drew { seat: 0, .. }))
    );
    assert!(
        !referee
            .news_since(Viewer::Seat(1), 0)
            .iter()
            .any(|e| matches!(e, Event::Drew { seat: 0, .. }))
    );
    assert!(
        referee
            .news_since(Viewer::Seat(1), 0)
            .contains(&Event::DrewCount { seat: 0, count: 5 })
    );
}

#[test]
fn undo_goes_back_until_a_draw() {
    let mut r =
        Referee::<Deckbuilder>::new(Config::standard(Seats::new(2, vec![]).unwrap()), Seed(3))
            .unwrap();
    r.act(action("Pe2e4")).unwrap();
    r.act(action("Pd2d4")).unwrap();
    r.act(action("/")).unwrap();
    r.act(action("+S")).unwrap();
    for _ in 0..4 {
        assert!(r.can_undo());
        assert!(r.undo());
    }
    assert!(!r.can_undo());
    r.act(action("/")).unwrap();
    r.act(action(".")).unwrap();
    assert!(!r.can_undo(), "the clean-up drew cards");
}

#[test]
fn the_record_round_trips_and_replays() {
    let seats = Seats::new(2, vec!["A|n,n%".into(), "Bo".into()]).unwrap();
    let mut r = Referee::<Deckbuilder>::new(Config::from_options(seats, 1), Seed(0xabc)).unwrap();
    for a in ["Pe2e4", "P", "/", "+S", "."] {
        r.act(action(a)).unwrap();
    }
    let text = r.to_text();
    assert!(
        text.starts_with("cdb2|0000000000000abc:5.5.5.5.5.5.15.10|A%7Cn%2Cn%25,Bo|Pe2e4 P / +S .")
    );
    let back = Referee::<Deckbuilder>::from_text(&text).unwrap();
    assert!(back.lost.is_none());
    assert_eq!(back.referee.state(), r.state());
    for a in [
        "Pe7e8q", "R", "BC>S", "Kb2=N", "/", "+Q", ".", "!e8d8", "resign", "Ke1g1",
    ] {
        assert_eq!(record::action_text(&action(a)), a);
    }
    for bad in ["Z", "+", "+QQ", "Pe2", "Kb2=Q", "B>S", "!"] {
        assert!(record::read_action(bad).is_err(), "{bad}");
    }
    assert!(
        record::read("esp1|x|y|z")
            .err()
            .unwrap()
            .contains("not a saved game")
    );
    assert!(
        record::read("cdb3|x|y|z")
            .err()
            .unwrap()
            .contains("newer version")
    );
    assert!(record::read("cdb1|00:1.2|a,b|").is_err());
    let cut = Referee::<Deckbuilder>::from_text(&format!("{text} Pz9")).unwrap();
    assert!(cut.lost.is_some());
}

#[test]
fn perft_from_the_start_counted_by_hand() {
    let s = deal();
    // 16 pawn moves, the Pawn card for its bonus, the end of the action phase.
    assert_eq!(position::perft(&s, 1), 18);
    // After a pawn move: 15 pawn moves + bonus + end (17) × 16; after the bonus: 16 + 2;
    // after the end: buys of cost ≤ 3 (Pawn, Rook, Knight, Copper, Silver) and the end.
    assert_eq!(position::perft(&s, 2), 16 * 17 + 18 + 6);
    assert_eq!(
        position::perft(&position::read(&position::write(&s)).unwrap(), 2),
        296
    );
    // In check with no card that helps: the card-less escapes only.
    let t = black_in_check("CC");
    assert_eq!(t.phase, Phase::Escape);
    assert_eq!(position::perft(&t, 1), 4);
}

#[test]
fn the_position_text_round_trips() {
    let texts = [
        format!(
            "{START} | CCCPP/-/-/- | CCCPP/-/-/- | action 1 1 - - | - | {SUPPLY} | 0000000000000007.0"
        ),
        "4k3/8/8/8/8/8/8/R3K3 b - - 3 12 | QS/RN/CC/pnb | -/C/PPP/q | buy 0 2 PNQ d6 | PC | 5.5.5.5.5.5.15.10 | 00000000000000ff.3".to_string(),
    ];
    for text in texts {
        assert_eq!(position::write(&position::read(&text).unwrap()), text);
    }
    for bad in [
        "",
        "x | y",
        &format!("{START} | CCCPP/-/- | CCCPP/-/-/- | action 1 1 - - | - | {SUPPLY} | 0.0"),
    ] {
        assert!(position::read(bad).is_err(), "{bad}");
    }
}

/// Every card in the game: the supply, every player's piles, the cards in play, the trash.
fn cards_in_game(s: &State) -> usize {
    s.supply.total()
        + s.players
            .iter()
            .map(|p| p.hand.len() + p.draw.len() + p.discard.len())
            .sum::<usize>()
        + s.played.len()
        + s.trash.len()
}

#[test]
fn two_thousand_random_games_keep_every_card_and_every_secret() {
    let games = 2000;
    let mut ended = 0;
    for g in 0..games {
        let seed = Seed(0x5eed ^ (g as u64).wrapping_mul(0x9E37_79B9));
        let config = Config::from_options(Seats::new(2, vec![]).unwrap(), (g % 2) as u8);
        let mut referee = Referee::<Deckbuilder>::new(config.clone(), seed).unwrap();
        let total = cards_in_game(referee.state());
        assert_eq!(total, config.supply.total() + 10);
        let mut rng = seed.stream("test/random-deckbuilder", 0);
        for _ in 0..600 {
            let mut legal = referee.legal_actions(crate::game::tests::acting(&referee));
            legal.retain(|a| *a != Action::Resign || rng.below(500) == 0);
            if legal.is_empty() {
                break;
            }
            // Favour moves, so that games reach their ends.
            let pick = legal[rng.below(legal.len() as u64) as usize];
            referee.act(pick).unwrap();
            let s = referee.state();
            assert_eq!(cards_in_game(s), total, "cards are conserved");
            let other = 1 - s.seat;
            let theirs = referee.view(Viewer::Seat(other));
            assert_eq!(theirs.body.hand, s.players[usize::from(other)].hand);
            assert!(theirs.body.legal.is_empty());
            assert!(referee.view(Viewer::Table).body.hand.is_empty());
        }
        if referee.state().end.is_some() {
            ended += 1;
        }
        let replayed = Referee::<Deckbuilder>::from_text(&referee.to_text()).unwrap();
        assert!(replayed.lost.is_none());
        assert_eq!(replayed.referee.state(), referee.state());
    }
    assert!(ended > 0);
}

#[test]
fn a_finished_game_refuses_more_actions() {
    let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    let mut s = pos(fen, "RC/CC/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    act(&mut s, "Ra1a8");
    assert!(refused(&s, "/").contains("over"));
}

#[test]
fn a_king_card_moves_the_king_or_castles_either_way() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let s = pos(fen, "KC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    for m in ["Ke1g1", "Ke1c1", "Ke1f1", "Ke1d1"] {
        assert!(legal(&s, m), "{m}");
    }
    assert!(!legal(&s, "Ra1b1"), "no Rook card in hand");
    let mut t = s.clone();
    act(&mut t, "Ke1c1");
    let at = |sq| t.board.piece_at(sq).map(|p| p.role);
    assert_eq!(at(shakmaty::Square::C1), Some(shakmaty::Role::King));
    assert_eq!(at(shakmaty::Square::D1), Some(shakmaty::Role::Rook));
    assert_eq!(t.phase, Phase::Buy, "a King card gives no further action");
    // Castling rights lost by castling are lost for good.
    assert!(!t.castling.contains(shakmaty::Square::H1));
}

#[test]
fn a_pawn_promotes_and_the_new_queen_moves_with_a_queen_card() {
    let fen = "8/1P5k/8/8/8/8/8/4K3 w - - 0 1";
    let mut s = pos(fen, "PQ/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    let promotions = Deckbuilder::legal_actions(&s)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Play {
                    card: Card::Pawn,
                    how: How::Move(_)
                }
            )
        })
        .count();
    assert_eq!(promotions, 4, "queen, rook, bishop or knight");
    act(&mut s, "Pb7b8q");
    assert!(
        legal(&s, "Qb8b1"),
        "the promoted queen moves with a Queen card"
    );
    act(&mut s, "Qb8b1");
    assert_eq!(s.buys, 2);
}

#[test]
fn a_dead_position_is_a_draw_and_a_card_that_escapes_check_is_forced() {
    // White begins in check from the queen; the Bishop card takes it, leaving bishop and
    // king against king.
    let fen = "4k3/8/8/8/8/8/3q4/2B1K3 w - - 0 1";
    let mut s = pos(fen, "BC/-/-/-", "CCCPP/-/-/-", "action 1 1 - -");
    assert!(s.began_in_check);
    assert!(!legal(&s, "BC>S"), "the trade does not get out of check");
    act(&mut s, "Bc1d2");
    assert_eq!(s.end, Some(End::DeadPosition));
    assert_eq!(
        Deckbuilder::status(&s),
        crate::game::Status::Over {
            winners: vec![],
            scores: vec![]
        }
    );
}

#[test]
fn perft_mid_turn_and_in_check_counted_by_hand() {
    // After one Pawn card: 15 pawn moves with the other, its bonus, the end of the phase.
    let mut s = deal();
    act(&mut s, "Pe2e4");
    assert_eq!(position::perft(&s, 1), 17);
    // In check with a King card: the four king moves, nothing else.
    let t = black_in_check("KPCC");
    assert_eq!(position::perft(&t, 1), 4);
    // Buying with 6 treasure (a played Queen among it) and two buys: any of the 8 piles, then again, then the end.
    let b = pos(START, "CCCS/-/-/-", "CCCPP/-/-/-", "buy 0 2 Q m");
    assert_eq!(b.treasure(), 6);
    assert_eq!(position::perft(&b, 1), 9, "8 buys and the end of the turn");
    // After a buy: 8 more and the end; after the end, Black's first turn (16 pawn moves,
    // the Pawn's bonus, the end of the phase).
    assert_eq!(position::perft(&b, 2), 8 * 9 + 18);
}

/// Property: a damaged position text never panics its reader, and what reads is a position
/// the perft counts from.
#[test]
fn a_damaged_position_text_is_refused_or_read_never_a_panic() {
    let mut rng = crate::seed::Rng::from_state(0x9051);
    let mut read = 0;
    for game in 0..20u64 {
        let mut referee = Referee::<Deckbuilder>::new(
            Config::from_options(Seats::new(2, vec![]).unwrap(), 0),
            Seed(game),
        )
        .unwrap();
        for _ in 0..rng.below(120) {
            let legal = referee.legal_actions(crate::game::tests::acting(&referee));
            let Some(&pick) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else {
                break;
            };
            if pick != Action::Resign {
                referee.act(pick).unwrap();
            }
        }
        let text = position::write(referee.state());
        // The text holds the position, not its history (repetitions, the last turn told).
        let back = position::read(&text).unwrap();
        assert_eq!(position::write(&back), text);
        read += crate::game::tests::survives_damage(&text, 100, &mut rng, |t| {
            let state = position::read(t).ok()?;
            position::perft(&state, 1);
            Some(position::write(&state))
        });
    }
    assert!(
        read > 0,
        "some damage still reads (a changed count, a card in another order)"
    );
}
