import type { OrderBookView } from '../../worker/public';
import { useEngineSelector } from './useEngineSelector';

export interface BookMid {
  readonly mid: OrderBookView['mid'];
  readonly tick: OrderBookView['tick'];
}

/** The book's mid and tick only, for the pair header: a book frame that keeps them re-renders nothing. */
export function useBookMid(): BookMid {
  const mid = useEngineSelector((s) => s.book.mid);
  const tick = useEngineSelector((s) => s.book.tick);
  return { mid, tick };
}
