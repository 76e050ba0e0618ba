import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The kernel's clock ticks per second, in which /proc counts CPU time. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's group and its user + system CPU time so far (every thread), in µs; undefined where /proc is not. */
function processStat(pid: number | string): { group: number; cpuUs: number } | undefined {
  try {
    // The fields after the command's name (which may hold spaces): state, parent, group, … user time (12th),
    // system time (13th).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.split(" ") ?? [];
    return {
      group: Number(fields[2]),
      cpuUs: ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS,
    };
  } catch {
    return undefined;
  }
}

/** A process's CPU time so far, in µs; undefined where /proc is not (or the process is gone). */
export function cpuTimeUs(pid: number): number | undefined {
  return processStat(pid)?.cpuUs;
}

/** The CPU time so far of every process in a process group (a server behind `npm start`), in µs. */
export function groupCpuTimeUs(group: number): number | undefined {
  let names: string[];
  try {
    names = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of names) {
    const stat = processStat(pid);
    if (stat?.group === group) total += stat.cpuUs;
  }
  return total;
}
