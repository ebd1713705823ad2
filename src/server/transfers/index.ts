import type { FastifyInstance } from 'fastify';
import { createApprovedAddressBook } from '../approved-addresses/approved-address-book';
import { registerApprovedAddressRoutes } from '../approved-addresses/approved-address-routes';
import type { AppContext } from '../context';
import { evaluateEddRequirement } from '../edd';
import { appError } from '../errors';
import type { Exchange } from '../exchange';
import { createAch } from '../payments/ach';
import { createBankAccounts } from '../payments/bank-accounts';
import { registerPaymentRoutes, registerWireDevRoute } from '../payments/payment-routes';
import { createWireReferences } from '../payments/wire-references';
import { createDepositAddressDeriver, type DepositAddressDeriver } from '../wallets/deposit-address-deriver';
import { loadOrCreateWalletSeed } from '../wallets/wallet-seed';
import { createSimulatedChain, type ChainWatcher } from './chain-watcher';
import { createDepositAddressBook } from './deposit-addresses';
import { createDevPayoutProcessor, type PayoutProcessor } from './payout-processor';
import { offsetClock } from './money-clock';
import { registerChainDevRoute, registerClockDevRoute, registerTransferRoutes } from './transfer-routes';
import { createTransferService, type TransferService } from './transfer-service';
import { systemTimers, type TimerHandle, type Timers } from '../time/timers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits and withdrawals in motion (tests drive `poll()` with a manual clock). */
    money: MoneyServices;
  }
}

export interface MoneyServices {
  transfers: TransferService;
  chain: ChainWatcher;
  payouts: PayoutProcessor;
}

export interface MoneyOptions {
  /** Where chain deposits come from; default: the simulated chain (development and tests). */
  chain?: ChainWatcher;
  /** Where withdrawals go; default: the development processor (done after PAYOUT_DELAY_MS). */
  payouts?: PayoutProcessor;
  /** Timers of the poll loop (tests pass fakes or none; default: the real ones). */
  timers?: Pick<Timers, 'setInterval' | 'clearInterval'> | null;
  /**
   * Whether this process moves pending transfers on (resumes them at start, polls them); default
   * yes. A cluster edge does not: the core alone does, so no payout is ever sent twice.
   */
  movesTransfers?: boolean;
}

/**
 * Registers money in and out: deposit addresses, withdrawals, approved addresses, bank
 * accounts, wire and ACH, and the loop that moves pending transfers on.
 */
export async function registerMoney(
  app: FastifyInstance,
  ctx: AppContext,
  exchange: Exchange,
  options: MoneyOptions = {},
): Promise<MoneyServices> {
  const { config } = ctx;
  // Large withdrawals park in the operator's review queue: it must exist first (app.ts registers it).
  if (!app.hasDecorator('withdrawalReviews')) throw new Error('registerOperator must run before registerMoney');
  const moneyClock = offsetClock(ctx.clock);
  // Only development may move it; elsewhere it is the app's clock.
  const clock = config.devRoutes ? moneyClock : ctx.clock;
  // The seed is read (or made) on first use: deriving keys costs a little, and most requests never need it.
  let deriver: DepositAddressDeriver | null = null;
  const getDeriver = () =>
    (deriver ??= createDepositAddressDeriver(loadOrCreateWalletSeed(config.dataDir), { bitcoinNetwork: config.bitcoinNetwork }));
  const addresses = createDepositAddressBook(ctx.database, getDeriver, () => clock.now());
  const simulated = createSimulatedChain(clock, config.money.chainBlockMs);
  const chain = options.chain ?? simulated;
  const payouts = options.payouts ?? createDevPayoutProcessor(clock, config.money.payoutDelayMs);
  const approved = createApprovedAddressBook(ctx, clock);

  // The bank-account rules need the transfer service and it needs them: bound late.
  let banks: ReturnType<typeof createBankAccounts> | null = null;
  let ach: ReturnType<typeof createAch> | null = null;
  const transfers = createTransferService({
    database: ctx.database,
    exchange,
    clock,
    config: config.money,
    bitcoinNetwork: config.bitcoinNetwork,
    chain,
    payouts,
    addresses,
    log: app.log,
    onDepositCredited: (userId) => evaluateEddRequirement(ctx, userId),
    reviews: app.withdrawalReviews,
    checks: {
      cryptoAddress: (userId, currency, address) => approved.checkWithdrawal(userId, currency, address),
      async usdBankAccount(userId, type) {
        if (type === 'ach') return ach!.bankAccountId(userId);
        const account = await banks!.active(userId);
        if (!account)
          throw appError('bank_account_required', { errors: { transferType: ['Wire withdrawals need an active bank account.'] } });
        if (account.enable_wires !== 1) {
          throw appError('bank_account_required', {
            detail: 'Wires are not enabled on your bank account.',
            errors: { transferType: ['Wires are not enabled on your bank account.'] },
          });
        }
        return account.id;
      },
    },
  });
  banks = createBankAccounts(ctx, transfers);
  ach = createAch(ctx, banks, transfers, clock);
  const wires = createWireReferences(ctx);

  registerTransferRoutes(app, ctx, addresses, transfers);
  registerApprovedAddressRoutes(app, ctx, approved);
  registerPaymentRoutes(app, ctx, { banks, ach, wires, transfers });
  if (config.devRoutes) {
    registerChainDevRoute(app, ctx, transfers, simulated);
    registerWireDevRoute(app, ctx, { wires, transfers });
    registerClockDevRoute(app, ctx, moneyClock);
  }

  const moves = options.movesTransfers ?? true;
  if (moves) await transfers.resume();
  // systemTimers unref the poll: it never keeps a process that has otherwise stopped alive.
  const timers = !moves ? null : options.timers === undefined ? systemTimers : options.timers;
  let handle: TimerHandle | null = null;
  if (timers) {
    handle = timers.setInterval(() => {
      transfers.poll().catch((err: unknown) => app.log.error({ err }, 'moving pending transfers on failed'));
    }, config.money.transferPollMs);
  }
  app.addHook('onClose', async () => {
    if (timers && handle !== null) timers.clearInterval(handle);
    await transfers.stop();
  });
  const services: MoneyServices = { transfers, chain, payouts };
  app.decorate('money', services);
  return services;
}
