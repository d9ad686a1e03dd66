// Terms of service copy: a short version (/terms) and a detailed one (/terms-enhanced).
import { LEGAL_EMAIL, PRODUCT_NAME } from '#contract/brand';
import type { ContactPoint, LegalSection } from '#client/content/types.ts';
import {
  CONCURRENCY_TEXT,
  GUEST_FILES_TEXT,
  GUEST_MAX_SIZE_TEXT,
  RETENTION_TEXT,
  RETRIES_TEXT,
  USER_FILES_TEXT,
} from '#client/content/limits-text.ts';

export const TERMS_LAST_UPDATED = '2025-01-15';

export const TERMS_RESPONSE_TIMES = {
  legalSimple: '72 hours',
  legalDetailed: '5 business days',
  legalNotices: '7 business days',
  changeNotice: '30 days',
} as const;

export const TERMS_SUMMARY_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Using the service',
    paragraphs: [
      `By using ${PRODUCT_NAME} you agree to these terms. Core compression is free for everyone, with or without an account, and is supported by advertising.`,
    ],
  },
  {
    id: 'limits',
    title: 'Limits',
    paragraphs: [
      `Guests can compress files up to ${GUEST_MAX_SIZE_TEXT} each, ${GUEST_FILES_TEXT} per batch. Signed-in users have larger limits: up to ${USER_FILES_TEXT} per batch and no practical size limit. Fair-usage limits may apply at peak times.`,
    ],
  },
  {
    id: 'your-images',
    title: 'Your images',
    paragraphs: [
      `You keep all rights to your images. You allow us to process them only to compress them and deliver the results. Files are deleted automatically ${RETENTION_TEXT}, so download what you need promptly; we are not a storage service.`,
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    paragraphs: ['Do not upload images you have no right to use, unlawful content or files designed to harm our systems, and do not try to get around limits or overload the service.'],
  },
  {
    id: 'no-warranty',
    title: 'No warranty',
    paragraphs: [
      'We work hard to keep the service fast and reliable, but it is provided as is. Always keep your original files; we are not responsible for lost originals.',
    ],
  },
  {
    id: 'contact',
    title: 'Questions',
    paragraphs: [`Write to ${LEGAL_EMAIL}. We reply within ${TERMS_RESPONSE_TIMES.legalSimple}.`],
  },
];

export const FEATURE_LIMITS = [
  { feature: 'Maximum file size', guest: GUEST_MAX_SIZE_TEXT, user: 'No practical limit' },
  { feature: 'Files per batch', guest: GUEST_FILES_TEXT, user: USER_FILES_TEXT },
  { feature: 'Formats', guest: 'JPEG, JPG, PNG, WebP, AVIF', user: 'JPEG, JPG, PNG, WebP, AVIF' },
  { feature: 'Parallel processing', guest: CONCURRENCY_TEXT, user: CONCURRENCY_TEXT },
  { feature: 'Automatic retry', guest: RETRIES_TEXT, user: RETRIES_TEXT },
  { feature: 'File retention', guest: `Deleted ${RETENTION_TEXT}`, user: `Deleted ${RETENTION_TEXT}` },
  { feature: 'Dashboard and history', guest: 'No', user: 'Yes' },
] as const;

export const TERMS_DETAILED_SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: '1. Agreement',
    paragraphs: [
      `These Terms of Service govern your use of ${PRODUCT_NAME}, including the website, the compression tool and your account. By using the service you accept them. If you use the service on behalf of an organisation, you confirm that you may bind it to these terms.`,
    ],
  },
  {
    id: 'service',
    title: '2. The service',
    paragraphs: [
      'We compress JPEG, PNG, WebP and AVIF images on our servers and return the results for download. Core compression is free. The service is supported by advertising shown on our pages.',
      'Limits are listed in the table above. To keep the service fair for everyone, fair-usage and rate limits may apply at peak times. We may change limits or features; material changes follow the notice period in section 12.',
    ],
  },
  {
    id: 'obligations',
    title: '3. Your obligations',
    paragraphs: ['When you use the service you agree to:'],
    items: [
      'Provide accurate information when you create an account, and keep it up to date.',
      'Keep your password confidential and tell us promptly about any unauthorised use of your account.',
      'Use one account per person; accounts may not be shared or resold.',
      'Hold all rights and permissions needed for the images you upload.',
      'Keep your own copies of original files; we do not store them beyond the retention period.',
      'Comply with the laws that apply to you and to your images.',
    ],
  },
  {
    id: 'acceptable-use',
    title: '4. Acceptable use',
    paragraphs: ['You must not use the service to:'],
    items: [
      'Upload unlawful content, including content that exploits minors, incites violence or violates anyone’s privacy.',
      'Upload material that infringes copyright, trademarks or other rights.',
      'Upload malware or files crafted to crash, slow or exploit our systems.',
      'Circumvent file size, batch or rate limits, for example by automating guest sessions.',
      'Scrape, reverse engineer or resell the service without our written permission.',
      'Interfere with other users’ access to the service.',
    ],
  },
  {
    id: 'content',
    title: '5. Your content',
    paragraphs: [
      `You keep ownership of every image you upload. You grant us a limited licence to store, process and transmit your images solely to provide the service to you. The licence ends when the files are deleted, which happens automatically ${RETENTION_TEXT}.`,
    ],
  },
  {
    id: 'ip-dmca',
    title: '6. Intellectual property and DMCA',
    paragraphs: [
      `The service, its software, design and the ${PRODUCT_NAME} name and logo belong to us and are protected by intellectual property laws. These terms do not grant you any right to them beyond using the service.`,
      `We respect intellectual property. If you believe content processed through the service infringes your copyright, send a notice to ${LEGAL_EMAIL} that includes: identification of the copyrighted work; identification of the infringing material and where it can be found; your contact details; a statement that you believe in good faith the use is not authorised; a statement, under penalty of perjury, that the notice is accurate and that you are authorised to act; and your physical or electronic signature. We process notices within ${TERMS_RESPONSE_TIMES.legalNotices}. Users may send a counter-notice to the same address, and we terminate the accounts of repeat infringers.`,
    ],
  },
  {
    id: 'warranty',
    title: '7. Disclaimer',
    paragraphs: [
      'The service is provided "as is" and "as available". To the extent permitted by law we disclaim all warranties, express or implied, including fitness for a particular purpose and uninterrupted availability. Compression is lossy for JPEG images; you are responsible for checking results before use.',
    ],
  },
  {
    id: 'liability',
    title: '8. Limitation of liability',
    paragraphs: [
      'To the extent permitted by law, we are not liable for indirect, incidental, special or consequential damages, or for loss of data, profits or business. Our total liability for any claim relating to the service is capped at the amounts you paid us in the 12 months before the event giving rise to the claim.',
      'Nothing in these terms limits liability that cannot be limited by law, or your statutory rights as a consumer.',
    ],
  },
  {
    id: 'indemnity',
    title: '9. Indemnity',
    paragraphs: ['You agree to indemnify us against claims arising from images you upload or from your breach of these terms.'],
  },
  {
    id: 'termination',
    title: '10. Termination',
    paragraphs: [
      'You may stop using the service and delete your account at any time. We may suspend or close accounts that breach these terms, with notice where reasonable. When an account is closed, its data is deleted within 30 days, and sections 5 to 11 continue to apply.',
    ],
  },
  {
    id: 'disputes',
    title: '11. Dispute resolution',
    paragraphs: [
      `If you have a dispute with us, please contact ${LEGAL_EMAIL} first; we respond within ${TERMS_RESPONSE_TIMES.legalDetailed} and try to resolve it informally within 30 days. If that fails, either party may take the dispute to the competent courts. Formal legal notices must be sent in writing to ${LEGAL_EMAIL} and are processed within ${TERMS_RESPONSE_TIMES.legalNotices}. This section does not affect mandatory consumer protection rights in your country.`,
    ],
  },
  {
    id: 'changes',
    title: '12. Changes to these terms',
    paragraphs: [
      `We may update these terms. For material changes we give at least ${TERMS_RESPONSE_TIMES.changeNotice} notice on this page and, for signed-in users, by email. Continuing to use the service after a change takes effect means you accept the new terms.`,
    ],
  },
];

export const TERMS_CONTACTS: ContactPoint[] = [
  { purpose: 'Legal enquiries', email: LEGAL_EMAIL, responseTime: `within ${TERMS_RESPONSE_TIMES.legalDetailed}` },
  { purpose: 'Legal notices and DMCA', email: LEGAL_EMAIL, responseTime: `processed within ${TERMS_RESPONSE_TIMES.legalNotices}` },
];
