import type { LightMyRequestResponse } from 'fastify';
import { paths } from '../../../src/shared/api/paths';
import { feedId } from '../../../src/shared/hub/feeds';
import { beneficialOwner } from '../../integration/accounts-harness';
import { individualRegistration, STRONG_PASSWORD } from '../../support/registration';
import type { AccountName, FuzzWorld } from './fuzz-world';

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
  if (id) await world.app.inject({ method: 'DELETE', url: `${paths.hub}?id=${encodeURIComponent(id)}`, cookies: world.cookiesOf('trader') });
}

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
    ['PUT /v1/users/beneficial-owners', api('corporation', { body: [beneficialOwner(), beneficialOwner({ first_name: 'Alan', email: 'alan@example.com' })] })],
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
    ['POST /v1/orders/request-for-quote', api('trader', { body: { pair: 'btcusd', side: 'sell', quantity: '0.01' } })],
    ['GET /v1/account-management/trades', api('trader', { query: { ...listQuery, after: '1000' } })],
    ['GET /v1/account-management/balances', api('trader')],
    ['GET /v1/account-management/currencies', api('trader')],
    ['GET /v1/account-management/currency-pairs', api('trader')],
    ['GET /v1/account-management/fee-rates', api('trader')],
    [
      'GET /v1/account-management/transactions',
      api('trader', { query: { from: '0', to: '4102444800000', types: 'buy,deposit', pending: 'false', currency: 'usd', limit: '20', offset: '0' } }),
    ],
    ['GET /v1/market/candles', api('trader', { query: { pair: 'btcusd', interval: '1d', limit: '30' } })],
    ['POST /dev/faucet', api('trader', { body: { currency: 'usd', amount: '10' } })],
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
