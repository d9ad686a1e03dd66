// The /developers page's quick-start examples: upload, wait for the result, download, in curl, Node and Python.
// Each takes the server's origin so the copied snippet works against this deployment as is.
export interface ApiExample {
  id: 'curl' | 'node' | 'python';
  label: string;
  code: string;
}

export function apiExamples(origin: string): ApiExample[] {
  return [
    {
      id: 'curl',
      label: 'curl',
      code: `export IMAGESQUEEZE_API_KEY=isq_live_...   # create one on your dashboard

# Upload (repeat -F images=@... for several files); the answer lists the new jobs
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" \\
  -F images=@photo.jpg -F quality=80 -F type=web \\
  ${origin}/api/compress

# Wait up to 30 s for the job to finish (no polling loop), then download the result
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" "${origin}/api/jobs/JOB_ID?wait=30"
curl -s -H "Authorization: Bearer $IMAGESQUEEZE_API_KEY" -o photo.min.jpg ${origin}/api/download/JOB_ID`,
    },
    {
      id: 'node',
      label: 'Node.js',
      code: `// Node 20 or later: fetch, FormData and Blob are built in.
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
  await writeFile('photo.min.jpg', Buffer.from(await image.arrayBuffer()));
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
    with open("photo.min.jpg", "wb") as out:
        out.write(image.content)`,
    },
  ];
}
