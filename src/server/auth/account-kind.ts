import type { UserRow } from '../db/schema';

/**
 * Whether a person may sign in as this account, refresh its session or reset its password.
 * Never a system account (the simulator trades as it, and its funds are the market's); the demo
 * account only where the dev setting is on, since its password is published. Callers answer a
 * refusal exactly as they answer an unknown account, so it reveals nothing.
 */
export function admitsSignIn(user: Pick<UserRow, 'account_kind'>, demoLogin: boolean): boolean {
  if (user.account_kind === 'system') return false;
  if (user.account_kind === 'demo') return demoLogin;
  return true;
}
