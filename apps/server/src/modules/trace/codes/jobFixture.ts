import type { CodeJob } from '@farmpark/contracts';
import type { TestEnv } from '../../../test/harness';
import { CODE_API } from './routes';

/** Generates codes through the console route and waits for the job to end (as the console's progress bar). */
export async function generated(env: TestEnv, token: string, batchId: number, count: number): Promise<CodeJob> {
  const res = await env.post<{ jobId: number }>(`${CODE_API}/generateCodes`, token, { batchId, count }, true);
  if (res.code !== 0) throw new Error(res.msg);
  for (;;) {
    const job = await env.get<CodeJob>(`${CODE_API}/getCodeJob`, token, { jobId: String(res.data.jobId) });
    if (job.code !== 0) throw new Error(job.msg);
    if (job.data.status !== 'running') return job.data;
    await new Promise((r) => setTimeout(r, 30));
  }
}
