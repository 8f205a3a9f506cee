/**
 * Scopes shared by API keys and OAuth tokens: the six of the spec, plus the connector and
 * admin scopes of DESIGN.md section 8. `admin` does not imply the others; an admin key
 * simply carries every scope.
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
  'admin',
] as const;

export type Scope = (typeof SCOPES)[number];

/** True when `value` names a known scope. */
export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
