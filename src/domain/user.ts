import type { Scope } from './scopes';

/** A person who signs in on the authorization pages and acts through OAuth access tokens. */
export interface User {
  /** `usr_` + 20 URL-safe characters. */
  id: string;
  /** Stored lower-cased (see `normalizeEmail`), so sign-in is case-insensitive. */
  email: string;
  createdAt: string;
}

/**
 * What a user may do in one workspace. The scopes are the most an OAuth client can be
 * granted there on the user's behalf; a token's own scopes narrow them further.
 */
export interface Membership {
  userId: string;
  workspaceId: string;
  scopes: Scope[];
  createdAt: string;
  updatedAt: string;
}

/** Longest email accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Shortest password accepted (NIST SP 800-63B's floor for user-chosen secrets). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted: scrypt's cost grows with the input, so it is bounded. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * The form every email is stored and looked up in: trimmed and lower-cased. Mailbox local
 * parts are case-sensitive in theory, but no mail provider treats them so, and two accounts
 * differing only in case would confuse people.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Why `email` (already normalized) is not acceptable, or null. Deliberately simple: one
 * `@`, something on both sides, a dot in the domain, no spaces or control characters.
 */
export function emailProblem(email: string): string | null {
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) {
    return `must be 1 to ${MAX_EMAIL_LENGTH} characters`;
  }
  if (!/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email)) {
    return 'must be an email address such as ada@example.com';
  }
  return null;
}

/** Why `password` is not acceptable, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return null;
}
