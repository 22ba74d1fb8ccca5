//! The player pages drawn headless with data, at a desktop's size and a phone's with a finger's
//! style: what a player reads, every tappable control a finger's 44 pixels tall and on the
//! screen, a click on a name or "Review" asking for the right thing; and a game fetched by its
//! code opening in the review with every move.

use std::cell::RefCell;
use std::rc::Rc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_egui::egui;
use parlour_online::client::{Connector, Transport, TransportEvent};
use parlour_online::lobby_link::{Leaderboard, LobbyLink, Page, PageAsk, PlayerPage};
use parlour_online::wire::{
    Finished, GameSummary, GameView, HistoryPoint, PlayerTag, Rated, RatingRow, Reply, Request,
};
use parlour_rules::GameId;
use parlour_rules::dynamic::GameSetup;

use super::words::Clicked;
use super::{board, page, review_match};
use crate::net::lobby_window::Lobby;
use crate::play::board::Match;
use crate::state::{Review, Screen};

fn rated(rating: u32, provisional: bool) -> Rated {
    Rated {
        rating,
        deviation: if provisional { 230 } else { 70 },
        games: 14,
        provisional,
    }
}

/// One pass of `draw` in a `width`-wide column (a finger's style when `finger`) with `events`; answers what was drawn as text (with where), the tappable rects, and what
/// `draw` returned.
struct Drawn<T> {
    texts: Vec<(String, egui::Rect)>,
    taps: Vec<egui::Rect>,
    got: Option<T>,
}

fn draw<T>(
    ctx: &egui::Context,
    width: f32,
    finger: bool,
    events: Vec<egui::Event>,
    mut draw: impl FnMut(&mut egui::Ui) -> Option<T>,
) -> Drawn<T> {
    ctx.all_styles_mut(|s| {
        // As `hud::compact::touch_style` sets it on a phone.
        s.spacing.interact_size.y = if finger { 44.0 } else { 18.0 };
        // Only the controls sense a click (not the text, selectable for copying).
        s.interaction.selectable_labels = false;
    });
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, 2400.0))),
        events,
        ..Default::default()
    };
    let mut got = None;
    let mut out = ctx.run_ui(input, |ui| {
        ui.set_max_width(width);
        got = draw(ui);
    });
    out.textures_delta.clear();
    let mut texts = Vec::new();
    for clipped in &out.shapes {
        collect(&clipped.shape, &mut texts);
    }
    let taps = crate::theme::layout::taps(ctx);
    Drawn { texts, taps, got }
}

fn collect(shape: &egui::Shape, into: &mut Vec<(String, egui::Rect)>) {
    match shape {
        egui::Shape::Text(t) => into.push((t.galley.text().to_string(), t.visual_bounding_rect())),
        egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, into)),
        _ => {}
    }
}

impl<T> Drawn<T> {
    /// Every word within a `width`-wide screen.
    fn fits(&self, width: f32) {
        for (text, r) in &self.texts {
            assert!(
                r.right() <= width + 0.5,
                "{text:?} at {r:?} runs off a {width}-wide screen"
            );
        }
    }

    fn says(&self, words: &str) -> bool {
        self.texts.iter().any(|(t, _)| t.contains(words))
    }

    /// Where the text `words` was drawn (its first appearance).
    fn at(&self, words: &str) -> egui::Pos2 {
        let texts: Vec<_> = self.texts.iter().map(|(t, _)| t.as_str()).collect();
        self.texts
            .iter()
            .find(|(t, _)| t == words)
            .unwrap_or_else(|| panic!("no {words:?} in {texts:?}"))
            .1
            .center()
    }
}

/// Clicks the text `words` (drawn, then the pointer moved there, pressed and let go, a pass
/// each, as a finger's tap comes): what the page asked for.
fn click<T>(ctx: &egui::Context, width: f32, words: &str, mut f: impl FnMut(&mut egui::Ui) -> Option<T>) -> Option<T> {
    let at = draw(ctx, width, true, vec![], &mut f).at(words);
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let mut got = None;
    for events in [
        vec![egui::Event::PointerMoved(at)],
        vec![button(true)],
        vec![button(false)],
    ] {
        got = got.or(draw(ctx, width, true, events, &mut f).got);
    }
    got
}

fn fingers_fit(taps: &[egui::Rect], width: f32) {
    assert!(!taps.is_empty());
    for r in taps {
        assert!(r.height() >= 43.5, "a control {r:?} is under a finger's 44 pixels");
        assert!(
            r.right() <= width + 0.5,
            "a control {r:?} runs off a {width}-wide screen"
        );
    }
}

#[test]
fn a_leaderboard_lists_its_players_and_a_name_opens_their_page() {
    let ctx = egui::Context::default();
    let board = Page::Here(Leaderboard {
        key: "konane".into(),
        rows: vec![
            ("Ada_L".into(), rated(1720, false)),
            ("Bob_K".into(), rated(1610, false)),
            ("Wwwwwwwwwwwwwwwwwwww".into(), rated(1502, false)),
        ],
    });
    let f = |ui: &mut egui::Ui| board::leaderboard(ui, GameId::Konane, "konane", Some(&board));
    let shown = draw(&ctx, 330.0, true, vec![], f);
    assert!(shown.says("1720") && shown.says("±70 · 14 games") && shown.says("Bob_K"));
    fingers_fit(&shown.taps, 330.0);
    shown.fits(330.0);
    assert_eq!(click(&ctx, 330.0, "Bob_K", f), Some(Clicked::Player("Bob_K".into())));
    // The choosers, with the Sixteen Soldiers' long keys, fit too; another key is asked for.
    let key = super::view::standard_key(GameId::Soldiers);
    let choose = |ui: &mut egui::Ui| board::choosers(ui, GameId::Soldiers, &key, None);
    let shown = draw(&ctx, 330.0, true, vec![], choose);
    fingers_fit(&shown.taps, 330.0);
    shown.fits(330.0);
    assert!(shown.says("Sixteen Soldiers"), "{:?}", shown.texts);
    // Nobody yet: the sentence, not an empty table.
    let empty = Page::Here(Leaderboard {
        key: "konane".into(),
        rows: vec![],
    });
    let shown = draw(&ctx, 900.0, false, vec![], |ui| {
        board::leaderboard(ui, GameId::Konane, "konane", Some(&empty))
    });
    assert!(
        shown.says("Nobody has a rating in Kōnane yet — play a rated game."),
        "{:?}",
        shown.texts
    );
}

fn ada_page() -> PlayerPage {
    let tag = |name: &str, r| {
        Some(PlayerTag {
            name: name.into(),
            rating: Some(rated(r, r == 1500)),
        })
    };
    let game = |code: &str, result: Option<&str>| GameSummary {
        code: code.into(),
        game: "konane".into(),
        options: vec![],
        players: [tag("Ada_L", 1720), tag("Bob_K", 1500)],
        moves: 31,
        result: result.map(str::to_string),
        rated: true,
        ended_at: result.map(|_| 1_765_000_000),
    };
    PlayerPage {
        name: "Ada_L".into(),
        ratings: vec![
            RatingRow {
                key: "konane".into(),
                rating: rated(1720, false),
            },
            RatingRow {
                key: "conhex".into(),
                rating: rated(1500, true),
            },
            RatingRow {
                key: "soldiers/variant=board3,rules=fair".into(),
                rating: rated(1540, false),
            },
        ],
        history: [(1_764_000_000, 1600), (1_764_500_000, 1690), (1_765_000_000, 1720)]
            .into_iter()
            .map(|(at, rating)| HistoryPoint {
                key: "konane".into(),
                at,
                rating,
            })
            .chain([HistoryPoint {
                key: "conhex".into(),
                at: 1_764_800_000,
                rating: 1500,
            }])
            .collect(),
        recent: vec![game("abcdefgh23", Some("first")), game("zyxwvuts23", None)],
        finished: Finished { games: 40, left: 2 },
    }
}

#[test]
fn a_players_page_at_a_phones_size_shows_ratings_the_graph_and_each_games_review() {
    let ctx = egui::Context::default();
    let page = Page::Here(ada_page());
    let f = |ui: &mut egui::Ui| page::player_page(ui, Some(&page), Some("ada_l"), true);
    let shown = draw(&ctx, 330.0, true, vec![], f);
    for words in [
        "Ada_L (you)",
        "1720",
        "1500?",
        "Rating history",
        "6 Dec 2025",
        "won",
        "going on",
        "Finished 95 % of 40 games (left 2)",
    ] {
        assert!(shown.says(words), "{words:?} not in {:?}", shown.texts);
    }
    fingers_fit(&shown.taps, 330.0);
    shown.fits(330.0);
    assert_eq!(
        click(&ctx, 330.0, "Review", f),
        Some(Clicked::Review("abcdefgh23".into()))
    );
    assert_eq!(
        click(&ctx, 330.0, "Watch", f),
        Some(Clicked::Watch("zyxwvuts23".into()))
    );
    assert_eq!(
        click(&ctx, 330.0, "Bob_K 1500?", f),
        Some(Clicked::Player("Bob_K".into()))
    );
    // A desktop's width: the same page, the game's lines side by side.
    let wide = draw(&ctx, 620.0, false, vec![], |ui| {
        page::player_page(ui, Some(&page), None, false)
    });
    assert!(wide.says("Ada_L") && !wide.says("(you)"));
}

/// A server of one finished game: signs the lobby in and answers `watch` with the game.
struct OneGame(GameView);

impl Connector for OneGame {
    fn connect(&mut self, _url: &str) -> Result<Box<dyn Transport>, String> {
        let inbox = Rc::new(RefCell::new(vec![TransportEvent::Opened]));
        Ok(Box::new(OneGameLink(inbox, self.0.clone())))
    }
}

struct OneGameLink(Rc<RefCell<Vec<TransportEvent>>>, GameView);

impl Transport for OneGameLink {
    fn send(&mut self, text: String) {
        let reply = match Request::decode(&text) {
            Ok(Request::AccountNew { req, .. }) => Reply::Account {
                req,
                name: "Ada_L".into(),
                named: true,
            },
            Ok(Request::Watch { req, .. }) => Reply::Watching {
                req,
                game: self.1.clone(),
            },
            Ok(r) => Reply::Error {
                req: Some(r.req()),
                message: "not here".into(),
            },
            Err(e) => panic!("{e}"),
        };
        self.0.borrow_mut().push(TransportEvent::Text(reply.encode()));
    }
    fn poll(&mut self) -> Option<TransportEvent> {
        let mut inbox = self.0.borrow_mut();
        (!inbox.is_empty()).then(|| inbox.remove(0))
    }
}

#[test]
fn a_finished_game_fetched_by_its_code_opens_in_the_review_with_every_move() {
    let mut rules = GameSetup::parse("konane", &[("size".into(), "6x6".into())])
        .unwrap()
        .start();
    for _ in 0..7 {
        let mv = rules.legal()[0].clone();
        rules.play(&mv).unwrap();
    }
    let game = GameView {
        code: "abcdefgh23".into(),
        game: "konane".into(),
        options: rules.options(),
        moves: rules.history(),
        seats: [true, true],
        resigned: Some(parlour_online::wire::Seat::Second),
        players: [None, None],
        rated: true,
        pace: parlour_online::wire::Pace::Untimed,
        clock: None,
        deadline_ms: None,
        ended: None,
    };
    let mut bad = game.clone();
    bad.moves.push("zz99".into());
    let Err(why) = review_match(&bad) else {
        panic!("a move that does not replay")
    };
    assert!(why.contains("move 8 (zz99)"), "{why}");

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(crate::logic_plugin)
        .init_resource::<crate::state::Notice>()
        .init_resource::<super::PlayersWindow>()
        .add_systems(Update, super::open_review);
    let link = LobbyLink::new("ws://x/ws", Box::new(OneGame(game)), None);
    app.world_mut().insert_non_send(Lobby(Some(("http://x".into(), link))));
    let poll = |app: &mut App| {
        if let Some((_, link)) = app.world_mut().non_send_mut::<Lobby>().0.as_mut() {
            link.poll();
        }
        app.update();
    };
    poll(&mut app);
    poll(&mut app);
    app.world_mut()
        .non_send_mut::<Lobby>()
        .0
        .as_mut()
        .unwrap()
        .1
        .ask(PageAsk::Game("abcdefgh23".into()));
    for _ in 0..4 {
        poll(&mut app);
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Playing);
    assert!(app.world().resource::<Review>().0, "in the review");
    let m = &app.world().resource::<Match>().0;
    assert_eq!(m.history().len(), 7);
    assert_eq!(
        m.history().iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
        rules.history()
    );
}
