import * as Comlink from 'comlink';
import { initialSnapshot, type EngineApi, type EngineHost, type EngineSnapshot, type EngineUser } from '../../worker/public';
import { readLeftFeeds, readPair, writeLeftFeeds, writePair } from './engine-storage';
import { createSnapshotMirror } from './snapshot-mirror';
import { defaultViewCadence, type ViewCadence } from './view-cadence';

// The main-thread side of the engine: starts the worker, mirrors its snapshots into a local
// store for useSyncExternalStore, serves as its host (storage, the shared session refresh,
// logout) and tells it who is logged in. Framework-agnostic; React binds through hooks/.

export interface SessionSource {
  subscribe(listener: () => void): () => void;
  /** The logged-in user as the engine needs it, or null. */
  currentUser(): EngineUser | null;
}

export interface EngineClientOptions {
  /** Anything postMessage-shaped: a Worker, or a MessagePort in tests. */
  readonly endpoint: Comlink.Endpoint;
  readonly apiBase: string;
  readonly hubUrl: string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  readonly session: SessionSource;
  readonly refreshSession: (sentAt?: number) => Promise<boolean>;
  readonly logout: () => void;
  /** How the view follows the snapshots (view-cadence.ts); null shows every update at once. */
  readonly cadence?: ViewCadence | null;
}

export interface EngineClient {
  readonly store: { subscribe(listener: () => void): () => void; getSnapshot(): EngineSnapshot };
  /** Commands; every call answers a promise. */
  readonly api: Comlink.Remote<EngineApi>;
  /** Resolves once the worker has started and sent its first snapshot. */
  readonly ready: Promise<void>;
  dispose(): void;
}

export function createEngineClient(options: EngineClientOptions): EngineClient {
  const saved = readPair(options.storage);
  const mirror = createSnapshotMirror(
    initialSnapshot(saved.base, saved.quote),
    options.cadence === undefined ? defaultViewCadence() : options.cadence,
  );
  const api = Comlink.wrap<EngineApi>(options.endpoint);

  const host: EngineHost = {
    refreshSession: (sentAt) => options.refreshSession(sentAt),
    logout: () => options.logout(),
    persistLeftFeeds: (feeds) => writeLeftFeeds(options.storage, feeds),
    persistPair: (base, quote) => writePair(options.storage, base, quote),
  };

  let lastUserKey: string | null | undefined;
  const followSession = () => {
    const user = options.session.currentUser();
    const key = user ? `${user.id}|${user.accountType ?? ''}` : null;
    if (key === lastUserKey) return;
    lastUserKey = key;
    void api.setAuth(user);
  };

  let subscription: number | null = null;
  let disposed = false;
  const ready = (async () => {
    await api.start(
      { apiBase: options.apiBase, hubUrl: options.hubUrl, leftFeeds: readLeftFeeds(options.storage), ...saved },
      Comlink.proxy(host),
    );
    subscription = await api.subscribe(Comlink.proxy((update) => mirror.apply(update)));
    if (disposed) void api.unsubscribe(subscription);
    followSession();
  })();
  const stopSession = options.session.subscribe(followSession);

  return {
    store: { subscribe: mirror.subscribe, getSnapshot: mirror.getSnapshot },
    api,
    ready,
    dispose() {
      disposed = true;
      mirror.dispose();
      stopSession();
      if (subscription !== null) void api.unsubscribe(subscription);
      void api.dispose();
      api[Comlink.releaseProxy]();
    },
  };
}
