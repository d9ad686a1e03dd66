// Privacy policy copy: a short version (/privacy) and a detailed one (/privacy-enhanced).
import { LEGAL_EMAIL, PRIVACY_EMAIL, PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand';
import type { ContactPoint, LegalSection, PrivacyDataCategory, PrivacyRight } from '#client/content/types.ts';
import { RETENTION_TEXT } from '#client/content/limits-text.ts';

export const PRIVACY_LAST_UPDATED = '2025-01-15';

export const RETENTION_PERIODS = {
  files: `Deleted automatically ${RETENTION_TEXT}`,
  securityLogs: '30 days',
  aggregatedUsage: 'Kept indefinitely (anonymous)',
  accountData: 'Until you delete your account',
  accountDeletion: 'within 30 days of account closure',
  gdprResponse: 'within 30 days',
} as const;

export const PRIVACY_RESPONSE_TIMES = {
  simple: '48 hours',
  detailed: '72 hours',
} as const;

export const ACCOUNT_DATA_FIELDS = [
  'email address',
  'username',
  'encrypted password',
  'compression preferences',
  'usage statistics',
] as const;

export const PRIVACY_SUMMARY_SECTIONS: LegalSection[] = [
  {
    id: 'overview',
    title: 'The short version',
    paragraphs: [
      `${PRODUCT_NAME} compresses your images and gives them back. We collect only what we need to do that, we never sell your data, and we delete your uploaded files automatically ${RETENTION_TEXT}.`,
    ],
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    paragraphs: ['Depending on how you use the service, we process:'],
    items: [
      'The images you upload and their compressed versions, only to compress them and let you download the results. In private mode ("Private: compress on this device") we receive none of this: your browser compresses the images itself and no image, file name or setting is sent to us. The images and results are held in that browser tab only, until you close it or clear them; your browser also keeps a copy of the app and its encoders (never an image) so that private mode works offline. What we still receive in private mode is what any page visit sends: the requests for the page and its files, the session cookie and the page asking whether you are signed in, logged as below. If advertising is shown, our advertising partner\'s script loads as on any other page and sees the visit, not your images.',
      'The metadata inside your images (camera data, GPS location, copyright, colour profile). By default we remove it all from the compressed result, after applying the orientation. If you choose "Keep, without location", the result keeps the camera data, copyright and colour profile and we still remove the GPS location and the embedded thumbnail (an XMP block that still mentions a location after cleaning is removed whole; IPTC fields survive only in JPEG results); if you choose "Keep all", the result keeps everything, including the location. Lossless results keep the colour profile even when metadata is removed, so their colours stay exact. Your original is never changed and is deleted with the rest.',
      `Account data if you sign up: your ${ACCOUNT_DATA_FIELDS.join(', ')}.`,
      'Technical data needed to run a secure service: a session cookie, and security logs such as IP addresses and request times.',
    ],
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    paragraphs: [],
    items: [
      `Uploaded and compressed images: ${RETENTION_PERIODS.files.toLowerCase()}.`,
      `Security logs: ${RETENTION_PERIODS.securityLogs}.`,
      `Account data: until you delete your account, and erased ${RETENTION_PERIODS.accountDeletion}.`,
      'Aggregated, anonymous usage figures (such as total images processed): indefinitely.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    paragraphs: [
      'We use one essential session cookie so that your files stay yours and, if you sign in, so that you stay signed in. When advertising is shown, our advertising partner may set its own cookies; you can control them in your browser settings.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    paragraphs: [
      `You can ask us for a copy of your data, ask us to correct or delete it, or object to how we use it. We answer GDPR and CCPA requests ${RETENTION_PERIODS.gdprResponse}. Write to ${PRIVACY_EMAIL}.`,
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    paragraphs: [
      `Questions about privacy go to ${PRIVACY_EMAIL}. We reply within ${PRIVACY_RESPONSE_TIMES.simple}.`,
    ],
  },
];

export const PRIVACY_DATA_CATEGORIES: PrivacyDataCategory[] = [
  {
    category: 'Uploaded images',
    description: 'The image files you upload, their compressed results, file names, sizes and dimensions.',
    retention: RETENTION_PERIODS.files,
    purpose: 'To compress your images, show previews and comparisons, and let you download the results.',
  },
  {
    category: 'Account data',
    description: `Your ${ACCOUNT_DATA_FIELDS.slice(0, 4).join(', ')}. Passwords are stored only as a one-way hash.`,
    retention: `${RETENTION_PERIODS.accountData}; erased ${RETENTION_PERIODS.accountDeletion}`,
    purpose: 'To sign you in, apply your larger limits and remember your settings.',
  },
  {
    category: 'Usage statistics',
    description: 'For signed-in users: the number of jobs, sizes before and after, settings used and job status.',
    retention: RETENTION_PERIODS.accountData,
    purpose: 'To show your dashboard, totals and compression history.',
  },
  {
    category: 'Security logs',
    description: 'IP addresses, request times, sign-in attempts and error reports.',
    retention: RETENTION_PERIODS.securityLogs,
    purpose: 'To detect abuse, enforce fair-usage limits and investigate problems.',
  },
  {
    category: 'Aggregated usage data',
    description: 'Anonymous totals, such as images processed and bytes saved, that cannot identify you.',
    retention: RETENTION_PERIODS.aggregatedUsage,
    purpose: 'To understand how the service is used and to plan capacity.',
  },
];

export const PRIVACY_SECURITY_MEASURES = [
  'Served over HTTPS, all connections are encrypted with TLS 1.3 with current browsers.',
  'Webhook signing secrets are stored encrypted with AES-256-GCM; uploaded files are not kept beyond their deletion deadline.',
  'Passwords are hashed with Argon2id; we never store or see them in plain text.',
  'Every file, preview and download is tied to its owner; no one else can reach it.',
  `Files are deleted automatically ${RETENTION_TEXT}, with no manual step involved.`,
  'Administrative access requires multi-factor authentication and is logged.',
];

export const PRIVACY_RIGHTS: PrivacyRight[] = [
  {
    right: 'Right of access',
    description: 'Get a copy of the personal data we hold about you.',
    howToExercise: `Signed in, use "Export my data" on your dashboard for an immediate copy, or email ${PRIVACY_EMAIL} from your account address with the subject "Access request".`,
  },
  {
    right: 'Right to rectification',
    description: 'Have inaccurate or incomplete data corrected.',
    howToExercise: `Email ${PRIVACY_EMAIL} from your account address with the correction; your name and email cannot yet be edited in the app.`,
  },
  {
    right: 'Right to erasure',
    description: 'Have your account and personal data deleted.',
    howToExercise: `Signed in, use "Delete account" on your dashboard: your account, jobs and files are deleted at once. You can also ask at ${PRIVACY_EMAIL}; data is then erased ${RETENTION_PERIODS.accountDeletion}.`,
  },
  {
    right: 'Right to data portability',
    description: 'Receive your account data in a structured, machine-readable format.',
    howToExercise: `Signed in, "Export my data" on your dashboard downloads your account data and job history as JSON; or email ${PRIVACY_EMAIL} with the subject "Data export".`,
  },
  {
    right: 'Right to restrict or object',
    description: 'Limit or object to processing based on our legitimate interests.',
    howToExercise: `Email ${PRIVACY_EMAIL} describing the processing you object to.`,
  },
  {
    right: 'Right to withdraw consent',
    description: 'Withdraw consent to optional cookies, such as advertising cookies, at any time.',
    howToExercise: 'Change your cookie settings in your browser or clear cookies for this site.',
  },
  {
    right: 'Right to know and to opt out (CCPA)',
    description: 'California residents may learn what we collect and opt out of any sale of personal information. We do not sell personal information.',
    howToExercise: `Email ${PRIVACY_EMAIL} with the subject "CCPA request".`,
  },
  {
    right: 'Right to complain',
    description: 'Lodge a complaint with your local data protection authority.',
    howToExercise: 'Contact the supervisory authority in your country; we would appreciate the chance to help first.',
  },
];

export const PRIVACY_COOKIES = [
  {
    name: 'Session cookie',
    type: 'Essential',
    description: 'Keeps your uploads private to you and, if you sign in, keeps you signed in. HttpOnly and not readable by scripts.',
  },
  {
    name: 'Advertising cookies',
    type: 'Optional (third party)',
    description: 'Set by our advertising partner when ads are shown, to limit repetition and measure ad performance.',
  },
  {
    name: 'Performance measurements',
    type: 'Not a cookie',
    description: 'Page speed metrics are computed in your browser for diagnostics and are not sent to us.',
  },
] as const;

export const PRIVACY_DETAILED_SECTIONS: LegalSection[] = [
  {
    id: 'legal-bases',
    title: 'Why we may process your data',
    paragraphs: ['Under the GDPR we rely on the following legal bases:'],
    items: [
      'Performance of a contract: compressing your images and running your account.',
      'Legitimate interests: keeping the service secure, preventing abuse and improving performance.',
      'Consent: optional advertising cookies, where your local law requires it.',
      'Legal obligation: responding to lawful requests and keeping required records.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    paragraphs: [
      'We do not sell your personal information and we never share your images. We use a small number of processors to host and run the service, bound by data processing agreements. Where data leaves the European Economic Area, transfers are covered by Standard Contractual Clauses. We disclose data to authorities only when the law requires it.',
    ],
  },
  {
    id: 'children',
    title: 'Children',
    paragraphs: ['The service is not directed at children under 16, and we do not knowingly collect their personal data.'],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    paragraphs: ['When we make material changes we will update the date above and, for signed-in users, notify you by email before the change takes effect.'],
  },
];

export const PRIVACY_CONTACTS: ContactPoint[] = [
  { purpose: 'Privacy and data requests', email: PRIVACY_EMAIL, responseTime: `within ${PRIVACY_RESPONSE_TIMES.detailed}` },
  { purpose: 'Legal enquiries', email: LEGAL_EMAIL, responseTime: 'within 5 business days' },
  { purpose: 'General support', email: SUPPORT_EMAIL, responseTime: 'within 24 hours' },
];

/** The detailed policy's in-page sections, in page order (ids are the anchors). */
export const PRIVACY_SECTIONS = [
  { id: 'data-we-collect', label: 'Data we collect' },
  { id: 'security-measures', label: 'Security measures' },
  { id: 'legal-bases', label: 'Legal bases' },
  { id: 'sharing', label: 'Sharing' },
  { id: 'cookies', label: 'Cookies' },
  { id: 'your-rights', label: 'Your rights' },
  { id: 'contact', label: 'Contact' },
] as const;
