// A worker thread that runs the CLI's main(args) (dist/app.js) for the fuzz corpus, one
// case at a time, capturing what it prints. In a thread of its own so that a case that
// hangs, even in a synchronous loop, can be stopped (Worker.terminate) and reported.
import { parentPort, workerData } from 'node:worker_threads';

const { main } = await import(workerData.app);
const LIMIT = 20_000;

/** Replaces stream.write with a collector; returns a function that restores it. */
function capture(stream, sink) {
  const original = stream.write;
  stream.write = (chunk, ...rest) => {
    if (sink.text.length < LIMIT) sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = rest.find((x) => typeof x === 'function');
    if (done) queueMicrotask(() => done());
    return true;
  };
  return () => (stream.write = original);
}

parentPort.on('message', async ({ id, args }) => {
  const out = { text: '' }, err = { text: '' };
  const restore = [capture(process.stdout, out), capture(process.stderr, err)];
  let code;
  const t0 = performance.now();
  try {
    code = await main(args);
  } catch (e) {
    code = 'threw';
    err.text += String(e?.stack ?? e);
  } finally {
    restore.forEach((r) => r());
  }
  parentPort.postMessage({ id, code, stdout: out.text.slice(0, LIMIT), stderr: err.text.slice(0, LIMIT), ms: performance.now() - t0 });
});
