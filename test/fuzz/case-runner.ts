/**
 * Runs CLI cases in worker threads (main-worker.mjs: main(args) in-process, no spawn) with
 * a time limit per case: a case over the limit is a hang, its thread is terminated and a
 * fresh one takes its place.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { assertDistFresh, ROOT } from '../dist-fresh.ts';

export interface CaseResult {
  /** The exit code, 'timeout' for a hang, 'threw' when main() itself threw. */
  code: number | 'timeout' | 'threw';
  stdout: string;
  stderr: string;
  ms: number;
}

const APP = join(ROOT, 'dist', 'app.js');

export class CaseRunner {
  private worker: Worker | undefined;
  private next = 0;

  constructor(private readonly timeoutMs: number) {
    assertDistFresh(APP, ['cli', 'sim', 'engine', 'analysis', 'reports', 'resultsdoc']);
  }

  private spawn(): Worker {
    const w = new Worker(join(import.meta.dirname, 'main-worker.mjs'), { workerData: { app: APP }, stdout: true, stderr: true });
    // Everything a case prints is captured in the thread; drain what bypasses that.
    w.stdout.resume();
    w.stderr.resume();
    w.unref();
    return w;
  }

  /** Runs `squadsim ...args` in this runner's thread. */
  run(args: readonly string[]): Promise<CaseResult> {
    const w = (this.worker ??= this.spawn());
    const id = this.next++;
    const t0 = performance.now();
    return new Promise((resolve) => {
      const done = (r: CaseResult): void => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        resolve(r);
      };
      const onMessage = (m: CaseResult & { id: number }): void => {
        if (m.id === id) done({ code: m.code, stdout: m.stdout, stderr: m.stderr, ms: m.ms });
      };
      const onError = (e: Error): void => {
        this.worker = undefined;
        done({ code: 'threw', stdout: '', stderr: String(e.stack ?? e), ms: performance.now() - t0 });
      };
      const timer = setTimeout(() => {
        this.worker = undefined;
        void w.terminate();
        done({ code: 'timeout', stdout: '', stderr: `no exit within ${this.timeoutMs} ms`, ms: performance.now() - t0 });
      }, this.timeoutMs);
      w.on('message', onMessage);
      w.on('error', onError);
      w.postMessage({ id, args: [...args] });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
