// About-page copy: our mission and story, and the figures the page may state. Every figure is either measured by the
// codec benchmark, counted by this instance's database (GET /api/stats), or set by the operator who runs it; a fact
// nobody has vouched for is left out, never made up (docs/decisions/0550-about-figures-from-this-instance.md).
import { Award, Clock, Gauge, HardDrive, Images, Server, Shield, Sparkles, Users, Zap, Heart, Eye } from 'lucide-react';
import type { SiteFacts } from '#contract/site-facts';
import type { Feature, Milestone, Statistic } from './types';
import { RETENTION_TEXT, USER_FILES_TEXT } from './limits-text';
import { RETENTION_HOURS } from '#contract/limits';
import { COMPANY } from './company-facts';
import { benchmarkFigures, ratioText } from './benchmark-figures';
import { formatCount, formatFileSize } from '#client/lib/format.ts';

export { COMPANY };

/** Shown while the live figures load, and if they cannot be fetched: a dash, never a made-up number. */
const PENDING = '–';

/** The statistic cards: this instance's live counts, the benchmark's measured saving and the retention promise. */
export function aboutStatistics(facts: SiteFacts | undefined): Statistic[] {
  const stats: Statistic[] = [
    { label: 'Images Compressed', value: facts ? formatCount(facts.imagesCompressed) : PENDING, subtitle: 'by this instance since it was set up', icon: Images },
    { label: 'Data Saved', value: facts ? formatFileSize(facts.bytesSaved) : PENDING, subtitle: 'originals minus results, on this instance', icon: HardDrive },
    { label: 'Registered Users', value: facts ? formatCount(facts.users) : PENDING, subtitle: 'accounts on this instance (guests need none)', icon: Users },
    {
      label: 'Size Reduction',
      value: `${benchmarkFigures.medianReductionPercent}%`,
      subtitle: `median at the default settings, with ${COMPANY.qualityRetention} visual quality retained (measured)`,
      icon: Zap,
    },
    { label: 'Files Kept', value: `${RETENTION_HOURS} hours`, subtitle: 'at most, then deleted automatically', icon: Clock },
  ];
  if (facts?.operator.uptime) stats.push({ label: 'Uptime', value: facts.operator.uptime, subtitle: 'as stated by the operator of this instance', icon: Server });
  return stats;
}

export const MISSION =
  'Make every image on the web as light as it can be without anyone noticing the difference, for free, and without asking people to give up their privacy.';

export const STORY = [
  'The tool started from one too many afternoons spent shrinking product photos by hand. The tools we found either hid their settings, kept our files longer than we liked, or made us install something to compress a single picture.',
  'So we built the tool we wanted: upload, pick a quality, compare before and after, download. Or switch on private mode and let the browser compress without uploading anything.',
  `Our principles have not changed since the first version: results you can check with your own eyes, figures we measured rather than claimed, limits that are stated plainly, and files that are deleted automatically ${RETENTION_TEXT}.`,
];

export const CORE_VALUES: Feature[] = [
  { title: 'Privacy by default', description: `Your images are yours. We process them, return them and delete them ${RETENTION_TEXT}; we never share or publish them.`, icon: Shield },
  { title: 'Quality you can verify', description: 'Every result comes with a side-by-side and split comparison, zoom and a differences overlay, so you never have to trust a number blindly.', icon: Eye },
  { title: 'Speed that respects you', description: 'Fast processing, a queue you control, and pages built to load quickly on any connection.', icon: Zap },
  { title: 'Free at the core', description: 'Compression is free for everyone. A free account adds larger limits and history, not a paywall.', icon: Heart },
];

export const JPEG_FEATURES = [
  'MozJPEG encoder with trellis quantisation',
  'Progressive encoding for faster perceived loading',
  '4:2:0 chroma subsampling tuned for photographs',
  'EXIF orientation applied before metadata is stripped',
  'Colour profiles handled so colours do not shift',
  'Never larger than the input: the original is kept if it is smaller',
];

export const PNG_FEATURES = [
  'Palette quantisation with libimagequant for graphics and screenshots',
  'Lossless recompression that tries filters and DEFLATE settings',
  'Transparency (alpha channel) preserved',
  'Metadata chunks removed',
  'Decompression-bomb protection with a pixel limit',
  'Type detected from file contents, not the file name',
];

/** What the software gained, in order: features anyone can check in the tool, not usage or certification claims. */
export const MILESTONES: Milestone[] = [
  { year: '2024', title: 'First version', description: 'JPEG and PNG compression with three presets and a custom quality slider, free for everyone.' },
  { year: '2024', title: 'Quality comparison', description: 'Split view, side-by-side view, zoom and a differences overlay for every completed image.' },
  { year: '2024', title: 'Accounts and batch queue', description: `Free accounts with a dashboard, and batches of up to ${USER_FILES_TEXT} with pause, resume and automatic retry.` },
  { year: '2025', title: 'More formats', description: 'WebP, AVIF, JPEG XL, HEIC, GIF and SVG in; Auto picks the smallest format a website can use.' },
  { year: '2025', title: 'Private mode', description: 'Compression in the browser itself: nothing is uploaded, and it works offline.' },
];

export const FORMATS_TEXT = 'JPEG, PNG, WebP, AVIF, JPEG XL, HEIC, GIF, SVG';

/** The sidebar's overview: facts of the software, this instance's users, and the operator's own facts when set. */
export function companyOverview(facts: SiteFacts | undefined): { label: string; value: string }[] {
  return [
    ...(facts?.operator.founded ? [{ label: 'Founded', value: facts.operator.founded }] : []),
    ...(facts?.operator.team ? [{ label: 'Team', value: facts.operator.team }] : []),
    { label: 'Registered users', value: facts ? formatCount(facts.users) : PENDING },
    { label: 'Formats', value: FORMATS_TEXT },
    { label: 'Files kept', value: `${RETENTION_HOURS} hours at most` },
  ];
}

/** Security practices the software itself enforces: true of every instance, whoever runs it. */
export const SECURITY_PRACTICES = [
  'Each file, preview and download is reachable by its owner only',
  `Files deleted automatically ${RETENTION_TEXT}`,
  'Passwords hashed with Argon2id',
  'Webhook signing secrets stored encrypted (AES-256-GCM)',
  'Private mode: images never leave the browser',
] as const;

/** What our benchmark measured, in place of awards nobody gave: each line a figure anyone can re-run (npm run bench). */
export function recognition(): Feature[] {
  const f = benchmarkFigures;
  const items: Feature[] = [
    { title: `${f.medianReductionPercent}% smaller, median`, description: `Across ${f.corpus.photos} test photos and ${f.corpus.png} PNG images at the default settings.`, icon: Award },
    { title: `${COMPANY.qualityRetention} quality retained`, description: 'Median SSIM of the results against their originals.', icon: Sparkles },
  ];
  if (f.equalQuality) {
    items.push(
      { title: `AVIF ${ratioText(f.equalQuality.avifVsCjpeg.median)} JPEG`, description: 'At the same perceptual quality (butteraugli), against libjpeg-turbo.', icon: Gauge },
      { title: `PNG ${ratioText(f.equalQuality.pngVsPngquant.median)} pngquant`, description: 'Lossy PNGs at the same perceptual quality.', icon: Gauge },
    );
  }
  return items;
}
