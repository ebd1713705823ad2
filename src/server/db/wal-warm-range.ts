/** Bytes of the WAL known to be in the page cache this round: [from, to). */
export interface WarmedRange {
  from: number;
  to: number;
}

/**
 * What to read next so that the `ahead` bytes after the writer's `position` in the WAL are in the
 * page cache: only the part of that stretch not read already this round, within the file, from a
 * page boundary. A position outside the range warmed so far starts a new round (the WAL started
 * over, or the writer outran the reader). Null when nothing is left to read.
 */
export function nextWarmRange(
  position: number,
  warmed: WarmedRange,
  ahead: number,
  fileSize: number,
): { readFrom: number; warmed: WarmedRange } | null {
  const PAGE = 4096;
  const sameRound = position >= warmed.from && position <= warmed.to;
  const start = sameRound ? warmed.from : Math.floor(position / PAGE) * PAGE;
  const readFrom = sameRound ? warmed.to : start;
  const to = Math.min(position + ahead, fileSize);
  if (readFrom >= to) return null;
  return { readFrom, warmed: { from: start, to } };
}
