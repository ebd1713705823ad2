// Every user-facing text the specifications give, in one place, so the server, the worker
// and the web app say exactly the same thing. Section references: spec A = accounts,
// spec B = trading.

/** Spec A §5: register step 1. */
export const registerMessages = {
  accountType: 'Please select an account type.',
  firstName: 'Please enter your First Name.',
  lastName: 'Please enter your Last Name.',
  email: 'Please enter a valid Email Address.',
  phoneCountryCode: 'Please enter a valid phone country code.',
  phoneNumber: 'Please enter a valid phone number.',
  passwordRequired: 'Password is required.',
  confirmPasswordRequired: 'Confirm Password is required.',
  passwordMismatch: 'Password does not match.',
  passwordNonAlphanumeric: 'Passwords must have at least one non alphanumeric character.',
  passwordLowercase: "Passwords must have at least one lowercase ('a'-'z').",
  passwordUppercase: "Passwords must have at least one uppercase ('A'-'Z').",
} as const;

/** Spec A §5: individual details. The spec names the rules, not the texts; these follow its pattern. */
export const individualMessages = {
  accountPurpose: 'Please enter the account purpose.',
  dob: 'Please enter your date of birth.',
  dobRange: 'Date of birth must be between 1900-01-01 and 2005-12-31.',
  idCountry: 'Please enter your nationality.',
  idType: 'Please select an ID type.',
  idNumber: (idTypeLabel: string) => `Please enter your ${idTypeLabel} number.`,
  ssnFormat: 'SSN must be in the format XXX-XX-XXXX',
  residentialCountry: 'Please enter your residential country code.',
  residentialAddress: 'Please enter your residential address.',
  residentialCity: 'Please enter your residential city.',
  residentialState: 'Please enter your residential state.',
  residentialPostalCode: 'Please enter your residential postal code.',
} as const;

/** Spec A §5: business principal place of business. */
export const principalAddressMessages = {
  country: 'Please enter the principal place country.',
  state: 'Please enter the principal place state.',
  address: 'Please enter the principal place address.',
  city: 'Please enter the principal place city.',
  postalCode: 'Please enter the principal place postal code.',
} as const;

/** Spec A §5: business details. */
export const businessDetailsMessages = {
  accountPurpose: 'Please enter the account purpose.',
  entityName: 'Please enter the entity name.',
  incorporationCountry: 'Please enter the incorporation country.',
  incorporationState: 'Please enter the incorporation state.',
  incorporationDate: 'Please enter the incorporation date.',
  organizationType: 'Please enter the organization type.',
  businessType: 'Please enter the business type.',
  taxId: 'Please enter the tax ID.',
  registrationNumber: 'Please enter the registration number.',
  description: 'Please enter the description.',
  website: 'Please enter a valid website.',
  accreditedInvestor: 'Please specify if you are an accredited investor.',
  nonAgentIntermediary: 'Please specify if you are a non-agent intermediary.',
} as const;

/** Spec A §5: beneficial owners. */
export const beneficialOwnerMessages = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter a valid email.',
  dob: 'Please enter your date of birth.',
  nationality: 'Please enter your nationality.',
  residentialCountry: 'Please enter your residential country code.',
  residentialAddress: 'Please enter your residential address.',
  residentialCity: 'Please enter your residential city.',
  residentialState: 'Please enter your residential state.',
  residentialPostalCode: 'Please enter your residential postal code.',
  phoneNumber: 'Please enter a valid phone number.',
  idNumber: (idTypeLabel: string) => `Please enter your ${idTypeLabel} number.`,
  ssnFormat: 'SSN must be in the format XXX-XX-XXXX',
} as const;

/** Spec A §5 and §8: password recovery. */
export const passwordMessages = {
  invalidEmail: 'Invalid email address',
  weakPassword:
    'Please choose a stronger password. Password should contain a minimum of 12 characters with at least a letter, a symbol and a number.',
  passwordsDoNotMatch: 'Passwords do not match.',
  forgotFailed: 'An error occurred while requesting password reset. Please try again.',
  resetTokenInvalid: 'The password reset link is invalid or has expired. Please request a new one.',
  resetMissingParams: 'Invalid password reset link. Missing required parameters.',
  resetFailed: 'Failed to reset password. The link may have expired. Please try again.',
  resetEmailSentTitle: 'Password Reset Email Sent',
  invalidLinkTitle: 'Invalid or Expired Link',
  passwordChangedTitle: 'Password Changed!',
} as const;

/**
 * Our additions to spec A §5's password texts: registration now asks what the reset asks
 * (12 characters and a digit) and both refuse breached passwords. Worded like the spec's
 * register messages.
 */
export const passwordPolicyMessages = {
  tooShort: 'Passwords must be at least 12 characters.',
  digit: "Passwords must have at least one digit ('0'-'9').",
  breached: 'This password appears in lists of leaked passwords and is easy to guess. Please choose a different one.',
} as const;

/** Spec A §5 and §8: email and phone verification. */
export const verificationMessages = {
  codeRequired: 'A verification code is required to proceed.',
  codeIncorrect: 'The entered verification code is incorrect. Please try again.',
  resendFailed: 'Failed to resend verification code. Please try again.',
  resendSucceeded: 'Verification code resent successfully.',
} as const;

/** Spec A §8: accounts, payments and portfolio. */
export const accountMessages = {
  invalidRequest: 'Invalid request.',
  invalidLogin: 'Invalid email or password.',
  /**
   * Our addition to spec A §8's one login text: a login refused for too many attempts was never
   * checked, and "invalid" would send a person with the right password to reset it.
   */
  loginRateLimited: (retryAfterSeconds: number | undefined) => {
    if (retryAfterSeconds === undefined) return 'Too many login attempts. Please try again later.';
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return `Too many login attempts. Please try again in ${minutes <= 1 ? 'a minute' : `${minutes} minutes`}.`;
  },
  sessionExpired: 'Session expired. Please log in again.',
  loggedOutMobileNav: 'Please log in to access the navigation menu.',
  notFound: '404 NOT FOUND',
  depositAddressNotGenerated: 'The deposit address could not be generated.',
  depositAddressUnexpected: 'An unexpected error occurred while creating your address.',
  depositAddressNotRetrieved: 'Your address could not be retrieved at this time.',
  depositWarning: (name: string, code: string) =>
    `Only send ${name} (${code}) to this address. Sending any other currency may result in the loss of your deposit.`,
  withdrawUnexpected: 'An unexpected error occurred during withdrawal. Please try again.',
  withdrawAmountRequired: 'Amount is required.',
  withdrawAmountMinimum: 'Amount must be greater than 0.',
  withdrawTransferMethod: 'Please select a transfer method.',
  withdrawAddress: 'A valid recipient address is required.',
  feeRatesFailed: 'Failed to fetch fee rates.',
  feeRatesLoading: 'Loading fee data...',
  newsTitle: 'Market News',
  newsLoading: 'Loading news...',
  newsEmpty: 'No market news available at the moment. Please check back later.',
  achSuccess: 'ACH Onboarding completed successfully.',
  /** A 2xx answer that does not match its schema: §8's order has nothing in the body to show. */
  unexpectedResponse: 'The server sent an unexpected response. Please try again.',
} as const;

/** Spec A §8: text for an HTTP status when nothing better is in the answer. */
export const statusTexts: Readonly<Record<number, string>> = {
  0: 'Network connection failed',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Access forbidden',
  404: 'Resource not found',
  408: 'Request timeout',
  409: 'Conflict',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** Spec B §8: the live connection. */
export const connectionMessages = {
  userNotAuthenticated: 'User not authenticated',
  connectionFailed: (message: string) => `Connection failed: ${message}.`,
  authenticationFailed: (reason: string) => `Authentication failed: ${reason}.`,
  feedsFailed: (verb: 'join' | 'leave', feeds: readonly string[], message: string) =>
    `Failed to ${verb} feeds [${feeds.join(', ')}]: ${message}.`,
  restoreFailed: 'Failed to restore feed subscriptions.',
  connectionTimeout: 'Connection timeout',
  connectionNotAvailable: 'Connection not available',
  failedToConnect: 'Failed to connect.',
  readyTimeout: 'Connection ready timeout',
} as const;

/** Spec B §5's decimal-places message, for any decimal field ('Price', 'Amount', …). */
export const decimalPlacesMessage = (label: string, n: number) => `${label} must have up to ${n} decimal places.`;

/** Spec B §5 and §8: order entry. */
export const orderMessages = {
  priceDecimals: (n: number) => decimalPlacesMessage('Price', n),
  quantityRequired: 'Quantity is required.',
  priceRequired: 'Price is required.',
  amountRequired: 'Amount is required.',
  fillRequired: 'Please fill in the required fields.',
  insufficientBalance: "You don't have enough balance to place this order.",
  placeFailed: 'Placing order failed. Please try again.',
  submitted: 'Order submitted successfully.',
  quoteFailed: 'Could not get quote. Please try again.',
  refreshingQuote: 'Refreshing quote...',
  doesNotHold: (currency: string) => `The user does not hold ${currency}.`,
  pairsLoadFailed: 'Failed to load currency pairs.',
  // Our texts where the spec gives none (trailing stop, GTD expiry).
  trailRequired: 'Enter a trail amount or a trail percent.',
  expiresRequired: 'Choose when a GTD order expires.',
  expiresInPast: 'The expiry must be in the future.',
  initialStopPrice: 'Initial Stop Price',
  estBuy: 'Est. Buy',
  estSell: 'Est. Sell',
  estQuantity: 'Est. Quantity',
  estAmount: 'Est. Amount',
  trailAmountPlaceholder: 'Trail Amount',
  trailPercentPlaceholder: 'Trail %',
} as const;

/** Spec B §2: empty and loading texts of the trading screens. */
export const tradingTexts = {
  pairSearchPlaceholder: 'Search pair (e.g. BTC or USD)',
  noPairsMatching: 'No pairs found matching your criteria.',
  loadingMarketData: 'Loading market data...',
  noMarketData: 'No market data available.',
  noAsks: 'No Asks Available',
  noBids: 'No Bids Available',
  noTrades: 'No trades available',
  loading: 'Loading...',
  noOpenOrders: 'No open orders.',
  noClosedOrders: 'No closed orders.',
  noTradeHistory: 'No trade history available.',
  noTransactions: 'No transactions found.',
  eddHeading: 'Enhanced Due Diligence',
  eddIntro: 'Please answer the below questions to continue trading on our platform.',
  eddRequired: (label: string) => `Please enter ${label}.`,
  chartTitle: 'Price Chart',
} as const;

/** Spec B §8: select dropdown defaults. */
export const selectTexts = {
  notFound: 'No items found',
  typeToSearch: 'Type to search',
  addItem: 'Add item',
  loading: 'Loading...',
  clearAll: 'Clear all',
} as const;
