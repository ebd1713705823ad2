import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCli } from '../../src/server/operator/cli';
import { completeEddSubmission } from '../support/multipart';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// The operator console over HTTP: the role only the script grants, the server-side guard, EDD
// review with mail, requiring EDD, large-withdrawal reviews, wire credits, ledgers, and the
// audit log the database keeps append-only.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  /** The operator script's environment: the app's DATA_DIR, and its database on PostgreSQL. */
  const cliEnv = () => ({ NODE_ENV: 'test', DATA_DIR: t.dataDir, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });
  let operator: { client: Client; user: { id: string; email: string } };

  beforeAll(async () => {
    t = await startApp({ store, seed: true, config: { eddDepositThresholdUsd: 1000 } });
    operator = await registerIndividual(t);
    const lines: string[] = [];
    expect(await runOperatorCli(['grant', operator.user.email], cliEnv(), (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/granted/);
    // A fresh login carries the new role.
    operator.client = new Client(t.app);
    const login = await operator.client.post(
      '/v1/auth/login',
      { email: operator.user.email, password: 'Str0ng!Passw0rd' },
      { authHeader: false },
    );
    expect(login.statusCode, login.body).toBe(200);
  });
  afterAll(async () => t.close());

  async function submitEdd(client: Client, userId: string) {
    const body = completeEddSubmission(userId);
    const res = await client.post('/v1/enterprise/eddq/responses', body.payload, { headers: { 'content-type': body.contentType } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string };
  }

  const order = { currency_pair: 'btcusd', algorithm_id: 201, price: '100', quantity: '0.01', time_in_force: 'GTC' };

  describe('operator role', () => {
    it('API.operator.role-guard: every operator route refuses a customer with 403 before doing anything', async () => {
      const { client, user } = await registerIndividual(t);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/v1/operator/edd/requests'],
        ['GET', '/v1/operator/edd/requests/x'],
        ['POST', '/v1/operator/edd/requests/x/review', { decision: 'approve', note: 'ok' }],
        ['POST', '/v1/operator/edd/require', { userId: user.id, note: 'x' }],
        ['GET', '/v1/operator/withdrawals'],
        ['POST', '/v1/operator/withdrawals/x/review', { decision: 'approve', note: 'ok' }],
        ['POST', '/v1/operator/wire-credits', { userId: user.id, currency: 'usd', amount: '1000000', reference: 'WIRE-SELF' }],
        ['GET', `/v1/operator/ledger?userId=${user.id}`],
        ['GET', '/v1/operator/audit'],
      ];
      for (const [method, url, body] of calls) {
        const res = await client.call(method as 'GET', url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(problem(res).code).toBe('forbidden');
        expect((await new Client(t.app).call(method as 'GET', url, body)).statusCode).toBe(401);
      }
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: false });
    });

    it('API.operator.role-by-script-only: registration cannot ask for the role; the script grants and revokes it', async () => {
      const res = await new Client(t.app).post(
        '/v1/users/register',
        { ...(await import('../support/registration')).individualRegistration(), account_role: 'operator' },
        { authHeader: false },
      );
      expect(res.statusCode).toBe(400);
      const { user } = await registerIndividual(t);
      const env = cliEnv();
      const out: string[] = [];
      expect(await runOperatorCli(['grant', user.email], env, (l) => out.push(l))).toBe(0);
      expect(await runOperatorCli(['list'], env, (l) => out.push(l))).toBe(0);
      expect(out).toContain(user.email);
      expect(await runOperatorCli(['revoke', user.email], env, (l) => out.push(l))).toBe(0);
      expect(await runOperatorCli(['grant'], env, (l) => out.push(l))).toBe(2);
      expect(await runOperatorCli(['grant', 'nobody@example.com'], env, (l) => out.push(l))).toBe(1);
      const row = await t.app.ctx.database.db.selectFrom('users').select('roles').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(JSON.parse(row.roles)).not.toContain('operator');
    });
  });

  describe('operator EDD review', () => {
    it('API.operator.edd-review: approving clears the requirement, the user is mailed and trades again', async () => {
      const { client, user } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'usd', amount: '5000' })).statusCode).toBe(200);
      expect(problem(await client.post('/v1/orders/buy', order)).code).toBe('edd_required');
      const { id } = await submitEdd(client, user.id);

      const list = await operator.client.get('/v1/operator/edd/requests');
      expect((list.json() as { data: { id: string; email: string }[] }).data).toContainEqual(
        expect.objectContaining({ id, email: user.email }),
      );
      const detail = (await operator.client.get(`/v1/operator/edd/requests/${id}`)).json() as {
        files: { id: string; content_type: string }[];
        responses: unknown[];
      };
      expect(detail.files.map((f) => f.content_type).sort()).toEqual(['application/pdf', 'image/png']);
      expect(detail.responses).toContainEqual({ id: 'source_of_funds', response: 'Savings', optional_free_form: 'Savings from salary.' });
      const doc = await operator.client.get(`/v1/enterprise/eddq/files/${detail.files[0]!.id}`);
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['content-disposition']).toMatch(/^attachment;/);

      const noNote = await operator.client.post(`/v1/operator/edd/requests/${id}/review`, { decision: 'approve' });
      expect(noNote.statusCode).toBe(400);
      expect(Object.keys(problem(noNote).errors ?? {})).toContain('note');
      const approved = await operator.client.post(`/v1/operator/edd/requests/${id}/review`, {
        decision: 'approve',
        note: 'Documents match.',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toEqual({ id, status: 'Approved', enhanced_due_diligence_required: false });
      expect((await operator.client.post(`/v1/operator/edd/requests/${id}/review`, { decision: 'reject', note: 'again' })).statusCode).toBe(
        409,
      );

      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: false });
      expect((await client.post('/v1/orders/buy', order)).statusCode).toBe(200);
      const mail = (await t.outbox()).find((m) => m.to === user.email && /due diligence review/.test(m.subject ?? ''));
      expect(mail?.body).toMatch(/approved/);
      const listed = (await client.get(`/v1/enterprise/eddq/requests?userId=${user.id}`)).json() as { data: { status: string }[] };
      expect(listed.data[0]!.status).toBe('Approved');
    });

    it('API.operator.edd-review: rejecting keeps the requirement and orders stay refused', async () => {
      const { client, user } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'usd', amount: '5000' })).statusCode).toBe(200);
      const { id } = await submitEdd(client, user.id);
      const rejected = await operator.client.post(`/v1/operator/edd/requests/${id}/review`, {
        decision: 'reject',
        note: 'Bill is too old.',
      });
      expect(rejected.json()).toEqual({ id, status: 'Rejected', enhanced_due_diligence_required: true });
      expect(problem(await client.post('/v1/orders/buy', order)).code).toBe('edd_required');
      expect((await operator.client.post('/v1/operator/edd/requests/nope/review', { decision: 'reject', note: 'x' })).statusCode).toBe(404);
    });

    it('API.operator.require-edd: an operator requires EDD of a user below every threshold', async () => {
      const { client, user } = await registerIndividual(t);
      const res = await operator.client.post('/v1/operator/edd/require', { userId: user.id, note: 'Unusual pattern.' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await client.get('/v1/users/me')).json()).toMatchObject({ enhanced_due_diligence_required: true });
      expect((await operator.client.post('/v1/operator/edd/require', { userId: 'nobody', note: 'x' })).statusCode).toBe(404);
    });
  });

  describe('operator money', () => {
    it('API.operator.wire-credit: a wire is credited once per reference', async () => {
      const { client, user } = await registerIndividual(t);
      const body = { userId: user.id, currency: 'usd', amount: '250.50', reference: 'WIRE-2026-0001' };
      const first = await operator.client.post('/v1/operator/wire-credits', body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ reference: 'WIRE-2026-0001', balance: '250.5' });
      const again = await operator.client.post('/v1/operator/wire-credits', body);
      expect(again.statusCode).toBe(409);
      expect(problem(again).code).toBe('wire_reference_used');
      const bad = await operator.client.post('/v1/operator/wire-credits', { ...body, amount: '-5', reference: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(problem(bad).errors ?? {}).sort()).toEqual(['amount', 'reference']);
      const balances = (await client.get('/v1/account-management/balances')).json() as { currency: string; balance: string }[];
      expect(balances.find((b) => b.currency === 'usd')?.balance).toBe('250.5');
    });

    it("API.operator.ledger: an operator reads a user's ledger lines", async () => {
      const { client, user } = await registerIndividual(t);
      expect((await client.post('/dev/faucet', { currency: 'btc', amount: '1.5' })).statusCode).toBe(200);
      const res = await operator.client.get(`/v1/operator/ledger?userId=${user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { lines: { action: string; currency: string; amount: string }[] }).lines).toContainEqual(
        expect.objectContaining({ action: 'Deposit', currency: 'btc', amount: '1.5' }),
      );
      expect((await operator.client.get('/v1/operator/ledger')).statusCode).toBe(400);
    });

    it('API.operator.withdrawal-review: a large withdrawal waits pending until an operator decides', async () => {
      const { user } = await registerIndividual(t);
      const reviews = t.app.withdrawalReviews;
      expect(reviews.needsReview('10000')).toBe(false);
      expect(reviews.needsReview('10000.01')).toBe(true);
      const paid: string[] = [];
      reviews.setHandlers({ onApproved: async (r) => void paid.push(r.id), onRejected: async () => undefined });
      const id = await reviews.hold({ userId: user.id, currency: 'btc', amount: '3', destination: 'bc1qexample' });
      const pending = (await operator.client.get('/v1/operator/withdrawals')).json() as { data: { id: string; status: string }[] };
      expect(pending.data).toContainEqual(expect.objectContaining({ id, status: 'pending' }));
      const res = await operator.client.post(`/v1/operator/withdrawals/${id}/review`, { decision: 'approve', note: 'Known address.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'approved' });
      expect(paid).toEqual([id]);
      expect((await operator.client.post(`/v1/operator/withdrawals/${id}/review`, { decision: 'reject', note: 'x' })).statusCode).toBe(409);
    });
  });

  describe('audit log', () => {
    it('API.operator.audit-append-only: operator actions are recorded with who, what and when, and cannot be changed or removed', async () => {
      const res = await operator.client.get('/v1/operator/audit?limit=500');
      const entries = (res.json() as { data: { actor_id: string; action: string; created_at: string }[] }).data;
      const actions = new Set(entries.map((e) => e.action));
      for (const a of ['role.grant', 'edd.approve', 'edd.reject', 'edd.require', 'wire.credit', 'ledger.read', 'withdrawal.approve'])
        expect(actions).toContain(a);
      expect(entries.find((e) => e.action === 'edd.approve')?.actor_id).toBe(operator.user.id);
      const db = t.app.ctx.database.db;
      await expect(sql`update audit_log set action = 'nothing'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
      expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(entries.length);
    });
  });
});
