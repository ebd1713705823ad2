import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Production mail through SMTP_URL, against a small SMTP server speaking the plain protocol
// (no TLS, no extensions): what nodemailer sends is what a mail relay would receive.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  interface ReceivedMail {
    from: string;
    to: string[];
    data: string;
  }

  async function fakeSmtpServer(): Promise<{ url: string; mail: ReceivedMail[]; close(): Promise<void> }> {
    const mail: ReceivedMail[] = [];
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.setEncoding('utf8');
      let buffer = '';
      let inData = false;
      let current: ReceivedMail = { from: '', to: [], data: '' };
      socket.write('220 fake.test ESMTP\r\n');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            current.data = buffer.slice(0, end);
            buffer = buffer.slice(end + 5);
            mail.push(current);
            current = { from: '', to: [], data: '' };
            inData = false;
            socket.write('250 2.0.0 queued\r\n');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'MAIL') current.from = line.slice(10).trim();
          if (verb === 'RCPT') current.to.push(line.slice(8).trim());
          if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
          } else {
            socket.write('250 ok\r\n');
          }
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      url: `smtp://127.0.0.1:${port}`,
      mail,
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    };
  }

  let t: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof fakeSmtpServer>> | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  describe('production mail over SMTP_URL', () => {
    it('API.dev.production-delivery: a verification code goes out over SMTP, and the outbox row is redacted once sent', async () => {
      smtp = await fakeSmtpServer();
      t = await startApp({ store, config: { nodeEnv: 'production', smtpUrl: smtp.url } });
      const { client, user } = await registerIndividual(t);
      expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
      await t.app.ctx.outbox.idle();
      expect(smtp.mail).toHaveLength(1);
      expect(smtp.mail[0]!.to).toEqual([`<${user.email}>`]);
      expect(smtp.mail[0]!.data).toMatch(/Subject: .*email verification code/);
      expect(smtp.mail[0]!.data).toMatch(/verification code is \d{6}\./);
      const rows = await t.app.ctx.database.db.selectFrom('outbox').selectAll().where('channel', '=', 'email').execute();
      expect(rows.map((r) => [r.sent_at !== null, r.code, r.link])).toEqual([[true, null, null]]);
    });

    it('mail held while SMTP_URL was missing leaves once the server runs with it', async () => {
      const first = await startApp({ store, config: { nodeEnv: 'production', smtpUrl: undefined } });
      const { client, user } = await registerIndividual(first);
      expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
      await first.app.ctx.outbox.idle();
      await first.close({ keepData: true });

      smtp = await fakeSmtpServer();
      t = await startApp({
        store,
        dataDir: first.dataDir,
        clock: first.clock,
        config: { nodeEnv: 'production', smtpUrl: smtp.url, databaseUrl: first.config.databaseUrl },
      });
      await t.app.ctx.outbox.idle();
      expect(smtp.mail.map((m) => m.to)).toEqual([[`<${user.email}>`]]);
      const rows = await t.app.ctx.database.db.selectFrom('outbox').selectAll().where('channel', '=', 'email').execute();
      expect(rows.every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
    });
  });
});
