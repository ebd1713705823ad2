// Business constants and limits of spec A §9 and spec B §9.

export const PRODUCT_NAME = 'Ox Exchange';
/** Shown on the verification screens' support line. */
export const SUPPORT_EMAIL = 'support@ox.exchange';

/** Spec A §9: layout. */
export const layout = {
  desktopBreakpointPx: 992,
  mobileMenuWidthPx: 320,
} as const;

/** Spec A §9: toast delays by kind; 3000 ms when none is given. */
export const toastDelays = {
  success: 3000,
  error: 5000,
  info: 4000,
  warning: 4000,
  default: 3000,
} as const;

export const accountLimits = {
  defaultPhoneCountryCode: '+1',
  defaultCountry: 'US',
  resendCodeDelayMs: 60_000,
  resetLinkLifetimeMs: 24 * 60 * 60 * 1000,
  copyFeedbackMs: 2000,
  resetPasswordMinLength: 12,
  withdrawMinimum: '0.0001',
  dobMin: '1900-01-01',
  dobMax: '2005-12-31',
  verifyAmountMin: '0.01',
  verifyAmountMax: '1',
  verifyAmountStep: '0.01',
  portfolioRowHeightPx: 68,
  portfolioSkeletonRows: 10,
  qrWidthPx: 200,
  qrLevel: 'M',
  newsPageSize: 6,
  newsMaxPagePills: 5,
  newsCardStyles: 6,
  beneficialOwnerThresholdPercent: 25,
  accreditedInvestorAssetsUsd: 5_000_000,
  feeVolumeDecimals: 2,
  feeRateDecimals: 3,
} as const;

/** Money in and out (server rules beyond spec A; docs/API.md). */
export const transferLimits = {
  /** An approved address can receive withdrawals this long after it was confirmed. */
  approvedAddressCooldownMs: 24 * 60 * 60 * 1000,
  /** Wrong bank-account verification tries before verification locks. */
  bankVerifyMaxAttempts: 3,
  /** Each of the two micro-deposits sent to a new bank account. */
  microDepositMin: '0.01',
  microDepositMax: '0.99',
} as const;

/** Verification codes and reset tokens (server rules the issue adds to spec A). */
export const verificationLimits = {
  codeDigits: 6,
  codeLifetimeMs: 10 * 60 * 1000,
  codeMaxAttempts: 5,
  /** The attempts are per user and channel in this window, whatever codes were sent (docs/API.md). */
  codeAttemptWindowMs: 15 * 60 * 1000,
} as const;

/** Spec B §9: the live connection. */
export const connectionTiming = {
  reconnectBaseMs: 2000,
  reconnectMaxMs: 30_000,
  startTimeoutMs: 30_000,
  hubCallTimeoutMs: 10_000,
  healthCheckTimeoutMs: 5000,
  quickHealthCheckTimeoutMs: 2000,
  sessionCheckTimeoutMs: 5000,
  tokenRefreshTimeoutMs: 10_000,
  cleanupTimeoutMs: 5000,
  readyWaitMs: 15_000,
  connectAfterAuthMs: 500,
  disconnectDelayMs: 100,
  authErrorReconnectMs: 1000,
  serverTimeoutMs: 30_000,
  keepAliveMs: 15_000,
  longPollTimeoutMs: 100_000,
  negotiateRedirectLimit: 100,
} as const;

/** Spec B §9: feed joins. */
export const feedTiming = {
  joinRetryDelaysMs: [1000, 2000, 4000] as readonly number[],
  joinTimeoutMs: 15_000,
  pairChangeDebounceMs: 300,
  regularJoinDelayMs: 300,
  joinAfterSwitchMs: 200,
} as const;

/** Spec B §9: trading. */
export const tradingLimits = {
  orderBookDepth: 15,
  percentShortcuts: [10, 25, 50, 75, 100] as readonly number[],
  priceShortcutPercent: 1,
  quoteDebounceMs: 300,
  quoteRefreshMs: 5000,
  amountDecimals: 8,
  priceDecimals: 2,
  decimalLimit: 8,
  defaultBase: 'BTC',
  defaultQuote: 'USD',
  clientOrderIdMin: 100_000,
  clientOrderIdMax: 1_000_000,
  ordersPageSize: 5,
  recentTradesKept: 25,
  flashMs: 600,
  selectPanelMaxHeightPx: 240,
  searchKeyBufferMs: 200,
  errorListKept: 5,
} as const;

/** Spec B §9: volume abbreviations and USD equivalents. */
export const volumeRules = {
  abbreviations: [
    { threshold: 1e9, suffix: 'B' },
    { threshold: 1e6, suffix: 'M' },
    { threshold: 1e3, suffix: 'K' },
  ] as const,
  stablecoins: ['usdt', 'usdc', 'busd', 'usdp', 'tusd', 'pax', 'dai'] as readonly string[],
  aliases: { xbt: 'btc' } as Readonly<Record<string, string>>,
} as const;

/** Spec B §9: transaction history. */
export const transactionLimits = {
  rowHeightPx: 48,
  listHeightPx: 700,
  filterDebounceMs: 400,
  skeletonRows: 5,
  types: ['buy', 'sell', 'deposit', 'withdraw', 'credit', 'charge'] as const,
  currencyFilter: ['ALL', 'USD', 'BTC', 'USDT', 'USDC', 'PAX'] as const,
} as const;

/**
 * Spec B §2 and §9: chart. The card draws its own candles at this height; the exchange and
 * pair are the third-party script's defaults, kept for a back end that embeds one.
 */
export const chartDefaults = {
  exchange: 'BINANCE',
  pair: 'BTCUSDT',
  heightPx: 500,
  intervals: ['1d', '1w'] as const,
} as const;

/** Local storage keys the specs name. */
export const storageKeys = {
  intentionallyLeftFeeds: 'signalr_intentionally_left_feeds',
  baseCurrency: 'exchange_base_currency',
  quoteCurrency: 'exchange_quote_currency',
  user: 'ox_user',
  registration: 'ox_registration',
} as const;

/** Header every cookie-authenticated call carries (spec A §7). */
export const AUTH_METHOD_HEADER = 'X-Auth-Method';
export const AUTH_METHOD_COOKIE = 'cookie';
