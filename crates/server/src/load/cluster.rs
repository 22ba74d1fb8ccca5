//! The lobby load test's processes: a throw-away PostgreSQL cluster (as scripts/postgres.sh
//! starts one, from Debian's packages), two `parlour-server` processes of this very binary, and
//! HAProxy in front of them (round robin, the client's address in the PROXY protocol). Every
//! process is stopped when its value is dropped.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A free TCP port on loopback (bound and let go).
pub fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

/// A cluster run's scratch directory (`parlour-load-NAME-PID`): made, then removed after a run
/// that passed, kept (and said) after one that failed; the run's length is printed.
pub async fn in_scratch<F: std::future::Future<Output = Result<(), String>>>(
    name: &str,
    run: impl FnOnce(PathBuf) -> F,
) -> Result<(), String> {
    let started = std::time::Instant::now();
    let scratch = std::env::temp_dir().join(format!("parlour-load-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let result = run(scratch.clone()).await;
    if result.is_ok() {
        let _ = std::fs::remove_dir_all(&scratch);
    } else {
        println!("the servers' and HAProxy's logs are kept in {}", scratch.display());
    }
    println!("the run took {:.0} s", started.elapsed().as_secs_f64());
    result
}

/// The PostgreSQL a cluster run uses: `given` (it must be one), or a throw-away cluster under
/// `scratch`, stopped when the returned value is dropped. `flag` names the run in a refusal.
pub fn database(given: Option<&str>, scratch: &Path, flag: &str) -> Result<(String, Option<Postgres>), String> {
    match given {
        Some(d) if d.starts_with("postgres") => Ok((d.to_string(), None)),
        Some(_) => Err(format!("{flag} needs PostgreSQL: give --database postgres://… or none")),
        None => {
            let pg = Postgres::start(scratch)?;
            Ok((pg.url.clone(), Some(pg)))
        }
    }
}

/// A throw-away PostgreSQL cluster in a temporary directory, trust authentication on loopback.
pub struct Postgres {
    dir: PathBuf,
    pg_ctl: PathBuf,
    as_postgres: bool,
    /// `postgres://parlour@127.0.0.1:PORT/parlour`.
    pub url: String,
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?}: {}", String::from_utf8_lossy(&out.stderr).trim()))
    }
}

impl Postgres {
    /// Starts one under `scratch` (Debian's newest /usr/lib/postgresql/*/bin; as the package's
    /// postgres user when this process is root).
    pub fn start(scratch: &Path) -> Result<Postgres, String> {
        let mut bins: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .map_err(|_| "no PostgreSQL: apt-get install postgresql, or give --database".to_string())?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|p| p.join("initdb").is_file())
            .collect();
        bins.sort_by_key(|p| {
            p.parent()
                .and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok())
                .unwrap_or(0)
        });
        let bin = bins.pop().ok_or("no PostgreSQL's initdb under /usr/lib/postgresql")?;
        let dir = scratch.join("pg");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        // SAFETY: getuid has no preconditions.
        let as_postgres = unsafe { libc::getuid() } == 0;
        if as_postgres {
            run(Command::new("chown").arg("postgres:").arg(&dir))?;
        }
        let wrap = |program: PathBuf| {
            if as_postgres {
                let mut c = Command::new("runuser");
                c.args(["-u", "postgres", "--"]).arg(program);
                c
            } else {
                Command::new(program)
            }
        };
        let port = free_port()?;
        run(wrap(bin.join("initdb"))
            .arg("-D")
            .arg(dir.join("data"))
            .args(["-A", "trust", "-U", "parlour"]))?;
        let opts = format!(
            "-c listen_addresses=127.0.0.1 -p {port} -k {} -c max_connections=200 -c fsync=on",
            dir.display()
        );
        run(wrap(bin.join("pg_ctl"))
            .arg("-D")
            .arg(dir.join("data"))
            .arg("-l")
            .arg(dir.join("log"))
            .args(["-w", "-o", &opts, "start"]))?;
        let pg = Postgres {
            dir,
            pg_ctl: bin.join("pg_ctl"),
            as_postgres,
            url: format!("postgres://parlour@127.0.0.1:{port}/parlour"),
        };
        run(Command::new(bin.join("createdb")).args([
            "-h",
            "127.0.0.1",
            "-p",
            &port.to_string(),
            "-U",
            "parlour",
            "parlour",
        ]))?;
        Ok(pg)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let mut c = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&self.pg_ctl);
            c
        } else {
            Command::new(&self.pg_ctl)
        };
        let _ = c
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One `parlour-server` process of this binary on `127.0.0.1:port`, trusting the proxy on
/// loopback to name its clients; killed when dropped.
pub struct Server {
    child: Child,
}

impl Server {
    /// Starts it and waits for its "listening on" line; its log goes to `log`.
    pub fn start(port: u16, database: &str, log: &Path, wave: f64) -> Result<Server, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let log_file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| e.to_string())?;
        // Restarted on the same port just after a SIGKILL: try again while the port is busy.
        for _ in 0..50 {
            let mut child = Command::new(&exe)
                .args(["--listen", &format!("127.0.0.1:{port}"), "--database", database])
                .args(["--trusted-proxy", "127.0.0.1", "--proxy-protocol"])
                .args(["--pool-wave", &wave.to_string()])
                // Thousands of players on a few loopback addresses: the per-address allowances
                // are not what this test measures.
                .args(["--per-address", "100000", "--requests-per-address", "100000"])
                .args(["--new-games-per-minute", "100000", "--max-connections", "100000"])
                .stdout(Stdio::piped())
                .stderr(log_file.try_clone().map_err(|e| e.to_string())?)
                .spawn()
                .map_err(|e| e.to_string())?;
            let stdout = child.stdout.take().ok_or("no stdout")?;
            let mut lines = BufReader::new(stdout);
            let mut line = String::new();
            let _ = lines.read_line(&mut line);
            if line.starts_with("listening on") {
                // Keep reading its output so it never blocks on a full pipe.
                std::thread::spawn(move || for _ in lines.lines() {});
                return Ok(Server { child });
            }
            let _ = child.kill();
            let _ = child.wait();
            std::thread::sleep(Duration::from_millis(200));
        }
        Err(format!(
            "the server on port {port} did not start (see {})",
            log.display()
        ))
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// HAProxy on `127.0.0.1:port`: TCP mode, round robin over the servers, each connection
/// opened with a PROXY protocol (v1) header naming the client; a server that stops answering
/// health checks (every 500 ms) is skipped until it is back.
pub struct Haproxy {
    child: Child,
    /// Where players connect.
    pub port: u16,
}

impl Haproxy {
    /// Writes its configuration under `scratch` and starts it in the foreground.
    pub fn start(scratch: &Path, servers: &[u16]) -> Result<Haproxy, String> {
        if Command::new("haproxy").arg("-v").output().is_err() {
            eprintln!("installing haproxy (apt-get install -y haproxy)");
            run(Command::new("apt-get").args(["install", "-y", "-qq", "haproxy"]))?;
        }
        let port = free_port()?;
        let mut cfg = format!(
            "global\n  maxconn 8000\n\ndefaults\n  mode tcp\n  timeout connect 2s\n  timeout client 600s\n  \
             timeout server 600s\n  retries 3\n  option redispatch\n\nfrontend players\n  bind 127.0.0.1:{port}\n  \
             default_backend parlour\n\nbackend parlour\n  balance roundrobin\n"
        );
        for (i, p) in servers.iter().enumerate() {
            cfg += &format!("  server s{i} 127.0.0.1:{p} send-proxy check inter 500ms fall 1 rise 2\n");
        }
        let file = scratch.join("haproxy.cfg");
        std::fs::write(&file, cfg).map_err(|e| e.to_string())?;
        let log = std::fs::File::create(scratch.join("haproxy.log")).map_err(|e| e.to_string())?;
        let child = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("haproxy: {e}"))?;
        let h = Haproxy { child, port };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(h);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("haproxy did not start listening".into())
    }
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's resident memory in MB (`VmRSS` in /proc/PID/status).
pub fn rss_mb(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))?
                .split_whitespace()
                .nth(1)?
                .parse::<f64>()
                .ok()
        })
        .map_or(0.0, |kb| kb / 1024.0)
}
