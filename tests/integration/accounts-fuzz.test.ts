import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// A8: bad input must never produce a 5xx. Arbitrary JSON (and near-miss objects) against every
// account call, anonymous and logged in.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await startApp({ store });
    client = (await registerIndividual(t)).client;
  });
  afterAll(async () => {
    await t.close();
  });

  const calls: Array<['POST' | 'PUT', string]> = [
    ['POST', '/v1/auth/login'],
    ['POST', '/v1/users/register'],
    ['PUT', '/v1/users/principal-address'],
    ['PUT', '/v1/users/beneficial-owners'],
    ['POST', '/v1/auth/password/forgot-password'],
    ['POST', '/v1/auth/password/validate-reset-token'],
    ['POST', '/v1/auth/password/reset-password'],
    ['POST', '/v1/auth/verification-code/email/confirm'],
    ['POST', '/v1/auth/verification-code/phone/confirm'],
  ];

  const fieldNames = fc.constantFrom(
    'email',
    'password',
    'password2',
    'account_type',
    'phone_number',
    'phone_country_code',
    'individual',
    'business',
    'business_details',
    'beneficial_owners',
    'user_id',
    'token',
    'new_password',
    'confirm_password',
    'code',
    'dob',
    'principal_place_country',
    'principal_place_state',
    '__proto__',
    'constructor',
  );
  const nearMiss = fc.dictionary(fieldNames, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 });
  const body = fc.oneof(fc.jsonValue({ maxDepth: 4 }), nearMiss, fc.array(nearMiss, { maxLength: 3 }));

  describe('A8 bad input never produces a 5xx', () => {
    it.each(calls)('CORE.http.no-5xx-on-bad-input: A8 %s %s: arbitrary JSON answers 2xx or 4xx', async (method, url) => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, loggedIn) => {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/json', 'x-auth-method': 'cookie' },
            cookies: loggedIn ? client.jar.toObject() : {},
            payload: JSON.stringify(payload),
          });
          expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    });
  });
});
