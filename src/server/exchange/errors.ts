import { orderMessages } from '../../shared/messages';

// The exchange core's entries of the one error catalogue (merged into src/server/errors/
// catalogue.ts). Kept here so the trading rules and their sentences live together; this file
// must not import from ../errors (the catalogue imports it).
//
// Statuses: 400 the request itself breaks a rule (validation_failed, naming fields);
// 404 no such thing for this user; 409 the thing is in a state that forbids it; 422 a
// well-formed order the market or the ledger cannot take now (or the user's open-order cap);
// 429 the user's order, cancel or quote rate; 503 the writer is unavailable.

export const exchangeErrors = {
  unknown_pair: { status: 400, detail: 'Unknown currency pair.' },
  unknown_currency: { status: 400, detail: 'Unknown currency.' },
  pair_disabled: { status: 409, detail: 'Trading on this pair is paused.' },
  insufficient_balance: { status: 422, detail: orderMessages.insufficientBalance },
  post_only_would_take: { status: 422, detail: 'A post-only order would have taken liquidity, so it was not placed.' },
  fok_not_filled: { status: 422, detail: 'A fill-or-kill order could not be filled in full, so nothing was traded.' },
  no_reference_price: {
    status: 422,
    detail: 'A trailing stop needs a market price, and this pair has neither traded nor any order on the other side yet.',
  },
  insufficient_liquidity: { status: 422, detail: 'There is not enough liquidity on the book for this size right now.' },
  order_rejected: { status: 422, detail: 'The order was rejected.' },
  order_not_found: { status: 404, detail: 'Order not found.' },
  order_not_open: { status: 409, detail: 'The order is already done and cannot be cancelled.' },
  quote_not_found: { status: 404, detail: 'Quote not found.' },
  quote_expired: { status: 409, detail: 'Quote expired' },
  quote_price_moved: { status: 409, detail: 'Price moved beyond the quote' },
  quote_mismatch: { status: 422, detail: 'The order does not match its quote: pair, side and size must be the ones quoted.' },
  open_order_limit: {
    status: 422,
    detail: 'You have reached the maximum number of open orders. Cancel some before placing more.',
  },
  order_rate_limited: { status: 429, detail: 'Too many orders in a short time. Please wait a moment and try again.' },
  cancel_rate_limited: { status: 429, detail: 'Too many cancellations in a short time. Please wait a moment and try again.' },
  quote_rate_limited: { status: 429, detail: 'Too many quote requests in a short time. Please wait a moment and try again.' },
  transfer_exists: { status: 409, detail: 'This transfer is already in motion.' },
  exchange_unavailable: { status: 503, detail: 'The exchange is temporarily unavailable. Please try again.' },
  // Cluster mode: the edge got no answer from the matching core in time; nothing was confirmed.
  core_unavailable: { status: 503, detail: 'The exchange is temporarily unavailable. Please try again.' },
} as const;
