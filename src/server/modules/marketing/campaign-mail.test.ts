import { describe, expect, it } from 'vitest';
import { campaignMail, mergeFields, sanitizeCampaignHtml, textFromHtml } from './campaign-mail';

const config = { APP_NAME: 'MEA', PUBLIC_URL: 'http://x.test', SESSION_SECRET: 's'.repeat(32) };

describe('campaign mail', () => {
  it('strips scripts, handlers and javascript links', () => {
    const clean = sanitizeCampaignHtml(
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://ok.test">ok</a></p><iframe src="https://evil.test"></iframe>',
    );
    expect(clean).toBe('<p>Hi <a>x</a><a href="https://ok.test">ok</a></p>');
  });

  it('escapes merge fields in the HTML part, not in the text part', () => {
    const r = { email: 'a@b.test', name: '<b>Ann</b> Lee', attributes: { city: 'Lyon' } };
    expect(mergeFields('Hi {{name}} from {{attr.city}} {{unknown}}', r, true)).toBe(
      'Hi &lt;b&gt;Ann&lt;/b&gt; Lee from Lyon {{unknown}}',
    );
    expect(mergeFields('Hi {{first_name}}', r, false)).toBe('Hi <b>Ann</b>');
  });

  it('carries one-click unsubscribe headers, a visible link and a text part', () => {
    const html = '<p>Hello {{name}}, <a href="https://tickets.test/a">buy</a></p>';
    const mail = campaignMail(
      config,
      {
        id: 'c1',
        subject: 'News for {{name}}',
        preheader: '',
        fromName: 'Org',
        bodyHtml: html,
        bodyText: textFromHtml(html),
        trackOpens: true,
        trackClicks: true,
      },
      { email: 'a@b.test', name: 'Ann', attributes: {} },
    );
    expect(mail.subject).toBe('News for Ann');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/x\.test\/api\/marketing\/unsubscribe\?token=/,
    );
    expect(mail.html).toContain('/api/marketing/t/click?token=');
    expect(mail.html).toContain('/api/marketing/t/open.gif?token=');
    expect(mail.html).not.toContain('href="https://tickets.test/a"');
    expect(mail.text).toContain('Hello Ann');
    expect(mail.text).toContain('Unsubscribe: http://x.test/api/marketing/unsubscribe?token=');
  });
});
