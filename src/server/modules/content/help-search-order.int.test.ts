import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import type { Locale } from '../../../contracts/locales';
import { searchHelp, seedHelpArticles, seedHelpTranslations } from './help.service';

// Decision 153: the every-word help search's order. More of the words in the title first, then
// more of them in the title or summary, then by title; the top group (every word in the title)
// is read through the title's index and fills the page on its own when it can, so each case is
// asked with a page it fills and with one it does not, and both must agree.

let handle: DatabaseHandle;
let drop: () => Promise<void>;

const article = (slug: string, title: string, summary: string, body: string) => ({
  slug,
  category: 'getting-started',
  title,
  summary,
  body,
});

beforeAll(async () => {
  const database = await createTestDatabase(inject('databaseServerUrl'));
  drop = database.drop;
  handle = connectDatabase(database.url, { max: 2 });
  const now = new Date('2026-12-06T12:00:00Z');
  await seedHelpArticles(handle.db, {
    now,
    articles: [
      article('aardvark-facts', 'Aardvark facts', 'Facts', 'Unlike the quokka, the aardvark digs.'),
      article('aardvark-friends', 'Aardvark friends', 'Friends', 'A quokka and a wombat.'),
      article('burrows', 'Burrows', 'Where a quokka sleeps', 'Sleep.'),
      article('marsupials', 'Marsupials', 'The quokka and the wombat', 'Pouches.'),
      article('wombat-burrows', 'Wombat burrows', 'A quokka visits', 'Visits.'),
      article('dusk-walks', 'Dusk quokka walks', 'Evenings', 'A wombat is nearby.'),
      article('quokka-and-wombat', 'Quokka and wombat', 'Both', 'Together.'),
      article('quokka-care', 'Quokka care', 'Care', 'Water and shade.'),
      article('zulu-notes', 'Zulu quokka notes', 'Notes', 'Field notes.'),
      article('koala', 'Koala', 'Leaves', 'Eucalyptus only.'),
      article('numbats', 'Numbats at night', 'Night', 'Termites.'),
      article('cold-hands', 'Cold hands', 'Winter', 'Fingers go numb in the cold.'),
    ],
  });
  await seedHelpTranslations(handle.db, {
    now,
    translations: [
      {
        slug: 'aardvark-facts',
        language: 'es',
        title: 'Quokka en español',
        summary: 'Datos',
        body: 'El cerdo hormiguero cava.',
      },
    ],
  });
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

async function slugs(q: string, limit = 20, locale: Locale = 'en') {
  const found = await searchHelp({ db: handle.db }, { q, limit, locale });
  return found.items.map((item) => item.slug);
}

/** The whole order, and the same order cut at every page size (top group alone or not). */
async function expectOrder(q: string, expected: string[], locale: Locale = 'en') {
  expect(await slugs(q, 20, locale)).toEqual(expected);
  for (let limit = 1; limit < expected.length; limit++)
    expect(await slugs(q, limit, locale)).toEqual(expected.slice(0, limit));
}

const TITLE_HITS = ['dusk-walks', 'quokka-and-wombat', 'quokka-care', 'zulu-notes'];
const SUMMARY_HITS = ['burrows', 'marsupials', 'wombat-burrows'];
const BODY_HITS = ['aardvark-facts', 'aardvark-friends'];

describe('help search order (every word)', () => {
  it('puts title hits above summary hits above body-only hits, each by title', async () => {
    await expectOrder('quokka', [...TITLE_HITS, ...SUMMARY_HITS, ...BODY_HITS]);
    // The last word is a prefix while it is typed: the same order.
    await expectOrder('quok', [...TITLE_HITS, ...SUMMARY_HITS, ...BODY_HITS]);
  });

  it('ranks more words in the title first, then more in the title or summary', async () => {
    const order = [
      'quokka-and-wombat', // both in the title
      'wombat-burrows', // one in the title, the other in the summary
      'dusk-walks', // one in the title, the other in the body
      'marsupials', // both in the summary
      'aardvark-friends', // both in the body only
    ];
    await expectOrder('quokka wombat', order);
    await expectOrder('wombat quokka', order);
    await expectOrder('quokka womb', order);
  });

  it('ranks a word completed in a title above the same letters as a word in a body', async () => {
    // "numb" is a word of the body of one article and the start of a title word of another.
    await expectOrder('numb', ['numbats', 'cold-hands']);
  });

  it('keeps the order after a typo is corrected, and the snippet shows the body', async () => {
    const found = await searchHelp({ db: handle.db }, { q: 'quokak', limit: 20 });
    expect(found.correctedQuery).toBe('quokka');
    expect(found.items.map((item) => item.slug)).toEqual([
      ...TITLE_HITS,
      ...SUMMARY_HITS,
      ...BODY_HITS,
    ]);
    expect(found.items.find((item) => item.slug === 'aardvark-facts')?.snippet).toContain('quokka');
  });

  it('ranks a version in the reader’s language with the English articles without one', async () => {
    // The Spanish version of "Aardvark facts" has the word in its title; the other articles
    // have no Spanish version and are searched in English.
    await expectOrder(
      'quokka',
      [
        'dusk-walks',
        'quokka-and-wombat',
        'quokka-care',
        'aardvark-facts',
        'zulu-notes',
        ...SUMMARY_HITS,
        'aardvark-friends',
      ],
      'es',
    );
  });
});
