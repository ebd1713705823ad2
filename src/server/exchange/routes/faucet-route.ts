import type { FastifyInstance } from 'fastify';
import { balanceSchema } from '../../../shared/api/account';
import { faucetRequestSchema } from '../../../shared/api/dev';
import { paths } from '../../../shared/api/paths';
import type { AppContext } from '../../context';
import { evaluateEddRequirement } from '../../edd/requirement';
import { defineRoute } from '../../http/route';
import type { Exchange } from '../exchange';
import { transferAmount } from './transfer-amount';

/** Development only: POST /dev/faucet {currency, amount} credits the caller (a Deposit line); answers the new balance. */
export function registerFaucetRoute(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  defineRoute(app, ctx.authenticator, {
    method: 'POST',
    url: paths.dev.faucet,
    auth: true,
    body: faucetRequestSchema.extend({ amount: transferAmount('amount') }),
    response: balanceSchema,
    async handler({ auth, body }) {
      const balance = await exchange.deposit(auth.user.id, body.currency.toLowerCase(), body.amount, { ref: 'faucet' });
      // A deposit like any other: it may cross the EDD threshold (answered once durable, so the line is readable).
      await evaluateEddRequirement(ctx, auth.user.id);
      return balance;
    },
  });
}
