import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// A login for an unknown email must not answer faster than one with a wrong password, or the
// timing tells which emails have accounts: both run one argon2 verification. The real argon2
// runs; the spy only counts.

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
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
    vi.mocked(argon2.verify).mockClear();
  });

  const login = (email: string) => new Client(t.app).post('/v1/auth/login', { email, password: 'Wrong!Password1' });

  describe('login and account enumeration', () => {
    it('API.login.no-probing: an unknown email gets the answer of a wrong password after the same argon2 verification', async () => {
      const { user } = await registerIndividual(t);
      vi.mocked(argon2.verify).mockClear();
      const wrongPassword = await login(user.email);
      expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);

      vi.mocked(argon2.verify).mockClear();
      const unknownEmail = await login('nobody-here@example.com');
      expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);
      await expect(vi.mocked(argon2.verify).mock.results[0]!.value).resolves.toBe(false);

      expect([unknownEmail.statusCode, problem(unknownEmail)]).toEqual([wrongPassword.statusCode, problem(wrongPassword)]);
    });
  });
});
