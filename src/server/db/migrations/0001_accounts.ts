import { t, type VersionedMigration } from './types';

// Users, their onboarding details, login sessions, codes and reset tokens.
export const m0001Accounts: VersionedMigration = {
  name: '0001_accounts',
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('phone_country_code', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('account_type', 'text', (c) => c.notNull())
      .addColumn('account_role', 'text', (c) => c.notNull())
      .addColumn('account_purpose', 'text')
      .addColumn('roles', t.json, (c) => c.notNull())
      .addColumn('email_confirmed', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('phone_confirmed', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('has_submitted_principal_address', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('has_submitted_beneficial_owners', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('enhanced_due_diligence_required', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('individual_details', t.json)
      .addColumn('business_details', t.json)
      .addColumn('principal_place_country', 'text')
      .addColumn('principal_place_state', 'text')
      .addColumn('principal_place_address', 'text')
      .addColumn('principal_place_city', 'text')
      .addColumn('principal_place_postal_code', 'text')
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('beneficial_owners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('dob', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('id_type', 'text', (c) => c.notNull())
      .addColumn('id_country_code', 'text', (c) => c.notNull())
      .addColumn('id_number', 'text', (c) => c.notNull())
      .addColumn('residential_country_code', 'text', (c) => c.notNull())
      .addColumn('residential_address', 'text', (c) => c.notNull())
      .addColumn('residential_city', 'text', (c) => c.notNull())
      .addColumn('residential_state', 'text')
      .addColumn('residential_postal_code', 'text', (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('beneficial_owners_user').on('beneficial_owners').columns(['user_id', 'position']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('last_used_at', t.millis, (c) => c.notNull())
      .addColumn('revoked_at', t.millis)
      .addColumn('revoked_reason', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('expires_at', t.millis, (c) => c.notNull())
      .addColumn('rotated_at', t.millis)
      .execute();
    await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('expires_at', t.millis, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', t.millis)
      .execute();
    await db.schema.createIndex('verification_codes_user_channel').on('verification_codes').columns(['user_id', 'channel']).execute();

    await db.schema
      .createTable('password_reset_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('expires_at', t.millis, (c) => c.notNull())
      .addColumn('used_at', t.millis)
      .execute();
    await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('user_id').execute();
  },
  async down(db) {
    for (const table of ['password_reset_tokens', 'verification_codes', 'refresh_tokens', 'sessions', 'beneficial_owners', 'users']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
