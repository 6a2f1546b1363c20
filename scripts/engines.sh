#!/usr/bin/env bash
# The system packages the test suite needs, from Debian: Chromium (the /docs browser test), and
# PostgreSQL and Redis (the scale-out tests start private instances of both). The one place that
# installs them; `npm test` and `npm run test:postgres` run `install` first, tests only check.
#   scripts/engines.sh install   says what is missing and installs it (a no-op when all are there);
#                                without root or password-less sudo it stops at once, naming the command
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
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  pg_bindir >/dev/null || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  if [ "${WANT_WRK:-0}" = 1 ]; then command -v wrk >/dev/null 2>&1 || missing+=(wrk); fi
  echo "${missing[@]:-}"
}

report() {
  echo "chromium: ${CHROMIUM_PATH:-/usr/bin/chromium}"
  echo "postgresql: $(pg_bindir)"
  echo "redis-server: $(command -v redis-server)"
  if [ "${WANT_WRK:-0}" = 1 ]; then echo "wrk: $(command -v wrk)"; fi
}

mode="${1:-install}"
if [ "$mode" = bench ]; then WANT_WRK=1; mode=install; fi
case "$mode" in
  install)
    missing="$(missing_packages)"
    if [ -n "$missing" ]; then
      command="apt-get install -y --no-install-recommends $missing"
      if [ "$(id -u)" -eq 0 ]; then
        SUDO=""
      elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo"
      else
        echo "missing system packages: $missing" >&2
        echo "the tests need them; install them as root, then run the tests again:" >&2
        echo "  sudo apt-get update && sudo $command" >&2
        exit 1
      fi
      echo "installing the system packages the tests need, from Debian: $missing"
      echo "  ${SUDO:+sudo }apt-get update && ${SUDO:+sudo }$command"
      export DEBIAN_FRONTEND=noninteractive
      $SUDO apt-get update -qq
      # shellcheck disable=SC2086 # one word per package
      $SUDO apt-get install -y -qq --no-install-recommends $missing
    fi
    # The packages start system-wide services on install; the tests run their own private instances.
    report
    ;;
  check)
    missing="$(missing_packages)"
    if [ -n "$missing" ]; then echo "missing: $missing (run scripts/engines.sh install)" >&2; exit 1; fi
    report
    ;;
  *)
    echo "usage: $0 install|check|bench" >&2
    exit 2
    ;;
esac
