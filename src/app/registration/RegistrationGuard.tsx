import { Navigate, Outlet } from 'react-router-dom';
import { registrationStore } from './registration-store';

/** Spec A §5: the registration detail steps open only once step 1 has given an email. */
export default function RegistrationGuard() {
  return registrationStore.hasEmail() ? <Outlet /> : <Navigate to="/account/register" replace />;
}
