/**
 * Where a page's main thread goes, from a Lighthouse trace (BENCH_LIGHTHOUSE_REPORTS keeps one
 * per run, `*.trace.json`): every top-level task after the first contentful paint that blocks
 * at Lighthouse's 4× CPU (observed duration × 4 over 50 ms), with its kinds of work and the
 * scripts and functions that ran in it. Lighthouse's own trace model (tracehouse) cuts the tasks.
 * These are the observed trace's tasks; Lighthouse's TBT comes from its simulation of them.
 *
 *   npx tsx bench/mainThread.ts <trace.json> [more traces…]
 */
import { readFileSync } from 'node:fs';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** Lighthouse's mobile preset slows the observed CPU work 4× in its simulation. */
export const CPU_MULTIPLIER = 4;
const BLOCKING_MS = 50;

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (absent where the trace has no thread clock). */
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string; stackTrace?: { functionName: string; url: string }[] } };
}
interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string };
}

export interface BlockingTask {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  /**
   * What the task would block at `multiplier`× from the main thread's own CPU time: on a machine
   * whose cores are busy with other threads and processes the task's duration also counts the
   * time the main thread waited for a core, which Lighthouse multiplies just the same.
   */
  cpuBlockingMs: number;
  /** It started at or after the first contentful paint: in TBT's window. */
  afterFirstPaint: boolean;
  /** Self time per kind of work (Lighthouse's task groups), ms observed. */
  groups: Record<string, number>;
  /** Scripts and functions that ran in it, longest first: `name file` with ms observed. */
  calls: [string, number][];
}

const file = (url: string | undefined): string => (url ?? '').replace(/^.*\//, '').replace(/\?.*$/, '');

const walk = (task: TaskNode, visit: (node: TaskNode) => void): void => {
  visit(task);
  for (const child of task.children) walk(child, visit);
};

/**
 * The tasks that block at `multiplier`× CPU, in order, with what ran in them: from the first
 * contentful paint (what Lighthouse's total blocking time counts), or from the navigation (the
 * whole load, for a page that paints late).
 */
export const blockingTasks = (
  traceEvents: TraceEvent[],
  multiplier = CPU_MULTIPLIER,
  from: 'fcp' | 'navigation' = 'fcp',
): { fcpMs: number; tasks: BlockingTask[] } => {
  const processed = TraceProcessor.processTrace({ traceEvents } as never);
  const navigation = TraceProcessor.processNavigation(processed);
  const fcpMs = navigation.timings.firstContentfulPaint;
  const all = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const tasks = all
    .filter((task) => task.parent === undefined && task.startTime >= (from === 'fcp' ? fcpMs : 0) && task.duration * multiplier > BLOCKING_MS)
    .map((task): BlockingTask => {
      const groups: Record<string, number> = {};
      const calls = new Map<string, number>();
      walk(task, (node) => {
        groups[node.group.id] = (groups[node.group.id] ?? 0) + node.selfTime;
        const { name } = node.event;
        if (
          name === 'EvaluateScript' ||
          name === 'v8.compileModule' ||
          name === 'v8.evaluateModule' ||
          name === 'FunctionCall' ||
          name === 'TimerFire' ||
          name === 'FireAnimationFrame'
        ) {
          const data = node.event.args?.data;
          const key = `${name} ${data?.functionName ?? ''} ${file(data?.url ?? node.attributableURLs.at(-1))}`.replace(/\s+/g, ' ');
          calls.set(key, (calls.get(key) ?? 0) + node.duration);
        }
      });
      return {
        startMs: Math.round(task.startTime),
        durationMs: Math.round(task.duration * 10) / 10,
        blockingMs: Math.round(task.duration * multiplier - BLOCKING_MS),
        cpuBlockingMs: Math.max(0, Math.round(((task.event.tdur ?? task.duration * 1000) / 1000) * multiplier - BLOCKING_MS)),
        afterFirstPaint: task.startTime >= fcpMs,
        groups: Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, Math.round(v * 10) / 10])),
        calls: [...calls].sort((a, b) => b[1] - a[1]).slice(0, 4),
      };
    });
  return { fcpMs, tasks };
};

if (process.argv[1]?.endsWith('mainThread.ts')) {
  for (const path of process.argv.slice(2)) {
    const trace = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
    const { fcpMs, tasks } = blockingTasks(trace.traceEvents);
    const total = tasks.reduce((sum, t) => sum + t.blockingMs, 0);
    const cpu = tasks.reduce((sum, t) => sum + t.cpuBlockingMs, 0);
    console.log(
      `${path}: FCP ${Math.round(fcpMs)} ms, ${tasks.length} blocking tasks, ${total} ms blocking at ${CPU_MULTIPLIER}× (Lighthouse simulates its own; this is the observed trace), ${cpu} ms from the main thread's own CPU time`,
    );
    for (const t of tasks) {
      const groups = Object.entries(t.groups)
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([group, ms]) => `${group} ${ms}`)
        .join(', ');
      console.log(`  @${t.startMs} ${t.durationMs} ms (blocks ${t.blockingMs}, ${t.cpuBlockingMs} from its own CPU time): ${groups}`);
      for (const [call, ms] of t.calls) console.log(`      ${Math.round(ms * 10) / 10} ms ${call}`);
    }
  }
}
