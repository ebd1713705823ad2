import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore } from '../support/postgres';
import {
  beneficialOwnerMessages,
  individualMessages,
  passwordPolicyMessages,
  principalAddressMessages,
  registerMessages,
} from '../../src/shared/messages';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/server/auth';
import {
  beneficialOwner,
  Client,
  corporationRegistration,
  individualRegistration,
  problem,
  registerIndividual,
  startApp,
  STRONG_PASSWORD,
  type TestApp,
} from './accounts-harness';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ store });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (payload: unknown) => new Client(t.app).post('/v1/users/register', payload, { authHeader: false });

  describe('A7 POST /v1/users/register', () => {
    it('API.register.answered-like-login, API.users.user-shape: A7 register: an individual is created, logged in (cookies) and answered like a login', async () => {
      const client = new Client(t.app);
      const payload = individualRegistration();
      const res = await client.post('/v1/users/register', payload, { authHeader: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details).toMatchObject({
        email: payload.email,
        account_type: 'individual',
        accountType: 'individual',
        roles: ['client'],
        phone_number: '+12025550100',
        email_confirmed: false,
        phone_confirmed: false,
        enhanced_due_diligence_required: false,
      });
      expect(client.jar.get(ACCESS_COOKIE)).toBeTruthy();
      expect(client.jar.get(REFRESH_COOKIE)).toBeTruthy();
      expect((await client.get('/v1/users/me')).json().email).toBe(payload.email);
    });

    it('API.register.corporation-principal-submitted, API.register.owners-mark-submitted: A7 register: a corporation with principal place, business details and owners has both steps marked submitted', async () => {
      const res = await register(corporationRegistration());
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details).toMatchObject({
        account_type: 'corporation',
        accountType: 'corporation',
        phone_number: '+442071234567',
        has_submitted_principal_address: true,
        has_submitted_beneficial_owners: true,
      });
    });

    it('API.register.owners-mark-submitted: A4 register: a corporation without the owners list still has to submit beneficial owners', async () => {
      const payload = corporationRegistration();
      delete (payload as Record<string, unknown>).beneficial_owners;
      const res = await register(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.has_submitted_beneficial_owners).toBe(false);
    });

    it('API.errors.email-taken-409, API.register.email-case-insensitive-unique: A7 register: a duplicate email (any case) answers 409 naming email', async () => {
      const payload = individualRegistration();
      expect((await register(payload)).statusCode).toBe(200);
      const res = await register({ ...individualRegistration(), email: payload.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(problem(res).code).toBe('email_taken');
      expect(problem(res).errors?.email?.length).toBe(1);
    });

    it('A5 register: missing step-1 fields answer 400 with the spec messages per field', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(400);
      const errors = problem(res).errors!;
      expect(errors.account_type).toEqual([registerMessages.accountType]);
      expect(errors.first_name).toEqual([registerMessages.firstName]);
      expect(errors.last_name).toEqual([registerMessages.lastName]);
      expect(errors.email).toEqual([registerMessages.email]);
      expect(errors.password).toEqual([registerMessages.passwordRequired]);
      expect(errors.password2).toEqual([registerMessages.confirmPasswordRequired]);
    });

    it('API.problem.nested-fields-dotted: A5 register: nested individual fields are named with dotted paths (individual.dob)', async () => {
      const payload = individualRegistration();
      const res = await register({ ...payload, individual: { ...payload.individual, dob: '2010-01-01', residential_state: '' } });
      expect(res.statusCode).toBe(400);
      const errors = problem(res).errors!;
      expect(errors['individual.dob']).toEqual([individualMessages.dobRange]);
      expect(errors['individual.residential_state']).toEqual([individualMessages.residentialState]);
    });

    it('A5 register: password rules and confirmation are enforced', async () => {
      const res = await register({ ...individualRegistration(), password: 'alllowercase1', password2: 'different' });
      expect(res.statusCode).toBe(400);
      const errors = problem(res).errors!;
      expect(errors.password).toEqual(
        expect.arrayContaining([registerMessages.passwordNonAlphanumeric, registerMessages.passwordUppercase]),
      );
      expect(errors.password2).toEqual([registerMessages.passwordMismatch]);
    });

    it("API.security.password-rule-registration: a three-character password 'aA!' is refused with the length and digit rules, and nothing is written", async () => {
      const payload = individualRegistration({ password: 'aA!' });
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(problem(res).code).toBe('validation_failed');
      expect(problem(res).errors?.password).toEqual([passwordPolicyMessages.tooShort, passwordPolicyMessages.digit]);
      expect(
        await t.app.ctx.database.db.selectFrom('users').select('id').where('email', '=', payload.email).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('API.security.password-rule-registration: 12 characters with a lowercase, an uppercase, a digit and a symbol (any non-alphanumeric character)', async () => {
      for (const password of ['Abcdefghij!', 'abcdefghij1!', 'ABCDEFGHIJ1!', 'Abcdefghij12', 'Abcdefghijk!']) {
        expect((await register(individualRegistration({ password }))).statusCode, password).toBe(400);
      }
      expect((await register(individualRegistration({ password: 'Abcdefghij1#' }))).statusCode).toBe(200);
    });

    it('API.security.breached-password-refused: registration refuses a breached password with password_breached on the password field, and nothing is written', async () => {
      for (const password of ['Password123!', 'P@ssw0rd2024!', 'Qwerty123456!']) {
        const payload = individualRegistration({ password });
        const res = await register(payload);
        expect(res.statusCode, password).toBe(400);
        expect(problem(res)).toMatchObject({
          code: 'password_breached',
          detail: passwordPolicyMessages.breached,
          errors: { password: [passwordPolicyMessages.breached] },
        });
        expect(
          await t.app.ctx.database.db.selectFrom('users').select('id').where('email', '=', payload.email).executeTakeFirst(),
        ).toBeUndefined();
      }
    });

    it('API.security.breached-password-refused: registration refuses a breached password before the email is looked up, so it says nothing about the email', async () => {
      const payload = individualRegistration();
      expect((await register(payload)).statusCode).toBe(200);
      const res = await register({ ...individualRegistration({ password: 'Password123!' }), email: payload.email });
      expect(problem(res).code).toBe('password_breached');
    });

    it('CORE.http.wrong-typed-fields: A7 register: wrong-typed fields answer 400, never 5xx', async () => {
      const res = await register({ ...individualRegistration(), first_name: 5, individual: 'yes', beneficial_owners: 3 });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(problem(res).errors!)).toEqual(expect.arrayContaining(['first_name', 'individual']));
    });

    it('API.register.phone-starts-with-code: A7 register: a phone number that does not start with its country code is rejected', async () => {
      const res = await register({ ...individualRegistration(), phone_country_code: '+44', phone_number: '+12025550100' });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.phone_number).toEqual([registerMessages.phoneNumber]);
    });

    it('API.register.role-client-only: A6 register: only the client role may be claimed', async () => {
      const res = await register({ ...individualRegistration(), account_role: 'admin' });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.account_role).toBeDefined();
    });

    it('CORE.accounts.failed-registration-writes-nothing: A7 register: a failed registration writes nothing (the email stays free)', async () => {
      const payload = individualRegistration();
      expect((await register({ ...payload, individual: { ...payload.individual, dob: 'bad' } })).statusCode).toBe(400);
      expect((await register(payload)).statusCode).toBe(200);
    });

    it('CORE.accounts.registered-password-logs-in: A7 register: the password chosen at registration logs in', async () => {
      const payload = individualRegistration();
      await register(payload);
      const res = await new Client(t.app).post('/v1/auth/login', { email: payload.email, password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(200);
    });
    it('API.register.individual-part, API.register.corporation-parts: each account type must send its own parts', async () => {
      const individual = individualRegistration();
      delete (individual as Record<string, unknown>).individual;
      const res = await register(individual);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(problem(res).errors!)).toEqual(['individual']);

      const corporation = corporationRegistration();
      delete (corporation as Record<string, unknown>).business;
      delete (corporation as Record<string, unknown>).business_details;
      const refused = await register(corporation);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(problem(refused).errors!).sort()).toEqual(['business', 'business_details']);
    });

    it('API.register.owners-mark-submitted: a corporation registered with an empty owners list has submitted them', async () => {
      const res = await register(corporationRegistration({ beneficial_owners: [] }));
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.has_submitted_beneficial_owners).toBe(true);
    });

    it('API.users.ids-opaque: a user id is a UUID string', async () => {
      const res = await register(individualRegistration());
      expect(res.json().user_details.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });
  });

  describe('A7 PUT /v1/users/principal-address', () => {
    const address = {
      principal_place_country: 'US',
      principal_place_state: 'NY',
      principal_place_address: '11 Wall Street',
      principal_place_city: 'New York',
      principal_place_postal_code: '10005',
    };

    async function corporationWithoutSteps() {
      const payload = corporationRegistration();
      delete (payload as Record<string, unknown>).beneficial_owners;
      const client = new Client(t.app);
      expect((await client.post('/v1/users/register', payload)).statusCode).toBe(200);
      return client;
    }

    it('API.principal-address.sets-flag: A7 principal-address: a corporation submits its principal place and gets the updated user', async () => {
      const client = await corporationWithoutSteps();
      const res = await client.put('/v1/users/principal-address', address);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.has_submitted_principal_address).toBe(true);
    });

    it('A5 principal-address: a US place without state answers 400 with the spec message', async () => {
      const client = await corporationWithoutSteps();
      const res = await client.put('/v1/users/principal-address', {
        ...address,
        principal_place_state: undefined,
        principal_place_city: '',
      });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors).toMatchObject({
        principal_place_state: [principalAddressMessages.state],
        principal_place_city: [principalAddressMessages.city],
      });
    });

    it('A5 principal-address: outside the US the state is optional', async () => {
      const client = await corporationWithoutSteps();
      const res = await client.put('/v1/users/principal-address', {
        ...address,
        principal_place_country: 'DE',
        principal_place_state: undefined,
      });
      expect(res.statusCode).toBe(200);
    });

    it('A6 principal-address: requires a logged-in user', async () => {
      const res = await new Client(t.app).put('/v1/users/principal-address', address);
      expect(res.statusCode).toBe(401);
    });

    it('A6 principal-address: requires X-Auth-Method: cookie', async () => {
      const client = await corporationWithoutSteps();
      const res = await client.put('/v1/users/principal-address', address, { authHeader: false });
      expect(res.statusCode).toBe(403);
    });

    it('API.errors.wrong-account-type-409, API.principal-address.corporations-only: A4 principal-address: an individual account is refused with 409', async () => {
      const { client } = await registerIndividual(t);
      const res = await client.put('/v1/users/principal-address', address);
      expect(res.statusCode).toBe(409);
      expect(problem(res).code).toBe('wrong_account_type');
    });
  });

  describe('A7 PUT /v1/users/beneficial-owners', () => {
    async function corporation() {
      const client = new Client(t.app);
      const payload = corporationRegistration();
      delete (payload as Record<string, unknown>).beneficial_owners;
      await client.post('/v1/users/register', payload);
      return client;
    }

    it('API.beneficial-owners.replaces-list: A7 beneficial-owners: a list of owners marks the step submitted', async () => {
      const client = await corporation();
      const res = await client.put('/v1/users/beneficial-owners', [beneficialOwner(), beneficialOwner({ email: 'b@example.com' })]);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.has_submitted_beneficial_owners).toBe(true);
    });

    it('API.beneficial-owners.body-is-list: A7 beneficial-owners: an empty list is accepted and marks the step submitted', async () => {
      const client = await corporation();
      const res = await client.put('/v1/users/beneficial-owners', []);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details.has_submitted_beneficial_owners).toBe(true);
    });

    it('API.problem.list-items-indexed: A5 beneficial-owners: an invalid owner is named by index and field (0.email)', async () => {
      const client = await corporation();
      const res = await client.put('/v1/users/beneficial-owners', [
        beneficialOwner({ email: 'nope', id_country_code: 'US', id_type: 'ssn', id_number: '12345' }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors).toMatchObject({
        '0.email': [beneficialOwnerMessages.email],
        '0.id_number': [beneficialOwnerMessages.ssnFormat],
      });
    });

    it('API.beneficial-owners.body-is-list, API.problem.wrong-body-type: A7 beneficial-owners: a body that is not a list answers 400', async () => {
      const client = await corporation();
      const res = await client.put('/v1/users/beneficial-owners', { owners: [] });
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.body).toBeDefined();
    });

    it('API.beneficial-owners.replaces-list: a second submission replaces the stored owners', async () => {
      const client = await corporation();
      const me = (await client.get('/v1/users/me')).json();
      await client.put('/v1/users/beneficial-owners', [beneficialOwner(), beneficialOwner({ email: 'b@example.com' })]);
      const res = await client.put('/v1/users/beneficial-owners', [beneficialOwner({ email: 'c@example.com' })]);
      expect(res.statusCode).toBe(200);
      expect(res.json().user_details).toMatchObject({ id: me.id, has_submitted_beneficial_owners: true });
      const rows = await t.app.ctx.database.db.selectFrom('beneficial_owners').select('email').where('user_id', '=', me.id).execute();
      expect(rows.map((r) => r.email)).toEqual(['c@example.com']);
    });

    it('API.beneficial-owners.body-is-list: at most 20 owners', async () => {
      const client = await corporation();
      const owners = (n: number) => Array.from({ length: n }, (_, i) => beneficialOwner({ email: `owner${i}@example.com` }));
      const res = await client.put('/v1/users/beneficial-owners', owners(21));
      expect(res.statusCode).toBe(400);
      expect(problem(res).errors?.body).toBeDefined();
      expect((await client.put('/v1/users/beneficial-owners', owners(20))).statusCode).toBe(200);
    });

    it('API.beneficial-owners.corporations-only: an individual account is refused with 409 wrong_account_type', async () => {
      const { client } = await registerIndividual(t);
      const res = await client.put('/v1/users/beneficial-owners', [beneficialOwner()]);
      expect(res.statusCode).toBe(409);
      expect(problem(res).code).toBe('wrong_account_type');
    });
  });
});
