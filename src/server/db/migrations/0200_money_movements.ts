import { t, type VersionedMigration } from './types';

// Money in and out: deposit addresses handed out, transfers in motion (deposits and
// withdrawals, whose ledger lines the exchange writes), the withdrawal address book, bank
// accounts with their micro-deposit verification, ACH agreements and wire reference ids.
export const m0200MoneyMovements: VersionedMigration = {
  name: '0200_money_movements',
  async up(db) {
    await db.schema
      .createTable('deposit_addresses')
      .addColumn('address', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('chain', 'text', (c) => c.notNull())
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addUniqueConstraint('deposit_addresses_chain_idx', ['chain', 'idx'])
      .execute();
    await db.schema.createIndex('deposit_addresses_user').on('deposit_addresses').columns(['user_id', 'currency', 'idx']).execute();

    await db.schema
      .createTable('transfers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('fee', t.money, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('memo', 'text')
      .addColumn('bank_account_id', 'text')
      .addColumn('external_id', 'text', (c) => c.unique())
      .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('required_confirmations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('due_at', t.millis)
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('transfers_status').on('transfers').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('transfers_user').on('transfers').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('approved_addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text')
      .addColumn('code_expires_at', t.millis)
      .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('confirmed_at', t.millis)
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('approved_addresses_user').on('approved_addresses').columns(['user_id', 'currency']).execute();

    await db.schema
      .createTable('withdrawal_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('only_approved', t.bool, (c) => c.notNull())
      // Turning the restriction off takes effect only after the cool-down (null: not asked).
      .addColumn('lifts_at', t.millis)
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('bank_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('bank_account_type', 'text', (c) => c.notNull())
      .addColumn('is_international', t.bool, (c) => c.notNull())
      /** Sealed (AES-GCM, the ID-number key): a copy of the database alone does not reveal it. */
      .addColumn('account_number', 'text', (c) => c.notNull())
      .addColumn('account_last4', 'text', (c) => c.notNull())
      .addColumn('routing_number', 'text')
      .addColumn('wire_routing_number', 'text')
      .addColumn('swift_number', 'text')
      .addColumn('enable_wires', t.bool, (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('bank_name', 'text')
      .addColumn('wire_instructions', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('micro1', t.money, (c) => c.notNull())
      .addColumn('micro2', t.money, (c) => c.notNull())
      .addColumn('verify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bank_accounts_user').on('bank_accounts').columns(['user_id']).execute();

    await db.schema
      .createTable('ach_agreements')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('bank_account_id', 'text', (c) => c.notNull())
      .addColumn('completed_at', t.millis, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wire_references')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('reference_id', 'text', (c) => c.notNull().unique())
      .execute();
  },
  async down(db) {
    for (const table of [
      'wire_references',
      'ach_agreements',
      'bank_accounts',
      'withdrawal_settings',
      'approved_addresses',
      'transfers',
      'deposit_addresses',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
