// The fixed compression presets offered next to the custom slider (which uses type 'standard'): the one definition,
// served by GET /api/compression-presets and shown by the client before that answers, so the two never differ.
import type { Preset } from './api';

export const COMPRESSION_PRESETS: Preset[] = [
  {
    id: 'high',
    name: 'High Quality',
    description: 'Visually lossless results for portfolios, print proofs and archives.',
    quality: 90,
    type: 'high',
    recommendedFor: ['Photography portfolios', 'Print proofs', 'Archiving', 'Product close-ups'],
  },
  {
    id: 'web',
    name: 'Web Optimized',
    description: 'The best balance of size and quality for websites, shops and blogs.',
    quality: 80,
    type: 'web',
    recommendedFor: ['Websites', 'E-commerce product images', 'Blog posts', 'Social media'],
  },
  {
    id: 'maximum',
    name: 'Maximum Compression',
    description: 'The smallest files for email, messaging and slow connections.',
    quality: 70,
    type: 'maximum',
    recommendedFor: ['Email attachments', 'Messaging', 'Thumbnails', 'Slow mobile connections'],
  },
];
