import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChatAnswer,
  ContactInput,
  Faq,
  HelpArticle,
  HelpArticleInput,
  HelpIndex,
  HelpSearchResult,
  HelpTranslation,
  HelpTranslationList,
  ManagePostsPage,
  ManagePostsQuery,
  Post,
  PostInput,
  PostList,
  SitePage,
  SitePageSlug,
  SitePageTranslation,
  SitePageTranslationList,
  SupportStatus,
  SupportTicket,
} from '../../../contracts/content';
import type {
  ContactReceiptSchema,
  SupportTicketListSchema,
  UnansweredListSchema,
} from '../../../contracts/content';
import type { z } from 'zod';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { apiGet, apiPost, apiRequest, apiDelete } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { formatDate as formatDay } from '../../lib/dates';

// The answers' types, from the schemas the server's routes answer with.
type SupportTicketList = z.infer<typeof SupportTicketListSchema>;
type UnansweredList = z.infer<typeof UnansweredListSchema>;
type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

/** Every query key of the feature, so an invalidation names what it refreshes. */
export const contentKeys = {
  blog: ['blog'] as const,
  blogLists: ['blog', 'list'] as const,
  blogList: (params: { tag?: string; q?: string; page: number }) =>
    ['blog', 'list', params] as const,
  post: (idOrSlug: string) => ['blog', 'post', idOrSlug] as const,
  managePosts: (page: ManagePostsQuery) => ['blog', 'manage', page] as const,
  help: ['help'] as const,
  helpIndex: (locale: Locale) => ['help', 'index', locale] as const,
  helpSearch: (q: string, locale: Locale) => ['help', 'search', q, locale] as const,
  helpArticle: (slug: string, locale: Locale) => ['help', 'article', slug, locale] as const,
  faq: (locale: Locale) => ['help', 'faq', locale] as const,
  helpTranslations: (id: string) => ['help', 'translations', id] as const,
  pages: ['pages'] as const,
  sitePage: (slug: SitePageSlug, locale: Locale) => ['pages', slug, locale] as const,
  pageTranslations: (slug: SitePageSlug) => ['pages', 'translations', slug] as const,
  myTickets: ['support', 'mine'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  supportQueues: ['support', 'queue'] as const,
  supportQueue: (status: SupportStatus | 'all') => ['support', 'queue', status] as const,
  unanswered: ['support', 'unanswered'] as const,
};

export const blogListQuery = (params: { tag?: string; q?: string; page: number }) => {
  const search = new URLSearchParams();
  if (params.tag) search.set('tag', params.tag);
  if (params.q) search.set('q', params.q);
  if (params.page > 1) search.set('page', String(params.page));
  return queryOptions({
    queryKey: contentKeys.blogList(params),
    queryFn: ({ signal }) => apiGet<PostList>(`/api/blog/posts?${search}`, { signal }),
  });
};

export const postQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: contentKeys.post(idOrSlug),
    queryFn: ({ signal }) =>
      apiGet<Post>(`/api/blog/posts/${encodeURIComponent(idOrSlug)}`, { signal }),
  });

/** One page of every post for the console (page 1-based, as the server reads it). */
export const managePostsQuery = (page: ManagePostsQuery) =>
  queryOptions({
    queryKey: contentKeys.managePosts(page),
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({
        page: String(page.page),
        pageSize: String(page.pageSize),
      });
      if (page.q) search.set('q', page.q);
      return apiGet<ManagePostsPage>(`/api/blog/manage?${search}`, { signal });
    },
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const savePost = (id: string | null, input: PostInput) =>
  id
    ? apiRequest<Post>(`/api/blog/posts/${id}`, { method: 'PUT', body: input })
    : apiPost<Post>('/api/blog/posts', input);
export const publishPost = (id: string, publishAt?: string) =>
  apiPost<Post>(`/api/blog/posts/${id}/publish`, publishAt ? { publishAt } : {});
export const unpublishPost = (id: string) => apiPost<Post>(`/api/blog/posts/${id}/unpublish`);
export const deletePost = (id: string) => apiDelete<{ ok: true }>(`/api/blog/posts/${id}`);
export const uploadPostImage = (file: File) =>
  uploadFile<{ url: string }>('/api/blog/images', 'image', file);

// Help articles and site pages come in the reader's language where an admin has written a
// version in it (English otherwise): each read names its language (`?lang=`), so the cached
// answer belongs to the language in its key and a language switch fetches the other one.
const inLanguage = (locale: Locale) => `lang=${encodeURIComponent(locale)}`;

export const helpIndexQuery = (locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.helpIndex(locale),
    queryFn: ({ signal }) => apiGet<HelpIndex>(`/api/help?${inLanguage(locale)}`, { signal }),
  });
export const helpSearchQuery = (q: string, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.helpSearch(q, locale),
    queryFn: ({ signal }) =>
      apiGet<HelpSearchResult>(
        `/api/help/search?q=${encodeURIComponent(q)}&${inLanguage(locale)}`,
        { signal },
      ),
  });
/** An article in `locale` or, when it has no version in it, in English (`language` says which). */
export const helpArticleQuery = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.helpArticle(slug, locale),
    queryFn: ({ signal }) =>
      apiGet<LocalizedHelpArticle>(
        `/api/help/articles/${encodeURIComponent(slug)}?${inLanguage(locale)}`,
        { signal },
      ),
  });
export const sendHelpFeedback = (id: string, helpful: boolean) =>
  apiPost<{ ok: true }>(`/api/help/articles/${id}/feedback`, { helpful });
export const saveHelpArticle = (id: string, input: HelpArticleInput) =>
  apiRequest<LocalizedHelpArticle>(`/api/help/articles/${id}`, { method: 'PUT', body: input });
export const deleteHelpArticle = (id: string) =>
  apiDelete<{ ok: true }>(`/api/help/articles/${id}`);

export const faqQuery = (locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.faq(locale),
    queryFn: ({ signal }) => apiGet<Faq>(`/api/faq?${inLanguage(locale)}`, { signal }),
  });

export const sitePageQuery = (slug: SitePageSlug, locale: Locale) =>
  queryOptions({
    queryKey: contentKeys.sitePage(slug, locale),
    queryFn: ({ signal }) =>
      apiGet<LocalizedSitePage>(`/api/pages/${slug}?${inLanguage(locale)}`, { signal }),
    staleTime: 5 * 60_000,
  });

export const saveSitePage = (
  slug: SitePageSlug,
  input: { title: string; bodyHtml: string; openings: SitePage['openings'] },
) => apiRequest<LocalizedSitePage>(`/api/pages/${slug}`, { method: 'PUT', body: input });

// ---------- Versions in other languages (admins) ----------

/** The languages a help article or site page may have a version in; English is the source. */
export const TRANSLATED_LOCALES = LOCALES.filter(
  (locale): locale is TranslatedLocale => locale !== SOURCE_LOCALE,
);
export type TranslatedLocale = Exclude<Locale, 'en'>;

export type LocalizedHelpArticle = HelpArticle & { language: Locale };
export type LocalizedSitePage = SitePage & { language: Locale };

export type { HelpTranslation, SitePageTranslation };

export const helpTranslationsQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.helpTranslations(id),
    queryFn: ({ signal }) =>
      apiGet<HelpTranslationList>(`/api/help/articles/${id}/translations`, { signal }),
  });
export const saveHelpTranslation = (
  id: string,
  language: TranslatedLocale,
  input: { title: string; summary: string; body: string },
) =>
  apiRequest<HelpTranslation>(`/api/help/articles/${id}/translations/${language}`, {
    method: 'PUT',
    body: input,
  });
export const deleteHelpTranslation = (id: string, language: TranslatedLocale) =>
  apiDelete<{ ok: true }>(`/api/help/articles/${id}/translations/${language}`);

export const pageTranslationsQuery = (slug: SitePageSlug) =>
  queryOptions({
    queryKey: contentKeys.pageTranslations(slug),
    queryFn: ({ signal }) =>
      apiGet<SitePageTranslationList>(`/api/pages/${slug}/translations`, { signal }),
  });
export const savePageTranslation = (
  slug: SitePageSlug,
  language: TranslatedLocale,
  input: { title: string; bodyHtml: string },
) =>
  apiRequest<SitePageTranslation>(`/api/pages/${slug}/translations/${language}`, {
    method: 'PUT',
    body: input,
  });
export const deletePageTranslation = (slug: SitePageSlug, language: TranslatedLocale) =>
  apiDelete<{ ok: true }>(`/api/pages/${slug}/translations/${language}`);

export const sendContact = (input: ContactInput) => apiPost<ContactReceipt>('/api/contact', input);

export const myTicketsQuery = queryOptions({
  queryKey: contentKeys.myTickets,
  queryFn: ({ signal }) => apiGet<SupportTicketList>('/api/support-tickets', { signal }),
});
export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.ticket(id),
    queryFn: ({ signal }) => apiGet<SupportTicket>(`/api/support-tickets/${id}`, { signal }),
  });
export const supportQueueQuery = (status: SupportStatus | 'all') =>
  queryOptions({
    queryKey: contentKeys.supportQueue(status),
    queryFn: ({ signal }) =>
      apiGet<SupportTicketList>(
        `/api/support/queue${status === 'all' ? '' : `?status=${status}`}`,
        { signal },
      ),
  });

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; status?: SupportStatus }) =>
      apiPost<SupportTicket>(`/api/support-tickets/${id}/messages`, input),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQuery(id).queryKey, ticket);
      void client.invalidateQueries({ queryKey: contentKeys.supportQueues });
      void client.invalidateQueries({ queryKey: contentKeys.myTickets });
    },
  });
}

export const askChatbot = (question: string) =>
  apiPost<ChatAnswer>('/api/chatbot/ask', { question });
export const rateChatAnswer = (id: string, helpful: boolean) =>
  apiPost<{ ok: true }>(`/api/chatbot/answers/${id}/feedback`, { helpful });
export const chatHandoff = (input: {
  name: string;
  email: string;
  transcript: { from: 'you' | 'assistant'; text: string }[];
}) => apiPost<{ reference: string }>('/api/chatbot/handoff', input);

export const unansweredQuery = queryOptions({
  queryKey: contentKeys.unanswered,
  queryFn: ({ signal }) => apiGet<UnansweredList>('/api/chatbot/unanswered', { signal }),
});

export function formatDate(iso: string | null): string {
  if (!iso) return '';
  return formatDay(iso);
}
