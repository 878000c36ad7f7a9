import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  nice: number;
  name: string;
  /** Its arguments (NUL-separated in /proc), empty once it exited. */
  args: string[];
}

/** Every process descended from `root` (from /proc: `man 5 proc`, stat fields 4 and 19, cmdline). */
export const descendants = (root: number): ProcessInfo[] => {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return [
          { pid: Number(entry), ppid: Number(fields[1]), nice: Number(fields[16]), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), args },
        ];
      } catch {
        return [];
      }
    });
  const found: ProcessInfo[] = [];
  const walk = (pid: number): void => {
    for (const { ppid: _parent, ...child } of all.filter((p) => p.ppid === pid)) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(root);
  return found;
};

/**
 * Chromium's browser processes below `root`: not a renderer, zygote or utility (those carry
 * `--type=`), nor the shell script a distribution starts it with (Debian's headless shell).
 */
export const chromiumBrowsers = (root: number): number[] =>
  descendants(root)
    .filter((p) => /chrom/i.test(p.args[0] ?? '') && p.args.includes('--remote-debugging-pipe') && !p.args.some((a) => a.startsWith('--type=')))
    .map((p) => p.pid);
