//! The ladder's arithmetic: ratings fitted to a round robin's results, Elo-like, with
//! intervals.
//!
//! Each pair of levels plays games; each game gives the first level of the pair a score
//! from 0 to 1 (see `main.rs`: its seats against the other's, a win 1, a draw or a shared
//! result ½). Ratings are the Bradley–Terry fit of those scores on the Elo scale (a
//! difference of 400 points: 10 to 1), with one drawn game added to every pair, so a level
//! that won every game gets a large finite rating rather than an infinite one. The first
//! level is the anchor, at 0. Intervals are the 2.5th and 97.5th percentiles of the same
//! fit over the games resampled (each pair's games drawn again with replacement).

use intrigue_core::seed::Rng;

/// The games of one pair of levels: `a`'s score in each.
pub struct Pair {
    pub a: usize,
    pub b: usize,
    pub scores: Vec<f64>,
}

/// Elo points per unit of the logistic's argument.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// Each level's rating (the first at 0) from `pairs`, among `levels` levels.
pub fn fit(levels: usize, pairs: &[Pair]) -> Vec<f64> {
    // Each pair's total score for `a` and number of games, with one drawn game added.
    let totals: Vec<(usize, usize, f64, f64)> = pairs
        .iter()
        .map(|p| {
            let won: f64 = p.scores.iter().sum();
            (p.a, p.b, won + 0.5, p.scores.len() as f64 + 1.0)
        })
        .collect();
    // Newton's method one level at a time (the likelihood is concave in each), the
    // anchor held at 0.
    let mut theta = vec![0.0f64; levels];
    for _ in 0..200 {
        for level in 1..levels {
            let (mut gradient, mut curvature) = (0.0f64, 1e-9f64);
            for &(a, b, won, games) in &totals {
                let p = 1.0 / (1.0 + (theta[b] - theta[a]).exp());
                let sign = if a == level {
                    1.0
                } else if b == level {
                    -1.0
                } else {
                    continue;
                };
                gradient += sign * (won - games * p);
                curvature += games * p * (1.0 - p);
            }
            theta[level] += gradient / curvature;
        }
    }
    theta.into_iter().map(|t| t * ELO).collect()
}

/// Each level's 95% interval: the fit over `resamples` resamplings of the games.
pub fn intervals(levels: usize, pairs: &[Pair], resamples: u64, seed: u64) -> Vec<(f64, f64)> {
    let mut rng = Rng::from_state(seed);
    let mut fits: Vec<Vec<f64>> = vec![Vec::new(); levels];
    for _ in 0..resamples {
        let drawn: Vec<Pair> = pairs
            .iter()
            .map(|p| Pair {
                a: p.a,
                b: p.b,
                scores: (0..p.scores.len())
                    .map(|_| p.scores[rng.below(p.scores.len() as u64) as usize])
                    .collect(),
            })
            .collect();
        for (level, rating) in fit(levels, &drawn).into_iter().enumerate() {
            fits[level].push(rating);
        }
    }
    fits.into_iter()
        .map(|mut ratings| {
            ratings.sort_by(f64::total_cmp);
            let at = |q: f64| ratings[((ratings.len() - 1) as f64 * q).round() as usize];
            (at(0.025), at(0.975))
        })
        .collect()
}

/// The 95% Wilson interval of a share `score` of `games`.
pub fn wilson(score: f64, games: f64) -> (f64, f64) {
    if games == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let p = score / games;
    let centre = p + z * z / (2.0 * games);
    let spread = z * (p * (1.0 - p) / games + z * z / (4.0 * games * games)).sqrt();
    let scale = 1.0 + z * z / games;
    ((centre - spread) / scale, (centre + spread) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, wins: usize, games: usize) -> Pair {
        Pair {
            a,
            b,
            scores: (0..games)
                .map(|g| if g < wins { 1.0 } else { 0.0 })
                .collect(),
        }
    }

    /// Even results give even ratings; a 75% score is about 191 points (less the pull of
    /// the added draw), and 10 to 1 about 400.
    #[test]
    fn ratings_follow_the_elo_scale() {
        let even = fit(2, &[pair(0, 1, 50, 100)]);
        assert!(even[1].abs() < 1e-6, "{even:?}");
        let three_to_one = fit(2, &[pair(1, 0, 300, 400)]);
        assert!((three_to_one[1] - 190.0).abs() < 3.0, "{three_to_one:?}");
        let ten_to_one = fit(2, &[pair(1, 0, 1000, 1100)]);
        assert!((ten_to_one[1] - 400.0).abs() < 5.0, "{ten_to_one:?}");
    }

    /// A round robin of three: the order of strength comes out, every game counted, and a
    /// clean sweep stays finite.
    #[test]
    fn a_round_robin_orders_the_levels() {
        let pairs = [
            pair(1, 0, 80, 100),
            pair(2, 0, 100, 100),
            pair(2, 1, 70, 100),
        ];
        let ratings = fit(3, &pairs);
        assert_eq!(ratings[0], 0.0);
        assert!(0.0 < ratings[1] && ratings[1] < ratings[2], "{ratings:?}");
        assert!(ratings[2].is_finite() && ratings[2] < 2000.0, "{ratings:?}");
    }

    /// The intervals hold the fit, and narrow as games are added.
    #[test]
    fn intervals_hold_the_fit_and_narrow_with_more_games() {
        let width = |games: usize| {
            let pairs = [pair(1, 0, games * 3 / 4, games)];
            let rating = fit(2, &pairs)[1];
            let (low, high) = intervals(2, &pairs, 300, 7)[1];
            assert!(low <= rating && rating <= high, "{low} {rating} {high}");
            high - low
        };
        let (few, many) = (width(40), width(800));
        assert!(many < few / 3.0, "{few} then {many}");
    }

    #[test]
    fn wilson_intervals_are_known_values() {
        let (low, high) = wilson(75.0, 100.0);
        assert!((low - 0.6569).abs() < 1e-3 && (high - 0.8245).abs() < 1e-3);
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }
}
