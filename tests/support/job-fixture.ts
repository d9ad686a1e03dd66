// A finished job as the API returns it, for tests of what the client shows; a test names only what matters to it.
import type { Job } from '#contract/api';

export function aJob(overrides: Partial<Job> = {}): Job {
  const now = new Date().toISOString();
  return {
    id: 'j1',
    filename: 'photo.png',
    status: 'completed',
    originalSize: 1000,
    compressedSize: 400,
    originalWidth: 100,
    originalHeight: 50,
    compressedWidth: 100,
    compressedHeight: 50,
    compressionQuality: 80,
    compressionType: 'web',
    compressedPath: '/api/download/j1',
    previewPath: '/api/jobs/j1/preview?v=1',
    mimeType: 'image/png',
    outputFormat: 'original',
    outputMimeType: 'image/png',
    flattenedOnto: null,
    formatNote: null,
    animationFrames: null,
    formatDecision: null,
    mode: 'quality',
    targetSize: null,
    allowResize: false,
    maxWidth: null,
    maxHeight: null,
    metadata: 'strip',
    revision: 1,
    chosenQuality: null,
    targetMet: null,
    perceptualScore: null,
    error: null,
    createdAt: now,
    completedAt: now,
    expiresAt: now,
    ...overrides,
  };
}
