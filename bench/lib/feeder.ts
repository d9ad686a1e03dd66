// Keeps the server's workers busy: one guest tops up its queue with photos so jobs are always running.
import type { QueueStatus } from '#contract/api';
import { newGuest, upload, type HttpClient } from './api';
import { throughputSet, type CorpusImage } from './corpus';
import { sleep } from './pool';

export interface Feeder {
  client: HttpClient;
  /** Resolves once the workers are all busy (or after a timeout). */
  ready: Promise<void>;
  /** Stops topping up, clears what is still pending and waits until nothing runs. */
  stop: () => Promise<FeederReport>;
}

export interface FeederReport {
  uploaded: number;
  completed: number;
  /** Share of status samples (every 250 ms) in which `busy` jobs were processing. */
  busyShare: number;
  samples: number;
}

const BATCH = 6;

export async function startFeeder(baseUrl: string, busy = 3, images: CorpusImage[] = throughputSet().filter((i) => /\.jpe?g$/i.test(i.name))): Promise<Feeder> {
  const client = await newGuest(baseUrl);
  let next = 0;
  const nextBatch = () => Array.from({ length: BATCH }, () => images[next++ % images.length]!);
  let uploaded = 0;
  let stopped = false;
  let measuring = false;
  let samples = 0;
  let busySamples = 0;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  setTimeout(markReady, 15_000).unref();

  const status = async () => (await client.getJson<QueueStatus>('/api/queue/status')).body;
  let failure: unknown;
  const loop = (async () => {
    while (!stopped) {
      const s = await status();
      if (s.processing >= busy) {
        markReady();
        measuring = true;
      }
      if (measuring) {
        samples++;
        if (s.processing >= busy) busySamples++;
      }
      if (s.pending < BATCH) {
        await upload(client, nextBatch());
        uploaded += BATCH;
      }
      await sleep(250);
    }
  })().catch((err: unknown) => {
    failure = err;
    markReady();
  });

  return {
    client,
    ready,
    stop: async () => {
      stopped = true;
      await loop;
      if (failure) throw failure;
      await (await client.request('POST', '/api/queue/clear')).arrayBuffer();
      let s = await status();
      const deadline = Date.now() + 60_000;
      while (s.processing > 0 && Date.now() < deadline) {
        await sleep(100);
        s = await status();
      }
      return { uploaded, completed: s.completed, busyShare: samples ? busySamples / samples : 0, samples };
    },
  };
}
