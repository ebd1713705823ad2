import { sql, type Kysely } from 'kysely';
import { idNumberContext } from '../../accounts/id-numbers';
import { createTextSealer, type TextSealer } from '../../lib/sealed-text';
import type { MigrationContext, VersionedMigration } from './types';

// ID numbers used to be stored in clear: users.individual_details.id_number (JSON) and
// beneficial_owners.id_number. This seals the ones already stored, the way the server now
// writes new ones (accounts/id-numbers.ts). Each migration runs in one transaction, so a
// database is either wholly converted or left as it was.

const PAGE = 500;

function sealerOf(ctx: MigrationContext): TextSealer {
  if (!ctx.keys) throw new Error('0130_sealed_id_numbers needs the server keys to encrypt stored ID numbers');
  return createTextSealer(ctx.keys.idNumbers);
}

/** True when `value` already is a sealed value of this key and context. */
function isSealed(sealer: TextSealer, value: string, context: string): boolean {
  try {
    sealer.open(value, context);
    return true;
  } catch {
    return false;
  }
}

type Convert = (value: string, context: string) => string | undefined;

/** Calls `each` for every row of `table` (ordered by id, a page at a time). */
async function forEachRow<R extends { id: string }>(
  db: Kysely<any>,
  table: string,
  columns: readonly string[],
  each: (row: R) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db.selectFrom(table).select(columns).where('id', '>', after).orderBy('id').limit(PAGE).execute()) as R[];
    if (rows.length === 0) return;
    for (const row of rows) await each(row);
    after = rows[rows.length - 1]!.id;
  }
}

async function convertIndividuals(db: Kysely<any>, convert: Convert): Promise<void> {
  await forEachRow<{ id: string; individual_details: string | null }>(db, 'users', ['id', 'individual_details'], async (row) => {
    if (!row.individual_details) return;
    const details = JSON.parse(row.individual_details) as Record<string, unknown>;
    if (typeof details.id_number !== 'string' || details.id_number === '') return;
    const next = convert(details.id_number, idNumberContext.individual(row.id));
    if (next === undefined) return;
    const individual_details = JSON.stringify({ ...details, id_number: next });
    await db.updateTable('users').set({ individual_details }).where('id', '=', row.id).execute();
  });
}

async function convertOwners(db: Kysely<any>, convert: Convert): Promise<void> {
  await forEachRow<{ id: string; id_number: string }>(db, 'beneficial_owners', ['id', 'id_number'], async (row) => {
    const next = row.id_number === '' ? undefined : convert(row.id_number, idNumberContext.beneficialOwner(row.id));
    if (next !== undefined) await db.updateTable('beneficial_owners').set({ id_number: next }).where('id', '=', row.id).execute();
  });
}

/**
 * Runs `convert` over every stored ID number in one transaction. On SQLite the values replaced
 * must not linger either: secure_delete zeroes the space they leave in the pages written, and
 * the checkpoint afterwards moves those pages into the database file and empties the WAL that
 * still held the old ones.
 */
async function convertAll(db: Kysely<any>, ctx: MigrationContext, convert: Convert): Promise<void> {
  const work = async (trx: Kysely<any>) => {
    await convertIndividuals(trx, convert);
    await convertOwners(trx, convert);
  };
  // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
  if (db.isTransaction) return work(db);
  if (ctx.dialect !== 'sqlite') return db.transaction().execute(work);
  const previous = (await sql<{ secure_delete: number }>`PRAGMA secure_delete`.execute(db)).rows[0]?.secure_delete ?? 0;
  await sql`PRAGMA secure_delete = ON`.execute(db);
  try {
    await db.transaction().execute(work);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  } finally {
    await sql.raw(`PRAGMA secure_delete = ${Number(previous)}`).execute(db);
  }
}

export const m0130SealedIdNumbers: VersionedMigration = {
  name: '0130_sealed_id_numbers',
  async up(db, ctx) {
    // The keys are looked up only when there is something to seal, so a new database (and a
    // tool that builds an empty schema) needs none.
    let sealer: TextSealer | undefined;
    await convertAll(db, ctx, (value, context) => {
      sealer ??= sealerOf(ctx);
      return isSealed(sealer, value, context) ? undefined : sealer.seal(value, context);
    });
  },
  async down(db, ctx) {
    let sealer: TextSealer | undefined;
    await convertAll(db, ctx, (value, context) => {
      sealer ??= sealerOf(ctx);
      return isSealed(sealer, value, context) ? sealer.open(value, context) : undefined;
    });
  },
};
