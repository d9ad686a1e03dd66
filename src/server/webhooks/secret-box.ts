// Encrypts secrets the server must read back in clear (webhook signing secrets: HMAC needs the key itself, so a hash
// will not do). AES-256-GCM with a random nonce per secret; the key comes from SECRETS_KEY or a key file made once
// in the data directory, so a copy of the database alone does not reveal any secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const VERSION = 'v1';

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** `base64Key` (32 bytes) when the operator set one; otherwise the key in `keyFile`, created on first use. */
  static async open(base64Key: string | undefined, keyFile: string): Promise<SecretBox> {
    if (base64Key) return new SecretBox(parseKey(base64Key, 'SECRETS_KEY'));
    const existing = await fsp.readFile(keyFile, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (existing !== null) return new SecretBox(parseKey(existing.trim(), keyFile));
    const fresh = randomBytes(KEY_BYTES).toString('base64');
    // 'wx': if another process made it first, use theirs, so every process sharing the directory agrees.
    await fsp.writeFile(keyFile, `${fresh}\n`, { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    return SecretBox.open(undefined, keyFile);
  }

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}

function parseKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${source} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  return key;
}
