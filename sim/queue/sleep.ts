/** Resolves after `ms`, or as soon as one of the signals is aborted: the queue's poll loops wait with it and still stop at once on Ctrl-C. */
export function sleep(ms: number, ...signals: (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve) => {
    const live = signals.filter((s): s is AbortSignal => s !== undefined);
    const done = (): void => {
      clearTimeout(t);
      for (const s of live) s.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    for (const s of live) s.addEventListener('abort', done, { once: true });
    if (live.some((s) => s.aborted)) done();
  });
}
