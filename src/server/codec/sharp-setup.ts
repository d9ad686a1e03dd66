// Configures sharp once for the whole process before any image is opened.
import sharp from 'sharp';

// Parallelism comes from concurrent jobs: a second libvips thread inside one job barely helps
// (JPEG and PNG saving are sequential) and would fight the other jobs for the same cores.
sharp.concurrency(1);
// Every input is seen once; caching decoded operations only holds memory.
sharp.cache(false);
// Only JPEG and PNG may ever be decoded, whatever a file claims to be. Blocking the base loader
// class and unblocking two subtrees (file, buffer and source variants) keeps libvips's many other
// loaders (SVG, TIFF, GIF, WebP, HEIF, PDF, ...) and their attack surface out of reach.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpeg', 'VipsForeignLoadPng'] });

export { sharp };
