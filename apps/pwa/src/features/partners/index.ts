export { usePartnerBySlug, usePartnerOrDefault } from './partner-by-slug';
