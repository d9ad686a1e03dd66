// The landing page's six feature cards.
import { FileImage, Layers, MousePointerClick, ShieldCheck, SlidersHorizontal, Zap } from 'lucide-react';
import type { Feature } from './types';
import { CONCURRENCY_TEXT, GUEST_MAX_SIZE_TEXT, RETENTION_TEXT, USER_FILES_TEXT } from './limits-text';

export const LANDING_FEATURES: Feature[] = [
  {
    title: 'Lightning Fast',
    description: `Images are compressed on our servers, ${CONCURRENCY_TEXT} per queue, so even large batches finish in moments.`,
    icon: Zap,
  },
  {
    title: 'Secure & Private',
    description: `Encrypted uploads, no sharing, and automatic deletion of every file ${RETENTION_TEXT}. Location metadata is removed. Or switch on private mode and nothing is uploaded: your browser compresses the images itself.`,
    icon: ShieldCheck,
  },
  {
    title: 'Quality Control',
    description: 'Choose High Quality, Web Optimized or Maximum Compression, or any value from 1 to 100, and compare before and after.',
    icon: SlidersHorizontal,
  },
  {
    title: 'Batch Processing',
    description: `Queue up to ${USER_FILES_TEXT} at once with a free account, pause and resume, and download everything as one ZIP.`,
    icon: Layers,
  },
  {
    title: 'User-Friendly',
    description: 'Drag and drop your images, watch each one progress, and download with one click. No installation, no sign-up required.',
    icon: MousePointerClick,
  },
  {
    title: 'Multi-Format Support',
    description: `JPEG, PNG, WebP, AVIF, JPEG XL, GIF and iPhone HEIC in, animated GIF, WebP and PNG with every frame (as animated WebP); the same format out, or WebP, AVIF, JPEG XL or the smallest of them with Auto. Guests compress files up to ${GUEST_MAX_SIZE_TEXT}; signed-in users have no practical limit.`,
    icon: FileImage,
  },
];
