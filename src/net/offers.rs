//! Offers in an online game (issue 74): what the server's offer news means for the line above
//! the table, and that line's buttons — "Offer a draw" (in games that can be drawn), "Ask to
//! take back" (casual games), "Accept"/"Decline" on the other side's offer, "Rematch" after the
//! end. The server decides; a refusal is shown as its sentence. A leaf: `net/mod.rs` acts on
//! the news (the table, the rematch's seat).

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
    /// The game can be drawn (draw offers).
    pub has_draws: bool,
}

/// What the player asks by the line's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferAsk {
    /// Offer a draw, a takeback or a rematch.
    Offer(OfferKind),
    /// Accept or decline the other side's offer.
    Answer(bool),
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
    }
}

/// The offers' buttons on the line above the table, for a seated player: what was asked.
pub(super) fn buttons(ui: &mut egui::Ui, line: &OfferLine) -> Option<OfferAsk> {
    let mut asked = None;
    ui.horizontal(|ui| match line.offer {
        Some((false, kind)) => {
            ui.label(match kind {
                OfferKind::Draw => "Your opponent offers a draw.",
                OfferKind::Takeback => "Your opponent asks to take back a move.",
                OfferKind::Rematch => "Your opponent asks for a rematch.",
            });
            if ui.button("Accept").clicked() {
                // A rematch is accepted by asking for one too.
                asked = Some(match kind {
                    OfferKind::Rematch => OfferAsk::Offer(OfferKind::Rematch),
                    _ => OfferAsk::Answer(true),
                });
            }
            if ui.button("Decline").clicked() {
                asked = Some(OfferAsk::Answer(false));
            }
        }
        Some((true, _)) => {
            ui.label("Waiting for your opponent's answer…");
        }
        None if line.over => {
            if ui.button("Rematch").clicked() {
                asked = Some(OfferAsk::Offer(OfferKind::Rematch));
            }
        }
        None => {
            if line.has_draws && ui.button("Offer a draw").clicked() {
                asked = Some(OfferAsk::Offer(OfferKind::Draw));
            }
            if !line.rated && ui.button("Ask to take back").clicked() {
                asked = Some(OfferAsk::Offer(OfferKind::Takeback));
            }
        }
    });
    asked
}
