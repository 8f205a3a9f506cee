import fs from 'node:fs';
import os from 'node:os';

/**
 * How much CPU *other* processes (and, on a VM, other guests: steal) used while a
 * measurement ran. The machines have 2 cores
 * (one for the load generator, one for the server) and other work shares them, so a
 * measurement taken while something else was busy is flagged instead of trusted silently.
 * Linux only (/proc); elsewhere the numbers are reported as unknown.
 */
export interface CpuSnapshot {
  atMs: number;
  machineBusyMs: number;
  /** Time the hypervisor ran other guests on this VM's CPUs (/proc/stat steal); null if unknown. */
  stealMs: number | null;
  selfMs: number;
  serverMs: number | null;
}

/** Linux's USER_HZ; 100 on every mainstream kernel configuration. */
const TICKS_PER_SECOND = 100;

function machineBusyMs(): number {
  return os
    .cpus()
    .reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
}

function machineStealMs(): number | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal ...
    const steal = Number(line.trim().split(/\s+/)[8]);
    return Number.isFinite(steal) ? (steal * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU counters now: the machine, this process and the server child `pid`. */
export function cpuSnapshot(serverPid?: number): CpuSnapshot {
  const self = process.cpuUsage();
  return {
    atMs: performance.now(),
    machineBusyMs: machineBusyMs(),
    stealMs: machineStealMs(),
    selfMs: (self.user + self.system) / 1000,
    serverMs: serverPid === undefined ? null : processCpuMs(serverPid),
  };
}

/** CPU use between two snapshots, in cores (1.0 = one core fully busy). */
export interface CpuUse {
  server: number | null;
  loadGenerator: number;
  /** Everything else on the machine; null when it cannot be known. */
  foreign: number | null;
  /** CPU the hypervisor gave to other guests meanwhile (steal); null when unknown. */
  steal: number | null;
}

export function cpuUseBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const wallMs = Math.max(1, after.atMs - before.atMs);
  const self = (after.selfMs - before.selfMs) / wallMs;
  const server =
    before.serverMs === null || after.serverMs === null
      ? null
      : (after.serverMs - before.serverMs) / wallMs;
  const machine = (after.machineBusyMs - before.machineBusyMs) / wallMs;
  const foreign =
    server === null || process.platform !== 'linux' ? null : Math.max(0, machine - self - server);
  const steal =
    before.stealMs === null || after.stealMs === null
      ? null
      : (after.stealMs - before.stealMs) / wallMs;
  return { server, loadGenerator: self, foreign, steal };
}
