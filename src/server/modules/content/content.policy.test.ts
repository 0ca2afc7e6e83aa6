import { describe, expect, it } from 'vitest';
import { canEditSiteContent, canWriteBlog, isSupportStaff } from './content.policy';

describe('content policy', () => {
  it('lets blog admins and admins write, nobody else', () => {
    expect(canWriteBlog({ roles: ['blog_admin'] })).toBe(true);
    expect(canWriteBlog({ roles: ['admin'] })).toBe(true);
    expect(canWriteBlog({ roles: ['moderator'] })).toBe(false);
    expect(canWriteBlog({ roles: [] })).toBe(false);
    expect(canWriteBlog(null)).toBe(false);
  });

  it('makes admins and moderators support staff', () => {
    expect(isSupportStaff({ roles: ['moderator'] })).toBe(true);
    expect(isSupportStaff({ roles: ['admin'] })).toBe(true);
    expect(isSupportStaff({ roles: ['blog_admin'] })).toBe(false);
  });

  it('keeps site pages and help articles to admins', () => {
    expect(canEditSiteContent({ roles: ['admin'] })).toBe(true);
    expect(canEditSiteContent({ roles: ['moderator', 'blog_admin'] })).toBe(false);
  });
});
