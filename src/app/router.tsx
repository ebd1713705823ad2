import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import AuthGuard from './guards/AuthGuard';
import RoleGuard from './guards/RoleGuard';
import AppLayout from './layout/AppLayout';
import {
  BeneficialOwnersPage,
  ForgotPasswordPage,
  PrincipalAddressPage,
  RegisterBusinessPage,
  RegisterIndividualPage,
  RegisterPage,
  RegistrationGuard,
  ResetPasswordPage,
  VerifyEmailPage,
  VerifyPhonePage,
} from './screens/account-screens';
import ComingSoonPage from './screens/ComingSoonPage';
import DashboardPage from './screens/DashboardPage';
import LoadingPage from './screens/LoadingPage';
import LoginPage from './screens/LoginPage';
import NotFoundPage from './screens/NotFoundPage';
import RouteErrorPage from './screens/RouteErrorPage';
import UnauthorizedPage from './screens/UnauthorizedPage';

const ApprovedAddressesPage = lazy(() => import('./screens/ApprovedAddressesPage'));
const ExchangePage = lazy(() => import('./screens/exchange/ExchangePage'));

const coming = (title: string, section: string) => <ComingSoonPage title={title} section={section} />;

/**
 * A logged-in screen. `roles`: the user needs at least one (spec A §6); which screens need
 * which roles is "not shown" in the spec, so none declares any yet.
 */
function member(path: string, element: ReactNode, roles?: readonly string[]): RouteObject {
  return roles?.length ? { element: <RoleGuard roles={roles} />, children: [{ path, element }] } : { path, element };
}

// Spec A §2 (and spec B's /enhanced-due-diligence and /exchange).
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'loading', element: <LoadingPage /> },
      { path: 'account/login', element: <LoginPage /> },
      { path: 'account/password/forgot-password', element: <ForgotPasswordPage /> },
      { path: 'account/password/reset-password', element: <ResetPasswordPage /> },
      { path: 'account/register', element: <RegisterPage /> },
      {
        element: <RegistrationGuard />,
        children: [
          { path: 'account/register/individual', element: <RegisterIndividualPage /> },
          { path: 'account/register/business', element: <RegisterBusinessPage /> },
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          member('dashboard', <DashboardPage />),
          member('business/principal-address', <PrincipalAddressPage />),
          member('business/beneficial-owners', <BeneficialOwnersPage />),
          // The codes are requested for the logged-in user (registration logs in).
          member('verify/email', <VerifyEmailPage />),
          member('verify/phone', <VerifyPhonePage />),
          member('enhanced-due-diligence', coming('Enhanced Due Diligence', 'spec B §2')),
          member('exchange', <ExchangePage />),
          member('portfolio', coming('Portfolio', 'spec A §2')),
          member('my/transactions', coming('Transaction History', 'spec B §2')),
          member('fee-rates', coming('Fee Overview', 'spec A §2')),
          {
            path: 'payments',
            children: [
              { index: true, element: <Navigate to="bank-account" replace /> },
              member('bank-account', coming('Bank Account', 'spec A §2')),
              member('wire-instructions', coming('Wire Instructions', 'spec A §2')),
              member('ach-onboarding', coming('ACH Onboarding', 'spec A §2')),
            ],
          },
          member('security/approved-addresses', <ApprovedAddressesPage />),
          member('market', coming('Market News', 'spec A §2')),
        ],
      },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
