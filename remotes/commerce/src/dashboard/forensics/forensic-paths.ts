/**
 * Paths of the staff pages that identify a leaked lesson copy (issue 38 items 3 and 4): the upload
 * form with the list of identifications, and one identification's result, for the routes
 * (`module.tsx`) and the links to them.
 */
export const FORENSIC_PATHS = {
  /** The upload form and the list of identifications. */
  list: '/dashboard/forensics',
  /** Route of an identification's result. */
  resultRoute: '/dashboard/forensics/:identificationId',
  /** Identification `id`'s result. */
  result: (id: number) => `/dashboard/forensics/${id}`,
  /**
   * A user's dashboard page (the users-permissions remote's `PATHS.editUser`, `/dashboard/users/:editUserId`);
   * written out here because a remote never imports another remote.
   */
  user: (id: number) => `/dashboard/users/${id}`,
} as const;

/** The tus endpoint of leaked copies (tus 1.0; metadata `session_id` and `filename`; manage-product-sessions). */
export const FORENSIC_UPLOADS_URL = '/api/forensic-uploads';

/** The largest copy the server takes: 2 GB. */
export const FORENSIC_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
