"""Signs a JSON body and posts it to a connector's reception URL (Python 3.8+, stdlib only).

Usage: python3 sign_webhook.py <receptionUrl> <secret> ['{"type":"ping"}'] [eventId]
"""
import hashlib
import hmac
import sys
import time
import urllib.error
import urllib.request
import uuid


def main() -> int:
    if len(sys.argv) < 3:
        usage = "usage: python3 sign_webhook.py <receptionUrl> <secret> [body] [eventId]"
        print(usage, file=sys.stderr)
        return 2
    url, secret = sys.argv[1], sys.argv[2]
    body = (sys.argv[3] if len(sys.argv) > 3 else '{"type":"ping"}').encode("utf-8")
    event_id = sys.argv[4] if len(sys.argv) > 4 else str(uuid.uuid4())

    # Sign the event id and exactly the bytes that are sent: "<event id>.<timestamp>.<raw
    # body>", keyed with the secret as it was shown (the whole "whsec_..." string).
    timestamp = str(int(time.time()))
    signed = f"{event_id}.{timestamp}.".encode("utf-8") + body
    signature = hmac.new(secret.encode("utf-8"), signed, hashlib.sha256)

    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Webhook-Id": event_id,
            "X-Webhook-Timestamp": timestamp,
            "X-Webhook-Signature": "sha256=" + signature.hexdigest(),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            print(response.status, response.read().decode("utf-8"))
            return 0
    except urllib.error.HTTPError as error:
        print(error.code, error.read().decode("utf-8"))
        return 1


if __name__ == "__main__":
    sys.exit(main())
