//! `parlour-server`: parses the command line and starts; everything else is in the library.

use std::process::ExitCode;

const USAGE: &str = "\
parlour-server — Parlour's online game server

usage:
  parlour-server [--listen ADDR:PORT] [--database URL] [--web DIR] [--allow-origin URL]... [--idle-timeout SECS]
                 [--max-connections N] [--per-address N] [--header-timeout SECS] [--new-games-per-minute N]
      --listen    where to accept connections (default 127.0.0.1:7878; port 0 picks a free one)
      --database  sqlite://PATH (default: server.sqlite3 in Parlour's data directory)
                  or postgres://USER@HOST/DB (several servers may share one)
      --web       serve the browser client built by scripts/web.sh from DIR (e.g. web/dist):
                  http://ADDR:PORT/ opens the title screen, /g/CODE joins that online game
      --idle-timeout  close a WebSocket silent for this many seconds (default 90; the server
                  pings every third of it, and live clients answer by themselves)
      --allow-origin  also let pages from URL (e.g. https://parlour.example, the address a
                  TLS proxy serves) open games; a browser page from any other site is refused
      --max-connections  connections open at once, in all (default 4096, and no more than
                  the open-file limit allows); one more is answered 503 and closed
      --per-address  connections open at once from one address (default 64)
      --header-timeout  seconds a new connection may take to send its first request's
                  headers (default 10)
      --new-games-per-minute  games one address may create a minute (default 30)
  parlour-server load --help     the load benchmark
  parlour-server --help          this text

Clients connect to ws://ADDR:PORT/ws (the game and `parlour-engine connect --server
http://ADDR:PORT`); http://ADDR:PORT/health answers ok when the database takes a write (503 and why when
not). The first line printed is
`listening on http://ADDR:PORT`.";

fn bad_value(flag: &str, value: &str, want: &str) -> ExitCode {
    eprintln!("parlour-server: {flag} {value}: give {want}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("load") {
        return parlour_server::load::main(&args[1..]);
    }
    let mut listen = "127.0.0.1:7878".to_string();
    let mut database = None;
    let mut web = None;
    let mut policy = parlour_server::routes::Policy::default();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned();
        match (args[i].as_str(), value) {
            ("--help" | "-h", _) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            ("--listen", Some(v)) => listen = v,
            ("--database", Some(v)) => database = Some(v),
            ("--web", Some(v)) => {
                let dir = std::path::PathBuf::from(v);
                if !dir.join("index.html").is_file() {
                    eprintln!(
                        "parlour-server: --web {}: no index.html there (build it with scripts/web.sh)",
                        dir.display()
                    );
                    return ExitCode::from(2);
                }
                web = Some(dir);
            }
            ("--allow-origin", Some(v)) => policy.allowed.push(v),
            ("--max-connections", Some(v)) => match v.parse::<usize>() {
                Ok(n) if n >= 1 => policy.limits.max_connections = n,
                _ => return bad_value("--max-connections", &v, "a whole number, at least 1"),
            },
            ("--per-address", Some(v)) => match v.parse::<usize>() {
                Ok(n) if n >= 1 => policy.limits.per_address = n,
                _ => return bad_value("--per-address", &v, "a whole number, at least 1"),
            },
            ("--header-timeout", Some(v)) => match v.parse::<f64>() {
                Ok(secs) if (0.1..=3600.0).contains(&secs) => {
                    policy.limits.header_timeout = std::time::Duration::from_secs_f64(secs)
                }
                _ => return bad_value("--header-timeout", &v, "a number of seconds from 0.1 to 3600"),
            },
            ("--new-games-per-minute", Some(v)) => match v.parse::<f64>() {
                Ok(n) if n >= 1.0 && n.is_finite() => policy.limits.new_games_per_minute = n,
                _ => return bad_value("--new-games-per-minute", &v, "a number, at least 1"),
            },
            ("--idle-timeout", Some(v)) => match v.parse::<f64>() {
                Ok(secs) if secs >= 1.0 => policy.idle = std::time::Duration::from_secs_f64(secs),
                _ => {
                    eprintln!("parlour-server: --idle-timeout {v}: give a number of seconds, at least 1");
                    return ExitCode::from(2);
                }
            },
            (
                flag @ ("--listen"
                | "--database"
                | "--web"
                | "--allow-origin"
                | "--idle-timeout"
                | "--max-connections"
                | "--per-address"
                | "--header-timeout"
                | "--new-games-per-minute"),
                None,
            ) => {
                eprintln!("parlour-server: {flag} needs a value\n\n{USAGE}");
                return ExitCode::from(2);
            }
            (other, _) => {
                eprintln!("parlour-server: unknown argument '{other}'\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    let database = database.unwrap_or_else(parlour_server::default_database);
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
    runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind(&listen).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("parlour-server: cannot listen on {listen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or(listen);
        let shown = database.split('@').next_back().unwrap_or(&database).to_string();
        let ready = || println!("listening on http://{addr} (database {shown})");
        match parlour_server::run_full(listener, &database, web, policy, ready).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("parlour-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}
