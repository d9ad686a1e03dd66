// The Standard Webhooks signature: `v1,` + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")), where the key is the
// base64 after `whsec_` in the secret. Receivers verify with any Standard Webhooks library or the recipe in the docs.
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '#contract/webhooks';

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): SignedHeaders {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': `v1,${signature}` };
}
