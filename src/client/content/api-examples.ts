// The /developers page's examples: a paste-and-run script, the Tinify-compatible call, and upload, wait and download
// in curl, Node and Python. Each takes the server's origin, and the visitor's key when the page has one, so the copied
// snippet works against this deployment as is.
export interface ApiExample {
  id: 'curl' | 'node' | 'python';
  label: string;
  code: string;
}

/** The key line every shell example starts with: the visitor's new key, or a placeholder saying where to get one. */
export function keyLine(key: string | null): string {
  return key ? `export IMAGESQUEEZE_API_KEY=${key}` : 'export IMAGESQUEEZE_API_KEY=isq_live_...   # create one on your dashboard';
}

/**
 * Upload, wait and download in one paste: the job id is read with jq, the wait is the long poll (no sleep loop), and
 * the download keeps the server's file name (-OJ), so a WebP or AVIF result gets its own extension. Results go to
 * compressed/ so they never overwrite the original.
 */
export function quickScript(origin: string, key: string | null): string {
  return `${keyLine(key)}
FILE=\${1:-photo.jpg}   # the image to compress
AUTH="Authorization: Bearer $IMAGESQUEEZE_API_KEY"
JOB=$(curl -sf -H "$AUTH" -F "images=@$FILE" -F format=auto ${origin}/api/compress | jq -r '.jobs[0].id')
STATUS=pending
while [ "$STATUS" = pending ] || [ "$STATUS" = processing ]; do
  STATUS=$(curl -sf -H "$AUTH" "${origin}/api/jobs/$JOB?wait=30" | jq -r .status)
done
mkdir -p compressed && curl -sf -H "$AUTH" -OJ --output-dir compressed ${origin}/api/download/$JOB && ls -l compressed`;
}

/**
 * TinyPNG's own request at this host: HTTP Basic with user "api", the image as the body, the result at Location. The
 * shell's line continuation and tr's '\r' are written as those characters (escaped here), never as a raw carriage
 * return, which a terminal would paste as a line break.
 */
export function tinifyExample(origin: string, key: string | null): string {
  return `${keyLine(key)}
LOCATION=$(curl -s --user "api:$IMAGESQUEEZE_API_KEY" --data-binary @photo.png -D - -o /dev/null ${origin}/shrink \\
  | tr -d '\\r' | sed -n 's/^[Ll]ocation: //p')
curl -s --user "api:$IMAGESQUEEZE_API_KEY" -o photo.min.png "$LOCATION"`;
}

export function apiExamples(origin: string, key: string | null = null): ApiExample[] {
  return [
    {
      id: 'curl',
      label: 'curl',
      code: `${keyLine(key)}

# Upload (repeat -F images=@... for several files); the answer lists the new jobs
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" \\
  -F images=@photo.jpg -F quality=80 -F type=web \\
  ${origin}/api/compress

# Wait up to 30 s for the job to finish (no polling loop), then download the result
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" "${origin}/api/jobs/JOB_ID?wait=30"
# -OJ keeps the result's own name and extension (photo.webp when converted); compressed/ keeps the original safe
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" -OJ --create-dirs --output-dir compressed ${origin}/api/download/JOB_ID`,
    },
    {
      id: 'node',
      label: 'Node.js',
      code: `// Node 20 or later: fetch, FormData and Blob are built in. Export IMAGESQUEEZE_API_KEY first (as in the curl tab).
import { readFile, writeFile } from 'node:fs/promises';

const base = '${origin}';
const headers = { Authorization: \`Bearer \${process.env.IMAGESQUEEZE_API_KEY}\` };

const form = new FormData();
form.append('quality', '80');
form.append('images', new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' }), 'photo.jpg');
const upload = await fetch(\`\${base}/api/compress\`, { method: 'POST', headers, body: form });
if (!upload.ok) throw new Error((await upload.json()).message);
const { jobs } = await upload.json();

const job = await (await fetch(\`\${base}/api/jobs/\${jobs[0].id}?wait=30\`, { headers })).json();
if (job.status === 'completed') {
  const image = await fetch(base + job.compressedPath, { headers });
  // The result's extension follows its format (format=auto may pick WebP or AVIF).
  const ext = job.outputMimeType.split('/')[1].replace('jpeg', 'jpg');
  await writeFile(\`photo.min.\${ext}\`, Buffer.from(await image.arrayBuffer()));
  console.log(\`\${job.originalSize} -> \${job.compressedSize} bytes\`);
}`,
    },
    {
      id: 'python',
      label: 'Python',
      code: `import os
import requests

base = "${origin}"
headers = {"Authorization": f"Bearer {os.environ['IMAGESQUEEZE_API_KEY']}"}

with open("photo.jpg", "rb") as f:
    upload = requests.post(f"{base}/api/compress", headers=headers,
                           files={"images": ("photo.jpg", f, "image/jpeg")}, data={"quality": 80})
upload.raise_for_status()
job_id = upload.json()["jobs"][0]["id"]

job = requests.get(f"{base}/api/jobs/{job_id}", params={"wait": 30}, headers=headers).json()
if job["status"] == "completed":
    image = requests.get(base + job["compressedPath"], headers=headers)
    ext = job["outputMimeType"].split("/")[1].replace("jpeg", "jpg")  # follows the result's format
    with open(f"photo.min.{ext}", "wb") as out:
        out.write(image.content)`,
    },
  ];
}
