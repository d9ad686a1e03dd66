// Where Tinify's `store` may upload: the caller's bucket on AWS's S3 endpoint for the region they name (or the one
// endpoint the operator configured, TINIFY_STORE_S3_ENDPOINT), never a host the caller chooses. Every part of the
// target is checked here, before any work, so a bad request is a 400 that costs nothing
// (docs/decisions/0341-tinify-store.md).
import { TINIFY_STORE_HEADERS, type TinifyStore } from '#contract/tinify';
import { refusedLiteralHost } from '#server/net/safe-lookup';
import { TinifyError } from './tinify-error';

export interface StorePolicy {
  /** An S3-compatible endpoint used instead of AWS (no trailing slash); unset: AWS, by region. */
  endpoint?: string;
  /** Hosts that may be private or loopback addresses. */
  allowedHosts: readonly string[];
}

export interface StoreTarget {
  /** Unset: AWS's endpoint for the region, chosen by the SDK. */
  endpoint?: string;
  region: string;
  bucket: string;
  key: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** PutObject's own parameters for the headers asked for. */
  headers: { CacheControl?: string; ContentDisposition?: string; ContentLanguage?: string; Expires?: Date };
  acl?: 'public-read';
  /** Where the object is, for the answer's Location. */
  location: string;
}

const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
// S3's bucket naming rules; names shaped like an IP address are not allowed.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_LIKE = /^\d+\.\d+\.\d+\.\d+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const refuse = (message: string) => new TinifyError(400, 'BadRequest', message);

/** The checked target of a `store` request; throws Tinify's 400 for anything missing or not allowed. */
export function storeTarget(store: TinifyStore, policy: StorePolicy): StoreTarget {
  const region = store.region ?? 'us-east-1';
  if (!REGION.test(region)) throw refuse(`store.region "${region}" is not an AWS region name such as us-east-1`);
  const slash = store.path.indexOf('/');
  const bucket = slash < 0 ? store.path : store.path.slice(0, slash);
  const key = slash < 0 ? '' : store.path.slice(slash + 1);
  if (!BUCKET.test(bucket) || IP_LIKE.test(bucket) || bucket.includes('..')) {
    throw refuse(`store.path must start with a valid bucket name ("${bucket}" is not one): bucket/path/name.png`);
  }
  if (!key || Buffer.byteLength(key) > 1024 || CONTROL.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw refuse('store.path must name an object in the bucket (bucket/path/name.png, at most 1024 bytes after the bucket, no "." or ".." segments)');
  }
  const endpoint = policy.endpoint;
  if (endpoint && refusedLiteralHost(new URL(endpoint), policy.allowedHosts)) {
    throw refuse('Storing is refused: the storage endpoint is a private or loopback address');
  }
  const base = endpoint ?? `https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;
  return {
    endpoint,
    region,
    bucket,
    key,
    credentials: { accessKeyId: store.aws_access_key_id, secretAccessKey: store.aws_secret_access_key },
    headers: objectHeaders(store.headers ?? {}),
    acl: store.acl === 'public-read' ? 'public-read' : undefined,
    location: `${base}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
  };
}

function objectHeaders(headers: Record<string, string>): StoreTarget['headers'] {
  const out: StoreTarget['headers'] = {};
  for (const [name, value] of Object.entries(headers)) {
    if (CONTROL.test(value)) throw refuse(`store.headers.${name} contains control characters`);
    switch (name.toLowerCase()) {
      case 'cache-control':
        out.CacheControl = value;
        break;
      case 'content-disposition':
        out.ContentDisposition = value;
        break;
      case 'content-language':
        out.ContentLanguage = value;
        break;
      case 'expires': {
        const when = new Date(value);
        if (Number.isNaN(when.getTime())) throw refuse('store.headers.Expires must be an HTTP date');
        out.Expires = when;
        break;
      }
      default:
        throw refuse(`store.headers may set ${TINIFY_STORE_HEADERS.join(', ')}; not ${name}`);
    }
  }
  return out;
}
