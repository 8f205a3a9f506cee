#!/usr/bin/env bash
# Signs a JSON body and its event id with openssl and posts it with curl
# (X-Webhook-Signature convention, the id signed too).
set -euo pipefail
URL=${URL:?set URL to the connector's receptionUrl}
SECRET=${SECRET:?set SECRET to the connector's secret (whsec_...)}
BODY=${BODY:-'{"type":"ping"}'}
EVENT_ID=${EVENT_ID:-"evt-$(date +%s)-$RANDOM"}

TS=$(date +%s)
# HMAC-SHA256 over "<event id>.<timestamp>.<raw body>", keyed with the whole secret string,
# as hex.
SIG=$(printf '%s.%s.%s' "$EVENT_ID" "$TS" "$BODY" |
  openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')

curl -sS -X POST "$URL" \
  -H 'Content-Type: application/json' \
  -H "X-Webhook-Id: $EVENT_ID" \
  -H "X-Webhook-Timestamp: $TS" \
  -H "X-Webhook-Signature: sha256=$SIG" \
  --data-binary "$BODY"
