import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a scanner worker's CPU goes, by process: its Node process, Chromium's browser process,
 * the renderers, the GPU, network and other utility processes. Sampled from /proc while a crawl
 * runs, because renderers come and go: a process first seen after the start counts from zero,
 * one that ended counts up to its last sample (the ticks between that sample and its end are
 * lost, which the "ended children" line of its parent shows).
 */

export type ProcessKind = 'node worker' | 'chromium browser' | 'renderer' | 'gpu' | 'network' | 'other utility' | 'zygote' | 'other';

interface Seen {
  kind: ProcessKind;
  first: number;
  last: number;
}

const CLK_TCK = 100;

const kindOf = (pid: number, root: number): ProcessKind => {
  if (pid === root) return 'node worker';
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return 'other';
  }
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
  if (type === undefined) return /chrom/i.test(cmdline) ? 'chromium browser' : 'other';
  if (type === 'renderer') return 'renderer';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'zygote') return 'zygote';
  if (type === 'utility') return /network\.mojom\.NetworkService/.test(cmdline) ? 'network' : 'other utility';
  return 'other';
};

/** A process and every descendant, each with the fields of its /proc stat after the name (`fields[1]` is the parent). */
export const processTree = (root: number): { pid: number; fields: string[] }[] => {
  const children = new Map<number, number[]>();
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      stats.set(Number(entry), fields);
    } catch {
      // The process ended while we read.
    }
  }
  const tree: { pid: number; fields: string[] }[] = [];
  const walk = (pid: number): void => {
    const fields = stats.get(pid);
    if (fields === undefined) return;
    tree.push({ pid, fields });
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return tree;
};

/** Own ticks (utime + stime, fields 14 and 15 of stat) of every process of the tree. */
const treeTicks = (root: number): Map<number, number> => new Map(processTree(root).map(({ pid, fields }) => [pid, Number(fields[11]) + Number(fields[12])]));

export interface ProcessSplit {
  /** CPU seconds per kind of process over the window. */
  seconds: Record<string, number>;
  /** Distinct processes of each kind seen in the window (renderers started per page show here). */
  processes: Record<string, number>;
}

export const processSampler = (roots: number[]) => {
  const seen = new Map<number, Seen>();
  let started = false;
  const sample = (): void => {
    for (const root of roots) {
      for (const [pid, ticks] of treeTicks(root)) {
        const known = seen.get(pid);
        if (known) known.last = ticks;
        else seen.set(pid, { kind: kindOf(pid, root), first: started ? 0 : ticks, last: ticks });
      }
    }
  };
  sample();
  started = true;
  return {
    sample,
    split: (): ProcessSplit => {
      sample();
      const seconds: Record<string, number> = {};
      const processes: Record<string, number> = {};
      for (const s of seen.values()) {
        seconds[s.kind] = (seconds[s.kind] ?? 0) + (s.last - s.first) / CLK_TCK;
        processes[s.kind] = (processes[s.kind] ?? 0) + 1;
      }
      return { seconds, processes };
    },
  };
};

/** Megabytes and processes per kind of process (`kindOf`: Chromium's `--type`, the worker's Node). */
export type MemoryByKind = Record<string, { rssMb: number; pssMb: number; processes: number }>;

/**
 * Memory of a process tree by kind of process, in MB: resident (RSS, shared pages counted in every
 * process that maps them) and proportional (PSS, each shared page split between its processes, so
 * the kinds add up to what the tree really holds).
 */
export const treeMemoryByKind = (root: number): MemoryByKind => {
  const out: MemoryByKind = {};
  for (const { pid } of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
      const kind = (out[kindOf(pid, root)] ??= { rssMb: 0, pssMb: 0, processes: 0 });
      kind.processes += 1;
      kind.rssMb += kb('Rss') / 1024;
      kind.pssMb += kb('Pss') / 1024;
    } catch {
      // The process ended while we read.
    }
  }
  for (const kind of Object.values(out)) {
    kind.rssMb = Math.round(kind.rssMb);
    kind.pssMb = Math.round(kind.pssMb);
  }
  return out;
};
