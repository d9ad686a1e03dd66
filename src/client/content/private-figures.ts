// Private mode's figures as `npm run bench -- private` measured them (the bench rewrites the JSON): the browser engine
// against our servers at the Web Optimized preset. Pages quote these, never their own numbers.
import figures from './generated/private-figures.json';

export interface PrivateFormatFigures {
  quality: number;
  /** Browser bytes / server bytes, median over the photos. */
  bytesRatio: number;
  butteraugliBrowser: number;
  butteraugliServer: number;
  generatedAt: string;
}

export const privateFigures = figures as { photos: number; formats: Partial<Record<'jpeg' | 'webp' | 'avif' | 'png', PrivateFormatFigures>> };

export const PRIVATE_FORMAT_LABELS = { jpeg: 'JPEG', webp: 'WebP', avif: 'AVIF', png: 'PNG (reduced colours)' } as const;
