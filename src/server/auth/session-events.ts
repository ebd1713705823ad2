import { createListeners, type Listeners } from '../lib/listeners';

// A session (or every session of a user) ended: logout, password reset, a refresh token reused
// after its grace window. Emitted after the change has committed; the hub closes the ended
// sessions' live connections at once, so a stolen session stops receiving private feeds.

export type SessionEnd = { sessionId: string; reason: string } | { userId: string; reason: string };

export type SessionEvents = Listeners<[end: SessionEnd]>;

export const createSessionEvents: () => SessionEvents = createListeners;
