import { paths } from '../../shared/api/paths';
import { withdrawFeeSchema } from '../../shared/api/transfers';
import { isDecimalString } from '../../shared/money/units';
import type { RestClient } from '../private/rest-client';

// Spec B §7: the trading area fetches the withdrawal fee of the selected pair's base currency,
// so the order entry can say what taking the bought coins out will cost. Spec B §8: a failed
// lookup leaves the fee undefined, with no message. An answer that arrives after the pair has
// changed belongs to the previous base and is dropped.
export class WithdrawalFee {
  private currency: string | null = null;
  private fee: string | undefined;
  private generation = 0;

  constructor(
    private readonly rest: RestClient,
    private readonly onChange: () => void,
  ) {}

  /** The fee of `currency` once known; undefined while it loads, after a failure, or for another currency. */
  of(currency: string): string | undefined {
    return this.currency === currency.toLowerCase() ? this.fee : undefined;
  }

  async load(currency: string): Promise<void> {
    const code = currency.toLowerCase();
    const generation = ++this.generation;
    this.set(code, undefined);
    const r = await this.rest.request(paths.transfers.withdrawFee(code), { schema: withdrawFeeSchema });
    if (generation !== this.generation) return;
    const fee = r.ok ? r.value.fee : null;
    this.set(code, fee !== null && isDecimalString(fee) ? fee : undefined);
  }

  clear(): void {
    this.generation++;
    this.set(null, undefined);
  }

  private set(currency: string | null, fee: string | undefined): void {
    if (currency === this.currency && fee === this.fee) return;
    this.currency = currency;
    this.fee = fee;
    this.onChange();
  }
}
