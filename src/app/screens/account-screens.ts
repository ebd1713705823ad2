import { lazy } from 'react';

// The account screens and the registration guard come from the forms work
// (src/app/screens/account/, src/app/registration/); each file has a default export.
// Loaded lazily so the shell does not carry the forms' weight on first paint.

export const RegisterPage = lazy(() => import('./account/RegisterPage'));
export const RegisterIndividualPage = lazy(() => import('./account/RegisterIndividualPage'));
export const RegisterBusinessPage = lazy(() => import('./account/RegisterBusinessPage'));
export const PrincipalAddressPage = lazy(() => import('./account/PrincipalAddressPage'));
export const BeneficialOwnersPage = lazy(() => import('./account/BeneficialOwnersPage'));
export const ForgotPasswordPage = lazy(() => import('./account/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('./account/ResetPasswordPage'));
export const VerifyEmailPage = lazy(() => import('./account/VerifyEmailPage'));
export const VerifyPhonePage = lazy(() => import('./account/VerifyPhonePage'));
export const RegistrationGuard = lazy(() => import('../registration/RegistrationGuard'));
