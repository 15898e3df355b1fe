/** The subset of pino (Fastify's logger) and console the background workers write to. */
export type WorkerLogger = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

export const silentLogger: WorkerLogger = { info() {}, warn() {}, error() {} };

export type PeriodicWorker<Result> = {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Runs now (also while the timer runs); runs of one worker never overlap. */
  runOnce(): Promise<Result>;
};

/**
 * Runs `run` at once and then `intervalMs` after each run ends, one run at a time. A failing run is
 * logged with `failureMessage` and the next one comes after the interval as usual.
 */
export function startPeriodicWorker<Result>({
  run,
  idle,
  intervalMs,
  logger = silentLogger,
  failureMessage,
}: {
  run: () => Promise<Result>;
  /** What `runOnce` answers for a run that failed, to the run queued after it. */
  idle: Result;
  intervalMs: number;
  logger?: WorkerLogger;
  failureMessage: string;
}): PeriodicWorker<Result> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Result> = Promise.resolve(idle);

  const runOnce = (): Promise<Result> => {
    running = running.catch(() => idle).then(run);
    return running;
  };

  const tick = async () => {
    try {
      await runOnce();
    } catch (error) {
      logger.error({ err: error }, failureMessage);
    }
    // Unref'd: a worker never keeps a process alive on its own; the server stops it on shutdown.
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, 0).unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
    runOnce,
  };
}
