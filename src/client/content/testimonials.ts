// Customer stories (marketing copy, as the spec describes them).
import type { Testimonial } from './types';

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 'maria-product-photos',
    name: 'Maria Lopez',
    role: 'E-commerce Manager',
    company: 'Linen & Loom',
    content:
      'We run every new collection through the batch queue before it goes live. Category pages got visibly faster and nobody on the team could tell the compressed photos from the originals.',
    rating: 5,
    verified: true,
    stats: '68% smaller product images',
  },
  {
    id: 'daniel-wedding-galleries',
    name: 'Daniel Okafor',
    role: 'Wedding Photographer',
    company: 'Okafor Studio',
    content:
      'Client galleries used to take ages to open on phones. Now I export, compress at the High Quality preset and check the split view. The detail in lace and hair survives.',
    rating: 5,
    verified: true,
    stats: 'Galleries load 3x faster',
  },
  {
    id: 'priya-web-agency',
    name: 'Priya Sharma',
    role: 'Front-end Developer',
    company: 'Northwind Digital',
    content:
      'Compressing the hero images was the single biggest fix for our clients’ Largest Contentful Paint. The differences overlay makes quality reviews with designers quick.',
    rating: 5,
    verified: true,
    stats: 'LCP from 4.1 s to 2.2 s',
  },
];
