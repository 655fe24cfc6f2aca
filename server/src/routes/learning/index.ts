/**
 * Checked learning (issue 37): a buyer's quizzes and the dashboard's question banks, quizzes,
 * question files, course analytics and assignments (item 3), registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import quizRoutes from './quizzes';
import dashboardQuizRoutes from './dashboard-quizzes';
import dashboardQuizFileRoutes from './dashboard-quiz-files';
import dashboardAnalyticsRoutes from './dashboard-analytics';
import assignmentRoutes from './assignments';
import dashboardAssignmentRoutes from './dashboard-assignments';

export default registryOf('learning-routes', [quizRoutes, dashboardQuizRoutes, dashboardQuizFileRoutes, dashboardAnalyticsRoutes, assignmentRoutes, dashboardAssignmentRoutes]);
