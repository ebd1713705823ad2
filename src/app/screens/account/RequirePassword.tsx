import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { registrationStore } from '../../registration/registration-store';
import { accountRoutes } from './account-routes';
import type { RegisterPageState } from './RegisterPage';

/**
 * The detail steps submit the registration, which needs the password from step 1. It is never
 * persisted, so after a reload it is gone: back to step 1 (answers kept) to type it again.
 */
export function RequirePassword({ children }: { children: ReactNode }) {
  if (!registrationStore.hasPassword()) {
    return <Navigate to={accountRoutes.register} replace state={{ reenterPassword: true } satisfies RegisterPageState} />;
  }
  return <>{children}</>;
}
