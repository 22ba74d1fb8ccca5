//! The account a client is signed in to, as [`super::OnlineClient::account`] gives it.

/// The account this client is signed in to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedIn {
    /// The account's name as shown.
    pub name: String,
    /// This device's secret (keep it to sign in again).
    pub secret: String,
    /// Whether the name was chosen (a device account's is generated).
    pub named: bool,
}
