/**
 * Checked learning (issue 37): a buyer's quizzes and the dashboard's question banks and quizzes,
 * registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import quizRoutes from './quizzes';
import dashboardQuizRoutes from './dashboard-quizzes';

export default registryOf([quizRoutes, dashboardQuizRoutes]);
