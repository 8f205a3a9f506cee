#!/usr/bin/env bash
# Signs a JSON body with openssl and posts it with curl, without an event id
# (X-Webhook-Signature convention, "<timestamp>.<raw body>" signed).
set -euo pipefail
URL=${URL:?set URL to the connector's receptionUrl}
SECRET=${SECRET:?set SECRET to the connector's secret (whsec_...)}
BODY=${BODY:-'{"type":"ping"}'}

TS=$(date +%s)
# HMAC-SHA256 over "<timestamp>.<raw body>", keyed with the whole secret string, as hex.
SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')

curl -sS -X POST "$URL" \
  -H 'Content-Type: application/json' \
  -H "X-Webhook-Timestamp: $TS" \
  -H "X-Webhook-Signature: sha256=$SIG" \
  --data-binary "$BODY"
