import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  confirmedPage,
  sendPage,
  signUpFormPage,
  unsubscribedPage,
  unsubscribeFormPage,
} from './marketing-pages';
import { translator } from '../../platform/i18n/translate';

const english = translator('en');

describe('pages for links opened from mail', () => {
  it('escapes what comes from outside: a list description, an address, a token', () => {
    const form = signUpFormPage({ id: 'l1', name: 'News', description: '<b>"hi"</b>' }, english);
    expect(form.body).toContain('<p>&lt;b&gt;&quot;hi&quot;&lt;/b&gt;</p>');
    expect(form.body).toContain('action="/api/marketing/public/lists/l1/subscribe"');
    expect(unsubscribedPage('a<script>@x.test', english).body).toContain('a&lt;script&gt;@x.test');
    expect(unsubscribeFormPage('a"b&c', english).body).toContain(
      'action="/api/marketing/unsubscribe?token=a%22b%26c"',
    );
  });

  it('answers a whole HTML page with the title escaped and the status of the page', async () => {
    const app = Fastify();
    app.get('/bad', (_request, reply) =>
      sendPage(reply, 'MEA <Events>', confirmedPage(false, english), 'en'),
    );
    app.get('/list', (_request, reply) =>
      sendPage(
        reply,
        'MEA',
        signUpFormPage({ id: 'l1', name: 'A & B', description: '' }, english),
        'en',
      ),
    );
    const bad = await app.inject({ url: '/bad' });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bad.body).toContain('<title>Link not valid · MEA &lt;Events&gt;</title>');
    expect(bad.body).toContain('<h1>Link not valid</h1>');
    const list = await app.inject({ url: '/list' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<h1>A &amp; B</h1>');
    await app.close();
  });

  it("speaks the reader's language, right to left in Arabic; the list's own words stay", async () => {
    const app = Fastify();
    app.get('/ar', (_request, reply) =>
      sendPage(reply, 'MEA', confirmedPage(false, translator('ar')), 'ar'),
    );
    const arabic = await app.inject({ url: '/ar' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<h1>الرابط غير صالح</h1>');
    await app.close();
    const form = signUpFormPage({ id: 'l1', name: 'Nouvelles', description: '' }, translator('fr'));
    expect(form.title).toBe('Nouvelles');
    expect(form.body).toContain('<button type="submit">S’abonner</button>');
  });
});
