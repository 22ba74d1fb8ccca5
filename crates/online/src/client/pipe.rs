//! A scripted connection for the tests of the game's and the lobby's clients: what the client
//! sent, and what the "server" says next.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use super::{Connector, Transport, TransportEvent};
use crate::wire::Request;

/// One connection's two directions.
#[derive(Default)]
pub(crate) struct Pipe {
    pub(crate) sent: Vec<String>,
    pub(crate) inbox: VecDeque<TransportEvent>,
}

struct Fake(Rc<RefCell<Pipe>>);
impl Transport for Fake {
    fn send(&mut self, text: String) {
        self.0.borrow_mut().sent.push(text);
    }
    fn poll(&mut self) -> Option<TransportEvent> {
        self.0.borrow_mut().inbox.pop_front()
    }
}

/// Every connection opened, in order; each opens at once.
pub(crate) struct Dialer(pub(crate) Rc<RefCell<Vec<Rc<RefCell<Pipe>>>>>);
impl Connector for Dialer {
    fn connect(&mut self, _url: &str) -> Result<Box<dyn Transport>, String> {
        let pipe = Rc::new(RefCell::new(Pipe::default()));
        pipe.borrow_mut().inbox.push_back(TransportEvent::Opened);
        self.0.borrow_mut().push(pipe.clone());
        Ok(Box::new(Fake(pipe)))
    }
}

/// What the client sent on `pipe`, read back.
pub(crate) fn sent(pipe: &Rc<RefCell<Pipe>>) -> Vec<Request> {
    pipe.borrow().sent.iter().map(|t| Request::decode(t).unwrap()).collect()
}
