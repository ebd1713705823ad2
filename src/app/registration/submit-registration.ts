import { loginResponseSchema } from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import type { User } from '../../shared/api/users';
import { http } from '../http/client';
import { session } from '../session/session';
import { toRegistrationRequest } from './registration-request';
import { registrationStore, type RegistrationModel } from './registration-store';

/**
 * Sends the registration. The answer is a login answer (spec A §7): the new user is
 * logged in, so it becomes the session user, and the finished model is forgotten.
 * Silent because the form shows its own failure message (spec A §8).
 */
export async function submitRegistration(model: RegistrationModel): Promise<User> {
  const { user_details } = await http.post(paths.users.register, toRegistrationRequest(model), {
    schema: loginResponseSchema,
    silent: true,
  });
  const user = session.setUser(user_details);
  registrationStore.clear();
  return user;
}
