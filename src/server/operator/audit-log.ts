import type { Executor } from '../db/database';

// Who did what, when. Only ever inserted: the database itself refuses UPDATE and DELETE
// (triggers of migration 0310), so a record cannot be rewritten by any code path.

export interface AuditEntry {
  actorId: string;
  action: string;
  subject?: string | null;
  detail?: Record<string, unknown>;
}

export async function appendAudit(db: Executor, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: now,
    })
    .execute();
}
