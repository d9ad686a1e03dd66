// Side by side: the original and the compressed image in two viewers under the same zoom and pan.
import { cn } from '#client/lib/cn.ts';
import { DiffCanvas, Layer } from './image-layers';
import type { ComparedImages } from './viewer-surface';

export interface SideBySideViewerProps extends ComparedImages {
  fullscreen: boolean;
}

export function SideBySideViewer({ view, surface, originalSrc, compressedSrc, filename, overlay, fullscreen, showOriginal }: SideBySideViewerProps) {
  const sides = [
    ['Original', 'Original', originalSrc, null],
    ['Compressed', showOriginal ? 'Original (Space held)' : 'Compressed', showOriginal ? originalSrc : compressedSrc, showOriginal ? null : overlay],
  ] as const;
  return (
    <div className={cn('grid gap-3 sm:grid-cols-2', fullscreen && 'min-h-0 flex-1')} data-testid="side-by-side-view" data-showing={showOriginal ? 'original' : 'both'}>
      {sides.map(([label, caption, src, sideOverlay], i) => (
        <figure key={label} className="flex min-h-0 flex-col gap-1">
          <figcaption className="text-sm font-medium text-neutral-200">{caption}</figcaption>
          <div ref={i === 0 ? view.viewerRef : undefined} className={surface.className} {...surface.props}>
            <Layer src={src} alt={`${label} ${filename}`} transform={view.transform}>
              {sideOverlay && <DiffCanvas overlay={sideOverlay} />}
            </Layer>
          </div>
        </figure>
      ))}
    </div>
  );
}
