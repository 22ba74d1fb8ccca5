use super::*;

fn refused(text: &str) -> NameError {
    Name::parse(text).expect_err(text)
}

#[test]
fn names_of_letters_digits_and_joiners_are_taken_as_typed() {
    for ok in [
        "ada",
        "Ada_Lovelace",
        "kono-master99",
        "x2y",
        "ABCDEFGHIJKLMNOPQRST",
        "9lives",
        "guestlist",
    ] {
        assert_eq!(Name::parse(ok).map(|n| n.to_string()), Ok(ok.to_string()));
    }
    assert_eq!(Name::parse("Ada").unwrap().key(), "ada");
}

#[test]
fn every_bad_name_gets_its_own_sentence() {
    assert_eq!(refused("ab"), NameError::TooShort);
    assert_eq!(refused(""), NameError::TooShort);
    assert_eq!(refused(&"a".repeat(21)), NameError::TooLong(21));
    assert_eq!(refused("ada\tb"), NameError::Control);
    assert_eq!(refused("ada\u{200B}b"), NameError::Control, "a zero-width space");
    assert_eq!(refused("ada\u{202E}b"), NameError::Control, "a right-to-left override");
    assert_eq!(refused("ada b"), NameError::Space);
    assert_eq!(refused("_ada"), NameError::Edge);
    assert_eq!(refused("-ada"), NameError::Edge);
    assert_eq!(
        refused("ada!"),
        NameError::Character {
            found: '!',
            look_alike: false
        }
    );
    assert_eq!(
        refused("ada\u{00E9}"),
        NameError::Character {
            found: 'é',
            look_alike: false
        }
    );
    // Cyrillic а, full-width Ａ, an en dash: look-alikes, said so.
    for (text, c) in [("\u{0430}da", 'а'), ("\u{FF21}da", 'Ａ'), ("ada\u{2013}b", '–')] {
        assert_eq!(
            refused(text),
            NameError::Character {
                found: c,
                look_alike: true
            },
            "{text}"
        );
        assert!(refused(text).to_string().contains("only looks like"), "{text}");
    }
    // Every refusal is one sentence.
    for e in [
        refused("ab"),
        refused(&"a".repeat(30)),
        refused("a\nb"),
        refused("a b c"),
        refused("_x_"),
        refused("я-ya"),
        refused("admin"),
    ] {
        let s = e.to_string();
        assert!(
            s.ends_with('.') && s.chars().next().is_some_and(char::is_uppercase),
            "{s}"
        );
    }
    // Length counts characters: twenty two-byte letters would be refused for their letters, not
    // their bytes.
    assert!(matches!(refused(&"é".repeat(5)), NameError::Character { .. }));
}

#[test]
fn look_alike_names_share_a_skeleton() {
    let same = [
        ("Ian", "lan"),
        ("b0b", "bob"),
        ("rnary", "mary"),
        ("vvill", "will"),
        ("clan", "dan"),
        ("a_b", "a-b"),
        ("a__b", "a-b"),
        ("k1ng", "kIng"),
        ("BOB", "bob"),
        ("ian", "lan"),
        ("mail", "mall"),
    ];
    for (a, b) in same {
        assert_eq!(
            Name::parse(a).unwrap().skeleton(),
            Name::parse(b).unwrap().skeleton(),
            "{a} / {b}"
        );
    }
    let different = [("bob", "rob"), ("mary", "marx"), ("ab_c", "abc")];
    for (a, b) in different {
        assert_ne!(
            Name::parse(a).unwrap().skeleton(),
            Name::parse(b).unwrap().skeleton(),
            "{a} / {b}"
        );
    }
}

#[test]
fn reserved_words_and_guest_names_are_refused_in_every_disguise() {
    for r in [
        "admin",
        "ADMIN",
        "Adm1n",
        "parl0ur",
        "Master",
        "rnod",
        "system",
        "guest",
        "guest-7kq3",
        "Guest_x",
        "gue5t",
    ] {
        let got = Name::parse(r);
        if r == "gue5t" {
            assert!(got.is_ok(), "5 is not a look-alike of s here");
        } else {
            assert_eq!(got, Err(NameError::Reserved), "{r}");
        }
    }
    let g = Name::guest("7kq3m2");
    assert!(g.is_guest() && g.as_str() == "guest-7kq3m2");
    assert!(!Name::parse("guestlist").unwrap().is_guest());
    assert_eq!(Name::parse(g.as_str()), Err(NameError::Reserved));
}

#[test]
fn secrets_and_pairing_codes_have_one_shape() {
    assert!(is_secret(&"0123456789abcdef".repeat(2)));
    assert!(!is_secret(&"0123456789ABCDEF".repeat(2)));
    assert!(!is_secret("abc"));
    assert!(is_pairing_code("23456789"));
    assert!(!is_pairing_code("2345678o"), "o is not in the alphabet");
    assert!(!is_pairing_code("234567890"));
}
