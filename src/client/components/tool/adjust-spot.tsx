// Where Adjust compares: a small overview of the original with the compared spot marked, which the user drags or taps
// (or moves with the arrow keys), and at that spot the original beside the estimated result, both at 1:1.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ImageRegion } from '#contract/api';

/** The compared crop, in CSS pixels: two fit side by side in the dialog on a 390 px phone. */
export const SPOT_SIZE = 140;
/** The overview's height at most, in CSS pixels. */
const OVERVIEW_HEIGHT = 120;
/** One arrow key press moves the spot by this share of the image. */
const KEY_STEP = 0.1;

export interface Size {
  width: number;
  height: number;
}

/** A point of the result, in its pixels: the centre of the compared spot. */
export interface Spot {
  x: number;
  y: number;
}

/** The spot's region of the result: SPOT_SIZE around the point, inside the image. */
export function regionAt(spot: Spot, size: Size): ImageRegion {
  const width = Math.min(SPOT_SIZE, size.width);
  const height = Math.min(SPOT_SIZE, size.height);
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  return { left: clamp(spot.x - width / 2, size.width - width), top: clamp(spot.y - height / 2, size.height - height), width, height };
}

/** The original at the result's size, cut to `region`: the same pixels of the picture as the estimate's crop. */
function OriginalCrop({ src, region, size }: { src: string; region: ImageRegion; size: Size }) {
  return (
    <div className="relative overflow-hidden bg-slate-200" style={{ width: region.width, height: region.height }} data-testid="adjust-original-crop">
      <img
        src={src}
        alt=""
        draggable={false}
        className="absolute max-w-none"
        style={{ left: -region.left, top: -region.top, width: size.width, height: size.height, imageRendering: 'pixelated' }}
      />
    </div>
  );
}

export function SpotComparison({ originalSrc, preview, region, size, alt }: { originalSrc?: string; preview: string; region: ImageRegion; size: Size; alt: string }) {
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="adjust-spot-pair">
      {originalSrc && (
        <figure className="m-0">
          <OriginalCrop src={originalSrc} region={region} size={size} />
          <figcaption className="mt-1 text-xs text-slate-600">Original</figcaption>
        </figure>
      )}
      <figure className="m-0">
        <img src={preview} alt={alt} width={region.width} height={region.height} className="max-w-none" style={{ imageRendering: 'pixelated' }} data-testid="adjust-estimate-preview" />
        <figcaption className="mt-1 text-xs text-slate-600">Estimated result</figcaption>
      </figure>
    </div>
  );
}

/** The overview: the whole original, small, with the spot's region outlined; pointer and arrow keys move the spot. */
export function SpotPicker({ src, size, spot, onChange }: { src: string; size: Size; spot: Spot; onChange: (spot: Spot) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const scale = Math.min(1, OVERVIEW_HEIGHT / size.height, 320 / size.width);
  const shown = { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
  const region = regionAt(spot, size);

  const moveTo = (event: PointerEvent<HTMLDivElement>) => {
    const box = ref.current!.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * size.width;
    const y = ((event.clientY - box.top) / box.height) * size.height;
    onChange({ x: Math.max(0, Math.min(size.width, x)), y: Math.max(0, Math.min(size.height, y)) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    const at = regionAt(spot, size);
    // From the region's centre, so a press always moves what is shown (the point may sit past an edge).
    const x = at.left + at.width / 2 + step[0]! * KEY_STEP * size.width;
    const y = at.top + at.height / 2 + step[1]! * KEY_STEP * size.height;
    onChange({ x: Math.max(0, Math.min(size.width, x)), y: Math.max(0, Math.min(size.height, y)) });
  };

  return (
    <div>
      <p id="adjust-spot-help" className="mb-1 text-xs text-slate-600">
        Drag or tap the picture to choose the spot compared (arrow keys move it).
      </p>
      <div
        ref={ref}
        role="group"
        aria-label={`Spot compared: ${region.left + Math.round(region.width / 2)}, ${region.top + Math.round(region.height / 2)} of ${size.width} × ${size.height}`}
        aria-describedby="adjust-spot-help"
        tabIndex={0}
        className="relative cursor-crosshair touch-none overflow-hidden rounded border border-slate-300 select-none focus-visible:outline-2 focus-visible:outline-blue-600"
        style={{ width: shown.width, height: shown.height }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          moveTo(event);
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
        }}
        onKeyDown={onKeyDown}
        data-testid="adjust-spot-picker"
      >
        <img src={src} alt="" draggable={false} className="pointer-events-none h-full w-full max-w-none" />
        <div
          className="pointer-events-none absolute border-2 border-white shadow-[0_0_0_1px_rgba(15,23,42,0.8)]"
          style={{ left: region.left * scale, top: region.top * scale, width: Math.max(4, region.width * scale), height: Math.max(4, region.height * scale) }}
          data-testid="adjust-spot-marker"
        />
      </div>
    </div>
  );
}
