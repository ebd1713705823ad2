import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/api/paths';
import type { OutboxEntry } from '../../shared/api/dev';
import type { AppDatabase } from '../db/database';
import type { OutboxRow } from '../db/schema';
import { repositories } from '../repositories';
import { cspHash } from '../web/inline-style-hashes';

const LIMIT = 200;

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    to: row.recipient,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    subject: row.subject,
    body: row.body,
    code: row.code,
    link: row.link,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const OUTBOX_STYLE = `
body{font:15px/1.45 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d2330;background:#f6f7f9}
article{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
header{color:#5a6473;font-size:13px}h2{font-size:17px;margin:.5rem 0}
.code b{font-size:22px;letter-spacing:.15em}pre{white-space:pre-wrap;margin:.5rem 0 0;font:inherit}
`;

/** The page's own policy: nothing but its inline stylesheet (by hash); links are plain navigations. */
const OUTBOX_CSP = `default-src 'none'; style-src ${cspHash(OUTBOX_STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderHtml(entries: OutboxEntry[]): string {
  const rows = entries
    .map(
      (e) => `<article>
  <header><strong>${escapeHtml(e.channel.toUpperCase())}</strong> to <code>${escapeHtml(e.to)}</code> · <time>${escapeHtml(e.created_at)}</time></header>
  ${e.subject ? `<h2>${escapeHtml(e.subject)}</h2>` : ''}
  ${e.code ? `<p class="code">Code: <b>${escapeHtml(e.code)}</b></p>` : ''}
  ${e.link ? `<p><a href="${escapeHtml(e.link)}">${escapeHtml(e.link)}</a></p>` : ''}
  <pre>${escapeHtml(e.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${OUTBOX_STYLE}</style></head><body>
<h1>Outbox</h1><p>Mail and SMS the server would have sent (development only, newest first). <a href="${paths.dev.outboxJson}">JSON</a></p>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

/** GET /dev/outbox and /dev/outbox.json. Registered only with DEV_ROUTES (never in production). */
export function registerOutboxDevRoutes(app: FastifyInstance, database: AppDatabase): void {
  const list = async () => (await repositories(database.db).outbox.listNewest(LIMIT)).map(toEntry);
  app.get(paths.dev.outboxJson, async () => list());
  app.get(paths.dev.outbox, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', OUTBOX_CSP)
      .send(renderHtml(await list())),
  );
}
