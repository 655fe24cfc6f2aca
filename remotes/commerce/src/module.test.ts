import { describeRemoteContract } from '@shop/test-utils';
import commerceModule from './module';

describeRemoteContract('commerce', commerceModule);
