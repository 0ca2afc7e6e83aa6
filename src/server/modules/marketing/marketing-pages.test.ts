import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  confirmedPage,
  sendPage,
  signUpFormPage,
  unsubscribedPage,
  unsubscribeFormPage,
} from './marketing-pages';

describe('pages for links opened from mail', () => {
  it('escapes what comes from outside: a list description, an address, a token', () => {
    const form = signUpFormPage({ id: 'l1', name: 'News', description: '<b>"hi"</b>' });
    expect(form.body).toContain('<p>&lt;b&gt;&quot;hi&quot;&lt;/b&gt;</p>');
    expect(form.body).toContain('action="/api/marketing/public/lists/l1/subscribe"');
    expect(unsubscribedPage('a<script>@x.test').body).toContain('a&lt;script&gt;@x.test');
    expect(unsubscribeFormPage('a"b&c').body).toContain(
      'action="/api/marketing/unsubscribe?token=a%22b%26c"',
    );
  });

  it('answers a whole HTML page with the title escaped and the status of the page', async () => {
    const app = Fastify();
    app.get('/bad', (_request, reply) => sendPage(reply, 'MEA <Events>', confirmedPage(false)));
    app.get('/list', (_request, reply) =>
      sendPage(reply, 'MEA', signUpFormPage({ id: 'l1', name: 'A & B', description: '' })),
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
});
