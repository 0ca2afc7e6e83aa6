import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  cookies.vendor = await t.signIn(await createUser(t.db, { userType: 'vendor' }));
  cookies.admin = await t.signIn(
    await createUser(t.db, { userType: 'organizer', roles: ['admin'] }),
  );
  cookies.moderator = await t.signIn(
    await createUser(t.db, { userType: 'attendee', roles: ['moderator'] }),
  );
});
afterAll(() => t.close());

const get = (url: string, who?: string) =>
  t.app.inject({ url, headers: who ? { cookie: cookies[who] ?? '' } : {} });

describe('roles (spec §6)', () => {
  it('get_current_user_role: privileged role first, else the account type, null signed out', async () => {
    expect((await get('/api/auth/role')).json()).toEqual({ role: null });
    expect((await get('/api/auth/role', 'vendor')).json()).toEqual({ role: 'vendor' });
    expect((await get('/api/auth/role', 'admin')).json()).toEqual({ role: 'admin' });
    expect((await get('/api/auth/role', 'moderator')).json()).toEqual({ role: 'moderator' });
  });

  it('has_role: admin passes every role check', async () => {
    expect((await get('/api/auth/has-role?role=moderator', 'admin')).json()).toEqual({
      hasRole: true,
    });
    expect((await get('/api/auth/has-role?role=blog_admin', 'admin')).json()).toEqual({
      hasRole: true,
    });
    expect((await get('/api/auth/has-role?role=moderator', 'moderator')).json()).toEqual({
      hasRole: true,
    });
    expect((await get('/api/auth/has-role?role=admin', 'moderator')).json()).toEqual({
      hasRole: false,
    });
    expect((await get('/api/auth/has-role?role=admin', 'vendor')).json()).toEqual({
      hasRole: false,
    });
    expect((await get('/api/auth/has-role?role=admin')).statusCode).toBe(401);
    expect((await get('/api/auth/has-role?role=superuser', 'admin')).statusCode).toBe(400);
  });
});
