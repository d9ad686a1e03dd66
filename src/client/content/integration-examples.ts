// The /developers page's integration examples: the GitHub Action, webhooks (receiving and verifying events), the
// watching command-line client and the Tinify clients. Each takes the server's origin so a copied snippet works
// against this deployment; a unit test runs the signature checks and matches the workflow against action.yml.
import { keyLine } from './api-examples';

/** Where the Action is published (owner/repository@version). */
export const GITHUB_ACTION = 'imagesqueeze/imagesqueeze@v1';

export interface IntegrationGroup {
  id: string;
  title: string;
  intro: string;
  examples: { id: string; label: string; code: string }[];
}

/** Verifies a Standard Webhooks signature in Node (no library); `rawBody` must be the body exactly as received. */
export const WEBHOOK_VERIFY_NODE = `import crypto from 'node:crypto';

export function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  // Refuse old or future-dated events (replays).
  if (!id || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) throw new Error('stale or unsigned event');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  const valid = String(headers['webhook-signature'] ?? '').split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('bad signature');
  return JSON.parse(rawBody);
}`;

/** The same check in Python 3 (standard library only). */
export const WEBHOOK_VERIFY_PYTHON = `import base64, hashlib, hmac, json, time

def verify_webhook(secret: str, headers: dict, raw_body: bytes) -> dict:
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    # Refuse old or future-dated events (replays).
    if abs(time.time() - int(timestamp)) > 300:
        raise ValueError("stale event")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in headers.get("webhook-signature", "").split(" "):
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(raw_body)
    raise ValueError("bad signature")`;

/** `key`: the visitor's key when /developers has one (see api-examples.ts), filled into the shell examples. */
export function integrationGroups(origin: string, key: string | null = null): IntegrationGroup[] {
  return [
    {
      id: 'github-action',
      title: 'GitHub Action',
      intro:
        'Compresses the images a pull request adds or changes, commits the smaller files to its branch and keeps one summary comment up to date. Store your API key as the repository secret IMAGESQUEEZE_API_KEY.',
      examples: [
        {
          id: 'workflow',
          label: '.github/workflows/images.yml',
          code: `name: Compress images
on:
  pull_request:
    paths: ['**.jpg', '**.jpeg', '**.png', '**.webp', '**.avif']
permissions:
  contents: write        # push the compressed files
  pull-requests: write   # post the summary comment
jobs:
  compress:
    # Pull requests from forks cannot be pushed to: the action only reports there.
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.head_ref }}   # the PR branch itself, not the merge commit
      - uses: ${GITHUB_ACTION}
        with:
          server-url: ${origin}
          api-key: \${{ secrets.IMAGESQUEEZE_API_KEY }}
          include: 'assets/**/*.{jpg,jpeg,png}'
          exclude: 'assets/vendor/**'
          min-saving-percent: '2'
          quality: '80'
          metadata: strip
          commit: 'true'           # 'false' only reports`,
        },
      ],
    },
    {
      id: 'webhooks',
      title: 'Webhooks',
      intro:
        'Register a URL with POST /api/webhooks (a key or a signed-in session); the answer shows its signing secret once. Each job.completed or job.failed event is a signed JSON POST, retried with backoff for 24 hours until you answer 2xx within 10 seconds; webhook-id stays the same on retries, so drop duplicates by it. Uploads may also carry a callbackUrl for that batch only.',
      examples: [
        {
          id: 'register',
          label: 'Register (curl)',
          code: `curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com/hooks/imagesqueeze", "events": ["job.completed", "job.failed"]}' \\
  ${origin}/api/webhooks
# -> {"id": "...", "secret": "whsec_...", ...}: keep the secret; it is not shown again

# Every attempt of every delivery, newest first
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" ${origin}/api/webhooks/WEBHOOK_ID/deliveries

# One batch only: the answer's "callback" holds its id and secret
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" -F images=@photo.jpg \\
  -F callbackUrl=https://example.com/hooks/batch ${origin}/api/compress`,
        },
        {
          id: 'node',
          label: 'Verify in Node.js',
          code: `${WEBHOOK_VERIFY_NODE}

// A receiver with node:http: read the raw body, verify, answer 2xx quickly.
import http from 'node:http';
http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      const event = verifyWebhook(process.env.IMAGESQUEEZE_WEBHOOK_SECRET, req.headers, body);
      console.log(event.type, event.data.id, event.data.compressedSize);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
}).listen(8080);`,
        },
        {
          id: 'python',
          label: 'Verify in Python',
          code: `${WEBHOOK_VERIFY_PYTHON}

# With Flask: request.get_data() is the raw body.
from flask import Flask, request
import os

app = Flask(__name__)

@app.post("/hooks/imagesqueeze")
def imagesqueeze_hook():
    try:
        event = verify_webhook(os.environ["IMAGESQUEEZE_WEBHOOK_SECRET"], request.headers, request.get_data())
    except (KeyError, ValueError):
        return "", 400
    print(event["type"], event["data"]["id"])
    return "", 204`,
        },
      ],
    },
    {
      id: 'watch',
      title: 'Watch a folder',
      intro:
        'The imagesqueeze command compresses files as they appear or change in a folder tree, once they stop changing. Results mirror the tree under --out (or replace the files with --in-place, keeping .orig backups); files already done are skipped; Ctrl-C stops after the running files and prints a summary.',
      examples: [
        {
          id: 'cli',
          label: 'imagesqueeze --watch',
          code: `# In a checkout of ImageSqueeze, after npm ci (the command is bin/imagesqueeze.js)
${keyLine(key)}
export IMAGESQUEEZE_SERVER=${origin}

npx imagesqueeze --watch ~/Pictures/exports --out ~/Pictures/web --format webp --max-width 2000 --metadata strip
npx imagesqueeze --watch ./uploads --in-place --mode size --target-size 200000`,
        },
      ],
    },
    {
      id: 'tinify',
      title: 'Tinify clients',
      intro:
        'The Tinify-compatible endpoints (/shrink, /output/{id}) take an API key as the password of HTTP Basic auth (user "api"). Clients that let you change their endpoint work unchanged once pointed here; our tests run the official Node.js client this way. The official clients for other languages keep the endpoint in a constant of their Client class (Python: tinify.Client.API_ENDPOINT, Ruby: Tinify::Client::API_ENDPOINT; PHP and Java fix it at compile time) and trust only their bundled certificate list, so point them here with the same two changes or use our API directly.',
      examples: [
        {
          id: 'node',
          label: 'tinify (Node.js)',
          code: `import tls from 'node:tls';
import tinify from 'tinify';

tinify.key = process.env.IMAGESQUEEZE_API_KEY;
tinify.Client.API_ENDPOINT = '${origin}';
// The client trusts only its bundled certificate list; trust the system's public ones for this server.
tinify.Client.CA_BUNDLE = tls.rootCertificates.join('\\n');

await tinify.fromFile('photo.jpg').toFile('photo.min.jpg');
await tinify.fromFile('photo.jpg').resize({ method: 'fit', width: 800, height: 600 }).toFile('photo.800.jpg');
// Straight into your own S3 bucket, with your credentials (only service 's3'; add acl: 'public-read' for public objects).
await tinify.fromFile('photo.jpg').store({
  service: 's3',
  aws_access_key_id: process.env.AWS_ACCESS_KEY_ID,
  aws_secret_access_key: process.env.AWS_SECRET_ACCESS_KEY,
  region: 'us-east-1',
  path: 'my-bucket/images/photo.jpg',
  headers: { 'Cache-Control': 'public, max-age=31536000' },
}).location();`,
        },
        {
          id: 'curl',
          label: 'curl',
          code: `curl -s --user api:$IMAGESQUEEZE_API_KEY --data-binary @photo.jpg -D - ${origin}/shrink
# Location: ${origin}/output/OUTPUT_ID
curl -s --user api:$IMAGESQUEEZE_API_KEY -o photo.min.jpg ${origin}/output/OUTPUT_ID
# Or store it in your S3 bucket: 200 with Location (the object), Image-Width and Image-Height
curl -s --user api:$IMAGESQUEEZE_API_KEY -H 'Content-Type: application/json' -D - ${origin}/output/OUTPUT_ID \\
  -d '{"store": {"service": "s3", "aws_access_key_id": "'$AWS_ACCESS_KEY_ID'", "aws_secret_access_key": "'$AWS_SECRET_ACCESS_KEY'", "region": "us-east-1", "path": "my-bucket/images/photo.jpg"}}'`,
        },
      ],
    },
  ];
}
