import type { VersionedMigration } from './types';

// Which accounts a person may sign in as. Until now the simulator's accounts were told apart
// only by a role and an unusable password hash, and the demo account not at all: a column the
// login, refresh and reset paths check makes the rule one comparison. Existing rows are
// classified by what created them (the simulator's address domain, the demo address).

export const m0120AccountKind: VersionedMigration = {
  name: '0120_account_kind',
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('account_kind', 'text', (c) => c.notNull().defaultTo('customer'))
      .execute();
    await db
      .updateTable('users')
      .set({ account_kind: 'system' })
      .where('account_role', '=', 'system')
      .where('email_normalized', 'like', '%@sim.ox.invalid')
      .execute();
    await db.updateTable('users').set({ account_kind: 'demo' }).where('email_normalized', '=', 'demo@ox.exchange').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('account_kind').execute();
  },
};
