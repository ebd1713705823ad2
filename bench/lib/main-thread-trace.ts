import { writeFileSync } from 'node:fs';
import type { Browser, CDPSession } from 'playwright';

// A tracing-based account of a renderer's main thread: every top-level task (category
// "toplevel") with its wall duration (dur) and the CPU time the thread spent in it (tdur).
// Wall durations include time the thread was descheduled by other load on the machine; CPU
// durations do not, which tells a page that is slow from a machine that is busy.

export interface MainThreadTasks {
  /** Top-level tasks of the busiest renderer main thread (the page's), outermost only. */
  readonly tasks: { start: number; wallMs: number; cpuMs: number }[];
  readonly threadCount: number;
  /**
   * Start times (ms, trace clock) of the frames that thread began (BeginMainThreadFrame): a
   * frame count that needs no requestAnimationFrame loop in the page, which would itself ask for
   * a frame every vsync and run the rendering steps for it.
   */
  readonly frames: number[];
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
  args?: {
    name?: string;
    beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean };
    endData?: { layoutRoots?: unknown[] };
  };
}

export interface MainThreadTracer {
  stop(): Promise<MainThreadTasks>;
}

export interface MainThreadTraceOptions {
  /**
   * Also record the DevTools timeline (script, style, layout, paint...) and write the page
   * main thread's CPU time per event name, self time only, to this JSON file. The extra
   * categories cost the renderer time of their own: not for the figures.
   */
  readonly breakdownFile?: string;
}

export async function traceMainThread(browser: Browser, options: MainThreadTraceOptions = {}): Promise<MainThreadTracer> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  const timeline: TraceEvent[] = [];
  const frameEvents: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const ev of (e as unknown as { value: TraceEvent[] }).value) {
      if (ev.ph === 'M' || ev.cat === 'toplevel' || ev.cat.includes('toplevel')) events.push(ev);
      else if (ev.name === 'BeginMainThreadFrame') frameEvents.push(ev);
      else if (options.breakdownFile && ev.ph === 'X') timeline.push(ev);
    }
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  const categories = [
    'toplevel',
    '__metadata',
    'disabled-by-default-devtools.timeline.frame',
    ...(options.breakdownFile ? ['devtools.timeline', 'blink', 'v8.execute'] : []),
  ];
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { recordMode: 'recordContinuously', includedCategories: categories, excludedCategories: ['*'] },
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
        const list = perThread.get(key);
        if (list) list.push(ev);
        else perThread.set(key, [ev]);
      }
      let busiest: TraceEvent[] = [];
      for (const list of perThread.values()) if (list.length > busiest.length) busiest = list;
      if (options.breakdownFile && busiest[0]) writeBreakdown(options.breakdownFile, busiest[0], timeline);
      busiest.sort((a, b) => a.ts - b.ts);
      const tasks: MainThreadTasks['tasks'] = [];
      let end = -Infinity;
      for (const ev of busiest) {
        if (ev.ts < end) continue; // nested inside the previous top-level task
        end = ev.ts + (ev.dur ?? 0);
        tasks.push({ start: ev.ts / 1000, wallMs: (ev.dur ?? 0) / 1000, cpuMs: (ev.tdur ?? ev.dur ?? 0) / 1000 });
      }
      const main = busiest[0];
      const frames = main
        ? frameEvents
            .filter((e) => e.pid === main.pid && e.tid === main.tid)
            .map((e) => e.ts / 1000)
            .sort((a, b) => a - b)
        : [];
      return { tasks, threadCount: mains.size, frames };
    },
  };
}

/**
 * CPU time per event name on one thread, self time only: an event's CPU time less that of the
 * events nested in it (complete events of one thread nest properly).
 */
function writeBreakdown(file: string, sample: TraceEvent, timeline: TraceEvent[]): void {
  const mine = timeline
    .filter((e) => e.pid === sample.pid && e.tid === sample.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, { cpuMs: number; count: number }>();
  const stack: { end: number; name: string; cpu: number; childCpu: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= upTo) {
      const top = stack.pop()!;
      const entry = self.get(top.name) ?? { cpuMs: 0, count: 0 };
      entry.cpuMs += (top.cpu - top.childCpu) / 1000;
      entry.count++;
      self.set(top.name, entry);
      if (stack.length > 0) stack[stack.length - 1]!.childCpu += top.cpu;
    }
  };
  for (const e of mine) {
    close(e.ts);
    stack.push({ end: e.ts + (e.dur ?? 0), name: e.name, cpu: e.tdur ?? e.dur ?? 0, childCpu: 0 });
  }
  close(Infinity);
  const rows = [...self].map(([name, v]) => ({ name, cpuMs: Math.round(v.cpuMs), count: v.count })).sort((a, b) => b.cpuMs - a.cpuMs);
  // What each layout had to do: objects marked dirty, objects in the tree, relayout roots.
  const layouts = mine.filter((e) => e.name === 'Layout');
  const sum = (f: (e: TraceEvent) => number) => layouts.reduce((t, e) => t + f(e), 0);
  const layout = {
    count: layouts.length,
    dirtyObjects: sum((e) => e.args?.beginData?.dirtyObjects ?? 0),
    totalObjects: sum((e) => e.args?.beginData?.totalObjects ?? 0),
    partial: sum((e) => (e.args?.beginData?.partialLayout ? 1 : 0)),
    roots: sum((e) => e.args?.endData?.layoutRoots?.length ?? 0),
  };
  writeFileSync(file, JSON.stringify({ layout, events: rows }, null, 2));
}
