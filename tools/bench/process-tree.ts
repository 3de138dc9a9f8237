import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

interface ProcStat {
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks: its own CPU time and that of the children it reaped. */
  ticks: number;
  rssBytes: number;
}

function readProcs(): Map<number, ProcStat> {
  const procs = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index] ?? 0));
      procs.set(Number(entry), {
        ppid: Number(fields[1] ?? 0),
        ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0),
        rssBytes: Number(fields[21] ?? 0) * PAGE_BYTES,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return procs;
}

const PAGE_BYTES = 4096;
let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

function treeOf(rootPid: number, procs: Map<number, ProcStat>): ProcStat[] {
  const children = new Map<number, number[]>();
  for (const [pid, proc] of procs) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), pid]);
  const tree: ProcStat[] = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop() as number;
    const proc = procs.get(pid);
    if (proc) tree.push(proc);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory (bytes) of a process and all its descendants, read from /proc (Linux). */
export function treeRss(rootPid: number): number {
  return treeOf(rootPid, readProcs()).reduce((sum, proc) => sum + proc.rssBytes, 0);
}

/**
 * CPU seconds (user + system) a process and its descendants have used so far, those that ended and were
 * reaped included (a parent's cutime and cstime hold them). Sample it until the root ends: the last
 * sample is the tree's total within one interval.
 */
export function treeCpuSeconds(rootPid: number): number {
  return treeOf(rootPid, readProcs()).reduce((sum, proc) => sum + proc.ticks, 0) / clockTicks();
}

/** Both readings of one look at /proc. */
export function treeUsage(rootPid: number): { rssBytes: number; cpuSeconds: number } {
  const tree = treeOf(rootPid, readProcs());
  return {
    rssBytes: tree.reduce((sum, proc) => sum + proc.rssBytes, 0),
    cpuSeconds: tree.reduce((sum, proc) => sum + proc.ticks, 0) / clockTicks(),
  };
}
