import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contracts/enums';
import { canEditSiteContent, canWriteBlog, isSupportStaff } from './content.policy';

const actor = (...roles: Role[]) => ({ roles });

// Content has no owners: what a person may do comes from their roles alone. "Other user" is a
// signed-in member with no role.
const actors = {
  'signed out': null,
  'other user': actor(),
  'blog admin': actor('blog_admin'),
  moderator: actor('moderator'),
  admin: actor('admin'),
  'moderator and blog admin': actor('moderator', 'blog_admin'),
};
type ActorName = keyof typeof actors;

const rules: {
  rule: string;
  decide: (a: (typeof actors)[ActorName]) => boolean;
  allowed: ActorName[];
}[] = [
  {
    rule: 'write, publish and delete blog posts',
    decide: canWriteBlog,
    allowed: ['blog admin', 'admin', 'moderator and blog admin'],
  },
  {
    rule: 'answer support requests and read unanswered questions',
    decide: isSupportStaff,
    allowed: ['moderator', 'admin', 'moderator and blog admin'],
  },
  {
    rule: 'edit help articles and site pages',
    decide: canEditSiteContent,
    allowed: ['admin'],
  },
];

describe('content policy (signed out, other user, each role, admin)', () => {
  for (const { rule, decide, allowed } of rules)
    for (const [name, who] of Object.entries(actors) as [ActorName, (typeof actors)[ActorName]][])
      it(`${allowed.includes(name) ? 'lets' : 'refuses'} ${name}: ${rule}`, () => {
        expect(decide(who)).toBe(allowed.includes(name));
      });
});
