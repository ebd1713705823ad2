import fs from 'node:fs';
import { expect, it } from 'vitest';
import { ACCESS_COOKIE } from '../../src/server/auth';
import { describeEachStore } from '../support/postgres';
import { Client, registerIndividual, startApp, STRONG_PASSWORD } from './accounts-harness';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore('A4 sessions and data survive a restart', (store) => {
  it('CORE.server.restart-keeps-data, API.auth.signing-key-in-data-dir: A4 restart: user, session cookies and outbox are still valid after the server is rebuilt on the same data dir', async () => {
    const first = await startApp({ seed: true, store });
    const { client, user } = await registerIndividual(first);
    expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
    const outboxBefore = await first.outbox();
    await first.close({ keepData: true });

    const second = await startApp({
      dataDir: first.dataDir,
      clock: first.clock,
      seed: true,
      store,
      config: { databaseUrl: first.config.databaseUrl },
    });
    try {
      const resumed = new Client(second.app, client.jar);
      // The access cookie was signed with the key kept in DATA_DIR.
      const me = await resumed.get('/v1/users/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
      // The refresh family is in the database.
      const before = resumed.jar.get(ACCESS_COOKIE);
      second.clock.advance(1000);
      expect((await resumed.post('/v1/auth/refresh-token')).statusCode).toBe(200);
      expect(resumed.jar.get(ACCESS_COOKIE)).not.toBe(before);
      // The code mailed before the restart still confirms.
      const code = outboxBefore.find((m) => m.to === user.email && m.code)!.code;
      expect((await resumed.post('/v1/auth/verification-code/email/confirm', { code })).statusCode).toBe(200);
      expect(await second.outbox()).toEqual(expect.arrayContaining(outboxBefore));
      // Password login still works, and seeding twice changed nothing.
      expect((await new Client(second.app).post('/v1/auth/login', { email: user.email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    expect(fs.existsSync(first.dataDir)).toBe(false);
  });

  it('CORE.auth.new-data-dir-new-key, API.auth.signing-key-in-data-dir: A4 restart: a new data dir means a new signing key, so old cookies are refused', async () => {
    const first = await startApp({ store });
    const { client } = await registerIndividual(first);
    await first.close();
    const other = await startApp({ store });
    try {
      expect((await new Client(other.app, client.jar).get('/v1/users/me')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
