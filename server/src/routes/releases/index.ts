/**
 * Remotes' releases (issue 35): the routes of this folder, registered in this order (issue 34
 * item 5: one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import dashboardReleasesRoutes from './dashboard-releases';
import loadErrorsRoutes from './load-errors';
import releasePreviewRoutes from './release-previews';

export default registryOf('releases-routes', [dashboardReleasesRoutes, releasePreviewRoutes, loadErrorsRoutes]);
