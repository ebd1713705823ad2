import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../src/shared/api/problem';
import { Client, individualRegistration, problem, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// The rules every call shares: problem bodies, body parsing, sizes, unknown routes, origins.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ store, config: { bodyLimit: 64 * 1024 } });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('A8 every failure is a JSON problem body', () => {
    it('API.errors.invalid-json-400, API.problem.content-type: A8 malformed JSON answers 400 invalid_json', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(problemSchema.parse(res.json()).code).toBe('invalid_json');
    });

    it('API.errors.payload-too-large-413: A8 a body over the limit answers 413', async () => {
      const huge = individualRegistration({ first_name: 'x'.repeat(100 * 1024) });
      const res = await new Client(t.app).post('/v1/users/register', huge);
      expect(res.statusCode).toBe(413);
      expect(problem(res).code).toBe('payload_too_large');
    });

    it('API.errors.unsupported-media-type-415: A8 a body that is not JSON answers 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(res.statusCode).toBe(415);
      expect(problem(res).code).toBe('unsupported_media_type');
    });

    it('API.errors.route-not-found-404: A8 an unknown API route answers a 404 problem', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(problemSchema.parse(res.json())).toMatchObject({ status: 404, code: 'route_not_found' });
    });

    it('A8 a known path with the wrong method answers a 404 problem, not a 5xx', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/v1/auth/login' });
      expect(res.statusCode).toBe(404);
    });

    it('CORE.http.wrong-method-404: a known path asked with a method it does not serve answers a 404 problem body', async () => {
      for (const [method, url] of [
        ['GET', '/v1/auth/login'],
        ['PUT', '/v1/auth/logout'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(problemSchema.parse(res.json())).toMatchObject({ status: 404, code: 'route_not_found' });
      }
    });

    it('CORE.http.prototype-poisoning: A8 prototype-poisoning JSON is refused with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
      });
      expect(res.statusCode).toBe(400);
    });

    it('API.errors.validation-failed-400, API.problem.body-fields, API.problem.title-status-text: A8 validation problems carry title, status, detail, code and errors', async () => {
      const res = await new Client(t.app).post('/v1/auth/login', { email: '' });
      const body = problemSchema.parse(res.json());
      expect(body).toMatchObject({ title: 'Bad request', status: 400, detail: 'Invalid request.', code: 'validation_failed' });
      expect(body.errors?.email).toBeDefined();
    });
  });

  describe('A6 cross-site requests', () => {
    it('API.errors.untrusted-origin-403, API.auth.origin-checked-on-writes: A6 a write from an untrusted Origin answers 403', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { origin: 'https://evil.example' },
        payload: { email: 'a@b.c', password: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(problem(res).code).toBe('untrusted_origin');
    });

    it('API.auth.origin-checked-on-writes: A6 a write from the app origin (same host) is allowed', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('API.auth.origin-checked-on-writes: A6 a write from a configured trusted origin is allowed', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { origin: t.config.publicUrl } });
      expect(res.statusCode).toBe(200);
    });
  });
});
