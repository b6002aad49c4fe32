/** Where the group pages live: a group's page, the player's groups, and the page an invite link opens. */
export const GROUPS_PATH = '/groups';

export function groupPath(groupId: string): string {
  return `${GROUPS_PATH}/${groupId}`;
}

/** The group page's id, or the invite link's code, in a path; null elsewhere. */
export function groupRoute(path: string): { groupId: string } | { code: string } | null {
  const join = /^\/groups\/join\/([^/]+)\/?$/.exec(path);
  if (join) return { code: decodeURIComponent(join[1]) };
  const group = /^\/groups\/([^/]+)\/?$/.exec(path);
  return group ? { groupId: group[1] } : null;
}
