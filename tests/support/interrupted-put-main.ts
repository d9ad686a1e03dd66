// A process that starts storing an object through the S3 driver and never finishes: the body yields 12 MiB and then
// waits for ever, so the multipart upload is under way when the test kills this process with SIGKILL.
import { Readable } from 'node:stream';
import { S3Driver } from '#server/storage/s3-driver';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const driver = new S3Driver({
  bucket: env('BUCKET'),
  prefix: '',
  endpoint: env('S3_ENDPOINT'),
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: env('AWS_ACCESS_KEY_ID'), secretAccessKey: env('AWS_SECRET_ACCESS_KEY') },
  partSizeBytes: 5 * 1024 * 1024,
});

async function* neverEnding(): AsyncGenerator<Buffer> {
  for (let i = 0; i < 12; i++) yield Buffer.alloc(1024 * 1024, i);
  // Stays alive (a timer holds the event loop) until the test kills it.
  await new Promise(() => setInterval(() => undefined, 60_000));
}

await driver.put(env('KEY'), Readable.from(neverEnding()));
