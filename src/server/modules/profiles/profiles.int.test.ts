import { existsSync } from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';
import { getMyProfile } from './profiles.service';

let t: TestApp;
let owner: CreatedUser;
let ownerCookie: string;
let otherCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, {
    fullName: 'Olu Owner',
    userType: 'vendor',
    phone: '+1 555 0111',
  });
  ownerCookie = await t.signIn(owner);
  otherCookie = await t.signIn(await createUser(t.db, { fullName: 'Other Person' }));
});
afterAll(() => t.close());

const upload = (cookie: string, body: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });

describe('profile access', () => {
  it('is for signed-in users, each seeing only their own', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { fullName: 'X' } }))
        .statusCode,
    ).toBe(401);
    const mine = await t.app.inject({ url: '/api/profile', headers: { cookie: ownerCookie } });
    expect(mine.json()).toMatchObject({
      id: owner.id,
      fullName: 'Olu Owner',
      email: owner.email,
      userType: 'vendor',
    });
    const theirs = await t.app.inject({ url: '/api/profile', headers: { cookie: otherCookie } });
    expect(theirs.json().fullName).toBe('Other Person');
  });

  it('updates the fields given, trims them, and names invalid ones', async () => {
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: ownerCookie },
      payload: {
        fullName: '  Olu Adeyemi ',
        businessName: 'Olu Photo',
        category: 'Photographer',
        phone: '',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      fullName: 'Olu Adeyemi',
      businessName: 'Olu Photo',
      category: 'Photographer',
      phone: null,
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: ownerCookie },
      payload: { fullName: ' ', phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([
      'body.fullName',
      'body.phone',
    ]);
    const other = await t.app.inject({ url: '/api/profile', headers: { cookie: otherCookie } });
    expect(other.json().fullName).toBe('Other Person');
  });
});

describe('avatar upload', () => {
  it('stores a 256 px WebP served with a year-long cache, and replacing it removes the old file', async () => {
    const first = await upload(
      ownerCookie,
      multipart('avatar', 'me.png', 'image/png', await png(800, 600)),
    );
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().avatarUrl;
    expect(firstUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const second = await upload(
      ownerCookie,
      multipart('avatar', 'me2.png', 'image/png', await png(300, 300)),
    );
    expect(second.json().avatarUrl).not.toBe(firstUrl);
    expect(existsSync(path.join(t.uploadsDir, firstUrl.replace('/media/', '')))).toBe(false);
  });

  it('refuses files that are not images whatever their name says', async () => {
    const fake = await upload(
      ownerCookie,
      multipart('avatar', 'me.png', 'image/png', Buffer.from('#!/bin/sh\necho hi\n')),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toMatchObject({
      message: 'Please upload an image (JPEG, PNG, WebP or GIF)',
      details: { fields: [{ field: 'avatar' }] },
    });
  });

  it('refuses images over 5 MB', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(ownerCookie, multipart('avatar', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('Images must be 5 MB or smaller');
  });

  it('is for signed-in users only, and removal clears it', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      ...multipart('avatar', 'a.png', 'image/png', await png(10, 10)),
    });
    expect(anonymous.statusCode).toBe(401);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/avatar',
      headers: { cookie: ownerCookie },
    });
    expect(removed.json().avatarUrl).toBeNull();
  });
});

describe('experience ratings (spec §5)', () => {
  it('stores 1-10 with a trimmed comment (empty → null), signed in or not', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: { cookie: ownerCookie },
      payload: { ratingType: 'signup', rating: 7, feedback: '  smooth  ' },
    });
    expect(signedIn.statusCode).toBe(201);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      payload: { ratingType: 'signup', rating: 1, feedback: '   ' },
    });
    expect(anonymous.statusCode).toBe(201);
    const rows = await t.db.query.userExperienceRatings.findMany({
      orderBy: (r, { asc }) => asc(r.rating),
    });
    expect(rows.map((r) => [r.userId, r.rating, r.feedback])).toEqual([
      [null, 1, null],
      [owner.id, 7, 'smooth'],
    ]);
  });

  it.each([0, 11, 5.5])('refuses %s', async (rating) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      payload: { ratingType: 'signup', rating },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please choose a rating from 1 to 10');
  });
});

describe('in the reader’s language', () => {
  it('words a missing profile in French, the code unchanged', async () => {
    // A session needs its profile, so the service is asked for an account without one.
    const error = await getMyProfile({ db: t.db }, {
      ...owner,
      id: '00000000-0000-4000-8000-000000000000',
    } as unknown as AuthUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const refusal = error as AppError;
    expect(refusal.code).toBe('NOT_FOUND');
    expect(translate('fr', refusal.descriptor ?? refusal.message)).toBe('Profil introuvable');
  });
});
