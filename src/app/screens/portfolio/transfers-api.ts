import { z } from 'zod';
import { currencyListSchema, type Currency } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import {
  depositAddressSchema,
  walletAddressesSchema,
  withdrawFeeSchema,
  withdrawResponseSchema,
  type WithdrawRequest,
  type WithdrawResponse,
} from '../../../shared/api/transfers';
import { http } from '../../http/client';

// Spec A §7 transfer calls as the portfolio screens use them.

/** Tradable currencies (trading_enabled 1), the rows of the portfolio (spec A §3). */
export async function fetchTradableCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  const list = await http.get(paths.account.currencies, { schema: currencyListSchema, ...(signal ? { signal } : {}) });
  return list.filter((c) => c.trading_enabled);
}

export async function fetchWalletAddresses(): Promise<z.infer<typeof walletAddressesSchema>> {
  return http.get(paths.transfers.walletAddresses, { schema: walletAddressesSchema, silent: true });
}

export async function createDepositAddress(currency: string): Promise<string> {
  const answer = await http.post(paths.transfers.depositAddress(currency), undefined, { schema: depositAddressSchema, silent: true });
  return answer.address;
}

export async function fetchWithdrawFee(currency: string): Promise<string | null> {
  return (await http.get(paths.transfers.withdrawFee(currency), { schema: withdrawFeeSchema })).fee;
}

export async function submitWithdraw(request: WithdrawRequest): Promise<WithdrawResponse> {
  return http.post(paths.transfers.withdraw, request, { schema: withdrawResponseSchema, silent: true });
}
