//! The [`Pusher`] as the notifier's way out ([`PushOut`]): subscriptions read into the rows
//! the store keeps, and notices sent from them.

use std::time::Duration;

use super::{PushPayload, Pusher, Sent, Subscription};
use crate::notify::channels::{Payload, PushOut, PushSent, Sending};
use crate::store::notices::PushRow;

impl PushOut for Pusher {
    fn key(&self) -> String {
        self.public_b64()
    }

    fn accept(&self, subscription: &str) -> Result<PushRow, String> {
        let sub = Subscription::parse(subscription, &self.targets).map_err(|e| e.to_string())?;
        Ok(PushRow {
            endpoint: sub.endpoint,
            p256dh: sub.p256dh,
            auth: sub.auth,
        })
    }

    fn send<'a>(&'a self, to: &'a PushRow, payload: &'a Payload, ttl_s: u32) -> Sending<'a> {
        Box::pin(async move {
            let sub = Subscription {
                endpoint: to.endpoint.clone(),
                p256dh: to.p256dh.clone(),
                auth: to.auth.clone(),
            };
            let notice = PushPayload {
                id: payload.id.clone(),
                title: payload.title.clone(),
                body: payload.body.clone(),
                url: payload.url.clone(),
            };
            match Pusher::send(self, &sub, &notice, Duration::from_secs(ttl_s.into())).await {
                Ok(Sent::Delivered) => Ok(PushSent::Delivered),
                Ok(Sent::Gone) => Ok(PushSent::Gone),
                Err(e) => Err(e.to_string()),
            }
        })
    }
}
