//! Where "your turn" notices go out of the server: Web Push to the player's browsers and an
//! e-mail digest, as the server was started (`--smtp-url`/`--mail-dir`, the VAPID key kept in
//! the database), and the link a notice opens.

use std::future::Future;
use std::pin::Pin;

use super::mail::Mailer;
use crate::store::notices::PushRow;

/// A notice as a browser shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    /// The notice's id: a notice sent again replaces the first (the push's topic, the
    /// notification's tag).
    pub id: String,
    /// The notification's title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The page it opens (the game).
    pub url: String,
}

/// How a push went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushSent {
    /// The push service took it.
    Delivered,
    /// The subscription is gone (the browser unsubscribed): forget it.
    Gone,
}

/// The future a push's sending is.
pub type Sending<'a> = Pin<Box<dyn Future<Output = Result<PushSent, String>> + Send + 'a>>;

/// A Web Push sender (VAPID-signed, encrypted to the browser's key).
pub trait PushOut: Send + Sync + 'static {
    /// The public key browsers subscribe with (base64url).
    fn key(&self) -> String;
    /// Reads a browser's subscription, or says in a sentence why it cannot be used.
    fn accept(&self, subscription: &str) -> Result<PushRow, String>;
    /// Sends one notice, kept by the push service at most `ttl_s` seconds.
    fn send<'a>(&'a self, to: &'a PushRow, payload: &'a Payload, ttl_s: u32) -> Sending<'a>;
}

/// The ways out this server has.
pub struct Channels {
    /// Web Push, when the server sends it.
    pub push: Option<Box<dyn PushOut>>,
    /// The e-mail digest, when the server was given a way to send mail.
    pub mail: Option<Mailer>,
    /// The server's address as players reach it (`https://parlour.example`), for the links in
    /// notices.
    pub link: String,
}

impl std::fmt::Debug for Channels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Channels")
            .field("push", &self.push.is_some())
            .field("mail", &self.mail)
            .field("link", &self.link)
            .finish()
    }
}
