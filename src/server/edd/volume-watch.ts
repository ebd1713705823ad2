import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { ExchangeEvents } from '../exchange';
import { evaluateEddRequirement } from './requirement';

// The 30-day volume side of the EDD rule. The exchange already keeps every user's volume in day
// buckets and raises 'volume-alert' once when a trade takes it past EDD_VOLUME_THRESHOLD_USD,
// so the rule runs (a few reads) once per user crossing, never once per fill.

/** Applies the EDD rule to each user the exchange reports over the volume level; returns the unsubscribe. */
export function watchTradingVolume(ctx: AppContext, events: ExchangeEvents, log: FastifyBaseLogger): () => void {
  return events.on((event) => {
    if (event.type !== 'volume-alert') return;
    // Listeners must not block the exchange's announcements: the rule runs on its own.
    evaluateEddRequirement(ctx, event.userId).catch((err: unknown) =>
      log.error({ err, userId: event.userId }, 'the EDD rule could not be applied after a volume alert'),
    );
  });
}
