#!/usr/bin/env bash
# The same delivery signed the Standard Webhooks way (webhook-id, webhook-timestamp,
# webhook-signature), with openssl and curl.
set -euo pipefail
URL=${URL:?set URL to the connector's receptionUrl}
SECRET=${SECRET:?set SECRET to the connector's secret (whsec_...)}
BODY=${BODY:-'{"type":"ping"}'}
MSG_ID=${MSG_ID:-"msg_$(date +%s)_$RANDOM"}

TS=$(date +%s)
# The key is the base64 after "whsec_", decoded; openssl takes it as hex.
KEY_HEX=$(printf '%s' "${SECRET#whsec_}" | openssl base64 -d -A | od -An -v -tx1 | tr -d ' \n')
# HMAC-SHA256 over "<id>.<timestamp>.<raw body>", as base64.
SIG=$(printf '%s.%s.%s' "$MSG_ID" "$TS" "$BODY" |
  openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY_HEX" -binary | openssl base64 -A)

curl -sS -X POST "$URL" \
  -H 'Content-Type: application/json' \
  -H "webhook-id: $MSG_ID" \
  -H "webhook-timestamp: $TS" \
  -H "webhook-signature: v1,$SIG" \
  --data-binary "$BODY"
