import type { OrderRecord } from './order-record';

/**
 * The live orders (resting or waiting as stops) by id, counting them per user as they come
 * and go, so the open-order cap is one map lookup on the order path instead of a scan.
 */
export class LiveOrders extends Map<number, OrderRecord> {
  readonly #perUser = new Map<string, number>();

  override set(id: number, record: OrderRecord): this {
    const previous = super.get(id);
    if (previous !== record) {
      if (previous) this.#uncount(previous.userId);
      this.#perUser.set(record.userId, (this.#perUser.get(record.userId) ?? 0) + 1);
    }
    return super.set(id, record);
  }

  override delete(id: number): boolean {
    const record = super.get(id);
    if (!record) return false;
    this.#uncount(record.userId);
    return super.delete(id);
  }

  override clear(): void {
    this.#perUser.clear();
    super.clear();
  }

  /** How many live orders `userId` has. */
  countOf(userId: string): number {
    return this.#perUser.get(userId) ?? 0;
  }

  #uncount(userId: string): void {
    const n = (this.#perUser.get(userId) ?? 0) - 1;
    if (n > 0) this.#perUser.set(userId, n);
    else this.#perUser.delete(userId);
  }
}
