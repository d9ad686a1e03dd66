// The differences overlay as the viewer sets it: shown or not, its threshold and colour, and the painted result.
import { useMemo, useState } from 'react';
import { DIFF_THRESHOLD, paintOverlay, type DiffColour } from '#client/lib/image-diff.ts';
import { useDifferences } from './use-differences';

export function useDiffOverlay(available: boolean, originalSrc: string, compressedSrc: string | null) {
  const [shown, setShown] = useState(false);
  const [threshold, setThreshold] = useState(DIFF_THRESHOLD);
  const [colour, setColour] = useState<DiffColour>('red');
  // The pixels are only compared once someone asks to see the differences.
  const diff = useDifferences(shown && available, originalSrc, compressedSrc);
  const painted = useMemo(() => {
    if (diff.status !== 'done') return null;
    const overlay = new ImageData(diff.result.width, diff.result.height);
    return { overlay, count: paintOverlay(diff.result.diffs, overlay.data, threshold, colour) };
  }, [diff, threshold, colour]);

  return {
    shown,
    toggle: () => setShown((s) => !s),
    threshold,
    setThreshold,
    colour,
    setColour,
    diff,
    painted,
    /** What the viewers draw over the compressed image: nothing while hidden. */
    overlay: painted && shown ? painted.overlay : null,
  };
}

export type DiffOverlay = ReturnType<typeof useDiffOverlay>;
