import type { ApprovedAddressWire } from '../../shared/api/approved-addresses';
import { isValidAddress } from '../../shared/addresses/is-valid-address';
import type { BitcoinNetwork } from '../../shared/addresses/bitcoin-address';
import { PRODUCT_NAME, transferLimits, verificationLimits } from '../../shared/constants';
import { accountMessages } from '../../shared/messages';
import type { Clock } from '../time/timers';
import type { AppContext } from '../context';
import type { ApprovedAddressesTable } from '../db/schema';
import { appError, validationError } from '../errors';
import { hmac, randomDigits, safeEqual } from '../lib/crypto';
import { newId } from '../lib/ids';
import { runTransaction } from '../db/transaction';
import { repositories } from '../repositories';
import { statusOf } from './address-status';
import { createWithdrawalRestriction } from './withdrawal-restriction';

// An address becomes usable for withdrawals transferLimits.approvedAddressCooldownMs after its
// code was confirmed: whoever takes over a session cannot add an address and drain the account
// at once, and the owner gets the mail (and a day) to notice. The setting "withdraw only to
// approved addresses" has no row until the first address is confirmed, which turns it on.

type Row = ApprovedAddressesTable;

const codeMinutes = Math.round(verificationLimits.codeLifetimeMs / 60_000);

function toWire(row: Row, now: number): ApprovedAddressWire {
  return {
    id: row.id,
    label: row.label,
    currency: row.currency,
    address: row.address,
    status: statusOf(row, now),
    created_at: new Date(Number(row.created_at)).toISOString(),
    usable_at:
      row.confirmed_at === null ? null : new Date(Number(row.confirmed_at) + transferLimits.approvedAddressCooldownMs).toISOString(),
  };
}

export function createApprovedAddressBook(ctx: AppContext, clock: Clock = ctx.clock) {
  const db = ctx.database.db;
  const restriction = createWithdrawalRestriction(ctx, clock);
  const { setting } = restriction;
  const network: BitcoinNetwork = ctx.config.bitcoinNetwork;
  const codeHash = (id: string, code: string) => hmac(ctx.keys.codes, `approved-address:${id}:${code}`);

  async function owned(userId: string, id: string): Promise<Row> {
    const row = await db.selectFrom('approved_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw appError('approved_address_not_found');
    return row;
  }

  return {
    async list(userId: string) {
      const rows = await db
        .selectFrom('approved_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      const now = clock.now();
      const { on, liftsAt } = await setting(userId);
      return {
        addresses: rows.map((r) => toWire(r, now)),
        withdraw_only_to_approved: on,
        restriction_lifts_at: liftsAt === null ? null : new Date(liftsAt).toISOString(),
      };
    },

    /** Adds an unconfirmed address and mails its code to the user. */
    async add(
      user: { id: string; email: string },
      input: { label: string; currency: string; address: string },
    ): Promise<ApprovedAddressWire> {
      const currencyRow = await db.selectFrom('currencies').select('symbol').where('symbol', '=', input.currency).executeTakeFirst();
      if (!currencyRow) throw appError('unknown_currency', { errors: { currency: [`Unknown currency ${input.currency}.`] } });
      if (!isValidAddress(input.currency, input.address, { bitcoinNetwork: network })) {
        throw validationError({ address: [accountMessages.withdrawAddress] });
      }
      const existing = await db
        .selectFrom('approved_addresses')
        .select('id')
        .where('user_id', '=', user.id)
        .where('currency', '=', input.currency)
        .where('address', '=', input.address)
        .executeTakeFirst();
      if (existing) throw appError('approved_address_exists');
      const id = newId();
      const code = randomDigits(verificationLimits.codeDigits);
      const now = clock.now();
      const row: Row = {
        id,
        user_id: user.id,
        label: input.label,
        currency: input.currency,
        address: input.address,
        code_hash: codeHash(id, code),
        code_expires_at: now + verificationLimits.codeLifetimeMs,
        code_attempts: 0,
        confirmed_at: null,
        created_at: now,
      };
      await runTransaction(ctx.database, async (trx) => {
        await trx.insertInto('approved_addresses').values(row).execute();
        await ctx.outbox.enqueue(repositories(trx), {
          recipient: user.email,
          channel: 'email',
          subject: `${PRODUCT_NAME}: confirm a new withdrawal address`,
          body: `Someone asked to add the ${input.currency.toUpperCase()} address ${input.address} ("${input.label}") to the approved withdrawal addresses of your ${PRODUCT_NAME} account.\n\nTo confirm it, enter the code ${code} (valid for ${codeMinutes} minutes). Withdrawals to it become possible 24 hours after you confirm.\n\nIf it was not you, do not enter the code, change your password and contact support.`,
          code,
          link: null,
        });
      });
      ctx.outbox.kick();
      return toWire(row, now);
    },

    /** Confirms an address with its mailed code; the first confirmed address turns the restriction on. */
    async confirm(userId: string, id: string, code: string): Promise<ApprovedAddressWire> {
      const row = await owned(userId, id);
      if (row.confirmed_at !== null) throw appError('approved_address_confirmed');
      const now = clock.now();
      if (row.code_hash === null || (row.code_expires_at ?? 0) <= now)
        throw appError('verification_code_expired', {
          detail: 'The code has expired. Remove the address and add it again for a new code.',
        });
      if (row.code_attempts >= verificationLimits.codeMaxAttempts)
        throw appError('verification_attempts_exceeded', {
          detail: 'Too many incorrect codes. Remove the address and add it again for a new code.',
        });
      // The attempt is taken in the same statement that checks the budget, so concurrent guesses cannot share one.
      const taken = await db
        .updateTable('approved_addresses')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where('id', '=', id)
        .where('code_attempts', '<', verificationLimits.codeMaxAttempts)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw appError('verification_attempts_exceeded');
      if (!safeEqual(codeHash(id, code), row.code_hash)) throw appError('verification_code_incorrect');
      await runTransaction(ctx.database, async (trx) => {
        await trx
          .updateTable('approved_addresses')
          .set({ confirmed_at: now, code_hash: null, code_expires_at: null })
          .where('id', '=', id)
          .execute();
        const existing = await trx.selectFrom('withdrawal_settings').select('user_id').where('user_id', '=', userId).executeTakeFirst();
        if (!existing)
          await trx
            .insertInto('withdrawal_settings')
            .values({ user_id: userId, only_approved: 1, lifts_at: null, updated_at: now })
            .execute();
      });
      return toWire({ ...row, confirmed_at: now, code_hash: null, code_expires_at: null }, now);
    },

    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      await db.deleteFrom('approved_addresses').where('id', '=', id).where('user_id', '=', userId).execute();
    },

    setOnlyApproved: restriction.setOnlyApproved,
    checkWithdrawal: restriction.checkWithdrawal,
  };
}

export type ApprovedAddressBook = ReturnType<typeof createApprovedAddressBook>;
