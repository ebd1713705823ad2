// Every REST path of spec A §7 and spec B §7. Paths the specs leave "not shown" are our
// choice and are listed as such in docs/API.md.

export const API_PREFIX = '/v1';

export const paths = {
  users: {
    me: '/v1/users/me',
    register: '/v1/users/register',
    principalAddress: '/v1/users/principal-address',
    beneficialOwners: '/v1/users/beneficial-owners',
  },
  auth: {
    login: '/v1/auth/login',
    logout: '/v1/auth/logout',
    refreshToken: '/v1/auth/refresh-token',
    forgotPassword: '/v1/auth/password/forgot-password',
    validateResetToken: '/v1/auth/password/validate-reset-token',
    resetPassword: '/v1/auth/password/reset-password',
    verificationRequest: (channel: 'email' | 'phone') => `/v1/auth/verification-code/${channel}/request`,
    verificationConfirm: (channel: 'email' | 'phone') => `/v1/auth/verification-code/${channel}/confirm`,
  },
  account: {
    balances: '/v1/account-management/balances',
    currencies: '/v1/account-management/currencies',
    currencyPairs: '/v1/account-management/currency-pairs',
    feeRates: '/v1/account-management/fee-rates',
    transactions: '/v1/account-management/transactions',
    /** Ours (beyond the spec): the filtered transaction list as a CSV file. */
    transactionsCsv: '/v1/account-management/transactions.csv',
    trades: '/v1/account-management/trades',
  },
  orders: {
    open: '/v1/orders',
    done: '/v1/orders/done',
    cancel: (id: string) => `/v1/orders/${encodeURIComponent(id)}`,
    /** Our choice for "POST create order (side buy or sell)": /v1/orders/buy and /v1/orders/sell. */
    create: (side: 'buy' | 'sell') => `/v1/orders/${side}`,
    requestForQuote: '/v1/orders/request-for-quote',
  },
  market: {
    candles: '/v1/market/candles',
  },
  transfers: {
    walletAddresses: '/v1/exchange/transfers/wallet-addresses',
    depositAddress: (currency: string) => `/v1/exchange/transfers/deposit/address/${encodeURIComponent(currency)}`,
    withdrawFee: (currency: string) => `/v1/exchange/transfers/withdraw-fee/${encodeURIComponent(currency)}`,
    withdraw: '/v1/exchange/transfers/withdraw',
  },
  payments: {
    bankAccount: '/v1/exchange/payments/bank-account',
    bankAccountVerify: '/v1/exchange/payments/bank-account/verify',
    wireInstructions: '/v1/exchange/payments/wire-instructions',
    achAgreementStatus: '/v1/exchange/payments/ach/agreement-status',
    achOnboarding: '/v1/exchange/payments/ach/onboarding',
    achDepositLimit: '/v1/exchange/payments/ach/deposit-limit',
    /** Our choice: an ACH pull from the onboarded bank account. */
    achDeposit: '/v1/exchange/payments/ach/deposit',
  },
  /** Our choice (docs/API.md): the withdrawal address book. */
  security: {
    approvedAddresses: '/v1/security/approved-addresses',
    approvedAddressSettings: '/v1/security/approved-addresses/settings',
    approvedAddress: (id: string) => `/v1/security/approved-addresses/${encodeURIComponent(id)}`,
    approvedAddressConfirm: (id: string) => `/v1/security/approved-addresses/${encodeURIComponent(id)}/confirm`,
  },
  news: '/v1/exchange/market-data/news',
  edd: {
    prompts: '/v1/enterprise/eddq/prompts',
    responses: '/v1/enterprise/eddq/responses',
    requests: '/v1/enterprise/eddq/requests',
    /** Our choice: an uploaded EDD document, for its owner and operators (as an attachment). */
    file: (id: string) => `/v1/enterprise/eddq/files/${encodeURIComponent(id)}`,
  },
  /** Our choice: the operator console's calls (role `operator` only), see docs/API.md. */
  operator: {
    eddRequests: '/v1/operator/edd/requests',
    eddRequest: (id: string) => `/v1/operator/edd/requests/${encodeURIComponent(id)}`,
    eddReview: (id: string) => `/v1/operator/edd/requests/${encodeURIComponent(id)}/review`,
    requireEdd: '/v1/operator/edd/require',
    withdrawals: '/v1/operator/withdrawals',
    withdrawalReview: (id: string) => `/v1/operator/withdrawals/${encodeURIComponent(id)}/review`,
    wireCredits: '/v1/operator/wire-credits',
    ledger: '/v1/operator/ledger',
    audit: '/v1/operator/audit',
  },
  dev: {
    outbox: '/dev/outbox',
    outboxJson: '/dev/outbox.json',
    faucet: '/dev/faucet',
    /** A simulated on-chain transfer to one of our deposit addresses. */
    chainDeposit: '/dev/chain/deposit',
    /** A simulated incoming wire carrying a user's reference id. */
    wireDeposit: '/dev/wire/deposit',
    /** Moves the clock of money in and out forward (cool-downs, confirmations, payouts). */
    clockAdvance: '/dev/clock/advance',
  },
  health: '/healthz',
  hub: '/hubs/exchange',
} as const;

/**
 * Spec A §6: calls exempt from cookie credentials and refresh handling. Matched on the path
 * (absolute URLs to another host are exempt too; the HTTP client checks that separately).
 */
export const credentialExemptPaths: readonly string[] = [
  paths.auth.login,
  paths.users.register,
  paths.auth.logout,
  paths.auth.forgotPassword,
  paths.auth.validateResetToken,
  paths.auth.resetPassword,
];
