import { useParams } from '@shop/router';

/**
 * The id an add-or-edit route names (`/dashboard/links/:editLinkId`): null on the add page (no
 * such parameter), -1 for a non-numeric id (the API answers 404 and the shell shows its page).
 * @param name the route parameter (`editLinkId`)
 */
export function useEditId(name: string): number | null {
  const raw = useParams()[name];
  if (raw === undefined) return null;
  const id = Number(raw);
  return Number.isInteger(id) ? id : -1;
}
