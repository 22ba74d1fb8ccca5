//! Accounts through a real server on loopback, driven by `parlour-engine connect`'s own code
//! (`online account …`): a named account made and signed in to from another session, the same
//! sentence for every wrong sign-in, a pairing code used once, a device account named later,
//! and wrong secrets limited per address and name even when the right one follows.

mod common;

use common::{Server, TempDir, cmd, connect, sqlite_url};
use parlour_engine::protocol::Engine;

const WRONG: &str = "That name and secret do not match an account.";
const WRONG_CODE: &str = "That pairing code is wrong, used or expired; show a new one on your other device.";

/// A server on a fresh SQLite file (the folder goes when the first is dropped).
fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    (dir, server)
}

/// A session signed in to a new account called `name`, and the account's secret.
fn account(server: &Server, name: &str) -> (Engine, String) {
    let mut e = connect(&server.url());
    let made = cmd(&mut e, &format!("online account new {name}")).unwrap();
    let (shown, secret) = made.split_once(' ').unwrap();
    assert_eq!(shown, name);
    assert!(parlour_online::account::is_secret(secret), "{secret}");
    let secret = secret.to_string();
    (e, secret)
}

#[test]
fn an_account_made_in_one_session_signs_in_from_another() {
    let (_dir, server) = serve("accounts-login");
    let (_a, secret) = account(&server, "Ada_L");
    let mut b = connect(&server.url());
    assert_eq!(
        cmd(&mut b, &format!("online account login ada_l {secret}")).unwrap(),
        "Ada_L"
    );
    // Every wrong pair gets the same sentence.
    let other = "0123456789abcdef0123456789abcdef";
    for line in [
        format!("online account login nobody {secret}"),
        format!("online account login Ada_L {other}"),
        "online account login Ada_L short".to_string(),
    ] {
        assert_eq!(cmd(&mut b, &line).unwrap_err(), WRONG, "{line}");
    }
    // Taken in any case, or by its look; reserved; too long: each its sentence, nothing made.
    let mut c = connect(&server.url());
    let taken = cmd(&mut c, "online account new ADA_L").unwrap_err();
    assert_eq!(taken, "The name ADA_L is taken; choose another.");
    let look = cmd(&mut c, "online account new Ada-L").unwrap_err();
    assert!(
        look.contains("looks too much like the name of another player"),
        "{look}"
    );
    assert_eq!(
        cmd(&mut c, "online account new admin").unwrap_err(),
        "That name is reserved; choose another."
    );
    let long = cmd(&mut c, "online account new abcdefghijklmnopqrstu").unwrap_err();
    assert_eq!(long, "A name has at most 20 characters; this one has 21.");
}

#[test]
fn a_device_account_is_named_later_and_pairs_another_device_once() {
    let (_dir, server) = serve("accounts-pair");
    let mut a = connect(&server.url());
    assert_eq!(
        cmd(&mut a, "online account code").unwrap_err(),
        "Sign in first: this connection is not signed in to an account."
    );
    let device = cmd(&mut a, "online account new").unwrap();
    assert!(device.starts_with("guest-"), "{device}");
    assert_eq!(cmd(&mut a, "online account name Grace").unwrap(), "Grace");
    let again = cmd(&mut a, "online account name Hopper").unwrap_err();
    assert_eq!(
        again,
        "This account is named Grace already, and a name cannot be changed."
    );
    let shown = cmd(&mut a, "online account code").unwrap();
    let (code, secs) = shown.split_once(' ').unwrap();
    assert!(
        parlour_online::account::is_pairing_code(code) && secs == "600",
        "{shown}"
    );
    let mut phone = connect(&server.url());
    let paired = cmd(&mut phone, &format!("online account pair {}", code.to_uppercase())).unwrap();
    let (name, secret) = paired.split_once(' ').unwrap();
    assert_eq!(name, "Grace");
    // The phone's own secret signs in; the code does not work twice.
    let mut later = connect(&server.url());
    assert_eq!(
        cmd(&mut later, &format!("online account login grace {secret}")).unwrap(),
        "Grace"
    );
    let mut thief = connect(&server.url());
    assert_eq!(
        cmd(&mut thief, &format!("online account pair {code}")).unwrap_err(),
        WRONG_CODE
    );
    assert_eq!(cmd(&mut thief, "online account pair zzzz2222").unwrap_err(), WRONG_CODE);
}

#[test]
fn after_a_few_wrong_secrets_even_the_right_one_waits() {
    let (_dir, server) = serve("accounts-limit");
    let (_a, secret) = account(&server, "Turing");
    let mut b = connect(&server.url());
    let wrong = "0123456789abcdef0123456789abcdef";
    for _ in 0..5 {
        assert_eq!(
            cmd(&mut b, &format!("online account login Turing {wrong}")).unwrap_err(),
            WRONG
        );
    }
    let waits = cmd(&mut b, &format!("online account login Turing {secret}")).unwrap_err();
    assert!(
        waits.starts_with("Too many wrong sign-ins") && waits.contains("wait"),
        "{waits}"
    );
    // Games go on meanwhile: moves and new games are never counted here.
    let code = common::create(&mut b, "konane");
    assert_eq!(code.len(), parlour_online::wire::CODE_LEN);
}
