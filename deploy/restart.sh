#!/bin/sh
# A rolling restart of the app processes behind nginx (deploy/README.md, "Deploying a change"):
# one process at a time, each restarted and then waited on until its /readyz answers 200 before
# the next, so the others serve every request meanwhile. Every process runs with
# ROLLING_RESTART=true: on SIGTERM it drains (answers for 5 s, closing each connection) before it
# closes its port, and a new process opens its port only once it is ready.
# tests/e2e/deploy-nginx.spec.ts runs this file under load through deploy/nginx.conf: 0 errors.
#
#   deploy/restart.sh [port …]        default: 3001 3002
#
#   SEFER_RESTART         the command restarting one process, %s standing for its port; it must
#                         return once the old process has exited (systemctl restart does).
#                         Default: systemctl restart sefer@%s
#   SEFER_READY_TIMEOUT   seconds to wait for a process's /readyz (default 120)
set -eu
[ $# -gt 0 ] || set -- 3001 3002
restart=${SEFER_RESTART:-"systemctl restart sefer@%s"}
timeout=${SEFER_READY_TIMEOUT:-120}

for port in "$@"; do
  case $port in
    '' | *[!0-9]*) echo "restart.sh: not a port: $port" >&2; exit 2 ;;
  esac
  echo "restart.sh: restarting the process on port $port"
  asked=$(date +%s)
  # shellcheck disable=SC2059 # the command is the template
  sh -c "$(printf "$restart" "$port")"
  started=$(date +%s)
  until curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$port/readyz"; do
    if [ $(($(date +%s) - started)) -ge "$timeout" ]; then
      echo "restart.sh: port $port is not ready after $timeout s; stopping here, the other processes keep serving" >&2
      exit 1
    fi
    sleep 0.5
  done
  health=$(curl -fs --max-time 2 "http://127.0.0.1:$port/healthz" || true)
  # A process that did not stop keeps its port, and the new one cannot open it: the one answering
  # must have started after the restart (a build without startedAt in /healthz is not checked).
  since=$(printf '%s' "$health" | sed -n 's/.*"startedAt":"\([^"]*\)".*/\1/p')
  if [ -n "$since" ] && [ "$(date -d "$since" +%s)" -lt "$asked" ]; then
    echo "restart.sh: port $port is still answered by a process started at $since, before the restart: the old process did not stop (check SEFER_RESTART); stopping here" >&2
    exit 1
  fi
  echo "restart.sh: port $port is ready: $health"
done
