import type { FastifyInstance } from 'fastify';
import { balanceSchema, faucetRequestSchema } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import type { Exchange } from '../exchange';

/** Development only: POST /dev/faucet {currency, amount} credits the caller (a Deposit line); answers the new balance. */
export function registerFaucetRoute(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  defineRoute(app, ctx.authenticator, {
    method: 'POST',
    url: paths.dev.faucet,
    auth: true,
    body: faucetRequestSchema,
    response: balanceSchema,
    async handler({ auth, body }) {
      return exchange.deposit(auth.user.id, body.currency.toLowerCase(), body.amount, { ref: 'faucet' });
    },
  });
}
