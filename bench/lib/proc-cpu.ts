/**
 * CPU time from Linux's /proc, for benches that share the machine with what they measure (the
 * database, the broker, the load generator): a process's CPU so far, the processes of a name, and
 * the machine's busy and total time. Elsewhere each answers "unknown" (undefined, [] or NaN).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's figures (USER_HZ, 100 on Linux). */
export const CLK_TCK = 100;

/** A process's CPU so far (user + system), in clock ticks; undefined once it is gone or off Linux. */
export function processTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The ids of the processes with exactly this name (pgrep -x); [] when none or no pgrep. */
export function pidsOf(name: string): number[] {
  try {
    return execFileSync('pgrep', ['-x', name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The CPU so far of every process of this name, summed (clock ticks). */
export function ticksOfName(name: string): number {
  return pidsOf(name).reduce((sum, pid) => sum + (processTicks(pid) ?? 0), 0);
}

/** The machine's idle and total time over all cores so far (clock ticks); [NaN, NaN] off Linux. */
export function machineTicks(): [idle: number, total: number] {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return [cpu[3]! + cpu[4]!, cpu.reduce((a, b) => a + b, 0)];
  } catch {
    return [NaN, NaN];
  }
}
