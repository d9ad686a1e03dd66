// Every user-facing string the server and the client share, copied exactly from the product spec.
export const MESSAGES = {
  unauthorized: 'Unauthorized',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  guestTooLarge: 'Please sign in to upload files larger than 10MB',
  // The spec's 'File type must be one of ...' with the types we accept since WebP, AVIF and HEIC inputs.
  fileTypeInvalid: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml, image/heic',
  /** A server whose operator turned HEIC off (HEIC_INPUT=off) says so, and lists only what it takes. */
  fileTypeInvalidWithoutHeic: 'File type must be one of image/jpeg, image/png, image/webp, image/avif, image/jxl, image/gif, image/svg+xml',
  heicTurnedOff: 'HEIC images are not accepted on this server; please upload a JPEG, PNG, WebP, AVIF, JPEG XL or GIF image',
  tooManyFiles: 'Too many files',
  notFound: 'Not found',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  crossSite: 'Cross-site requests are not allowed',
  comparisonUnavailable: 'Image comparison is only available for completed compression jobs',
} as const;

export const fileTooLargeMessage = (bytes: number) => `File is larger than ${bytes} bytes`;
export const fileTooSmallMessage = (bytes: number) => `File is smaller than ${bytes} bytes`;
