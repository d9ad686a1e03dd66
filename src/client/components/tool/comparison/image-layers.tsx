// The comparison's picture layers: an image under the shared zoom and pan, and the differences overlay on top.
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

/** Draws the overlay once per painting; object-fit keeps it aligned with the image it covers. */
export function DiffCanvas({ overlay }: { overlay: ImageData }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    ref.current?.getContext('2d')?.putImageData(overlay, 0, 0);
  }, [overlay]);
  return (
    <canvas
      ref={ref}
      width={overlay.width}
      height={overlay.height}
      className="pointer-events-none absolute inset-0 h-full w-full object-contain"
      data-testid="diff-overlay"
      aria-hidden="true"
    />
  );
}

/** One image under the shared zoom and pan. */
export function Layer({ src, alt, transform, children }: { src: string; alt: string; transform: CSSProperties; children?: ReactNode }) {
  return (
    <div className="absolute inset-0 origin-center will-change-transform" style={transform}>
      <img src={src} alt={alt} draggable={false} className="absolute inset-0 h-full w-full select-none object-contain" />
      {children}
    </div>
  );
}
