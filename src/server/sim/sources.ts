// The named liquidity sources the simulator quotes under (spec B §3 market_making levels show
// the source name). Each is its own system account. Half spreads and sizes differ so the
// merged book looks like several firms competing rather than one ladder.

export interface MakerSource {
  readonly name: string;
  /** Distance of the best level from the mid, in basis points. */
  readonly halfSpreadBps: number;
  /** Level size relative to the pair's typical taker size. */
  readonly sizeFactor: number;
}

export const makerSources: readonly MakerSource[] = [
  { name: 'Ox', halfSpreadBps: 2, sizeFactor: 2 },
  { name: 'Wintermute', halfSpreadBps: 3, sizeFactor: 3 },
  { name: 'Cumberland', halfSpreadBps: 5, sizeFactor: 4 },
  { name: 'B2C2', halfSpreadBps: 7, sizeFactor: 5 },
];

/** Levels each source keeps per side and pair, and the gap between them in basis points. */
export const LADDER_LEVELS = 8;
export const LEVEL_STEP_BPS = 3;

/** Takers are plain accounts without a source name: their fills are the trades. */
export const takerNames: readonly string[] = ['Taker A', 'Taker B'];
