/**
 * The bot's sends as metrics (issue 32): every Bot API call that sends or edits a message, by
 * method and result, counted once whatever the retries in between.
 */
import type { Transformer } from 'grammy';
import { counter } from '#platform/metrics/metrics.server.ts';

const SENDING = /^(send|edit|copy|forward)/;

/** A grammY API transformer counting `sefer_telegram_sends_total{method,result}`. */
export function countSends(): Transformer {
  const sends = counter('sefer_telegram_sends_total', {
    help: 'Telegram Bot API sends and edits, by method and result (ok, failed)',
    labelNames: ['method', 'result'],
  });
  return async (prev, method, payload, signal) => {
    if (!SENDING.test(method)) return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      sends.inc({ method, result: result.ok ? 'ok' : 'failed' });
      return result;
    } catch (error) {
      sends.inc({ method, result: 'failed' });
      throw error;
    }
  };
}
