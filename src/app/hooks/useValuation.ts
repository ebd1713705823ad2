import type { PortfolioValuation } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** USD values of the balances, priced in the worker by the live tickers. */
export function useValuation(): PortfolioValuation {
  return useEngineSlice('valuation');
}
