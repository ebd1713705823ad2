import type { AppDatabase } from '../db/database';
import { parseRoles } from '../auth';
import { invalidateAuth } from '../auth/auth-cache';
import { runTransaction } from '../db/transaction';
import { repositories } from '../repositories';
import { OPERATOR_ROLE } from '../../shared/api/operator';
import { appendAudit } from './audit-log';

// Granting and revoking the operator role: only the command-line script calls these (no route
// does), so a customer can never reach them. Each change is audited with the shell user.

export async function setOperatorRole(
  database: AppDatabase,
  email: string,
  grant: boolean,
  actor: string,
  now: number,
): Promise<'changed' | 'unchanged'> {
  const outcome = await runTransaction(database, async (trx) => {
    const repos = repositories(trx);
    const user = await repos.users.findByEmail(email);
    if (!user) throw new Error(`No user with the email ${email}.`);
    const roles = parseRoles(user.roles);
    const has = roles.includes(OPERATOR_ROLE);
    if (has === grant) return 'unchanged';
    const next = grant ? [...roles, OPERATOR_ROLE] : roles.filter((r) => r !== OPERATOR_ROLE);
    await repos.users.update(user.id, { roles: JSON.stringify(next), updated_at: now });
    await appendAudit(
      trx,
      {
        actorId: `cli:${actor}`,
        action: grant ? 'role.grant' : 'role.revoke',
        subject: user.id,
        detail: { role: OPERATOR_ROLE, email: user.email },
      },
      now,
    );
    return 'changed' as const;
  });
  invalidateAuth('all');
  return outcome;
}

export async function listOperators(database: AppDatabase): Promise<string[]> {
  const rows = await database.db.selectFrom('users').select(['email', 'roles']).where('roles', 'like', `%"${OPERATOR_ROLE}"%`).execute();
  return rows.filter((r) => parseRoles(r.roles).includes(OPERATOR_ROLE)).map((r) => r.email);
}
