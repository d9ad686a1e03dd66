// What the split and side-by-side viewers share: a neutral dark surface (a white page around a photo skews how its
// colours and contrast are judged), a dark checkerboard only when the image has transparent pixels, the grab cursor,
// the image's aspect ratio (full screen fills the height instead) and the pan handlers with how the viewer announces
// itself.
import type { CSSProperties } from 'react';
import { cn } from '#client/lib/cn.ts';
import type { ViewTransform } from './use-view-transform';

export function viewerSurface(view: ViewTransform, fullscreen: boolean, image: { width: number | null; height: number | null }, hasAlpha: boolean) {
  const aspect = !fullscreen && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;
  return {
    className: cn(
      'relative w-full overflow-hidden rounded-lg bg-neutral-800',
      hasAlpha && 'bg-[repeating-conic-gradient(#404040_0_25%,#525252_0_50%)] bg-[length:20px_20px]',
      view.panning ? 'cursor-grabbing' : 'cursor-grab',
      fullscreen ? 'min-h-0 flex-1' : 'max-h-[70vh] min-h-[160px]',
    ),
    props: {
      role: 'group',
      tabIndex: 0,
      'aria-label': view.zoom > 1 ? 'Zoomed image: arrow keys move the view' : 'Image comparison',
      ...view.panHandlers,
      style: { ...aspect, touchAction: view.zoom > 1 ? 'none' : 'pan-y' } as CSSProperties,
    },
  };
}

export type ViewerSurface = ReturnType<typeof viewerSurface>;

/** What both viewers (split and side by side) show: the two images on the same surface, and the differences. */
export interface ComparedImages {
  view: ViewTransform;
  surface: ViewerSurface;
  originalSrc: string;
  compressedSrc: string;
  filename: string;
  /** Drawn over the compressed image only: the original is what the differences are measured against. */
  overlay: ImageData | null;
  /** Space held: the compressed image shows the original too. */
  showOriginal: boolean;
}
