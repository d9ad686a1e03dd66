// Which output formats this browser can display, so Auto only picks what the user can open. JPEG and PNG every
// browser shows; WebP, AVIF and JPEG XL are tried by decoding a 2×2 image of each (made by our own encoders).
import type { ImageFormat } from '#contract/settings';

const PROBES: Record<'webp' | 'avif' | 'jxl', string> = {
  jxl: 'data:image/jxl;base64,/woIEBBQXAgIAgEAMABLGIsVwklBHoAAAAA=',
  webp: 'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAABQAQCdASoCAAIAAsBMJaQABHQAAORAAAA=',
  avif:
    'data:image/avif;base64,AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAABwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAkbWRhdBIACgc4ADaQENBpMg8ZQmMEw88880EgAJBAzeg=',
};

function decodes(dataUri: string): Promise<boolean> {
  if (typeof Image === 'undefined') return Promise.resolve(false);
  const img = new Image();
  img.src = dataUri;
  // decode() rejects for a format the browser cannot decode; a 2×2 result proves it really decoded.
  return img.decode().then(
    () => img.naturalWidth === 2,
    () => false,
  );
}

let detected: Promise<ImageFormat[]> | null = null;

/** Displayable formats, best first (the order Auto's list is sent in); detected once per page load. */
export function displayableFormats(): Promise<ImageFormat[]> {
  // JPEG XL first: where it shows (Safari 17+, Chrome 155+) it is the smallest; elsewhere Auto never offers it.
  detected ??= Promise.all([decodes(PROBES.avif), decodes(PROBES.webp), decodes(PROBES.jxl)]).then(([avif, webp, jxl]) => [
    ...(jxl ? (['jxl'] as const) : []),
    ...(avif ? (['avif'] as const) : []),
    ...(webp ? (['webp'] as const) : []),
    'jpeg',
    'png',
  ]);
  return detected;
}
