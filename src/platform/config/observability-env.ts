/**
 * The settings of the log and of /metrics (issue 32), checked with the rest of the environment
 * (config.server.ts).
 */
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Loopback only: a Prometheus on this machine (or one that sends METRICS_TOKEN). */
export const DEFAULT_METRICS_ALLOW = '127.0.0.1/8,::1/128';

export const observabilityEnv = {
  LOG_LEVEL: z
    .enum([...LOG_LEVELS, ''], { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .optional()
    .transform((v) => (v ? v : 'info') as LogLevel),
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? DEFAULT_METRICS_ALLOW)
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^[\d.]+\/\d{1,2}$|^[\da-f:]+\/\d{1,3}$/i, 'must be a comma-separated list of CIDR ranges (10.0.0.0/8, ::1/128)'),
      ),
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
};
