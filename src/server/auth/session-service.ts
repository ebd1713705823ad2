import type { Clock } from '../time/timers';
import type { ErrorCode } from '../errors';
import { hmac, randomToken, sha256 } from '../lib/crypto';
import { newId } from '../lib/ids';
import type { Repositories } from '../repositories';
import { signAccessToken } from './access-token';
import type { IssuedTokens } from './cookies';
import type { ServerKeys } from './keys';
import type { SessionEnd } from './session-events';

export interface SessionTimings {
  accessTtlMs: number;
  refreshTtlMs: number;
  /**
   * How long an already-rotated refresh token still answers with its successor. Covers two
   * tabs (or a retried request) refreshing at once; beyond it, a reused token means theft.
   */
  reuseGraceMs: number;
  /** How long a session lives from its login, however often it is refreshed. */
  absoluteLifetimeMs: number;
}

export const defaultSessionTimings: SessionTimings = {
  accessTtlMs: 15 * 60 * 1000,
  refreshTtlMs: 30 * 24 * 60 * 60 * 1000,
  reuseGraceMs: 10_000,
  absoluteLifetimeMs: 30 * 24 * 60 * 60 * 1000,
};

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface StartedSession extends IssuedTokens {
  sessionId: string;
  userId: string;
}

/** A failed rotation names the session it ended, if it ended one (reuse detected). */
export type RotationResult = ({ ok: true } & StartedSession) | { ok: false; code: ErrorCode; ended?: SessionEnd };

/**
 * Login sessions as refresh-token families. Methods take the repositories of the caller's
 * transaction and never throw for expected failures (a failed rotation may still have to
 * commit the family's revocation), they return a result instead.
 */
export function createSessionService(deps: { keys: ServerKeys; clock: Clock; timings?: Partial<SessionTimings> }) {
  const timings = { ...defaultSessionTimings, ...deps.timings };
  const { keys, clock } = deps;

  // Every token of a session expires by the session's absolute end at the latest, so a live
  // connection admitted with one is re-checked then too.
  function accessToken(userId: string, sessionId: string, now: number, sessionEnd: number) {
    const expiresAt = Math.min(now + timings.accessTtlMs, sessionEnd);
    return { accessToken: signAccessToken(keys.accessToken, { userId, sessionId, expiresAt }), accessExpiresAt: expiresAt };
  }

  const endOf = (session: { created_at: number }) => session.created_at + timings.absoluteLifetimeMs;

  return {
    timings,

    async start(repos: Repositories, userId: string, meta: SessionMeta = {}): Promise<StartedSession> {
      const now = clock.now();
      const sessionId = newId();
      await repos.sessions.create({
        id: sessionId,
        user_id: userId,
        created_at: now,
        last_used_at: now,
        revoked_at: null,
        revoked_reason: null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      const refreshToken = randomToken();
      const sessionEnd = now + timings.absoluteLifetimeMs;
      const refreshExpiresAt = Math.min(now + timings.refreshTtlMs, sessionEnd);
      await repos.sessions.insertRefreshToken({
        token_hash: sha256(refreshToken),
        session_id: sessionId,
        created_at: now,
        expires_at: refreshExpiresAt,
        rotated_at: null,
      });
      return { sessionId, userId, refreshToken, refreshExpiresAt, ...accessToken(userId, sessionId, now, sessionEnd) };
    },

    async rotate(repos: Repositories, presented: string): Promise<RotationResult> {
      const now = clock.now();
      const row = await repos.sessions.findRefreshToken(sha256(presented));
      if (!row) return { ok: false, code: 'refresh_token_invalid' };
      const session = await repos.sessions.findById(row.session_id);
      if (!session || session.revoked_at !== null) return { ok: false, code: 'refresh_token_invalid' };
      // The login time bounds the family, not only each token: refreshing never extends it.
      const sessionEnd = endOf(session);
      if (row.expires_at <= now || sessionEnd <= now) return { ok: false, code: 'session_expired' };

      // The successor is a MAC of the old token: the same request retried gets the same
      // answer, and no plaintext token is ever stored.
      const successor = hmac(keys.refreshSuccessor, presented);
      const successorHash = sha256(successor);
      let rotatedAt = row.rotated_at;
      if (rotatedAt === null && (await repos.sessions.markRotated(row.token_hash, now))) {
        await repos.sessions.insertRefreshToken({
          token_hash: successorHash,
          session_id: session.id,
          created_at: now,
          expires_at: Math.min(now + timings.refreshTtlMs, sessionEnd),
          rotated_at: null,
        });
        await repos.sessions.touch(session.id, now);
        rotatedAt = now;
      }
      rotatedAt ??= (await repos.sessions.findRefreshToken(row.token_hash))?.rotated_at ?? now;
      if (now - rotatedAt > timings.reuseGraceMs) {
        await repos.sessions.revoke(session.id, now, 'refresh_token_reused');
        return { ok: false, code: 'refresh_token_reused', ended: { sessionId: session.id, reason: 'refresh_token_reused' } };
      }
      const next = await repos.sessions.findRefreshToken(successorHash);
      if (!next) return { ok: false, code: 'refresh_token_invalid' };
      return {
        ok: true,
        sessionId: session.id,
        userId: session.user_id,
        refreshToken: successor,
        refreshExpiresAt: next.expires_at,
        ...accessToken(session.user_id, session.id, now, sessionEnd),
      };
    },

    // The end* methods return what they ended: once the transaction has committed, the caller
    // hands it to SessionEvents (the hub then closes that session's connections).

    /** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
    async endByRefreshToken(repos: Repositories, presented: string, reason: string): Promise<SessionEnd | null> {
      const row = await repos.sessions.findRefreshToken(sha256(presented));
      if (!row) return null;
      await repos.sessions.revoke(row.session_id, clock.now(), reason);
      return { sessionId: row.session_id, reason };
    },

    async end(repos: Repositories, sessionId: string, reason: string): Promise<SessionEnd> {
      await repos.sessions.revoke(sessionId, clock.now(), reason);
      return { sessionId, reason };
    },

    async endAllForUser(repos: Repositories, userId: string, reason: string): Promise<SessionEnd> {
      await repos.sessions.revokeAllForUser(userId, clock.now(), reason);
      return { userId, reason };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
