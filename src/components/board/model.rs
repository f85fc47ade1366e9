//! What a board is given to draw: its size and side, the pieces (with a lasting id, an
//! owner and a face), where each may go, the last move and the squares nothing enters.
//! Squares are numbered rank × width + file from the bottom-left.

/// How a piece lies on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Face {
    /// Face up, as on any chessboard.
    #[default]
    Up,
    /// Face down: the board draws the back only (never an image or a badge), whatever the
    /// caller passed; give it a label that says no more than the back shows.
    Down,
    /// Turned face up for everyone to see (an unmasked piece): drawn up and marked.
    Shown,
}

/// One piece as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPiece {
    /// Stable for the piece's whole life (moves keep it): tests and animations follow it.
    pub id: u16,
    pub at: u8,
    /// The seat it belongs to, if anyone's (drawn as a coloured ring: `owner-N`).
    pub owner: Option<u8>,
    pub face: Face,
    pub image: &'static str,
    /// Said by screen readers and tests ("Rook 2").
    pub label: String,
    /// A small number that tells twins apart.
    pub badge: Option<u8>,
}

/// Which moves the board draws at the tap, before the game has played them: the tap's
/// frame then shows the piece moving (one frame on a slow phone) and the game's own board
/// follows a frame later, with whatever else the move did (a rook castling, a pawn taken
/// in passing, a promotion). A move the board cannot foresee waits for the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TapShows {
    /// None: the game may do anything with a move (a set-up swaps two pieces).
    #[default]
    Nothing,
    /// Every move: a piece moved onto another takes it (chess).
    EveryMove,
    /// Every move but these `(from, to)`, which ask something first (which piece a pawn
    /// becomes).
    EveryMoveBut(Vec<(u8, u8)>),
    /// Moves to empty squares; a move onto a piece waits for the game (a hidden combat).
    QuietMoves,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardModel {
    pub width: u8,
    pub height: u8,
    pub pieces: Vec<BoardPiece>,
    pub destinations: Vec<(u8, Vec<u8>)>,
    pub last_move: Option<(u8, u8)>,
    /// More squares marked like the last move (a turn of several moves).
    pub recent: Vec<u8>,
    /// Squares nothing may enter (the building, a volcano), drawn as such.
    pub blocked: Vec<u8>,
    /// What a blocked square is, said with its name to a screen reader ("volcano"): the
    /// game's word, in the page's language; none said when empty.
    pub blocked_word: String,
    /// Squares marked as the viewer's own (a set-up's rows), drawn as such.
    pub marked: Vec<u8>,
    /// A king in check.
    pub check: Option<u8>,
    /// Seen from the far side: the last rank at the bottom, the last file on the left.
    pub flipped: bool,
    /// Pieces waiting beside the board to be placed (a set-up), in the order drawn.
    pub tray: Vec<BoardPiece>,
    /// Where each tray piece (by id) may be placed.
    pub drops: Vec<(u16, Vec<u8>)>,
    /// Which moves are drawn at the tap (see [`TapShows`]).
    pub tap_shows: TapShows,
    /// Why the piece on a square cannot act now, in the page's language: said on the
    /// board, and to screen readers, when it is tapped (a piece that can act has none).
    pub refusals: Vec<(u8, String)>,
}

/// "e4" for a square index on a board `width` wide.
pub fn square_name(index: u8, width: u8) -> String {
    let file = (b'a' + index % width) as char;
    format!("{file}{}", index / width + 1)
}

impl BoardModel {
    pub(super) fn targets(&self, from: u8) -> Vec<u8> {
        self.destinations
            .iter()
            .find(|(f, _)| *f == from)
            .map(|(_, to)| to.clone())
            .unwrap_or_default()
    }

    /// The piece on `from` may move to `to`.
    pub(super) fn can_move(&self, from: u8, to: u8) -> bool {
        self.destinations
            .iter()
            .any(|(f, dests)| *f == from && dests.contains(&to))
    }

    /// The piece on `from` has somewhere to go.
    pub(super) fn movable(&self, from: u8) -> bool {
        self.destinations
            .iter()
            .any(|(f, dests)| *f == from && !dests.is_empty())
    }

    /// Why the piece on `square` cannot act now, if the game said.
    pub(super) fn refusal(&self, square: u8) -> Option<&str> {
        self.refusals
            .iter()
            .find(|(at, _)| *at == square)
            .map(|(_, why)| why.as_str())
    }

    /// The tray piece `id` may be placed on `square`.
    pub(super) fn can_drop(&self, id: u16, square: u8) -> bool {
        self.drops
            .iter()
            .any(|(piece, dests)| *piece == id && dests.contains(&square))
    }

    pub(super) fn drop_squares(&self, id: u16) -> Vec<u8> {
        self.drops
            .iter()
            .find(|(piece, _)| *piece == id)
            .map(|(_, to)| to.clone())
            .unwrap_or_default()
    }

    /// The move `from` → `to` is drawn at the tap (see [`TapShows`]).
    pub(super) fn shows_at_tap(&self, from: u8, to: u8) -> bool {
        match &self.tap_shows {
            TapShows::Nothing => false,
            TapShows::EveryMove => true,
            TapShows::EveryMoveBut(asking) => !asking.contains(&(from, to)),
            TapShows::QuietMoves => !self.pieces.iter().any(|p| p.at == to),
        }
    }

    /// The pieces as they will stand once the piece on `from` has moved to `to` (see
    /// [`BoardModel::with_move_shown`]).
    pub(super) fn pieces_with_move_shown(&self, (from, to): (u8, u8)) -> Vec<BoardPiece> {
        let mut pieces: Vec<BoardPiece> =
            self.pieces.iter().filter(|p| p.at != to).cloned().collect();
        for p in pieces.iter_mut().filter(|p| p.at == from) {
            p.at = to;
        }
        pieces
    }

    /// The board as it will look once the piece on `from` has moved to `to`, drawn at the
    /// tap before the game has played the move (see `Board`): the piece there is taken, the
    /// move is the last one, and nothing can move until the game's own board replaces this.
    pub(super) fn with_move_shown(&self, (from, to): (u8, u8)) -> BoardModel {
        let mut shown = self.clone();
        shown.pieces = self.pieces_with_move_shown((from, to));
        shown.destinations.clear();
        shown.refusals.clear();
        shown.drops.clear();
        shown.recent.clear();
        shown.last_move = Some((from, to));
        shown.check = None;
        shown
    }

    /// The squares in the order they are drawn: top-left first, as the viewer sees them.
    pub(super) fn drawing_order(&self) -> Vec<u8> {
        let (w, h) = (self.width, self.height);
        let ranks: Vec<u8> = if self.flipped {
            (0..h).collect()
        } else {
            (0..h).rev().collect()
        };
        ranks
            .into_iter()
            .flat_map(|rank| {
                let files: Vec<u8> = if self.flipped {
                    (0..w).rev().collect()
                } else {
                    (0..w).collect()
                };
                files.into_iter().map(move |file| rank * w + file)
            })
            .collect()
    }
}
