//! "Your turn" notices outside the game (issue 75, item 3): an e-mail address for the digest,
//! and this browser's Web Push subscription, both sent over the lobby's connection; the
//! server's Web Push key asked for once a connection, when the player opens the notices.

/// A change of the notices sent to the server, confirmed by its `done`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Change {
    /// A digest to this address; `None`: no more e-mails.
    Email(Option<String>),
    /// This browser's notices on, or every browser's off (the wire's `None`).
    Push(bool),
}

/// What the lobby knows of the account's notices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notices {
    /// The server's Web Push key: `None` until asked and answered; `Some(None)` when the
    /// server sends no Web Push.
    pub push_key: Option<Option<String>>,
    key_asked: bool,
    /// The e-mail address the server confirmed in this session (`Some("")` once stopped).
    pub email: Option<String>,
    /// Whether the server confirmed this browser's subscription in this session.
    pub push_on: bool,
}

impl Notices {
    /// The connection dropped: an answer asked for is not coming.
    pub(super) fn dropped(&mut self) {
        self.key_asked = false;
    }

    /// Whether to ask for the push key now (once a connection, until answered).
    pub(super) fn ask_key(&mut self) -> bool {
        let ask = !self.key_asked && self.push_key.is_none();
        self.key_asked = true;
        ask
    }

    /// The server took `change`: remember it; the sentence that confirms it.
    pub(super) fn taken(&mut self, change: Change) -> String {
        match change {
            Change::Email(Some(address)) => {
                let said = format!("When it is your move, a digest comes to {address} (at most one every 12 hours).");
                self.email = Some(address);
                said
            }
            Change::Email(None) => {
                self.email = Some(String::new());
                "No more e-mails about your games.".to_string()
            }
            Change::Push(true) => {
                self.push_on = true;
                "This browser will tell you when it is your move.".to_string()
            }
            Change::Push(false) => {
                self.push_on = false;
                "Your browsers will no longer tell you when it is your move.".to_string()
            }
        }
    }
}
