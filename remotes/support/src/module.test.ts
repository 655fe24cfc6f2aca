import { describeRemoteContract } from '@shop/test-utils';
import supportModule from './module';

describeRemoteContract('support', supportModule);
