import { landingPagesApi as api, type LogoUploadRequest } from '@simvisit/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiCall, apiUploadCall } from '../../lib/api';

/** Landing pages, articles and welcome messages (decisions 0055, 0056), only through their contracts. */
export const landingKeys = {
  all: ['landing-pages'] as const,
  articles: () => ['landing-pages', 'articles'] as const,
  welcome: () => ['landing-pages', 'welcome'] as const,
  list: () => ['landing-pages', 'list'] as const,
  partner: (id: number) => ['landing-pages', 'partner', id] as const,
  landing: (slug: string) => ['landing-pages', 'public', slug] as const,
};

export const articlesQuery = () => queryOptions({ queryKey: landingKeys.articles(), queryFn: () => apiCall(api.articles) });
export const welcomeMessagesQuery = () => queryOptions({ queryKey: landingKeys.welcome(), queryFn: () => apiCall(api.welcomeMessages) });
export const landingPagesQuery = () => queryOptions({ queryKey: landingKeys.list(), queryFn: () => apiCall(api.landingPages) });
export const partnerConfigQuery = (id: number) =>
  queryOptions({
    queryKey: landingKeys.partner(id),
    queryFn: () => apiCall(api.partnerForConfiguration, { params: { partner_id: id } }),
    retry: false,
  });
export const publicLandingQuery = (slug: string) =>
  queryOptions({
    queryKey: landingKeys.landing(slug),
    queryFn: () => apiCall(api.landing, { params: { slug } }, { onUnauthenticated: 'ignore' }),
    retry: false,
    staleTime: 60_000,
  });

export const landingCalls = {
  saveArticle: (form: FormData) => apiUploadCall(api.saveArticle, form),
  updateArticle: (form: FormData) => apiUploadCall(api.updateArticle, form),
  deleteArticle: (id: number) => apiCall(api.deleteArticle, { body: { id } }),
  saveAuthor: (body: { full_name: string; biosketch: string }) => apiCall(api.saveAuthor, { body }),
  updateAuthor: (body: { id: number; full_name: string; biosketch: string }) => apiCall(api.updateAuthor, { body }),
  updateWelcome: (body: { partner_id: number; welcome_header?: string; welcome_message?: string }) => apiCall(api.updateWelcome, { body }),
  setBannerColor: (id: number, header_color: string) => apiCall(api.setBannerColor, { params: { partner_id: id }, body: { header_color } }),
  clearBannerColor: (id: number) => apiCall(api.clearBannerColor, { params: { partner_id: id } }),
  setLogo: (id: number, body: LogoUploadRequest) => apiUploadCall(api.setLogo, body, { params: { partner_id: id } }),
  setWelcomeHeader: (id: number, welcome_header: string) =>
    apiCall(api.setWelcomeHeader, { params: { partner_id: id }, body: { welcome_header } }),
  setWelcomeMessage: (id: number, welcome_message: string) =>
    apiCall(api.setWelcomeMessage, { params: { partner_id: id }, body: { welcome_message } }),
};
