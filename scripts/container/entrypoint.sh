#!/bin/sh
# The image's command (docs/decisions/0024-container-image.md): the process to run, as `npm start`
# runs it (TypeScript through tsx, found from /app). tini (PID 1) hands signals to the process
# that `exec` leaves here. Anything else runs as given.
set -eu
case "${1:-server}" in
  server) shift || true; cd /app; exec node --import tsx apps/server/src/main.ts "$@" ;;
  pipeline) shift; cd /app; exec node --import tsx pipeline/src/main.ts "$@" ;;
  # The operator CLI (`npm run drape -- ...` on a host): `drape status`, `drape admin create KEY`...
  drape) shift; cd /app; exec node --import tsx pipeline/src/cli.ts "$@" ;;
  *) exec "$@" ;;
esac
