import { describe, expect, it } from 'vitest';
import {
  campaignMail,
  campaignMessageId,
  campaignOfMessageId,
  eventDate,
  mergeFields,
  sanitizeCampaignHtml,
  textFromHtml,
} from './campaign-mail';
import { readToken } from './tokens';

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
        ownerId: 'o1',
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

  it("writes the footer in the subscriber's language and leaves the content as written", () => {
    const html = '<p>Hello {{name}}</p>';
    const mail = campaignMail(
      config,
      {
        id: 'c1',
        ownerId: 'o1',
        subject: 'News',
        preheader: '',
        fromName: 'Org',
        bodyHtml: html,
        bodyText: textFromHtml(html),
        trackOpens: false,
        trackClicks: false,
      },
      { email: 'a@b.test', name: 'Ann', attributes: {}, language: 'de' },
    );
    expect(mail.html).toContain('<p>Hello Ann</p>');
    expect(mail.html).toContain('<p lang="de" dir="ltr"');
    expect(mail.html).toContain(
      'Sie erhalten diese E-Mail, weil Sie die Liste von Org abonniert haben.',
    );
    expect(mail.text).toContain('Abmelden: http://x.test/api/marketing/unsubscribe?token=');
  });

  it('links a manage-preferences page signed for the sender and the address', () => {
    const mail = campaignMail(
      config,
      {
        id: 'c1',
        ownerId: 'owner-1',
        subject: 'S',
        preheader: '',
        fromName: '',
        bodyHtml: '<p>x</p>',
        bodyText: 'x',
        trackOpens: false,
        trackClicks: false,
      },
      { email: 'a@b.test', name: '', attributes: {} },
    );
    const token =
      /href="http:\/\/x\.test\/email-preferences\?token=([^"]+)">Manage preferences/.exec(
        mail.html,
      )?.[1];
    expect(token).toBeDefined();
    expect(readToken(config.SESSION_SECRET, 'preferences', token ?? '')).toEqual([
      'owner-1',
      'a@b.test',
    ]);
    // The same signature does not open someone else's preferences.
    expect(readToken(config.SESSION_SECRET, 'unsubscribe', token ?? '')).toBeNull();
    expect(mail.text).toContain('Manage preferences: http://x.test/email-preferences?token=');
  });

  it("fills {{event.*}} from the campaign's event, escaped in HTML; empty without one", () => {
    const event = {
      title: 'Jazz <Night>',
      date: eventDate(new Date('2026-03-07T20:00:00Z'), 'Europe/Lisbon'),
      location: 'Lisbon',
      url: 'http://x.test/event/e1',
    };
    const r = { email: 'a@b.test', name: 'Ann', attributes: {} };
    expect(
      mergeFields('{{event.title}} on {{ event.date }} at {{event.location}}', r, true, event),
    ).toBe('Jazz &lt;Night&gt; on Saturday, March 7, 2026 at 8:00 PM at Lisbon');
    expect(mergeFields('{{event.title}} {{event.url}}', r, false, event)).toBe(
      'Jazz <Night> http://x.test/event/e1',
    );
    expect(mergeFields('[{{event.title}}]', r, false, null)).toBe('[]');
    expect(eventDate(new Date('2026-03-07T20:00:00Z'), 'Not/AZone')).toBe(
      'Saturday, March 7, 2026 at 8:00 PM UTC',
    );
  });

  it('names each mail by a Message-ID that bounce reports map back to its campaign and recipient', () => {
    const campaign = '0b6d3f0e-3c1a-4a53-9c43-5b3f0f6f8a11';
    const r = { email: 'ann@b.test', name: 'Ann', attributes: {} };
    const mail = campaignMail(
      config,
      {
        id: campaign,
        ownerId: 'o1',
        subject: 'S',
        preheader: '',
        fromName: '',
        bodyHtml: '<p>x</p>',
        bodyText: 'x',
        trackOpens: false,
        trackClicks: false,
      },
      r,
    );
    const id = campaignMessageId(config, campaign, 'ann@b.test');
    expect(id).toMatch(/^<m\.0b6d3f0e-[\w-]+\.[\w-]{22}@x\.test>$/);
    expect(mail.headers).toMatchObject({ 'Message-ID': id, 'X-MEA-Message-ID': id });
    // The address itself is not in the header.
    expect(id).not.toContain('ann');
    expect(campaignOfMessageId(config, id, 'ANN@b.test')).toBe(campaign);
    // Without brackets (Mailgun), the same.
    expect(campaignOfMessageId(config, id.slice(1, -1), 'ann@b.test')).toBe(campaign);
    expect(campaignOfMessageId(config, id, 'bob@b.test')).toBeNull();
    expect(
      campaignOfMessageId({ ...config, SESSION_SECRET: 't'.repeat(32) }, id, 'ann@b.test'),
    ).toBeNull();
    expect(campaignOfMessageId(config, '<abc@elsewhere.test>', 'ann@b.test')).toBeNull();
  });
});
