use parlour_online::account::NameError;

use super::*;
use crate::games::tests::with_database;
use crate::store::sqlite::SqliteStore;

fn with_store<F: std::future::Future<Output = ()>>(tag: &str, body: impl FnOnce(SqliteStore) -> F) {
    with_database(
        tag,
        |url| async move { body(SqliteStore::open(&url).await.unwrap()).await },
    )
}

fn secret() -> String {
    random_token()
}

#[test]
fn a_device_account_gets_a_generated_name_then_chooses_one() {
    with_store("device", |store| async move {
        let s = secret();
        let device = create(&store, &s, None).await.unwrap();
        assert!(!device.named && Name::parse(&device.name).is_err(), "{}", device.name);
        assert!(device.name.starts_with("guest-") && device.name.len() == 6 + GUEST_SUFFIX_LEN);
        // Sent again after a lost reply: the same account, not a second one.
        assert_eq!(create(&store, &s, None).await.unwrap(), device);
        let named = choose_name(&store, &device, "Ada_L").await.unwrap();
        assert!(named.named && named.name == "Ada_L" && named.id == device.id);
        // Asked again (a re-send), the same answer; another name is refused with a sentence.
        assert_eq!(choose_name(&store, &named, "ada_l").await.unwrap(), named);
        let again = choose_name(&store, &named, "Grace").await.unwrap_err();
        assert_eq!(
            again.to_string(),
            "This account is named Ada_L already, and a name cannot be changed."
        );
        // The device's secret signs in by the new name, in any case.
        assert_eq!(login(&store, "ADA_L", &s).await.unwrap(), named);
        // Another connection still signed in as the device account is told the name it has.
        let stale = choose_name(&store, &device, "Grace").await.unwrap_err();
        assert_eq!(stale.to_string(), again.to_string());
    });
}

#[test]
fn a_name_taken_in_any_case_or_by_its_look_is_refused() {
    with_store("taken", |store| async move {
        let bob = create(&store, &secret(), Some("Bob")).await.unwrap();
        assert!(bob.named);
        let taken = create(&store, &secret(), Some("BOB")).await.unwrap_err();
        assert_eq!(taken.to_string(), "The name BOB is taken; choose another.");
        let look = create(&store, &secret(), Some("b0b")).await.unwrap_err();
        assert_eq!(
            look.to_string(),
            "The name b0b looks too much like the name of another player; choose another."
        );
        // Choosing a name is refused the same way, and changes nothing.
        let device = create(&store, &secret(), None).await.unwrap();
        assert!(matches!(
            choose_name(&store, &device, "bob").await,
            Err(AccountRefusal::Taken(_))
        ));
        assert!(matches!(
            choose_name(&store, &device, "B0B").await,
            Err(AccountRefusal::LooksLike(_))
        ));
        let name = choose_name(&store, &device, "Carol").await.unwrap();
        assert_eq!(name.name, "Carol");
    });
}

#[test]
fn names_breaking_a_rule_are_refused_with_the_rules_sentence() {
    with_store("rules", |store| async move {
        let device = create(&store, &secret(), None).await.unwrap();
        let cases = [
            ("admin", NameError::Reserved),
            ("ADMIN", NameError::Reserved),
            ("guest-abc", NameError::Reserved),
            ("abcdefghijklmnopqrstuv", NameError::TooLong(22)),
            ("ada\u{7}b", NameError::Control),
            (
                "\u{0430}da",
                NameError::Character {
                    found: 'а',
                    look_alike: true,
                },
            ),
        ];
        for (name, why) in cases {
            let e = create(&store, &secret(), Some(name)).await.unwrap_err();
            assert_eq!(e.to_string(), why.to_string(), "{name:?}");
            let e = choose_name(&store, &device, name).await.unwrap_err();
            assert_eq!(e.to_string(), why.to_string(), "{name:?}");
        }
        // Nothing changed.
        assert_eq!(
            login(&store, &device.name, "0".repeat(32).as_str())
                .await
                .unwrap_err()
                .to_string(),
            WRONG
        );
    });
}

const WRONG: &str = "That name and secret do not match an account.";

#[test]
fn every_wrong_sign_in_is_the_same_sentence() {
    with_store("login", |store| async move {
        let s = secret();
        let ada = create(&store, &s, Some("ada")).await.unwrap();
        assert_eq!(login(&store, "Ada", &s).await.unwrap(), ada);
        let other = create(&store, &secret(), Some("eve")).await.unwrap();
        for (name, secret) in [
            ("nobody_here", s.as_str()),
            ("ada", secret().leak() as &str),
            ("ada", "not a secret"),
            ("ada", ""),
            ("eve", s.as_str()),
            ("a d a", s.as_str()),
        ] {
            let e = login(&store, name, secret).await.unwrap_err();
            assert_eq!(e.to_string(), WRONG, "{name} {secret}");
        }
        assert_ne!(ada.id, other.id);
    });
}

#[test]
fn a_secret_of_another_account_makes_no_second_one() {
    with_store("reuse", |store| async move {
        let s = secret();
        create(&store, &s, Some("ada")).await.unwrap();
        assert!(matches!(
            create(&store, &s, Some("bea")).await,
            Err(AccountRefusal::SecretInUse)
        ));
        assert_eq!(create(&store, &s, Some("Ada")).await.unwrap().name, "ada");
    });
}

#[test]
fn a_pairing_code_signs_in_one_device_once_and_expires() {
    with_store("pair", |store| async move {
        let now = 1_000_000;
        let ada = create(&store, &secret(), Some("ada")).await.unwrap();
        let code = pairing_code(&store, &ada, now).await.unwrap();
        assert!(account::is_pairing_code(&code), "{code}");
        let phone = secret();
        let paired = pair(&store, &code.to_uppercase(), &phone, now + 60).await.unwrap();
        assert_eq!(paired, ada);
        assert_eq!(
            login(&store, "ada", &phone).await.unwrap(),
            ada,
            "the new device's own secret"
        );
        // Sent again by the same device after a lost reply: the same answer.
        assert_eq!(pair(&store, &code, &phone, now + 61).await.unwrap(), ada);
        // Another device cannot use it again.
        let used = pair(&store, &code, &secret(), now + 62).await.unwrap_err();
        assert_eq!(
            used.to_string(),
            "That pairing code is wrong, used or expired; show a new one on your other device."
        );
        // Expired: the same sentence; and the same for a wrong or malformed code.
        let late = pairing_code(&store, &ada, now).await.unwrap();
        let at = now + i64::from(PAIRING_VALID_SECS);
        let expired = pair(&store, &late, &secret(), at).await.unwrap_err();
        assert_eq!(expired.to_string(), used.to_string());
        for wrong in ["23456789", "short", ""] {
            assert_eq!(
                pair(&store, wrong, &secret(), now).await.unwrap_err().to_string(),
                used.to_string()
            );
        }
        // Still valid one second before it expires.
        let fresh = pairing_code(&store, &ada, now).await.unwrap();
        assert_eq!(pair(&store, &fresh, &secret(), at - 1).await.unwrap(), ada);
    });
}

#[test]
fn two_servers_making_the_same_name_at_once_one_wins() {
    // Two stores on one file stand for two server processes.
    with_database("accounts-race", |url| async move {
        let one = std::sync::Arc::new(SqliteStore::open(&url).await.unwrap());
        let two = std::sync::Arc::new(SqliteStore::open(&url).await.unwrap());
        for round in 0..8 {
            let name = format!("racer{round}");
            let (a, b) = tokio::join!(
                {
                    let (one, name) = (one.clone(), name.clone());
                    tokio::spawn(async move { create(&*one, &secret(), Some(&name)).await })
                },
                {
                    let (two, name) = (two.clone(), name.to_uppercase());
                    tokio::spawn(async move { create(&*two, &secret(), Some(&name)).await })
                }
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            assert!(a.is_ok() != b.is_ok(), "exactly one wins: {a:?} {b:?}");
            let lost = a.err().or(b.err()).unwrap();
            assert!(matches!(lost, AccountRefusal::Taken(_)), "{lost}");
        }
    });
}
