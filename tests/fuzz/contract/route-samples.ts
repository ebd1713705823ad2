import type { LightMyRequestResponse } from 'fastify';
import { paths } from '../../../src/shared/api/paths';
import { feedId } from '../../../src/shared/hub/feeds';
import { beneficialOwner } from '../../integration/accounts-harness';
import { individualRegistration, STRONG_PASSWORD } from '../../support/registration';
import type { AccountName, FuzzWorld } from './fuzz-world';
import { domesticBankAccount as domesticAccountBody } from '../../support/bank-account-bodies';

// One known valid request per route of the app: the starting point every malformed input is
// derived from. The contract fuzz refuses to run while a route of the app has no sample here,
// so a new route is fuzzed from the day it is added. HEAD routes use their GET route's sample.

export interface RouteSample {
  /** Who calls: a logged-in account (its session cookies and X-Auth-Method) or nobody. */
  as: AccountName;
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /**
   * How refusals are written. `problem`: the API's JSON problem body with a catalogue code.
   * `signalr`: the hub's transport routes, whose refusals the SignalR transport protocol
   * defines (a status with a plain-text or `{ error }` reason that its clients read).
   */
  answers: 'problem' | 'signalr';
  /** Undoes what an accepted input left behind that would change later inputs' answers. */
  afterAccepted?(res: LightMyRequestResponse, world: FuzzWorld): Promise<void>;
}

const principalPlace = {
  principal_place_country: 'US',
  principal_place_state: 'DE',
  principal_place_address: '1209 Orange Street',
  principal_place_city: 'Wilmington',
  principal_place_postal_code: '19801',
};

/** Ends the hub connection an accepted negotiate created, so pending negotiations never pile up. */
async function dropNegotiated(res: LightMyRequestResponse, world: FuzzWorld): Promise<void> {
  const body = res.json() as { connectionToken?: string; connectionId?: string };
  const id = body.connectionToken ?? body.connectionId;
  if (id)
    await world.app.inject({ method: 'DELETE', url: `${paths.hub}?id=${encodeURIComponent(id)}`, cookies: world.cookiesOf('trader') });
}

/** Withdrawals an accepted input started are failed at once, so the trader's funds stay as they were. */
async function releaseWithdrawals(_res: LightMyRequestResponse, world: FuzzWorld): Promise<void> {
  const { db } = world.app.ctx.database;
  const pending = await db.selectFrom('transfers').select('id').where('status', '=', 'pending').where('kind', '=', 'withdrawal').execute();
  for (const { id } of pending) {
    await world.app.exchange.settleTransfer(`transfer:${id}`, 'failed');
    await db.updateTable('transfers').set({ status: 'failed' }).where('id', '=', id).execute();
  }
}

/** Clears what an accepted bank-account or approved-address input created, so the next sample starts afresh. */
async function clearPaymentSetup(_res: LightMyRequestResponse, world: FuzzWorld): Promise<void> {
  const { db } = world.app.ctx.database;
  await db.deleteFrom('ach_agreements').execute();
  await db.deleteFrom('bank_accounts').execute();
  await db.deleteFrom('approved_addresses').execute();
  await db.deleteFrom('withdrawal_settings').execute();
}

const BTC_RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const domesticBankAccount = { ...domesticAccountBody, bank_currency: 'usd' };

/** A well-formed connection token no connection has: transport calls must answer it, not hang on it. */
const UNKNOWN_CONNECTION = 'AAAAAAAAAAAAAAAAAAAAAA';

export function routeSamples(world: FuzzWorld): Map<string, RouteSample> {
  const api = (as: AccountName, rest: Omit<RouteSample, 'as' | 'answers'> = {}): RouteSample => ({ as, answers: 'problem', ...rest });
  const order = { currency_pair: 'btcusd', algorithm_id: 201, price: '100', quantity: '0.01', time_in_force: 'GTC' };
  const listQuery = { pair: 'btcusd', limit: '10' };
  return new Map<string, RouteSample>([
    ['GET /healthz', api('anonymous')],
    ['GET /v1/users/me', api('trader')],
    ['POST /v1/auth/login', api('anonymous', { body: { email: world.accounts.trader.email, password: STRONG_PASSWORD } })],
    ['POST /v1/auth/logout', api('trader')],
    ['POST /v1/auth/refresh-token', api('trader')],
    // The trader's email: a body the mutations leave valid is answered 409 before any hashing.
    ['POST /v1/users/register', api('anonymous', { body: individualRegistration({ email: world.accounts.trader.email }) })],
    ['PUT /v1/users/principal-address', api('corporation', { body: principalPlace })],
    [
      'PUT /v1/users/beneficial-owners',
      api('corporation', { body: [beneficialOwner(), beneficialOwner({ first_name: 'Alan', email: 'alan@example.com' })] }),
    ],
    ['POST /v1/auth/password/forgot-password', api('anonymous', { body: { email: world.accounts.resetter.email } })],
    ['POST /v1/auth/password/validate-reset-token', api('anonymous', { body: { user_id: world.reset.userId, token: world.reset.token } })],
    [
      'POST /v1/auth/password/reset-password',
      api('anonymous', {
        body: { user_id: world.reset.userId, token: world.reset.token, new_password: 'An0ther$ecret!', confirm_password: 'An0ther$ecret!' },
      }),
    ],
    ['POST /v1/auth/verification-code/email/request', api('trader')],
    ['POST /v1/auth/verification-code/email/confirm', api('trader', { body: { code: '000000' } })],
    ['POST /v1/auth/verification-code/phone/request', api('trader')],
    ['POST /v1/auth/verification-code/phone/confirm', api('trader', { body: { code: '000000' } })],
    ['GET /v1/orders', api('trader', { query: listQuery })],
    ['GET /v1/orders/done', api('trader', { query: listQuery })],
    ['DELETE /v1/orders/:id', api('trader', { params: { id: world.restingOrderId } })],
    ['POST /v1/orders/buy', api('trader', { body: order })],
    ['POST /v1/orders/sell', api('trader', { body: { ...order, price: '900000' } })],
    ['POST /v1/orders/:orderType', api('trader', { params: { orderType: 'Limit' }, body: { ...order, side: 'sell', price: '900000' } })],
    ['POST /v1/orders/request-for-quote', api('trader', { body: { pair: 'btcusd', side: 'sell', quantity: '0.01' } })],
    ['GET /v1/account-management/trades', api('trader', { query: { ...listQuery, after: '1000' } })],
    ['GET /v1/account-management/balances', api('trader')],
    ['GET /v1/account-management/currencies', api('trader')],
    ['GET /v1/account-management/currency-pairs', api('trader')],
    ['GET /v1/account-management/fee-rates', api('trader')],
    [
      'GET /v1/account-management/transactions',
      api('trader', {
        query: { from: '0', to: '4102444800000', types: 'buy,deposit', pending: 'false', currency: 'usd', limit: '20', offset: '0' },
      }),
    ],
    [
      'GET /v1/account-management/transactions.csv',
      api('trader', { query: { from: '0', to: '4102444800000', types: 'buy,deposit', pending: 'false', currency: 'usd' } }),
    ],
    ['GET /v1/exchange/market-data/news', api('trader')],
    ['GET /v1/market/candles', api('trader', { query: { pair: 'btcusd', interval: '1d', limit: '30' } })],
    ['POST /dev/faucet', api('trader', { body: { currency: 'usd', amount: '10' } })],
    ['GET /v1/exchange/transfers/wallet-addresses', api('trader')],
    ['GET /v1/exchange/transfers/deposit/address/:currency', api('trader', { params: { currency: 'btc' } })],
    ['POST /v1/exchange/transfers/deposit/address/:currency', api('trader', { params: { currency: 'eth' } })],
    ['GET /v1/exchange/transfers/withdraw-fee/:currency', api('trader', { params: { currency: 'btc' } })],
    [
      'POST /v1/exchange/transfers/withdraw',
      api('trader', {
        body: { currency: 'btc', amount: '0.001', address: BTC_RECIPIENT, memo: 'cold storage' },
        afterAccepted: releaseWithdrawals,
      }),
    ],
    ['GET /v1/security/approved-addresses', api('trader')],
    [
      'POST /v1/security/approved-addresses',
      api('trader', { body: { label: 'Cold wallet', currency: 'btc', address: BTC_RECIPIENT }, afterAccepted: clearPaymentSetup }),
    ],
    ['POST /v1/security/approved-addresses/:id/confirm', api('trader', { params: { id: 'no-such-address' }, body: { code: '123456' } })],
    ['DELETE /v1/security/approved-addresses/:id', api('trader', { params: { id: 'no-such-address' } })],
    [
      'PUT /v1/security/approved-addresses/settings',
      api('trader', { body: { withdraw_only_to_approved: false }, afterAccepted: clearPaymentSetup }),
    ],
    ['GET /v1/exchange/payments/bank-account', api('trader')],
    ['POST /v1/exchange/payments/bank-account', api('trader', { body: domesticBankAccount, afterAccepted: clearPaymentSetup })],
    ['DELETE /v1/exchange/payments/bank-account', api('trader')],
    ['POST /v1/exchange/payments/bank-account/verify', api('trader', { body: { amount1: '0.12', amount2: '0.34' } })],
    ['GET /v1/exchange/payments/wire-instructions', api('trader')],
    ['GET /v1/exchange/payments/ach/agreement-status', api('trader')],
    ['POST /v1/exchange/payments/ach/onboarding', api('trader', { body: { bank_account_display_id: 'BA-NONE' } })],
    ['GET /v1/exchange/payments/ach/deposit-limit', api('trader')],
    ['POST /v1/exchange/payments/ach/deposit', api('trader', { body: { amount: '10.00' } })],
    ['POST /dev/chain/deposit', api('trader', { body: { address: BTC_RECIPIENT, amount: '0.01' } })],
    ['POST /dev/clock/advance', api('trader', { body: { ms: 1 } })],
    ['POST /dev/wire/deposit', api('trader', { body: { reference_id: 'OXNOSUCHREF', amount: '10.00' } })],
    ['GET /v1/enterprise/eddq/prompts', api('trader', { query: { accountType: 'individual' } })],
    ['GET /v1/enterprise/eddq/requests', api('trader', { query: { userId: world.accounts.trader.id } })],
    // Multipart only: every fuzzed body (JSON or none) must be refused with a problem, nothing stored.
    ['POST /v1/enterprise/eddq/responses', api('trader')],
    ['GET /v1/enterprise/eddq/files/:id', api('trader', { params: { id: 'no-such-document' } })],
    // The trader is no operator: these prove the guard answers every malformed input with 403.
    ['GET /v1/operator/edd/requests', api('trader', { query: { status: 'Submitted' } })],
    ['GET /v1/operator/edd/requests/:id', api('trader', { params: { id: 'x' } })],
    ['POST /v1/operator/edd/requests/:id/review', api('trader', { params: { id: 'x' }, body: { decision: 'approve', note: 'ok' } })],
    ['POST /v1/operator/edd/require', api('trader', { body: { userId: world.accounts.trader.id, note: 'check' } })],
    ['GET /v1/operator/withdrawals', api('trader', { query: { status: 'pending' } })],
    ['POST /v1/operator/withdrawals/:id/review', api('trader', { params: { id: 'x' }, body: { decision: 'reject', note: 'no' } })],
    [
      'POST /v1/operator/wire-credits',
      api('trader', { body: { userId: world.accounts.trader.id, currency: 'usd', amount: '10', reference: 'WIRE-0001' } }),
    ],
    ['GET /v1/operator/ledger', api('trader', { query: { userId: world.accounts.trader.id, limit: '10' } })],
    ['GET /v1/operator/audit', api('trader', { query: { limit: '10' } })],
    ['GET /dev/exchange/depth', api('anonymous', { query: { pair: 'btcusd', levels: '10' } })],
    ['GET /dev/outbox.json', api('anonymous')],
    ['GET /dev/outbox', api('anonymous')],
    [
      'POST /hubs/exchange/negotiate',
      { as: 'trader', answers: 'signalr', query: { negotiateVersion: '1', useStatefulReconnect: 'true' }, afterAccepted: dropNegotiated },
    ],
    ['GET /hubs/exchange', { as: 'trader', answers: 'signalr', query: { id: UNKNOWN_CONNECTION } }],
    ['POST /hubs/exchange', { as: 'trader', answers: 'signalr', query: { id: UNKNOWN_CONNECTION }, body: { type: 6 } }],
    ['DELETE /hubs/exchange', { as: 'trader', answers: 'signalr', query: { id: UNKNOWN_CONNECTION } }],
  ]);
}

/** One valid argument list per hub method (spec B §7), the seed of its malformed calls. */
export function hubMethodSamples(userId: string): Map<string, unknown[]> {
  return new Map<string, unknown[]>([
    ['JoinFeedGroups', [[feedId.ticker('btcusd'), feedId.orderbook('ethusd')], userId]],
    ['LeaveFeedGroups', [[feedId.trades('solusd')]]],
    ['GetActiveFeedGroups', []],
    ['IsConnectionHealthy', []],
    ['GetActiveGroupsInfo', []],
  ]);
}
