import { t } from '../strings';

/**
 * What a permission is called on screen: its name, and for a name of the catalogue (DESIGN.md
 * "Permissions") the dashboard section it opens («show-users — کاربران»).
 */
export function permissionLabel(name: string): string {
  const opens = (t.permissionLabels as Record<string, string>)[name];
  return opens ? `${name} — ${opens}` : name;
}
