import type { Browser, CDPSession } from 'playwright';

// A tracing-based account of a renderer's main thread: every top-level task (category
// "toplevel") with its wall duration (dur) and the CPU time the thread spent in it (tdur).
// Wall durations include time the thread was descheduled by other load on the machine; CPU
// durations do not, which tells a page that is slow from a machine that is busy.

export interface MainThreadTasks {
  /** Top-level tasks of the busiest renderer main thread (the page's), outermost only. */
  readonly tasks: { start: number; wallMs: number; cpuMs: number }[];
  readonly threadCount: number;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTracer {
  stop(): Promise<MainThreadTasks>;
}

export async function traceMainThread(browser: Browser): Promise<MainThreadTracer> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const ev of (e as unknown as { value: TraceEvent[] }).value) {
      if (ev.ph === 'M' || ev.cat === 'toplevel' || ev.cat.includes('toplevel')) events.push(ev);
    }
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { recordMode: 'recordContinuously', includedCategories: ['toplevel', '__metadata'], excludedCategories: ['*'] },
  });
  return {
    async stop() {
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach().catch(() => {});
      const mains = new Set<string>();
      for (const ev of events)
        if (ev.ph === 'M' && ev.name === 'thread_name' && ev.args?.name === 'CrRendererMain') mains.add(`${ev.pid}:${ev.tid}`);
      const perThread = new Map<string, TraceEvent[]>();
      for (const ev of events) {
        if (ev.ph !== 'X' || ev.dur === undefined) continue;
        const key = `${ev.pid}:${ev.tid}`;
        if (!mains.has(key)) continue;
        perThread.set(key, [...(perThread.get(key) ?? []), ev]);
      }
      let busiest: TraceEvent[] = [];
      for (const list of perThread.values()) if (list.length > busiest.length) busiest = list;
      busiest.sort((a, b) => a.ts - b.ts);
      const tasks: MainThreadTasks['tasks'] = [];
      let end = -Infinity;
      for (const ev of busiest) {
        if (ev.ts < end) continue; // nested inside the previous top-level task
        end = ev.ts + (ev.dur ?? 0);
        tasks.push({ start: ev.ts / 1000, wallMs: (ev.dur ?? 0) / 1000, cpuMs: (ev.tdur ?? ev.dur ?? 0) / 1000 });
      }
      return { tasks, threadCount: mains.size };
    },
  };
}
