import { m0001Accounts } from './0001_accounts';
import { m0002Outbox } from './0002_outbox';
import { m0003Markets } from './0003_markets';
import { m0100Exchange } from './0100_exchange';
import { m0101LeanOrderIndexes } from './0101_lean_order_indexes';
import { m0110VerificationAttempts } from './0110_verification_attempts';
import { m0120AccountKind } from './0120_account_kind';
import { m0130SealedIdNumbers } from './0130_sealed_id_numbers';
import { m0200MoneyMovements } from './0200_money_movements';
import { m0300TransactionFilterIndexes } from './0300_transaction_filter_indexes';
import { m0301LeanTransactionIndexes } from './0301_lean_transaction_indexes';
import { m0310EddOperator } from './0310_edd_operator';
import { m0410TransactionPendingTimeIndex } from './0410_transaction_pending_time_index';
import { m0420OneIndexPerTradeLine } from './0420_one_index_per_trade_line';
import type { VersionedMigration } from './types';

// The schema history, oldest first. To change the schema add a NEW file (next number) and
// append it here; never edit a released migration — databases in the field already ran it.
export const migrations: readonly VersionedMigration[] = [
  m0001Accounts,
  m0002Outbox,
  m0003Markets,
  m0100Exchange,
  m0101LeanOrderIndexes,
  m0110VerificationAttempts,
  m0120AccountKind,
  m0130SealedIdNumbers,
  m0200MoneyMovements,
  m0300TransactionFilterIndexes,
  m0301LeanTransactionIndexes,
  m0310EddOperator,
  m0410TransactionPendingTimeIndex,
  m0420OneIndexPerTradeLine,
];

export type { MigrationContext, VersionedMigration } from './types';
export { autoId, t } from './types';
