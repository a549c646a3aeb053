/**
 * What the image step asks of sharp, watched at sharp's own methods: each
 * header read (metadata), pixel statistics (stats) and pipeline run
 * (toBuffer, where libvips decodes and encodes, and where sharp's time limit
 * counts), with the time limit the pipeline was given.
 *
 * Held, a run never finishes: it is work that cannot end in time, however
 * fast the machine. A fake clock stands in for libvips' own, which counts
 * from the moment a pipeline starts: moved past a run's limit, the run fails
 * as sharp fails it, with sharp's words. So a test proves the limit, not
 * the machine's speed, ends the work.
 */
import sharp, { type Sharp } from 'sharp';

/** How sharp words a pipeline its time limit stopped (sharp 0.34.5, as it stopped a 49-megapixel PNG here); a held run did none of its work. */
export const SHARP_TIMEOUT_MESSAGE = 'timeout: 0% complete\nVipsImage: killed for image "temp-1"';

export interface SharpRun {
  step: 'metadata' | 'stats' | 'toBuffer';
  /** The time limit the pipeline was given, in seconds; 0, sharp's default, is none. sharp enforces it in toBuffer only. */
  limitSeconds: number;
}

export interface WatchedSharp {
  /** Every call so far, in order. */
  readonly runs: readonly SharpRun[];
  /** Resolves once `count` pipelines (toBuffer) have started. */
  started(count: number): Promise<void>;
  /** Moves the held pipelines' clock on by `ms`: each whose limit has now passed fails with SHARP_TIMEOUT_MESSAGE. */
  advance(ms: number): void;
  /** Gives sharp its methods back. */
  restore(): void;
}

interface Held {
  limitSeconds: number;
  startedAt: number;
  fail: (error: Error) => void;
}

/**
 * Watches sharp until restore(): with `pipelines: 'run'` every pipeline runs
 * as usual; with 'hold' none finishes unless the fake clock passes its
 * limit. Header reads and statistics always run.
 */
export function watchSharp(pipelines: 'run' | 'hold'): WatchedSharp {
  // sharp's methods live on its constructor's prototype, which every pipeline the code under test makes shares.
  const prototype: Sharp = sharp.prototype;
  const original = { timeout: prototype.timeout, metadata: prototype.metadata, stats: prototype.stats, toBuffer: prototype.toBuffer };
  const limits = new WeakMap<Sharp, number>();
  const runs: SharpRun[] = [];
  const held: Held[] = [];
  const waiting: { count: number; resume: () => void }[] = [];
  let now = 0;

  const record = (pipeline: Sharp, step: SharpRun['step']) => runs.push({ step, limitSeconds: limits.get(pipeline) ?? 0 });
  const pipelinesStarted = () => runs.filter((run) => run.step === 'toBuffer').length;

  prototype.timeout = function (this: Sharp, options: { seconds: number }) {
    limits.set(this, options.seconds);
    return original.timeout.call(this, options);
  };
  prototype.metadata = function (this: Sharp) {
    record(this, 'metadata');
    return original.metadata.call(this);
  } as Sharp['metadata'];
  prototype.stats = function (this: Sharp) {
    record(this, 'stats');
    return original.stats.call(this);
  } as Sharp['stats'];
  prototype.toBuffer = function (this: Sharp, options?: { resolveWithObject: boolean }) {
    record(this, 'toBuffer');
    for (const wait of waiting.filter(({ count }) => pipelinesStarted() >= count)) wait.resume();
    if (pipelines === 'run') return original.toBuffer.call(this, options as { resolveWithObject: true });
    const limitSeconds = limits.get(this) ?? 0;
    return new Promise((_resolve, fail) => held.push({ limitSeconds, startedAt: now, fail }));
  } as Sharp['toBuffer'];

  return {
    runs,
    started: (count) => (pipelinesStarted() >= count ? Promise.resolve() : new Promise((resume) => waiting.push({ count, resume }))),
    advance(ms) {
      now += ms;
      for (const run of [...held]) {
        if (run.limitSeconds > 0 && now - run.startedAt >= run.limitSeconds * 1000) {
          held.splice(held.indexOf(run), 1);
          run.fail(new Error(SHARP_TIMEOUT_MESSAGE));
        }
      }
    },
    restore: () => Object.assign(prototype, original),
  };
}
