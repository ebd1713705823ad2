import { z } from 'zod';
import { isDecimalString, toUnits } from '../../shared/money/units';
import type { FeeTier } from '../exchange/fee-schedule';
import { feeTiers as defaultFeeTiers } from '../exchange/fee-schedule';

// The settings of money in and out (README "Configuration"): withdrawal fees, how deposits and
// payouts settle, the exchange's receiving bank, the ACH limit and the fee tiers the matching
// engine charges. Parsed from the environment by loadConfig.

export interface WireBank {
  beneficiaryName: string;
  beneficiaryAddress: string;
  bankName: string;
  bankAddress: string;
  swift: string;
  routingNumber: string;
  accountNumber: string;
}

export interface MoneyConfig {
  /** Withdrawal fee per currency (decimal strings); currencies not named pay nothing. */
  withdrawFees: Readonly<Record<string, string>>;
  /** Confirmations a chain deposit needs before it is credited, per currency (default `default`). */
  confirmations: Readonly<Record<string, number>>;
  /** How often the simulated chain makes a block (development). */
  chainBlockMs: number;
  /** How long the development payout processor takes to send a withdrawal. */
  payoutDelayMs: number;
  /** How long an ACH deposit stays pending before it settles. */
  achSettlementMs: number;
  /** USD an account may pull by ACH in any 7 days (decimal string). */
  achWeeklyLimit: string;
  /** How often pending transfers are looked at. */
  transferPollMs: number;
  wireBank: WireBank;
  /** Ascending by volume; the first starts at 0. */
  feeTiers: readonly FeeTier[];
}

export const defaultWithdrawFees: Readonly<Record<string, string>> = {
  btc: '0.0005',
  eth: '0.005',
  usdt: '5',
  usdc: '5',
  pax: '5',
  sol: '0.01',
  usd: '25',
};

const decimalText = (v: string) => isDecimalString(v) && !v.startsWith('-');

/** `btc=0.0005,eth=0.005`: currency=decimal pairs. */
const currencyDecimals = z.string().transform((text, ctx) => {
  const out: Record<string, string> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [currency, value] = part.split('=').map((s) => s?.trim() ?? '');
    if (!currency || !/^[a-z0-9]{2,10}$/i.test(currency) || !value || !decimalText(value)) {
      ctx.addIssue({ code: 'custom', message: `"${part}" must be currency=decimal, e.g. btc=0.0005` });
      return z.NEVER;
    }
    out[currency.toLowerCase()] = value;
  }
  return out;
});

/** `default=3,btc=2`: currency=whole number pairs. */
const currencyCounts = z.string().transform((text, ctx) => {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [currency, value] = part.split('=').map((s) => s?.trim() ?? '');
    if (!currency || !value || !/^\d{1,4}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `"${part}" must be currency=count, e.g. btc=2` });
      return z.NEVER;
    }
    out[currency.toLowerCase()] = Number(value);
  }
  return out;
});

/** `0:0.001/0.002/0.0025;50000:0.0008/0.0018/0.0022`: minimum USD volume:maker/taker/smart taker. */
const tierTable = z.string().transform((text, ctx): FeeTier[] => {
  const tiers: FeeTier[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+(?:\.\d+)?):(\d*\.?\d+)\/(\d*\.?\d+)\/(\d*\.?\d+)$/.exec(part);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `"${part}" must be volume:maker/taker/smartTaker, e.g. 0:0.001/0.002/0.0025` });
      return z.NEVER;
    }
    tiers.push({ minVolume: toUnits(m[1]!), maker: toUnits(m[2]!), taker: toUnits(m[3]!), smartTaker: toUnits(m[4]!) });
  }
  const ascending = tiers.every((t, i) => i === 0 || t.minVolume > tiers[i - 1]!.minVolume);
  if (tiers.length === 0 || tiers[0]!.minVolume !== 0n || !ascending) {
    ctx.addIssue({ code: 'custom', message: 'tiers must start at volume 0 and ascend' });
    return z.NEVER;
  }
  return tiers;
});

const ms = z.coerce
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 3600 * 1000);

export const moneyEnvSchema = z.object({
  WITHDRAW_FEES: currencyDecimals.optional(),
  DEPOSIT_CONFIRMATIONS: currencyCounts.optional(),
  CHAIN_BLOCK_MS: ms.optional(),
  PAYOUT_DELAY_MS: ms.optional(),
  ACH_SETTLEMENT_MS: ms.optional(),
  ACH_WEEKLY_LIMIT: z.string().refine(decimalText, 'must be a decimal amount of USD').optional(),
  FEE_TIERS: tierTable.optional(),
  WIRE_BENEFICIARY_NAME: z.string().min(1).optional(),
  WIRE_BENEFICIARY_ADDRESS: z.string().min(1).optional(),
  WIRE_BANK_NAME: z.string().min(1).optional(),
  WIRE_BANK_ADDRESS: z.string().min(1).optional(),
  WIRE_BANK_SWIFT: z.string().min(1).optional(),
  WIRE_BANK_ROUTING_NUMBER: z.string().min(1).optional(),
  WIRE_BANK_ACCOUNT_NUMBER: z.string().min(1).optional(),
});

/** Development settles in seconds; production waits as a real chain and ACH would. */
export function moneyConfig(e: z.output<typeof moneyEnvSchema>, production: boolean): MoneyConfig {
  return {
    withdrawFees: { ...defaultWithdrawFees, ...e.WITHDRAW_FEES },
    confirmations: { default: production ? 6 : 3, ...e.DEPOSIT_CONFIRMATIONS },
    chainBlockMs: e.CHAIN_BLOCK_MS ?? 1000,
    payoutDelayMs: e.PAYOUT_DELAY_MS ?? 3000,
    achSettlementMs: e.ACH_SETTLEMENT_MS ?? (production ? 3 * 24 * 3600 * 1000 : 5000),
    achWeeklyLimit: e.ACH_WEEKLY_LIMIT ?? '25000',
    transferPollMs: 500,
    wireBank: {
      beneficiaryName: e.WIRE_BENEFICIARY_NAME ?? 'Ox Exchange LLC',
      beneficiaryAddress: e.WIRE_BENEFICIARY_ADDRESS ?? '100 Market Street, San Francisco, CA 94105',
      bankName: e.WIRE_BANK_NAME ?? 'First Harbor Bank',
      bankAddress: e.WIRE_BANK_ADDRESS ?? '1 Harbor Plaza, New York, NY 10004',
      swift: e.WIRE_BANK_SWIFT ?? 'FHBKUS33',
      routingNumber: e.WIRE_BANK_ROUTING_NUMBER ?? '021000021',
      accountNumber: e.WIRE_BANK_ACCOUNT_NUMBER ?? '483920175',
    },
    feeTiers: e.FEE_TIERS ?? defaultFeeTiers,
  };
}

export function requiredConfirmations(config: MoneyConfig, currency: string): number {
  return config.confirmations[currency] ?? config.confirmations.default ?? 3;
}

export function withdrawFee(config: MoneyConfig, currency: string): string {
  return config.withdrawFees[currency] ?? '0';
}
