import { randomInt } from 'node:crypto';
import type { BankAccount, CreateBankAccount } from '../../shared/api/payments';
import type { z } from 'zod';
import type { bankAccountSchema, createBankAccountSchema } from '../../shared/api/payments';
import { isValidAbaRoutingNumber } from '../../shared/banking/aba-routing-number';
import { isValidAccountNumber } from '../../shared/banking/account-number';
import { compactBankNumber } from '../../shared/banking/compact-bank-number';
import { isValidSwiftBic } from '../../shared/banking/swift-bic';
import { PRODUCT_NAME, transferLimits } from '../../shared/constants';
import { toUnits } from '../../shared/money/units';
import type { AppContext } from '../context';
import type { BankAccountsTable } from '../db/schema';
import { runTransaction } from '../db/transaction';
import { appError, validationError } from '../errors';
import { randomToken } from '../lib/crypto';
import { newId } from '../lib/ids';
import { createTextSealer } from '../lib/sealed-text';
import { repositories } from '../repositories';

// One bank account per user and currency (spec A §2: none → create form, unverified → verify
// form, active → details). Creating one sends two micro-deposits of 0.01–0.99 from the
// exchange's bank to it; the user proves the account is theirs by reading them off their
// statement. Three wrong tries lock verification: the account must be removed and added again
// (which sends new amounts). In development the "statement line" lands in the outbox.

type Row = BankAccountsTable;
type CreateInput = z.output<typeof createBankAccountSchema>;
type Wire = z.input<typeof bankAccountSchema>;

export interface BankAccountBusy {
  bankAccountBusy(bankAccountId: string): Promise<boolean>;
}

const sealContext = (id: string) => `bank_accounts.account_number:${id}`;

function microAmount(): string {
  const min = Math.round(Number(transferLimits.microDepositMin) * 100);
  const max = Math.round(Number(transferLimits.microDepositMax) * 100);
  return (randomInt(min, max + 1) / 100).toFixed(2);
}

function toWire(row: Row): Wire {
  return {
    id: row.id,
    bank_name: row.bank_name,
    account_number: `••••${row.account_last4}`,
    routing_number: row.routing_number,
    currency: row.currency,
    type: row.type,
    name1: row.type === 'corporate' && row.name ? row.name : `${row.first_name} ${row.last_name}`,
    ach_enabled: row.is_international === 0 && row.status === 'active',
    international_bank: row.is_international === 1,
    status: row.status,
    display_id: row.display_id,
    verification_attempts_left: Math.max(0, transferLimits.bankVerifyMaxAttempts - Number(row.verify_attempts)),
    verification_locked: row.status === 'locked',
  };
}

/** Spec A §5 plus the number checks: the field errors of a create payload, or none. */
function numberErrors(input: CreateInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const intl = input.is_international;
  if (!isValidAccountNumber(compactBankNumber(input.account_number), { international: intl })) {
    errors.account_number = [
      intl ? 'account_number must be an IBAN or a 4 to 34 character account number.' : 'account_number must be 4 to 17 digits.',
    ];
  }
  if (!intl) {
    if (input.routing_number && !isValidAbaRoutingNumber(compactBankNumber(input.routing_number)))
      errors.routing_number = ['routing_number is not a valid ABA routing number.'];
    if (input.wire_routing_number && !isValidAbaRoutingNumber(compactBankNumber(input.wire_routing_number))) {
      errors.wire_routing_number = ['wire_routing_number is not a valid ABA routing number.'];
    }
  } else if (input.swift_number && !isValidSwiftBic(compactBankNumber(input.swift_number))) {
    errors.swift_number = ['swift_number is not a valid SWIFT/BIC code.'];
  }
  if (input.bank_currency !== 'usd') errors.bank_currency = ['bank_currency must be usd.'];
  return errors;
}

/**
 * The bank's statement line, which only the account holder can read: in development the outbox
 * stands in for the bank (the amounts must never be mailed in production).
 */
function statementLine(email: string, row: Row) {
  return {
    recipient: email,
    channel: 'email' as const,
    subject: `Bank statement ••••${row.account_last4}: ${PRODUCT_NAME} verification deposits`,
    body: `Pending deposits from ${PRODUCT_NAME.toUpperCase()} VERIFY to your account ending ${row.account_last4}: ${row.micro1} USD and ${row.micro2} USD.`,
    code: `${row.micro1} ${row.micro2}`,
    link: null,
  };
}

/** The micro-deposit check of verify: either order; a wrong pair takes a try, the third locks. */
async function checkMicroDeposits(ctx: AppContext, row: Row, amount1: string, amount2: string): Promise<Wire> {
  const db = ctx.database.db;
  if (row.status === 'active') throw appError('bank_account_already_active');
  if (row.status === 'locked' || Number(row.verify_attempts) >= transferLimits.bankVerifyMaxAttempts) throw appError('bank_verify_locked');
  const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
  const given = [toUnits(amount1.trim()), toUnits(amount2.trim())].sort(ascending);
  const sent = [toUnits(row.micro1), toUnits(row.micro2)].sort(ascending);
  if (given[0] === sent[0] && given[1] === sent[1]) {
    const done = await db
      .updateTable('bank_accounts')
      .set({ status: 'active' })
      .where('id', '=', row.id)
      .where('status', '=', 'unverified')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw appError('bank_verify_locked');
    return toWire({ ...row, status: 'active' });
  }
  // Counted in the statement that checks the budget, so concurrent guesses cannot share a try.
  const taken = await db
    .updateTable('bank_accounts')
    .set((eb) => ({ verify_attempts: eb('verify_attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('status', '=', 'unverified')
    .where('verify_attempts', '<', transferLimits.bankVerifyMaxAttempts)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw appError('bank_verify_locked');
  const used = Number(row.verify_attempts) + 1;
  if (used >= transferLimits.bankVerifyMaxAttempts) {
    await db.updateTable('bank_accounts').set({ status: 'locked' }).where('id', '=', row.id).execute();
    throw appError('bank_verify_locked');
  }
  const left = transferLimits.bankVerifyMaxAttempts - used;
  throw appError('bank_verify_wrong', {
    detail: `The amounts do not match the two micro-deposits. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    errors: {
      amount1: ['The amounts do not match the two micro-deposits.'],
      amount2: ['The amounts do not match the two micro-deposits.'],
    },
  });
}

export function createBankAccounts(ctx: AppContext, transfers: BankAccountBusy) {
  const db = ctx.database.db;
  const sealer = createTextSealer(ctx.keys.idNumbers);

  async function current(userId: string): Promise<Row | undefined> {
    return db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').executeTakeFirst();
  }

  async function required(userId: string): Promise<Row> {
    const row = await current(userId);
    if (!row) throw appError('bank_account_not_found');
    return row;
  }

  return {
    async list(userId: string): Promise<Record<string, Wire[]>> {
      const rows = await db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).execute();
      const out: Record<string, Wire[]> = {};
      for (const r of rows) (out[r.currency] ??= []).push(toWire(r));
      return out;
    },

    async create(user: { id: string; email: string }, input: CreateInput): Promise<Wire> {
      const errors = numberErrors(input);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      if (await current(user.id)) throw appError('bank_account_exists');
      const id = newId();
      const account = compactBankNumber(input.account_number);
      const intl = input.is_international;
      const now = ctx.clock.now();
      const row: Row = {
        id,
        display_id: `BA-${randomToken(6)
          .replace(/[^A-Za-z0-9]/g, 'X')
          .toUpperCase()}`,
        user_id: user.id,
        currency: input.bank_currency,
        type: input.type,
        bank_account_type: input.bank_account_type,
        is_international: intl ? 1 : 0,
        account_number: sealer.seal(account, sealContext(id)),
        account_last4: account.slice(-4),
        routing_number: intl ? null : compactBankNumber(input.routing_number ?? ''),
        wire_routing_number: intl ? null : compactBankNumber(input.wire_routing_number ?? ''),
        swift_number: intl ? compactBankNumber(input.swift_number ?? '') : null,
        enable_wires: input.enable_wires ? 1 : 0,
        first_name: input.first_name,
        last_name: input.last_name,
        name: input.type === 'corporate' ? (input.name ?? null) : null,
        bank_name: input.bank_name ?? null,
        wire_instructions: intl ? (input.wire_instructions ?? null) : null,
        status: 'unverified',
        micro1: microAmount(),
        micro2: microAmount(),
        verify_attempts: 0,
        created_at: now,
      };
      await runTransaction(ctx.database, async (trx) => {
        await trx.insertInto('bank_accounts').values(row).execute();
        if (ctx.config.devRoutes) await ctx.outbox.enqueue(repositories(trx), statementLine(user.email, row));
      });
      ctx.outbox.kick();
      return toWire(row);
    },

    /** Either order; a wrong pair takes one of the three tries, the third locks. */
    async verify(userId: string, amount1: string, amount2: string): Promise<Wire> {
      return checkMicroDeposits(ctx, await required(userId), amount1, amount2);
    },

    async remove(userId: string): Promise<void> {
      const row = await required(userId);
      if (await transfers.bankAccountBusy(row.id)) throw appError('bank_account_busy');
      await runTransaction(ctx.database, async (trx) => {
        await trx.deleteFrom('ach_agreements').where('user_id', '=', userId).where('bank_account_id', '=', row.id).execute();
        await trx.deleteFrom('bank_accounts').where('id', '=', row.id).execute();
      });
    },

    /** The user's active account (for wire withdrawals and ACH). */
    async active(userId: string): Promise<Row | undefined> {
      const row = await current(userId);
      return row?.status === 'active' ? row : undefined;
    },

    /** An active account of this user by the id ACH onboarding names. */
    async activeByDisplayId(userId: string, displayId: string): Promise<Row> {
      const row = await db
        .selectFrom('bank_accounts')
        .selectAll()
        .where('display_id', '=', displayId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row)
        throw appError('bank_account_not_found', { errors: { bank_account_display_id: ['No bank account of yours has this id.'] } });
      if (row.status !== 'active')
        throw appError('bank_account_not_active', { errors: { bank_account_display_id: ['This bank account is not verified yet.'] } });
      return row;
    },
  };
}

export type BankAccounts = ReturnType<typeof createBankAccounts>;
export type { BankAccount, CreateBankAccount };
