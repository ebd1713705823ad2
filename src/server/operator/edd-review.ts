import { PRODUCT_NAME } from '../../shared/constants';
import { userView } from '../accounts/user-view';
import type { AppContext } from '../context';
import { runTransaction } from '../db/transaction';
import { appError } from '../errors';
import { repositories } from '../repositories';
import { invalidateAuth } from '../auth/auth-cache';
import { appendAudit } from './audit-log';

// An operator's decision on a submitted EDD questionnaire: approving clears the requirement,
// rejecting keeps it (the customer answers again). Status, flag, mail and audit commit together.

function decisionMail(to: string, approved: boolean, note: string) {
  return {
    recipient: to,
    channel: 'email' as const,
    subject: `${PRODUCT_NAME}: your enhanced due diligence review`,
    body: approved
      ? `Your enhanced due diligence answers were approved. You can trade again.\n\nNote from our compliance team: ${note}`
      : `Your enhanced due diligence answers could not be approved. Please answer the questionnaire again on the Enhanced Due Diligence page.\n\nNote from our compliance team: ${note}`,
    code: null,
    link: null,
  };
}

function requiredMail(to: string, note: string) {
  return {
    recipient: to,
    channel: 'email' as const,
    subject: `${PRODUCT_NAME}: enhanced due diligence required`,
    body: `Before you can place further orders, please answer the questionnaire on the Enhanced Due Diligence page.\n\nNote from our compliance team: ${note}`,
    code: null,
    link: null,
  };
}

export async function reviewEddRequest(ctx: AppContext, id: string, decision: 'approve' | 'reject', note: string, actorId: string) {
  const now = ctx.clock.now();
  const result = await runTransaction(ctx.database, async (trx) => {
    const repos = repositories(trx);
    const request = await trx.selectFrom('edd_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!request) throw appError('edd_request_not_found');
    if (request.status !== 'Submitted') throw appError('edd_already_reviewed');
    const status = decision === 'approve' ? ('Approved' as const) : ('Rejected' as const);
    await trx
      .updateTable('edd_requests')
      .set({ status, review_note: note, reviewed_by: actorId, reviewed_at: now })
      .where('id', '=', id)
      .execute();
    const required = decision === 'reject';
    await repos.users.update(request.user_id, { enhanced_due_diligence_required: required ? 1 : 0, updated_at: now });
    const user = await repos.users.findById(request.user_id);
    if (user) await ctx.outbox.enqueue(repos, decisionMail(user.email, !required, note));
    await appendAudit(trx, { actorId, action: `edd.${decision}`, subject: request.user_id, detail: { request: id, note } }, now);
    return { user, answer: { id, status, enhanced_due_diligence_required: required } };
  });
  invalidateAuth('all');
  ctx.outbox.kick();
  if (result.user) ctx.userEvents.emit(result.user.id, userView(result.user));
  return result.answer;
}

export async function requireEdd(ctx: AppContext, userId: string, note: string, actorId: string) {
  const now = ctx.clock.now();
  const user = await runTransaction(ctx.database, async (trx) => {
    const repos = repositories(trx);
    const found = await repos.users.findById(userId);
    if (!found) throw appError('user_not_found');
    await repos.users.update(userId, { enhanced_due_diligence_required: 1, updated_at: now });
    await ctx.outbox.enqueue(repos, requiredMail(found.email, note));
    await appendAudit(trx, { actorId, action: 'edd.require', subject: userId, detail: { note } }, now);
    return repos.users.findById(userId);
  });
  invalidateAuth('all');
  ctx.outbox.kick();
  if (user) ctx.userEvents.emit(user.id, userView(user));
  return { user_id: userId, enhanced_due_diligence_required: true as const };
}
