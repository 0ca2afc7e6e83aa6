import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createConfirmedAccount, signInByApi, solidPng } from './accounts';
import {
  closeToasts,
  expect,
  expectNoAxeViolations,
  PUSH_PROMPT_DISMISSED_KEY,
  screenshot,
  test,
} from './fixtures';

// Messaging: direct messages live between two browsers with the menu's unread badge,
// /messages?chat= opening a conversation, the event group chat for ticket holders and the
// reasons others cannot enter, and /messages on a phone.

const SHOTS = 'test-results/screenshots';

async function shot(page: Page, name: string, { fullPage = false } = {}) {
  await screenshot(page, `${SHOTS}/${name}.png`, { fullPage });
}

interface Member {
  context: BrowserContext;
  page: Page;
  id: string;
  fullName: string;
}

/** A fresh confirmed account signed in within its own browser context (its own cookies). */
async function member(
  browser: Browser,
  label: string,
  options: {
    userType?: 'attendee' | 'organizer';
    viewport?: { width: number; height: number };
  } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport: options.viewport });
  // As the fixtures do: the push prompt is answered, so it never covers the page.
  await context.addInitScript(
    (key) => window.localStorage.setItem(key, 'journey'),
    PUSH_PROMPT_DISMISSED_KEY,
  );
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, { label, userType: options.userType });
  await signInByApi(page, account.email);
  const session = await page.request.get('/api/auth/session');
  const { user } = (await session.json()) as { user: { id: string } };
  return { context, page, id: user.id, fullName: account.fullName };
}

/** Resolves once the page's realtime socket said `ready` (set up before the page loads). */
function realtimeReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}

const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });

// Several people and pages per journey on a shared machine: more time than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.describe('direct messages', () => {
  test('two people exchange messages live; the unread badge rises and opening the conversation clears it', async ({
    browser,
  }) => {
    const ann = await member(browser, 'ann');
    const ben = await member(browser, 'ben');

    // Ben is elsewhere on the site with the socket up.
    const benReady = realtimeReady(ben.page);
    await ben.page.goto('/events');
    await benReady;
    await expect(messagesLink(ben.page)).toHaveAccessibleName('Messages');

    // Ann opens the conversation from a link such as a vendor's Contact button.
    const annReady = realtimeReady(ann.page);
    await ann.page.goto(`/messages?chat=${ben.id}&name=${encodeURIComponent(ben.fullName)}`);
    const annConversation = ann.page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(annConversation.getByRole('heading', { name: ben.fullName })).toBeVisible();
    // The address now names the chat itself, so a reload opens the same one.
    await expect(ann.page).toHaveURL(/\/messages\?chat=[0-9a-f-]{36}$/);
    expect(ann.page.url()).not.toContain(ben.id);
    await annReady;

    const composer = annConversation.getByRole('textbox', { name: 'Message' });
    await composer.fill('Hi Ben, the line-up is at https://mea.example/lineup.');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    const annThread = annConversation.getByRole('list', { name: 'Messages' });
    await expect(annThread).toContainText('Hi Ben, the line-up is at');
    await expect(annThread.getByText('Sending…')).toHaveCount(0);

    // Live on Ben's page: the badge says 1 unread within a moment, without a reload.
    await expect(messagesLink(ben.page)).toHaveAccessibleName('Messages (1 unread)', {
      timeout: 3000,
    });
    await shot(ben.page, 'messages-badge');

    // Ben opens /messages: the conversation is listed with its unread count.
    await ben.page.goto('/messages');
    await expect(ben.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const list = ben.page.getByRole('list', { name: 'Conversations' });
    const row = list.getByRole('link', { name: new RegExp(ann.fullName) });
    await expect(row).toContainText('1 unread');
    await expect(row).toContainText('Hi Ben, the line-up is at');
    await closeToasts(ben.page);
    await expectNoAxeViolations(ben.page);

    await row.click();
    const benConversation = ben.page.getByRole('region', { name: 'Conversation', exact: true });
    const benThread = benConversation.getByRole('list', { name: 'Messages' });
    // Links are links; the rest is text.
    await expect(
      benThread.getByRole('link', { name: 'https://mea.example/lineup' }),
    ).toHaveAttribute('href', 'https://mea.example/lineup');
    // Opening it marks it read: the badge and the row's count go.
    await expect(messagesLink(ben.page)).toHaveAccessibleName('Messages');
    await expect(row).not.toContainText('unread');
    // Ann sees that Ben has read it.
    await expect(annThread.getByText('Seen')).toBeVisible({ timeout: 3000 });

    // Ben types: Ann sees it. Shift+Enter is a new line, Enter sends.
    const benComposer = benConversation.getByRole('textbox', { name: 'Message' });
    await benComposer.pressSequentially('Great');
    await expect(annConversation.getByText(`${ben.fullName} is typing…`)).toBeVisible({
      timeout: 3000,
    });
    await benComposer.press('Shift+Enter');
    await benComposer.pressSequentially('<b>see you there</b>');
    await expect(benComposer).toHaveValue('Great\n<b>see you there</b>');
    await benComposer.press('Enter');

    // Live on Ann's open conversation, one message with both lines, markup shown as text.
    const reply = annThread.getByRole('listitem').filter({ hasText: 'see you there' }).last();
    await expect(reply).toBeVisible({ timeout: 3000 });
    await expect(reply).toContainText('Great\n<b>see you there</b>');
    await expect(reply.locator('b')).toHaveCount(0);
    await expect(annConversation.getByText(`${ben.fullName} is typing…`)).toBeHidden();
    // Ann was looking at the conversation: no unread badge for her.
    await expect(messagesLink(ann.page)).toHaveAccessibleName('Messages');
    await closeToasts(ann.page);
    await shot(ann.page, 'messages-conversation');
    await expectNoAxeViolations(ann.page);

    // An image: checked, previewed, sent, and shown to the other person.
    await annConversation.locator('input[type=file]').setInputFiles({
      name: 'stage.png',
      mimeType: 'image/png',
      buffer: solidPng(64),
    });
    await expect(annConversation.getByRole('img', { name: 'Image to send' })).toBeVisible();
    await annConversation.getByRole('button', { name: 'Send' }).click();
    await expect(benThread.getByRole('img', { name: `Image from ${ann.fullName}` })).toBeVisible({
      timeout: 5000,
    });

    await ann.context.close();
    await ben.context.close();
  });

  test('/messages?chat= with an unknown id says the chat could not be opened', async ({
    browser,
  }) => {
    const cara = await member(browser, 'cara');
    await cara.page.goto('/messages?chat=6f1c1f0e-0000-4000-8000-000000000000&name=Nobody');
    const conversation = cara.page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(conversation.getByRole('alert')).toContainText('Chat creation failed');
    await expect(conversation.getByRole('alert')).toContainText('Conversation not found');
    // No conversations yet: the list says so.
    await expect(cara.page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await cara.context.close();
  });
});

test.describe('event group chat', () => {
  test('an attendee with a ticket joins; the organizer pins an announcement; someone without a ticket sees why not', async ({
    browser,
  }) => {
    const organizer = await member(browser, 'host', { userType: 'organizer' });
    const title = `Group ${Math.random().toString(36).slice(2, 8)} Night`;
    const created = await organizer.page.request.post('/api/events', {
      data: {
        title,
        category: 'Music',
        description: 'An evening for the group chat journey.',
        startsAt: '2031-09-12T23:00:00.000Z',
        endsAt: '2031-09-13T02:00:00.000Z',
        timezone: 'America/New_York',
        city: 'Brooklyn',
        venueName: 'Blue Room',
        capacity: 200,
        isFree: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id: eventId } = (await created.json()) as { id: string };
    const published = await organizer.page.request.post(`/api/events/${eventId}/publish`);
    expect(published.status(), await published.text()).toBe(200);

    const guest = await member(browser, 'guest');
    const registered = await guest.page.request.post(`/api/events/${eventId}/register`, {
      data: {},
    });
    expect(registered.status(), await registered.text()).toBe(201);

    // The ticket holder finds the way in on the event page.
    await guest.page.goto(`/event/${eventId}`);
    await guest.page.getByRole('link', { name: 'Group chat' }).click();
    await expect(guest.page).toHaveURL(new RegExp(`/event-group-chat\\?event=${eventId}$`));
    await expect(guest.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(guest.page.getByText('Group chat', { exact: true })).toBeVisible();
    const guestComposer = guest.page.getByRole('textbox', { name: 'Message' });
    await guestComposer.fill('Is there parking nearby?');
    await guestComposer.press('Enter');
    const guestThread = guest.page.getByRole('list', { name: 'Messages' });
    await expect(guestThread).toContainText('Is there parking nearby?');

    // The organizer sees it, answers and pins the answer as an announcement.
    await organizer.page.goto(`/event-group-chat?event=${eventId}`);
    const hostThread = organizer.page.getByRole('list', { name: 'Messages' });
    await expect(hostThread).toContainText('Is there parking nearby?');
    const hostComposer = organizer.page.getByRole('textbox', { name: 'Message' });
    await hostComposer.fill('Parking is free behind the venue.');
    await hostComposer.press('Enter');
    await expect(guestThread).toContainText('Parking is free behind the venue.', { timeout: 3000 });
    await organizer.page.getByRole('button', { name: 'Pin your message' }).click();
    const guestPinned = guest.page.getByRole('region', { name: 'Pinned announcement' });
    await expect(guestPinned).toContainText('Parking is free behind the venue.', {
      timeout: 3000,
    });
    // The organizer removes a member's message; everyone sees it go.
    await organizer.page
      .getByRole('button', { name: `Remove message from ${guest.fullName}` })
      .click();
    await organizer.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(guestThread).toContainText('This message was removed', { timeout: 3000 });
    await expect(guestThread).not.toContainText('Is there parking nearby?');
    await closeToasts(guest.page);
    await shot(guest.page, 'event-group-chat');
    await expectNoAxeViolations(guest.page);

    // Someone without a ticket: no link on the event page, and the chat says why and how.
    const outsider = await member(browser, 'outsider');
    await outsider.page.goto(`/event/${eventId}`);
    await expect(outsider.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(outsider.page.getByRole('link', { name: 'Group chat' })).toHaveCount(0);
    await outsider.page.goto(`/event-group-chat?event=${eventId}`);
    await expect(
      outsider.page.getByRole('heading', { name: 'You cannot join this group chat yet' }),
    ).toBeVisible();
    await expect(outsider.page.getByText(/ticket holders/)).toBeVisible();
    await expect(outsider.page.getByRole('link', { name: 'Get a ticket' })).toHaveAttribute(
      'href',
      `/ticket?event_id=${eventId}`,
    );
    await expect(outsider.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await shot(outsider.page, 'event-group-chat-no-access');
    await expectNoAxeViolations(outsider.page);

    for (const person of [organizer, guest, outsider]) await person.context.close();
  });
});

test.describe('on a phone (375 px)', () => {
  test('the list, then the conversation with a way back; nothing scrolls sideways', async ({
    browser,
  }) => {
    const viewport = { width: 375, height: 812 };
    const dan = await member(browser, 'dan', { viewport });
    const eve = await member(browser, 'eve', { viewport });
    const opened = await dan.page.request.post('/api/chats/open', { data: { ref: eve.id } });
    expect(opened.status(), await opened.text()).toBe(200);
    const { id: chatId } = (await opened.json()) as { id: string };
    for (const body of ['Are you bringing the speakers?', 'And the long cable too, please.']) {
      const sent = await dan.page.request.post(`/api/chats/${chatId}/messages`, {
        data: { body, clientId: crypto.randomUUID() },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await eve.page.goto('/messages');
    const list = eve.page.getByRole('list', { name: 'Conversations' });
    await expect(list.getByRole('link', { name: new RegExp(dan.fullName) })).toContainText(
      '2 unread',
    );
    await expect(eve.page.getByRole('region', { name: 'Conversation', exact: true })).toHaveCount(
      0,
    );
    await closeToasts(eve.page);
    expect(
      await eve.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await shot(eve.page, 'messages-list-375');

    await list.getByRole('link', { name: new RegExp(dan.fullName) }).click();
    const conversation = eve.page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText(
      'And the long cable too, please.',
    );
    await expect(list).toHaveCount(0);
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await closeToasts(eve.page);
    expect(
      await eve.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await shot(eve.page, 'messages-conversation-375');
    await expectNoAxeViolations(eve.page);

    await conversation.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(eve.page).toHaveURL(/\/messages$/);
    await expect(list).toBeVisible();

    // Eve blocks Dan: her composer says why it is off; Dan's next message is refused with the
    // reason and kept for a retry, which goes through once she unblocks him.
    await list.getByRole('link', { name: new RegExp(dan.fullName) }).click();
    await conversation.getByRole('button', { name: 'Block' }).click();
    await eve.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    const eveComposer = conversation.getByRole('textbox', { name: 'Message' });
    await expect(eveComposer).toBeDisabled();
    await expect(
      conversation.getByText(`You blocked ${dan.fullName}. Unblock them to send messages.`),
    ).toBeVisible();
    await dan.page.goto(`/messages?chat=${chatId}`);
    const danConversation = dan.page.getByRole('region', { name: 'Conversation', exact: true });
    const danComposer = danConversation.getByRole('textbox', { name: 'Message' });
    await danComposer.fill('Hello?');
    await danComposer.press('Enter');
    await expect(danConversation.getByRole('alert').filter({ hasText: 'Not sent' })).toContainText(
      'You cannot message this person.',
    );
    await conversation.getByRole('button', { name: 'Unblock' }).click();
    await expect(eveComposer).toBeEnabled();
    await danConversation.getByRole('button', { name: 'Retry' }).click();
    await expect(conversation.getByRole('list', { name: 'Messages' })).toContainText('Hello?', {
      timeout: 3000,
    });
    await expect(danConversation.getByText(/^Not sent/)).toHaveCount(0);
    await expect(
      danConversation.getByRole('list', { name: 'Messages' }).getByText('Hello?'),
    ).toHaveCount(1);
    await dan.context.close();
    await eve.context.close();
  });
});
