import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, supportTickets } from '../../db/schema/content';
import { createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { multipart, png } from '../../test/uploads';
import { seedHelpArticles } from './help.service';
import { HELP_ARTICLES } from './help-content';

let t: TestApp;
const cookies: Record<string, string> = {};
let writer: CreatedUser;
let admin: CreatedUser;
let moderator: CreatedUser;
let member: CreatedUser;
let other: CreatedUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  writer = await createUser(t.db, { fullName: 'Bea Blogger', roles: ['blog_admin'] });
  admin = await createUser(t.db, { fullName: 'Ada Admin', roles: ['admin'] });
  moderator = await createUser(t.db, { fullName: 'Mo Moderator', roles: ['moderator'] });
  member = await createUser(t.db, { fullName: 'Mia Member' });
  other = await createUser(t.db, { fullName: 'Oli Other' });
  for (const [key, user] of Object.entries({ writer, admin, moderator, member, other }))
    cookies[key] = await t.sessionCookie(user);
  await seedHelpArticles(t.db, { now: t.clock.now(), articles: HELP_ARTICLES });
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const draft = {
  title: 'Spring line-up announced',
  excerpt: 'Who plays',
  bodyHtml: '<p>Hello</p>',
  tags: ['News'],
};

describe('blog roles', () => {
  it('lets blog admins and admins write; refuses other users and signed-out visitors', async () => {
    expect((await call('writer', 'POST', '/api/blog/posts', draft)).statusCode).toBe(201);
    expect((await call('admin', 'POST', '/api/blog/posts', draft)).statusCode).toBe(201);
    expect((await call('member', 'POST', '/api/blog/posts', draft)).statusCode).toBe(403);
    expect((await call('moderator', 'POST', '/api/blog/posts', draft)).statusCode).toBe(403);
    expect((await call('signedOut', 'POST', '/api/blog/posts', draft)).statusCode).toBe(401);

    const created = (await call('writer', 'POST', '/api/blog/posts', draft)).json();
    // Slugs stay unique: the third post with the same title gets -3.
    expect(created.slug).toBe('spring-line-up-announced-3');
    expect(created.tags).toEqual(['news']);
    for (const who of ['member', 'signedOut'] as const) {
      const edit = await call(who, 'PUT', `/api/blog/posts/${created.id}`, draft);
      expect(edit.statusCode).toBe(who === 'member' ? 403 : 401);
      const remove = await call(who, 'DELETE', `/api/blog/posts/${created.id}`);
      expect(remove.statusCode).toBe(who === 'member' ? 403 : 401);
      expect(
        (await call(who, 'POST', `/api/blog/posts/${created.id}/publish`, {})).statusCode,
      ).toBe(who === 'member' ? 403 : 401);
    }
    // An admin edits and deletes a post another person wrote.
    expect(
      (
        await call('admin', 'PUT', `/api/blog/posts/${created.id}`, { ...draft, title: 'Renamed' })
      ).json().title,
    ).toBe('Renamed');
    expect((await call('admin', 'DELETE', `/api/blog/posts/${created.id}`)).statusCode).toBe(200);
    expect((await call('writer', 'GET', `/api/blog/posts/${created.id}`)).statusCode).toBe(404);
  });

  it('names the field of a bad post', async () => {
    const response = await call('writer', 'POST', '/api/blog/posts', { ...draft, title: '' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('title');
    const slug = await call('writer', 'POST', '/api/blog/posts', { ...draft, slug: 'Not A Slug' });
    expect(slug.statusCode).toBe(400);
    expect(JSON.stringify(slug.json())).toContain('slug');
  });
});

describe('drafts and scheduled posts', () => {
  it('shows a post to the public only once it is published and its time has come', async () => {
    const post = (
      await call('writer', 'POST', '/api/blog/posts', {
        ...draft,
        title: 'Night market returns',
        tags: ['markets'],
      })
    ).json();
    const publicView = () => call('signedOut', 'GET', `/api/blog/posts/${post.slug}`);
    const inList = async () =>
      (await call('signedOut', 'GET', '/api/blog/posts?tag=markets'))
        .json()
        .items.map((p: { id: string }) => p.id);
    expect((await publicView()).statusCode).toBe(404);
    expect(await inList()).toEqual([]);
    expect((await call('member', 'GET', `/api/blog/posts/${post.id}`)).statusCode).toBe(404);
    expect((await call('writer', 'GET', `/api/blog/posts/${post.id}`)).json().status).toBe('draft');

    const at = new Date(t.clock.now().getTime() + 2 * 3600_000).toISOString();
    const scheduled = await call('writer', 'POST', `/api/blog/posts/${post.id}/publish`, {
      publishAt: at,
    });
    expect(scheduled.json().status).toBe('scheduled');
    t.clock.advance(1500); // past the public list's one-second cache
    expect((await publicView()).statusCode).toBe(404);
    expect(await inList()).toEqual([]);

    t.clock.advance(2 * 3600_000);
    const visible = await publicView();
    expect(visible.statusCode).toBe(200);
    expect(visible.json()).toMatchObject({ status: 'published', author: { name: 'Bea Blogger' } });
    expect(await inList()).toEqual([post.id]);
    const rss = await t.app.inject({ url: '/blog/rss.xml' });
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('Night market returns');
  });
});

describe('sanitizer', () => {
  it('strips scripts, event handlers and javascript: URLs before storing', async () => {
    const post = await call('writer', 'POST', '/api/blog/posts', {
      ...draft,
      title: 'Unsafe',
      bodyHtml:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="/media/x.webp" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.org" target="_blank">ok</a><iframe src="https://evil.test"></iframe>',
    });
    expect(post.statusCode).toBe(201);
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.json().id));
    expect(row?.bodyHtml).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(row?.bodyHtml).toContain('<p>Hi</p>');
    expect(row?.bodyHtml).toContain('<img src="/media/x.webp">');
    expect(row?.bodyHtml).toContain('rel="noopener noreferrer nofollow"');
  });

  it('takes images for posts from blog admins only', async () => {
    const image = multipart('image', 'photo.png', 'image/png', await png(800, 400));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/blog/images',
      headers: { cookie: cookies.member, ...image.headers },
      payload: image.payload,
    });
    expect(refused.statusCode).toBe(403);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/blog/images',
      headers: { cookie: cookies.writer, ...image.headers },
      payload: image.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().url).toMatch(/^\/media\/blog\/.+\.webp$/);
  });

  it('gives a cover in three widths, which a card draws from the one of its size', async () => {
    const image = multipart('image', 'wide.png', 'image/png', await png(2000, 1000));
    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/blog/images',
        headers: { cookie: cookies.writer, ...image.headers },
        payload: image.payload,
      })
    ).json();
    const post = (
      await call('writer', 'POST', '/api/blog/posts', { ...draft, coverImage: url })
    ).json();
    expect(post.coverImage).toBe(url);
    const sizes = post.coverSizes as Record<'small' | 'medium' | 'large', string>;
    expect(sizes.large).toBe(url);
    const widths = { small: 400, medium: 800, large: 1600 };
    for (const [name, width] of Object.entries(widths)) {
      const served = await t.app.inject({ url: sizes[name as keyof typeof widths] });
      expect(served.statusCode, name).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width, name).toBe(width);
    }
    // A post whose cover was stored in one size (before the widths) has none to offer.
    const single = (
      await call('writer', 'POST', '/api/blog/posts', {
        ...draft,
        coverImage: '/media/blog/0123456789abcdef0123456789abcdef.webp',
      })
    ).json();
    expect(single.coverSizes).toBeNull();
    // Deleting the post deletes every width.
    expect((await call('writer', 'DELETE', `/api/blog/posts/${post.id}`)).statusCode).toBe(200);
    for (const name of Object.keys(widths))
      expect((await t.app.inject({ url: sizes[name as keyof typeof widths] })).statusCode).toBe(
        404,
      );
  });
});

describe('help center', () => {
  it('finds articles despite typos', async () => {
    const exact = (await call('signedOut', 'GET', '/api/help/search?q=refund')).json();
    expect(exact.items[0].slug).toBe('refunds');
    const typo = (await call('signedOut', 'GET', '/api/help/search?q=refnud')).json();
    expect(typo.items.map((i: { slug: string }) => i.slug)).toContain('refunds');
    expect(typo.correctedQuery).toBe('refund');
    const twoTypos = (await call('signedOut', 'GET', '/api/help/search?q=pasword%20resett')).json();
    expect(twoTypos.items[0].slug).toBe('reset-password');
    expect((await call('signedOut', 'GET', '/api/help/search?q=%26%7C!%3A*')).json().items).toEqual(
      [],
    );
  });

  it('lists categories and the FAQ, and counts "was this helpful?"', async () => {
    const index = (await call('signedOut', 'GET', '/api/help')).json();
    expect(index.categories.map((c: { slug: string }) => c.slug)).toContain('tickets-and-payments');
    expect(
      index.categories.flatMap((c: { articles: unknown[] }) => c.articles).length,
    ).toBeGreaterThanOrEqual(25);
    const faq = (await call('signedOut', 'GET', '/api/faq')).json();
    expect(faq.items.map((i: { question: string }) => i.question)).toContain(
      'How do I get a refund?',
    );
    const article = (await call('signedOut', 'GET', '/api/help/articles/refunds')).json();
    await call('signedOut', 'POST', `/api/help/articles/${article.id}/feedback`, { helpful: true });
    expect((await call('signedOut', 'GET', '/api/help/articles/refunds')).json().helpfulYes).toBe(
      1,
    );
  });

  it('lets admins write help articles and nobody else', async () => {
    const body = {
      title: 'Streaming your event',
      category: 'organizers',
      body: 'Go live from the event page with the Stream button.',
    };
    expect((await call('moderator', 'POST', '/api/help/articles', body)).statusCode).toBe(403);
    expect((await call('signedOut', 'POST', '/api/help/articles', body)).statusCode).toBe(401);
    const created = await call('admin', 'POST', '/api/help/articles', body);
    expect(created.statusCode).toBe(201);
    const found = (await call('signedOut', 'GET', '/api/help/search?q=streem')).json();
    expect(found.items[0].id).toBe(created.json().id);
  });
});

describe('site pages', () => {
  it('serves defaults naming the product and contact address, and admins edit them', async () => {
    const about = (await call('signedOut', 'GET', '/api/pages/about')).json();
    expect(about.title).toBe(`About ${t.config.APP_NAME}`);
    expect(about.bodyHtml).toContain(t.config.CONTACT_EMAIL);
    const careers = (await call('signedOut', 'GET', '/api/pages/careers')).json();
    expect(careers.openings).toEqual([]);
    const input = {
      title: 'Careers',
      bodyHtml: '<p>Join us</p><script>x()</script>',
      openings: [{ title: 'Support engineer', location: 'Remote', description: 'Help people.' }],
    };
    expect((await call('moderator', 'PUT', '/api/pages/careers', input)).statusCode).toBe(403);
    const saved = await call('admin', 'PUT', '/api/pages/careers', input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().bodyHtml).toBe('<p>Join us</p>');
    expect(saved.json().openings[0].title).toBe('Support engineer');
    expect((await call('signedOut', 'GET', '/api/pages/nowhere')).statusCode).toBe(404);
  });
});

describe('editing help articles and site pages (admin screens)', () => {
  // spec §2 puts /admin/help in the admin area and §6 names no other editor of site content:
  // admins edit; a blog admin (the blog only), a moderator, another user and a signed-out visitor
  // may not.
  const refused = [
    ['writer', 403],
    ['moderator', 403],
    ['member', 403],
    ['signedOut', 401],
  ] as const;

  it('lets only admins change and delete a help article; the change is live at once', async () => {
    const created = (
      await call('admin', 'POST', '/api/help/articles', {
        title: 'Parking at the venue',
        category: 'getting-started',
        body: 'Most venues list parking on the event page.',
      })
    ).json();
    const edit = {
      title: 'Parking and shuttles',
      category: 'tickets-and-payments',
      summary: 'Where to leave the car',
      body: 'Look for the shuttle timetable under Getting there.\n\nBikes are welcome.',
      isFaq: true,
    };
    for (const [who, status] of refused) {
      expect((await call(who, 'PUT', `/api/help/articles/${created.id}`, edit)).statusCode).toBe(
        status,
      );
      expect((await call(who, 'DELETE', `/api/help/articles/${created.id}`)).statusCode).toBe(
        status,
      );
    }
    const unchanged = (await call('signedOut', 'GET', `/api/help/articles/${created.id}`)).json();
    expect(unchanged.title).toBe('Parking at the venue');

    const saved = await call('admin', 'PUT', `/api/help/articles/${created.id}`, edit);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...edit, slug: created.slug });
    // Readers, search (its words included) and the FAQ see the edit straight away.
    const read = (await call('signedOut', 'GET', `/api/help/articles/${created.slug}`)).json();
    expect(read.body).toBe(edit.body);
    const found = (await call('signedOut', 'GET', '/api/help/search?q=shutle')).json();
    expect(found.items[0]?.id).toBe(created.id);
    const faq = (await call('signedOut', 'GET', '/api/faq')).json();
    expect(faq.items.map((i: { id: string }) => i.id)).toContain(created.id);

    const bad = await call('admin', 'PUT', `/api/help/articles/${created.id}`, {
      ...edit,
      category: 'nowhere',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.category');
    const missing = await call('admin', 'PUT', `/api/help/articles/${randomUUID()}`, edit);
    expect(missing.statusCode).toBe(404);

    expect((await call('admin', 'DELETE', `/api/help/articles/${created.id}`)).statusCode).toBe(
      200,
    );
    expect((await call('signedOut', 'GET', `/api/help/articles/${created.id}`)).statusCode).toBe(
      404,
    );
  });

  it('lets only admins change a site page, sanitized, and visitors read the edit', async () => {
    const before = (await call('signedOut', 'GET', '/api/pages/accessibility')).json();
    expect(before.updatedAt).toBeNull();
    const edit = {
      title: 'Accessibility statement',
      bodyHtml:
        '<h2>Our aim</h2><p onclick="steal()">Every page works by keyboard.</p>' +
        '<p><a href="javascript:alert(1)">bad</a> <img src="x" onerror="steal()"></p>',
    };
    for (const [who, status] of refused)
      expect((await call(who, 'PUT', '/api/pages/accessibility', edit)).statusCode).toBe(status);
    expect((await call('signedOut', 'GET', '/api/pages/accessibility')).json().title).toBe(
      before.title,
    );

    const saved = await call('admin', 'PUT', '/api/pages/accessibility', edit);
    expect(saved.statusCode).toBe(200);
    const html: string = saved.json().bodyHtml;
    expect(html).toContain('<h2>Our aim</h2>');
    expect(html).toContain('Every page works by keyboard.');
    expect(html).not.toMatch(/onclick|onerror|javascript:|steal/);
    const read = (await call('signedOut', 'GET', '/api/pages/accessibility')).json();
    expect(read).toMatchObject({ title: edit.title, bodyHtml: html });
    expect(read.updatedAt).not.toBeNull();

    const bad = await call('admin', 'PUT', '/api/pages/accessibility', { ...edit, title: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.title');
    const opening = await call('admin', 'PUT', '/api/pages/careers', {
      ...edit,
      openings: [{ title: '', location: 'Remote' }],
    });
    expect(opening.statusCode).toBe(400);
    expect(opening.json().error.details.fields[0].field).toBe('body.openings.0.title');
  });
});

describe('contact and support tickets', () => {
  const contact = {
    name: 'Sam Sender',
    email: 'sam@example.test',
    topic: 'tickets',
    message: 'My tickets did not arrive after paying.',
  };

  it('opens a ticket, mails its reference, and tells the staff', async () => {
    const response = await call('signedOut', 'POST', '/api/contact', contact);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    expect(reference).toMatch(/^SUP-[A-Z2-9]{6}$/);
    const [mail] = await waitForCapturedMail(t.db, 'sam@example.test');
    expect(mail?.subject).toContain(reference);
    await waitForCapturedMail(t.db, admin.email);
    await waitForCapturedMail(t.db, moderator.email);
    expect(await capturedMailCount(t.db, member.email)).toBe(0);
  });

  it('creates nothing for a filled-in honeypot, with the same answer', async () => {
    const before = (await t.db.select().from(supportTickets)).length;
    const response = await call('signedOut', 'POST', '/api/contact', {
      ...contact,
      email: 'bot@example.test',
      website: 'http://spam.test',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().reference).toMatch(/^SUP-/);
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
  });

  it('names a bad field', async () => {
    const response = await call('signedOut', 'POST', '/api/contact', { ...contact, email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter a valid email address');
  });

  it('shows a ticket to its requester and staff only; staff replies are mailed', async () => {
    await call('member', 'POST', '/api/contact', {
      ...contact,
      email: member.email,
      name: 'Mia Member',
    });
    const mine = (await call('member', 'GET', '/api/support-tickets')).json().items;
    expect(mine).toHaveLength(1);
    const id = mine[0].id;
    expect((await call('member', 'GET', `/api/support-tickets/${id}`)).statusCode).toBe(200);
    expect((await call('other', 'GET', `/api/support-tickets/${id}`)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', `/api/support-tickets/${id}`)).statusCode).toBe(401);
    expect(
      (await call('other', 'POST', `/api/support-tickets/${id}/messages`, { body: 'hi' }))
        .statusCode,
    ).toBe(404);
    expect((await call('member', 'GET', '/api/support/queue')).statusCode).toBe(403);
    expect(
      (await call('member', 'POST', `/api/support-tickets/${id}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(403);

    const queue = (await call('moderator', 'GET', '/api/support/queue?status=open')).json().items;
    expect(queue.map((q: { id: string }) => q.id)).toContain(id);
    t.clock.advance(60_000);
    const replied = await call('moderator', 'POST', `/api/support-tickets/${id}/messages`, {
      body: 'We re-sent your tickets; check your inbox.',
    });
    expect(replied.json().status).toBe('pending');
    const mails = await waitForCapturedMail(t.db, member.email, { count: 2 });
    expect(mails[0]?.text).toContain('We re-sent your tickets');
    t.clock.advance(60_000);
    const answer = await call('member', 'POST', `/api/support-tickets/${id}/messages`, {
      body: 'Got them, thanks!',
    });
    expect(answer.json()).toMatchObject({ status: 'open' });
    expect(answer.json().messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([
      false,
      true,
      false,
    ]);
    expect(
      (
        await call('admin', 'POST', `/api/support-tickets/${id}/status`, { status: 'closed' })
      ).json().status,
    ).toBe('closed');
  });
});

describe('chatbot', () => {
  it('answers a question from the help center with the source article', async () => {
    const answer = (
      await call('signedOut', 'POST', '/api/chatbot/ask', { question: 'How do I get a refund?' })
    ).json();
    expect(answer.answered).toBe(true);
    expect(answer.sources[0]).toEqual({ slug: 'refunds', title: 'How do I get a refund?' });
    expect(answer.text.toLowerCase()).toContain('refund');
    // Whole sentences, with the fact that follows "contact the organizer" (how long it takes).
    expect(answer.text).toMatch(/^[A-Z].*[.!?]$/s);
    expect(answer.text).toContain('working days');
    const typo = (
      await call('signedOut', 'POST', '/api/chatbot/ask', { question: 'forgot my pasword' })
    ).json();
    expect(typo.sources[0]?.slug).toBe('reset-password');
  });

  it('admits it has no answer to nonsense, and logs the question for staff', async () => {
    const answer = (
      await call('signedOut', 'POST', '/api/chatbot/ask', { question: 'xyzzy quux wibble' })
    ).json();
    expect(answer).toMatchObject({ answered: false, sources: [] });
    expect(answer.text).toContain("don't have an answer");
    expect((await call('member', 'GET', '/api/chatbot/unanswered')).statusCode).toBe(403);
    const unanswered = (await call('moderator', 'GET', '/api/chatbot/unanswered')).json().items;
    expect(unanswered.map((u: { question: string }) => u.question)).toContain('xyzzy quux wibble');
    expect(
      (
        await call('signedOut', 'POST', `/api/chatbot/answers/${answer.id}/feedback`, {
          helpful: false,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('hands off to a person with the transcript', async () => {
    const response = await call('signedOut', 'POST', '/api/chatbot/handoff', {
      name: 'Tess Talker',
      email: 'tess@example.test',
      transcript: [
        { from: 'you', text: 'Can I move my ticket to a friend?' },
        { from: 'assistant', text: "I'm sorry, I don't have an answer to that." },
      ],
    });
    expect(response.statusCode).toBe(201);
    const [ticket] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, 'tess@example.test'));
    expect(ticket).toMatchObject({
      source: 'chatbot',
      subject: 'Can I move my ticket to a friend?',
    });
    const full = (await call('admin', 'GET', `/api/support-tickets/${ticket?.id}`)).json();
    expect(full.messages[0].body).toContain('Tess Talker: Can I move my ticket to a friend?');
    expect(full.messages[0].body).toContain("Assistant: I'm sorry");
  });
});

describe('contact rate limit', () => {
  it('refuses the sixth message in ten minutes from one address', async () => {
    const own = await createTestApp();
    try {
      const send = () =>
        own.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: {
            name: 'Rae',
            email: 'rae@example.test',
            topic: 'general',
            message: 'Hello there, a question.',
          },
        });
      for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(201);
      const sixth = await send();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("the reader's language", () => {
  it('answers errors, the assistant and the contact receipt in the language of the request', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/support-tickets/00000000-0000-4000-8000-000000000000',
      headers: { cookie: cookies.member, 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Solicitud de soporte no encontrada' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot/ask',
      headers: { 'accept-language': 'ar' },
      payload: { question: 'xyzzy quux wibble' },
    });
    expect(unknown.json()).toMatchObject({
      answered: false,
      text: 'عذرًا، لا تتوفر لديّ إجابة عن ذلك في مركز المساعدة. يمكنك إعادة صياغة السؤال، أو التحدث إلى أحد أعضاء فريق الدعم.',
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'accept-language': 'fr' },
      payload: {
        name: 'Chloé Client',
        email: 'chloe@example.test',
        topic: 'general',
        message: 'Bonjour, une question.',
      },
    });
    const { reference } = sent.json<{ reference: string }>();
    const [mail] = await waitForCapturedMail(t.db, 'chloe@example.test');
    expect(mail?.subject).toBe(`[${reference}] Nous avons bien reçu votre message`);
    expect(mail?.text).toContain('Bonjour Chloé Client,');
    expect(mail?.html).toContain('dir="ltr"');
  });
});
