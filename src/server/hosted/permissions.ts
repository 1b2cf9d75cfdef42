// Reads the permission set a verified token grants, from its `permissions` and `scope` claims.
import type { JWTPayload } from 'jose';

/**
 * The permissions a verified claims set grants: the strings of the
 * `permissions` array claim united with the space-separated words of the
 * `scope` string claim. Claims of any other shape grant nothing, so a
 * malformed token can only lose access, never gain it.
 *
 * @example
 * permissionsOf({ permissions: ['sources:read'], scope: 'openid telemetry:read' });
 * // Set { 'sources:read', 'openid', 'telemetry:read' }
 */
export function permissionsOf(claims: JWTPayload): ReadonlySet<string> {
  const granted = new Set<string>();
  const list: unknown = claims.permissions;
  if (Array.isArray(list)) {
    for (const p of list as unknown[]) {
      if (typeof p === 'string' && p !== '') granted.add(p);
    }
  }
  const scope: unknown = claims.scope;
  if (typeof scope === 'string') {
    for (const word of scope.split(/\s+/)) {
      if (word !== '') granted.add(word);
    }
  }
  return granted;
}
