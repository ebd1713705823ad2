// The HTTP client reports "the session is gone" (refresh failed) without knowing who keeps
// the session; the session module listens. Keeps http/ free of an import cycle with session/.

type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionExpired(): void {
  for (const listener of [...listeners]) listener();
}
