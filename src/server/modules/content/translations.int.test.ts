import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpArticleTranslations } from '../../db/schema/content';
import { createUser } from '../../test/factories';
import { acceptLanguage, requestAs } from '../../test/request-as';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedHelpArticles, seedHelpTranslations } from './help.service';
import { HELP_ARTICLES } from './help-content';
import { HELP_TRANSLATIONS } from './help-translations';

// Help articles and site pages in the reader's language, falling back to English per article.

let t: TestApp;
type Who = 'admin' | 'moderator' | 'member';
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  const users = {
    admin: await createUser(t.db, { fullName: 'Ada Admin', roles: ['admin'] }),
    moderator: await createUser(t.db, { fullName: 'Mo Moderator', roles: ['moderator'] }),
    member: await createUser(t.db, { fullName: 'Mia Member' }),
  };
  for (const [key, user] of Object.entries(users))
    cookies[key as Who] = await t.sessionCookie(user);
  await seedHelpArticles(t.db, { now: t.clock.now(), articles: HELP_ARTICLES });
  await seedHelpTranslations(t.db, { now: t.clock.now(), translations: HELP_TRANSLATIONS });
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);
const read = async (url: string, language?: string) => {
  const response = await call('signedOut', 'GET', url, undefined, acceptLanguage(language));
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('reading help in the reader’s language', () => {
  it('shows an article’s version in the reader’s language, and English where it has none', async () => {
    const spanish = await read('/api/help/articles/refunds', 'es');
    expect(spanish).toMatchObject({ title: '¿Cómo obtengo un reembolso?', language: 'es' });
    expect(spanish.body).toContain('5 a 10 días hábiles');
    const arabic = await read('/api/help/articles/refunds', 'ar');
    expect(arabic).toMatchObject({ title: 'كيف أسترد أموالي؟', language: 'ar' });
    const fallback = await read('/api/help/articles/payment-methods', 'es');
    expect(fallback).toMatchObject({ title: 'Which payment methods can I use?', language: 'en' });
    const english = await read('/api/help/articles/refunds');
    expect(english).toMatchObject({ title: 'How do I get a refund?', language: 'en' });
    // A language the article has no version in reads English, whatever others it has.
    expect((await read('/api/help/articles/refunds', 'fr')).language).toBe('en');
  });

  it('keeps the shared index and FAQ per language', async () => {
    const titles = (index: { categories: { articles: { slug: string; title: string }[] }[] }) =>
      new Map(index.categories.flatMap((c) => c.articles.map((a) => [a.slug, a.title])));
    // Read one after the other within the cache's second: each language gets its own body.
    const english = titles(await read('/api/help'));
    const spanish = titles(await read('/api/help', 'es'));
    expect(english.get('refunds')).toBe('How do I get a refund?');
    expect(spanish.get('refunds')).toBe('¿Cómo obtengo un reembolso?');
    expect(spanish.get('payment-methods')).toBe('Which payment methods can I use?');
    const faq = await read('/api/faq', 'es');
    const refund = faq.items.find((item: { slug: string }) => item.slug === 'refunds');
    expect(refund.question).toBe('¿Cómo obtengo un reembolso?');
    expect((await read('/api/faq')).items).toContainEqual(
      expect.objectContaining({ slug: 'refunds', question: 'How do I get a refund?' }),
    );
  });

  it('searches the Spanish versions with Spanish stemming, and English articles without one', async () => {
    const found = await read('/api/help/search?q=reembolsos', 'es');
    expect(found.items[0]).toMatchObject({ slug: 'refunds', title: '¿Cómo obtengo un reembolso?' });
    expect(found.items[0].snippet).toContain('reembols');
    // "payment" is in English articles with no Spanish version: a Spanish reader finds them.
    const english = await read('/api/help/search?q=3-D%20Secure', 'es');
    expect(english.items[0]).toMatchObject({ slug: 'payment-methods', title: expect.any(String) });
    // A typo corrected from the Spanish versions' words.
    const typo = await read('/api/help/search?q=reembolzo', 'es');
    expect(typo.correctedQuery).toMatch(/^reembols/);
    expect(typo.items[0]?.slug).toBe('refunds');
  });

  it('has the assistant answer a Spanish question from the Spanish version', async () => {
    const response = await call(
      'signedOut',
      'POST',
      '/api/chatbot/ask',
      { question: '¿Cómo obtengo un reembolso?' },
      acceptLanguage('es'),
    );
    const answer = response.json();
    expect(answer.answered).toBe(true);
    expect(answer.sources[0]).toEqual({ slug: 'refunds', title: '¿Cómo obtengo un reembolso?' });
    expect(answer.text).toContain('días hábiles');
  });
});

describe('writing versions of a help article', () => {
  const version = {
    title: 'Transporte al evento',
    summary: 'Lanzaderas desde la estación',
    body: 'Hay lanzaderas desde la estación cada media hora.',
  };

  it('lets only admins list, write and remove versions', async () => {
    const article = (
      await call('admin', 'POST', '/api/help/articles', {
        title: 'Getting to the venue',
        category: 'getting-started',
        summary: 'Shuttles',
        body: 'Shuttles leave the station every half hour.',
      })
    ).json();
    expect(article.id).toEqual(expect.any(String));
    const url = `/api/help/articles/${article.id}/translations`;
    for (const [who, status] of [
      ['member', 403],
      ['moderator', 403],
      ['signedOut', 401],
    ] as const) {
      expect((await call(who, 'GET', url)).statusCode).toBe(status);
      expect((await call(who, 'PUT', `${url}/es`, version)).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `${url}/es`)).statusCode).toBe(status);
    }
    expect((await read(`/api/help/articles/${article.id}`, 'es')).language).toBe('en');

    const saved = await call('admin', 'PUT', `${url}/es`, version);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'es', ...version });
    expect((await call('admin', 'GET', url)).json().items).toEqual([
      expect.objectContaining({ language: 'es', title: 'Transporte al evento' }),
    ]);
    // Live at once, for the reader of that language only.
    expect(await read(`/api/help/articles/${article.slug}`, 'es')).toMatchObject({
      title: 'Transporte al evento',
      language: 'es',
    });
    expect((await read(`/api/help/articles/${article.slug}`)).title).toBe('Getting to the venue');
    expect((await read('/api/help/search?q=lanzaderas', 'es')).items[0]?.slug).toBe(article.slug);

    const changed = await call('admin', 'PUT', `${url}/es`, {
      ...version,
      title: 'Cómo llegar al evento',
    });
    expect(changed.json().title).toBe('Cómo llegar al evento');
    expect((await call('admin', 'DELETE', `${url}/es`)).statusCode).toBe(200);
    expect((await read(`/api/help/articles/${article.slug}`, 'es')).language).toBe('en');
    expect((await call('admin', 'DELETE', `${url}/es`)).statusCode).toBe(404);
    expect(
      (await call('admin', 'PUT', `/api/help/articles/${randomUUID()}/translations/es`, version))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a language it does not offer and incomplete texts, naming the field', async () => {
    const refunds = await read('/api/help/articles/refunds');
    const url = `/api/help/articles/${refunds.id}/translations`;
    for (const language of ['xx', 'en']) {
      const bad = await call('admin', 'PUT', `${url}/${language}`, version);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Choose a language',
        details: { fields: [{ field: 'params.language', message: 'Choose a language' }] },
      });
    }
    const inSpanish = await call('admin', 'PUT', `${url}/xx`, version, acceptLanguage('es'));
    expect(inSpanish.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Elija un idioma',
    });
    const untitled = await call('admin', 'PUT', `${url}/es`, { ...version, title: ' ' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.details.fields[0]).toMatchObject({
      field: 'body.title',
      message: 'Title is required',
    });
  });

  it('deletes an article’s versions with it', async () => {
    const article = (
      await call('admin', 'POST', '/api/help/articles', {
        title: 'Lost property',
        category: 'getting-started',
        body: 'Ask at the door.',
      })
    ).json();
    for (const language of ['es', 'ar'])
      await call('admin', 'PUT', `/api/help/articles/${article.id}/translations/${language}`, {
        title: `Objetos perdidos ${language}`,
        body: 'Pregunte en la puerta.',
      });
    const versions = () =>
      t.db
        .select()
        .from(helpArticleTranslations)
        .where(eq(helpArticleTranslations.articleId, article.id));
    expect(await versions()).toHaveLength(2);
    expect((await call('admin', 'DELETE', `/api/help/articles/${article.id}`)).statusCode).toBe(
      200,
    );
    expect(await versions()).toHaveLength(0);
  });
});

describe('site pages per language', () => {
  it('shows an admin-written version to its readers, sanitized, and English to the others', async () => {
    const url = '/api/pages/about/translations';
    const input = { title: 'Quiénes somos', bodyHtml: '<p>Hola</p><script>x()</script>' };
    expect((await call('member', 'PUT', `${url}/es`, input)).statusCode).toBe(403);
    expect((await call('signedOut', 'PUT', `${url}/es`, input)).statusCode).toBe(401);
    expect((await call('moderator', 'GET', url)).statusCode).toBe(403);
    const english = await read('/api/pages/about', 'es');
    expect(english.language).toBe('en');

    const saved = await call('admin', 'PUT', `${url}/es`, input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'es', bodyHtml: '<p>Hola</p>' });
    expect(await read('/api/pages/about', 'es')).toMatchObject({
      title: 'Quiénes somos',
      bodyHtml: '<p>Hola</p>',
      language: 'es',
    });
    expect((await read('/api/pages/about', 'fr')).language).toBe('en');
    expect((await read('/api/pages/about')).title).toBe(`About ${t.config.APP_NAME}`);
    // `?lang=en` (how the editor reads the English source) wins over the reader's language.
    expect((await read('/api/pages/about?lang=en', 'es')).language).toBe('en');
    expect((await call('admin', 'GET', url)).json().items).toHaveLength(1);

    const bad = await call('admin', 'PUT', `${url}/klingon`, input);
    expect(bad.json().error.details.fields[0].field).toBe('params.language');
    expect(
      (await call('admin', 'PUT', '/api/pages/nowhere/translations/es', input)).statusCode,
    ).toBe(404);
    expect((await call('admin', 'DELETE', `${url}/es`)).statusCode).toBe(200);
    expect((await read('/api/pages/about', 'es')).language).toBe('en');
  });
});
