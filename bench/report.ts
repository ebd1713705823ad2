// Shared shape of every benchmark's figures, so `npm run bench` can print one table
// and write one JSON file per run under bench/results/.
export interface Figure {
  /** What was measured, e.g. "ops/s (our engine)". */
  label: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. ">= 1,000,000". Absent for context-only figures. */
  target?: string;
  /** Whether the figure meets its target. Absent when there is no target. */
  pass?: boolean;
}

export interface BenchResult {
  name: string;
  /** Free text about the workload, printed under the table row group. */
  workload: string;
  figures: Figure[];
}

export type Bench = () => Promise<BenchResult>;
