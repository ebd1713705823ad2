import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import AuthGuard from './guards/AuthGuard';
import RoleGuard from './guards/RoleGuard';
import type { RouteTitle } from './title/route-title';
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

/** A screen, and the name its tab shows. */
function page(path: string, title: RouteTitle, element: ReactNode): RouteObject {
  return { path, element, handle: title };
}

/**
 * A logged-in screen. `roles`: the user needs at least one (spec A §6); which screens need
 * which roles is "not shown" in the spec, so none declares any yet.
 */
function member(path: string, title: RouteTitle, element: ReactNode, roles?: readonly string[]): RouteObject {
  const route = page(path, title, element);
  return roles?.length ? { element: <RoleGuard roles={roles} />, children: [route] } : route;
}

// Spec A §2 (and spec B's /enhanced-due-diligence and /exchange).
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A screen that fails to load or throws keeps the header around its error.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'loading', element: <LoadingPage /> },
          page('account/login', { title: 'Log in' }, <LoginPage />),
          page('account/password/forgot-password', { title: 'Forgot password' }, <ForgotPasswordPage />),
          page('account/password/reset-password', { title: 'Reset password' }, <ResetPasswordPage />),
          page('account/register', { title: 'Create your account' }, <RegisterPage />),
          {
            element: <RegistrationGuard />,
            children: [
              page('account/register/individual', { title: 'Individual details' }, <RegisterIndividualPage />),
              page('account/register/business', { title: 'Business registration' }, <RegisterBusinessPage />),
            ],
          },
          {
            element: <AuthGuard />,
            children: [
              member('dashboard', { title: 'Dashboard' }, <DashboardPage />),
              member('business/principal-address', { title: 'Principal Place of Business' }, <PrincipalAddressPage />),
              member('business/beneficial-owners', { title: 'Beneficial owners' }, <BeneficialOwnersPage />),
              // The codes are requested for the logged-in user (registration logs in).
              member('verify/email', { title: 'Verify your email' }, <VerifyEmailPage />),
              member('verify/phone', { title: 'Verify your phone number' }, <VerifyPhonePage />),
              member('enhanced-due-diligence', { title: 'Enhanced Due Diligence' }, <EnhancedDueDiligencePage />),
              member('operator', { title: 'Operator Console' }, <OperatorConsolePage />, ['operator']),
              member('exchange', { ownTitle: true }, <ExchangePage />),
              member('portfolio', { title: 'Portfolio' }, <PortfolioPage />),
              member('my/transactions', { title: 'Transaction History' }, <TransactionHistoryPage />),
              member('fee-rates', { title: 'Fee Overview' }, <FeeOverviewPage />),
              {
                path: 'payments',
                children: [
                  { index: true, element: <Navigate to="bank-account" replace /> },
                  member('bank-account', { title: 'Bank Account' }, <BankAccountPage />),
                  member('wire-instructions', { title: 'Wire Instructions' }, <WireInstructionsPage />),
                  member('ach-onboarding', { title: 'ACH Onboarding' }, <AchOnboardingPage />),
                ],
              },
              member('security/approved-addresses', { title: 'Approved Addresses' }, <ApprovedAddressesPage />),
              member('market', { title: 'Market News' }, <NewsPage />),
            ],
          },
          page('unauthorized', { title: 'Unauthorized' }, <UnauthorizedPage />),
          page('*', { title: 'Page not found' }, <NotFoundPage />),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
