// Session tokens: 256 random bits for the cookie, SHA-256 of it for the database.
import { createHash, randomBytes } from 'node:crypto';

export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
