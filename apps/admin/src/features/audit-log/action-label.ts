import { AUDIT_REFUSED_CALL } from '@drape/contracts/admin';

/**
 * A readable label for an audit action: the procedure path `admin.gallery.makePublic` reads
 * "Gallery: make public", a CLI action `cli.lookbook.curate` "CLI, lookbook: curate". Derived from
 * the name, so an action added later reads well without a list to keep up to date.
 */
function words(camel: string): string {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

const capitalised = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function actionLabel(action: string): string {
  // A refused call's row names the procedure asked for as its target; the action says what it was.
  if (action === AUDIT_REFUSED_CALL) return 'Admin call';
  const parts = action.split('.');
  const door = parts[0];
  const rest = door === 'admin' || door === 'cli' ? parts.slice(1) : parts;
  if (rest.length === 0) return action;
  const verb = words(rest[rest.length - 1]!);
  const area = rest.slice(0, -1).map(words).join(' ');
  const prefix = door === 'cli' ? `CLI${area ? `, ${area}` : ''}` : capitalised(area);
  return prefix ? `${prefix}: ${verb}` : capitalised(verb);
}
