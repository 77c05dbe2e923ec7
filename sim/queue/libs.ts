/**
 * BullMQ and ioredis, loaded on first use: together they take ~0.5 s to load, and only
 * `run --queue` and `squadsim worker` need them, so every other command starts without.
 */
import type * as BullMQ from 'bullmq';
import type * as IORedis from 'ioredis';

let bull: typeof BullMQ | undefined;
let redis: typeof IORedis | undefined;

export async function bullmq(): Promise<typeof BullMQ> {
  return (bull ??= await import('bullmq'));
}

export async function ioredis(): Promise<typeof IORedis> {
  return (redis ??= await import('ioredis'));
}
