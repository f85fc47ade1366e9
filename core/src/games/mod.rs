//! One folder per game: its pieces, deal, state, moves, views and notation.

pub mod carousel_chess;
pub mod city_of_spies;
