// Help Center copy other than the FAQ, tips and troubleshooting: advanced topics, support, status.
import { SUPPORT_EMAIL } from '#contract/brand';
import type { ContactPoint } from './types';

export interface AdvancedTopic {
  id: string;
  title: string;
  intro: string;
  points: string[];
}

export const ADVANCED_TOPICS: AdvancedTopic[] = [
  {
    id: 'jpeg-optimization',
    title: 'JPEG optimisation',
    intro: 'JPEG is lossy: the quality setting decides how much fine detail the encoder may discard.',
    points: [
      'We encode with MozJPEG (trellis quantisation, optimised progressive scans), which gives smaller files than a classic encoder at the same visual quality.',
      'Progressive JPEGs show a full low-detail preview first and refine it, so pages feel faster on slow connections.',
      'Above about 90 the file grows quickly for little visible gain; below about 60 blocking and ringing start to show.',
      'Colour is stored at reduced resolution (4:2:0), which photos hide well but red text on screenshots does not.',
      'EXIF orientation is applied, then camera metadata (including GPS) is removed. The Metadata setting can instead keep copyright, camera data and the colour profile without the GPS location, or keep everything.',
    ],
  },
  {
    id: 'png-optimization',
    title: 'PNG optimisation',
    intro: 'PNG is lossless, so savings come from storing the same pixels more cleverly, or from a smarter palette.',
    points: [
      'Palette quantisation reduces an image to at most 256 well-chosen colours, often saving 60-80% on graphics and screenshots.',
      'Lossless recompression tries different row filters and DEFLATE settings without changing a single pixel.',
      'Transparency (the alpha channel) is preserved in both modes.',
      'Photographs stored as PNG stay large: choose JPEG, WebP, AVIF or Auto under Output format to convert them (JPEG fills transparent areas with your background colour).',
      'Text chunks and other metadata are removed; they do nothing for display.',
    ],
  },
  {
    id: 'compression-modes',
    title: 'Compression modes and Adjust',
    intro: 'The settings card shows what the next upload will do in one line; Change opens it. Mode comes first and decides how the quality of each file is chosen, and only the controls that mode uses are shown under it.',
    points: [
      'Quality uses the quality you set: a preset or the custom slider.',
      'Smart gives the smallest file that still looks the same: it measures each image with a perceptual metric (SSIMULACRA 2) and lowers the quality where the difference would not show, never above the quality set under Quality. Soft or already-compressed photos shrink further; detailed ones keep your setting. The card shows the quality chosen and how close it looks (looks identical, very close or visible changes; point at the words for the score).',
      'Target size finds the highest quality that keeps each file under the size you give, and says so plainly when even the lowest quality cannot (allow resizing to let it scale the image down instead).',
      'Lossless keeps every pixel exactly: lossless PNG, WebP or AVIF, or a JPEG kept as its own file.',
      'A file that failed offers Try other settings: pick another format or mode and it runs again from the file already uploaded.',
      'With Auto as the format, choose where the files go: for websites Auto may pick AVIF or WebP (the smallest the browser shows); for email and apps it keeps to JPEG and PNG, which every mail client and older app opens.',
    ],
  },
  {
    id: 'private-mode',
    title: 'Private mode: compress on this device',
    intro: 'The switch above the drop zone opens the private page (/private), which runs the whole tool in your browser, with nothing uploaded.',
    points: [
      'Your images, their names and your settings stay on your device: the browser compresses them with the same codecs and settings as our servers (libvips in WebAssembly), in background workers so the page stays responsive.',
      'The queue, the cards, the comparison, Adjust with its live estimate, single downloads and Download All (a ZIP made in your browser) work as usual. The results live in the tab until you close it or clear them.',
      'After one visit in private mode the tool also works offline: the app and the encoders are kept by your browser.',
      'JPEG, WebP and AVIF results are byte for byte the files our servers make from the same image and settings; PNG uses our colour reduction too, and its final optimiser is another build, so PNG sizes come out close to ours (usually a few percent apart). On your device metadata is always removed (keeping it needs our servers).',
      'The private page needs a browser that can isolate it (SharedArrayBuffer). Where it cannot, private mode still works with smaller single-threaded encoders, says so on the page, and its results may differ from ours (AVIF and PNG sizes most).',
      'Some files need our servers and are refused on your device with a note for each: HEIC, JPEG XL and SVG files, and animations (GIF, animated WebP, PNG or AVIF), of which the browser would keep only the first frame. JPEG XL results are made on our servers only.',
      'What still leaves your device is what any page visit sends: the request for the page and its files, the session cookie, and the page asking whether you are signed in and which presets apply. None of it carries an image, a file name or a setting. The private page loads no ads and nothing from any other site.',
    ],
  },
];

export const SUPPORT_HOURS = {
  reply: 'within 24 hours',
  typical: '4-6 hours',
  businessHours: '9 AM-6 PM EST, Mon-Fri',
  urgentKeyword: 'urgent',
} as const;

export const HELP_CONTACTS: ContactPoint[] = [
  { purpose: 'Support', email: SUPPORT_EMAIL, responseTime: `${SUPPORT_HOURS.reply}, typically ${SUPPORT_HOURS.typical} in business hours` },
];

export const mailto = (email: string, subject?: string) =>
  subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;

export const HELP_MAIL_LINKS = {
  sendEmail: mailto(SUPPORT_EMAIL, 'Help request'),
  submitIdea: mailto(SUPPORT_EMAIL, 'Feature idea'),
  apiAccess: mailto(SUPPORT_EMAIL, 'API access'),
} as const;

/** The services the status card lists; their state comes from the server's live readiness check (api/service-status.ts). */
export const SERVICES = ['Image Processing', 'File Uploads', 'Downloads', 'User Accounts'] as const;

export const SERVICE_STATE_TEXT = {
  operational: 'Operational',
  unavailable: 'Unavailable',
  unreachable: 'No answer',
} as const;

/** In-page sections of the Help Center, in page order (ids are the anchors). */
export const HELP_SECTIONS = [
  { id: 'quick-tips', label: 'Quick Tips' },
  { id: 'faq', label: 'Frequently Asked Questions' },
  { id: 'troubleshooting', label: 'Troubleshooting' },
  { id: 'advanced', label: 'Advanced Topics' },
  { id: 'contact', label: 'Still Need Help?' },
] as const;
