#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: loopback only, trust authentication for
# the superuser `postgres`, on a free port. `make test` runs the test suite through `run`.
#
#   scripts/postgres-test-cluster.sh start DIR
#       Creates the cluster (initdb) when DIR has none, then starts it; prints its URL,
#       postgres://postgres@127.0.0.1:PORT/postgres, and writes it to DIR/url (the port
#       to DIR/port). A stopped cluster starts again on the same port; a running one is
#       left alone (its URL is printed again).
#   scripts/postgres-test-cluster.sh stop DIR [smart|fast|immediate]
#       `pg_ctl stop -m MODE` (default fast; immediate is like a crash: WAL recovery at
#       the next start). Silent when nothing is running.
#   scripts/postgres-test-cluster.sh run DIR -- COMMAND...
#       A fresh cluster for COMMAND: stops and deletes whatever DIR held (a run that was
#       killed leaves its server running), starts a new cluster, runs COMMAND with
#           DEVICETRUST_TEST_POSTGRES_URL            the URL
#           DEVICETRUST_TEST_POSTGRES_CLUSTER_SCRIPT this script's absolute path
#           DEVICETRUST_TEST_POSTGRES_CLUSTER_DIR    DIR's absolute path
#       (so a test can `stop "$DIR" immediate` and `start "$DIR"` again), stops the
#       cluster when COMMAND ends, fails or is interrupted, and exits with its status.
#       The data and log stay in DIR until the next run, for a look after a failure.
#   scripts/postgres-test-cluster.sh delete DIR
#       Stops the cluster and removes everything it wrote (DIR itself stays).
#
# Layout: DIR/data (the data folder, mode 0700), DIR/socket (the Unix socket folder),
# DIR/postgres.log (the server log), DIR/url, DIR/port, DIR/initdb.log.
#
# initdb and pg_ctl refuse to run as root: as root they run as the OS user `postgres`
# (created when missing) and DIR is given to it; otherwise as the current user. When that
# user cannot reach DIR (e.g. a clone under /root, mode 0700) or DIR's path is too long
# for a Unix socket, the cluster lives in a mktemp folder under /tmp instead: DIR/home
# points to it, and DIR/data, DIR/socket and DIR/postgres.log are links into it.
#
# The binaries: $POSTGRES_BINDIR when set, else those of the version that created the
# cluster, `pg_config --bindir`, the newest /usr/lib/postgresql/*/bin, or PATH.
set -euo pipefail

prog=postgres-test-cluster.sh
script_path=$(realpath -- "${BASH_SOURCE[0]}")
marker=.devicetrust-postgres-test-cluster

die() {
    echo "$prog: $*" >&2
    exit 1
}

usage() {
    echo "usage: $prog start DIR | stop DIR [smart|fast|immediate] | run DIR -- COMMAND... | delete DIR" >&2
    exit 2
}

# --- who runs the server --------------------------------------------------------------

if [[ $(id -u) -eq 0 ]]; then
    server_user=postgres
else
    server_user=$(id -un)
fi

# Runs a PostgreSQL program as the server user, from /, which that user can always read
# (the caller's folder may be one it cannot).
as_server() {
    if [[ $(id -u) -eq 0 ]]; then
        (cd / && runuser -u "$server_user" -- "$@")
    else
        (cd / && "$@")
    fi
}

# As root: the OS user `postgres` exists once the postgresql package is installed; on a
# machine with only the binaries, create it.
ensure_server_user() {
    [[ $(id -u) -eq 0 ]] || return 0
    id -u "$server_user" >/dev/null 2>&1 && return 0
    command -v runuser >/dev/null 2>&1 || die "runuser not found: install util-linux (scripts/install-deps.sh)"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin "$server_user" >/dev/null \
        || die "could not create the OS user '$server_user' to run PostgreSQL as: create it (useradd --system $server_user) and retry"
}

# --- binaries -------------------------------------------------------------------------

bindir=
find_bindir() {
    [[ -n "$bindir" ]] && return 0
    local version=${1:-} candidates=() candidate
    if [[ -n "${POSTGRES_BINDIR:-}" ]]; then
        candidates+=("$POSTGRES_BINDIR")
    fi
    if [[ -n "$version" ]]; then
        candidates+=("/usr/lib/postgresql/$version/bin")
    fi
    if command -v pg_config >/dev/null 2>&1; then
        candidates+=("$(pg_config --bindir 2>/dev/null || true)")
    fi
    while IFS= read -r candidate; do
        candidates+=("$candidate")
    done < <(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r)
    if command -v initdb >/dev/null 2>&1; then
        candidates+=("$(dirname -- "$(command -v initdb)")")
    fi
    for candidate in "${candidates[@]}"; do
        if [[ -n "$candidate" && -x "$candidate/initdb" && -x "$candidate/pg_ctl" && -x "$candidate/postgres" ]]; then
            if [[ -n "$version" && -z "${POSTGRES_BINDIR:-}" ]] \
                && ! "$candidate/postgres" --version 2>/dev/null | grep -q " $version[.]"; then
                continue
            fi
            bindir=$candidate
            return 0
        fi
    done
    if [[ -n "$version" ]]; then
        die "PostgreSQL $version server binaries (initdb, pg_ctl, postgres) not found, and the cluster in $dir needs them: install postgresql-$version, set POSTGRES_BINDIR, or 'delete' the cluster"
    fi
    die "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: run scripts/install-deps.sh (Debian package postgresql-15) or set POSTGRES_BINDIR"
}

# --- the cluster folder ---------------------------------------------------------------

dir=
home=
set_dir() {
    [[ -n "${1:-}" ]] || usage
    dir=$(realpath -m -- "$1")
    [[ "$dir" != *$'\n'* && "$dir" != *"'"* ]] || die "DIR must not contain a newline or a single quote: $dir"
    [[ "$dir" != / ]] || die "DIR must not be /"
}

# The folder holding data/, socket/ and postgres.log: DIR, or where DIR/home points.
resolve_home() {
    if [[ -L "$dir/home" ]]; then
        home=$(readlink -- "$dir/home")
    else
        home=$dir
    fi
    data=$home/data
    socket=$home/socket
    log=$home/postgres.log
}

# A cluster counts once initdb has finished (this script then writes $home/initialized).
# A home under /tmp that vanished (reboot, tmp cleaner) or is no longer the server
# user's is no cluster.
initialized() {
    [[ -f "$home/initialized" && -d "$data" ]] || return 1
    [[ "$home" == "$dir" || "$(stat -c %U -- "$home")" == "$server_user" ]]
}

running() {
    local status=0
    as_server "$bindir/pg_ctl" status -D "$data" >/dev/null 2>&1 || status=$?
    [[ $status -eq 0 ]]
}

data_version() {
    cat -- "$data/PG_VERSION" 2>/dev/null || true
}

# Makes DIR, refusing a folder that holds other things (DIR's contents get deleted and,
# as root, DIR is given to the server user).
claim_dir() {
    mkdir -p -- "$dir" || die "could not create $dir: pick a folder you can write"
    [[ -d "$dir" ]] || die "$dir is not a folder: pick another DIR"
    if [[ ! -e "$dir/$marker" && -n "$(ls -A -- "$dir")" ]]; then
        die "$dir is not empty and holds no test cluster: pass a new or empty folder as DIR"
    fi
    touch -- "$dir/$marker"
}

# Removes everything the cluster wrote (the server must be stopped).
wipe() {
    [[ -e "$dir/$marker" ]] || return 0
    if [[ -L "$dir/home" ]]; then
        local target
        target=$(readlink -- "$dir/home")
        if [[ -e "$target/$marker" ]]; then
            rm -rf -- "$target"
        fi
    fi
    find "$dir" -mindepth 1 -maxdepth 1 ! -name "$marker" -exec rm -rf -- {} +
}

# Picks DIR or a fresh folder under /tmp as the home of a new cluster.
choose_home() {
    # sun_path holds 107 bytes: SOCKDIR/.s.PGSQL.NNNNN must fit.
    local reachable=0
    if (( ${#dir} + 22 <= 100 )); then
        if [[ $(id -u) -ne 0 ]]; then
            reachable=1
        elif runuser -u "$server_user" -- test -x "$dir" 2>/dev/null; then
            chown -- "$server_user:" "$dir" || die "could not give $dir to the OS user $server_user"
            runuser -u "$server_user" -- test -w "$dir" && reachable=1
        fi
    fi
    if [[ $reachable -eq 1 ]]; then
        home=$dir
    else
        home=$(mktemp -d /tmp/devicetrust-postgres.XXXXXX) || die "could not create a folder under /tmp for the cluster: make /tmp writable"
        touch -- "$home/$marker"
        if [[ $(id -u) -eq 0 ]]; then
            chown -R -- "$server_user:" "$home"
        fi
        ln -sfn -- "$home" "$dir/home"
        ln -sfn -- "$home/data" "$dir/data"
        ln -sfn -- "$home/socket" "$dir/socket"
        ln -sfn -- "$home/postgres.log" "$dir/postgres.log"
    fi
    data=$home/data
    socket=$home/socket
    log=$home/postgres.log
}

# A port nothing listens on, below the kernel's ephemeral range: outgoing connections
# take their local ports from that range and could hold ours while the server is
# stopped, and the fault tests restart the server on the same port.
pick_port() {
    local lo=15000 hi=32768 range
    if range=$(cat /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null); then
        read -r eph_lo _ <<<"$range"
        if (( eph_lo - lo >= 1000 )); then
            hi=$eph_lo
        else
            lo=1024 hi=65536
        fi
    fi
    if command -v python3 >/dev/null 2>&1; then
        python3 - "$lo" "$hi" <<'EOF' && return 0
import random, socket, sys
lo, hi = int(sys.argv[1]), int(sys.argv[2])
for _ in range(500):
    port = random.randrange(lo, hi)
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    sys.exit(0)
sys.exit(1)
EOF
    fi
    # No python3: a random port; a collision shows as a failed start and is retried.
    echo $(( lo + (RANDOM * 32768 + RANDOM) % (hi - lo) ))
}

# Starts the server on $1. Returns 0, or 3 when the port was taken; dies otherwise.
start_server() {
    local port=$1 offset err status=0
    offset=$(stat -c %s -- "$log" 2>/dev/null || echo 0)
    err=$(as_server "$bindir/pg_ctl" start -D "$data" -l "$log" -w -t 120 \
        -o "-p $port -k '$socket' -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=on" \
        2>&1 >/dev/null) || status=$?
    [[ $status -eq 0 ]] && return 0
    local news
    news=$(tail -c +"$((offset + 1))" -- "$log" 2>/dev/null || true)
    if grep -q 'could not bind IPv4 address.*Address already in use\|could not create any TCP/IP sockets' <<<"$news"; then
        return 3
    fi
    {
        [[ -n "$err" ]] && sed 's/^/  pg_ctl: /' <<<"$err"
        [[ -n "$news" ]] && tail -n 15 <<<"$news" | sed 's/^/  log: /'
    } >&2
    die "PostgreSQL did not start (data $dir/data): see $dir/postgres.log; '$script_path delete $dir' starts afresh"
}

write_url() {
    local port=$1
    url="postgres://postgres@127.0.0.1:$port/postgres"
    printf '%s\n' "$port" >"$dir/port.new" && mv -f -- "$dir/port.new" "$dir/port"
    printf '%s\n' "$url" >"$dir/url.new" && mv -f -- "$dir/url.new" "$dir/url"
}

url=
start_cluster() {
    claim_dir
    resolve_home
    if initialized; then
        find_bindir "$(data_version)"
        local port
        port=$(cat -- "$dir/port" 2>/dev/null || true)
        [[ "$port" =~ ^[0-9]+$ ]] || die "$dir/port is missing or damaged: '$script_path delete $dir' starts afresh"
        if running; then
            write_url "$port"
            return 0
        fi
        local status=0
        start_server "$port" || status=$?
        if [[ $status -eq 3 ]]; then
            die "port $port ($dir/port) is taken by another program: stop it, or '$script_path delete $dir' and start afresh on a new port"
        fi
        write_url "$port"
        return 0
    fi

    # A new cluster (after removing what an unfinished one left).
    find_bindir
    ensure_server_user
    wipe
    choose_home
    if ! as_server "$bindir/initdb" -D "$data" -A trust -U postgres -E UTF8 --no-locale --no-sync \
        >"$dir/initdb.log" 2>&1; then
        tail -n 15 -- "$dir/initdb.log" | sed 's/^/  initdb: /' >&2
        die "initdb failed: see $dir/initdb.log"
    fi
    as_server chmod 0700 "$data"
    as_server mkdir -p -m 0700 "$socket"
    touch -- "$home/initialized"

    local attempt port status
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        port=$(pick_port)
        status=0
        start_server "$port" || status=$?
        if [[ $status -eq 0 ]]; then
            write_url "$port"
            return 0
        fi
    done
    die "no free port found for PostgreSQL after 10 tries: see $dir/postgres.log"
}

stop_cluster() {
    local mode=$1
    [[ -e "$dir/$marker" ]] || return 0
    resolve_home
    initialized || return 0
    find_bindir "$(data_version)"
    running || return 0
    local err
    if ! err=$(as_server "$bindir/pg_ctl" stop -D "$data" -m "$mode" -w -t 120 2>&1 >/dev/null); then
        running || return 0
        [[ -n "$err" ]] && sed 's/^/  pg_ctl: /' <<<"$err" >&2
        die "PostgreSQL did not stop ($mode; data $dir/data): try '$script_path stop $dir immediate'"
    fi
}

# --- run ------------------------------------------------------------------------------

child=
cleanup() {
    stop_cluster fast || true
}

on_signal() {
    local signal=$1
    trap '' INT TERM HUP
    if [[ -n "$child" ]] && kill -0 "$child" 2>/dev/null; then
        kill -s "$signal" "$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    fi
    cleanup
    trap - EXIT "$signal"
    kill -s "$signal" "$$"
    exit 130
}

run_command() {
    local started status=0
    started=$(date +%s.%N)
    trap cleanup EXIT
    trap 'on_signal INT' INT
    trap 'on_signal TERM' TERM
    trap 'on_signal HUP' HUP

    # A fresh cluster, after whatever an earlier (maybe killed) run left.
    if [[ -e "$dir/$marker" ]]; then
        stop_cluster fast
        wipe
    fi
    start_cluster
    local seconds
    seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "$prog: PostgreSQL $("$bindir/postgres" --version | awk '{ print $3 }') at $url (log $dir/postgres.log), ready in ${seconds}s" >&2

    export DEVICETRUST_TEST_POSTGRES_URL=$url
    export DEVICETRUST_TEST_POSTGRES_CLUSTER_SCRIPT=$script_path
    export DEVICETRUST_TEST_POSTGRES_CLUSTER_DIR=$dir
    # In the background so that a signal reaches the traps at once; bash would have an
    # asynchronous command ignore SIGINT and SIGQUIT, hence the reset.
    ( trap - INT QUIT; exec "$@" ) <&0 &
    child=$!
    wait "$child" || status=$?
    child=
    trap - EXIT
    cleanup
    exit "$status"
}

# --- main -----------------------------------------------------------------------------

[[ $# -ge 1 ]] || usage
command=$1
shift
case "$command" in
    start)
        [[ $# -eq 1 ]] || usage
        set_dir "$1"
        start_cluster
        printf '%s\n' "$url"
        ;;
    stop)
        [[ $# -eq 1 || $# -eq 2 ]] || usage
        set_dir "$1"
        mode=${2:-fast}
        case "$mode" in
            smart|fast|immediate) ;;
            *) die "unknown stop mode '$mode': use smart, fast or immediate" ;;
        esac
        stop_cluster "$mode"
        ;;
    run)
        [[ $# -ge 3 && "$2" == -- ]] || usage
        set_dir "$1"
        shift 2
        run_command "$@"
        ;;
    delete)
        [[ $# -eq 1 ]] || usage
        set_dir "$1"
        stop_cluster fast
        wipe
        ;;
    -h|--help|help)
        sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$script_path"
        ;;
    *)
        usage
        ;;
esac
