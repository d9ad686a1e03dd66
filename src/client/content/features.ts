// The technology page's feature copy: encoders, quality assurance, use cases, key features, privacy.
import {
  BarChart3,
  Briefcase,
  Camera,
  Code,
  Eraser,
  Layers,
  ListRestart,
  Megaphone,
  PauseCircle,
  PenTool,
  ScanEye,
  ShoppingBag,
  Upload,
  LoaderCircle,
  Minimize2,
} from 'lucide-react';
import type { Feature } from './types';
import {
  RETENTION_TEXT,
  RETRIES_TEXT,
  USER_FILES_TEXT,
  USER_MAX_FILES,
} from './limits-text';

export const TECHNOLOGY: Feature[] = [
  {
    title: 'MozJPEG encoding',
    description: 'A JPEG encoder designed for the web. Trellis quantisation picks the cheapest coefficients for the same visible result, so files come out smaller than with a classic encoder at equal quality, and they open everywhere.',
    icon: Minimize2,
  },
  {
    title: 'Progressive loading',
    description: 'Our JPEGs are progressive: browsers paint a complete low-detail image first and sharpen it as data arrives, which feels faster on slow connections.',
    icon: LoaderCircle,
  },
  {
    title: 'PNG optimisation',
    description: 'Palette quantisation for graphics and screenshots, then lossless recompression that tries filter and DEFLATE settings. Transparency is always preserved.',
    icon: Layers,
  },
  {
    title: 'Metadata removal',
    description: 'Camera data, GPS positions and editing history are removed by default, after the photo orientation has been applied so nothing ends up sideways. Photographers can keep copyright and camera data without the location, or keep everything.',
    icon: Eraser,
  },
];

export const QUALITY_ASSURANCE = [
  'Every preset is chosen from benchmark runs on a test set of photographs and graphics, measured with SSIM and butteraugli.',
  'A result is never larger than the original: if re-encoding would not help, you get your original back with 0% saved, and a conversion that would be larger gives your original back with a note saying why. (A JPEG XL or HEIC you convert for browsers is converted as asked, marked when larger.)',
  'Colour profiles are handled so colours look the same before and after.',
  'The comparison view (split, side by side, zoom and differences overlay) lets you verify every image yourself.',
];

export const USE_CASES: Feature[] = [
  { title: 'Photographers', description: 'Deliver client galleries and portfolio images that load quickly without losing the detail you worked for.', icon: Camera },
  { title: 'E-commerce managers', description: 'Keep product pages and category grids fast while preserving zoom-worthy detail.', icon: ShoppingBag },
  { title: 'Web developers', description: 'Hit Core Web Vitals targets by shipping lighter hero images and assets.', icon: Code },
  { title: 'Marketers', description: 'Send newsletters and landing pages that load instantly and stay under size limits.', icon: Megaphone },
  { title: 'Content creators', description: 'Publish more images per post without slowing your blog or using up your hosting quota.', icon: PenTool },
  { title: 'Businesses', description: 'Cut bandwidth and storage costs across your sites and documents.', icon: Briefcase },
];

export const KEY_FEATURES: Feature[] = [
  { title: `Batch up to ${USER_MAX_FILES} files`, description: `Signed-in users queue up to ${USER_FILES_TEXT} per batch and download them as one ZIP.`, icon: Layers },
  { title: 'Drag and drop', description: 'Drop images anywhere on the upload area or click to browse; invalid files are listed with the reason.', icon: Upload },
  { title: 'Queue pause and resume', description: 'Pause the queue to change your mind, resume when ready, or clear pending files.', icon: PauseCircle },
  { title: 'Automatic retry', description: `Temporary failures are retried automatically ${RETRIES_TEXT}.`, icon: ListRestart },
  { title: 'Statistics', description: 'See the size saved for every file, live queue progress and, with an account, totals in your dashboard.', icon: BarChart3 },
  { title: 'Visual comparison', description: 'Split and side-by-side views with zoom, pan and a differences overlay.', icon: ScanEye },
];

export const PRIVACY_AND_SECURITY = [
  `Files are deleted automatically ${RETENTION_TEXT}.`,
  'Served over HTTPS, connections are encrypted with TLS 1.3 with current browsers; webhook signing secrets are stored encrypted with AES-256-GCM.',
  'Only you can see, compare and download your files; other users cannot reach them.',
  'GPS and camera metadata are removed from compressed results unless you choose to keep them.',
  'Private mode compresses in the browser itself: nothing is uploaded.',
];
