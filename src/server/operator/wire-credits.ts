import type { z } from 'zod';
import type { wireCreditResponseSchema, wireCreditSchema } from '../../shared/api/operator';
import type { AppContext } from '../context';
import { evaluateEddRequirement } from '../edd/requirement';
import { appError } from '../errors';
import type { Exchange } from '../exchange';
import { appendAudit } from './audit-log';

/** Credits a received wire to a user by its bank reference; a reference counts once. */
export async function creditWire(
  ctx: AppContext,
  exchange: Exchange,
  body: z.output<typeof wireCreditSchema>,
  actorId: string,
): Promise<z.input<typeof wireCreditResponseSchema>> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const user = await db.selectFrom('users').select('id').where('id', '=', body.userId).executeTakeFirst();
  if (!user) throw appError('user_not_found');
  // The reference is claimed first (its primary key makes a second credit fail), then the
  // money moves; if the deposit is refused the claim is given back.
  try {
    await db
      .insertInto('wire_credits')
      .values({
        reference: body.reference,
        user_id: body.userId,
        currency: body.currency,
        amount: body.amount,
        credited_by: actorId,
        created_at: now,
      })
      .execute();
  } catch (err) {
    const taken = await db.selectFrom('wire_credits').select('reference').where('reference', '=', body.reference).executeTakeFirst();
    if (taken) throw appError('wire_reference_used');
    throw err;
  }
  let balance;
  try {
    balance = await exchange.deposit(body.userId, body.currency, body.amount, { ref: `wire:${body.reference}` });
  } catch (err) {
    await db.deleteFrom('wire_credits').where('reference', '=', body.reference).execute();
    throw err;
  }
  await appendAudit(
    db,
    {
      actorId: actorId,
      action: 'wire.credit',
      subject: body.userId,
      detail: { reference: body.reference, currency: body.currency, amount: body.amount },
    },
    now,
  );
  await evaluateEddRequirement(ctx, body.userId);
  return {
    reference: body.reference,
    user_id: body.userId,
    currency: body.currency,
    amount: body.amount,
    balance: String(balance.balance ?? '0'),
  };
}
