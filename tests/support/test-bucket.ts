// The scale-out tests' buckets on the run's object store (TEST_S3_* from the global setup): one per backing, named
// with the test process id like its database, created empty and removed with everything in it.
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

export function testS3(): { endpoint: string; accessKeyId: string; secretAccessKey: string } {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  const accessKeyId = process.env.TEST_S3_ACCESS_KEY_ID;
  const secretAccessKey = process.env.TEST_S3_SECRET_ACCESS_KEY;
  if (!endpoint || !accessKeyId || !secretAccessKey) {
    throw new Error('TEST_S3_ENDPOINT is not set: start the scale-out tests through vitest (its global setup provides a Ceph RADOS Gateway)');
  }
  return { endpoint, accessKeyId, secretAccessKey };
}

export function testS3Client(s3 = testS3()): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** What a server process needs to keep its files in the bucket. */
export function bucketEnv(bucket: string, s3 = testS3()): Record<string, string> {
  return { STORAGE_URL: `s3://${bucket}`, S3_ENDPOINT: s3.endpoint, AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey };
}

export async function createBucket(bucket: string, client = testS3Client()): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
}

/** Every key in the bucket with its size. */
export async function listObjects(bucket: string, client = testS3Client()): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) out.set(o.Key!, o.Size ?? 0);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

export async function getObject(bucket: string, key: string, client = testS3Client()): Promise<Buffer> {
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

export async function putObject(bucket: string, key: string, body: Buffer, client = testS3Client()): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
}

export async function incompleteUploads(bucket: string, client = testS3Client()): Promise<number> {
  return (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads?.length ?? 0;
}

/** Empties and removes the bucket (a missing bucket is fine). */
export async function dropBucket(bucket: string, client = testS3Client()): Promise<void> {
  let keys: string[];
  try {
    keys = [...(await listObjects(bucket, client)).keys()];
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchBucket') return;
    throw err;
  }
  await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
  const uploads = (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? [];
  for (const u of uploads) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }));
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}

export async function bucketNames(client = testS3Client()): Promise<string[]> {
  return ((await client.send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name!);
}
