#!/bin/sh
# First start: a cluster in the volume, its superuser POSTGRES_USER with POSTGRES_PASSWORD, and the
# database POSTGRES_DB; then PostgreSQL itself, as PID 1's only child (exec).
set -eu
: "${POSTGRES_USER:=drape}" "${POSTGRES_DB:=drape}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then
  echo "postgres: set POSTGRES_PASSWORD" >&2
  exit 1
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  # Other containers reach it over the compose network, with the password.
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "postgres: cluster made in $PGDATA (database $POSTGRES_DB, user $POSTGRES_USER)"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
