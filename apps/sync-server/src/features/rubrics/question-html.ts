import { sanitizeRichText } from '../../platform/rich-text';

/** Question text is rich text (HTML-01), sanitized with the platform's one allowlist (shared with landing pages). */
export const sanitizeQuestionHtml = sanitizeRichText;
