import type { User } from '../../shared/api/users';

/** Spec A §6: a route's required roles are met when the user has at least one; none required = open. */
export function hasAnyRole(user: Pick<User, 'roles'>, required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((role) => user.roles.includes(role));
}
