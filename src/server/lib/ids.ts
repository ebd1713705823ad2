import { randomUUID } from 'node:crypto';

/** Opaque, unguessable identifier for rows that appear in URLs (user ids, session ids). */
export function newId(): string {
  return randomUUID();
}
