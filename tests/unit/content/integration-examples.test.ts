// The /developers integration examples are copy-ready: the webhook checks in Node and Python accept what the server
// signs and refuse a changed body, the workflow uses only inputs action.yml declares, and the watching CLI example
// uses only options the command has.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { integrationGroups, WEBHOOK_VERIFY_NODE, WEBHOOK_VERIFY_PYTHON } from '#client/content/integration-examples.ts';
import { newWebhookSecret, signWebhook } from '#server/webhooks/signature';
import { USAGE } from '#cli/options';
import { REPO_ROOT } from '../../support/paths';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'integration-examples-'));
const example = (group: string, id: string) => integrationGroups('https://images.example.org').find((g) => g.id === group)!.examples.find((e) => e.id === id)!.code;

/** A body the server would send, its headers, and the same headers over a changed body. */
function signedEvent() {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'job.completed', timestamp: new Date().toISOString(), data: { id: 'job-1', compressedSize: 1234 } });
  const headers = signWebhook(secret, 'msg_0123456789', Math.floor(Date.now() / 1000), body);
  return { secret, body, headers, forged: body.replace('1234', '9999') };
}

describe('integration examples on /developers', () => {
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('verifies webhook signatures in Node as the server makes them, and refuses a changed body', () => {
    const { secret, body, headers, forged } = signedEvent();
    const file = path.join(work, 'verify.mjs');
    fs.writeFileSync(
      file,
      `${WEBHOOK_VERIFY_NODE}
const [secret, headers, body, forged] = JSON.parse(process.argv[2]);
const event = verifyWebhook(secret, headers, body);
let refused = false;
try { verifyWebhook(secret, headers, forged); } catch { refused = true; }
console.log(JSON.stringify({ id: event.data.id, refused }));`,
    );
    const out = execFileSync(process.execPath, [file, JSON.stringify([secret, headers, body, forged])], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ id: 'job-1', refused: true });
  });

  it('verifies webhook signatures in Python as the server makes them, and refuses a changed body', () => {
    const { secret, body, headers, forged } = signedEvent();
    const file = path.join(work, 'verify.py');
    fs.writeFileSync(
      file,
      `${WEBHOOK_VERIFY_PYTHON}

import sys
secret, headers, body, forged = json.loads(sys.argv[1])
event = verify_webhook(secret, headers, body.encode())
try:
    verify_webhook(secret, headers, forged.encode())
    refused = False
except ValueError:
    refused = True
print(json.dumps({"id": event["data"]["id"], "refused": refused}))`,
    );
    const out = execFileSync('python3', [file, JSON.stringify([secret, headers, body, forged])], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ id: 'job-1', refused: true });
  });

  it('shows a workflow whose inputs are all declared in action.yml, with the required ones set', () => {
    const declared = [...fs.readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8').matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]);
    const workflow = example('github-action', 'workflow');
    const withBlock = workflow.slice(workflow.indexOf('        with:\n          server-url'));
    const used = [...withBlock.matchAll(/^ {10}([a-z-]+):/gm)].map((m) => m[1]);
    expect(used).toEqual(expect.arrayContaining(['server-url', 'api-key']));
    expect(used.filter((name) => !declared.includes(name))).toEqual([]);
    expect(workflow).toContain('ref: ${{ github.head_ref }}');
  });

  it('uses only options the command-line client has', () => {
    const options = [...example('watch', 'cli').matchAll(/ (--[a-z-]+)/g)].map((m) => m[1]!);
    expect(options).toContain('--watch');
    expect(options.filter((o) => !USAGE.includes(o))).toEqual([]);
  });
});
