import type * as Comlink from 'comlink';
import { vi } from 'vitest';
import type { EngineApi, EngineSnapshot } from '../../../../worker/public';
import type { EngineClient } from '../../../engine-client';
import { snapshot as fakeSnapshot } from './fake-snapshot';

/**
 * An EngineClient over a settable snapshot (for EngineClientContext), with spies for the
 * commands the exchange screen sends. No worker.
 */
export function fakeEngine(initial: EngineSnapshot = fakeSnapshot()) {
  let current = initial;
  const listeners = new Set<() => void>();
  const commands = {
    selectPair: vi.fn<EngineApi['selectPair']>(),
    setPairSearch: vi.fn<EngineApi['setPairSearch']>(),
    setPairQuoteFilter: vi.fn<EngineApi['setPairQuoteFilter']>(),
    cyclePairSort: vi.fn<EngineApi['cyclePairSort']>(),
    retry: vi.fn<EngineApi['retry']>(),
    dismissError: vi.fn<EngineApi['dismissError']>(),
    showChart: vi.fn<EngineApi['showChart']>(),
    cancelOrder: vi.fn<EngineApi['cancelOrder']>(() => Promise.resolve({ ok: true, value: undefined })),
    setOrderSide: vi.fn<EngineApi['setOrderSide']>(),
    setOrderType: vi.fn<EngineApi['setOrderType']>(),
    editOrderField: vi.fn<EngineApi['editOrderField']>(),
    setOrderPriceFocus: vi.fn<EngineApi['setOrderPriceFocus']>(),
    applyPriceShortcut: vi.fn<EngineApi['applyPriceShortcut']>(),
    pickBookPrice: vi.fn<EngineApi['pickBookPrice']>(),
    applyOrderPercent: vi.fn<EngineApi['applyOrderPercent']>(),
    setTrailUnit: vi.fn<EngineApi['setTrailUnit']>(),
    submitOrder: vi.fn<EngineApi['submitOrder']>(async () => ({
      ok: false,
      code: 'PLACE_FAILED',
      message: 'Placing order failed. Please try again.',
      fieldErrors: {},
    })),
  };
  const client: EngineClient = {
    store: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => current,
    },
    api: commands as unknown as Comlink.Remote<EngineApi>,
    ready: Promise.resolve(),
    dispose: () => {},
  };
  return {
    client,
    commands,
    /** Publishes a new snapshot, as a frame from the worker would. */
    publish(next: EngineSnapshot) {
      current = next;
      for (const l of [...listeners]) l();
    },
  };
}
