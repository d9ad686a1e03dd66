// Entry point of a codec process: compresses one stored file at a time on request from its parent.
// Running the codec here, not in the server, means a native crash, a runaway encode or a memory blow-up
// on one hostile image ends this process only; the parent counts it against that one job.
import fsp from 'node:fs/promises';
import os from 'node:os';
import { compress } from '../codec';
import { CODEC_NICENESS, serializeError, type ReplyBody, type ReplyMessage, type RequestMessage } from './protocol';

if (!process.send) throw new Error('codec-process must be started by the codec pool (it talks over IPC)');

// Compression is batch work: when the server's event loop needs a core to answer a poll or take an upload,
// it gets it first. Spare CPU still all goes to compression.
os.setPriority(CODEC_NICENESS);

// The parent is gone (crashed, killed with -9): nobody will read our result.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: RequestMessage) => void handle(message));
// The codec (and sharp with it) is loaded by now: the parent may send work.
process.send({ ready: true });

async function handle({ id, request }: RequestMessage): Promise<void> {
  let body: ReplyBody;
  try {
    const input = await fsp.readFile(request.inputPath);
    const result = await compress(input, {
      quality: request.quality,
      type: request.type,
      maxPixels: request.maxPixels,
      timeoutSeconds: request.timeoutSeconds,
    });
    await fsp.writeFile(request.outputPath, result.data);
    body = { ok: true, outcome: { input: result.input, output: result.output, keptOriginal: result.keptOriginal } };
  } catch (err) {
    await fsp.rm(request.outputPath, { force: true }).catch(() => undefined);
    body = { ok: false, error: serializeError(err) };
  }
  const reply: ReplyMessage = { id, rssBytes: process.memoryUsage.rss(), ...body };
  process.send!(reply);
}
