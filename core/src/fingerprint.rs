//! The table fingerprint: three words that the table and every phone show, so players can
//! see at a glance that they joined the same game ("amber otter lantern").
//!
//! Frozen: the words come from the table id (see [`crate::table::TableId`]): stream
//! `"fingerprint"`, 0, under the table id read as a big-endian seed; each output's lowest
//! 8 bits pick a word from [`WORDS`], skipping a word already picked, until there are
//! three different words. Names are
//! not part of it (a typed code carries none). The same list gives each round its check
//! word ([`crate::table::TableId::round_word`]).

use std::fmt;

use crate::seed::Rng;

/// 256 short, distinct words that are easy to say across a table.
pub const WORDS: [&str; 256] = [
    "acorn", "adder", "amber", "anchor", "angel", "apple", "apron", "arch", "arrow", "aspen",
    "attic", "badge", "bagel", "banjo", "barn", "basil", "beach", "beacon", "bean", "bear",
    "beetle", "bell", "berry", "birch", "bison", "blade", "bloom", "boat", "bolt", "bone", "brass",
    "bread", "brick", "bridge", "brook", "broom", "bucket", "bugle", "cabin", "cactus", "camel",
    "candle", "canoe", "canyon", "cape", "carrot", "castle", "cedar", "cello", "chalk", "cherry",
    "chess", "cider", "clam", "cliff", "clock", "cloud", "clover", "cobalt", "comet", "copper",
    "coral", "cotton", "crane", "crow", "crown", "dagger", "daisy", "delta", "desert", "dingo",
    "dolphin", "dove", "dragon", "drum", "dune", "eagle", "echo", "elbow", "elm", "ember",
    "falcon", "feather", "fern", "fiddle", "fig", "finch", "flame", "flint", "flute", "forest",
    "fossil", "fox", "frost", "garnet", "gecko", "ginger", "glacier", "glove", "goat", "gold",
    "goose", "granite", "grape", "gravel", "hammer", "harbor", "harp", "hawk", "hazel", "heron",
    "hill", "honey", "horn", "husky", "iris", "island", "ivory", "ivy", "jade", "jasmine", "jelly",
    "jewel", "juniper", "kayak", "kettle", "kite", "koala", "ladder", "lagoon", "lake", "lamp",
    "lantern", "lark", "lava", "lemon", "lily", "lime", "linen", "lion", "lizard", "lotus", "lynx",
    "magnet", "mango", "maple", "marble", "meadow", "melon", "mint", "mirror", "mole", "moon",
    "moose", "moss", "mountain", "mule", "nectar", "needle", "nest", "newt", "nutmeg", "oak",
    "oasis", "ocean", "olive", "onyx", "opal", "orange", "orchid", "otter", "owl", "oyster",
    "paddle", "panda", "paper", "parrot", "peach", "pearl", "pebble", "pepper", "piano", "pine",
    "planet", "plum", "pony", "poppy", "prism", "puffin", "quail", "quartz", "quill", "rabbit",
    "radish", "raven", "reef", "ribbon", "river", "robin", "rocket", "rose", "ruby", "saddle",
    "saffron", "salmon", "sand", "scarf", "seal", "shadow", "shell", "silver", "sparrow", "spice",
    "spider", "spruce", "squid", "star", "stone", "storm", "sugar", "swan", "thistle", "thunder",
    "tiger", "timber", "toad", "topaz", "torch", "tulip", "turtle", "umber", "valley", "velvet",
    "violet", "walnut", "walrus", "wasp", "willow", "wind", "wolf", "yak", "yarrow", "zebra",
    "zephyr", "zinc", "zucchini", "bamboo", "cobra", "cricket", "dahlia", "emerald", "hollow",
    "igloo", "jaguar", "kiwi", "lemur",
];

/// The same 256 words in Spanish, in the same order: a Spanish screen shows a table's words
/// and round words from here, with the English beside them, so a table and a phone in
/// either language can be compared (the words are drawn by their place in [`WORDS`]).
pub const WORDS_ES: [&str; 256] = [
    "bellota",
    "víbora",
    "ámbar",
    "ancla",
    "ángel",
    "manzana",
    "delantal",
    "bóveda",
    "flecha",
    "álamo",
    "desván",
    "insignia",
    "rosquilla",
    "banjo",
    "establo",
    "albahaca",
    "playa",
    "baliza",
    "judía",
    "oso",
    "escarabajo",
    "campana",
    "baya",
    "abedul",
    "bisonte",
    "cuchilla",
    "flor",
    "barco",
    "cerrojo",
    "hueso",
    "latón",
    "pan",
    "ladrillo",
    "puente",
    "arroyo",
    "escoba",
    "cubo",
    "clarín",
    "cabaña",
    "cactus",
    "camello",
    "vela",
    "canoa",
    "cañón",
    "capa",
    "zanahoria",
    "castillo",
    "cedro",
    "violonchelo",
    "tiza",
    "cereza",
    "ajedrez",
    "sidra",
    "almeja",
    "acantilado",
    "reloj",
    "nube",
    "trébol",
    "cobalto",
    "cometa",
    "cobre",
    "coral",
    "algodón",
    "grulla",
    "corneja",
    "corona",
    "daga",
    "margarita",
    "delta",
    "desierto",
    "dingo",
    "delfín",
    "paloma",
    "dragón",
    "tambor",
    "duna",
    "águila",
    "eco",
    "codo",
    "olmo",
    "brasa",
    "halcón",
    "pluma",
    "helecho",
    "violín",
    "higo",
    "pinzón",
    "llama",
    "pedernal",
    "flauta",
    "bosque",
    "fósil",
    "zorro",
    "escarcha",
    "granate",
    "geco",
    "jengibre",
    "glaciar",
    "guante",
    "cabra",
    "oro",
    "ganso",
    "roca",
    "uva",
    "grava",
    "martillo",
    "puerto",
    "arpa",
    "gavilán",
    "avellano",
    "garza",
    "colina",
    "miel",
    "cuerno",
    "husky",
    "iris",
    "isla",
    "marfil",
    "hiedra",
    "jade",
    "jazmín",
    "gelatina",
    "joya",
    "enebro",
    "kayak",
    "tetera",
    "milano",
    "koala",
    "escalera",
    "laguna",
    "lago",
    "lámpara",
    "farol",
    "alondra",
    "lava",
    "limón",
    "azucena",
    "lima",
    "lino",
    "león",
    "lagarto",
    "loto",
    "lince",
    "imán",
    "mango",
    "arce",
    "mármol",
    "prado",
    "melón",
    "menta",
    "espejo",
    "topo",
    "luna",
    "alce",
    "musgo",
    "montaña",
    "mula",
    "néctar",
    "aguja",
    "nido",
    "tritón",
    "moscada",
    "roble",
    "oasis",
    "océano",
    "aceituna",
    "ónice",
    "ópalo",
    "naranja",
    "orquídea",
    "nutria",
    "búho",
    "ostra",
    "remo",
    "panda",
    "papel",
    "loro",
    "melocotón",
    "perla",
    "guijarro",
    "pimienta",
    "piano",
    "pino",
    "planeta",
    "ciruela",
    "poni",
    "amapola",
    "prisma",
    "frailecillo",
    "codorniz",
    "cuarzo",
    "púa",
    "conejo",
    "rábano",
    "cuervo",
    "arrecife",
    "cinta",
    "río",
    "petirrojo",
    "cohete",
    "rosa",
    "rubí",
    "montura",
    "azafrán",
    "salmón",
    "arena",
    "bufanda",
    "foca",
    "sombra",
    "concha",
    "plata",
    "gorrión",
    "especia",
    "araña",
    "abeto",
    "calamar",
    "estrella",
    "piedra",
    "tormenta",
    "azúcar",
    "cisne",
    "cardo",
    "trueno",
    "tigre",
    "madera",
    "sapo",
    "topacio",
    "antorcha",
    "tulipán",
    "tortuga",
    "pardo",
    "valle",
    "terciopelo",
    "violeta",
    "nuez",
    "morsa",
    "avispa",
    "sauce",
    "viento",
    "lobo",
    "yak",
    "milenrama",
    "cebra",
    "céfiro",
    "cinc",
    "calabacín",
    "bambú",
    "cobra",
    "grillo",
    "dalia",
    "esmeralda",
    "hondonada",
    "iglú",
    "jaguar",
    "kiwi",
    "lémur",
];

/// `word` of [`WORDS`] in Spanish (itself if it is not one of them).
pub fn in_spanish(word: &str) -> &str {
    WORDS
        .iter()
        .position(|w| *w == word)
        .map_or(word, |i| WORDS_ES[i])
}

/// Three words naming one dealt table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fingerprint(pub [&'static str; 3]);

impl Fingerprint {
    /// Three different words: each output's lowest 8 bits pick one, and a word already
    /// picked is drawn again.
    pub fn draw(rng: &mut Rng) -> Fingerprint {
        let mut picked: Vec<&'static str> = Vec::with_capacity(3);
        while picked.len() < 3 {
            let word = WORDS[(rng.next_u64() & 0xFF) as usize];
            if !picked.contains(&word) {
                picked.push(word);
            }
        }
        Fingerprint([picked[0], picked[1], picked[2]])
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.0[0], self.0[1], self.0[2])
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_spanish_words_are_256_different_words_in_the_same_order() {
        let mut seen = std::collections::HashSet::new();
        for word in WORDS_ES {
            assert!(seen.insert(word), "{word} twice");
            assert!(!word.contains(' '), "{word}: one word");
        }
        assert_eq!(in_spanish("amber"), "ámbar");
        assert_eq!(in_spanish("lemur"), "lémur");
        assert_eq!(in_spanish("otter"), "nutria");
        assert_eq!(in_spanish("not a word"), "not a word");
    }

    use super::*;
    use crate::seats::Seats;
    use crate::seed::Seed;
    use crate::table::{SecretGame, TableDeal};

    #[test]
    fn the_word_list_has_256_distinct_plain_words() {
        let mut words = WORDS.to_vec();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), 256);
        assert!(
            WORDS
                .iter()
                .all(|w| w.len() <= 8 && w.chars().all(|c| c.is_ascii_lowercase()))
        );
    }

    #[test]
    fn golden_fingerprint_and_what_changes_it() {
        let seats = Seats::new(5, vec![]).unwrap();
        let city = SecretGame::with_defaults(crate::games::city_of_spies::KIND).unwrap();
        let deal = TableDeal::new(city, seats.clone(), Seed(0x5EED_CAFE_F00D_0001)).unwrap();
        assert_eq!(deal.fingerprint().to_string(), GOLDEN);
        // Names do not change it; the seed, the game and the player count do.
        let named = Seats::new(
            5,
            vec![
                "Ann".into(),
                "Bo".into(),
                "Cy".into(),
                "Di".into(),
                "Ed".into(),
            ],
        )
        .unwrap();
        let renamed = TableDeal::new(city, named, deal.seed).unwrap();
        assert_eq!(renamed.fingerprint(), deal.fingerprint());
        let reseeded = TableDeal::new(city, seats.clone(), Seed(1)).unwrap();
        assert_ne!(reseeded.fingerprint(), deal.fingerprint());
        let carousel = TableDeal::new(
            SecretGame::with_defaults(crate::games::carousel_chess::KIND).unwrap(),
            seats,
            deal.seed,
        )
        .unwrap();
        assert_ne!(carousel.fingerprint(), deal.fingerprint());
    }

    const GOLDEN: &str = "clover hill yak";
}
