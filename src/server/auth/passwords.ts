// Password hashing with argon2id (OWASP minimum: 19 MiB, 2 iterations, 1 lane), stored as PHC strings so the
// parameters travel with each hash and old hashes are upgraded at the next successful sign-in.
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_PARAMS);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other (older) parameters than ours. */
export function needsRehash(phc: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!m) return true;
  return Number(m[1]) !== ARGON2_PARAMS.memoryCost || Number(m[2]) !== ARGON2_PARAMS.timeCost || Number(m[3]) !== ARGON2_PARAMS.parallelism;
}

/**
 * A hash to verify against when the email is unknown, so that a wrong email and a wrong password take the same
 * time. Made lazily once per process.
 */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = (): Promise<string> => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));
