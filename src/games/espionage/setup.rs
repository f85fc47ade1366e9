//! A player sets up their army in their three nearest rows (RULINGS §3 Set-up): from the
//! tray (tap a piece, then a square; or drag placed pieces around), at random, or from a
//! set-up saved on this device by name. Only that player is looking: the curtain came first.

use intrigue_core::games::espionage::{ARMY, ARMY_SIZE, Kind, Placement};
use leptos::prelude::*;

use super::legend::Legend;
use super::board::{kind_words, picture};
use crate::components::{Board, BoardModel, BoardPiece, Face};
use crate::reasons::Reason;
use crate::{saved, storage};

use crate::saved::keys::ESPIONAGE_SET_UPS as SAVED;
/// How many set-ups a device keeps.
const MAX_SAVED: usize = 12;

/// The set-ups saved on this device for a board `width` wide that `me` may load: (name,
/// placement). One the other player uses in this game is not offered: it would show their
/// army.
fn saved_set_ups(width: u8, me: u8) -> Vec<(String, Placement)> {
    let theirs: Vec<String> = saved::in_use()
        .into_iter()
        .filter(|(seat, _)| *seat != me)
        .map(|(_, name)| name)
        .collect();
    storage::get(SAVED)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, '\t');
            let w: u8 = fields.next()?.parse().ok()?;
            let name = fields.next()?.to_string();
            let placement = Placement::from_text(fields.next()?).ok()?;
            (w == width && placement.check(width).is_ok() && !theirs.contains(&name))
                .then_some((name, placement))
        })
        .collect()
}

/// Save `placement` under `name` (replacing one of that name); the newest first.
fn save_set_up(width: u8, name: &str, placement: &Placement) -> Result<(), String> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(tr!(
            "Give the set-up a name first.",
            "Ponle antes un nombre a la colocación."
        )
        .to_string());
    }
    let mut lines: Vec<String> = storage::get(SAVED)
        .unwrap_or_default()
        .lines()
        .filter(|line| {
            let mut fields = line.splitn(3, '\t');
            !(fields.next() == Some(&width.to_string()) && fields.next() == Some(name.as_str()))
        })
        .map(str::to_string)
        .collect();
    lines.insert(0, format!("{width}\t{name}\t{}", placement.to_text()));
    lines.truncate(MAX_SAVED);
    storage::set(SAVED, &lines.join("\n")).map_err(|refused| refused.words())
}

fn kind_index(kind: Kind) -> u16 {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u16
}

/// How many of `kind` an army has.
fn in_army(kind: Kind) -> usize {
    ARMY.iter()
        .find(|(k, _)| *k == kind)
        .map_or(0, |&(_, n)| usize::from(n))
}

/// The draft of a set-up being arranged survives a reload: `esp<seat> <placement>`.
fn draft_key(me: u8) -> String {
    format!("esp{me} ")
}

fn load_draft(me: u8, size: usize) -> Vec<Option<Kind>> {
    saved::load_draft()
        .and_then(|text| {
            let placement = Placement::from_text(text.strip_prefix(&draft_key(me))?).ok()?;
            (placement.0.len() == size).then_some(placement.0)
        })
        .unwrap_or_else(|| vec![None; size])
}

/// The board of seat `me`'s set-up (`slots`: what stands on each square of its `zone`, in
/// the zone's order): its pieces, each movable to any square of the zone (swapping with
/// what is there), and the tray of what is left to place, with how many.
fn set_up_model(slots: &[Option<Kind>], zone: &[u8], me: u8, width: u8, blocked: &[u8]) -> BoardModel {
    let pieces: Vec<BoardPiece> = slots
        .iter()
        .enumerate()
        .filter_map(|(i, kind)| {
            let kind = (*kind)?;
            Some(BoardPiece {
                id: i as u16,
                at: zone[i],
                owner: Some(me),
                face: Face::Up,
                image: picture(me, kind),
                label: trf!("Your {}", "Tu {}", kind_words(kind)),
                badge: None,
            })
        })
        .collect();
    // A placed piece moves to any square of the zone (swapping with what is there).
    let destinations = pieces
        .iter()
        .map(|p| (p.at, zone.iter().copied().filter(|&s| s != p.at).collect()))
        .collect();
    let tray: Vec<BoardPiece> = Kind::ALL
        .into_iter()
        .filter_map(|kind| {
            let left = in_army(kind) - slots.iter().filter(|&&k| k == Some(kind)).count();
            (left > 0).then(|| BoardPiece {
                id: 200 + kind_index(kind),
                at: 0,
                owner: Some(me),
                face: Face::Up,
                image: picture(me, kind),
                label: trf!("{}: {left} to place", "{}: quedan {left} por colocar", kind_words(kind)),
                badge: Some(left as u8),
            })
        })
        .collect();
    let drops = tray.iter().map(|p| (p.id, zone.to_vec())).collect();
    BoardModel {
        width,
        height: intrigue_core::games::espionage::board::ROWS,
        pieces,
        destinations,
        blocked: blocked.to_vec(),
        blocked_word: tr!("volcano", "volcán").to_string(),
        marked: zone.to_vec(),
        flipped: me == 1,
        tray,
        drops,
        ..Default::default()
    }
}

#[component]
pub fn SetUpArmy(
    me: u8,
    name: String,
    width: u8,
    /// The seat's zone, in its reading order (`Geometry::zone`).
    zone: Vec<u8>,
    /// The volcanoes, drawn on the board.
    blocked: Vec<u8>,
    #[prop(into)] on_ready: Callback<Placement>,
) -> impl IntoView {
    let size = zone.len();
    let slots = RwSignal::new(load_draft(me, size));
    let problem = RwSignal::new(None::<String>);
    let saved_list = RwSignal::new(saved_set_ups(width, me));
    // The saved set-ups this player loaded or saved while setting up: once they are ready,
    // the other player is not offered them.
    let used = RwSignal::new(Vec::<String>::new());
    let save_name = RwSignal::new(String::new());
    Effect::new(move |_| {
        let text = slots.with(|s| Placement(s.clone()).to_text());
        saved::save_draft(&format!("{}{text}", draft_key(me)));
    });
    let zone_for_model = zone.clone();
    let model = Memo::new(move |_| {
        slots.with(|slots| set_up_model(slots, &zone_for_model, me, width, &blocked))
    });
    let index_of = {
        let zone = zone.clone();
        move |square: u8| zone.iter().position(|&s| s == square)
    };
    let index_of_place = index_of.clone();
    let on_move = Callback::new(move |(from, to): (u8, u8)| {
        if let (Some(a), Some(b)) = (index_of(from), index_of(to)) {
            slots.update(|s| s.swap(a, b));
        }
    });
    let on_place = Callback::new(move |(id, square): (u16, u8)| {
        let kind = Kind::ALL.get(usize::from(id.saturating_sub(200))).copied();
        if let (Some(kind), Some(i)) = (kind, index_of_place(square)) {
            slots.update(|s| s[i] = Some(kind));
        }
    });
    let placed = Memo::new(move |_| slots.with(|s| s.iter().filter(|k| k.is_some()).count()));
    let complete = Memo::new(move |_| slots.with(|s| Placement(s.clone()).check(width).is_ok()));
    // "Fill the rest at random" fills only the empty squares with the pieces still in the
    // tray; "Shuffle all" starts afresh. Either puts a headquarters it places in the
    // nearest row, covered (`Placement::fill`).
    let random = move |_| match saved::fresh_seed() {
        Ok(seed) => slots.update(|s| *s = Placement::fill(s, seed, width).0),
        Err(e) => problem.set(Some(e)),
    };
    let shuffle = move |_| match saved::fresh_seed() {
        Ok(seed) => slots.set(Placement::fill(&vec![None; size], seed, width).0),
        Err(e) => problem.set(Some(e)),
    };
    let save = move |_| {
        let placement = Placement(slots.get_untracked());
        let outcome = save_set_up(width, &save_name.get_untracked(), &placement);
        if outcome.is_ok() {
            let name = save_name
                .get_untracked()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            used.update(|u| u.push(name));
            saved_list.set(saved_set_ups(width, me));
            save_name.set(String::new());
        }
        problem.set(outcome.err());
    };
    view! {
        <section class="espionage-setup" data-seat=me>
            <header class="play-head">
                <p class="kicker">{tr!("Espionage · set-up", "Espionaje · colocación")}</p>
                <h1 class="banner turn">{name.clone()}{tr!(": set up your army", ": coloca tu ejército")}</h1>
                <p class="next-up">{trf!(
                    "Place all {ARMY_SIZE} pieces in your three nearest rows. Tap a piece in the tray, then a square; tap a placed piece to move it.",
                    "Coloca las {ARMY_SIZE} piezas en tus tres filas más cercanas. Toca una pieza de la bandeja y luego una casilla; toca una pieza colocada para moverla."
                )}</p>
            </header>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <Board model on_move on_place label=crate::i18n::cap(&crate::i18n::of(&name, "set-up", "colocación")) tell=true/>
            <div class="answer-bar">
                <p class="placed" role="status">{move || placed.get()}{tr!(" of ", " de ")}{ARMY_SIZE}{tr!(" placed", " colocadas")}</p>
                <div class="actions">
                    <button type="button" class="button" data-action="fill" prop:disabled=move || placed.get() == ARMY_SIZE
                        on:click=random>{tr!("Fill the rest at random", "Rellenar el resto al azar")}</button>
                    <button type="button" class="button" data-action="shuffle" on:click=shuffle>{tr!("Shuffle all", "Barajar todo")}</button>
                    <button type="button" class="button" prop:disabled=move || placed.get() == 0
                        on:click=move |_| slots.set(vec![None; size])>{tr!("Clear", "Vaciar")}</button>
                    <button type="button" class="button primary" data-action="ready" prop:disabled=move || !complete.get()
                        on:click=move |_| {
                            let mine = used.get_untracked();
                            match saved::mark_in_use(me, &mine) {
                                Ok(()) => {
                                    on_ready.run(Placement(slots.get_untracked()));
                                    crate::components::focus_board_after_frame();
                                }
                                // Nothing recorded, nothing played: the other player would be
                                // offered this army.
                                Err(refused) => problem.set(Some(refused.words())),
                            }
                        }>{tr!("Ready", "Listo")}</button>
                </div>
            </div>
            <Legend me/>
            <section class="saved-set-ups" aria-labelledby="saved-set-ups-title">
                <h2 id="saved-set-ups-title">{tr!("Your saved set-ups", "Tus colocaciones guardadas")}</h2>
                {move || {
                    let list = saved_list.get();
                    if list.is_empty() {
                        view! { <p class="muted">{tr!("None yet on this device. Arrange one and save it for your next game.", "Aún no hay ninguna en este dispositivo. Prepara una y guárdala para tu próxima partida.")}</p> }.into_any()
                    } else {
                        view! {
                            <div class="actions">
                                {list.into_iter().map(|(name, placement)| view! {
                                    <button type="button" class="button" on:click=move |_| {
                                        slots.set(placement.0.clone());
                                        let name = name.clone();
                                        used.update(|u| u.push(name));
                                    }>{tr!("Load “", "Cargar «")}{name.clone()}{tr!("”", "»")}</button>
                                }).collect_view()}
                            </div>
                        }.into_any()
                    }
                }}
                <form class="save-set-up" on:submit=move |ev| { ev.prevent_default(); save(()); }>
                    <label class="code-label" for="set-up-name">{tr!("Save this set-up as", "Guardar esta colocación como")}</label>
                    <div class="name-row">
                        <input type="text" id="set-up-name" maxlength="30" autocomplete="off"
                            prop:value=move || save_name.get()
                            on:input=move |ev| save_name.set(event_target_value(&ev))/>
                        <button type="submit" class="button" prop:disabled=move || !complete.get()>{tr!("Save", "Guardar")}</button>
                    </div>
                </form>
            </section>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use intrigue_core::games::espionage::Geometry;

    use super::*;
    use crate::i18n::{Lang, speak};

    /// An empty zone has the whole army in the tray, each kind with how many are left; a
    /// piece placed leaves the tray one fewer and may move to any other square of the zone.
    #[test]
    fn a_set_up_board_has_the_army_in_its_tray_until_placed() {
        speak(Lang::En);
        let g = Geometry { width: 10 };
        let zone = g.zone(0);
        let mut slots = vec![None; zone.len()];
        let model = set_up_model(&slots, &zone, 0, 10, &[]);
        assert!(model.pieces.is_empty());
        let left: usize = model.tray.iter().map(|p| usize::from(p.badge.unwrap())).sum();
        assert_eq!(left, ARMY_SIZE);
        assert!(model.tray.iter().all(|p| model.drops.iter().any(|(id, to)| *id == p.id && to == &zone)));
        slots[3] = Some(Kind::Spy);
        let model = set_up_model(&slots, &zone, 0, 10, &[]);
        assert_eq!(model.pieces.len(), 1);
        assert_eq!(model.pieces[0].at, zone[3]);
        assert_eq!(model.pieces[0].label, "Your Spy");
        assert_eq!(model.destinations[0].1.len(), zone.len() - 1, "any other square of the zone");
        let spies = model.tray.iter().find(|p| p.label.starts_with("Spy:")).unwrap();
        assert_eq!(usize::from(spies.badge.unwrap()), in_army(Kind::Spy) - 1);
        assert!(!model.flipped, "South sees its own side");
        assert!(set_up_model(&slots, &g.zone(1), 1, 10, &[]).flipped);
    }
}
