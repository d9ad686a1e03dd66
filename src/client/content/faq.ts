// Help Center questions. Answers are trusted HTML; the FAQ structured data strips the tags.
import { PRODUCT_NAME } from '#contract/brand';
import type { FaqCategory, FaqItem } from './types';
import {
  CONCURRENCY_TEXT,
  DEFAULT_QUALITY_TEXT,
  GUEST_FILES_TEXT,
  GUEST_MAX_SIZE_TEXT,
  MAX_PIXELS_TEXT,
  PNG_MAX_PIXELS_TEXT,
  AVIF_MAX_PIXELS_TEXT,
  RETENTION_TEXT,
  RETRIES_TEXT,
  USER_FILES_TEXT,
} from './limits-text';

export const FAQ_CATEGORY_LABELS: Record<FaqCategory, string> = {
  formats: 'Formats',
  limits: 'Limits',
  settings: 'Settings',
  features: 'Features',
  download: 'Download',
  security: 'Security',
  technical: 'Technical',
  mobile: 'Mobile',
  compression: 'Compression',
  'web-optimization': 'Web Optimization',
  pricing: 'Pricing',
  'how-to': 'How-to',
};

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'supported-formats',
    category: 'formats',
    question: 'Which image formats can I compress?',
    answer: `<p>You can upload <strong>JPEG</strong> (.jpg and .jpeg), <strong>PNG</strong> (.png), <strong>WebP</strong> (.webp) and <strong>AVIF</strong> (.avif) images, and <strong>HEIC</strong> photos from iPhones (.heic), unless the server you use has turned HEIC off. By default each file keeps its format, so nothing changes for the software or website that uses it. Under <em>Output format</em> you can instead save everything as JPEG, PNG, WebP or AVIF, or choose <strong>Auto</strong>: for each image it keeps the smallest file at the same visual quality among the formats your browser can show (or among JPEG and PNG only, when you say the files are for email and apps), and never one larger than your original. AVIF is usually the smallest; it opens in current Chrome, Edge, Firefox and Safari, but not in older browsers and some desktop apps. Transparent areas saved as JPEG are filled with a background colour you pick (white by default). A HEIC photo kept in its own format comes back as a JPEG, because browsers other than Safari cannot show HEIC; choose another format if you prefer. Animated WebP and AVIF files are not supported.</p>`,
  },
  {
    id: 'file-size-limit',
    category: 'limits',
    question: 'Is there a file size limit?',
    answer: `<p>Without an account each file can be up to <strong>${GUEST_MAX_SIZE_TEXT}</strong>. Signed-in users have no practical size limit, so creating a free account removes the ${GUEST_MAX_SIZE_TEXT} limit. Every image may have up to ${MAX_PIXELS_TEXT}, and PNG images up to ${PNG_MAX_PIXELS_TEXT} (for example 4,800×3,300 pixels), which keeps every compression quick; AVIF results up to ${AVIF_MAX_PIXELS_TEXT} (Auto picks another format for larger images).</p>`,
  },
  {
    id: 'batch-size',
    category: 'limits',
    question: 'How many images can I compress at once?',
    answer: `<p>Guests can add up to <strong>${GUEST_FILES_TEXT}</strong> per batch. With a free account you can queue up to <strong>${USER_FILES_TEXT}</strong> per batch. The queue works on ${CONCURRENCY_TEXT} and you can pause, resume or clear it at any time.</p>`,
  },
  {
    id: 'best-quality-setting',
    category: 'settings',
    question: 'Which quality setting should I choose?',
    answer: `<p>Start with <strong>Web Optimized</strong> (${DEFAULT_QUALITY_TEXT}, the default): it suits nearly every image on a website. Choose <strong>High Quality</strong> (90) for images you will print, archive or edit again, and <strong>Maximum Compression</strong> (70) for thumbnails and email. As a guide: around 80 for the web, 60 to 70 for email and 85 to 90 for archiving. The custom slider accepts any value from 1 to 100.</p>`,
  },
  {
    id: 'failed-jobs',
    category: 'features',
    question: 'What happens if a file fails to compress?',
    answer: `<p>Temporary failures are retried automatically ${RETRIES_TEXT}. If a file still cannot be processed, its card turns red with the reason, and you can remove it and try again. Damaged files and files that are not really JPEG or PNG images cannot be compressed.</p>`,
  },
  {
    id: 'download-results',
    category: 'download',
    question: 'How do I download my compressed images?',
    answer: `<p>When a file's status reads <strong>Completed</strong>, click <strong>Download</strong> on its card. To get everything at once, click <strong>Download All</strong> and you will receive a single ZIP file (compressed-images.zip). Download your results promptly, because files are deleted ${RETENTION_TEXT}.</p>`,
  },
  {
    id: 'image-privacy',
    category: 'security',
    question: 'Are my images private and secure?',
    answer: `<p>Yes. Uploads travel over an encrypted connection, only you can see, compare or download your files, and we never share or publish them. Uploaded and compressed files are deleted automatically ${RETENTION_TEXT}. Camera metadata such as GPS location is removed from compressed images unless you choose to keep it ("Keep, without location" keeps copyright and camera data but still removes GPS). See our <a href="/privacy">privacy policy</a> for details.</p><p>To upload nothing at all, switch on <strong>Private: compress on this device</strong> above the drop zone: it opens the private page, where your browser compresses the images itself with the same codecs and settings as our servers (libvips in WebAssembly), no image, file name or setting is sent to us, and the results stay in your browser tab until you close it or clear them. Loading the page still contacts our server, as any website does (the page, its files, the session cookie, whether you are signed in); the private page loads no ads and nothing from any other site. JPEG, WebP and AVIF results are byte for byte ours, PNG sizes close to ours; a browser that cannot isolate the page (no SharedArrayBuffer) uses smaller encoders whose results may differ, and the page says so. On your device metadata is always removed; HEIC, JPEG XL, SVG and animated files (GIF, animated WebP, PNG or AVIF) need our servers and are refused with a note for each rather than reduced to their first frame. After one visit in private mode it also works offline.</p>`,
  },
  {
    id: 'how-compression-works',
    category: 'technical',
    question: 'How does the compression work?',
    answer: `<p>JPEG images are re-encoded with <strong>MozJPEG</strong>, using trellis quantisation and progressive encoding for smaller files at the same visual quality. PNG images are optimised with palette quantisation where it suits the image and lossless recompression. Orientation is applied before metadata is stripped, and if a result would be larger than your original we keep the original and report 0% saved.</p>`,
  },
  {
    id: 'mobile-use',
    category: 'mobile',
    question: 'Can I use the compressor on my phone or tablet?',
    answer: `<p>Yes. ${PRODUCT_NAME} works in modern mobile browsers. Tap the upload area to choose photos from your gallery or files, and download the results straight to your device. Compressing photos before sharing them saves mobile data and storage.</p>`,
  },
  {
    id: 'file-not-smaller',
    category: 'compression',
    question: 'Why is my compressed file barely smaller, or not smaller at all?',
    answer: `<p>Some images are already well compressed, for example JPEGs saved at a low quality or PNGs that have been optimised before. Re-encoding them cannot remove much more without visible damage. We never return a file larger than the original: in that case you get your original back with 0% saved, and if you asked for another format that would come out larger, you get your original in its own format with a note saying so. The one exception is a JPEG XL or HEIC you convert so browsers can show it: you get the format you asked for, and the card says it is larger. For a bigger saving, try a lower quality preset or resize the image first.</p>`,
  },
  {
    id: 'website-speed',
    category: 'web-optimization',
    question: 'How does compressing images help my website?',
    answer: `<p>Images are usually the heaviest part of a page. Smaller images load faster, which improves <strong>Largest Contentful Paint</strong> and the overall page experience that search engines measure. Good targets are an LCP under 2.5 seconds and less than 1 MB of images per page. Read our <a href="/blog#image-seo-optimization-guide">image SEO guide</a> for more.</p>`,
  },
  {
    id: 'is-it-free',
    category: 'pricing',
    question: 'Is the service free?',
    answer: `<p>Yes. Core compression is free for everyone, with or without an account, and it is supported by advertising. A free account adds larger limits, batches of up to ${USER_FILES_TEXT} and a dashboard with your compression history.</p>`,
  },
  {
    id: 'compare-before-after',
    category: 'how-to',
    question: 'How do I compare the original and the compressed image?',
    answer: `<p>Click <strong>Compare</strong> on a completed file. Drag the divider in the split view, or switch to side-by-side. Zoom in to check fine detail, drag to pan, and turn on the differences overlay to highlight the pixels that changed. The panel also shows the size reduction and space saved.</p>`,
  },
];
