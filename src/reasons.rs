//! Reasons, not sentences: what the core refuses (each game's `Illegal`) and what storage
//! refuses come to the app as values, and the app says each in the page's language. The
//! words of a game's refusals live with the game's screens (`games/<game>/illegal.rs`).

/// A reason the app says to the player.
pub trait Reason {
    /// In the page's language, as one or more whole sentences.
    fn words(&self) -> String;
}

/// Why the core refused a deal's players or house rules (the New Deal form offers only what
/// the core accepts, so a player meets this only by a bug).
impl Reason for intrigue_core::ConfigError {
    fn words(&self) -> String {
        use crate::i18n::GameWords;
        use intrigue_core::ConfigError;
        if !crate::i18n::es() {
            return self.to_string();
        }
        match self {
            ConfigError::PlayerCount { game, players } => {
                format!("{} no se juega con {players} jugadores.", game.tr_title())
            }
            ConfigError::NameCount { players, names } => {
                format!("Se dieron {names} nombres para {players} jugadores.")
            }
            ConfigError::NameTooLong { seat } => {
                format!("El nombre del asiento {} es demasiado largo.", seat + 1)
            }
            ConfigError::NoSecretDeal(game) => {
                format!("{} no tiene secretos que repartir.", game.tr_title())
            }
            ConfigError::UnknownOption(game) => {
                format!("{} no tiene esa regla de la casa.", game.tr_title())
            }
        }
    }
}

/// Why a piece tapped on a board cannot act now, said on the board where it was tapped
/// and to screen readers: the reasons every board shares, or the game's own (`R`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stays<R> {
    /// Another player is to act: their name as the core has it.
    TheirTurn(String),
    /// The piece could act, but has nowhere to go now.
    NoMove,
    /// The king is in check, and this piece cannot get it out (chess).
    CheckHolds,
    /// The game's own reason.
    Game(R),
}

/// The reasons of a game whose boards have none of their own beyond [`Stays`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoneOwn {}

impl Reason for NoneOwn {
    fn words(&self) -> String {
        match *self {}
    }
}

impl<R: Reason> Reason for Stays<R> {
    fn words(&self) -> String {
        match self {
            Stays::TheirTurn(name) => {
                let name = crate::i18n::name_here(name);
                if crate::i18n::es() {
                    format!("Es el turno {}.", crate::i18n::de(&name))
                } else {
                    format!("It is {name}'s turn.")
                }
            }
            Stays::NoMove => tr!(
                "This piece has no move now.",
                "Esta pieza no tiene ningún movimiento ahora."
            )
            .to_string(),
            Stays::CheckHolds => tr!(
                "The king is in check, and this piece cannot get it out.",
                "El rey está en jaque y esta pieza no puede sacarlo."
            )
            .to_string(),
            Stays::Game(reason) => reason.words(),
        }
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::Game;
    use intrigue_core::game::Referee;
    use intrigue_core::games::{carousel_chess, city_of_spies, deckbuilder, espionage, usurp};
    use intrigue_core::seats::Seats;
    use intrigue_core::seed::Seed;

    use super::Reason;
    use crate::i18n::{Lang, speak};

    /// Words a Spanish sentence of ours never holds; each would be English left in it.
    const ENGLISH: [&str; 12] = [
        " the ", " is ", " not ", "you", " your ", " cannot ", " first", " move ", " card ",
        " piece ", " game ", " over",
    ];

    /// Every reason: in English the core's own sentence; in Spanish a sentence of its own,
    /// with no English word in it, and as many as there are reasons (none said twice).
    fn said_in_both(reasons: &[impl Reason + std::fmt::Display]) {
        speak(Lang::En);
        for reason in reasons {
            assert_eq!(reason.words(), reason.to_string());
        }
        speak(Lang::Es);
        let mut spanish: Vec<String> = reasons.iter().map(Reason::words).collect();
        for (reason, words) in reasons.iter().zip(&spanish) {
            assert!(words.ends_with(['.', '?']), "{words}");
            assert_ne!(*words, reason.to_string(), "{words}: not said in Spanish");
            let padded = format!(" {} ", words.to_lowercase());
            for english in ENGLISH {
                assert!(!padded.contains(english), "{words}: {english:?} is English");
            }
        }
        spanish.sort();
        spanish.dedup();
        assert_eq!(spanish.len(), reasons.len(), "two reasons said alike");
        speak(Lang::En);
    }

    /// A real refusal from a referee, said in Spanish.
    fn refused_in_spanish<G: Game>(referee: &mut Referee<G>, action: G::Action) -> String
    where
        G::Illegal: Reason,
    {
        let before = referee.to_text();
        let refused = referee.act(action).expect_err("refused");
        assert_eq!(referee.to_text(), before, "a refusal changes nothing");
        speak(Lang::Es);
        let words = refused.words();
        speak(Lang::En);
        words
    }

    fn referee<G: Game>(players: u8) -> Referee<G> {
        let seats = Seats::new(players, vec![]).unwrap();
        Referee::new(G::config(&seats, 0), Seed(7)).unwrap()
    }

    /// A deal the core refuses says why in both languages (the New Deal form offers only
    /// what the core accepts: a bug would show it).
    #[test]
    fn a_refused_deal_says_why_in_both_languages() {
        let refused = Seats::new(3, vec!["Ann".into()]).unwrap_err();
        speak(Lang::En);
        assert_eq!(refused.words(), refused.to_string());
        speak(Lang::Es);
        assert_eq!(refused.words(), "Se dieron 1 nombres para 3 jugadores.");
        speak(Lang::En);
    }

    #[test]
    fn a_city_of_spies_refusal_says_why_in_both_languages() {
        use city_of_spies::{Illegal, Move, Piece, Square};
        said_in_both(&[
            Illegal::GameOver,
            Illegal::ImpossibleSetUp,
            Illegal::SetUpFirst,
            Illegal::MoveAPiece,
            Illegal::AnswerTheClaim,
            Illegal::MayNotPass,
            Illegal::NoPieceOn(Square::C3),
            Illegal::CannotGo {
                piece: Piece::Rook2,
                mv: Move {
                    from: Square::A1,
                    to: Square::B2,
                },
            },
        ]);
        speak(Lang::Es);
        let said = Illegal::CannotGo {
            piece: Piece::Rook2,
            mv: Move {
                from: Square::A1,
                to: Square::B2,
            },
        }
        .words();
        speak(Lang::En);
        assert_eq!(said, "Torre 2 no puede ir de a1 a b2.");
        let mut game = referee::<city_of_spies::CityOfSpies>(3);
        assert_eq!(
            refused_in_spanish(&mut game, city_of_spies::Action::Claim),
            "Primero hay que colocar las piezas."
        );
    }

    #[test]
    fn a_carousel_refusal_says_why_in_both_languages() {
        use carousel_chess::chess::Square;
        use carousel_chess::{Action, End, Illegal};
        let e2e5 = Action {
            from: Square::E2,
            to: Square::E5,
            promotion: None,
        };
        said_in_both(&[
            Illegal::GameOver(End::Stalemate),
            Illegal::GameOver(End::FiftyMoves),
            Illegal::NotLegal(e2e5),
        ]);
        let mut game = referee::<carousel_chess::CarouselChess>(3);
        assert_eq!(
            refused_in_spanish(&mut game, e2e5),
            "e2e5 no es una jugada legal aquí."
        );
    }

    #[test]
    fn an_espionage_refusal_says_why_in_both_languages() {
        use espionage::{Illegal, Kind};
        said_in_both(&[
            Illegal::GameOver,
            Illegal::ImpossibleSetUp,
            Illegal::SetUpFirst,
            Illegal::AlreadySetUp,
            Illegal::OffTheBoard,
            Illegal::NoPieceOn("c4".into()),
            Illegal::NotYours("c4".into()),
            Illegal::NeverMoves(Kind::Mine),
            Illegal::BothMovesMade,
            Illegal::MovedAlready,
            Illegal::NotAStep {
                from: "c4".into(),
                to: "e4".into(),
            },
            Illegal::IntoAVolcano("d5".into()),
            Illegal::NoReturn("c3".into()),
            Illegal::NotNow {
                from: "c4".into(),
                to: "c5".into(),
            },
            Illegal::MoveFirst,
            Illegal::SecondMoveFirst,
        ]);
        speak(Lang::Es);
        let said = Illegal::NeverMoves(Kind::Mine).words();
        speak(Lang::En);
        assert_eq!(said, "La mina nunca se mueve.");
        let mut game = referee::<espionage::Espionage>(2);
        assert_eq!(
            refused_in_spanish(&mut game, espionage::Action::Submit),
            "Los dos ejércitos se despliegan antes del primer movimiento."
        );
    }

    #[test]
    fn a_usurp_refusal_says_why_in_both_languages() {
        use usurp::Illegal;
        said_in_both(&[
            Illegal::GameOver,
            Illegal::PlaceTheDrawnCard,
            Illegal::DeckEmpty,
            Illegal::SquaresFull,
            Illegal::DrawFirst,
            Illegal::SquareFull { square: 2 },
            Illegal::NothingToTake,
        ]);
        let mut game = referee::<usurp::Usurp>(3);
        assert_eq!(
            refused_in_spanish(&mut game, usurp::Action::Place { square: 0 }),
            "Primero roba una carta."
        );
    }

    #[test]
    fn a_deckbuilder_refusal_says_why_in_both_languages() {
        use deckbuilder::chess::Square;
        use deckbuilder::{Card, ChessMove, End, Illegal};
        let g1f3 = ChessMove {
            from: Square::G1,
            to: Square::F3,
            promotion: None,
        };
        said_in_both(&[
            Illegal::GameOver(End::Checkmate { winner: 0 }),
            Illegal::GameOver(End::Resigned { loser: 1 }),
            Illegal::NoCardGetsOutOfCheck,
            Illegal::ActionPhaseOver,
            Illegal::Treasure(Card::Copper),
            Illegal::NotInHand(Card::Knight),
            Illegal::NoActionLeft,
            Illegal::InCheck,
            Illegal::CannotPlayNow(Card::Rook),
            Illegal::OnlyFirstCardMates,
            Illegal::CannotMake {
                card: Card::Pawn,
                mv: g1f3,
            },
            Illegal::BadTrade {
                trash: Card::Copper,
                gain: Card::Queen,
            },
            Illegal::BadRevival,
            Illegal::ActionPhaseAlreadyOver,
            Illegal::BuyAfterActions,
            Illegal::NoBuyLeft,
            Illegal::TooDear {
                card: Card::Queen,
                treasure: 3,
            },
            Illegal::PileEmpty(Card::Silver),
            Illegal::EndActionsFirst,
            Illegal::PlayACard,
            Illegal::NotLegal(g1f3),
            Illegal::BrokenBoard,
        ]);
        let mut game = referee::<deckbuilder::Deckbuilder>(2);
        assert_eq!(
            refused_in_spanish(&mut game, deckbuilder::Action::Buy(Card::Queen)),
            "Se compra después de la fase de acción."
        );
    }
}
