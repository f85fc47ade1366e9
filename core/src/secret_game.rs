//! A game whose secrets the table deals to phones, with the house rules that change that
//! deal (`SecretGame`). It names no game: the catalogue's facts say which games deal
//! secrets and which options change the deal, so every code can be read below the games.

use crate::catalogue::GameKind;
use crate::seats::ConfigError;

/// A game whose secrets are dealt from the seed and handed to phones, with the options
/// that change the deal (bit `i`: the game's option `i`, as in [`crate::games::Start`];
/// the options that change only the play are not kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SecretGame {
    kind: GameKind,
    options: u8,
}

impl SecretGame {
    /// The secret deal of `kind` with the house rules `options`, for a game whose facts
    /// say it deals secrets (`GameInfo::secret_deal`).
    pub fn new(kind: GameKind, options: u8) -> Result<SecretGame, ConfigError> {
        let info = kind.info();
        if !info.options_valid(options) {
            return Err(ConfigError::UnknownOption(kind));
        }
        if !info.secret_deal {
            return Err(ConfigError::NoSecretDeal(kind));
        }
        let kept = (0..info.options.len())
            .filter(|&i| info.options[i].code_bit.is_some())
            .fold(0, |kept, i| {
                info.with_option(kept, i, info.option_value(options, i))
            });
        Ok(SecretGame {
            kind,
            options: kept,
        })
    }

    /// A game's own deal, from inside the game (which knows its options are its own).
    pub(crate) fn dealt(kind: GameKind, options: u8) -> SecretGame {
        debug_assert!(kind.info().secret_deal && kind.info().options_valid(options));
        SecretGame { kind, options }
    }

    /// The game with default options.
    pub fn with_defaults(kind: GameKind) -> Result<SecretGame, ConfigError> {
        SecretGame::new(kind, 0)
    }

    pub fn kind(self) -> GameKind {
        self.kind
    }

    /// The house rules of this deal, numbered as [`crate::games::Start`] numbers them.
    pub fn options(self) -> u8 {
        self.options
    }

    /// Whether the table deals new secrets every round (A City of Spies' cards).
    pub fn has_rounds(self) -> bool {
        self.kind.info().secret_rounds
    }

    /// The option bits of this deal in codes and the table id (`DealOption::code_bit`).
    pub(crate) fn code_bits(self) -> u8 {
        let info = self.kind.info();
        // A house rule that changes the deal is a switch (the registry test holds it).
        info.options
            .iter()
            .enumerate()
            .filter(|&(i, _)| info.option_value(self.options, i) != 0)
            .fold(0, |bits, (_, option)| bits | option.code_bit.unwrap_or(0))
    }

    /// The deal that code bits name for the game `kind`.
    pub(crate) fn from_code(kind: GameKind, code_bits: u8) -> Result<SecretGame, ConfigError> {
        let info = kind.info();
        let mut chosen = 0;
        for (i, option) in info.options.iter().enumerate() {
            if option.code_bit.is_some_and(|bit| code_bits & bit != 0) {
                chosen = info.with_option(chosen, i, 1);
            }
        }
        SecretGame::new(kind, chosen)
    }

    /// Every option bit this game's codes may carry.
    pub(crate) fn allowed_code_bits(kind: GameKind) -> u8 {
        kind.info()
            .options
            .iter()
            .filter_map(|o| o.code_bit)
            .fold(0, |all, bit| all | bit)
    }
}
