import type { UserWire } from '../../shared/api/users';
import { createListeners, type Listeners } from '../lib/listeners';

// A user's onboarding flags changed (email or phone confirmed, principal address or beneficial
// owners submitted). Emitted after the change has committed; the hub pushes it to the user's
// own private feed as ReceiveUserOnboarding, so other tabs move on without polling.

export type UserEvents = Listeners<[userId: string, user: UserWire]>;

export const createUserEvents: () => UserEvents = createListeners;
