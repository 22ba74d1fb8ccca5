//! Offers in an online game (issue 74): what the server's offer news means for the line above
//! the table, and that line's buttons — "Offer a draw" (in games that can be drawn), "Ask to
//! take back" (casual games without a clock), "Accept"/"Decline" on the other side's offer,
//! "Rematch" after the end. The server decides; a refusal is shown as its sentence. A leaf:
//! `net/mod.rs` acts on the news (the table, the rematch's seat).

use bevy_egui::egui;
use parlour_online::client::{Event, OnlineClient};
use parlour_online::wire::OfferKind;

/// What the line above the table knows of the offers.
#[derive(Default, Debug, Clone)]
pub struct OfferLine {
    /// The pending offer: whether it is this seat's, and what.
    pub offer: Option<(bool, OfferKind)>,
    /// The game was drawn by agreement.
    pub agreed: bool,
    /// The game is over (a rematch may be asked for).
    pub over: bool,
    /// The game is rated (no takebacks).
    pub rated: bool,
    /// The game is on a live clock (no takebacks: the server refuses them).
    pub timed: bool,
    /// The game can be drawn (draw offers).
    pub has_draws: bool,
    /// The other player has gone (their connection quiet or closed): the milliseconds until
    /// the game may be claimed from them (0: now; `i64::MAX`: never, a correspondence game).
    pub gone: Option<i64>,
}

/// What the player asks by the line's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferAsk {
    /// Offer a draw, a takeback or a rematch.
    Offer(OfferKind),
    /// Accept or decline the other side's offer.
    Answer(bool),
    /// Claim the game from a player who left: the win, or (`true`) a draw.
    Claim(bool),
}

/// What an offer's news asks of the table.
pub(super) enum OfferNews {
    /// Nothing beyond the line above the table.
    Noted,
    /// Moves were taken back: the table goes back to the server's game.
    TookBack,
    /// The game ended by agreement: nobody moves any more.
    Ended,
    /// Both asked for a rematch: the link is taking up the new game (sides swapped).
    Rematch,
}

/// Takes an offer's event, with the sentence for the player; `None` for the other events. A
/// rematch is taken up at once: `client` resumes the new game with its seat's token.
pub(super) fn news(
    line: &mut OfferLine,
    client: &mut OnlineClient,
    event: &Event,
) -> Option<(OfferNews, Option<String>)> {
    let mine = client.seat();
    Some(match event {
        Event::Offered(o) => {
            line.offer = Some((mine == Some(o.seat), o.kind));
            (OfferNews::Noted, None)
        }
        Event::Answered { kind, accept, .. } => {
            line.offer = None;
            let said = match (kind, accept) {
                (OfferKind::Rematch, _) | (_, true) => None,
                (OfferKind::Draw, false) => Some("The draw offer stands no more.".into()),
                (OfferKind::Takeback, false) => Some("The takeback was not agreed.".into()),
            };
            (OfferNews::Noted, said)
        }
        Event::TookBack { .. } => (OfferNews::TookBack, Some("The last move was taken back.".into())),
        Event::Ended { .. } => {
            line.agreed = true;
            (OfferNews::Ended, Some("The game is drawn by agreement.".into()))
        }
        Event::Rematch { code, .. } => {
            let token = client.token().unwrap_or_default().to_string();
            client.resume(code, &token);
            (OfferNews::Rematch, Some("Rematch: sides swapped.".into()))
        }
        _ => return None,
    })
}

/// Sends what the player asked: the request's number, or why it could not be sent.
pub(super) fn ask(client: &mut OnlineClient, ask: OfferAsk) -> Result<u64, String> {
    match ask {
        OfferAsk::Offer(kind) => client.offer(kind).map_err(String::from),
        OfferAsk::Answer(accept) => client.answer_offer(accept),
        OfferAsk::Claim(draw) => client.claim(draw).map_err(String::from),
    }
}

/// What the offers' controls say for `line`, a seated player's: a sentence (the other side's
/// offer, or the wait for an answer) and the buttons, each with what it asks. Both layouts
/// draw these — the desktop's line above the table and a small screen's strip.
pub(crate) fn choices(line: &OfferLine) -> (Option<String>, Vec<(&'static str, OfferAsk)>) {
    match line.gone.filter(|_| !line.over) {
        Some(0) => {
            // A draw only in a game that knows draws (Kōnane has none).
            let mut claims = vec![("Claim the win", OfferAsk::Claim(false))];
            if line.has_draws {
                claims.push(("Claim a draw", OfferAsk::Claim(true)));
            }
            (Some("Your opponent has left.".into()), claims)
        }
        Some(i64::MAX) => (
            Some("Your opponent has left; the days of their turn decide.".into()),
            vec![],
        ),
        Some(ms) => {
            let s = (ms + 999) / 1000;
            (
                Some(format!("Your opponent has left: you may claim the game in {s} s.")),
                vec![],
            )
        }
        None => {
            let (said, buttons) = offer_choices(line);
            (said.map(String::from), buttons)
        }
    }
}

/// [`choices`] while the other player is here: the offers.
fn offer_choices(line: &OfferLine) -> (Option<&'static str>, Vec<(&'static str, OfferAsk)>) {
    match line.offer {
        Some((false, kind)) => {
            let said = match kind {
                OfferKind::Draw => "Your opponent offers a draw.",
                OfferKind::Takeback => "Your opponent asks to take back a move.",
                OfferKind::Rematch => "Your opponent asks for a rematch.",
            };
            // A rematch is accepted by asking for one too.
            let accept = match kind {
                OfferKind::Rematch => OfferAsk::Offer(OfferKind::Rematch),
                _ => OfferAsk::Answer(true),
            };
            (
                Some(said),
                vec![("Accept", accept), ("Decline", OfferAsk::Answer(false))],
            )
        }
        Some((true, _)) => (Some("Waiting for your opponent's answer…"), Vec::new()),
        None if line.over => (None, vec![("Rematch", OfferAsk::Offer(OfferKind::Rematch))]),
        None => {
            let mut buttons = Vec::new();
            if line.has_draws {
                buttons.push(("Offer a draw", OfferAsk::Offer(OfferKind::Draw)));
            }
            if !line.rated && !line.timed {
                buttons.push(("Ask to take back", OfferAsk::Offer(OfferKind::Takeback)));
            }
            (None, buttons)
        }
    }
}

/// The offers' controls for a seated player, what was asked: on one line above the table, or
/// (`wrap`, a small screen's narrow strip) the sentence above the buttons, which wrap; the
/// buttons are as tall as the style in force makes them (a finger's on a small screen).
pub(crate) fn buttons(ui: &mut egui::Ui, line: &OfferLine, wrap: bool) -> Option<OfferAsk> {
    let (said, buttons) = choices(line);
    let mut asked = None;
    let mut row = |ui: &mut egui::Ui| {
        for (text, ask) in &buttons {
            if ui.button(*text).clicked() {
                asked = Some(*ask);
            }
        }
    };
    if wrap {
        if let Some(said) = said {
            ui.label(said);
        }
        ui.horizontal_wrapped(row);
    } else {
        ui.horizontal(|ui| {
            if let Some(said) = said {
                ui.label(said);
            }
            row(ui);
        });
    }
    asked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buttons_follow_the_game_and_the_offer_on_the_table() {
        let names = |line: &OfferLine| {
            let (said, buttons) = choices(line);
            (said, buttons.into_iter().map(|(t, _)| t).collect::<Vec<_>>())
        };
        let mut line = OfferLine {
            has_draws: true,
            ..Default::default()
        };
        assert_eq!(names(&line), (None, vec!["Offer a draw", "Ask to take back"]));
        line.rated = true;
        assert_eq!(names(&line), (None, vec!["Offer a draw"]));
        // A casual game on a live clock has no takebacks either.
        line.rated = false;
        line.timed = true;
        assert_eq!(names(&line), (None, vec!["Offer a draw"]));
        line.rated = true;
        line.has_draws = false;
        assert_eq!(names(&line), (None, vec![]));
        line.offer = Some((true, OfferKind::Draw));
        assert_eq!(names(&line).1, Vec::<&str>::new());
        line.offer = Some((false, OfferKind::Takeback));
        let (said, buttons) = choices(&line);
        assert_eq!(said.as_deref(), Some("Your opponent asks to take back a move."));
        assert_eq!(
            buttons,
            [("Accept", OfferAsk::Answer(true)), ("Decline", OfferAsk::Answer(false))]
        );
        // A rematch is accepted by asking for one too; after the end, one may be asked for.
        line.offer = Some((false, OfferKind::Rematch));
        assert_eq!(choices(&line).1[0], ("Accept", OfferAsk::Offer(OfferKind::Rematch)));
        line.offer = None;
        line.over = true;
        assert_eq!(choices(&line).1, [("Rematch", OfferAsk::Offer(OfferKind::Rematch))]);
    }

    #[test]
    fn an_opponent_who_left_is_shown_and_the_game_claimed_once_the_grace_is_over() {
        let mut line = OfferLine {
            has_draws: true,
            offer: Some((false, OfferKind::Draw)),
            gone: Some(34_200),
            ..Default::default()
        };
        let (said, buttons) = choices(&line);
        assert_eq!(
            said.as_deref(),
            Some("Your opponent has left: you may claim the game in 35 s.")
        );
        assert!(buttons.is_empty(), "no claim before the grace: {buttons:?}");
        line.gone = Some(0);
        let (said, buttons) = choices(&line);
        assert_eq!(said.as_deref(), Some("Your opponent has left."));
        assert_eq!(
            buttons,
            [
                ("Claim the win", OfferAsk::Claim(false)),
                ("Claim a draw", OfferAsk::Claim(true))
            ]
        );
        let drawless = OfferLine {
            has_draws: false,
            ..line.clone()
        };
        assert_eq!(choices(&drawless).1, [("Claim the win", OfferAsk::Claim(false))]);
        // A correspondence game is not claimed: its days decide.
        line.gone = Some(i64::MAX);
        assert!(choices(&line).1.is_empty());
        // Back, or the game over: the offers again.
        line.gone = None;
        assert_eq!(choices(&line).0.as_deref(), Some("Your opponent offers a draw."));
        line.over = true;
        line.offer = None;
        line.gone = Some(0);
        assert_eq!(choices(&line).1, [("Rematch", OfferAsk::Offer(OfferKind::Rematch))]);
    }
}
