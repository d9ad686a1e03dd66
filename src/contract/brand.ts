// The product's name and public contact addresses, used by pages, meta tags and legal text.
export const PRODUCT_NAME = 'ImageSqueeze';
export const SUPPORT_EMAIL = 'support@imagesqueeze.example';
export const PRIVACY_EMAIL = 'privacy@imagesqueeze.example';
export const LEGAL_EMAIL = 'legal@imagesqueeze.example';
