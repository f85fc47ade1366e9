//! Usurp with every seat on a phone (issue 42): no device can stack or foresee the deck,
//! the table's included. The table's device (`#/fair/usurp`) sets the terms, invites each
//! seat's phone (a QR code, or letters, marked as a game the phones referee), shows the
//! town squares and relays every phone's words in one order; it plays no seat and adds
//! nothing to a draw. Each phone plays its seat and gives its share of every draw, the
//! next link of a hash chain whose head it gave when it joined. Each device runs its part
//! of the game (`intrigue_core::games::usurp::fair_session`: `Table`, `Phone`), keeps it
//! through a reload (`saved::keys::FAIR_USURP_TABLE`, `FAIR_USURP_PHONE`), and shows the
//! game's check: the same on every screen means every device saw one game. A player whose
//! phone broke the rules is named on the screen; the others share the win.

use intrigue_core::Viewer;
use intrigue_core::games::usurp::cards::Counts;
use intrigue_core::games::usurp::fair::{Breach, Broke, Deal, Refused};
use intrigue_core::games::usurp::fair_session::{
    Phone, PhoneKept, Table, TableKept, Terms, Trouble, kept_to_bytes,
};
use intrigue_core::games::usurp::{Action, Event, KIND, Usurp};
use intrigue_core::wire::join::Invitation;
use leptos::prelude::*;

use super::fair_words::{broke_words, refused_words, trouble_words};
use super::table::{UsurpPhone, UsurpTable};
use crate::games::fair::{Part, check_words, hex, kept, random, unpassed};
use crate::games::fair_link::{answering, inviting, send};
use crate::games::fair_screen::{NewFairGame, header};
use crate::games::phone::{LinkAlert, Linking};
use crate::games::phone_book::PhoneBook;
use crate::games::phone_link::LinkState;
use crate::games::phone_seat::PhoneSeat;
use crate::games::shell::SeatFeed;
use crate::i18n::GameWords;
use crate::saved::keys::{FAIR_USURP_PHONE, FAIR_USURP_TABLE};

/// This device's part of the game.
enum Session {
    Table(Box<Table>),
    Phone(Box<Phone>),
}

type Out = crate::games::fair::Out<Event, Broke>;

impl Session {
    fn deal(&self) -> Option<&Deal> {
        match self {
            Session::Table(table) => Some(table.deal()),
            Session::Phone(phone) => phone.deal(),
        }
    }

    /// The phone's seat, once the table said hello; the table plays none.
    fn me(&self) -> Option<u8> {
        match self {
            Session::Table(_) => None,
            Session::Phone(phone) => phone.hello().map(|h| h.seat),
        }
    }
}

impl Part for Session {
    type Action = Action;
    type Event = Event;
    type Broke = Broke;
    type Trouble = Trouble;
    type Refused = Refused;

    fn heard(&mut self, seat: u8, bytes: &[u8]) -> Result<Out, Trouble> {
        match self {
            Session::Table(table) => {
                let step = table.heard(seat, bytes);
                Ok(Out {
                    everyone: step.everyone,
                    to: Some(seat),
                    this: step.this,
                    news: step.news,
                    broke: step.broke,
                    notice: None,
                })
            }
            Session::Phone(phone) => {
                let step = match phone.heard(bytes) {
                    // Another table's game: this phone joins it afresh when the game it kept
                    // has not begun or is over (else it stays with the game it is in).
                    Err(Trouble::OtherGame)
                        if phone.deal().is_none_or(|d| !d.started() || d.to_move().is_none()) =>
                    {
                        **phone = Phone::new(random());
                        phone.heard(bytes)
                    }
                    heard => heard,
                }?;
                // Named by the table's clock while its own words had not come back: said.
                let me = phone.hello().map(|h| h.seat);
                let named = step.broke.as_ref().is_some_and(|b| b.breach == Breach::WouldNotAnswer && Some(b.seat) == me);
                let from = tr!("from the table", "de la mesa").to_string();
                let out = Out::to_all(step.send, step.news, step.broke);
                Ok(unpassed(out, named, !phone.unheard().is_empty(), &from))
            }
        }
    }

    fn act(&mut self, action: Action) -> Result<Out, Refused> {
        match self {
            Session::Table(_) => Err(Refused::NoSeat),
            Session::Phone(phone) => {
                let step = phone.act(action)?;
                Ok(Out::to_all(step.send, Vec::new(), None))
            }
        }
    }

    fn keep(&self) -> Result<(), crate::storage::Refused> {
        match self {
            Session::Table(table) => {
                crate::storage::set(FAIR_USURP_TABLE, &hex(&kept_to_bytes(&table.kept())))
            }
            Session::Phone(phone) => {
                crate::storage::set(FAIR_USURP_PHONE, &hex(&kept_to_bytes(&phone.kept())))
            }
        }
    }

    fn clock(&self) -> Option<(Option<u8>, u8, usize)> {
        let deal = self.deal()?;
        Some((owes(deal), self.me().unwrap_or(u8::MAX), deal.transcript().len()))
    }

    fn named(&self) -> Option<Broke> {
        self.deal().and_then(|d| d.broke().cloned())
    }

    fn turn(&self) -> Option<u8> {
        self.deal().and_then(Deal::to_move)
    }

    fn not_answering(&mut self, seat: u8) -> Option<Out> {
        match self {
            // The table tells every phone why the game ended.
            Session::Table(table) => {
                let step = table.not_answering(seat)?;
                Some(Out::to_all(step.everyone, step.news, step.broke))
            }
            Session::Phone(phone) => {
                let broke = phone.deal_mut()?.would_not_answer(seat);
                Some(Out::to_all(Vec::new(), Vec::new(), Some(broke)))
            }
        }
    }

    fn names(&self) -> Vec<String> {
        match self {
            Session::Table(table) => table.terms().names.clone(),
            Session::Phone(phone) => phone
                .hello()
                .map(|h| h.terms.names.clone())
                .unwrap_or_default(),
        }
    }

    fn trouble_words(trouble: Trouble) -> String {
        trouble_words(trouble)
    }

    fn refused_words(refused: Refused) -> Option<String> {
        refused_words(refused)
    }

    fn broke_words(broke: &Broke, names: &[String]) -> String {
        broke_words(broke, names)
    }

    fn broke_seat(broke: &Broke) -> u8 {
        broke.seat
    }
}

/// The table's kept game, if there is one, or why it could not be read.
fn kept_table() -> Option<Result<Table, String>> {
    kept::<TableKept, _, _>(FAIR_USURP_TABLE, Table::restore)
}

/// The phone's kept game, if there is one that reads back.
fn kept_phone() -> Option<Phone> {
    kept::<PhoneKept, _, _>(FAIR_USURP_PHONE, Phone::restore).and_then(Result::ok)
}

/// The seat the game waits for an answer from (a share of a draw), once it has begun: a
/// seat yet to join is a player still linking their phone, not a phone that stalls.
fn owes(deal: &Deal) -> Option<u8> {
    if !deal.started() {
        return None;
    }
    deal.waiting_for().first().copied()
}

type Fair = crate::games::fair::Fair<Session>;

/// Whether the game has begun: every phone joined, who starts drawn.
fn started(fair: Fair) -> bool {
    fair.tick.track();
    fair.part
        .with_value(|s| s.as_ref().and_then(Session::deal).is_some_and(Deal::started))
}

/// The seats whose phones have not joined yet (before the game begins).
fn missing(fair: Fair) -> Vec<u8> {
    fair.tick.track();
    fair.part.with_value(|s| {
        s.as_ref()
            .and_then(Session::deal)
            .filter(|d| !d.started())
            .map(Deal::waiting_for)
            .unwrap_or_default()
    })
}

/// Whether a card waits for the phones' shares of its draw.
fn drawing(fair: Fair) -> bool {
    fair.tick.track();
    fair.part.with_value(|s| {
        s.as_ref()
            .and_then(Session::deal)
            .is_some_and(|d| d.started() && d.broke().is_none() && !d.waiting_for().is_empty())
    })
}

fn check(fair: Fair) -> Option<String> {
    fair.tick.track();
    fair.part
        .with_value(|s| s.as_ref().and_then(Session::deal).map(|d| check_words(&d.check())))
}

/// The game's screen, as this device's seat sees it (everything but the deck's order,
/// which does not exist), once it has begun.
fn feed(fair: Fair) -> SeatFeed<Usurp> {
    let view = Memo::new(move |_| {
        fair.tick.track();
        fair.part
            .with_value(|s| {
                let s = s.as_ref()?;
                let viewer = s.me().map_or(Viewer::Table, Viewer::Seat);
                s.deal().map(|d| d.seat_view(viewer))
            })
            .expect("drawn once the game has begun")
    });
    let news = Memo::new(move |_| fair.news.get());
    SeatFeed {
        view,
        news,
        act: Callback::new(move |action| fair.act(action)),
        // Nothing is taken back at a table the phones referee: each action is said aloud.
        take_back: Callback::new(|()| {}),
    }
}

/// The screen of either device: who broke the rules, if anyone did; what went wrong; the
/// wait for a phone's share; the game once it has begun (`game`), or `waiting`; the check.
fn game_screen(
    fair: Fair,
    game: impl Fn(SeatFeed<Usurp>) -> AnyView + Send + Sync + 'static,
    waiting: impl Fn() -> AnyView + Send + Sync + 'static,
) -> AnyView {
    let started = Memo::new(move |_| started(fair));
    view! {
        {header(fair, tr!(
            "A card waits for every phone's share of the draw; its app gives it at once when it is on and linked.",
            "Una carta espera la parte del robo de cada teléfono; su aplicación la da al momento si está encendido y enlazado."
        ))}
        {move || if started.get() {
            view! {
                <a class="rules-link" href=crate::route::Route::Rules(KIND).href() target="_blank" rel="noopener">{trf!("{} rules", "Reglas de {}", KIND.tr_title())}</a>
                {game(feed(fair))}
            }
            .into_any()
        } else {
            waiting()
        }}
        {move || check(fair).map(|check| {
            let shown = check.clone();
            view! {
            <p class="game-check" data-check=check>
                {tr!("Game check: ", "Comprobación de la partida: ")}<strong>{shown}</strong>
                <small>{tr!(
                    " — the same on the table and on every phone means every device saw one game.",
                    " — la misma en la mesa y en cada teléfono quiere decir que todos vieron la misma partida."
                )}</small>
            </p>
            }
        })}
    }
    .into_any()
}

/// Who is in and who is still to join, before the game begins.
fn joining(fair: Fair, me: Option<u8>) -> AnyView {
    let names = fair.names();
    let missing = missing(fair);
    let still: Vec<String> = missing
        .iter()
        .filter(|&&s| Some(s) != me)
        .filter_map(|&s| names.get(usize::from(s)).cloned())
        .collect();
    let words = if still.is_empty() {
        tr!("Every phone is in: drawing who starts…", "Todos los teléfonos están: sorteando quién empieza…").to_string()
    } else {
        let still = crate::words::and(&still);
        trf!(
            "The game begins once every phone is in. Still to join: {still}.",
            "La partida empieza cuando estén todos los teléfonos. Faltan: {still}."
        )
    };
    view! { <p class="loading" role="status" data-missing=missing.len()>{words}</p> }.into_any()
}

/// The table's screen (`#/fair/usurp`): the game kept on this device, or the terms of a
/// new one; then each seat's invitation, and the town squares.
pub fn table_screen() -> AnyView {
    let (session, first_problem) = match kept_table() {
        Some(Ok(table)) => (Some(Session::Table(Box::new(table))), None),
        Some(Err(why)) => (None, Some(why)),
        None => (None, None),
    };
    let seats = session.as_ref().map_or(0, |s| s.names().len());
    let fair = Fair::new(session, seats);
    fair.problem.set(first_problem);
    let started = RwSignal::new(seats > 0);
    let start = Callback::new(move |names: Vec<String>| {
        let seats = names.len();
        let terms = Terms {
            names,
            deck: Counts::STANDARD_DECK,
        };
        match Table::new(terms, random()) {
            Ok(table) => {
                fair.part.set_value(Some(Session::Table(Box::new(table))));
                fair.links.set_value((0..seats).map(|_| None).collect());
                fair.took(Out::default());
                started.set(true);
            }
            Err(why) => fair.problem.set(Some(crate::words::sentence(&why.to_string()))),
        }
    });
    view! {
        <section class="play usurp fair" data-fair="table">
            {move || if started.get() {
                view! { <TableGame fair/> }.into_any()
            } else {
                view! { <FairTerms start problem=fair.problem/> }.into_any()
            }}
        </section>
    }
    .into_any()
}

/// The terms of a new table: how many players, and their names.
#[component]
fn FairTerms(start: Callback<Vec<String>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let players = KIND.players();
    let most = usize::from(*players.end());
    let count = RwSignal::new(3usize.clamp(usize::from(*players.start()), most));
    let names: Vec<RwSignal<String>> = (0..most).map(|_| RwSignal::new(String::new())).collect();
    let typed = names.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let chosen = (0..count.get_untracked())
            .map(|i| {
                let name = typed[i].get_untracked().trim().chars().take(24).collect::<String>();
                if name.is_empty() {
                    trf!("Player {}", "Jugador {}", i + 1)
                } else {
                    name
                }
            })
            .collect();
        start.run(chosen);
    };
    let choices = (usize::from(*players.start())..=most)
        .map(|n| view! { <option value=n.to_string() selected=move || count.get() == n>{n}</option> })
        .collect_view();
    view! {
        <header class="play-head">
            <div>
                <p class="kicker">{tr!("Usurp · on every phone", "Usurpar · en cada teléfono")}</p>
                <h1>{tr!("Nobody can stack the deck", "Nadie puede preparar el mazo")}</h1>
            </div>
        </header>
        <p>{tr!(
            "This device shows the town squares; each player plays on their own phone. The deck has no order: every card drawn is picked with a share from every phone, each sealed when the phone joins. No device, this one included, can choose or foresee a card.",
            "Este dispositivo muestra las plazas; cada jugador juega en su teléfono. El mazo no tiene orden: cada carta robada se elige con una parte de cada teléfono, sellada al unirse. Ningún dispositivo, tampoco este, puede elegir ni prever una carta."
        )}</p>
        {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
        <form class="fair-terms" on:submit=submit>
            <label class="option-row select-row">
                <span>{tr!("Players", "Jugadores")}</span>
                <select id="fair-players" on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                        count.set(n);
                    }
                }>{choices}</select>
            </label>
            <div class="names">
                {names.into_iter().enumerate().map(|(i, name)| view! {
                    <Show when=move || i < count.get()>
                        <div class="name-row">
                            <span class="seat-number" aria-hidden="true">{i + 1}</span>
                            <input id=format!("fair-name-{i}") type="text" maxlength="24"
                                aria-label=trf!("Player {}'s name", "Nombre del jugador {}", i + 1)
                                placeholder=trf!("Player {}", "Jugador {}", i + 1)
                                prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
                        </div>
                    </Show>
                }).collect_view()}
            </div>
            <button type="submit" class="button primary" data-action="start">{tr!("Start and invite the phones", "Empezar e invitar a los teléfonos")}</button>
        </form>
    }
}

/// The table's game: each seat's invitation (again after a drop or a reload), and the town
/// squares once every phone has joined.
#[component]
fn TableGame(fair: Fair) -> impl IntoView {
    let names = fair.names();
    let seats = names.len();
    // After a reload every seat's link is gone: each phone is invited again.
    let reloaded = fair.part.with_value(|s| s.as_ref().and_then(Session::deal).is_some_and(|d| !d.transcript().is_empty()));
    let phones = RwSignal::new(PhoneBook::new(&vec![reloaded; seats]));
    // A player's turn is timed while their phone's link is down (a phone gone for good).
    fair.follow_links(move || {
        phones.with(|p| {
            (0..seats as u8)
                .filter(|&seat| p.state(seat) != crate::games::phone_book::SeatLink::Connected)
                .collect()
        })
    });
    let (invite, answered) = inviting(
        KIND,
        phones,
        fair.links,
        move |seat| {
            let hello = fair.part.with_value(|s| match s {
                Some(Session::Table(table)) => Some(table.hello(seat)),
                _ => None,
            });
            if let Some(hello) = hello {
                send(fair.links, Some(seat), &[hello]);
            }
        },
        move |seat, bytes| fair.heard(seat, &bytes),
    );
    let last_here = Memo::new(|_| false);
    let named = Memo::new(move |_| fair.broke.with(Option::is_some));
    // Once a player is named the game is over: no link is wanted, nor said to have failed.
    let rows = move || {
        (!named.get()).then(|| {
            let rows = names
                .iter()
                .enumerate()
                .map(|(seat, name)| {
                    let seat = seat as u8;
                    let state = Memo::new(move |_| phones.with(|p| p.state(seat)));
                    view! { <PhoneSeat seat name=name.clone() state last_here invite answered/> }
                })
                .collect_view();
            view! { <ul class="phone-seats">{rows}</ul> }
        })
    };
    view! {
        {rows}
        {game_screen(
            fair,
            move |feed| {
                let elsewhere = Memo::new(move |_| feed.view.with(|v| v.body.seat));
                let drawing = Memo::new(move |_| drawing(fair));
                view! { <UsurpTable feed tap=None thinking=Memo::new(|_| None) elsewhere problem=RwSignal::new(None) me=None drawing/> }.into_any()
            },
            move || joining(fair, None),
        )}
        <NewFairGame key=FAIR_USURP_TABLE/>
    }
}

/// A phone's screen, from a fair invitation (`#/link/<code>`): its answer for the table,
/// then its seat. A game it kept goes on when the table says hello for it.
pub fn phone_screen(invitation: Invitation) -> AnyView {
    let phone = kept_phone().unwrap_or_else(|| Phone::new(random()));
    let fair = Fair::new(Some(Session::Phone(Box::new(phone))), 1);
    let (state, slow) = answering(&invitation, fair.links, move |bytes| fair.heard(0, &bytes));
    let seat = invitation.seat;
    let me = Memo::new(move |_| {
        fair.tick.track();
        fair.part.with_value(|s| s.as_ref().and_then(Session::me))
    });
    view! {
        <section class="on-phone play usurp fair" data-fair="phone" data-seat=seat data-link=move || state.with(LinkState::slug)>
            {move || fair.broke.with(Option::is_none).then(|| view! { <LinkAlert state/> })}
            // A game taken up again after a reload: its answer for the table's new
            // invitation above the game, until the two are linked.
            {move || (me.get().is_some() && state.get() != LinkState::Connected && fair.broke.with(Option::is_none))
                .then(|| view! { <Linking state slow game=KIND/> })}
            {game_screen(
                fair,
                move |feed| {
                    let me = me.get_untracked().unwrap_or(seat);
                    let drawing = Memo::new(move |_| drawing(fair));
                    view! { <UsurpPhone me feed problem=fair.problem drawing/> }.into_any()
                },
                move || match me.get() {
                    Some(me) => joining(fair, Some(me)),
                    None => view! { <Linking state slow game=KIND/> }.into_any(),
                },
            )}
            <NewFairGame key=FAIR_USURP_PHONE/>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fair::unhex;
    use intrigue_core::games::usurp::fair_session::kept_from_bytes;
    use intrigue_core::games::usurp::fair::Breach;

    fn table(players: u8) -> Table {
        let terms = Terms {
            names: (0..players).map(|s| format!("P{s}")).collect(),
            deck: Counts::STANDARD_DECK,
        };
        Table::new(terms, [3; 16]).unwrap()
    }

    /// The clock waits only for a share of a draw: not for a player still linking their
    /// phone before the game begins; once it has, for the first seat owing its share.
    #[test]
    fn the_clock_waits_for_a_share_not_for_a_player_joining() {
        let mut table = table(3);
        let mut phones: Vec<Phone> = (0..3).map(|s| Phone::new([s + 1; 32])).collect();
        assert_eq!(owes(table.deal()), None, "nobody owes anything before the game");
        // Every phone joins; the table passes each value on to every phone.
        let mut queue: Vec<(u8, Vec<u8>)> = Vec::new();
        for (s, phone) in phones.iter_mut().enumerate() {
            let step = phone.heard(&table.hello(s as u8)).unwrap();
            queue.extend(step.send.into_iter().map(|b| (s as u8, b)));
        }
        let mut rounds = 0;
        while let Some((seat, bytes)) = queue.pop() {
            rounds += 1;
            assert!(rounds < 1000);
            let step = table.heard(seat, &bytes);
            for (s, phone) in phones.iter_mut().enumerate() {
                let frames = step.everyone.iter().chain(if s == usize::from(seat) { &step.this[..] } else { &[] });
                for frame in frames {
                    let out = phone.heard(frame).unwrap();
                    queue.extend(out.send.into_iter().map(|b| (s as u8, b)));
                }
            }
        }
        assert!(table.deal().started());
        assert_eq!(owes(table.deal()), None, "nothing owed between draws");
        // A draw said on the table; nobody has given a share yet.
        let seat = table.deal().to_move().unwrap();
        let said = phones[usize::from(seat)].act(Action::Draw).unwrap().send;
        table.heard(seat, &said[0]);
        assert_eq!(owes(table.deal()), Some(0));
        let view = table.deal().seat_view(Viewer::Seat(seat));
        assert!(!view.body.can_draw, "nothing is drawn twice while the shares come");
        // Named by the clock, the seat stays named after a reload of the table.
        table.deal_mut().would_not_answer(0);
        let kept = kept_from_bytes::<TableKept>(&unhex(&hex(&kept_to_bytes(&table.kept()))).unwrap()).unwrap();
        let restored = Table::restore(&kept).unwrap();
        assert_eq!(
            restored.deal().broke(),
            Some(&Broke { seat: 0, breach: Breach::WouldNotAnswer })
        );
        assert_eq!(owes(restored.deal()), None, "nobody is waited for once the game is over");
    }
}
