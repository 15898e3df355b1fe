import { pino } from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/** Structured JSON logs; human-readable ones only in development, where pino-pretty is installed. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  return pino({
    level: config.logLevel,
    ...(config.nodeEnv === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
