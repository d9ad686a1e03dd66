// The tool page's marketing blocks below the results: how it works, and who it is for.
import { Building2, Camera, Code2, Download, Eye, Megaphone, PenTool, ShoppingCart, SlidersHorizontal, Upload } from 'lucide-react';
import type { Feature } from './types';
import { RETENTION_TEXT } from './limits-text';

export const WORKFLOW = {
  title: 'How it works',
  lead: 'From upload to download in four steps, in the background while you keep working.',
  steps: [
    { icon: Upload, title: 'Upload', description: 'Drop, browse or paste JPEG, PNG, WebP, AVIF and HEIC images. Several files go into one batch.' },
    { icon: SlidersHorizontal, title: 'Choose quality', description: 'Pick High Quality, Web Optimized or Maximum Compression, or set your own level.' },
    { icon: Eye, title: 'Compare', description: 'Check before and after with the split view, zoom and the differences overlay.' },
    { icon: Download, title: 'Download', description: `Save single files or everything as one ZIP. Files are deleted ${RETENTION_TEXT}.` },
  ] satisfies Feature[],
};

export const INDUSTRY_SOLUTIONS = {
  title: 'Solutions for every industry',
  items: [
    { icon: Camera, title: 'Photographers', description: 'Share lighter galleries and proofs while keeping the look of every shot. High Quality keeps fine detail.' },
    { icon: ShoppingCart, title: 'E-commerce', description: 'Faster product pages convert better. Compress whole catalogues in batches and download them as a ZIP.' },
    { icon: Code2, title: 'Web developers', description: 'Hit your Core Web Vitals: smaller hero images mean a quicker Largest Contentful Paint.' },
    { icon: Megaphone, title: 'Marketers', description: 'Keep email campaigns and social posts under size limits without blurry banners.' },
    { icon: PenTool, title: 'Content creators', description: 'Upload more, wait less. Blog and portfolio images that load fast on any phone.' },
    { icon: Building2, title: 'Businesses', description: `Cut storage and bandwidth costs across teams, with files deleted automatically ${RETENTION_TEXT}.` },
  ] satisfies Feature[],
};
