// The in-memory ledger: per user and currency a balance and an available amount in bigint 1e-8
// units (src/shared/money/units), plus the exchange's fee account. The single writer of the
// exchange mutates it while it applies a batch, and the batch is then written in one database
// transaction; on a failed commit the whole ledger is rebuilt from storage, so it needs no undo.
//
// Held funds are balance − available. Every change of a balance is also a journal line (the
// transaction rows of spec B §3, amounts signed), so for each user and currency the sum of the
// journal is the balance; holds move only `available` and leave no line.

export type JournalAction = 'Buy' | 'Sell' | 'Deposit' | 'Withdraw' | 'Credit' | 'Charge';

export interface JournalMeta {
  action: JournalAction;
  /** Trade price (decimal string) for Buy/Sell/Charge lines of a fill. */
  price?: string | null;
  /** Pair symbol for trade lines. */
  symbol?: string | null;
  /** What caused the line: 'order:12', 'trade:7', 'faucet', 'transfer:…'. */
  ref?: string | null;
  /**
   * The id of the pending line this line completes (a deposit or withdrawal announced earlier):
   * the row keeps its id and becomes done, so a transfer is one transaction from pending to done.
   */
  id?: number;
}

/**
 * A transaction row's state: pending lines announce a transfer and change no balance; failed
 * and rejected lines (a withdrawal an operator refused) record one that did not happen.
 */
export type JournalStatus = 'done' | 'pending' | 'failed' | 'rejected';

export interface JournalLine {
  id: number;
  userId: string;
  action: JournalAction;
  currency: string;
  /** Signed units: credits positive, debits negative. */
  amount: bigint;
  price: string | null;
  symbol: string | null;
  ref: string | null;
  status: JournalStatus;
  at: number;
}

export interface Account {
  balance: bigint;
  available: bigint;
}

export interface LedgerChanges {
  /** Accounts touched since the last drain, with their values now. */
  accounts: { userId: string; currency: string; balance: bigint; available: bigint }[];
  /** Fee account currencies touched since the last drain, with their balances now. */
  fees: { currency: string; balance: bigint }[];
  journal: JournalLine[];
}

/** A ledger operation that would break a rule (never thrown for ordinary rejections: callers check first). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

function positive(amount: bigint, what: string): void {
  if (amount < 0n) throw new LedgerError(`${what}: negative amount ${amount}`);
}

export class Ledger {
  private readonly accounts = new Map<string, Map<string, Account>>();
  private readonly feeAccount = new Map<string, bigint>();
  private readonly dirtyAccounts = new Map<string, { userId: string; currency: string; account: Account }>();
  private readonly dirtyFees = new Set<string>();
  private journal: JournalLine[] = [];

  /**
   * @param nextJournalId allocates transaction ids (the writer owns the sequence).
   * @param now the time stamped on journal lines.
   */
  constructor(
    private readonly nextJournalId: () => number,
    private readonly now: () => number,
  ) {}

  /* ---------- loading (no journal, no dirty marks) ---------- */

  load(userId: string, currency: string, balance: bigint, available: bigint): void {
    this.userAccounts(userId).set(currency, { balance, available });
  }

  loadFee(currency: string, balance: bigint): void {
    this.feeAccount.set(currency, balance);
  }

  /**
   * A journal line for a balance that was written before the ledger existed (the seed's demo
   * funds): the balance stays, the journal now explains it as an opening Deposit.
   */
  journalOpening(userId: string, currency: string, amount: bigint): void {
    this.line(userId, currency, amount, { action: 'Deposit', ref: 'opening balance' });
  }

  /** Forces an account to be written with the next batch (after a correction at load). */
  markDirty(userId: string, currency: string): void {
    this.touch(userId, currency, this.account(userId, currency));
  }

  /* ---------- reading ---------- */

  get(userId: string, currency: string): Account {
    const account = this.accounts.get(userId)?.get(currency);
    return account ? { balance: account.balance, available: account.available } : { balance: 0n, available: 0n };
  }

  available(userId: string, currency: string): bigint {
    return this.accounts.get(userId)?.get(currency)?.available ?? 0n;
  }

  fee(currency: string): bigint {
    return this.feeAccount.get(currency) ?? 0n;
  }

  /** Every account: [userId, currency, account]. */
  *entries(): IterableIterator<[string, string, Account]> {
    for (const [userId, byCurrency] of this.accounts) {
      for (const [currency, account] of byCurrency) yield [userId, currency, account];
    }
  }

  *feeEntries(): IterableIterator<[string, bigint]> {
    yield* this.feeAccount;
  }

  /* ---------- holds (available only) ---------- */

  /** Sets `amount` aside for an order; false (and nothing changed) when available is short. */
  hold(userId: string, currency: string, amount: bigint): boolean {
    positive(amount, 'hold');
    if (amount === 0n) return true;
    const account = this.account(userId, currency);
    if (account.available < amount) return false;
    account.available -= amount;
    this.touch(userId, currency, account);
    return true;
  }

  /** Gives held funds back to available. */
  release(userId: string, currency: string, amount: bigint): void {
    positive(amount, 'release');
    if (amount === 0n) return;
    const account = this.account(userId, currency);
    if (account.available + amount > account.balance) {
      throw new LedgerError(`release of ${amount} ${currency} exceeds what ${userId} holds`);
    }
    account.available += amount;
    this.touch(userId, currency, account);
  }

  /* ---------- balance moves (journalled) ---------- */

  /** Pays out of funds the caller held earlier (balance only; available was reduced by the hold). */
  spendHeld(userId: string, currency: string, amount: bigint, meta: JournalMeta): void {
    positive(amount, 'spendHeld');
    if (amount === 0n) return;
    const account = this.account(userId, currency);
    if (account.balance - account.available < amount) {
      throw new LedgerError(`spend of ${amount} ${currency} exceeds what ${userId} holds`);
    }
    account.balance -= amount;
    this.touch(userId, currency, account);
    this.line(userId, currency, -amount, meta);
  }

  /** Adds to balance and available. */
  credit(userId: string, currency: string, amount: bigint, meta: JournalMeta): void {
    positive(amount, 'credit');
    if (amount === 0n) return;
    const account = this.account(userId, currency);
    account.balance += amount;
    account.available += amount;
    this.touch(userId, currency, account);
    this.line(userId, currency, amount, meta);
  }

  /** Takes from available (and balance); false (and nothing changed) when available is short. */
  debit(userId: string, currency: string, amount: bigint, meta: JournalMeta): boolean {
    positive(amount, 'debit');
    if (amount === 0n) return true;
    const account = this.account(userId, currency);
    if (account.available < amount) return false;
    account.balance -= amount;
    account.available -= amount;
    this.touch(userId, currency, account);
    this.line(userId, currency, -amount, meta);
    return true;
  }

  /** Fees collected: they leave the users' side (Charge lines) and land here. */
  creditFee(currency: string, amount: bigint): void {
    positive(amount, 'creditFee');
    if (amount === 0n) return;
    this.feeAccount.set(currency, (this.feeAccount.get(currency) ?? 0n) + amount);
    this.dirtyFees.add(currency);
  }

  /* ---------- transfers in motion (journalled, no balance change) ---------- */

  /**
   * A pending line: a deposit or withdrawal the user sees as pending; balances do not move
   * (a withdrawal holds its funds separately). Returns the line's id, which the line that
   * completes it (credit/spendHeld with meta.id) or fails it (failLine) reuses.
   */
  pendingLine(userId: string, currency: string, amount: bigint, meta: JournalMeta): number {
    return this.line(userId, currency, amount, meta, 'pending');
  }

  /** Marks a pending line failed or rejected (the transfer did not happen); balances do not move. */
  failLine(
    userId: string,
    currency: string,
    amount: bigint,
    meta: JournalMeta & { id: number },
    status: Extract<JournalStatus, 'failed' | 'rejected'> = 'failed',
  ): void {
    this.line(userId, currency, amount, meta, status);
  }

  /* ---------- changes for the batch writer ---------- */

  hasChanges(): boolean {
    return this.dirtyAccounts.size > 0 || this.dirtyFees.size > 0 || this.journal.length > 0;
  }

  drainChanges(): LedgerChanges {
    const accounts = [...this.dirtyAccounts.values()].map(({ userId, currency, account }) => ({
      userId,
      currency,
      balance: account.balance,
      available: account.available,
    }));
    const fees = [...this.dirtyFees].map((currency) => ({ currency, balance: this.feeAccount.get(currency) ?? 0n }));
    const journal = this.journal;
    this.dirtyAccounts.clear();
    this.dirtyFees.clear();
    this.journal = [];
    return { accounts, fees, journal };
  }

  /* ---------- internals ---------- */

  private userAccounts(userId: string): Map<string, Account> {
    let byCurrency = this.accounts.get(userId);
    if (!byCurrency) {
      byCurrency = new Map();
      this.accounts.set(userId, byCurrency);
    }
    return byCurrency;
  }

  private account(userId: string, currency: string): Account {
    const byCurrency = this.userAccounts(userId);
    let account = byCurrency.get(currency);
    if (!account) {
      account = { balance: 0n, available: 0n };
      byCurrency.set(currency, account);
    }
    return account;
  }

  private touch(userId: string, currency: string, account: Account): void {
    const key = `${userId}\u0000${currency}`;
    if (!this.dirtyAccounts.has(key)) this.dirtyAccounts.set(key, { userId, currency, account });
  }

  private line(userId: string, currency: string, amount: bigint, meta: JournalMeta, status: JournalStatus = 'done'): number {
    const id = meta.id ?? this.nextJournalId();
    this.journal.push({
      id,
      userId,
      action: meta.action,
      currency,
      amount,
      price: meta.price ?? null,
      symbol: meta.symbol ?? null,
      ref: meta.ref ?? null,
      status,
      at: this.now(),
    });
    return id;
  }
}
