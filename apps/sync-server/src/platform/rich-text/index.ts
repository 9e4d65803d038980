export { sanitizeRichText } from './rich-text';
