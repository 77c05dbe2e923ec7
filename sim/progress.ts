import cliProgress from 'cli-progress';

export type ProgressFn = (gamesDone: number, gamesTotal: number) => void;

export interface Progress {
  update(gamesDone: number): void;
  /** A new expected total (run --target-error re-estimates it as it goes). */
  setTotal(total: number): void;
  stop(): void;
}

const NONE: Progress = { update() {}, setTotal() {}, stop() {} };

/**
 * A progress reporter. `true` draws a cli-progress bar on stderr, and only when stderr is
 * a terminal, so stdout (e.g. `--json`) stays clean and logs and pipes get no escape codes.
 * A function receives (done, total) instead, at most every `everyMs`.
 */
export function makeProgress(opt: boolean | ProgressFn | undefined, total: number, everyMs = 100): Progress {
  if (!opt) return NONE;
  if (typeof opt === 'function') return throttled(opt, total, everyMs);
  if (!process.stderr.isTTY) return NONE;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'games {bar} {percentage}% | {value}/{total} | {speed} games/s | ETA {eta_text}',
      fps: 10,
      clearOnComplete: true,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  bar.start(total, 0, { speed: 0, eta_text: '…' });
  return {
    update(done) {
      const s = (performance.now() - t0) / 1000, speed = s > 0 ? done / s : 0;
      bar.update(done, { speed: Math.round(speed), eta_text: speed > 0 ? formatEta((bar.getTotal() - done) / speed) : '…' });
    },
    setTotal(total) {
      bar.setTotal(total);
    },
    stop() {
      bar.stop();
    },
  };
}

function throttled(fn: ProgressFn, total: number, everyMs: number): Progress {
  let last = -Infinity;
  return {
    update(done) {
      const now = performance.now();
      if (done < total && now - last < everyMs) return;
      last = now;
      fn(done, total);
    },
    setTotal(t) {
      total = t;
    },
    stop() {},
  };
}

/**
 * Seconds left as "45s", "3m05s" or "1h02m": rounded to whole seconds before it is split, so
 * it never shows "1m60s" (cli-progress's own ETA did).
 */
export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  const t = Math.round(seconds);
  if (t < 60) return `${t}s`;
  if (t < 3600) return `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s`;
  const m = Math.round(t / 60);
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
