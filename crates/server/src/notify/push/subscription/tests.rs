use super::*;

const P256DH: &str = "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";

fn json(endpoint: &str, p256dh: &str, auth: &str) -> String {
    format!(r#"{{"endpoint":{endpoint:?},"expirationTime":null,"keys":{{"p256dh":{p256dh:?},"auth":{auth:?}}}}}"#)
}

fn parse(endpoint: &str) -> Result<Subscription, SubscriptionError> {
    Subscription::parse(&json(endpoint, P256DH, AUTH), &PushTargets::default())
}

fn sentence(result: Result<Subscription, SubscriptionError>) -> String {
    result.expect_err("refused").to_string()
}

#[test]
fn browsers_subscriptions_are_taken() {
    let chrome = "https://fcm.googleapis.com/fcm/send/dWQlYmsE1Rk:APA91bGf3p8V_6CuUh2k9-GLr0vjfuFFs8TQq-0ugdXhaGZtX-oAEAn9b8dWfVuYtN1X1cPkWrC-vnv8X0HL6_9Y7Ruxbh5Ew0d8OnNWbYzZ4rJmRqdYtFn2HBfWDq1RLYDeXMmXw1J9";
    let sub = parse(chrome).expect("Chrome's subscription");
    assert_eq!(sub.endpoint, chrome);
    assert_eq!(sub.p256dh, P256DH);
    assert_eq!(sub.auth, AUTH);
    sub.public_key().expect("a point");
    assert_eq!(sub.auth_secret().expect("16 bytes").len(), 16);
    assert_eq!(Subscription::parse(&sub.to_json(), &PushTargets::default()), Ok(sub));
    for endpoint in [
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABlX1t0wJ3Zq9uRkGZ0c8jYx4ZyM1pV6",
        "https://eu.push.services.mozilla.com/wpush/v1/abc",
        "https://web.push.apple.com/QGVkbGFoX2FwcGxlX3B1c2hfdG9rZW4",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bK7x%3d",
    ] {
        parse(endpoint).unwrap_or_else(|e| panic!("{endpoint}: {e}"));
    }
    // Padding on the keys is taken and dropped.
    let padded = json(
        "https://fcm.googleapis.com/fcm/send/x",
        &format!("{P256DH}="),
        &format!("{AUTH}=="),
    );
    assert_eq!(
        Subscription::parse(&padded, &PushTargets::default())
            .expect("padded")
            .auth,
        AUTH
    );
}

#[test]
fn malformed_json_is_refused() {
    let targets = PushTargets::default();
    for text in [
        "",
        "not json",
        "{\"endpoint\": 3}",
        "[1,2]",
        "{\"endpoint\":\"https://fcm.googleapis.com/x\"",
    ] {
        assert_eq!(
            Subscription::parse(text, &targets).expect_err(text).to_string(),
            "The push subscription is not the browser's subscription JSON (an object with an endpoint and keys)."
        );
    }
    let long = " ".repeat(MAX_SUBSCRIPTION + 1);
    assert_eq!(Subscription::parse(&long, &targets), Err(SubscriptionError::TooLong));
    assert_eq!(
        sentence(Subscription::parse(
            r#"{"endpoint":"https://fcm.googleapis.com/x"}"#,
            &targets
        )),
        "The push subscription has no keys."
    );
    assert_eq!(
        sentence(Subscription::parse(r#"{"keys":{}}"#, &targets)),
        "The push subscription has no endpoint."
    );
    let no_auth = format!(r#"{{"endpoint":"https://fcm.googleapis.com/x","keys":{{"p256dh":"{P256DH}"}}}}"#);
    assert_eq!(
        sentence(Subscription::parse(&no_auth, &targets)),
        "The push subscription has no auth key."
    );
    let long_endpoint = format!("https://fcm.googleapis.com/{}", "a".repeat(MAX_ENDPOINT));
    assert_eq!(parse(&long_endpoint), Err(SubscriptionError::FieldTooLong("endpoint")));
}

#[test]
fn endpoints_elsewhere_are_refused() {
    assert_eq!(
        sentence(parse("http://fcm.googleapis.com/fcm/send/x")),
        "The push subscription's endpoint is not an https:// address."
    );
    let elsewhere = "The push subscription's endpoint is not a push service's address (Google's, Mozilla's, Apple's or Microsoft's).";
    for endpoint in [
        "https://example.com/push",
        "https://fcm.googleapis.com.example.com/fcm/send/x",
        "https://evilfcm.googleapis.com/fcm/send/x",
        "https://push.apple.com/x",
        "https://evilpush.apple.com/x",
        "https://notify.windows.com.evil/x",
    ] {
        assert_eq!(sentence(parse(endpoint)), elsewhere, "{endpoint}");
    }
    let ip = "The push subscription's endpoint names an IP address, not a push service.";
    assert_eq!(sentence(parse("https://142.250.74.106/fcm/send/x")), ip);
    assert_eq!(sentence(parse("https://[2a00:1450:4007::5f]/fcm/send/x")), ip);
    assert_eq!(
        parse("https://me:pw@fcm.googleapis.com/fcm/send/x"),
        Err(SubscriptionError::EndpointUserinfo)
    );
    assert_eq!(
        parse("https://fcm.googleapis.com@example.com/x"),
        Err(SubscriptionError::EndpointUserinfo)
    );
    assert_eq!(
        parse("https://fcm.googleapis.com:8443/fcm/send/x"),
        Err(SubscriptionError::EndpointPort)
    );
    for endpoint in [
        "fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com",
        "https://FCM.googleapis.com/x",
        "https://fcm.googleapis.com./x",
        "https://fcm.googleapis.com/x#frag",
        "https://fcm.googleapis.com/x y",
        "https://a..push.apple.com/x",
    ] {
        assert_eq!(
            parse(endpoint),
            Err(SubscriptionError::EndpointNotAddress),
            "{endpoint}"
        );
    }
    // The test receiver's address only with the flag, and only the one given.
    assert_eq!(
        parse("http://127.0.0.1:4000/push/1"),
        Err(SubscriptionError::EndpointNotHttps)
    );
    let targets = PushTargets::with_test_endpoint("http://127.0.0.1:4000/").expect("a test prefix");
    Subscription::parse(&json("http://127.0.0.1:4000/push/1", P256DH, AUTH), &targets).expect("the test receiver");
    Subscription::parse(&json("https://fcm.googleapis.com/x", P256DH, AUTH), &targets).expect("still FCM");
    let other_port = Subscription::parse(&json("http://127.0.0.1:4001/push/1", P256DH, AUTH), &targets);
    assert_eq!(other_port, Err(SubscriptionError::EndpointNotHttps));
}

#[test]
fn test_prefixes_are_loopback_only() {
    for good in ["http://127.0.0.1:4000/", "http://127.0.0.1:65535/push/"] {
        PushTargets::with_test_endpoint(good).expect(good);
    }
    for bad in [
        "http://127.0.0.1:4000",
        "http://127.0.0.1:0/",
        "http://127.0.0.1:70000/",
        "http://127.0.0.1:/",
        "https://127.0.0.1:4000/",
        "http://localhost:4000/",
        "http://10.0.0.1:4000/",
        "http://127.0.0.1:4000@evil.com/",
        "http://127.0.0.1:4000/#x",
    ] {
        let sentence = PushTargets::with_test_endpoint(bad).expect_err(bad);
        assert!(sentence.starts_with("The test push endpoint"), "{sentence}");
    }
}

#[test]
fn bad_keys_are_refused() {
    let targets = PushTargets::default();
    let endpoint = "https://fcm.googleapis.com/fcm/send/x";
    let refuse = |p256dh: &str, auth: &str| sentence(Subscription::parse(&json(endpoint, p256dh, auth), &targets));
    assert_eq!(
        refuse("BLn9b+VR0ca83knD/", AUTH),
        "The push subscription's p256dh key is not base64url text."
    );
    assert_eq!(
        refuse(&P256DH[..40], AUTH),
        "The push subscription's p256dh key is 30 bytes long instead of 65."
    );
    // 65 bytes, but not on the curve.
    let off_curve = URL_SAFE_NO_PAD.encode([4u8; 65]);
    assert_eq!(
        refuse(&off_curve, AUTH),
        "The push subscription's p256dh key is not a point on the P-256 curve."
    );
    assert_eq!(
        refuse(P256DH, "_ordMnz7uTCmrpBT"),
        "The push subscription's auth key is 12 bytes long instead of 16."
    );
    assert_eq!(
        refuse(P256DH, "_ord!nz7uTCmrpBTeUV4Bw"),
        "The push subscription's auth key is not base64url text."
    );
    assert_eq!(
        refuse(P256DH, &"A".repeat(200)),
        "The push subscription's auth key is too long."
    );
}
