import fs from 'node:fs';

/** Resident memory (bytes) of a process and all its descendants, read from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const pid = Number(entry);
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(pid, Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
