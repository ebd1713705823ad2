import type { EngineApi } from '../../../src/worker/public';
import type { ScriptedError, StartOutcome } from '../../../src/worker/testing/scripted-hub';

// The test-only worker's surface: the real EngineApi plus the controls of its scripted world
// (virtual clock, scripted hub, routed fetch). Types only, shared by harness and tests.

export interface HarnessInit {
  /** Publish on the worker's real requestAnimationFrame instead of virtual 16 ms frames. */
  readonly realFrames?: boolean;
}

export interface HarnessControl {
  init(options?: HarnessInit): void;
  /** Advances the engine's virtual clock, firing due timers in order. */
  advance(ms: number): Promise<void>;
  now(): number;
  queueStarts(...outcomes: StartOutcome[]): void;
  setDefaultStart(outcome: StartOutcome): void;
  /** Makes JoinFeedGroups throw `message` (null: accept again). */
  failJoins(message: string | null): void;
  emit(event: string, ...args: unknown[]): void;
  /** Emits every payload in one go (one message to the worker, many hub events). */
  emitMany(event: string, payloads: readonly unknown[]): void;
  /** Whether the worker scope has requestAnimationFrame (the frame source in production). */
  hasAnimationFrames(): boolean;
  drop(error?: ScriptedError): void;
  starts(): number;
  connections(): number;
  hubUrls(): string[];
  joined(connection?: number): string[][];
  left(connection?: number): string[][];
  /** Timestamps (virtual) of every start. */
  startTimes(): number[];
  /** Snapshots posted to subscribers so far. */
  framesPublished(): number;
  route(key: string, status: number, body: unknown): void;
}

export type HarnessApi = EngineApi & HarnessControl;
