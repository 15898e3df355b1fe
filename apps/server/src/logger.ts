import { pino } from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/**
 * Whether the log is for a person: LOG_FORMAT decides when set; otherwise a terminal (`npm start`
 * typed by hand) and development (`npm run dev`, whose output turbo pipes) get readable lines, and a
 * process manager or container, whose stdout is a pipe or file, gets one JSON object per line.
 */
export function prettyLogs(
  config: Pick<Config, 'logFormat' | 'nodeEnv'>,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): boolean {
  if (config.logFormat) return config.logFormat === 'pretty';
  return stdoutIsTerminal || config.nodeEnv === 'development';
}

/** pino's JSON, or pino-pretty's lines: the time, level, message and the request id (`reqId`) they carry. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv' | 'logFormat'>): Logger {
  return pino({
    level: config.logLevel,
    ...(prettyLogs(config)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
