/** A member's role in words a newcomer reads. */
import type { GroupRole } from '../api/generated';

export const ROLE_WORDS: Record<GroupRole, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

/** "You are its owner", for the group page's first lines. */
export function yourRoleWords(role: GroupRole): string {
  return role === 'OWNER' ? 'You own this group.' : role === 'ADMIN' ? 'You are one of its admins.' : 'You are a member.';
}
