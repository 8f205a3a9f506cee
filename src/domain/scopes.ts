/**
 * Scopes shared by API keys and OAuth tokens: the six of the spec, plus the connector,
 * ontology, change-feed (reading events, managing webhook subscriptions) and admin scopes. `admin` does not imply the others; an admin key simply carries
 * every scope.
 */
export const SCOPES = [
  'read:nodes',
  'write:nodes',
  'read:edges',
  'write:edges',
  'read:livedata',
  'write:livedata',
  'read:connectors',
  'write:connectors',
  'write:ontology',
  'read:events',
  'write:event-subscriptions',
  'admin',
] as const;

export type Scope = (typeof SCOPES)[number];

/** True when `value` names a known scope. */
export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * Scopes as one stored text: space-separated, as OAuth spells a scope list. A list of one
 * scope is that scope itself, so a stored single scope reads back unchanged.
 */
export function scopesToText(scopes: readonly Scope[]): string {
  return scopes.join(' ');
}

/** The inverse of `scopesToText`; throws on an unknown scope (a corrupt record). */
export function scopesFromText(text: string): Scope[] {
  return text.split(' ').map((value) => {
    if (!isScope(value)) {
      throw new TypeError(`Stored scope list holds an unknown scope: ${value}`);
    }
    return value;
  });
}
