#!/bin/sh
# The image's command (docs/decisions/0024-container-image.md): the process to run, as `npm start`
# runs it (TypeScript through tsx). tini (PID 1) hands signals to the process `exec` leaves here.
set -eu
cd /app
case "${1:-server}" in
  server) shift || true; exec node --import tsx apps/server/src/main.ts "$@" ;;
  pipeline) shift; exec node --import tsx pipeline/src/main.ts "$@" ;;
  # The operator CLI (`npm run drape -- ...` on a host): `drape status`, `drape admin create KEY`...
  drape) shift; exec node --import tsx pipeline/src/cli.ts "$@" ;;
  *) exec "$@" ;;
esac
