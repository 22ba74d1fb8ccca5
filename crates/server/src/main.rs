//! `parlour-server`: parses the command line and starts; everything else is in the library.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use parlour_server::limits::Limits;
use parlour_server::routes::Policy;

/// Parlour's online game server.
///
/// Clients connect to ws://ADDR:PORT/ws (the game, and `parlour-engine connect --server
/// http://ADDR:PORT`); http://ADDR:PORT/health answers ok when the database takes a write (503
/// and why when not). The first line printed is `listening on http://ADDR:PORT`. Limits and
/// their reasons: docs/deploy.md.
#[derive(Parser, Debug)]
#[command(name = "parlour-server", version, max_term_width = 100)]
struct Cli {
    /// Where to accept connections (port 0 picks a free one).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:7878")]
    listen: String,
    /// sqlite://PATH (default: server.sqlite3 in Parlour's data directory) or
    /// postgres://USER@HOST/DB (several servers may share one).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Serve the browser client built by scripts/web.sh from DIR (e.g. web/dist): / opens the
    /// title screen, /g/CODE joins that online game.
    #[arg(long, value_name = "DIR", value_parser = web_dir)]
    web: Option<PathBuf>,
    /// Let pages from URL (e.g. https://parlour.example, the address a TLS proxy serves; the
    /// scheme, name and port players open) open games; repeatable. Besides these only the
    /// server's own address and localhost with its port are allowed: a browser page from any
    /// other origin is refused, whatever Host it sends.
    #[arg(long = "allow-origin", value_name = "URL")]
    allow_origin: Vec<String>,
    /// Close a WebSocket silent for this many seconds (the server pings every third of it, and
    /// live clients answer by themselves).
    #[arg(long, value_name = "SECS", default_value = "90", value_parser = seconds(1.0, 86_400.0))]
    idle_timeout: Duration,
    /// Connections open at once, in all (and no more than the open-file limit allows); one more
    /// is answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections as u32, value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,
    /// Connections open at once from one address.
    #[arg(long, value_name = "N", default_value_t = Limits::default().per_address as u32, value_parser = clap::value_parser!(u32).range(1..))]
    per_address: u32,
    /// Seconds a new connection may take to send its first request's headers.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = seconds(0.1, 3600.0))]
    header_timeout: Duration,
    /// Seconds a connection that has sent a request may then stay silent (an idle keep-alive
    /// HTTP connection); never less than --idle-timeout.
    #[arg(long, value_name = "SECS", default_value = "120", value_parser = seconds(1.0, 86_400.0))]
    keepalive_timeout: Duration,
    /// Let go from memory, this often, the games nobody is following (each is loaded again from
    /// the database when next asked for).
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds(0.1, 86_400.0))]
    forget_every: Duration,
    /// Requests one address may send a second, over all its connections.
    #[arg(long, value_name = "N", default_value_t = Limits::default().address_rate, value_parser = at_least_one)]
    requests_per_address: f64,
    /// Unknown invite codes one address may try a minute.
    #[arg(long, value_name = "N", default_value_t = Limits::default().unknown_codes_per_minute, value_parser = at_least_one)]
    codes_per_minute: f64,
    /// Games and accounts one address may create a minute (together).
    #[arg(long, value_name = "N", default_value_t = Limits::default().new_games_per_minute, value_parser = at_least_one)]
    new_games_per_minute: f64,
    /// Failed sign-ins (wrong secrets or pairing codes) one address, or one account name, may
    /// have a minute before every sign-in there waits.
    #[arg(long, value_name = "N", default_value_t = Limits::default().failed_sign_ins_per_minute, value_parser = at_least_one)]
    failed_sign_ins_per_minute: f64,
    /// A proxy (an address or a CIDR block; repeatable) whose X-Forwarded-For names the client:
    /// from it the limits count the rightmost address it names that is not itself trusted, and
    /// its own connections are limited by --max-connections only. From any other peer the
    /// header is ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR or CIDR")]
    trusted_proxy: Vec<parlour_server::limits::Cidr>,
    /// Read the PROXY protocol header (v1 or v2: HAProxy's send-proxy, send-proxy-v2) that a
    /// --trusted-proxy sends at the start of each connection, and take the client's address
    /// from it (a connection from it without one is served as it is).
    #[arg(long)]
    proxy_protocol: bool,
    /// When the server holds --max-connections, a new connection closes the one that has sent
    /// no request (pings do not count) for longest, if that is at least SECS; else it gets 503.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds(0.1, 86_400.0))]
    evict_idle_after: Duration,
    /// Clients (accounts and address groups) whose allowances are kept; past them the ones that
    /// owe nothing are forgotten, and newcomers share one allowance while none does.
    #[arg(long, value_name = "N", default_value_t = Limits::default().remembered as u32, value_parser = clap::value_parser!(u32).range(1..))]
    remembered: u32,
    /// How far apart a quick-pairing pool's waves run (lichess's: 12 to 60 s), on every server
    /// process sharing the database.
    #[arg(long, value_name = "SECS", default_value = "15", value_parser = seconds(0.05, 3600.0))]
    pool_wave: Duration,
    /// A pool with this many players waiting pairs at once.
    #[arg(long, value_name = "N", default_value = "30", value_parser = clap::value_parser!(u32).range(2..))]
    pool_full: u32,
    /// The address players open this server at (`https://parlour.example`), for the links in
    /// "your turn" notices (default: the listening address).
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Write the e-mail digests of "your turn" notices as .eml files to DIR (for a server with
    /// no mail relay).
    #[arg(long, value_name = "DIR")]
    mail_dir: Option<PathBuf>,
    /// Send the e-mail digests through this SMTP relay: smtp://USER:PASSWORD@HOST:587?tls=required,
    /// or smtps://… for TLS from the start.
    #[arg(long, value_name = "URL")]
    smtp_url: Option<String>,
    /// The digests' sender, e.g. "Parlour <parlour@example.org>".
    #[arg(long, value_name = "MAILBOX")]
    mail_from: Option<String>,
    /// Also accept Web Push subscriptions at this http://127.0.0.1:PORT/ address (a local push
    /// receiver, for tests; real subscriptions are https on a push service).
    #[arg(long, value_name = "URL")]
    push_test_endpoint: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The load benchmark: a server in this process and real WebSocket players on loopback.
    Load(parlour_server::load::Options),
}

fn web_dir(v: &str) -> Result<PathBuf, String> {
    let dir = PathBuf::from(v);
    if dir.join("index.html").is_file() {
        Ok(dir)
    } else {
        Err("no index.html there (build it with scripts/web.sh)".into())
    }
}

fn seconds(low: f64, high: f64) -> impl Fn(&str) -> Result<Duration, String> + Clone {
    move |v| match v.parse::<f64>() {
        Ok(s) if (low..=high).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("give a number of seconds from {low} to {high}")),
    }
}

fn at_least_one(v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(n) if n >= 1.0 && n.is_finite() => Ok(n),
        _ => Err("give a number, at least 1".into()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Load(options)) = cli.command {
        return parlour_server::load::main(options);
    }
    let mut policy = Policy {
        allowed: cli.allow_origin.clone(),
        idle: cli.idle_timeout,
        limits: Limits {
            max_connections: cli.max_connections as usize,
            per_address: cli.per_address as usize,
            header_timeout: cli.header_timeout,
            quiet_timeout: cli.keepalive_timeout,
            forget_every: cli.forget_every,
            address_rate: cli.requests_per_address,
            unknown_codes_per_minute: cli.codes_per_minute,
            new_games_per_minute: cli.new_games_per_minute,
            failed_sign_ins_per_minute: cli.failed_sign_ins_per_minute,
            remembered: cli.remembered as usize,
            evict_idle_after: cli.evict_idle_after,
            trusted_proxies: cli.trusted_proxy,
            proxy_protocol: cli.proxy_protocol,
        },
        pools: parlour_server::lobby::pools::PoolConfig {
            every: cli.pool_wave,
            full: cli.pool_full as usize,
        },
        notify: parlour_server::notify::NotifyConfig {
            link: cli.public_url,
            mail_dir: cli.mail_dir,
            smtp_url: cli.smtp_url,
            mail_from: cli.mail_from,
            push_test_endpoint: cli.push_test_endpoint,
        },
        ..Policy::default()
    };
    let database = cli.database.unwrap_or_else(parlour_server::default_database);
    // Each connection is a descriptor: take what the system allows, and hold no more
    // connections than fit (a refused connection is answered; a failed accept is not).
    if let Some(fit) = parlour_server::limits::descriptors_for_connections()
        && fit < policy.limits.max_connections
    {
        eprintln!(
            "parlour-server: the open-file limit allows {fit} connections, not {}; raise it (ulimit -n) for more",
            policy.limits.max_connections
        );
        policy.limits.max_connections = fit.max(1);
    }
    // A file past its size limit (RLIMIT_FSIZE) is a full disk to this server: the write fails
    // with EFBIG and is refused, instead of the process being killed by SIGXFSZ.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("parlour-server: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listen = cli.listen;
    runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind(&listen).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("parlour-server: cannot listen on {listen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if cli.web.is_some()
            && cli.allow_origin.is_empty()
            && listener.local_addr().is_ok_and(|a| a.ip().is_unspecified())
        {
            // The page's own origin is the name players type, which the server cannot know.
            eprintln!(
                "parlour-server: pages served from here open games only at http://localhost:PORT; \
                 give the address players open with --allow-origin (e.g. --allow-origin http://parlour.lan:7878)"
            );
        }
        let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or(listen);
        let shown = database.split('@').next_back().unwrap_or(&database).to_string();
        let ready = || println!("listening on http://{addr} (database {shown})");
        match parlour_server::run_full(listener, &database, cli.web, policy, ready).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("parlour-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
