// About-page copy: the spec's marketing claims (founding, team, reach, certifications) and our story.
import { Award, Clock, Globe, HardDrive, Images, Server, Shield, Sparkles, Users, Zap, Heart, Eye } from 'lucide-react';
import type { Feature, Milestone, Statistic } from './types';
import { RETENTION_TEXT, USER_FILES_TEXT } from './limits-text';
import { COMPANY } from './company-facts';

export { COMPANY };

export const COMPLIANCE = ['TLS 1.3', 'AES-256', 'SOC 2 Type II', 'GDPR', 'CCPA'] as const;

export const ABOUT_STATISTICS: Statistic[] = [
  { label: 'Monthly Users', value: COMPANY.monthlyUsers, subtitle: `in ${COMPANY.countries} countries`, icon: Users },
  { label: 'Images Processed', value: COMPANY.imagesProcessed, subtitle: 'Image files compressed', icon: Images },
  { label: 'Data Saved', value: COMPANY.dataSaved, subtitle: 'of bandwidth and storage', icon: HardDrive },
  { label: 'Average Processing', value: '<4.2s', subtitle: 'per image, upload to result', icon: Clock },
  { label: 'Uptime', value: COMPANY.uptime, subtitle: 'service availability', icon: Server },
  { label: 'Size Reduction', value: COMPANY.sizeReduction, subtitle: `with ${COMPANY.qualityRetention} visual quality retained`, icon: Zap },
];

export const MISSION =
  'Make every image on the web as light as it can be without anyone noticing the difference, for free, and without asking people to give up their privacy.';

export const STORY = [
  `We founded the company in ${COMPANY.founded} after one too many afternoons spent shrinking product photos by hand. The tools we found either hid their settings, kept our files longer than we liked, or made us install something to compress a single picture.`,
  `So we built the tool we wanted: upload, pick a quality, compare before and after, download. Today a team of ${COMPANY.staff} engineers, designers and support specialists runs it for photographers, shop owners, developers and marketers in ${COMPANY.countries} countries.`,
  `Our principles have not changed since the first version: results you can check with your own eyes, limits that are stated plainly, and files that are deleted automatically ${RETENTION_TEXT}.`,
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

export const MILESTONES: Milestone[] = [
  { year: '2024', title: 'Company founded', description: 'A small team sets out to build a compressor that is fast, honest about quality and private by default.' },
  { year: '2024', title: 'Public launch', description: 'JPEG and PNG compression with three presets and a custom quality slider, free for everyone.' },
  { year: '2024', title: 'Quality comparison', description: 'Split view, side-by-side view, zoom and a differences overlay for every completed image.' },
  { year: '2024', title: 'Accounts and batch queue', description: `Free accounts with a dashboard, and batches of up to ${USER_FILES_TEXT} with pause, resume and automatic retry.` },
  { year: '2025', title: '2 million images', description: `${COMPANY.imagesProcessed} images processed for users in ${COMPANY.countries} countries.` },
  { year: '2025', title: 'SOC 2 Type II', description: 'Independent audit of our security controls, alongside GDPR and CCPA compliance.' },
];

export const COMPANY_OVERVIEW = [
  { label: 'Founded', value: COMPANY.founded },
  { label: 'Team', value: `${COMPANY.staff} people` },
  { label: 'Users in', value: `${COMPANY.countries} countries` },
  { label: 'Monthly users', value: COMPANY.monthlyUsers },
  { label: 'Formats', value: 'JPEG, JPG, PNG, WebP, AVIF' },
] as const;

export const RECOGNITION: Feature[] = [
  { title: `${COMPANY.imagesProcessed} images processed`, description: 'Trusted by photographers, shops and agencies.', icon: Award },
  { title: `${COMPANY.uptime} uptime`, description: 'Reliable service, monitored around the clock.', icon: Server },
  { title: `Used in ${COMPANY.countries} countries`, description: 'A global community of creators and businesses.', icon: Globe },
  { title: `${COMPANY.qualityRetention} quality retention`, description: 'Smaller files that look the same.', icon: Sparkles },
];
