// A session (or every session of a user) ended: logout, password reset, a refresh token reused
// after its grace window. Emitted after the change has committed; the hub closes the ended
// sessions' live connections at once, so a stolen session stops receiving private feeds.

export type SessionEnd = { sessionId: string; reason: string } | { userId: string; reason: string };

export type SessionEndListener = (end: SessionEnd) => void;

export interface SessionEvents {
  on(listener: SessionEndListener): () => void;
  emit(end: SessionEnd): void;
}

export function createSessionEvents(): SessionEvents {
  const listeners = new Set<SessionEndListener>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(end) {
      for (const listener of listeners) listener(end);
    },
  };
}
