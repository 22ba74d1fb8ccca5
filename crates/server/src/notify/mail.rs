//! The e-mail digest of "your turn" notices: one message listing the games that wait for the
//! player, at most one each [`DIGEST_GAP_MS`] (two a day), by SMTP (`--smtp-url`) or written
//! as `.eml` files to a folder (`--mail-dir`, for a server with no mail relay, and the tests).
//! A digest's Message-ID and file name come from the account and its digest number, so a
//! digest sent again after a crash is the same message (the same file, overwritten).

use std::path::PathBuf;

use lettre::message::{Mailbox, header::ContentType};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use parlour_online::wire::TurnGame;

/// At most one digest a player each this long: two a day.
pub const DIGEST_GAP_MS: i64 = 12 * 3600 * 1000;

/// The longest address taken (RFC 5321's path limit).
const MAX_ADDRESS: usize = 254;

/// Reads an e-mail address as a player typed it, or says in a sentence what is wrong with it.
pub fn parse_address(text: &str) -> Result<String, String> {
    let text = text.trim();
    let bad = |why: &str| Err(format!("“{}” is not an e-mail address: {why}.", shorten(text)));
    if text.is_empty() {
        return bad("it is empty");
    }
    if text.len() > MAX_ADDRESS {
        return bad("it is too long");
    }
    if text
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '<' || c == '>')
    {
        return bad("it has spaces or brackets in it");
    }
    let address: Address = match text.parse() {
        Ok(a) => a,
        Err(_) => return bad("it needs a name, an @ and a domain, as in name@example.org"),
    };
    let domain = address.domain();
    if !domain.contains('.') || domain.starts_with('[') || domain.ends_with('.') {
        return bad("its domain must be a name such as example.org");
    }
    Ok(address.to_string())
}

fn shorten(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// Where digests go.
pub enum MailOut {
    /// Written as files (`<account>-<n>.eml`) to this folder.
    Folder(PathBuf),
    /// Sent through an SMTP relay.
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

/// The digest sender.
pub struct Mailer {
    out: MailOut,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let out = match &self.out {
            MailOut::Folder(dir) => format!("folder {}", dir.display()),
            MailOut::Smtp(_) => "smtp".to_string(),
        };
        write!(f, "Mailer({out}, from {})", self.from)
    }
}

impl Mailer {
    /// Digests written to `dir` (made if missing).
    pub fn folder(dir: PathBuf, from: &str) -> Result<Mailer, String> {
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make the mail folder {}: {e}", dir.display()))?;
        Ok(Mailer {
            out: MailOut::Folder(dir),
            from: from_box(from)?,
        })
    }

    /// Digests sent through the relay at `url` (`smtp://user:pass@host:587?tls=required`,
    /// `smtps://…` for TLS from the start: lettre's URL form).
    pub fn smtp(url: &str, from: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("the SMTP address is not usable: {e}"))?
            .build();
        Ok(Mailer {
            out: MailOut::Smtp(transport),
            from: from_box(from)?,
        })
    }

    /// Sends digest number `n` of `account` to `to`: the games that wait for the player.
    pub async fn send_digest(
        &self,
        account: &str,
        n: u32,
        to: &str,
        games: &[TurnGame],
        link: &str,
    ) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| format!("the stored address cannot be used: {e}"))?;
        let id = format!("<digest-{account}-{n}@parlour>");
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .message_id(Some(id))
            .subject(subject(games))
            .header(ContentType::TEXT_PLAIN)
            .body(body(games, link, crate::time::now_ms()))
            .map_err(|e| format!("the digest could not be written: {e}"))?;
        match &self.out {
            MailOut::Folder(dir) => {
                let path = dir.join(format!("{account}-{n}.eml"));
                let part = dir.join(format!(".{account}-{n}.eml.part"));
                std::fs::write(&part, message.formatted())
                    .and_then(|()| std::fs::rename(&part, &path))
                    .map_err(|e| format!("the digest could not be written to {}: {e}", path.display()))
            }
            MailOut::Smtp(smtp) => smtp
                .send(message)
                .await
                .map(|_| ())
                .map_err(|e| format!("the SMTP relay refused the digest: {e}")),
        }
    }
}

fn from_box(from: &str) -> Result<Mailbox, String> {
    from.parse()
        .map_err(|e| format!("--mail-from “{from}” is not a mailbox ({e}); write it as Parlour <parlour@example.org>"))
}

fn subject(games: &[TurnGame]) -> String {
    match games.len() {
        1 => "Parlour: your move in 1 game".to_string(),
        n => format!("Parlour: your move in {n} games"),
    }
}

/// The digest's text: one paragraph a game, the nearest deadline first.
pub fn body(games: &[TurnGame], link: &str, now: i64) -> String {
    let mut text = String::from("It is your move in these games on Parlour:\n\n");
    for g in games {
        let against = g.opponent.as_ref().map_or("a guest".to_string(), |o| o.name.clone());
        let left = g.deadline_ms.map_or(String::new(), |d| {
            format!(", {} left", parlour_clock::time_left_text(d - now))
        });
        text.push_str(&format!(
            "* {} against {against}, move {}{left}\n  {link}/g/{}\n",
            parlour_rules::GameId::parse(&g.game).map_or(g.game.as_str(), |id| id.name()),
            g.ply + 1,
            g.code
        ));
    }
    text.push_str(
        "\nYou receive this because you gave this address for notices of your turn; \
         remove it in the lobby's Settings to receive no more.\n",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_or_refused_in_a_sentence() {
        assert_eq!(parse_address(" ada@example.org ").unwrap(), "ada@example.org");
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.org",
            "ada@localhost",
            "ada example@example.org",
            "Ada <ada@example.org>",
            "ada@[127.0.0.1]",
            "ada@example.org.",
            &format!("{}@example.org", "a".repeat(300)),
        ] {
            let why = parse_address(bad).unwrap_err();
            assert!(why.contains("is not an e-mail address"), "{bad:?}: {why}");
        }
    }
}
