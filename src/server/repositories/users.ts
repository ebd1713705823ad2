import { invalidateAuth } from '../auth/auth-cache';
import type { Executor } from '../db/database';
import type { BeneficialOwnerRow, NewUser, UserRow, UserUpdate } from '../db/schema';

export type NewBeneficialOwner = Omit<BeneficialOwnerRow, 'user_id' | 'position' | 'created_at'>;

/** Lower-case, trimmed: the form the unique index compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usersRepository(db: Executor) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
    },

    async insert(user: NewUser): Promise<void> {
      await db.insertInto('users').values(user).execute();
    },

    async update(id: string, patch: UserUpdate): Promise<void> {
      await db.updateTable('users').set(patch).where('id', '=', id).execute();
      invalidateAuth({ userId: id });
    },

    async listBeneficialOwners(userId: string): Promise<BeneficialOwnerRow[]> {
      return db.selectFrom('beneficial_owners').selectAll().where('user_id', '=', userId).orderBy('position').execute();
    },

    /** The owners list is submitted as a whole, so it replaces what was there. */
    async replaceBeneficialOwners(userId: string, owners: readonly NewBeneficialOwner[], now: number): Promise<void> {
      await db.deleteFrom('beneficial_owners').where('user_id', '=', userId).execute();
      if (owners.length === 0) return;
      await db
        .insertInto('beneficial_owners')
        .values(owners.map((o, position) => ({ ...o, user_id: userId, position, created_at: now })))
        .execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
