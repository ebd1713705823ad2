import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of every table, as Kysely sees them. Conventions (portable across SQLite and
// PostgreSQL): booleans are integers 0/1, instants are bigint epoch milliseconds, money is TEXT
// holding a canonical decimal string (src/shared/money), structured data is JSON in TEXT.

/** 0 or 1. */
export type Bool01 = number;
/** Epoch milliseconds. */
export type Millis = number;

export interface UsersTable {
  id: string;
  /** As the user typed it (trimmed). */
  email: string;
  /** Lower-cased email; the unique index that makes emails case-insensitively unique. */
  email_normalized: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** '+1', '+44', … */
  phone_country_code: string;
  /** National number (digits only, without the country code). */
  phone_number: string;
  account_type: string;
  account_role: string;
  account_purpose: string | null;
  /** JSON array of role names. */
  roles: string;
  email_confirmed: Bool01;
  phone_confirmed: Bool01;
  has_submitted_principal_address: Bool01;
  has_submitted_beneficial_owners: Bool01;
  enhanced_due_diligence_required: Bool01;
  /** JSON of the individual details step, null for businesses or before it is given. */
  individual_details: string | null;
  /** JSON of the business details entity (entity_name, incorporation_*, …). */
  business_details: string | null;
  principal_place_country: string | null;
  principal_place_state: string | null;
  principal_place_address: string | null;
  principal_place_city: string | null;
  principal_place_postal_code: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** Who may sign in as this account (see AccountKind); 'customer' unless set at creation. */
  account_kind: ColumnType<AccountKind, AccountKind | undefined, AccountKind>;
}

/**
 * 'customer': a person who registered. 'system': an account the server trades as (the market
 * simulator); nobody signs in as it, resets it or verifies it. 'demo': the development demo
 * account, whose password is published; it signs in only where the dev setting is on.
 */
export type AccountKind = 'customer' | 'system' | 'demo';

export interface BeneficialOwnersTable {
  id: string;
  user_id: string;
  position: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  dob: string;
  phone_number: string;
  id_type: string;
  id_country_code: string;
  id_number: string;
  residential_country_code: string;
  residential_address: string;
  residential_city: string;
  residential_state: string | null;
  residential_postal_code: string;
  created_at: Millis;
}

/** A login session = one refresh-token family. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Millis;
  last_used_at: Millis;
  revoked_at: Millis | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: Millis;
  expires_at: Millis;
  /** When it was exchanged for its successor; null while it is the family's current token. */
  rotated_at: Millis | null;
}

export interface VerificationCodesTable {
  id: string;
  user_id: string;
  channel: string;
  destination: string;
  code_hash: string;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: Millis | null;
}

/** The wrong-code budget of one user and channel: it outlives the codes (docs/API.md). */
export interface VerificationAttemptsTable {
  user_id: string;
  channel: string;
  /** When the current window began: its first counted attempt. */
  window_started_at: Millis;
  /** Confirm attempts counted in the window. */
  attempts: number;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  channel: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  created_at: Millis;
  sent_at: Millis | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
}

export interface CurrenciesTable {
  symbol: string;
  name: string;
  is_fiat: Bool01;
  ascii_sign: string | null;
  trading_enabled: Bool01;
  decimals: number;
  sort_order: number;
}

export interface CurrencyPairsTable {
  symbol: string;
  base: string;
  quote: string;
  formatted_symbol: string;
  tick_size: string;
  lot_size: string;
  min_quantity: string;
  maker_fee: string;
  taker_fee: string;
  enabled: Bool01;
  sort_order: number;
}

export interface BalancesTable {
  user_id: string;
  currency: string;
  balance: string;
  available: string;
  updated_at: Millis;
}

export interface Database {
  users: UsersTable;
  beneficial_owners: BeneficialOwnersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  verification_attempts: VerificationAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
  outbox: OutboxTable;
  currencies: CurrenciesTable;
  currency_pairs: CurrencyPairsTable;
  balances: BalancesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type BeneficialOwnerRow = Selectable<BeneficialOwnersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type CurrencyRow = Selectable<CurrenciesTable>;
export type CurrencyPairRow = Selectable<CurrencyPairsTable>;
export type BalanceRow = Selectable<BalancesTable>;

/* ---------- exchange core (migration 0100_exchange) ---------- */

/** An order; `live` is 1 while it rests on a book or waits as a stop. */
export interface OrdersTable {
  id: number;
  user_id: string;
  pair: string;
  client_order_id: string | null;
  side: string;
  algorithm_id: number;
  time_in_force: string;
  destination: string;
  post_only: Bool01;
  price: string | null;
  /** Trigger price of a stop; a trailing stop's current trigger. */
  stop_price: string | null;
  stop_amount: string | null;
  stop_percent: string | null;
  max_slippage: string | null;
  quantity: string | null;
  amount: string | null;
  filled: string;
  filled_amount: string;
  fees: string;
  status: string;
  reason: string | null;
  hold_currency: string;
  /** Funds still held for this order (0 once it is final). */
  held: string;
  maker_rate: string;
  taker_rate: string;
  expires: Millis | null;
  quote_id: string | null;
  live: Bool01;
  /** JSON of the engine's order while live (restored into the book at start). */
  engine_state: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface TradesTable {
  id: number;
  pair: string;
  price: string;
  quantity: string;
  amount: string;
  taker_side: string;
  taker_order_id: number;
  maker_order_id: number;
  taker_user_id: string;
  maker_user_id: string;
  taker_fee: string;
  maker_fee: string;
  created_at: Millis;
}

export interface FillsTable {
  id: number;
  trade_id: number;
  order_id: number;
  user_id: string;
  pair: string;
  side: string;
  liquidity: string;
  price: string;
  quantity: string;
  amount: string;
  fee: string;
  net_amount: string;
  created_at: Millis;
}

export interface TransactionsTable {
  id: number;
  user_id: string;
  action: string;
  currency: string;
  /** Signed: credits positive, debits negative. */
  amount: string;
  price: string | null;
  symbol: string | null;
  status: string;
  ref: string | null;
  created_at: Millis;
}

export interface FeeBalancesTable {
  currency: string;
  balance: string;
  updated_at: Millis;
}

export interface CandlesTable {
  pair: string;
  interval: string;
  start: Millis;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface VolumeDaysTable {
  user_id: string;
  day: Millis;
  usd_volume: string;
}

// Declaration merging: the exchange tables join the Database interface above.
export interface Database {
  orders: OrdersTable;
  trades: TradesTable;
  fills: FillsTable;
  transactions: TransactionsTable;
  fee_balances: FeeBalancesTable;
  candles: CandlesTable;
  volume_days: VolumeDaysTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type TradeRow = Selectable<TradesTable>;
export type FillRow = Selectable<FillsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type FeeBalanceRow = Selectable<FeeBalancesTable>;
export type CandleRow = Selectable<CandlesTable>;
export type VolumeDayRow = Selectable<VolumeDaysTable>;

/* ---------- money in and out (migration 0200) ---------- */

export interface DepositAddressesTable {
  address: string;
  user_id: string;
  currency: string;
  /** bitcoin, ethereum, solana: indices are counted per chain. */
  chain: string;
  idx: number;
  path: string;
  /** BIP32 fingerprint of the wallet seed the address came from. */
  fingerprint: string;
  created_at: Millis;
}

export interface TransfersTable {
  /** Also the ledger ref of its lines: `transfer:${id}`. */
  id: string;
  user_id: string;
  kind: 'deposit' | 'withdrawal';
  /** chain, wire, ach. */
  method: string;
  currency: string;
  amount: string;
  fee: string;
  /** pending, done, failed. */
  status: string;
  address: string | null;
  memo: string | null;
  bank_account_id: string | null;
  /** The chain transaction id, or another outside id that must be counted once. */
  external_id: string | null;
  confirmations: number;
  required_confirmations: number;
  /** When a time-settled transfer (ACH) completes. */
  due_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ApprovedAddressesTable {
  id: string;
  user_id: string;
  label: string;
  currency: string;
  address: string;
  /** Peppered hash of the mailed code; null once confirmed. */
  code_hash: string | null;
  code_expires_at: Millis | null;
  code_attempts: number;
  confirmed_at: Millis | null;
  created_at: Millis;
}

export interface WithdrawalSettingsTable {
  user_id: string;
  only_approved: number;
  /** When a request to turn the restriction off takes effect; null when none is waiting. */
  lifts_at: Millis | null;
  updated_at: Millis;
}

export interface BankAccountsTable {
  id: string;
  display_id: string;
  user_id: string;
  currency: string;
  type: string;
  bank_account_type: string;
  is_international: number;
  /** Sealed text (lib/sealed-text.ts), context `bank_accounts.account_number:${id}`. */
  account_number: string;
  account_last4: string;
  routing_number: string | null;
  wire_routing_number: string | null;
  swift_number: string | null;
  enable_wires: number;
  first_name: string;
  last_name: string;
  name: string | null;
  bank_name: string | null;
  wire_instructions: string | null;
  /** unverified, locked, active. */
  status: string;
  micro1: string;
  micro2: string;
  verify_attempts: number;
  created_at: Millis;
}

export interface AchAgreementsTable {
  user_id: string;
  bank_account_id: string;
  completed_at: Millis;
}

export interface WireReferencesTable {
  user_id: string;
  reference_id: string;
}

export interface Database {
  deposit_addresses: DepositAddressesTable;
  transfers: TransfersTable;
  approved_addresses: ApprovedAddressesTable;
  withdrawal_settings: WithdrawalSettingsTable;
  bank_accounts: BankAccountsTable;
  ach_agreements: AchAgreementsTable;
  wire_references: WireReferencesTable;
}

/* ---------- due diligence and operator console (migration 0310_edd_operator) ---------- */

/** One submitted EDD questionnaire; status 'Submitted' until an operator approves or rejects it. */
export interface EddRequestsTable {
  id: string;
  user_id: string;
  /** Which prompt set was answered: 'individual-v1', 'corporation-v1'. */
  required_form: string;
  status: string;
  /** JSON list of { id, response, optional_free_form?, prompt_type? }. */
  responses: string;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Millis | null;
  created_at: Millis;
}

/** An uploaded EDD document; the bytes live in DATA_DIR/edd-files under `stored_name`. */
export interface EddFilesTable {
  id: string;
  request_id: string;
  user_id: string;
  stored_name: string;
  original_name: string;
  doc_type: string;
  content_type: string;
  size: number;
  created_at: Millis;
}

/** Append-only: the database refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string;
  action: string;
  subject: string | null;
  detail: string;
  created_at: Millis;
}

export interface WithdrawalReviewsTable {
  id: string;
  user_id: string;
  currency: string;
  amount: string;
  destination: string;
  /** 'pending', 'approved', 'rejected'. */
  status: string;
  note: string | null;
  reviewed_by: string | null;
  reviewed_at: Millis | null;
  created_at: Millis;
}

/** A wire deposit credited by its reference; the primary key makes each reference count once. */
export interface WireCreditsTable {
  reference: string;
  user_id: string;
  currency: string;
  amount: string;
  credited_by: string;
  created_at: Millis;
}

export interface Database {
  edd_requests: EddRequestsTable;
  edd_files: EddFilesTable;
  audit_log: AuditLogTable;
  withdrawal_reviews: WithdrawalReviewsTable;
  wire_credits: WireCreditsTable;
}
