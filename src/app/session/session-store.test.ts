// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { storageKeys } from '../../shared/constants';
import { wireUser } from '../testing/users';
import { createSessionStore, type SessionStore } from './session-store';

let store: SessionStore | undefined;
afterEach(() => {
  store?.dispose();
  localStorage.clear();
});

test('A3.user.stored-locally: the user is stored locally and read back on start', () => {
  store = createSessionStore({ storage: localStorage, events: window });
  const user = store.setUser(
    wireUser({ account_type: undefined, accountType: 'corporation', email_confirmed: 'true' as unknown as boolean }),
  );
  expect(user).toMatchObject({ account_type: 'corporation', email_confirmed: true });
  expect(JSON.parse(localStorage.getItem(storageKeys.user)!)).toMatchObject({ account_type: 'corporation' });

  const next = createSessionStore({ storage: localStorage });
  expect(next.getSnapshot()).toEqual({ user, checked: false, endedReason: null });
  next.dispose();
});

test('CORE.session.damaged-user-ignored: a damaged stored user is ignored', () => {
  localStorage.setItem(storageKeys.user, '{"not":"a user"');
  store = createSessionStore({ storage: localStorage });
  expect(store.getSnapshot().user).toBeNull();
});

test('A4.session.logout-clears: clear forgets the user locally and notifies subscribers', () => {
  store = createSessionStore({ storage: localStorage });
  store.setUser(wireUser());
  const listener = vi.fn();
  store.subscribe(listener);
  store.clear();
  expect(store.getSnapshot().user).toBeNull();
  expect(localStorage.getItem(storageKeys.user)).toBeNull();
  expect(listener).toHaveBeenCalledTimes(1);
});

test('CORE.session.update-merges-flags: updateUser merges verified flags', () => {
  store = createSessionStore({ storage: localStorage });
  store.setUser(wireUser({ email_confirmed: false }));
  expect(store.updateUser({ email_confirmed: true })?.email_confirmed).toBe(true);
  expect(JSON.parse(localStorage.getItem(storageKeys.user)!).email_confirmed).toBe(true);
});

test('CORE.session.follows-other-tabs: logging out or in in another tab is followed here (storage event)', () => {
  store = createSessionStore({ storage: localStorage, events: window });
  store.setUser(wireUser());
  const listener = vi.fn();
  store.subscribe(listener);

  localStorage.removeItem(storageKeys.user);
  window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.user, newValue: null }));
  expect(store.getSnapshot().user).toBeNull();

  localStorage.setItem(storageKeys.user, JSON.stringify(wireUser({ email: 'other@example.com' })));
  window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.user }));
  expect(store.getSnapshot().user?.email).toBe('other@example.com');

  window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
  expect(listener).toHaveBeenCalledTimes(2);
});

test('CORE.session.expiry-reason-kept: a session ended by a failed refresh keeps its reason until the next user', () => {
  const store = createSessionStore({ storage: null });
  store.setUser(wireUser());
  store.clear('session-expired');
  expect(store.getSnapshot().endedReason).toBe('session-expired');
  store.clear();
  expect(store.getSnapshot().endedReason).toBe('session-expired');
  store.setUser(wireUser());
  expect(store.getSnapshot().endedReason).toBeNull();
  store.clear();
  expect(store.getSnapshot().endedReason).toBeNull();
});
