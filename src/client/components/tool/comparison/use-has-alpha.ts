// Whether the original has transparent pixels, so the viewer shows a checkerboard only where it means something (a
// checkerboard around an opaque photo reads as transparency). JPEG cannot carry alpha; other formats are sampled
// once at a small size, where any transparent area lowers some pixel's alpha.
import { useEffect, useState } from 'react';

const SAMPLE_SIDE = 96;

export function useHasAlpha(src: string, mimeType: string | null | undefined): boolean {
  const [hasAlpha, setHasAlpha] = useState(false);
  const possible = !!src && mimeType !== 'image/jpeg';
  useEffect(() => {
    if (!possible) return setHasAlpha(false);
    let cancelled = false;
    const img = new Image();
    img.onload = () => {
      if (cancelled) return;
      const canvas = document.createElement('canvas');
      canvas.width = SAMPLE_SIDE;
      canvas.height = SAMPLE_SIDE;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) return;
      ctx.drawImage(img, 0, 0, SAMPLE_SIDE, SAMPLE_SIDE);
      const data = ctx.getImageData(0, 0, SAMPLE_SIDE, SAMPLE_SIDE).data;
      let transparent = false;
      for (let i = 3; i < data.length && !transparent; i += 4) transparent = data[i]! < 255;
      setHasAlpha(transparent);
    };
    img.src = src;
    return () => {
      cancelled = true;
    };
  }, [src, possible]);
  return hasAlpha;
}
