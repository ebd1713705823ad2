import { randomInt } from 'node:crypto';
import type { AppContext } from '../context';

// The reference id a user puts on a wire so the exchange knows whose it is: one per user,
// created on first request, never reused. Letters and digits without look-alikes (0/O, 1/I).

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReference(): string {
  let s = 'OX';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

export function createWireReferences(ctx: AppContext) {
  const db = ctx.database.db;
  return {
    async of(userId: string): Promise<string> {
      const row = await db.selectFrom('wire_references').select('reference_id').where('user_id', '=', userId).executeTakeFirst();
      if (row) return row.reference_id;
      await db
        .insertInto('wire_references')
        .values({ user_id: userId, reference_id: newReference() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const stored = await db.selectFrom('wire_references').select('reference_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
      return stored.reference_id;
    },
    async owner(reference: string): Promise<string | null> {
      const row = await db
        .selectFrom('wire_references')
        .select('user_id')
        .where('reference_id', '=', reference.trim().toUpperCase())
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}
