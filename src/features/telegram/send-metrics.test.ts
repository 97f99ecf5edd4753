import { describe, expect, it } from 'vitest';
import { metricsText } from '#platform/metrics/metrics.server.ts';
import { countSends } from './send-metrics.server.ts';

type Prev = Parameters<ReturnType<typeof countSends>>[0];

describe('the bot sends as metrics', () => {
  it('counts each send and edit once by method and result, and no other call', async () => {
    const transform = countSends();
    const ok = (async () => ({ ok: true, result: true })) as unknown as Prev;
    const refused = (async () => ({ ok: false, error_code: 403, description: 'Forbidden' })) as unknown as Prev;
    const broken = (async () => {
      throw new Error('network down');
    }) as unknown as Prev;
    await transform(ok, 'sendMessage', {} as never);
    await transform(ok, 'sendMessage', {} as never);
    await transform(refused, 'sendPhoto', {} as never);
    await expect(transform(broken, 'editMessageText', {} as never)).rejects.toThrow('network down');
    await transform(ok, 'getChat', {} as never);
    const text = (await metricsText()).body;
    expect(text).toContain('sefer_telegram_sends_total{method="sendMessage",result="ok"} 2');
    expect(text).toContain('sefer_telegram_sends_total{method="sendPhoto",result="failed"} 1');
    expect(text).toContain('sefer_telegram_sends_total{method="editMessageText",result="failed"} 1');
    expect(text).not.toContain('method="getChat"');
  });
});
