// Computes each pixel's difference between the original preview and the compressed image, once per comparison;
// the overlay is painted from it for whatever threshold and colour the viewer picks (paintOverlay).
import { useEffect, useRef, useState } from 'react';
import { pixelDifferences } from '#client/lib/image-diff.ts';

/** Larger images are compared at a reduced size so phones keep their memory. */
const MAX_PIXELS = 4_000_000;

export interface DiffResult {
  width: number;
  height: number;
  /** The original's decoded size: larger than width × height when it was compared reduced. */
  sourceWidth: number;
  sourceHeight: number;
  /** Mean absolute RGB difference per pixel, 0-255, row by row. */
  diffs: Uint8Array;
}

type DiffState = { status: 'idle' | 'loading' } | { status: 'error'; message: string } | { status: 'done'; result: DiffResult };

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`Could not load ${src}`));
    img.src = src;
  });
}

function pixelsOf(img: HTMLImageElement, width: number, height: number): Uint8ClampedArray {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('Canvas is not available');
  ctx.drawImage(img, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

export async function computeDifferences(originalSrc: string, compressedSrc: string): Promise<DiffResult> {
  const [a, b] = await Promise.all([loadImage(originalSrc), loadImage(compressedSrc)]);
  const scale = Math.min(1, Math.sqrt(MAX_PIXELS / (a.naturalWidth * a.naturalHeight)));
  const width = Math.max(1, Math.round(a.naturalWidth * scale));
  const height = Math.max(1, Math.round(a.naturalHeight * scale));
  return { width, height, sourceWidth: a.naturalWidth, sourceHeight: a.naturalHeight, diffs: pixelDifferences(pixelsOf(a, width, height), pixelsOf(b, width, height)) };
}

export function useDifferences(enabled: boolean, originalSrc: string, compressedSrc: string | null): DiffState {
  const [state, setState] = useState<DiffState>({ status: 'idle' });
  const key = `${originalSrc}|${compressedSrc}`;
  const doneFor = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !compressedSrc || doneFor.current === key) return;
    let cancelled = false;
    setState({ status: 'loading' });
    computeDifferences(originalSrc, compressedSrc).then(
      (result) => {
        if (cancelled) return;
        doneFor.current = key;
        setState({ status: 'done', result });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, key, originalSrc, compressedSrc]);

  return state;
}
