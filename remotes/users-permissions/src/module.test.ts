import { describeRemoteContract } from '@shop/test-utils';
import usersPermissionsModule from './module';

describeRemoteContract('users-permissions', usersPermissionsModule);
