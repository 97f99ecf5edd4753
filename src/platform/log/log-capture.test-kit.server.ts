/** The log lines a test caused, read as objects (the process's logger, tapped: nothing reaches stdout meanwhile). */
import { tapLog } from './log.server.ts';

export interface LogLine {
  level: number;
  msg: string;
  component?: string;
  err?: { message: string; stack: string; type: string };
  [field: string]: unknown;
}

export function captureLog(): { lines: LogLine[]; messages: () => string[]; stop: () => void } {
  const lines: LogLine[] = [];
  const stop = tapLog((line) => void lines.push(JSON.parse(line) as LogLine));
  return { lines, messages: () => lines.map((line) => line.msg), stop: () => void stop() };
}
