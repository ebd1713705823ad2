// An in-memory Web Locks manager shared by several simulated tabs (exclusive locks only).

type Callback<T> = (lock: Lock | null) => Promise<T> | T;

export function createFakeLocks(): LockManager {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();

  async function run<T>(name: string, callback: Callback<T>): Promise<T> {
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      held.delete(name);
      queues.get(name)?.shift()?.();
    }
  }

  function request<T>(name: string, a: LockOptions | Callback<T>, b?: Callback<T>): Promise<T> {
    const options = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b) as Callback<T>;
    if (!held.has(name)) return run(name, callback);
    if (options.ifAvailable) return Promise.resolve(callback(null));
    return new Promise<void>((grant) => {
      const queue = queues.get(name) ?? [];
      queue.push(grant);
      queues.set(name, queue);
    }).then(() => run(name, callback));
  }

  return { request, query: async () => ({ held: [], pending: [] }) } as unknown as LockManager;
}
