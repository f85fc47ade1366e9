//! The pieces of an army (RULINGS §3, the Spanish text's "Las piezas y sus relaciones") and
//! what happens when one attacks another ("Combat").

use std::fmt;

/// A kind of piece. Soldiers carry a rank from 1 (corporal) to 5 (general).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Cabo, rank 1.
    Corporal,
    /// Teniente, rank 2.
    Lieutenant,
    /// Capitán, rank 3.
    Captain,
    /// Coronel, rank 4.
    Colonel,
    /// General, rank 5.
    General,
    /// Espía: unmasks the enemies around it.
    Spy,
    /// Cazaminas: clears mines, beats a general it attacks.
    Minesweeper,
    /// Mina: never moves; kills whatever steps on it but a minesweeper.
    Mine,
    /// Cuartelillo: never moves; whoever takes it wins.
    Headquarters,
}

/// An army, in the order its pieces are numbered: 5 corporals, 4 lieutenants, 3 captains,
/// 2 colonels, 2 generals, 5 spies, 4 minesweepers, 4 mines, 1 headquarters (30 pieces).
pub const ARMY: [(Kind, u8); 9] = [
    (Kind::Corporal, 5),
    (Kind::Lieutenant, 4),
    (Kind::Captain, 3),
    (Kind::Colonel, 2),
    (Kind::General, 2),
    (Kind::Spy, 5),
    (Kind::Minesweeper, 4),
    (Kind::Mine, 4),
    (Kind::Headquarters, 1),
];

/// How many pieces an army has.
pub const ARMY_SIZE: usize = 30;

/// Every piece of an army, one entry per piece, in [`ARMY`] order.
pub fn army() -> Vec<Kind> {
    ARMY.iter()
        .flat_map(|&(kind, count)| std::iter::repeat_n(kind, usize::from(count)))
        .collect()
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Corporal,
        Kind::Lieutenant,
        Kind::Captain,
        Kind::Colonel,
        Kind::General,
        Kind::Spy,
        Kind::Minesweeper,
        Kind::Mine,
        Kind::Headquarters,
    ];

    /// A soldier's rank, 1–5.
    pub fn rank(self) -> Option<u8> {
        match self {
            Kind::Corporal => Some(1),
            Kind::Lieutenant => Some(2),
            Kind::Captain => Some(3),
            Kind::Colonel => Some(4),
            Kind::General => Some(5),
            _ => None,
        }
    }

    /// Mines and the headquarters never move.
    pub fn moves(self) -> bool {
        !matches!(self, Kind::Mine | Kind::Headquarters)
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Corporal => "Corporal",
            Kind::Lieutenant => "Lieutenant",
            Kind::Captain => "Captain",
            Kind::Colonel => "Colonel",
            Kind::General => "General",
            Kind::Spy => "Spy",
            Kind::Minesweeper => "Minesweeper",
            Kind::Mine => "Mine",
            Kind::Headquarters => "Headquarters",
        }
    }

    /// The Spanish text's word.
    pub fn spanish(self) -> &'static str {
        match self {
            Kind::Corporal => "cabo",
            Kind::Lieutenant => "teniente",
            Kind::Captain => "capitán",
            Kind::Colonel => "coronel",
            Kind::General => "general",
            Kind::Spy => "espía",
            Kind::Minesweeper => "cazaminas",
            Kind::Mine => "mina",
            Kind::Headquarters => "cuartelillo",
        }
    }

    /// The symbol on the piece: its rank for a soldier, a letter for the rest.
    pub fn symbol(self) -> &'static str {
        match self {
            Kind::Corporal => "1",
            Kind::Lieutenant => "2",
            Kind::Captain => "3",
            Kind::Colonel => "4",
            Kind::General => "5",
            Kind::Spy => "S",
            Kind::Minesweeper => "M",
            Kind::Mine => "X",
            Kind::Headquarters => "H",
        }
    }

    /// Its letter in position and record texts (see `position`).
    pub fn letter(self) -> char {
        match self {
            Kind::Corporal => 'c',
            Kind::Lieutenant => 'l',
            Kind::Captain => 'k',
            Kind::Colonel => 'o',
            Kind::General => 'g',
            Kind::Spy => 's',
            Kind::Minesweeper => 'm',
            Kind::Mine => 'x',
            Kind::Headquarters => 'h',
        }
    }

    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == letter.to_ascii_lowercase())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How an attack ends (RULINGS §3 Combat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The defender is removed; the attacker takes its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// A minesweeper clears a mine: the mine is removed, the minesweeper takes its square.
    MineCleared,
    /// The attacker stepped on a mine and died; the mine stays.
    MineHolds,
    /// The headquarters is taken: the attacker's side wins the game.
    HeadquartersTaken,
}

/// What happens when `attacker` moves onto `defender`. Mines and the headquarters never
/// attack (they never move); asked anyway, they lose.
pub fn combat(attacker: Kind, defender: Kind) -> Outcome {
    use Kind::*;
    use Outcome::*;
    if !attacker.moves() {
        return DefenderWins;
    }
    match (attacker, defender) {
        (_, Headquarters) => HeadquartersTaken,
        (Minesweeper, Mine) => MineCleared,
        (_, Mine) => MineHolds,
        // Equal pieces: the attacker wins.
        (a, d) if a == d => AttackerWins,
        (Minesweeper, General) => AttackerWins,
        (Minesweeper, Spy) => AttackerWins,
        (Minesweeper, _) => DefenderWins,
        (Spy, Minesweeper) => AttackerWins,
        (Spy, _) => DefenderWins,
        // A soldier: beats equal or lower ranks, spies and minesweepers (a general
        // attacking a minesweeper too).
        (a, d) => match (a.rank(), d.rank()) {
            (Some(a), Some(d)) if a < d => DefenderWins,
            _ => AttackerWins,
        },
    }
}
