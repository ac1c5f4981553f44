#!/usr/bin/env bash
# Starts N `scenery serve` processes on 127.0.0.1 and Debian's nginx in front of them on port P,
# in the foreground, with Deploy/nginx/scenery.conf; stops them all on SIGTERM or SIGINT (each
# backend drains: its sessions close with 1012) and exits 0.
#
#     Deploy/nginx/run.sh --backends 3 --port 8080 [-- SERVE_OPTIONS...]
#
# The engine is $SCENERY_BIN, else the build's (.build/release/scenery, else .build/debug/scenery).
# Prints one line per process as it starts: `backend PORT PID` for each backend (the port it
# chose), then `nginx PORT PID`. SERVE_OPTIONS go to every backend (--data-root, --max-sessions ...).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
backends=2 port=8080
while [ $# -gt 0 ]; do
    case "$1" in
        --backends) backends=$2; shift 2 ;;
        --port) port=$2; shift 2 ;;
        --) shift; break ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown argument $1 (--backends N --port P [-- SERVE_OPTIONS...])" >&2; exit 2 ;;
    esac
done
case "$backends" in ''|*[!0-9]*|0) echo "run.sh: --backends takes a positive number" >&2; exit 2 ;; esac
case "$port" in ''|*[!0-9]*) echo "run.sh: --port takes a port number" >&2; exit 2 ;; esac

bin=${SCENERY_BIN:-}
if [ -z "$bin" ]; then
    if [ -x "$repo/.build/release/scenery" ]; then bin=$repo/.build/release/scenery; else bin=$repo/.build/debug/scenery; fi
fi
[ -x "$bin" ] || { echo "run.sh: no engine at $bin: swift build, or set SCENERY_BIN" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "run.sh: nginx is not installed (apt-get install -y nginx-light)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/scenery-nginx.XXXXXX")
pids=()
stop() {
    trap - TERM INT EXIT
    # nginx first (no new connections), then every backend drains at once.
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
    exit 0
}
trap stop TERM INT
trap 'for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done; rm -rf "$work"' EXIT

servers=""
for i in $(seq 1 "$backends"); do
    log=$work/backend-$i.log
    "$bin" serve --port 0 --allow-origin "http://127.0.0.1:$port" --allow-origin "http://localhost:$port" "$@" 2>"$log" &
    pid=$!
    pids+=("$pid")  # at once: a backend that never listens is stopped when run.sh gives up on it
    backend_port=""
    for _ in $(seq 1 300); do
        backend_port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log" | head -n 1)
        [ -n "$backend_port" ] && break
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "run.sh: backend $i did not start" >&2; exit 1; }
        sleep 0.1
    done
    [ -n "$backend_port" ] || { echo "run.sh: backend $i did not listen within 30 s" >&2; exit 1; }
    servers+="    server 127.0.0.1:$backend_port max_fails=1 fail_timeout=5s;"$'\n'
    echo "backend $backend_port $pid"
done

# scenery.conf with these backends and this port, inside a main context of run.sh's own.
awk -v servers="$servers" -v port="$port" '
    /# backends: begin/ { print; printf "%s", servers; skip = 1; next }
    /# backends: end/ { skip = 0 }
    skip { next }
    /^ *listen 127\.0\.0\.1:8080;/ { sub(/8080/, port) }
    { print }' "$here/scenery.conf" > "$work/scenery.conf"
mkdir -p "$work/temp"
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    include $work/scenery.conf;
}
CONF
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/error.log" -g 'daemon off;' &
nginx_pid=$!
pids=("$nginx_pid" "${pids[@]}")
for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 "$nginx_pid" 2>/dev/null || { cat "$work/error.log" >&2; echo "run.sh: nginx did not start" >&2; exit 1; }
    sleep 0.1
done
echo "nginx $port $nginx_pid"

# In the foreground until a signal (or until nginx ends).
wait "$nginx_pid" || true
stop
