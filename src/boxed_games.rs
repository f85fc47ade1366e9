//! What the home screen says about each game: its pitch, and whether it can be played yet.
//! The facts (names, player counts) come from `intrigue_core::GameKind`.

use intrigue_core::GameKind;

/// One line that makes a table want to play it.
pub fn pitch(kind: GameKind) -> &'static str {
    match kind {
        GameKind::CityOfSpies => {
            "Everyone moves the same eleven pieces around a building. Guard your secret piece, hunt your secret target, and never show whose side you are on."
        }
        GameKind::CarouselChess => {
            "One chessboard, the whole table: you play White, then Black, then White again, while secretly rooting for one side, or for a draw."
        }
        GameKind::Espionage => {
            "Two hidden armies, mines and volcanoes. Send spies forward to unmask the enemy before your generals walk into a trap."
        }
        GameKind::Usurp => {
            "Lay cards on the town squares or sweep one up for your castles. Kings want queens, bishops and knights want their pawns."
        }
        GameKind::ChessDeckbuilder => {
            "Chess where your hand of cards decides which pieces may move. Buy better cards, chain your actions, checkmate."
        }
    }
}

/// Whether the game can be played in this version. A game becomes playable when its
/// complete screens have landed; until then the home screen says so and offers the rules.
pub fn playable(kind: GameKind) -> bool {
    match kind {
        GameKind::CityOfSpies | GameKind::CarouselChess => true,
        GameKind::Espionage | GameKind::Usurp | GameKind::ChessDeckbuilder => false,
    }
}
