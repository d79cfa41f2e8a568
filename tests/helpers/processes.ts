import fs from 'node:fs';

/** The child processes of a process, by default this one (the pool's workers: a vitest worker has no others). */
export function childPids(pid: number | 'self' = 'self'): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

/** The nice value of each thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
export function threadNices(pid: number): number[] {
  return threadStatField(pid, 19);
}

/** The scheduling policy of each thread of a process (field 41 of its stat: 0 normal, 5 SCHED_IDLE). */
export function threadPolicies(pid: number): number[] {
  return threadStatField(pid, 41);
}

/** Field `n` (numbered from 1, as proc(5) does) of /proc/<pid>/task/<tid>/stat, for each thread. */
function threadStatField(pid: number, n: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command name (field 2), which is in brackets and may hold spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3]);
  });
}
