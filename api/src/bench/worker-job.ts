import fs from 'node:fs';
import type { JobPayloads, QueueName } from '../jobs/queues';
import type { PgBoss } from '../jobs/boss';

/** A process's peak resident memory (VmHWM) in MB, 0 once it is gone. */
export function vmHwmMb(pid: number | undefined): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Sends one job to a worker process and answers the worker's time on it (started → completed) with its output.
 * The time the job waited in the queue is printed apart: with a singleton queue pg-boss lets a worker take the
 * next job only once its monitor has seen the last one finish (up to about a minute later), which says nothing
 * of the job's own work.
 */
export async function runWorkerJob<Q extends QueueName>(boss: PgBoss, queue: Q, data: JobPayloads[Q], label: string): Promise<{ seconds: number; output: Record<string, number> }> {
  const id = await boss.send(queue, data);
  if (!id) throw new Error(`the ${queue} job was not queued`);
  for (;;) {
    const job = await boss.getJobById(queue, id);
    if (job?.state === 'completed') {
      const waited = (job.startedOn.getTime() - job.createdOn.getTime()) / 1000;
      console.log(`  (job ${label} waited ${waited.toFixed(1)} s in the queue before a worker took it)`);
      return { seconds: (job.completedOn!.getTime() - job.startedOn.getTime()) / 1000, output: job.output as Record<string, number> };
    }
    if (job?.state === 'failed') throw new Error(`${queue} job failed: ${JSON.stringify(job.output)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
