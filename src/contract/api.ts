// API shapes shared by server and client. The zod schemas are the single source of validation rules.
import { z } from 'zod';
import { MESSAGES } from './messages';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const COMPRESSION_TYPES = ['high', 'web', 'standard', 'maximum'] as const;
export type CompressionType = (typeof COMPRESSION_TYPES)[number];

export interface Job {
  id: string;
  filename: string;
  status: JobStatus;
  originalSize: number;
  compressedSize: number | null;
  originalWidth: number | null;
  originalHeight: number | null;
  compressedWidth: number | null;
  compressedHeight: number | null;
  compressionQuality: number;
  compressionType: CompressionType;
  /** Download URL (/api/download/<id>) once completed, null before. Never a filesystem path. */
  compressedPath: string | null;
  /** MIME type of the original and of the output. */
  mimeType: string;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string;
}

export interface Preset {
  id: string;
  name: string;
  description: string;
  quality: number;
  type: CompressionType;
  recommendedFor: string[];
}

export interface QueueStatus {
  total: number;
  completed: number;
  processing: number;
  pending: number;
  failed: number;
  paused: boolean;
}

export interface QueueStats {
  processingRate: number;
  elapsedTime: number;
  queueLength: number;
  estimatedTimeRemaining: number;
  processing: boolean;
}

export interface UploadConfig {
  maxFiles: number;
  maxFileSize: number;
  maxFileSizeFormatted: string | null;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  createdAt: string;
}

export interface UploadRejection {
  filename: string;
  message: string;
}

export interface CompressResponse {
  jobs: Job[];
  rejected: UploadRejection[];
}

export interface ApiError {
  message: string;
}

/** Longest password we hash; longer bodies are refused before hashing (argon2 cost is per byte only marginally, but bodies are bounded). */
export const MAX_PASSWORD_LENGTH = 1024;

const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));
const password = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(6, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

// Control characters are dropped from names: they are never meant, and PostgreSQL refuses NUL in text outright.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
const personName = (required: string) =>
  z
    .string({ error: required })
    .transform((s) => s.replace(CONTROL_CHARS, ''))
    .pipe(z.string().trim().min(1, required).max(100));

export const registerSchema = z.object({
  email,
  password,
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const compressFieldsSchema = z.object({
  quality: z.coerce
    .number({ error: 'Quality must be an integer from 1 to 100' })
    .int('Quality must be an integer from 1 to 100')
    .min(1, 'Quality must be an integer from 1 to 100')
    .max(100, 'Quality must be an integer from 1 to 100')
    .default(80),
  type: z.enum(COMPRESSION_TYPES, { error: `Type must be one of ${COMPRESSION_TYPES.join(', ')}` }).default('web'),
});
