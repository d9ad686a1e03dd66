// Help Center troubleshooting guides, each a numbered list of steps to try in order.
import { CloudUpload, Download, Hourglass, ImageOff } from 'lucide-react';
import type { TroubleshootingGuide } from './types';
import { GUEST_FILES_TEXT, GUEST_MAX_SIZE_TEXT, RETENTION_TEXT, RETRIES_TEXT } from './limits-text';

/** Files above this size take noticeably longer to process (stated to users as "5 MB"). */
export const SLOW_FILE_THRESHOLD_TEXT = '5 MB';

export const TROUBLESHOOTING_GUIDES: TroubleshootingGuide[] = [
  {
    id: 'upload-failed',
    title: 'Upload failed or stuck',
    icon: CloudUpload,
    steps: [
      'Check your internet connection and try the upload again.',
      'Make sure the file is a JPEG (.jpg, .jpeg) or PNG (.png) image; other formats are rejected.',
      `Check the file size: guests can upload files up to ${GUEST_MAX_SIZE_TEXT} each. Sign in to upload larger files.`,
      `Try fewer files at once (guests can add up to ${GUEST_FILES_TEXT} per batch).`,
      'Clear your browser cache and reload the page.',
      'Disable browser extensions such as ad or script blockers for this site, then try again.',
    ],
  },
  {
    id: 'processing-slow',
    title: 'Processing is slow',
    icon: Hourglass,
    steps: [
      `Large files take longer: images over ${SLOW_FILE_THRESHOLD_TEXT} or with very high resolutions need more time to process.`,
      'Check the queue panel: files are processed a few at a time, so later files wait for earlier ones.',
      'Make sure the queue is not paused; click Resume if it is.',
      `Leave the page open. Failed attempts are retried automatically ${RETRIES_TEXT}.`,
      'At peak times fair-usage limits may slow processing slightly; try again a little later if it persists.',
    ],
  },
  {
    id: 'download-problems',
    title: 'Download problems',
    icon: Download,
    steps: [
      "Wait until the file's status reads 'Completed'; the Download button appears only then.",
      'Allow downloads (and pop-ups, if prompted) for this site in your browser settings.',
      'For many files, use Download All to get one ZIP file instead of separate downloads.',
      `Download soon after compressing: files are deleted automatically ${RETENTION_TEXT}.`,
      'If a download still fails, reload the page and try again.',
    ],
  },
  {
    id: 'image-quality',
    title: 'Image quality concerns',
    icon: ImageOff,
    steps: [
      'Open Compare and check the image at 100% zoom; small previews can be misleading.',
      'Turn on the differences overlay to see exactly which areas changed.',
      'Re-compress the original with a higher preset such as High Quality (90), or raise the custom slider.',
      'Always start from the original file; compressing an already compressed JPEG adds artefacts.',
      'Use PNG for screenshots, text and logos, where JPEG blurs sharp edges.',
    ],
  },
];
