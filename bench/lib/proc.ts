import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

// CPU accounting of a Chromium we launched, read from Linux /proc: the machine may be busy
// with other work, so per-core rates divide by the CPU time the renderer actually used rather
// than by wall time. Our browser is told apart from any other Chromium by a tag switch on its
// command line; its renderers are found among its descendants.

/** A command-line switch Chromium ignores, unique to one launch. */
export function browserTag(): string {
  return `--ox-bench-tag=${randomBytes(6).toString('hex')}`;
}

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly args: readonly string[];
}

function readProc(pid: number): ProcInfo | null {
  try {
    // Chromium rewrites its process title, so arguments may be joined by spaces.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { pid, ppid, args };
  } catch {
    return null; // gone meanwhile
  }
}

function allProcs(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/** Renderer processes of the browser launched with `tag` (empty when none is found). */
export function rendererPids(tag: string): number[] {
  const procs = allProcs();
  const root = procs.find((p) => p.args.includes(tag));
  if (!root) return [];
  const children = new Map<number, ProcInfo[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (c.args.includes('--type=renderer')) out.push(c.pid);
      walk(c.pid);
    }
  };
  walk(root.pid);
  return out;
}

const CLK_TCK = 100;

/** CPU seconds (user + system, every thread including exited ones) a process has used. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name start at field 3 (state): utime is field 14, stime field 15.
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU seconds of one thread (ns precision, from schedstat); the main thread has tid = pid. */
export function threadCpuSeconds(pid: number, tid: number = pid): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return 0;
  }
}

/** Sum of processCpuSeconds over `pids`. */
export function cpuSecondsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
}

/** CPU seconds (user, nice, system, irq, softirq, steal) the whole machine has used, from /proc/stat. */
export function machineCpuSeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}
