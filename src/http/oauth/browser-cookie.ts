import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/** Cookie that binds pending authorization requests to the browser that started them. */
export const BROWSER_COOKIE = 'wos_oauth_browser';
/** A day: long enough for any sign-in, short enough not to track anyone. */
const MAX_AGE_S = 24 * 3600;
/** 32 random bytes, base64url. */
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The browser id from the Cookie header, or undefined when absent or malformed. */
export function readBrowserId(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) {
    return undefined;
  }
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === BROWSER_COOKIE && VALUE.test(value)) {
      return value;
    }
  }
  return undefined;
}

/**
 * Sets a new browser id cookie and returns it. HttpOnly (scripts cannot read it, so no
 * other site can learn the CSRF tokens derived from it), SameSite=Lax, limited to the
 * authorization pages, and Secure when the issuer is served over https.
 */
export function setBrowserCookie(res: Response, issuer: string): string {
  const value = randomBytes(32).toString('base64url');
  const url = new URL(issuer);
  const path = `${url.pathname.replace(/\/+$/, '')}/authorize`;
  const attributes = [
    `${BROWSER_COOKIE}=${value}`,
    `Path=${path}`,
    `Max-Age=${MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(url.protocol === 'https:' ? ['Secure'] : []),
  ];
  res.append('Set-Cookie', attributes.join('; '));
  return value;
}
