// Entry point of a codec process: compresses one stored file at a time on request from its parent.
// Running the codec here, not in the server, means a native crash, a runaway encode or a memory blow-up
// on one hostile image ends this process only; the parent counts it against that one job.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { MAX_INPUT_PIXELS } from '#contract/limits';
import { compress, makePreview } from '#server/codec/index';
import { estimate } from '#server/codec/index';
import {
  lowerPriority,
  type CodecRequest,
  type EstimateFileRequest,
  type ReplyBody,
  type ReplyMessage,
  type RequestMessage,
} from './protocol';
import { codecLog } from './codec-log';
import { serializeError } from '#codec-core/index';

if (!process.send) throw new Error('codec-process must be started by the codec pool (it talks over IPC)');

// JSON lines on the stdout it shares with the server, at the server's level (its one argument), in the server's
// shape: each request's line names its job and the request id of the upload, so one grep finds both sides.
const log = codecLog(process.argv[2] ?? 'warn');

// Linux keeps a priority per thread, and threads inherit it only when they are created: the parent lowered our
// main thread at once, and this catches any thread Node started before that took effect.
const threads = fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task') : [];
for (const tid of threads) lowerPriority(Number(tid));

// The parent is gone (crashed, killed with -9): nobody will read our result.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: RequestMessage) => void handle(message));
// The codec (and sharp with it) is loaded by now: the parent may send work.
process.send({ ready: true });

async function handle(message: RequestMessage): Promise<void> {
  const started = performance.now();
  const body =
    message.kind === 'estimate' ? await estimateOne(message.request) : await compressOne(message.request);
  const reply: ReplyMessage = { id: message.id, rssBytes: process.memoryUsage.rss(), ...body };
  process.send!(reply);
  const { trace } = message.request;
  const line = { kind: message.kind, jobId: trace?.jobId, requestId: trace?.requestId, ms: Math.round(performance.now() - started), rssBytes: reply.rssBytes };
  if (body.ok) log.info(line, 'codec request done');
  else log.warn({ ...line, error: body.error.kind ?? body.error.code ?? 'error' }, 'codec request failed');
}

async function compressOne(request: CodecRequest): Promise<ReplyBody> {
  let body: ReplyBody;
  try {
    const input = await fsp.readFile(request.inputPath);
    const result = await compress(input, { ...request.settings, ...request.limits });
    await fsp.writeFile(request.outputPath, result.data);
    const previewWritten = request.previewPath ? await writePreview(result.data, request.previewPath, request.limits?.maxPixels ?? MAX_INPUT_PIXELS) : false;
    const { data: _bytes, ...facts } = result;
    body = { ok: true, outcome: { ...facts, previewWritten } };
  } catch (err) {
    await fsp.rm(request.outputPath, { force: true }).catch(() => undefined);
    if (request.previewPath) await fsp.rm(request.previewPath, { force: true }).catch(() => undefined);
    body = { ok: false, error: serializeError(err) };
  }
  return body;
}

async function estimateOne(request: EstimateFileRequest): Promise<ReplyBody> {
  try {
    const { preview, ...outcome } = await estimate(await fsp.readFile(request.inputPath), { ...request.settings, ...request.limits, region: request.region });
    await fsp.writeFile(request.previewPath, preview);
    return { ok: true, outcome };
  } catch (err) {
    await fsp.rm(request.previewPath, { force: true }).catch(() => undefined);
    return { ok: false, error: serializeError(err) };
  }
}

/** The card preview is a convenience: if it cannot be made, the card shows an icon and the job still completes. */
async function writePreview(result: Buffer, previewPath: string, maxPixels: number): Promise<boolean> {
  try {
    await fsp.writeFile(previewPath, await makePreview(result, maxPixels));
    return true;
  } catch {
    await fsp.rm(previewPath, { force: true }).catch(() => undefined);
    return false;
  }
}
