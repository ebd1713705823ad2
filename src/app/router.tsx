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
import DashboardPage from './screens/DashboardPage';
import LoadingPage from './screens/LoadingPage';
import LoginPage from './screens/LoginPage';
import NotFoundPage from './screens/NotFoundPage';
import RouteErrorPage from './screens/RouteErrorPage';
import UnauthorizedPage from './screens/UnauthorizedPage';

const ApprovedAddressesPage = lazy(() => import('./screens/security/ApprovedAddressesPage'));
const PortfolioPage = lazy(() => import('./screens/portfolio/PortfolioPage'));
const FeeOverviewPage = lazy(() => import('./screens/fees/FeeOverviewPage'));
const BankAccountPage = lazy(() => import('./screens/payments/BankAccountPage'));
const WireInstructionsPage = lazy(() => import('./screens/payments/WireInstructionsPage'));
const AchOnboardingPage = lazy(() => import('./screens/payments/AchOnboardingPage'));
const ExchangePage = lazy(() => import('./screens/exchange/ExchangePage'));
const TransactionHistoryPage = lazy(() => import('./screens/transactions/TransactionHistoryPage'));
const NewsPage = lazy(() => import('./screens/news/NewsPage'));
const EnhancedDueDiligencePage = lazy(() => import('./screens/edd/EnhancedDueDiligencePage'));
const OperatorConsolePage = lazy(() => import('./screens/operator/OperatorConsolePage'));

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
          member('enhanced-due-diligence', <EnhancedDueDiligencePage />),
          member('operator', <OperatorConsolePage />, ['operator']),
          member('exchange', <ExchangePage />),
          member('portfolio', <PortfolioPage />),
          member('my/transactions', <TransactionHistoryPage />),
          member('fee-rates', <FeeOverviewPage />),
          {
            path: 'payments',
            children: [
              { index: true, element: <Navigate to="bank-account" replace /> },
              member('bank-account', <BankAccountPage />),
              member('wire-instructions', <WireInstructionsPage />),
              member('ach-onboarding', <AchOnboardingPage />),
            ],
          },
          member('security/approved-addresses', <ApprovedAddressesPage />),
          member('market', <NewsPage />),
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
