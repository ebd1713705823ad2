import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currencyCode } from '../../shared/api/currency-code';
import { paths } from '../../shared/api/paths';
import {
  devClockAdvanceSchema,
  devClockAnswerSchema,
  depositAddressSchema,
  devChainDepositSchema,
  transferSchema,
  walletAddressesSchema,
  withdrawFeeSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
} from '../../shared/api/transfers';
import type { AppContext } from '../context';
import { defineRoute } from '../http/route';
import type { DepositAddressBook } from './deposit-addresses';
import type { TransferService } from './transfer-service';

const currencyParams = z.object({ currency: currencyCode() });

/** Spec A §7 transfers: deposit addresses, withdrawal fee, withdrawals. */
export function registerTransferRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  addresses: DepositAddressBook,
  transfers: TransferService,
): void {
  const { authenticator } = ctx;

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.transfers.walletAddresses,
    auth: true,
    response: walletAddressesSchema,
    async handler({ auth }) {
      return { addresses: await addresses.list(auth.user.id) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: '/v1/exchange/transfers/deposit/address/:currency',
    auth: true,
    params: currencyParams,
    response: depositAddressSchema,
    async handler({ auth, params }) {
      await transfers.checkCurrency(params.currency);
      return { currency: params.currency, address: await addresses.current(auth.user.id, params.currency) };
    },
  });

  // "Generate New Address": a fresh index; the older addresses stay the user's.
  defineRoute(app, authenticator, {
    method: 'POST',
    url: '/v1/exchange/transfers/deposit/address/:currency',
    auth: true,
    params: currencyParams,
    response: depositAddressSchema,
    async handler({ auth, params }) {
      await transfers.checkCurrency(params.currency);
      return { currency: params.currency, address: await addresses.create(auth.user.id, params.currency) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: '/v1/exchange/transfers/withdraw-fee/:currency',
    auth: true,
    params: currencyParams,
    response: withdrawFeeSchema,
    async handler({ params }) {
      await transfers.checkCurrency(params.currency);
      return { fee: transfers.withdrawFee(params.currency) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.transfers.withdraw,
    auth: true,
    body: withdrawRequestSchema,
    response: withdrawResponseSchema,
    async handler({ auth, body }) {
      return transfers.withdraw(auth.user.id, body);
    },
  });
}

/** Development only: POST /dev/chain/deposit {address, amount}, a transfer the simulated chain confirms over a few blocks. */
export function registerChainDevRoute(
  app: FastifyInstance,
  ctx: AppContext,
  transfers: TransferService,
  chain: { announce(address: string, amount: string): string },
): void {
  defineRoute(app, ctx.authenticator, {
    method: 'POST',
    url: paths.dev.chainDeposit,
    auth: true,
    body: devChainDepositSchema,
    response: transferSchema,
    status: 201,
    async handler({ body }) {
      return transfers.announceChainDeposit(chain, body.address, body.amount);
    },
  });
}

/** Development only: POST /dev/clock/advance {ms} moves the clock of money in and out forward. */
export function registerClockDevRoute(app: FastifyInstance, ctx: AppContext, clock: { advance(ms: number): number }): void {
  defineRoute(app, ctx.authenticator, {
    method: 'POST',
    url: paths.dev.clockAdvance,
    auth: true,
    body: devClockAdvanceSchema,
    response: devClockAnswerSchema,
    async handler({ body }) {
      return { offset_ms: clock.advance(body.ms) };
    },
  });
}
