#!/usr/bin/env bash
# The database engines the scale-out tests start privately: PostgreSQL and Redis from Debian's packages.
#   scripts/engines.sh install   installs whichever of them is missing (idempotent; a no-op when both are there)
#   scripts/engines.sh check     exits non-zero, naming what is missing, without installing anything
#   scripts/engines.sh bench     install, plus wrk: the load generator `npm run bench` drives both servers with
set -euo pipefail

pg_bindir() {
  # Debian puts each major version's server binaries under /usr/lib/postgresql/<major>/bin.
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}

missing_packages() {
  local missing=()
  pg_bindir >/dev/null || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  if [ "${WANT_WRK:-0}" = 1 ]; then command -v wrk >/dev/null 2>&1 || missing+=(wrk); fi
  echo "${missing[@]:-}"
}

mode="${1:-install}"
if [ "$mode" = bench ]; then WANT_WRK=1; mode=install; fi
case "$mode" in
  install)
    missing="$(missing_packages)"
    if [ -n "$missing" ]; then
      if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
      export DEBIAN_FRONTEND=noninteractive
      $SUDO apt-get update
      # shellcheck disable=SC2086 # one word per package
      $SUDO apt-get install -y --no-install-recommends $missing
    fi
    # The packages start system-wide services on install; the tests run their own private instances.
    echo "postgresql: $(pg_bindir)"
    echo "redis-server: $(command -v redis-server)"
    if [ "${WANT_WRK:-0}" = 1 ]; then echo "wrk: $(command -v wrk)"; fi
    ;;
  check)
    missing="$(missing_packages)"
    if [ -n "$missing" ]; then echo "missing: $missing (run scripts/engines.sh install)" >&2; exit 1; fi
    echo "postgresql: $(pg_bindir)"
    echo "redis-server: $(command -v redis-server)"
    ;;
  *)
    echo "usage: $0 install|check|bench" >&2
    exit 2
    ;;
esac
