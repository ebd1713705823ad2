// The routes of spec A §2 these screens link or navigate to.
export const accountRoutes = {
  home: '/',
  login: '/account/login',
  forgotPassword: '/account/password/forgot-password',
  register: '/account/register',
  registerIndividual: '/account/register/individual',
  registerBusiness: '/account/register/business',
  principalAddress: '/business/principal-address',
  beneficialOwners: '/business/beneficial-owners',
  verifyEmail: '/verify/email',
  verifyPhone: '/verify/phone',
} as const;
