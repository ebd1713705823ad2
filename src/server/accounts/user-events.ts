import type { UserWire } from '../../shared/api/users';

// A user's onboarding flags changed (email or phone confirmed, principal address or beneficial
// owners submitted). Emitted after the change has committed; the hub pushes it to the user's
// own private feed as ReceiveUserOnboarding, so other tabs move on without polling.

export type UserChangedListener = (userId: string, user: UserWire) => void;

export interface UserEvents {
  on(listener: UserChangedListener): () => void;
  emit(userId: string, user: UserWire): void;
}

export function createUserEvents(): UserEvents {
  const listeners = new Set<UserChangedListener>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(userId, user) {
      for (const listener of listeners) listener(userId, user);
    },
  };
}
