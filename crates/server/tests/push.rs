//! Web Push end to end on loopback: a `Pusher` sends notices to the local push receiver, which
//! checks each as a push service would and decrypts it with the subscription's private key.

mod common;

use std::time::{Duration, SystemTime};

use axum::body::Bytes;
use axum::http::header;
use common::push_receiver::PushReceiver;
use http_body_util::Full;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use parlour_server::notify::push::{
    PushError, PushPayload, PushTargets, Pusher, Sent, Subscription, SubscriptionError, VapidKey, topic,
};

const CONTACT: &str = "mailto:ops@parlour.example";
const HOUR: Duration = Duration::from_secs(3600);

fn notice(id: &str, body: &str) -> PushPayload {
    PushPayload {
        id: id.into(),
        title: "Your turn in Kōnane".into(),
        body: body.into(),
        url: "https://parlour.example/?game=K7QX".into(),
    }
}

fn setup(receiver: &PushReceiver) -> (PushTargets, Pusher) {
    let targets = PushTargets::with_test_endpoint(&receiver.prefix()).expect("the receiver's prefix");
    let pusher = Pusher::new(VapidKey::generate(), CONTACT.into()).with_targets(targets.clone());
    (targets, pusher)
}

/// A receiver, the targets with its prefix, a pusher to them, and one subscription.
async fn ready() -> (PushReceiver, PushTargets, Pusher, Subscription) {
    let receiver = PushReceiver::start().await;
    let (targets, pusher) = setup(&receiver);
    let sub = Subscription::parse(&receiver.subscribe(), &targets).expect("the receiver's subscription");
    (receiver, targets, pusher, sub)
}

#[tokio::test]
async fn notices_arrive_decrypted_with_their_topic() {
    let receiver = PushReceiver::start().await;
    let (targets, pusher) = setup(&receiver);
    let sub = Subscription::parse(&receiver.subscribe_for(&pusher.public_b64()), &targets).expect("the receiver's");
    let first = notice("turn:K7QX:12", "Ana moved: your turn (2 days left).");
    assert_eq!(pusher.send(&sub, &first, 48 * HOUR).await, Ok(Sent::Delivered));
    let again = notice("turn:K7QX:12", "Reminder: your turn (9 hours left).");
    assert_eq!(pusher.send(&sub, &again, 9 * HOUR).await, Ok(Sent::Delivered));
    let other = notice("turn:K7QX:14", "Ana moved again.");
    assert_eq!(pusher.send(&sub, &other, 100 * 24 * HOUR).await, Ok(Sent::Delivered));

    let got = receiver.messages();
    assert_eq!(got.len(), 3, "{:?}", receiver.refusals());
    for (received, sent) in got.iter().zip([&first, &again, &other]) {
        assert_eq!(received.sub, 0);
        assert_eq!(received.payload, serde_json::to_value(sent).unwrap());
        let decoded: PushPayload = serde_json::from_value(received.payload.clone()).unwrap();
        assert_eq!(&decoded, sent);
        assert_eq!(received.vapid_key, pusher.public_b64());
        assert_eq!(received.contact, CONTACT);
        assert_eq!(received.urgency.as_deref(), Some("normal"));
        assert_eq!(received.topic.as_deref(), Some(topic(&sent.id).as_str()));
    }
    // The same notice sent again has the same topic (the push service replaces the first).
    assert_eq!(got[0].topic, got[1].topic);
    assert_ne!(got[0].topic, got[2].topic);
    assert!(got[0].topic.as_ref().unwrap().len() <= 32);
    assert_eq!(
        [got[0].ttl, got[1].ttl, got[2].ttl],
        [48 * 3600, 9 * 3600, 28 * 24 * 3600]
    );
    assert!(receiver.refusals().is_empty());
}

#[tokio::test]
async fn a_gone_subscription_says_so() {
    let (receiver, targets, pusher, kept) = ready().await;
    let dropped = Subscription::parse(&receiver.subscribe(), &targets).unwrap();
    receiver.gone(1);
    assert_eq!(pusher.send(&dropped, &notice("a", "b"), HOUR).await, Ok(Sent::Gone));
    assert_eq!(pusher.send(&kept, &notice("a", "b"), HOUR).await, Ok(Sent::Delivered));
    let got = receiver.messages();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].sub, 0);
}

#[tokio::test]
async fn another_vapid_key_is_refused() {
    let receiver = PushReceiver::start().await;
    let (targets, pusher) = setup(&receiver);
    let other = VapidKey::generate();
    let sub = Subscription::parse(&receiver.subscribe_for(&other.public_b64()), &targets).unwrap();
    let refused = pusher
        .send(&sub, &notice("a", "b"), HOUR)
        .await
        .expect_err("signed by another key");
    assert!(matches!(&refused, PushError::Refused { status: 403, .. }), "{refused}");
    assert!(!refused.retry());
    assert!(
        refused
            .to_string()
            .starts_with("The push service refused the notice (403: signed by another key"),
        "{refused}"
    );
    assert!(receiver.messages().is_empty());
}

/// Requests made by the pusher, then spoiled, sent with a plain client.
#[tokio::test]
async fn forged_stale_or_incomplete_pushes_are_refused() {
    let (receiver, _, pusher, sub) = ready().await;
    let client: Client<HttpConnector, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let now = SystemTime::now();
    let payload = notice("a", "b");

    // The token signed by our key but presented with another's.
    let mut forged = pusher.request(&sub, &payload, HOUR, now).unwrap();
    let authorization = forged.headers()[header::AUTHORIZATION].to_str().unwrap().to_string();
    let (token, _) = authorization.split_once(", k=").unwrap();
    let spoiled = format!("{token}, k={}", VapidKey::generate().public_b64());
    forged
        .headers_mut()
        .insert(header::AUTHORIZATION, spoiled.parse().unwrap());
    assert_eq!(client.request(forged).await.unwrap().status(), 401);

    // A token that expired (signed 13 hours ago, valid for 12).
    let stale = pusher.request(&sub, &payload, HOUR, now - 13 * HOUR).unwrap();
    assert_eq!(client.request(stale).await.unwrap().status(), 401);

    // No TTL.
    let mut no_ttl = pusher.request(&sub, &payload, HOUR, now).unwrap();
    no_ttl.headers_mut().remove("TTL");
    assert_eq!(client.request(no_ttl).await.unwrap().status(), 400);

    let reasons: Vec<String> = receiver.refusals().into_iter().map(|r| r.reason).collect();
    assert_eq!(reasons.len(), 3);
    assert_eq!(reasons[0], "bad signature");
    assert!(reasons[1].starts_with("exp "), "{reasons:?}");
    assert_eq!(reasons[2], "no TTL");
    assert!(receiver.messages().is_empty());
}

#[tokio::test]
async fn endpoints_outside_the_targets_are_not_contacted() {
    let (receiver, _, _, sub) = ready().await;
    // A pusher without the test prefix refuses the receiver's http address before connecting.
    let plain = Pusher::new(VapidKey::generate(), CONTACT.into());
    let refused = plain
        .send(&sub, &notice("a", "b"), HOUR)
        .await
        .expect_err("not a push service");
    assert_eq!(refused, PushError::Subscription(SubscriptionError::EndpointNotHttps));
    assert!(receiver.refusals().is_empty() && receiver.messages().is_empty());

    // Nobody listening: a connection error, worth trying again.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let prefix = format!("http://{closed}/");
    let targets = PushTargets::with_test_endpoint(&prefix).unwrap();
    let pusher = Pusher::new(VapidKey::generate(), CONTACT.into()).with_targets(targets.clone());
    let json = receiver.subscribe().replace(&receiver.prefix(), &prefix);
    let nowhere = Subscription::parse(&json, &targets).unwrap();
    let refused = pusher
        .send(&nowhere, &notice("a", "b"), HOUR)
        .await
        .expect_err("nobody there");
    assert!(matches!(refused, PushError::Connection(_)), "{refused}");
    assert!(refused.retry());
    assert!(
        refused
            .to_string()
            .starts_with("The push service could not be reached: "),
        "{refused}"
    );
}

/// A receiver started without a runtime serves blocking tests too.
#[test]
fn the_receiver_serves_blocking_tests() {
    let receiver = PushReceiver::spawn();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (targets, pusher) = runtime.block_on(async { setup(&receiver) });
    let sub = Subscription::parse(&receiver.subscribe(), &targets).unwrap();
    let sent = runtime.block_on(pusher.send(&sub, &notice("x", "y"), HOUR));
    assert_eq!(sent, Ok(Sent::Delivered));
    assert_eq!(receiver.messages()[0].payload["body"], "y");
}

/// The real thing's TLS: FCM reached over HTTPS with the compiled-in roots (no system
/// certificates), answering a made-up subscription with a refusal or Gone rather than a
/// connection error. Needs the network: `cargo test -p parlour-server --test push -- --ignored`.
#[tokio::test]
#[ignore = "reaches fcm.googleapis.com"]
async fn fcm_answers_over_https() {
    let pusher = Pusher::new(VapidKey::generate(), CONTACT.into());
    let json = r#"{"endpoint":"https://fcm.googleapis.com/fcm/send/parlour-test-not-a-token","keys":{"p256dh":"BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY","auth":"_ordMnz7uTCmrpBTeUV4Bw"}}"#;
    let sub = Subscription::parse(json, &PushTargets::default()).unwrap();
    match pusher.send(&sub, &notice("a", "b"), HOUR).await {
        Ok(sent) => assert_eq!(sent, Sent::Gone),
        Err(e) => assert!(matches!(e, PushError::Refused { .. }), "{e}"),
    }
}

/// The pusher as the notifier uses it (`notify::channels::PushOut`): a subscription read into
/// the stored row, and a notice sent from that row.
#[tokio::test]
async fn the_notifiers_way_out() {
    use parlour_server::notify::channels::{Payload, PushOut, PushSent};
    let receiver = PushReceiver::start().await;
    let (_, pusher) = setup(&receiver);
    let out: Box<dyn PushOut> = Box::new(pusher.clone());
    assert_eq!(out.key(), pusher.public_b64());
    let row = out
        .accept(&receiver.subscribe_for(&out.key()))
        .expect("the receiver's subscription");
    let payload = Payload {
        id: "turn:K7QX:12".into(),
        title: "Your turn".into(),
        body: "Ana moved.".into(),
        url: "/".into(),
    };
    assert_eq!(out.send(&row, &payload, 3600).await, Ok(PushSent::Delivered));
    let got = receiver.messages();
    assert_eq!(got[0].payload["id"], "turn:K7QX:12");
    assert_eq!(got[0].ttl, 3600);
    receiver.gone(0);
    assert_eq!(out.send(&row, &payload, 3600).await, Ok(PushSent::Gone));
    // Without the test prefix the same subscription is refused in a sentence.
    let plain: Box<dyn PushOut> = Box::new(Pusher::new(VapidKey::generate(), CONTACT.into()));
    assert_eq!(
        plain.accept(&receiver.subscribe()),
        Err("The push subscription's endpoint is not an https:// address.".to_string())
    );
    assert_eq!(
        plain.accept("{"),
        Err(
            "The push subscription is not the browser's subscription JSON (an object with an endpoint and keys)."
                .to_string()
        )
    );
}
