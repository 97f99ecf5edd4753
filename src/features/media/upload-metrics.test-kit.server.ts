/** Reads `sefer_uploads_total` (upload-metrics.server.ts) for tests: one series' count, 0 before any. */
import { metricsRegistry, type Counter } from '#platform/metrics/metrics.server.ts';
import type { UploadVia } from './upload-metrics.server.ts';

export async function uploadsCounted(via: UploadVia, kind: 'image' | 'video', result: 'accepted' | 'refused'): Promise<number> {
  const metric = metricsRegistry().getSingleMetric('sefer_uploads_total') as Counter | undefined;
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.find((v) => v.labels.via === via && v.labels.kind === kind && v.labels.result === result)?.value ?? 0;
}

/** Every series' count now, to compare with a later reading (the registry is the process's, shared by tests). */
export async function uploadsSnapshot(): Promise<
  (via: UploadVia, kind: 'image' | 'video', result: 'accepted' | 'refused') => Promise<number>
> {
  const before = new Map<string, number>();
  for (const via of ['tus', 'form', 'telegram'] as const)
    for (const kind of ['image', 'video'] as const)
      for (const result of ['accepted', 'refused'] as const)
        before.set(`${via} ${kind} ${result}`, await uploadsCounted(via, kind, result));
  return async (via, kind, result) => (await uploadsCounted(via, kind, result)) - before.get(`${via} ${kind} ${result}`)!;
}
