import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../src/server/auth/passwords';
import { Client, individualRegistration, problem, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Registration answers 409 email_taken for an email that has an account (spec A §7 makes a
// successful registration a login, so a taken email has to fail). What it must not do is
// answer faster: the taken path does the same argon2 work as the new one.

vi.mock('../../src/server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ store });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    vi.mocked(passwords.hashPassword).mockClear();
  });

  const register = (payload: unknown) => new Client(t.app).post('/v1/users/register', payload, { authHeader: false });

  describe('registration and account enumeration', () => {
    it('API.security.email-taken-same-work: a taken email costs the same password hash as a new registration before answering 409 email_taken', async () => {
      const payload = individualRegistration();
      expect((await register(payload)).statusCode).toBe(200);
      expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(1);

      vi.mocked(passwords.hashPassword).mockClear();
      const taken = await register({ ...individualRegistration(), email: payload.email.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(problem(taken).code).toBe('email_taken');
      expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledTimes(1);
      expect(vi.mocked(passwords.hashPassword)).toHaveBeenCalledWith(payload.password);
    });
  });
});
