import type { Clock } from '../clock';
import type { ErrorCode } from '../errors';
import { hmac, randomToken, sha256 } from '../lib/crypto';
import { newId } from '../lib/ids';
import type { Repositories } from '../repositories';
import { signAccessToken } from './access-token';
import type { IssuedTokens } from './cookies';
import type { ServerKeys } from './keys';

export interface SessionTimings {
  accessTtlMs: number;
  refreshTtlMs: number;
  /**
   * How long an already-rotated refresh token still answers with its successor. Covers two
   * tabs (or a retried request) refreshing at once; beyond it, a reused token means theft.
   */
  reuseGraceMs: number;
}

export const defaultSessionTimings: SessionTimings = {
  accessTtlMs: 15 * 60 * 1000,
  refreshTtlMs: 30 * 24 * 60 * 60 * 1000,
  reuseGraceMs: 10_000,
};

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface StartedSession extends IssuedTokens {
  sessionId: string;
  userId: string;
}

export type RotationResult = ({ ok: true } & StartedSession) | { ok: false; code: ErrorCode };

/**
 * Login sessions as refresh-token families. Methods take the repositories of the caller's
 * transaction and never throw for expected failures (a failed rotation may still have to
 * commit the family's revocation), they return a result instead.
 */
export function createSessionService(deps: { keys: ServerKeys; clock: Clock; timings?: Partial<SessionTimings> }) {
  const timings = { ...defaultSessionTimings, ...deps.timings };
  const { keys, clock } = deps;

  function accessToken(userId: string, sessionId: string, now: number) {
    const expiresAt = now + timings.accessTtlMs;
    return { accessToken: signAccessToken(keys.accessToken, { userId, sessionId, expiresAt }), accessExpiresAt: expiresAt };
  }

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
      const refreshExpiresAt = now + timings.refreshTtlMs;
      await repos.sessions.insertRefreshToken({
        token_hash: sha256(refreshToken),
        session_id: sessionId,
        created_at: now,
        expires_at: refreshExpiresAt,
        rotated_at: null,
      });
      return { sessionId, userId, refreshToken, refreshExpiresAt, ...accessToken(userId, sessionId, now) };
    },

    async rotate(repos: Repositories, presented: string): Promise<RotationResult> {
      const now = clock.now();
      const row = await repos.sessions.findRefreshToken(sha256(presented));
      if (!row) return { ok: false, code: 'refresh_token_invalid' };
      const session = await repos.sessions.findById(row.session_id);
      if (!session || session.revoked_at !== null) return { ok: false, code: 'refresh_token_invalid' };
      if (row.expires_at <= now) return { ok: false, code: 'session_expired' };

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
          expires_at: now + timings.refreshTtlMs,
          rotated_at: null,
        });
        await repos.sessions.touch(session.id, now);
        rotatedAt = now;
      }
      rotatedAt ??= (await repos.sessions.findRefreshToken(row.token_hash))?.rotated_at ?? now;
      if (now - rotatedAt > timings.reuseGraceMs) {
        await repos.sessions.revoke(session.id, now, 'refresh_token_reused');
        return { ok: false, code: 'refresh_token_reused' };
      }
      const next = await repos.sessions.findRefreshToken(successorHash);
      if (!next) return { ok: false, code: 'refresh_token_invalid' };
      return {
        ok: true,
        sessionId: session.id,
        userId: session.user_id,
        refreshToken: successor,
        refreshExpiresAt: next.expires_at,
        ...accessToken(session.user_id, session.id, now),
      };
    },

    /** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
    async endByRefreshToken(repos: Repositories, presented: string, reason: string): Promise<void> {
      const row = await repos.sessions.findRefreshToken(sha256(presented));
      if (row) await repos.sessions.revoke(row.session_id, clock.now(), reason);
    },

    async end(repos: Repositories, sessionId: string, reason: string): Promise<void> {
      await repos.sessions.revoke(sessionId, clock.now(), reason);
    },

    async endAllForUser(repos: Repositories, userId: string, reason: string): Promise<void> {
      await repos.sessions.revokeAllForUser(userId, clock.now(), reason);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
